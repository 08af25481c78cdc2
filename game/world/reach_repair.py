"""A bounded reach around a few blockers, repaired from the open ground's reach.

`reach_around(tmap, r0, old, blocked, budget)` (r0 the open ground's reach, old its
`open_distances`) returns what
`paths.reach(tmap, start, budget, blocked=blocked, limit=budget)` returns, the same
Reach to the bit, without searching the whole map again: blocking tiles only removes
steps, so a tile keeps its distance when one of its cheapest ways there avoids the
blocked tiles, and only the tiles every cheapest way to which crosses one are searched
again (Dijkstra, seeded from their neighbours that kept theirs). A few units shadow a
few tiles, so this is far cheaper than scipy's whole-map search with its fixed cost.
It walks the same graph as `paths.reach` (`_move_graph`: the step weights and the
corner rule), read from that module's terrain; a change there must follow here, and
tests/fate/test_shortcuts.py compares the two on random searches of the four maps.
Used by fate's move options (several units within one move of each other, every beat).
"""

from __future__ import annotations

from heapq import heapify, heappop, heappush
from typing import Iterable

import numpy as np

from game.world.paths import _STEPS, _TIE as PATHS_TIE, UNREACHABLE, Reach, _terrain_of
from game.world.tactical_map import TacticalMap

Tile = tuple[int, int]
_TIE = int(PATHS_TIE)  # paths._TIE as an int: every distance is a whole number (exact as a float)
_NOWHERE = -(2 ** 62)  # the distance read for a tile the open ground does not reach: no way adds up from it


def open_distances(r: Reach) -> dict[int, int]:
    """The tie-weighted distances of an unblocked reach, by flat index (x * height + y)
    of the tiles it reaches: what `reach_around` repairs from."""
    found = r._found.ravel()
    flat = np.flatnonzero(np.isfinite(found))
    return dict(zip(flat.tolist(), found[flat].astype(np.int64).tolist()))


def reach_around(tmap: TacticalMap, r0: Reach, old: dict[int, int], blocked: Iterable[Tile],
                 budget: int) -> tuple[Reach, set[int]]:
    """`paths.reach(tmap, r0.start, budget, blocked=blocked, limit=budget)` repaired from
    `r0` (the same search with nothing blocked) and its `open_distances` `old`; also the
    flat indices of the tiles it reached that are now out of reach."""
    height = tmap.height
    steps, into = _move_graph(tmap)
    shut = {x * height + y for x, y in blocked}
    bound = (budget + 1) * _TIE - 1  # paths.reach's `limit`: costs above it are unreached
    # Which tiles lose every cheapest way: in the order of their distance (a tile's
    # cheapest ways come from nearer tiles, decided before it), from the blocked ones down.
    lost: set[int] = set()
    decided: set[int] = set()
    heap = [(old[b], b) for b in shut]
    heapify(heap)
    while heap:
        d, b = heappop(heap)
        if b in decided:
            continue
        decided.add(b)
        if b not in shut:
            kept = False
            for a, w in into[b]:  # (a loop, not any(): a generator costs more than most walks)
                if old.get(a, _NOWHERE) + w == d and a not in lost:
                    kept = True
                    break
            if kept:
                continue  # a cheapest way avoids the blocked tiles: its distance stands
        lost.add(b)
        for c, w in steps[b]:
            if old.get(c) == d + w and c not in decided:
                heappush(heap, (d + w, c))
    # The lost tiles (not blocked) searched again from the tiles that kept their distance.
    again: dict[int, int] = {}
    heap = []
    for b in lost - shut:
        best = bound + 1
        for a, w in into[b]:
            if a in old and a not in lost and old[a] + w < best:
                best = old[a] + w
        if best <= bound:
            again[b] = best
            heap.append((best, b))
    heapify(heap)
    while heap:
        d, b = heappop(heap)
        if d != again[b]:
            continue  # a longer way, found before the best
        for c, w in steps[b]:
            nd = d + w
            if c in lost and c not in shut and nd <= bound and nd < again.get(c, bound + 1):
                again[c] = nd
                heappush(heap, (nd, c))
    found = r0._found.copy()
    cost = r0.cost.copy()
    fv, cv = found.reshape(-1), cost.reshape(-1)
    for i in lost:
        if i in again:
            fv[i] = again[i]
            cv[i] = again[i] // _TIE
        else:
            fv[i] = np.inf
            cv[i] = UNREACHABLE
    cost.flags.writeable = False
    r = Reach(r0.start, budget, cost, r0._terrain, cost, found)
    return r, lost - again.keys()


def first_steps(tmap: TacticalMap, start: Tile, budget: int) -> tuple[Tile, ...]:
    """The tiles one step from `start` enters within `budget` (the move graph's own
    steps: the entered tile's move cost, the corner rule). With nothing standing on
    one, `paths.reach` from `start` reaches it (at that step's cost): a cheap sign that
    a move has somewhere to go, before any search. Kept per map (asked at every move
    option)."""
    def compute():
        height = tmap.height
        steps, _ = _move_graph(tmap)
        bound = (budget + 1) * _TIE - 1
        return tuple(divmod(c, height) for c, w in steps[start[0] * height + start[1]] if w <= bound)
    return tmap.kept.get("first-steps", (start, budget), compute)


def _move_graph(tmap) -> tuple[list, list]:
    """Per tile (flat index x * height + y): the steps out of it and the steps into it,
    (other tile, weight), as paths.reach's graph has them: into an enterable tile, a
    diagonal only where it cuts no corner. Built once per map."""
    def compute():
        terrain = _terrain_of(tmap)
        base = terrain.base.tolist()
        corners = [c.tolist() for c in terrain.corners]
        width, height = tmap.width, tmap.height
        out: list[list] = [[] for _ in range(width * height)]
        into: list[list] = [[] for _ in range(width * height)]
        for x in range(width):
            for y in range(height):
                for k, (dx, dy) in enumerate(_STEPS):
                    bx, by = x + dx, y + dy
                    if not (0 <= bx < width and 0 <= by < height) or base[bx][by] <= 0:
                        continue
                    if k >= 4 and not corners[k - 4][x][y]:
                        continue
                    w = base[bx][by] * _TIE + (k >= 4)
                    out[x * height + y].append((bx * height + by, w))
                    into[bx * height + by].append((x * height + y, w))
        return [tuple(e) for e in out], [tuple(e) for e in into]
    return tmap.kept.get("move-graph", "lists", compute)
