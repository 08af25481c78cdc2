"""One digest per battle, to show a speed change kept every choice.

    python -m tests.digests RULESET [SEEDS] [LEVEL]

Plays every side at LEVEL (default normal) on arena, warehouse, woodland and ridge,
seeds 0..SEEDS-1 (default 6), and prints each battle's final-state digest and one ALL
line over them all. The same output before and after a change means the same choices.
"""

from __future__ import annotations

import hashlib
import sys

from game.ai import make_ai
from game.engine.setup import new_battle
from game.replay import maps_dir
from game.simulate import ai_seed

MAPS = ("arena", "warehouse", "woodland", "ridge")


def main(argv: list[str]) -> None:
    ruleset = argv[0]
    seeds = int(argv[1]) if len(argv) > 1 else 6
    level = argv[2] if len(argv) > 2 else "normal"
    every = hashlib.sha256()
    for map_name in MAPS:
        for seed in range(seeds):
            battle = new_battle(maps_dir() / f"{map_name}.tmx", ruleset, seed=seed)
            try:
                battle.run({team: make_ai(ruleset, ai_seed(seed, team), level) for team in battle.teams()})
                digest = str(battle.digest())
            finally:
                battle.close()
            every.update(digest.encode())
            print(map_name, seed, digest[:16])
    print("ALL", every.hexdigest()[:16])


if __name__ == "__main__":
    main(sys.argv[1:])
