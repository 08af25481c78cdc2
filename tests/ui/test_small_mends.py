"""Issue 30, item 12: leaving right after a load asks nothing; the pause menu has the
settings (and the battle comes back from them); `play --map X` opens the battle."""

from __future__ import annotations

import argparse

import pygame

from tests.ui.conftest import confirm_handover, field_battle, pump, start_screen


def _pause_pick(app, label):
    screen = app.screen
    screen.overlay = "pause"
    pump(app)
    labels = screen.pause.labels()
    rect = screen.rects["pause_items"][labels.index(label)]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    pump(app)


def test_leaving_right_after_a_load_asks_nothing(make_app):
    from game.ui.menu import MenuScreen
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    app = make_app()
    battle = new_battle(maps_dir() / "arena.tmx", "d20", seed=2)   # a save names its map file
    screen = start_screen(app, battle, speed=0)
    confirm_handover(app)
    path = screen.controls.save()
    assert path is not None
    screen.controls.quickload(path)
    pump(app)
    loaded = app.screen
    assert loaded is not screen and loaded.saved_at == len(loaded.battle.choices)
    confirm_handover(app)
    _pause_pick(app, "Main menu")
    assert isinstance(app.screen, MenuScreen)


def test_leaving_after_a_move_still_asks(make_app):
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 5), (2, "gunner", 9, 5)], w=16, h=11, seed=2)
    screen = start_screen(app, battle, speed=0)
    confirm_handover(app)
    _pause_pick(app, "Main menu")
    assert app.screen is screen and screen.question is not None
    assert "not saved" in screen.question.text


def test_the_pause_menu_opens_the_settings_and_comes_back(make_app):
    from game.ui.settings_screen import SettingsScreen
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 5), (2, "gunner", 9, 5)], w=16, h=11, seed=2)
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, speed=0)
    confirm_handover(app)
    _pause_pick(app, "Settings")
    assert isinstance(app.screen, SettingsScreen)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b", mod=0, scancode=0))
    pump(app)
    assert app.screen is screen and not screen.suspended


def test_play_with_a_map_opens_the_battle(monkeypatch, tmp_path):
    from game.replay import maps_dir
    from game.ui import app as app_module
    from game.ui.battle_screen import BattleScreen
    seen = {}

    def loop(self):
        seen["screen"] = self.screen
        pygame.display.quit()
    monkeypatch.setattr(app_module.App, "loop", loop)
    status = app_module.run(argparse.Namespace(map=maps_dir() / "arena.tmx", ruleset="d20", seed=3))
    assert status == 0 and isinstance(seen["screen"], BattleScreen)
    assert seen["screen"].battle.map.name and seen["screen"].battle.seed == 3
