"""Results, the replay viewer, the demo loop, and the window with no display."""

from __future__ import annotations

import argparse

import pygame

from tests.ui.conftest import field_battle, press, pump, start_screen, until


def _finish_ai_battle(app, battle):
    screen = start_screen(app, battle, sides={1: "ai", 2: "ai"}, speed=0)
    assert until(app, lambda: app.screen is not screen, frames=4000)
    return screen


def test_results_screen_after_an_ai_battle(make_app):
    """AI against AI at instant speed ends on the results screen with a strength chart."""
    from game.ui.results import ResultsScreen, strength_history
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 3), (1, "marksman", 2, 6), (2, "gunner", 11, 3),
                           (2, "brawler", 11, 6)], seed=5)
    _finish_ai_battle(app, battle)
    assert isinstance(app.screen, ResultsScreen) and battle.over
    hist = strength_history(battle)
    assert set(hist) == {1, 2}
    assert all(len(v) == battle.round + 1 for v in hist.values())
    assert all(v[0] == 1.0 for v in hist.values())
    if battle.winner is not None:
        loser = 1 if battle.winner == 2 else 2
        assert hist[loser][-1] == 0.0


def test_replay_viewer_steps_forward_and_back(make_app):
    """Stepping back re-simulates to step k: the state equals a fresh replay of k choices."""
    from game.engine.battle import Battle
    from game.ui.replay_viewer import ReplayViewer
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 3), (2, "gunner", 11, 3)], seed=7)
    _finish_ai_battle(app, battle)
    press(app, pygame.K_v, "v")
    viewer = app.screen
    assert isinstance(viewer, ReplayViewer) and viewer.step == 0
    for _ in range(3):
        press(app, pygame.K_RIGHT)
    assert viewer.step == 3
    press(app, pygame.K_LEFT)
    assert viewer.step == 2
    fresh = Battle(battle.map, battle.ruleset, battle.orders, seed=battle.seed)
    for c in battle.choices[:2]:
        fresh.submit(c)
    assert viewer.battle.digest() == fresh.digest()
    press(app, pygame.K_END)
    assert viewer.step == len(battle.choices) and viewer.battle.over
    assert viewer.battle.digest() == battle.digest()
    press(app, pygame.K_ESCAPE)
    assert app.screen.title == "Results"


def test_demo_loops_ai_battles_in_the_window(make_app, monkeypatch):
    """The demo plays AI against AI and moves on to the next battle after the results."""
    from game.ui.battle_screen import BattleScreen
    from game.ui.results import ResultsScreen
    app = make_app(speed=0.0)
    app.start_demo({"map": None, "ruleset": "d20", "seed": 3, "max_rounds": 2})
    first = app.screen
    assert isinstance(first, BattleScreen) and first.demo and not first.humans
    assert until(app, lambda: isinstance(app.screen, ResultsScreen), frames=6000)
    press(app, pygame.K_n, "n")
    assert isinstance(app.screen, BattleScreen) and app.screen.battle is not first.battle


def test_no_display_says_so_and_exits_2(monkeypatch, capsys):
    from game.ui import app as app_module
    for var in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(var, raising=False)
    status = app_module.run(argparse.Namespace())
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1 and "demo --headless" in err[0]
    assert app_module.run_demo(argparse.Namespace()) == 2


def test_pause_menu_returns_to_the_main_menu(make_app):
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 3), (2, "gunner", 11, 3)], seed=7)
    screen = start_screen(app, battle)
    press(app, pygame.K_RETURN, "\r")
    press(app, pygame.K_ESCAPE)
    assert screen.overlay == "pause"
    press(app, pygame.K_m, "m")
    press(app, pygame.K_y, "y")                      # yes, leave the battle
    assert app.screen.title == "Menu"
