"""Movement on tiny hand-drawn maps (rows are y; legend in worldkit).

Rules checked: every step costs the entered tile's move cost, diagonals the same
as straight steps; walls, water and blocked tiles cannot be entered; a diagonal
may not cut the corner of a non-walkable tile; paths are legal and cost what
``cost`` says.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.world.paths import UNREACHABLE, chebyshev, reach
from tests.world.worldkit import grid_map


def test_chebyshev():
    assert chebyshev((0, 0), (3, 1)) == 3
    assert chebyshev((2, 5), (2, 5)) == 0
    assert chebyshev((4, 0), (0, 4)) == 4


def test_open_ground_costs_the_chebyshev_distance():
    tmap = grid_map(*["....."] * 5)
    costs = reach(tmap, (2, 2), 5).cost
    for x in range(5):
        for y in range(5):
            assert costs[x, y] == chebyshev((2, 2), (x, y))


def test_rough_ground_costs_its_move_cost_to_enter():
    costs = reach(grid_map(".%%.."), (0, 0), 10).cost
    assert costs[:, 0].tolist() == [0, 2, 4, 5, 6]
    # Leaving rough ground is cheap: only the tile entered counts.
    assert reach(grid_map("%...."), (0, 0), 10).cost[1, 0] == 1


def test_walls_and_water_cannot_be_entered():
    r = reach(grid_map("..#..", "..~..", "..#.."), (0, 1), 10)
    assert r.cost[2, 0] == r.cost[2, 1] == UNREACHABLE
    assert r.cost[4, 1] == UNREACHABLE
    assert r.tiles(100) == [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]


def test_diagonal_steps_do_not_cut_corners():
    tmap = grid_map(
        ".#.",
        "...",
    )
    r = reach(tmap, (0, 0), 5)
    # (0,0) -> (1,1) would cut the wall at (1,0): it takes two steps instead.
    assert r.cost[1, 1] == 2
    assert r.path_to((1, 1)) == [(0, 1), (1, 1)]


def test_no_squeezing_between_two_diagonal_walls():
    tmap = grid_map(
        ".#",
        "#.",
    )
    assert reach(tmap, (0, 0), 5).cost[1, 1] == UNREACHABLE


def test_a_crate_corner_also_stops_the_diagonal_but_open_corners_do_not():
    tmap = grid_map(
        "...",
        ".c.",
        "...",
    )
    r = reach(tmap, (0, 0), 5)
    assert r.cost[2, 2] == 4  # around the crate: no diagonal touches its corners
    assert r.cost[2, 0] == 2


def test_blocked_tiles_cannot_be_entered_but_the_movers_own_tile_is_fine():
    tmap = grid_map("....", "....")
    r = reach(tmap, (0, 0), 5, blocked=[(0, 0), (1, 0), (1, 1)])
    assert r.cost[1, 0] == r.cost[1, 1] == UNREACHABLE
    assert r.cost[0, 1] == 1
    assert r.cost[2, 0] == UNREACHABLE  # the blocked pair walls the map off
    # Units do not stop diagonals around their corners, terrain does.
    r = reach(tmap, (0, 0), 5, blocked=[(1, 0)])
    assert r.cost[1, 1] == 1


def test_tiles_within_budget_are_sorted_and_exclude_the_start():
    tmap = grid_map("....%", "....#")
    r = reach(tmap, (0, 0), 2)
    assert r.tiles() == [(0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]
    assert r.tiles(1) == [(0, 1), (1, 0), (1, 1)]
    assert (4, 0) not in r.tiles(4) and (4, 0) in r.tiles(5)  # 3 steps, then rough (2)


def test_path_to_starts_after_the_start_and_ends_on_the_tile():
    tmap = grid_map(
        ".....",
        ".###.",
        ".%%%.",  # rough, so the way round the north is the one cheapest path
    )
    r = reach(tmap, (0, 1), 10)
    path = r.path_to((4, 1))
    assert path[-1] == (4, 1) and (0, 1) not in path
    # Round the wall's ends without cutting their corners: 6 steps, not 4.
    assert path == [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (4, 1)]
    assert r.cost[4, 1] == 6
    assert r.path_to((0, 1)) == []
    with pytest.raises(ValueError, match="cannot be reached"):
        r.path_to((2, 1))


@st.composite
def grids(draw):
    w, h = draw(st.integers(2, 8)), draw(st.integers(2, 8))
    cells = draw(st.lists(st.sampled_from("....%#"), min_size=w * h, max_size=w * h))
    rows = ["".join(cells[y * w:(y + 1) * w]) for y in range(h)]
    return rows


@settings(max_examples=80, deadline=None)
@given(grids(), st.data())
def test_every_path_is_legal_and_costs_what_reach_says(rows, data):
    tmap = grid_map(*rows)
    start = data.draw(st.tuples(st.integers(0, tmap.width - 1), st.integers(0, tmap.height - 1)))
    r = reach(tmap, start, 4)
    for tile in r.tiles(UNREACHABLE - 1):
        path = r.path_to(tile)
        assert path[-1] == tile
        total, here = 0, start
        for step in path:
            dx, dy = step[0] - here[0], step[1] - here[1]
            assert max(abs(dx), abs(dy)) == 1
            assert tmap.walkable[step]
            if dx and dy:  # no corner cutting
                assert tmap.walkable[here[0] + dx, here[1]] and tmap.walkable[here[0], here[1] + dy]
            total += int(tmap.move_cost[step])
            here = step
        assert total == r.cost[tile]


def test_an_earlier_reach_stays_right_after_later_ones_on_the_same_map():
    tmap = grid_map(".....", ".....", ".....")
    first = reach(tmap, (0, 0), 5)
    reach(tmap, (4, 2), 5, blocked=[(1, 0), (1, 1), (1, 2)])
    assert first.cost[4, 2] == 4
    assert first.path_to((2, 0)) == [(1, 0), (2, 0)]


def test_reach_follows_changes_to_the_map_once_told():
    """The compiled graph is kept per map without comparing grids on every call; code
    that changes the terrain (e.g. a ruleset raising a barrier) says so with forget()."""
    from game.world.paths import forget
    tmap = grid_map("...", "...")
    assert reach(tmap, (0, 0), 5).cost[2, 0] == 2
    tmap.walkable[1, :] = False
    forget(tmap)
    assert reach(tmap, (0, 0), 5).cost[2, 0] == UNREACHABLE
    tmap.walkable[1, :] = True
    tmap.move_cost[1, :] = 3
    forget(tmap)
    assert reach(tmap, (0, 0), 5).cost[2, 0] == 4


def _bends(start, path):
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip([start] + path, path)]
    return sum(1 for a, b in zip(steps, steps[1:]) if a != b)


def test_an_open_ground_path_bends_once_at_most_instead_of_zig_zagging():
    # Diagonals cost as much as straight steps, so many routes tie; the path keeps its
    # heading where it can (issue 18: "the path preview does not zig-zag").
    tmap = grid_map(*["." * 12] * 8)
    r = reach(tmap, (0, 0), 20)
    for goal in [(6, 2), (2, 6), (11, 7), (7, 3), (5, 0), (9, 5)]:
        path = r.path_to(goal)
        assert len(path) == chebyshev((0, 0), goal)
        assert _bends((0, 0), path) <= 1, (goal, path)


def test_a_straight_line_stays_straight_beside_rough_ground():
    # Rough ground on either side does not pull the path off its line.
    tmap = grid_map("%%%%%%%", ".......", "%%%%%%%")
    assert reach(tmap, (0, 1), 10).path_to((6, 1)) == [(x, 1) for x in range(1, 7)]


def test_around_a_wall_the_path_still_costs_the_least_and_bends_little():
    tmap = grid_map(".........", "....#....", "....#....", "....#....", ".........")
    r = reach(tmap, (0, 2), 20)
    path = r.path_to((8, 2))
    assert len(path) == r.cost[8, 2] == 8
    assert _bends((0, 2), path) <= 3, path


def test_no_detour_that_chebyshev_distance_would_not_charge_for():
    # Seen under Xvfb on woodland: paths dipped a row off their way and back (a V),
    # which costs nothing extra when diagonals cost as much as straight steps. Of the
    # cheapest routes the path takes the fewest diagonal steps. Here, past the gap at
    # (4, 1), it used to step down to (2, 2) and back up: 5 diagonals where 3 do.
    tmap = grid_map("....#...", "........", "....#...", "....#...", "....#...")
    path = reach(tmap, (7, 4), 20).path_to((0, 0))
    assert (4, 1) in path and len(path) == 8
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip([(7, 4)] + path, path)]
    assert sum(1 for dx, dy in steps if dx and dy) == 3
    assert (2, 2) not in path
