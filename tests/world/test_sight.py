"""Sight and line of fire on tiny hand-drawn maps (rows are y; legend in worldkit).

Rules checked: sight is symmetric between see-through tiles; a line of fire is
blocked only by a solid wall; cover is the best of the target's tile and the
crossed tiles next to it; cover 2+ levels below the shooter is ignored.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.world.sight import bresenham, crossed_tiles, fov, line_of_fire, side_fov
from game.world.tactical_map import Cover
from tests.world.worldkit import grid_map


@st.composite
def grids(draw):
    w, h = draw(st.integers(2, 9)), draw(st.integers(2, 9))
    cells = draw(st.lists(st.sampled_from(".....#"), min_size=w * h, max_size=w * h))
    return ["".join(cells[y * w:(y + 1) * w]) for y in range(h)]


@settings(max_examples=80, deadline=None)
@given(grids())
def test_sight_is_symmetric_between_see_through_tiles(rows):
    tmap = grid_map(*rows)
    open_tiles = [(x, y) for x in range(tmap.width) for y in range(tmap.height)
                  if not tmap.blocks_sight[x, y]]
    seen = {a: fov(tmap, a) for a in open_tiles}
    for a in open_tiles:
        for b in open_tiles:
            assert seen[a][b] == seen[b][a], (a, b)


@settings(max_examples=40, deadline=None)
@given(grids(), st.integers(1, 4))
def test_a_sight_radius_keeps_symmetry_and_cuts_at_that_many_tiles(rows, radius):
    tmap = grid_map(*rows)
    open_tiles = [(x, y) for x in range(tmap.width) for y in range(tmap.height)
                  if not tmap.blocks_sight[x, y]]
    seen = {a: fov(tmap, a, radius) for a in open_tiles}
    for a in open_tiles:
        full = fov(tmap, a)
        for b in open_tiles:
            assert seen[a][b] == seen[b][a]
            assert seen[a][b] == (full[b] and max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= radius)


@settings(max_examples=60, deadline=None)
@given(grids(), st.data())
def test_line_of_fire_crosses_the_same_tiles_both_ways(rows, data):
    tmap = grid_map(*rows)
    point = st.tuples(st.integers(0, tmap.width - 1), st.integers(0, tmap.height - 1))
    a, b = data.draw(point), data.draw(point)
    there, back = line_of_fire(tmap, a, b), line_of_fire(tmap, b, a)
    assert there.tiles == back.tiles[::-1]
    assert there.blocked == back.blocked
    assert there.distance_tiles == back.distance_tiles


def test_fov_sees_walls_but_not_past_them_and_respects_radius():
    tmap = grid_map(
        ".......",
        "...#...",
        ".......",
    )
    seen = fov(tmap, (3, 0))
    assert seen[3, 1]  # the wall itself is lit
    assert not seen[3, 2]  # straight behind it is hidden
    assert seen[0, 2] and seen[6, 2]
    near = fov(tmap, (0, 0), radius=2)
    assert near[2, 0] and near[2, 2] and not near[3, 0]
    assert near.sum() == 9  # the 3x3 square within 2 tiles (Chebyshev)


def test_side_fov_is_the_union_of_each_units_view():
    tmap = grid_map(
        "..#..",
        "..#..",
        "..#..",
    )
    both = side_fov(tmap, [(0, 1), (4, 1)])
    assert (both == (fov(tmap, (0, 1)) | fov(tmap, (4, 1)))).all()
    assert both.sum() == 15
    assert not side_fov(tmap, []).any()


def test_open_ground_gives_no_cover():
    lof = line_of_fire(grid_map("......"), (0, 0), (5, 0))
    assert lof.tiles == ((1, 0), (2, 0), (3, 0), (4, 0))
    assert (lof.blocked, lof.visible, lof.cover) == (False, True, Cover.NONE)
    assert (lof.distance_tiles, lof.elevation_delta) == (5, 0)


def test_a_solid_wall_between_blocks_the_shot_and_the_view():
    lof = line_of_fire(grid_map("..#..."), (0, 0), (5, 0))
    assert lof.blocked and not lof.visible


def test_water_and_hedges_do_not_block_fire():
    wet = line_of_fire(grid_map("..~~.."), (0, 0), (5, 0))
    assert not wet.blocked and wet.visible and wet.cover == Cover.NONE
    hedge = line_of_fire(grid_map("...&.."), (0, 0), (4, 0))
    assert not hedge.blocked and not hedge.visible
    assert hedge.cover == Cover.CONCEALMENT


def test_a_crate_next_to_the_target_gives_light_cover_but_not_next_to_the_shooter():
    assert line_of_fire(grid_map("....c."), (0, 0), (5, 0)).cover == Cover.LIGHT
    assert line_of_fire(grid_map(".c...."), (0, 0), (5, 0)).cover == Cover.NONE


def test_cover_off_the_line_does_not_count():
    tmap = grid_map(
        "......",
        "....c.",
    )
    assert line_of_fire(tmap, (0, 0), (5, 0)).cover == Cover.NONE


def test_diagonal_shot_takes_cover_from_the_crossed_tile_beside_the_target():
    tmap = grid_map(
        "....",
        "....",
        "..s.",
        "....",
    )
    lof = line_of_fire(tmap, (0, 0), (3, 3))
    assert lof.tiles == ((1, 1), (2, 2))
    assert lof.cover == Cover.HEAVY and lof.distance_tiles == 3


def test_the_best_cover_wins_and_the_targets_own_tile_counts():
    assert line_of_fire(grid_map("....;"), (0, 0), (4, 0)).cover == Cover.CONCEALMENT
    assert line_of_fire(grid_map("...s;"), (0, 0), (4, 0)).cover == Cover.HEAVY
    assert line_of_fire(grid_map("....u"), (0, 0), (4, 0)).cover == Cover.HEAVY


def test_high_ground_ignores_cover_two_levels_below():
    # Shooter at elevation 2 over a crate at 0: the crate no longer shields.
    down = line_of_fire(grid_map("2...c."), (0, 0), (5, 0))
    assert down.cover == Cover.NONE and down.elevation_delta == -2
    # One level up is not enough.
    assert line_of_fire(grid_map("1...c."), (0, 0), (5, 0)).cover == Cover.LIGHT
    # The target's own tile follows the same rule: tall grass seen from 2 above hides nothing.
    assert line_of_fire(grid_map("2....;"), (0, 0), (5, 0)).cover == Cover.NONE


def test_cover_on_the_high_ground_still_counts_for_a_shooter_below():
    tmap = grid_map("....c2", elevation={(4, 0): 2})
    up = line_of_fire(tmap, (0, 0), (5, 0))
    assert up.cover == Cover.LIGHT and up.elevation_delta == 2
    # ...and for a shooter on the same height.
    level = grid_map("2...c2", elevation={(4, 0): 2})
    assert line_of_fire(level, (0, 0), (5, 0)).cover == Cover.LIGHT


def test_shooting_ones_own_tile():
    lof = line_of_fire(grid_map("..."), (1, 0), (1, 0))
    assert lof.tiles == () and lof.visible and lof.distance_tiles == 0


def test_crossed_tiles_are_symmetric_where_plain_bresenham_is_not():
    a, b = (0, 0), (5, 2)
    assert crossed_tiles(a, b) == crossed_tiles(b, a)[::-1]


def test_bresenham_draws_the_same_points_as_tcod():
    # The Python line must match libtcod's point for point (every crossed-tile answer,
    # hence every cover and block, depends on it): every pair of a 12 × 12 map, and long
    # lines in every direction.
    import itertools

    import tcod.los
    tiles = list(itertools.product(range(12), range(12)))
    pairs = [(a, b) for a in tiles for b in tiles]
    pairs += [((0, 0), (dx, dy)) for dx in range(-40, 41, 3) for dy in range(-40, 41, 7)]
    for a, b in pairs:
        assert bresenham(a, b) == [tuple(p) for p in tcod.los.bresenham(a, b).tolist()], (a, b)
