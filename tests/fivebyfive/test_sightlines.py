"""The sight lines give exactly the engine's line of fire, pair by pair, however the
tiles are asked; a big map costs what a battle asks of it, not every line of the map."""

import tracemalloc
from pathlib import Path

import numpy as np
import pytest

from game.rulesets.fivebyfive import sightlines
from game.rulesets.fivebyfive.sightlines import sight_grids, walk_from
from game.world.paths import reach
from game.world.sight import line_of_fire
from game.world.tiled import load_map
from tests.fivebyfive.kit import ascii_map
from tests.helpers import open_map

MAPS = Path(__file__).parents[2] / "maps"


def check(tmap, at, batch=True):
    """Every walkable tile against `at`, its lines asked all at once (`batch`) or one
    tile at a time: the same answers as `line_of_fire` either way."""
    g = sight_grids(tmap, at)
    w, h = tmap.shape
    tiles = [(x, y) for x in range(w) for y in range(h) if tmap.walkable[x, y]]
    xs, ys = np.array([t[0] for t in tiles], np.intp), np.array([t[1] for t in tiles], np.intp)
    if batch:
        blocked, cover_at, cover_from = g.lines(xs, ys)
    else:
        blocked, cover_at, cover_from = zip(*[(b[0], ca[0], cf[0]) for b, ca, cf in
                                              (g.lines(xs[i:i + 1], ys[i:i + 1]) for i in range(len(tiles)))])
    dist = g.distance(xs, ys)
    for i, (x, y) in enumerate(tiles):
        out = line_of_fire(tmap, (x, y), at)  # the tile shoots at `at`
        back = line_of_fire(tmap, at, (x, y))  # `at` shoots at the tile
        assert g.visible[x, y] == out.visible, (at, (x, y))
        assert g.visible_back[x, y] == back.visible, (at, (x, y))
        assert dist[i] == out.distance_tiles
        if out.visible or back.visible:  # nothing else matters out of sight
            assert blocked[i] == out.blocked == back.blocked, (at, (x, y))
            assert cover_at[i] == int(out.cover), (at, (x, y))
            assert cover_from[i] == int(back.cover), (at, (x, y))
            if out.visible:
                assert g.line((x, y)) == (out.blocked, int(out.cover)), (at, (x, y))


@pytest.fixture(params=["whole map", "tiles asked"])
def way(request, monkeypatch):
    """Both ways of working the lines out: every tile in sight at once from the offset
    table (maps up to TABLE_LIMIT a side), and the tiles asked, drawn afresh (bigger ones)."""
    if request.param == "tiles asked":
        monkeypatch.setattr(sightlines, "TABLE_LIMIT", 0)
    return request.param


@pytest.mark.parametrize("name", ["arena", "warehouse", "woodland", "ridge"])
def test_grids_agree_with_line_of_fire_on_shipped_maps(name, way):
    tmap = load_map(MAPS / f"{name}.tmx")
    w, h = tmap.shape
    tiles = [(x, y) for x in range(w) for y in range(h) if tmap.walkable[x, y]]
    for at in tiles[:: max(1, len(tiles) // 5)]:  # five tiles spread over the map
        check(tmap, at)


def test_grids_agree_with_line_of_fire_on_every_pair_of_a_small_map(way):
    tmap = ascii_map(["..#..c..~..",
                      ".l..^^...h.",
                      "...#..c....",
                      "~~..cc....#",
                      ".....h..l..",
                      "..^^....c.."])
    w, h = tmap.shape
    for x in range(w):
        for y in range(h):
            if tmap.walkable[x, y]:
                check(tmap, (x, y), batch=(x + y) % 2 == 0)


def test_walk_from_is_the_movement_cost():
    tmap = load_map(MAPS / "woodland.tmx")
    at = (5, 5)
    assert (walk_from(tmap, at) == reach(tmap, at, 0).cost).all()


def test_a_512_tile_map_costs_what_is_asked_of_it():
    """Issue 33 item 4: a 512x512 map ran out of memory drawing every line of the map
    for one figure's tile. Now a figure's tile costs its field of view and the lines
    to the tiles asked (here a figure's reach, 11x11 tiles, and a far corner)."""
    tmap = open_map(512, 512)
    tracemalloc.start()
    try:
        g = sight_grids(tmap, (256, 256))
        xs, ys = np.meshgrid(np.arange(10, 21), np.arange(500, 511), indexing="ij")
        blocked, cover_at, cover_from = g.lines(xs.ravel(), ys.ravel())
        assert g.line((0, 0)) == (False, 0)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert not blocked.any() and not cover_at.any() and not cover_from.any()
    assert peak < 16 * 2 ** 20, f"{peak / 2 ** 20:.0f} MB"
