"""The movement search's compiled kernel (game/world/_search.c) against a readable one.

Rules checked (game/world/paths.py's docstring): a step goes to any of the 8
neighbours and weighs the entered tile's move cost times _TIE, plus 1 if diagonal; a
tile that is not walkable, or blocked by a unit (never a root), cannot be entered; a
diagonal may not cut the corner of a non-walkable tile; with a limit, a distance above
(limit + 1) * _TIE - 1 (a move cost above the limit) reads inf. The kernel, reached
through paths._dijkstra as every search reaches it, must give exactly the distances of
the plain heapq Dijkstra below on every shipped map and on random small maps, bounded
and not, from one or several roots, with units in the way; and bad arrays must raise
ValueError, never crash the process.
"""

from __future__ import annotations

import math
import re
import random
from heapq import heappop, heappush

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.replay import maps_dir
from game.world import paths
from game.world._search import dijkstra as kernel
from game.world.tiled import load_map
from tests.world.worldkit import grid_map

TIE = 2 ** 20  # paths._TIE, as a whole number: the reference adds exactly
STEPS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


def reference(tmap, roots, blocked, limit) -> np.ndarray:
    """Tie-weighted distances from the nearest root, inf where unreached, by the rules
    in the module docstring, read straight off the map's grids."""
    width, height = tmap.shape
    walk, cost = tmap.walkable.tolist(), tmap.move_cost.tolist()
    shut = set(blocked) - set(roots)
    bound = math.inf if limit is None else (limit + 1) * TIE - 1
    best = {root: 0 for root in roots}
    heap = [(0, root) for root in roots]
    done = set()
    while heap:
        d, here = heappop(heap)
        if here in done:
            continue
        done.add(here)
        x, y = here
        for dx, dy in STEPS:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < width and 0 <= ny < height) or not walk[nx][ny] or (nx, ny) in shut:
                continue
            diagonal = dx != 0 and dy != 0
            if diagonal and not (walk[x + dx][y] and walk[x][y + dy]):
                continue  # the corner rule
            nd = d + cost[nx][ny] * TIE + diagonal
            if nd <= bound and nd < best.get((nx, ny), math.inf):
                best[(nx, ny)] = nd
                heappush(heap, (nd, (nx, ny)))
    found = np.full(tmap.shape, np.inf)
    for tile, d in best.items():
        found[tile] = d
    return found


def searched(tmap, roots, blocked, limit) -> np.ndarray:
    return paths._dijkstra(paths._terrain_of(tmap), roots, blocked, limit)


SHIPPED = sorted(p.stem for p in maps_dir().glob("*.tmx"))


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_map_searches_as_the_reference(name):
    tmap = load_map(maps_dir() / f"{name}.tmx")
    rng = random.Random(name)
    open_tiles = [tuple(t) for t in np.argwhere(tmap.walkable).tolist()]
    any_tiles = [(x, y) for x in range(tmap.shape[0]) for y in range(tmap.shape[1])]
    big = tmap.shape[0] * tmap.shape[1] > 4096  # whole-map references cost ~0.1 s there
    for i in range(24):
        pool = any_tiles if i % 6 == 5 else open_tiles  # a unit may stand on any tile
        roots = [rng.choice(pool) for _ in range(1 if i % 3 else rng.randint(2, 4))]
        blocked = [rng.choice(open_tiles) for _ in range(rng.randint(0, 8))] + roots[:1]
        limit = None if i % (8 if big else 4) == 0 else rng.randint(0, 30)
        expected = reference(tmap, roots, blocked, limit)
        assert np.array_equal(searched(tmap, roots, blocked, limit), expected), (roots, blocked, limit)


LAND = ".%%#c~"  # open, rough (move cost 2), and three kinds that cannot be entered


@st.composite
def small_searches(draw):
    width, height = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    rows = ["".join(draw(st.sampled_from(LAND)) for _ in range(width)) for _ in range(height)]
    tile = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    roots = draw(st.lists(tile, min_size=1, max_size=3))
    blocked = draw(st.lists(tile, max_size=6))
    limit = draw(st.none() | st.integers(0, 20))
    return grid_map(*rows), roots, blocked, limit


@settings(max_examples=200, deadline=None)
@given(small_searches())
def test_random_small_maps_search_as_the_reference(search):
    tmap, roots, blocked, limit = search
    assert np.array_equal(searched(tmap, roots, blocked, limit), reference(tmap, roots, blocked, limit))


def test_units_outside_the_map_block_nothing():
    tmap = grid_map("...", "...")
    found = searched(tmap, [(0, 0)], [(5, 5), (-1, 0), (3, 1)], None)
    assert np.array_equal(found, reference(tmap, [(0, 0)], [], None))


# --- the kernel's own contract, on a graph worked out by hand ----------------------------
# Three tiles: 0 -> 1 weighs 2, 1 -> 2 weighs 3, 0 -> 2 weighs 10, 2 -> 0 weighs 1.

def graph():
    indptr = np.array([0, 2, 3, 4], np.int64)
    indices = np.array([1, 2, 2, 0], np.int32)
    weights = np.array([2.0, 10.0, 3.0, 1.0])
    return indptr, indices, weights


def run(roots, blocked=None, bound=math.inf):
    out = np.empty(3)
    assert kernel(*graph(), roots, blocked, bound, out) is None
    return out.tolist()


