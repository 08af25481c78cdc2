"""The whole-map sight grids give exactly the engine's line of fire, pair by pair."""

from pathlib import Path

import pytest

from game.rulesets.fivebyfive.sightlines import sight_grids, walk_from
from game.world.paths import reach
from game.world.sight import line_of_fire
from game.world.tiled import load_map
from tests.fivebyfive.kit import ascii_map

MAPS = Path(__file__).parents[2] / "maps"


def check(tmap, at):
    g = sight_grids(tmap, at)
    w, h = tmap.shape
    for x in range(w):
        for y in range(h):
            if not tmap.walkable[x, y]:
                continue
            out = line_of_fire(tmap, (x, y), at)  # the tile shoots at `at`
            back = line_of_fire(tmap, at, (x, y))  # `at` shoots at the tile
            assert g.visible[x, y] == out.visible, (at, (x, y))
            assert g.visible_back[x, y] == back.visible, (at, (x, y))
            assert g.distance[x, y] == out.distance_tiles
            if out.visible or back.visible:  # nothing else matters out of sight
                assert g.blocked[x, y] == out.blocked == back.blocked, (at, (x, y))
                assert g.cover_at[x, y] == int(out.cover), (at, (x, y))
                assert g.cover_from[x, y] == int(back.cover), (at, (x, y))


@pytest.mark.parametrize("name", ["arena", "warehouse", "woodland", "ridge"])
def test_grids_agree_with_line_of_fire_on_shipped_maps(name):
    tmap = load_map(MAPS / f"{name}.tmx")
    w, h = tmap.shape
    tiles = [(x, y) for x in range(w) for y in range(h) if tmap.walkable[x, y]]
    for at in tiles[:: max(1, len(tiles) // 5)]:  # five tiles spread over the map
        check(tmap, at)


def test_grids_agree_with_line_of_fire_on_every_pair_of_a_small_map():
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
                check(tmap, (x, y))


def test_walk_from_is_the_movement_cost():
    tmap = load_map(MAPS / "woodland.tmx")
    at = (5, 5)
    assert (walk_from(tmap, at) == reach(tmap, at, 0).cost).all()
