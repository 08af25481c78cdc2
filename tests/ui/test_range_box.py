"""Weapon range boxes (issue 30 item 8): labelled, clipped to the map, and on the map's
own grid (diamonds on an isometric map)."""

from __future__ import annotations

import pygame

from game.ui import range_box
from game.ui.iso import IsoProjection


def test_a_range_that_passes_the_maps_edge_draws_only_the_sides_inside_it():
    # a unit at (2, 3) on a 20 x 10 map, reach 4: tiles 0..6 across (the left edge is
    # past x = -2: off the map), 0..7 down (-1: off), so the top and left sides go and
    # the right side (corner x 7) and bottom (corner y 8) run from the map's edge
    assert range_box.sides((2, 3), 4, 20, 10) == [
        ("right", (7, 0), (7, 8)),
        ("bottom", (0, 8), (7, 8)),
    ]
    # reach past the map on every side: nothing to draw
    assert range_box.sides((5, 5), 30, 20, 10) == []
    # well inside: the whole square
    assert [n for n, *_ in range_box.sides((10, 5), 2, 20, 10)] == ["top", "right", "bottom", "left"]


class _Tiles:
    tile_width, tile_height, width, height = 64, 32, 10, 10
    tiles: dict = {}
    render_layers: list = []


def test_on_an_isometric_map_the_sides_follow_the_diamonds_and_carry_a_label():
    pygame.display.init()
    surf = pygame.Surface((900, 500))
    proj = IsoProjection(_Tiles())
    drawn = []

    def dashed(surface, colour, pts, width):
        drawn.append(pts)
    box = range_box.draw(surf, proj.top_corner, (5, 5), 2, 10, 10, "first band 10 ft", (255, 196, 64),
                         True, dashed)
    assert box is not None and len(drawn) == 4
    # the top side runs along tile corners (3,3) to (8,3): on screen, down and to the
    # right (a diamond's edge), not level as a screen rectangle's would
    (ax, ay), (bx, by) = drawn[0]
    assert (ax, ay) == proj.top_corner(3, 3) and (bx, by) == proj.top_corner(8, 3)
    assert by - ay == (bx - ax) / 2   # the grid's 2:1 slope
    # the label sits on that side's middle
    assert box.center == (round(proj.top_corner(5.5, 3)[0]), round(proj.top_corner(5.5, 3)[1]))


def test_the_board_labels_the_armed_weapons_ranges_inside_the_board(make_app):
    from game.ui import rules_view
    from tests.ui.conftest import field_battle, pump, start_screen
    app = make_app()
    battle = next(b for b in (field_battle([(1, "gunner", 3, 4), (2, "gunner", 30, 4)], seed=s, w=60, h=10)
                              for s in range(100)) if b.pending.side == 1)
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, speed=0)
    shoot = next(o for o in screen.options() if o.offensive)
    screen.armed = shoot.key
    pump(app)
    ranges = rules_view.weapon_ranges(battle, battle.pending.actor)
    labels = dict(screen.rects["range_labels"])
    fpt = battle.map.feet_per_tile
    assert f"first band {ranges[0] * fpt} ft" in labels
    for box in labels.values():
        assert screen.rects["view"].contains(box)
