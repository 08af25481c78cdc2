"""The bench's d20 battles counted under callgrind past the engine's one-time collect,
whole or the rules alone (docs/rulesets/d20.md, fifth session):

    valgrind --tool=callgrind --instr-atstart=no <the real python binary> \\
        -m tests.d20.steady_instructions N [rules]

Like `tests.instructions`, but with two warm-up battles: `heap.settle` collects once
at a process's second battle, which `tests.instructions` counts. With `rules`, the
battles seeds 1..N are first played by the AI uncounted, and their recorded choices
are then replayed on fresh battles with counting on: options, checks and carrying
out, no AI (the replay must end in the same digest, or it says so).
"""

from __future__ import annotations

import os
import subprocess
import sys

from game.ai import make_ai
from game.bench import _battle_bench, _map_path
from game.engine.setup import new_battle
from game.simulate import ai_seed


def _counting(on: bool) -> None:
    subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(os.getpid())],
                   check=True, capture_output=True)


def main(battles: int, rules_only: bool) -> None:
    battle = _battle_bench("d20")()
    battle(-1)  # seed 0, twice: the second is where heap.settle collects
    battle(-1)
    if not rules_only:
        _counting(True)
        for run in range(battles):
            battle(run)
        _counting(False)
        return
    played = []
    for seed in range(1, battles + 1):
        b = new_battle(_map_path("woodland.tmx"), "d20", seed=seed)
        try:
            b.run({team: make_ai("d20", ai_seed(seed, team)) for team in b.teams()})
            played.append((seed, list(b.choices), b.digest()))
        finally:
            b.close()
    _counting(True)
    replayed = []
    for seed, choices, _ in played:
        b = new_battle(_map_path("woodland.tmx"), "d20", seed=seed)
        try:
            for choice in choices:
                b.submit(choice)
            replayed.append(b.digest())
        finally:
            b.close()
    _counting(False)
    if [d for _, _, d in played] != replayed:
        raise SystemExit("a replay did not end where its battle did")


if __name__ == "__main__":
    main(int(sys.argv[1]), len(sys.argv) > 2 and sys.argv[2] == "rules")
