"""A bounded reach around a few blockers, repaired from the open ground's reach.

`reach_around(tmap, r0, old, blocked, budget)` (r0 the open ground's reach, old its
`open_distances`) returns what
`paths.reach(tmap, start, budget, blocked=blocked, limit=budget)` returns, the same
Reach to the bit, without searching the whole map again: blocking tiles only removes
steps, so a tile keeps its distance when one of its cheapest ways there avoids the
blocked tiles, and only the tiles every cheapest way to which crosses one are searched
again (Dijkstra, seeded from their neighbours that kept theirs). A few units shadow a
few tiles, so this is far cheaper than searching the whole map again.
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


def _move_graph(tmap) -> tuple["_Steps", "_Steps"]:
    """Per tile (flat index x * height + y): the steps out of it and the steps into it,
    (other tile, weight), as paths.reach's graph has them: into an enterable tile, a
    diagonal only where it cuts no corner. Read from that graph's arrays the first time
    a tile is asked about, so a map keeps only the tiles its searches visit (a 512 x 512
    map's whole graph as Python tuples would be some 400 MB)."""
    def compute():
        terrain = _terrain_of(tmap)
        height = tmap.height
        # Out of a tile, the steps in _STEPS order (the graph's row is sorted by tile);
        # into a tile, by the tile they come from (the order of the graph's rows).
        order = {dx * height + dy: k for k, (dx, dy) in enumerate(_STEPS)}
        out = _Steps(terrain.indptr, terrain.indices, terrain.weights, lambda b, c: order[c - b])
        into = _Steps(terrain.into_ptr, terrain.indices, terrain.weights, None, terrain.into,
                      _rows_of(terrain.indptr))
        return out, into
    return tmap.kept.get("move-graph", "steps", compute)


def _rows_of(indptr: np.ndarray) -> np.ndarray:
    """The tile each of the graph's edges leaves (its CSR row), by edge position."""
    return np.repeat(np.arange(len(indptr) - 1), np.diff(indptr))


class _Steps(dict):
    """Flat index -> ((other tile, weight), ...), worked out from the graph's arrays
    when a tile is first asked about (a dict hit costs what a list index does)."""

    def __init__(self, ptr, ends, weights, sort_key, positions=None, starts=None) -> None:
        super().__init__()
        self.ptr, self.ends, self.weights = ptr, ends, weights
        self.sort_key, self.positions, self.starts = sort_key, positions, starts

    def __missing__(self, b: int) -> tuple:
        lo, hi = int(self.ptr[b]), int(self.ptr[b + 1])
        if self.positions is None:  # out of b: the row's own edges
            others = self.ends[lo:hi].tolist()
            weights = self.weights[lo:hi].astype(np.int64).tolist()
            pairs = sorted(zip(others, weights), key=lambda cw: self.sort_key(b, cw[0]))
        else:  # into b: the edges that end there, by the tile they leave
            edges = self.positions[lo:hi]
            pairs = list(zip(self.starts[edges].tolist(), self.weights[edges].astype(np.int64).tolist()))
        found = self[b] = tuple(pairs)
        return found
