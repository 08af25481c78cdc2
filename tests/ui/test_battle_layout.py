"""The battle screen's regions (game/ui/battle_layout.py, issue 30 "Shape" and item 5):
one object hands each part its rectangle, and the board's rectangle is the window's
alone: the same with one action or fourteen, a reaction panel, a minimap, the
declarations column open or folded. Every region lies in the window; the fixed parts
(top bar, right column, bottom strip) never overlap the board or each other."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui.battle_layout import Moment, regions

SIZES = [(1024, 600), (1280, 720), (1920, 1080), (800, 600), (2560, 1440)]
MOMENTS = [Moment(actions=a, minimap_aspect=m, declaring=d, decl_folded=f)
           for a, m, d, f in itertools.product((1, 4, 9, 14), (None, 0.5, 1.0, 3.0), (False, True), (False, True))
           if d or not f]


@pytest.mark.parametrize("size", SIZES)
def test_the_board_is_the_windows_alone(size):
    plain = regions(size).view
    for m in MOMENTS:
        assert regions(size, m).view == plain, m


@pytest.mark.parametrize("size", SIZES)
def test_every_region_lies_in_the_window_and_the_fixed_ones_apart(size):
    window = pygame.Rect((0, 0), size)
    for m in MOMENTS:
        r = regions(size, m)
        shown = r.as_dict()
        for name, rect in shown.items():
            assert window.contains(rect), (name, rect, m)
        fixed = {k: v for k, v in shown.items() if k in ("top", "strength", "minimap", "log", "preview", "card", "view")}
        for (a, ra), (b, rb) in itertools.combinations(fixed.items(), 2):
            assert not ra.colliderect(rb), (a, b, m)
        # the bar's first row and the parameter row stay out of the board while they fit the strip
        if m.actions <= 4:
            assert not r.bar.colliderect(r.view) and not r.params.colliderect(r.view), m


def test_by_hand_at_1280x720():
    # right column 320 wide (1280 // 4) at x 1280 - 320 - 6 = 954; the card 256 wide
    # (1280 // 5); the strip 214 high: two rows of 52 px buttons (12 + 2 * 52 + 6), the
    # parameter row (6 + 40) and a prompt line (46), from y 720 - 214 - 6 = 500; the
    # board is what is left: x 0..950, y 40..496
    r = regions((1280, 720))
    assert r.log.x == r.preview.x == 954
    assert r.card == pygame.Rect(6, 500, 256, 214)
    assert r.view == pygame.Rect(0, 40, 950, 456)
    # the declarations column lies over the board's left edge; the camera's free part
    # of the board starts right of it, unless it is folded
    d = regions((1280, 720), Moment(declaring=True))
    assert d.decl.x == 6 and d.free.x == d.decl.right + 4 and d.view == r.view
    assert regions((1280, 720), Moment(declaring=True, decl_folded=True)).free == r.view
