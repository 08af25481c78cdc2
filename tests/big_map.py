"""The memory of a battle on the largest map the loader accepts (issue 33, item 4):

    python -m tests.big_map [RULESET ...] [--side 512] [--rounds 3]

Writes an open SIDE x SIDE map (floor, with a wall and a cover tile in every 16x16
block, so sight lines and cover are asked about, and the default five units a side
ten tiles apart near the middle), then plays one battle of each ruleset on it, normal
against normal for ROUNDS rounds, each in a fresh process, and prints each one's peak
resident memory and time. maps/README.md states the bound this measures (1 GB); the
slow test tests/reliability/test_big_map.py holds it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")
FLOOR, WALL, COVER = 1, 2, 3
BOUND_MB = 1024


def write_big_map(folder: Path, side: int = 512) -> Path:
    """An open side x side map: floor, and in every 16x16 block one wall tile and one
    heavy-cover tile; five spawns a side, ten tiles apart across the middle."""
    from tests.world.worldkit import tiny_tmx

    rows = [[FLOOR] * side for _ in range(side)]
    for by in range(0, side, 16):
        for bx in range(0, side, 16):
            rows[by + 5][bx + 7] = WALL
            rows[by + 11][bx + 3] = COVER
    mid = side // 2
    spawns = [(mid - 5, mid - 4 + 2 * i, 1) for i in range(5)] + [(mid + 5, mid - 4 + 2 * i, 2) for i in range(5)]
    props = {FLOOR - 1: {"walkable": ("bool", "true")},
             WALL - 1: {"walkable": ("bool", "false"), "blocks_sight": ("bool", "true")},
             COVER - 1: {"walkable": ("bool", "false"), "cover": ("string", "heavy")}}
    return tiny_tmx(folder, [("layer", "ground", rows)], props, spawns=spawns, name=f"open{side}.tmx")


def play_one(map_path: str, ruleset: str, rounds: int) -> dict:
    """One battle in this process: its peak resident memory (MB) and seconds."""
    import resource

    from game.ai import make_ai
    from game.engine.setup import new_battle
    from game.simulate import ai_seed

    start = time.perf_counter()
    battle = new_battle(map_path, ruleset, seed=1, max_rounds=rounds)
    try:
        battle.run({team: make_ai(ruleset, ai_seed(1, team)) for team in battle.teams()})
        over = battle.over
    finally:
        battle.close()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux
    return {"ruleset": ruleset, "peak_mb": round(peak), "seconds": round(time.perf_counter() - start, 1),
            "over": bool(over)}


def measure(rulesets: list[str], side: int, rounds: int) -> list[dict]:
    """Each ruleset's battle in a fresh process (a peak is per process)."""
    out = []
    with tempfile.TemporaryDirectory(prefix="skirmish-big-") as folder:
        path = write_big_map(Path(folder), side)
        for ruleset in rulesets:
            done = subprocess.run([sys.executable, "-m", "tests.big_map", "--one", str(path), ruleset,
                                   "--rounds", str(rounds)], capture_output=True, text=True, timeout=3600)
            if done.returncode != 0:
                raise RuntimeError(f"{ruleset}: {done.stderr.strip()[-500:]}")
            out.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.big_map")
    parser.add_argument("rulesets", nargs="*", default=list(RULESETS))
    parser.add_argument("--side", type=int, default=512)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--one", nargs=2, metavar=("MAP", "RULESET"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(play_one(args.one[0], args.one[1], args.rounds)))
        return 0
    for row in measure(args.rulesets, args.side, args.rounds):
        print(f"{row['ruleset']:<12} {args.side}x{args.side}, {args.rounds} rounds: "
              f"peak {row['peak_mb']} MB, {row['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
