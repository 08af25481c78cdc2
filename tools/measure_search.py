"""Weigh scipy for movement (issue 32, item 7): one bounded Dijkstra over a 32x32,
8-connected grid with the corner rule, as game/world/paths.py builds it, timed with
scipy's csgraph.dijkstra, tcod's Pathfinder (CustomGraph, no corner rule: the closest
it offers) and a plain-Python heapq Dijkstra. Prints milliseconds per search and the
import time. Run: python tools/measure_search.py (needs scipy and tcod)."""

from __future__ import annotations

import heapq
import time

import numpy as np

N = 32
REPEATS = 300
walk = np.ones((N, N), dtype=bool)
walk[8:24, 15] = False  # a wall with gaps at both ends
walk[16, 4:12] = False


def edges():
    for y in range(N):
        for x in range(N):
            if not walk[y, x]:
                continue
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    ny, nx = y + dy, x + dx
                    if (dy or dx) and 0 <= ny < N and 0 <= nx < N and walk[ny, nx]:
                        if dy and dx and not (walk[y, nx] and walk[ny, x]):
                            continue  # the corner rule: a missing edge
                        yield y * N + x, ny * N + nx, 1000 + (1 if dy and dx else 0)


def per_search(fn) -> float:
    fn()
    start = time.perf_counter()
    for _ in range(REPEATS):
        fn()
    return 1000 * (time.perf_counter() - start) / REPEATS


def main() -> None:
    rows, cols, weights = zip(*edges())
    t0 = time.perf_counter()
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra
    scipy_import = time.perf_counter() - t0
    graph = csr_matrix((weights, (rows, cols)), shape=(N * N, N * N))
    print(f"scipy import {1000 * scipy_import:.0f} ms")
    for limit in (8000, np.inf):
        ms = per_search(lambda: dijkstra(graph, indices=[0], limit=limit, min_only=True))
        print(f"csgraph.dijkstra, limit {limit}: {ms:.3f} ms")

    import tcod.path
    cost = walk.astype(np.int32)
    graph_t = tcod.path.SimpleGraph(cost=cost, cardinal=1, diagonal=1)

    def with_tcod():
        pf = tcod.path.Pathfinder(graph_t)
        pf.add_root((0, 0))
        pf.resolve()
    print(f"tcod Pathfinder (SimpleGraph, no corner rule) {per_search(with_tcod):.3f} ms")

    adjacency: dict[int, list[tuple[int, int]]] = {}
    for a, b, w in zip(rows, cols, weights):
        adjacency.setdefault(a, []).append((b, w))

    def with_heapq(limit):
        dist = {0: 0}
        heap = [(0, 0)]
        while heap:
            d, node = heapq.heappop(heap)
            if d > dist.get(node, 1 << 60):
                continue
            for nxt, w in adjacency.get(node, ()):
                nd = d + w
                if nd <= limit and nd < dist.get(nxt, 1 << 60):
                    dist[nxt] = nd
                    heapq.heappush(heap, (nd, nxt))
    for limit in (8000, 1 << 40):
        print(f"plain-Python heapq Dijkstra, limit {limit}: {per_search(lambda: with_heapq(limit)):.3f} ms")


if __name__ == "__main__":
    main()
