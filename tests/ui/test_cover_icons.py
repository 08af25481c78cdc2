"""Cover as icons on the tiles a move can reach, per side (issue 30 item 7).

The world's line of fire (`game.world.sight._line_of_fire`) is shielded by the
target's own tile or the last tile the line crosses, the neighbour on the shooter's
side; a sight-blocking wall stops the line. The field (10x8, built in code): heavy
cover at (5,4), light at (5,6), concealment at (2,2), a wall at (8,4).
"""

from __future__ import annotations

import pygame

from game.ui import cover_icons
from game.world.tactical_map import Cover
from tests.ui.conftest import field_map

HEAVY, LIGHT, CONCEALED = int(Cover.HEAVY), int(Cover.LIGHT), int(Cover.CONCEALMENT)


def _field():
    return field_map([(1, "gunner", 0, 0), (2, "gunner", 9, 7)], w=10, h=8, walls=[(8, 4)],
                     cover={(5, 4): Cover.HEAVY, (5, 6): Cover.LIGHT, (2, 2): Cover.CONCEALMENT})


def test_each_reachable_tile_is_marked_per_side():
    tmap = _field()
    found = cover_icons.marks(tmap, [(4, 4), (6, 4), (5, 5), (2, 2), (7, 4), (0, 7)])
    assert sorted(found) == sorted([
        ((4, 4), (1, 0), HEAVY),        # the rock east of it
        ((6, 4), (-1, 0), HEAVY),       # the rock west of it
        ((5, 5), (0, -1), HEAVY),       # rock to the north, crate to the south
        ((5, 5), (0, 1), LIGHT),
        ((2, 2), None, CONCEALED),      # its own concealment, from every side
        ((7, 4), (1, 0), HEAVY),        # a wall: no line through it
    ])                                  # (0, 7): open ground, nothing


def test_the_move_preview_says_where_the_cover_is():
    tmap = _field()
    assert cover_icons.describe(tmap, (5, 5)) == "none; heavy from the north; light from the south"
    assert cover_icons.describe(tmap, (2, 2)) == "concealment"
    assert cover_icons.describe(tmap, (0, 7)) == "none"


def test_the_board_draws_a_whole_shield_by_the_rock():
    from game.ui.board import BoardRenderer
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    tmap = _field()
    board = BoardRenderer(tmap)
    bands = {(4, 4): 0, (0, 7): 0}
    board.set_move(bands)
    drawn = board._static()
    tw, th = tmap.tile_width, tmap.tile_height
    # the mark for the east side sits 0.3 of a tile east of (4,4)'s centre
    at = (round((4.5 + 0.3) * tw), round(4.5 * th))
    assert tuple(drawn.get_at(at))[:3] == cover_icons.FILL
    # open ground has none: the centre of (0,7) and its edges are the band, not a mark
    for dx, dy in cover_icons.SIDES:
        p = (round((0.5 + 0.3 * dx) * tw), round((7.5 + 0.3 * dy) * th))
        if 0 <= p[0] < drawn.get_width() and 0 <= p[1] < drawn.get_height():
            assert tuple(drawn.get_at(p))[:3] != cover_icons.FILL
    # a unit standing on a reached tile gets no marks there
    board.set_move(bands, occupied=[(4, 4)])
    assert board.cover_marks == []