def test_the_hand_worked_graph():
    inf = math.inf
    assert run([0]) == [0, 2, 5]              # 2 -> 0 + 3 beats the 10 straight
    assert run([1]) == [4, 0, 3]              # 1 -> 2 (3) -> 0 (1)
    assert run([0], bound=5) == [0, 2, 5]     # a distance equal to the bound is kept
    assert run([0], bound=4.9) == [0, 2, inf]
    assert run([0], bound=0) == [0, inf, inf]
    assert run([0], bytearray([0, 1, 0])) == [0, inf, 10]   # 1 shut: the long way
    assert run([0], np.array([1, 1, 1], bool)) == [0, inf, inf]  # a shut root still starts
    assert run([0, 2]) == [0, 2, 0]           # the nearest root, each root at 0
    assert run([2, 2]) == [1, 3, 0]           # a root named twice
    assert run([]) == [inf, inf, inf]
    assert run([np.int64(1)]) == [4, 0, 3]    # numpy's integers are tile indices too


def test_the_wide_index_types_search_alike():
    indptr, indices, weights = graph()
    out = np.empty(3)
    kernel(indptr.astype(np.int32), indices.astype(np.int64), weights, [0], None, math.inf, out)
    assert out.tolist() == [0, 2, 5]


def _bad(**change):
    args = dict(zip(("indptr", "indices", "weights"), graph()))
    args.update(roots=[0], blocked=None, bound=math.inf, out=np.empty(3))
    args.update(change)
    return args


BAD = {
    "indptr too short": (_bad(indptr=np.array([0, 2, 3], np.int64)), "indptr: 3 items for 3 tiles"),
    "indptr of floats": (_bad(indptr=np.array([0, 2, 3, 4], float)), "indptr: expected int32 or int64"),
    "indptr unsigned": (_bad(indptr=np.array([0, 2, 3, 4], np.uint64)), "indptr: expected int32 or int64"),
    "indptr past the edges": (_bad(indptr=np.array([0, 2, 3, 9], np.int64)), "tile 2's edges 3..9"),
    "indptr falling": (_bad(indptr=np.array([0, 2, 1, 4], np.int64)), "tile 1's edges 2..1"),
    "indptr negative": (_bad(indptr=np.array([-5, 2, 3, 4], np.int64)), "tile 0's edges -5..2"),
    "an index past the tiles": (_bad(indices=np.array([1, 7, 2, 0], np.int32)), "edge 1 enters tile 7 of 3"),
    "a negative index": (_bad(indices=np.array([-1, 2, 2, 0], np.int32)), "edge 0 enters tile -1"),
    "indices of bytes": (_bad(indices=bytearray(4)), "indices: expected int32 or int64"),
    "weights of int": (_bad(weights=np.array([2, 10, 3, 1])), "weights: expected float64"),
    "weights too few": (_bad(weights=np.array([2.0, 10.0, 3.0])), "weights: 3 items for 4 edges"),
    "a negative weight": (_bad(weights=np.array([2.0, -1.0, 3.0, 1.0])), "edge 1 is negative or NaN"),
    "a NaN weight": (_bad(weights=np.array([np.nan, 1.0, 3.0, 1.0])), "edge 0 is negative or NaN"),
    "out not writable": (_bad(out=bytes(24)), "out: not a C-contiguous, writable"),
    "out of int": (_bad(out=np.empty(3, np.int64)), "out: expected float64"),
    "out strided": (_bad(out=np.empty(6)[::2]), "out: not a C-contiguous"),
    "blocked too short": (_bad(blocked=bytearray(2)), "blocked: 2 items for 3 tiles"),
    "blocked of int": (_bad(blocked=np.zeros(3, np.int32)), "blocked: expected one byte"),
    "blocked not a buffer": (_bad(blocked=[0, 0, 0]), "blocked: not a C-contiguous"),
    "a root past the tiles": (_bad(roots=[3]), "roots: 3 is not a tile index below 3"),
    "a negative root": (_bad(roots=[-1]), "roots: -1 is not a tile index"),
    "a huge root": (_bad(roots=[2 ** 80]), "is not a tile index"),
    "a root that is no integer": (_bad(roots=[1.0]), "roots: 1.0 is not a tile index"),
    "roots not a sequence": (_bad(roots=5), "roots: expected a sequence"),
    "a negative bound": (_bad(bound=-1.0), "bound: must be a number >= 0"),
    "a NaN bound": (_bad(bound=math.nan), "bound: must be a number >= 0"),
}


@pytest.mark.parametrize("case", BAD)
def test_bad_input_raises_value_error(case):
    args, message = BAD[case]
    with pytest.raises(ValueError, match=re.escape(message)):
        kernel(*args.values())


def test_a_read_only_out_is_refused():
    out = np.empty(3)
    out.flags.writeable = False
    with pytest.raises(ValueError, match="out: not a C-contiguous, writable"):
        kernel(*graph(), [0], None, math.inf, out)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_garbage_graphs_raise_or_search_never_crash(data):
    """Random arrays of the right types but any values: a ValueError or distances, no
    read outside the arrays (a crash would take the test run down with it)."""
    n = data.draw(st.integers(0, 6))
    small = st.integers(-3, 12)
    indptr = np.array(data.draw(st.lists(small, min_size=n + 1, max_size=n + 1)), np.int64)
    edges = data.draw(st.integers(0, 10))
    indices = np.array(data.draw(st.lists(small, min_size=edges, max_size=edges)), np.int32)
    weights = np.array(data.draw(st.lists(st.floats(-1, 5) | st.just(math.nan),
                                          min_size=edges, max_size=edges)), float)
    roots = data.draw(st.lists(st.integers(-1, n), max_size=3))
    out = np.empty(n)
    try:
        kernel(indptr, indices, weights, roots, None, math.inf, out)
    except ValueError:
        return
    assert all(d >= 0 for d in out.tolist())
