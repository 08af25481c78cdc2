"""Measure how many Tiled maps from the wild the game accepts and plays.

    python tools/wild_maps.py DIR [DIR ...] [--battles] [--max-rounds N]

loads every ``*.tmx`` under the folders (for issue 16: ``examples/`` of
github.com/mapeditor/tiled and ``apps/data`` + ``tests/resources`` of
github.com/bitcraft/pytmx; those files are not part of this repository), prints one
line per map (accepted, or the refusal), and counts by orientation. With
``--battles`` every accepted map also plays one AI battle per ruleset (seed 1,
``--max-rounds`` rounds at most) and any failure is printed with its error.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")


def orientation_of(path: Path) -> str:
    match = re.search(r'orientation="(\w+)"', path.read_text(encoding="utf-8", errors="replace"))
    return match.group(1) if match else "?"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+", type=Path)
    parser.add_argument("--battles", action="store_true")
    parser.add_argument("--max-rounds", type=int, default=12)
    args = parser.parse_args(argv)

    from game.errors import InputError
    from game.simulate import BattleSpec, run_one
    from game.world.tiled import load_map

    maps = sorted({p for d in args.dirs for p in d.rglob("*.tmx")})
    counts: Counter = Counter()
    played: Counter = Counter()
    failures = 0
    for path in maps:
        kind = orientation_of(path)
        try:
            tmap = load_map(path)
        except InputError as exc:
            counts[kind, "refused"] += 1
            print(f"refused  {kind:10} {path}: {exc.problem}")
            continue
        counts[kind, "accepted"] += 1
        print(f"accepted {kind:10} {path}: {tmap.width}x{tmap.height}, {len(tmap.spawns)} units"
              + (" (deployed by the game)" if tmap.deployed else ""))
        if not args.battles:
            continue
        for ruleset in RULESETS:
            started = time.process_time()
            try:
                result = run_one(BattleSpec(str(path), ruleset, 1, args.max_rounds))
            except Exception as exc:  # a measurement: report every failure, keep going
                failures += 1
                print(f"    FAILED {ruleset}: {type(exc).__name__}: {exc}")
                continue
            played[kind] += 1
            print(f"    {ruleset:11} winner {result['winner']}, {result['rounds']} rounds, "
                  f"{time.process_time() - started:.1f} s CPU")
    print()
    for kind in sorted({k for k, _ in counts}):
        print(f"{kind}: {counts[kind, 'accepted']} accepted, {counts[kind, 'refused']} refused")
    if args.battles:
        print(f"battles played: {sum(played.values())} ({dict(played)}), failures: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
