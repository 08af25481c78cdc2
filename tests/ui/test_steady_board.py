"""The board keeps its rectangle and the camera stays still unless the player moves it
(issue 30, item 5): the action bar's extra rows, a reaction panel, the declarations
column and the minimap lie over the board at fixed places instead of resizing it."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.engine.decisions import DECLARE, REACTION, Option
from game.ui import battle_frame
from tests.ui.conftest import confirm_handover, pump, start_screen


def _screen(make_app, size, ruleset_id="d20", map_name="woodland.tmx"):
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    app = make_app()
    app.resize(size)
    battle = new_battle(maps_dir() / map_name, ruleset_id, seed=5)
    screen = start_screen(app, battle)
    confirm_handover(app)
    pump(app)
    return app, screen


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_board_rectangle_is_the_same_with_and_without_each_panel(make_app, size):
    app, screen = _screen(make_app, size)
    d = screen.decision
    assert d is not None
    plain = battle_frame.layout(screen, size)["view"]
    many = tuple(Option(f"x{i}", f"Action {i}", "1 Action", "none", ()) for i in range(14))
    states = {
        "two-row bar": dataclasses.replace(d, options=many[:9]),
        "many-row bar": dataclasses.replace(d, options=many),
        "reaction": dataclasses.replace(d, kind=REACTION, options=many[:6]),
    }
    for name, decision in states.items():
        screen.decision = decision
        assert battle_frame.layout(screen, size)["view"] == plain, name
    screen.decision = d
    for collapsed in (False, True):
        screen.decl, screen.decl_panel.folded = object(), collapsed
        out = battle_frame.layout(screen, size)
        assert "decl" in out and out["view"] == plain, ("declarations", collapsed)
    screen.decl, screen.decl_panel.folded = None, False
    cam = screen.board.camera
    cam.zoom_at(1, *plain.center)
    cam.zoom_at(1, *plain.center)
    out = battle_frame.layout(screen, size)
    assert "minimap" in out and out["view"] == plain, "minimap"
    # and drawn: the frame with every panel keeps it too
    pump(app)
    assert screen.rects["view"] == plain


def test_fate_declarations_do_not_move_the_camera(make_app):
    """Each unit of a fate round declares in turn: the camera stays where it is while
    the unit asked is on the board."""
    app, screen = _screen(make_app, (1280, 720), ruleset_id="fate", map_name="arena.tmx")
    battle = screen.battle
    cam = screen.board.camera
    moved = checked = 0
    for _ in range(6):
        d = screen.decision
        if d is None or d.kind != DECLARE:
            break
        before = (cam.x, cam.y, cam.zoom)
        opt = next((o for o in d.options if o.target_kind == "none" and o.key != "end_turn"), None)
        if opt is None:
            break
        screen.controls.commit(opt, None)
        pump(app)
        if screen.handover is not None:
            confirm_handover(app)
        nxt = screen.decision
        if nxt is None or nxt.kind != DECLARE:
            break
        view = pygame.Rect(cam.safe)
        if view.collidepoint(cam.tile_centre(battle.tile(nxt.actor))):
            checked += 1
            moved += (cam.x, cam.y, cam.zoom) != before
    assert checked >= 2 and moved == 0
