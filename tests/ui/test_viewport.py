"""The board is never hidden: the map has its own viewport that no fixed panel covers
(the declarations column, a reaction panel and an action bar of more than two rows lie
over it at fixed places, issue 30 item 5), the camera keeps the acting unit and its
targets inside it, small maps are zoomed to fit, and all of it holds at the smallest
window (960×600) in every ruleset."""

from __future__ import annotations

import pytest

from game.rulesets import REGISTRY
from game.ui import battle_frame
from tests.ui.conftest import confirm_handover, field_battle, pump, start_screen

PANELS = ("top", "log", "preview", "bar", "params", "minimap")


def _close(a, b, tol=12) -> bool:
    return all(abs(int(x) - int(y)) <= tol for x, y in zip(a[:3], b[:3]))


def _panels(screen):
    from game.ui import hud
    out = [(k, r) for k, r in screen.rects.items() if k in PANELS and r is not None]
    d = screen.decision
    if d is not None and d.kind != "reaction" and hud.bar_rows(len(d.options), screen.rects["bar"].w) > 2:
        out = [(k, r) for k, r in out if k not in ("bar", "params")]   # a third row lies over the board
    return out


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
@pytest.mark.parametrize("ruleset_id", sorted(REGISTRY))
def test_no_panel_covers_the_board_and_the_actor_is_in_view(make_app, ruleset_id, size):
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    app = make_app()
    app.resize(size)
    battle = new_battle(maps_dir() / "woodland.tmx", ruleset_id, seed=5)
    screen = start_screen(app, battle)
    confirm_handover(app)
    pump(app, 2)
    view = screen.rects["view"]
    assert view.w >= 300 and view.h >= 200, view
    for name, rect in _panels(screen):
        assert not rect.colliderect(view), (name, rect, view)
    # the card's own place is off the board (a card with more lines rises over it)
    assert not battle_frame.layout(screen, size)["card"].colliderect(view)
    actor = battle.pending.actor
    free = screen.board.camera.safe   # the board less the declarations column, if open
    import pygame
    assert pygame.Rect(free).collidepoint(screen.board.camera.tile_centre(battle.tile(actor)))


def test_a_unit_at_the_right_edge_of_the_view_is_drawn_not_covered(make_app):
    """The old layout drew the log over the map's right side: a unit standing there
    was hidden under it. Now the map ends where the log begins."""
    from game.ui import theme
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 5), (2, "gunner", 38, 5)], w=40, h=12, seed=2)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    cam = screen.board.camera
    view = screen.rects["view"]
    enemy = next(u for u in battle.units() if battle.team(u) == 2)
    # scroll so that the enemy's tile is the last column the view shows
    cam.x = (39 * cam.tw) - (view.right - 8) / cam.zoom
    cam.clamp()
    pump(app)
    cx, cy = cam.tile_centre(battle.tile(enemy))
    assert view.collidepoint(cx, cy)
    r = screen.board.unit_radius()
    assert _close(app.surface.get_at((cx, cy + int(r * 0.6))), theme.team_colour(2))
    # and the pointer over the log does not hover a map tile
    from tests.ui.conftest import post_move
    post_move(screen.rects["log"].center)
    pump(app)
    assert screen.hover_tile is None


def test_a_small_map_is_zoomed_to_fill_the_view(make_app):
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    app = make_app()
    battle = new_battle(maps_dir() / "arena.tmx", "d20", seed=5)
    screen = start_screen(app, battle)
    confirm_handover(app)
    pump(app)
    cam, view = screen.board.camera, screen.rects["view"]
    assert cam.zoom > 1.0
    # the whole map is inside the view, and it takes most of the view's height or width
    x0, y0 = cam.to_screen(0, 0)
    x1, y1 = cam.to_screen(cam.world_w, cam.world_h)
    assert view.left <= x0 and x1 <= view.right and view.top <= y0 and y1 <= view.bottom
    assert max((x1 - x0) / view.w, (y1 - y0) / view.h) > 0.7


def test_a_target_picked_by_keyboard_is_scrolled_into_view(make_app):
    import pygame

    from tests.ui.conftest import press
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 19), (2, "gunner", 2, 5)], w=60, h=40, seed=2)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    opt = battle.pending.option("shoot")
    enemy = opt.targets[0]
    cam, view = screen.board.camera, screen.rects["view"]
    cam.centre_on_tile((2, 0))
    pump(app)
    assert not view.collidepoint(cam.tile_centre(battle.tile(enemy)))
    screen.controls.arm(opt)
    press(app, pygame.K_TAB)
    assert view.collidepoint(cam.tile_centre(battle.tile(enemy)))


def test_a_map_larger_than_the_view_gets_a_minimap_that_moves_the_view(make_app):
    from tests.ui.conftest import post_click
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 5), (2, "gunner", 50, 30)], w=60, h=40, seed=2)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    pump(app)
    mini = screen.rects.get("minimap")
    assert mini is not None and not mini.colliderect(screen.rects["view"])
    assert not mini.colliderect(screen.rects["log"])
    at = screen.minimap.image_rect
    cam = screen.board.camera
    # a click on the minimap's bottom-right centres the view there
    post_click((at.right - 3, at.bottom - 3))
    pump(app)
    sx, sy, sw, sh = cam._safe()
    cx, cy = cam.to_world(sx + sw / 2, sy + sh / 2)
    assert cx > cam.world_w * 0.6 and cy > cam.world_h * 0.6
    # a small map has none
    small = field_battle([(1, "gunner", 2, 2), (2, "gunner", 8, 2)], w=10, h=6, seed=2)
    screen = start_screen(app, small, sides={1: "human", 2: "human"}, speed=0)
    pump(app)
    assert "minimap" not in screen.rects
