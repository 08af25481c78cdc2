"""A reach bounded by the move budget (``limit``) searches only the square a move can
cover, and agrees exactly with the whole-map search wherever the cost is within it."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.replay import maps_dir
from game.world.paths import UNREACHABLE, reach
from game.world.tiled import load_map


@pytest.mark.parametrize("name", ["woodland", "bench128", "warehouse"])
def test_bounded_reach_equals_the_whole_search_within_the_limit(name):
    tmap = load_map(maps_dir() / f"{name}.tmx")
    rng = random.Random(name)
    open_tiles = [tuple(t) for t in np.argwhere(tmap.walkable).tolist()]
    for _ in range(60):
        start = rng.choice(open_tiles)
        limit = rng.randrange(0, 14)
        blocked = [rng.choice(open_tiles) for _ in range(6)]
        whole = reach(tmap, start, limit, blocked)
        bounded = reach(tmap, start, limit, blocked, limit=limit)
        expected = np.where(whole.cost <= limit, whole.cost, UNREACHABLE)
        assert np.array_equal(bounded.cost, expected), (start, limit)
        assert bounded.tiles() == whole.tiles()
        for tile in bounded.tiles()[:4]:
            path = bounded.path_to(tile)
            assert path[-1] == tile
            assert sum(int(tmap.move_cost[step]) for step in path) == bounded.cost[tile]
            assert all(step not in blocked for step in path)


def test_a_limit_covering_the_map_is_the_whole_search():
    tmap = load_map(maps_dir() / "arena.tmx")
    start = (tmap.spawns[0].x, tmap.spawns[0].y)
    whole = reach(tmap, start, 99).cost
    assert np.array_equal(reach(tmap, start, 99, limit=99).cost, np.where(whole <= 99, whole, UNREACHABLE))
