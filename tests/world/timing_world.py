"""Time the world layer against its targets (not a test): ``python -m tests.world.timing_world``.

Targets: load bench128.tmx <= 300 ms; FOV for 8 units on 128x128 <= 2 ms in all;
one reach() on a 32x32 map well under 1 ms. Prints the best and the median of
repeated runs, after one warm-up call (imports, caches).
"""

from __future__ import annotations

import statistics
import time

from game.world.paths import reach
from game.world.sight import fov, line_of_fire, side_fov
from game.world.tiled import load_map
from tests.world.worldkit import MAPS


def timed(label, call, repeats):
    call()
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        runs.append(time.perf_counter() - start)
    print(f"{label:<34} best {min(runs) * 1e3:7.3f} ms   median {statistics.median(runs) * 1e3:7.3f} ms")


def main() -> None:
    bench = MAPS / "bench128.tmx"
    timed("load bench128.tmx", lambda: load_map(bench), 20)
    big = load_map(bench)
    units = [(s.x, s.y) for s in big.spawns][:8]
    timed("fov x8 on 128x128", lambda: [fov(big, u) for u in units], 200)
    timed("side_fov of 8 on 128x128", lambda: side_fov(big, units), 200)
    wood = load_map(MAPS / "woodland.tmx")
    start = (wood.spawns[0].x, wood.spawns[0].y)
    others = [(s.x, s.y) for s in wood.spawns[1:]]
    timed("reach on 32x32 (woodland)", lambda: reach(wood, start, 6, blocked=others), 500)
    timed("reach on 128x128", lambda: reach(big, units[0], 6), 100)
    r = reach(wood, start, 6)
    timed("path_to across woodland", lambda: r.path_to(others[-1]), 500)
    timed("line_of_fire across woodland", lambda: line_of_fire(wood, start, others[-1]), 500)


if __name__ == "__main__":
    main()
