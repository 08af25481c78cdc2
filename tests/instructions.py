"""Bench battles to count instructions in, under callgrind (steady, unlike CPU time):

    valgrind --tool=callgrind --instr-atstart=no <the real python binary> \\
        -m tests.instructions RULESET N [--warmups K] [--rules]

Plays the bench's warm-up battle (woodland, seed 0) uncounted, then switches counting
on (`callgrind_control -i on`) for the bench's battles, seeds 1..N, and off again;
`callgrind_annotate` then prints their total. Name the interpreter itself: a pyenv
`python` is a shell script, and valgrind would count that instead.

`--warmups 2` plays the warm-up twice: the engine's one-time `heap.settle` collect
falls in a process's second battle, which with one warm-up is the first one counted
(the figures in the rulesets' docs use one unless they say otherwise). `--rules`
counts the rules alone: the battles are first played by the AI uncounted, and their
recorded choices are then replayed on fresh battles with counting on (options,
checks and carrying out, no AI); a replay that does not end where its battle did
stops the run.
"""

from __future__ import annotations

import os
import subprocess
import sys

from game.ai import make_ai
from game.bench import _battle_bench, _map_path
from game.engine.setup import new_battle
from game.simulate import ai_seed


def played(ruleset: str, seeds: range) -> list[tuple[int, list, str]]:
    """The bench's battles at `seeds`, played by the AI: (seed, choices, final digest)."""
    out = []
    for seed in seeds:
        battle = new_battle(_map_path("woodland.tmx"), ruleset, seed=seed)
        try:
            battle.run({team: make_ai(ruleset, ai_seed(seed, team)) for team in battle.teams()})
            out.append((seed, list(battle.choices), battle.digest()))
        finally:
            battle.close()
    return out


def replay(ruleset: str, seed: int, choices: list, digest: str) -> None:
    """One recorded battle carried out again from its choices alone: the rules, no AI."""
    battle = new_battle(_map_path("woodland.tmx"), ruleset, seed=seed)
    try:
        for choice in choices:
            battle.submit(choice)
        if battle.digest() != digest:
            raise SystemExit(f"the replay of seed {seed} did not end where its battle did")
    finally:
        battle.close()


def _counting(on: bool) -> None:
    subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(os.getpid())],
                   check=True, capture_output=True)


def main(ruleset: str, battles: int, warmups: int = 1, rules_only: bool = False) -> None:
    battle = _battle_bench(ruleset)()
    for _ in range(warmups):
        battle(-1)  # seed 0
    if rules_only:
        recorded = played(ruleset, range(1, battles + 1))
        _counting(True)
        for record in recorded:
            replay(ruleset, *record)
        _counting(False)
        return
    _counting(True)
    for run in range(battles):
        battle(run)
    _counting(False)


if __name__ == "__main__":
    args = sys.argv[1:]
    warmups = int(args[args.index("--warmups") + 1]) if "--warmups" in args else 1
    main(args[0], int(args[1]), warmups, "--rules" in args)
