"""Bench battles to count instructions in, under callgrind (steady, unlike CPU time):

    valgrind --tool=callgrind --instr-atstart=no <the real python binary> -m tests.instructions RULESET N

Plays the bench's warm-up battle (woodland, seed 0) uncounted, then switches counting
on (`callgrind_control -i on`) for the bench's battles, seeds 1..N, and off again;
`callgrind_annotate` then prints their total. Name the interpreter itself: a pyenv
`python` is a shell script, and valgrind would count that instead.
"""

from __future__ import annotations

import os
import subprocess
import sys

from game.bench import _battle_bench


def main(ruleset: str, battles: int) -> None:
    battle = _battle_bench(ruleset)()
    battle(-1)  # seed 0: the warm-up
    subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], check=True, capture_output=True)
    for run in range(battles):
        battle(run)
    subprocess.run(["callgrind_control", "-i", "off", str(os.getpid())], check=True, capture_output=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
