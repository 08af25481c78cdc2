"""What one movement search costs (game/world/paths.py's compiled kernel, issue 32):
random searches on a shipped map, each from one walkable tile with 5 units in the way,
bounded by a move of 6 or over the whole map, through `paths._dijkstra` as every
search of the game goes.

    python tools/measure_search.py                      # milliseconds per search
    python tools/measure_search.py --valgrind           # instructions per search (callgrind)
    python tools/measure_search.py --map bench128 --count 500

--valgrind runs this script twice under callgrind for each kind of search, once with
no search and once with --count searches, and prints the difference per search (the
imports and the map's graph cancel out). docs/install.md has the figures. Exit status
2 with one line for a bad argument.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KINDS = {"bounded": 6, "whole-map": None}


class Refused(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message: str):  # type: ignore[override]
        raise Refused(f"{message} (see --help)")


JOBS = 200  # random searches made, whatever --count: making them costs as much as a search


def searches(map_name: str, count: int):
    """(the search, the jobs): `count` of JOBS random searches on the map, seeded
    (taken in turn)."""
    import numpy as np

    from game.replay import maps_dir
    from game.world import paths
    from game.world.tiled import load_map

    path = maps_dir() / f"{map_name}.tmx"
    if not path.exists():
        raise Refused(f"--map {map_name}: no such shipped map")
    tmap = load_map(path)
    terrain = paths._terrain_of(tmap)
    rng = np.random.default_rng(0)
    walk = np.argwhere(terrain.base > 0)

    def tile():
        return tuple(int(v) for v in walk[rng.integers(len(walk))])

    made = [([tile()], [tile() for _ in range(5)]) for _ in range(JOBS)]
    paths._dijkstra(terrain, [tile()], [], 6)  # the first call's one-off costs
    jobs = [made[i % JOBS] for i in range(count)]
    return (lambda roots, blocked, limit: paths._dijkstra(terrain, roots, blocked, limit)), jobs


def run(map_name: str, kind: str, count: int) -> float:
    """Seconds per search (0 when count is 0)."""
    search, jobs = searches(map_name, count)
    limit = KINDS[kind]
    start = time.perf_counter()
    for roots, blocked in jobs:
        search(roots, blocked, limit)
    return (time.perf_counter() - start) / count if count else 0.0


def instructions(map_name: str, kind: str, count: int) -> int:
    """Instructions callgrind counts for this script doing `count` searches."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               sys.executable, __file__, "--map", map_name, "--kind", kind,
               "--count", str(count), "--inner"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or not found:
        raise Refused(f"valgrind failed (status {done.returncode}): {done.stderr.strip()[-300:]}")
    return int(found[1])


def main(argv: list[str]) -> int:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--map", default="woodland", help="a shipped map's name (default woodland)")
    parser.add_argument("--count", type=int, default=200, help="searches of each kind (default 200)")
    parser.add_argument("--kind", choices=sorted(KINDS), help="only this kind of search")
    parser.add_argument("--valgrind", action="store_true", help="count instructions under callgrind")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    try:
        args = parser.parse_args(argv)
        if args.count < 1 and not args.inner:
            raise Refused(f"--count {args.count}: must be at least 1")
        kinds = [args.kind] if args.kind else list(KINDS)
        if args.inner:  # one measured run under valgrind
            run(args.map, kinds[0], args.count)
            return 0
        for kind in kinds:
            if args.valgrind:
                extra = instructions(args.map, kind, args.count) - instructions(args.map, kind, 0)
                print(f"{args.map} {kind}: {extra / args.count / 1000:,.0f} k instructions per search")
            else:
                print(f"{args.map} {kind}: {run(args.map, kind, args.count) * 1000:.3f} ms per search")
    except Refused as exc:
        print(f"error: measure_search: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
