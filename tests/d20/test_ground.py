"""The AI's tile values (game/ai/d20_ground.py) read as they are defined.

The grids are built from per-map tables (windows over every offset between two
tiles); `ground_at` works one tile out on Python numbers. Both are checked here
against the definition written out directly: an enemy's view of every tile, and
the whole grid against the one-tile sums, in a real battle's positions.
"""

import numpy as np
import pytest

from game.ai import d20_ground
from game.ai.d20_movement import ground_inputs
from game.engine.setup import new_battle
from game.replay import maps_dir
from game.world.sight import seen_from
from game.world.tactical_map import Cover
from game.bench import _map

MAPS = ["arena.tmx", "woodland.tmx"]


def _toward(tmap, cover, X, Y, dx, dy, dist):
    """The best cover among the neighbours of (X, Y) one step along (dx, dy), rounded
    half up and half down (the definition, as whole-grid sums)."""
    d = np.maximum(dist, 1)
    vx, vy = dx / d, dy / d
    out = np.zeros(tmap.shape)
    for sx, sy in ((np.floor(vx + 0.5), np.floor(vy + 0.5)), (np.ceil(vx - 0.5), np.ceil(vy - 0.5))):
        nx = np.clip(X + sx.astype(np.intp), 0, tmap.width - 1)
        ny = np.clip(Y + sy.astype(np.intp), 0, tmap.height - 1)
        out = np.maximum(out, cover[nx, ny])
    return np.where(dist > 0, out, 0.0)


def _view_by_definition(tmap, enemy):
    ex, ey = enemy
    X, Y = np.indices(tmap.shape)
    dist = np.maximum(abs(X - ex), abs(Y - ey))
    cover = np.array([d20_ground.PROTECTION[c] for c in Cover])[tmap.cover.astype(np.intp)]
    shield = np.maximum(_toward(tmap, cover, X, Y, ex - X, ey - Y, dist), cover)
    near = _toward(tmap, cover, np.full_like(X, ex), np.full_like(Y, ey), X - ex, Y - ey, dist)
    return seen_from(tmap, enemy), dist, shield, 1 - np.maximum(near, cover[ex, ey])


@pytest.mark.parametrize("name", MAPS)
def test_enemy_view_is_its_definition_on_every_tile(name):
    tmap = _map(name)
    step = 1 if tmap.width * tmap.height <= 400 else 3
    for x in range(0, tmap.width, step):
        for y in range(0, tmap.height, step):
            got = d20_ground._enemy_view(tmap, (x, y))
            want = _view_by_definition(tmap, (x, y))
            for g, w in zip(got, want):
                assert g.dtype == w.dtype and np.array_equal(g, w), (name, (x, y))


@pytest.mark.parametrize("name", MAPS)
def test_the_grid_and_the_one_tile_sums_agree(name):
    """In a battle's opening positions, for every unit: ground(...)[tile] is
    ground_at(tile) on every tile of the map (to the last bits of a float: the two add
    the same terms in another order; the AI's bound allows 1e-9 for it)."""
    b = new_battle(maps_dir() / name, "d20", seed=3)
    try:
        for unit in b.units():
            inputs = ground_inputs(b, b.team(unit), unit)
            grid = d20_ground.ground(b, *inputs)
            for x in range(b.map.width):
                for y in range(b.map.height):
                    at = d20_ground.ground_at(b.map, (x, y), *inputs)
                    assert abs(grid[x, y] - at) <= 1e-9, (unit, (x, y))
    finally:
        b.close()
