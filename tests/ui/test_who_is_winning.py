"""Who is winning (issue 30 item 11): a side-strength bar in battle and demo, the demo
zoomed to fit the window, and at instant speed a pause on fate's round resolution."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui import strength_bar
from game.ui.snapshot import UnitView
from tests.ui.conftest import pump, start_screen


def _unit(uid, team, hp, max_hp, active=True):
    return UnitView(uid, f"U{uid}", team, (0, 0), hp, max_hp, active, "standing", "gunner")


def test_a_sides_strength_is_its_health_still_fighting_over_its_whole():
    units = [_unit(1, 1, 10, 16), _unit(2, 1, 16, 16),          # side 1: 26 of 32
             _unit(3, 2, 5, 20), _unit(4, 2, 9, 12, active=False),  # side 2: 5 of 32 (a unit down counts 0)
             _unit(5, 3, None, None)]                            # no hit points: 1 of 1 while fighting
    assert strength_bar.side_strength(units) == {1: (26.0, 32.0), 2: (5.0, 32.0), 3: (1.0, 1.0)}
    # while a turn plays out, the board's hit points (a blow not yet drawn) count
    assert strength_bar.side_strength(units, {1: 16})[1] == (32.0, 32.0)


def test_the_bar_splits_by_strength_now_and_a_hidden_side_is_grey():
    surf = pygame.Surface((400, 40))
    rect = pygame.Rect(0, 0, 300, 22)
    parts = dict(strength_bar.draw(surf, rect, {1: (30.0, 40.0), 2: (10.0, 40.0)}))
    bar_w = parts[1].w + parts[2].w
    # 30 : 10 of the bar, to the pixel's rounding
    assert abs(parts[1].w - round(bar_w * 0.75)) <= 1 and parts[1].right == parts[2].x
    # under fog side 2 is grey and as wide as side 1 (the mean of the known parts)
    parts = dict(strength_bar.draw(surf, rect, {1: (30.0, 40.0), 2: (10.0, 40.0)}, hidden={2}))
    assert abs(parts[1].w - parts[2].w) <= 1
    assert surf.get_at(parts[2].move(0, 0).center)[:3] == (90, 94, 102)


def test_the_battle_draws_the_bar_in_the_right_column(make_app):
    from tests.ui.conftest import field_battle
    app = make_app()
    battle = field_battle([(1, "gunner", 3, 4), (2, "gunner", 10, 4)], seed=3)
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, speed=0)
    pump(app)
    parts = dict(screen.rects["strength_parts"])
    assert set(parts) == {1, 2}
    assert screen.rects["strength"].bottom <= screen.rects["log"].y
    assert not screen.rects["strength"].colliderect(screen.rects["view"])


def _demo(app, map_name, ruleset="fate"):
    from game.engine.setup import new_battle
    from game.ui.battle_screen import BattleScreen
    battle = new_battle(Path("maps") / f"{map_name}.tmx", ruleset, seed=4)
    screen = BattleScreen(app, battle, {1: "ai", 2: "ai"}, speed=0, demo=True)
    app.screen = screen
    pump(app)
    return battle, screen


def test_the_demo_shows_the_whole_map_and_refits_when_the_window_grows(make_app):
    from game.ui.app import App
    from game.ui.settings import Settings
    app = App(size=(1920, 1080), settings=Settings(sides={"1": "ai", "2": "ai"}, seed=5))
    battle, screen = _demo(app, "woodland")
    cam, view = screen.board.camera, screen.rects["view"]
    # the woodland is larger than the board at 1x: the demo shrinks it to fit
    assert cam.world_w * cam.zoom <= view.w and cam.world_h * cam.zoom <= view.h
    assert cam.world_h * cam.zoom >= view.h - 40   # and fills the board's height
    app.resize((1280, 720))
    pump(app)
    view = screen.rects["view"]
    assert cam.world_w * cam.zoom <= view.w and cam.world_h * cam.zoom <= view.h


def test_a_fitted_battle_refits_on_resize_but_a_players_zoom_stays(make_app):
    from tests.ui.conftest import field_battle
    app = make_app()   # 1280x720
    battle = field_battle([(1, "gunner", 3, 4), (2, "gunner", 10, 4)], seed=3)
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, speed=0)
    cam = screen.board.camera
    small = cam.zoom
    app.resize((1920, 1080))
    pump(app)
    assert cam.zoom > small   # The Pit in a quarter of the window no more
    cam.zoom_at(-1, 300, 300)
    chosen = cam.zoom
    app.resize((1280, 720))
    pump(app)
    assert cam.zoom == chosen


def test_at_instant_speed_a_fate_resolution_stays_to_be_read(make_app):
    from game.ui.app import App
    from game.ui.settings import Settings
    from game.ui import ai_seats
    app = App(size=(1280, 720), settings=Settings(sides={"1": "ai", "2": "ai"}, seed=5))
    battle, screen = _demo(app, "arena")
    for _ in range(4000):   # AI declarations at instant speed, until the round resolves
        pump(app, dt=0.01)
        if screen.seats.read_hold > 0:
            break
    assert screen.seats.read_hold >= ai_seats.READ_HOLD[0]
    notes = [e for e in battle.log if type(e).__name__ == "Note" and str(e.text).startswith("—")]
    assert notes, "the round resolved"
    held_at = len(battle.choices)
    for _ in range(20):   # a second of frames: nothing more is decided
        pump(app, dt=0.05)
    assert len(battle.choices) == held_at
    # Space ends the pause at once
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, unicode=" ", mod=0, scancode=0))
    for _ in range(200):
        pump(app, dt=0.01)
        if len(battle.choices) > held_at:
            break
    assert len(battle.choices) > held_at
