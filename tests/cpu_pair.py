"""CPU time of the bench's battle in two trees of the project, run turn about.

    python -m tests.cpu_pair RULESET OLD_TREE NEW_TREE [BATTLES] [ROUNDS]

Each round runs the old tree, then the new, each in a fresh process with only that
tree on its path: a warm-up battle (woodland, seed 0), then BATTLES (default 5) bench
battles (seeds 1..BATTLES, 5v5, normal against normal); it prints each one's median
CPU time (`time.process_time`) and the ratio old / new.

Why a pair: this machine is shared, and the same code reads two or three times slower
from one hour to the next, so a battle's milliseconds alone say little. Two trees run
back to back under the same load do compare. The issues' speed targets were written
with a "now" figure measured on the code of their day (d647514): the ratio from that
tree to today's says how far the code has come towards a target, whatever the load.
A tree only needs `new_battle`, `make_ai`, `ai_seed` and `maps_dir`, which every tree
since then has.
"""

from __future__ import annotations

import os
import subprocess
import sys

_CHILD = """
import statistics, sys, time
from game.ai import make_ai
from game.engine.setup import new_battle
from game.replay import maps_dir
from game.simulate import ai_seed

def battle(ruleset, seed):
    b = new_battle(maps_dir() / "woodland.tmx", ruleset, seed=seed)
    try:
        b.run({team: make_ai(ruleset, ai_seed(seed, team)) for team in b.teams()})
    finally:
        b.close()

ruleset, battles = sys.argv[1], int(sys.argv[2])
battle(ruleset, 0)
times = []
for seed in range(1, battles + 1):
    start = time.process_time()
    battle(ruleset, seed)
    times.append(time.process_time() - start)
print(1000 * statistics.median(times))
"""


def median_ms(tree: str, ruleset: str, battles: int) -> float:
    env = dict(os.environ, PYTHONPATH=tree, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", _CHILD, ruleset, str(battles)], cwd=tree,
                          env=env, capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def main(argv: list[str]) -> None:
    ruleset, old, new = argv[0], argv[1], argv[2]
    battles = int(argv[3]) if len(argv) > 3 else 5
    rounds = int(argv[4]) if len(argv) > 4 else 2
    for _ in range(rounds):
        before, after = median_ms(old, ruleset, battles), median_ms(new, ruleset, battles)
        print(f"{ruleset}: old {before:.1f} ms, new {after:.1f} ms, old/new {before / after:.2f}",
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
