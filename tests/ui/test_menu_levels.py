"""The menu offers an AI level per side on the side's own row (Person, then each level),
so no row appears or disappears and the keyboard focus stays where it is."""

from __future__ import annotations

import pygame

from tests.ui.conftest import press, pump


def test_each_side_picks_person_or_an_ai_level_and_the_focus_stays(make_app):
    from game.ui.menu import MenuScreen, ruleset_levels
    app = make_app(sides={"1": "human", "2": "human"}, ruleset="d20", map="arena")
    menu = MenuScreen(app)
    app.screen = menu
    pump(app)
    rows = menu.rows()
    menu.focus = rows.index("side:2")
    press(app, pygame.K_RIGHT)                 # Person -> the weakest AI level
    levels = ruleset_levels("d20")
    assert app.settings.side(2) == "ai" and app.settings.level(2) == levels[0]
    assert menu.rows() == rows and menu.rows()[menu.focus] == "side:2"
    seed = menu.seed_text
    press(app, pygame.K_RIGHT)                 # the next key changes the same row, not the seed
    assert menu.seed_text == seed
    assert app.settings.level(2) == levels[1 % len(levels)]
    # side 1 an AI too, at another level: each side keeps its own
    menu.focus = rows.index("side:1")
    press(app, pygame.K_LEFT)                  # Person <- wraps to the strongest level
    assert app.settings.side(1) == "ai" and app.settings.level(1) == levels[-1]
    menu.start()
    screen = menu.next
    assert screen is not None and screen.ai_levels == {1: levels[-1], 2: levels[1 % len(levels)]}
    screen.leave()


def test_the_first_menu_frame_imports_neither_pygame_gui_nor_the_ai(make_app):
    import subprocess
    import sys
    code = ("import os, sys; os.environ['SDL_VIDEODRIVER']='dummy'; from pathlib import Path; "
            "from game.ui.app import App; a = App(settings_path=Path(os.devnull)); a.step(0.016); "
            "print(sorted(m for m in ('pygame_gui', 'tcod', 'pydantic', 'game.ai') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_demo_takes_its_speed_and_ignores_the_menus_last_one(make_app):
    from game.cli import build_parser
    from game.ui.app import demo_speed
    app = make_app(speed=0.0)                   # the menu's last choice was "instant"
    args = build_parser().parse_args(["demo", "--ruleset", "d20", "--map", "arena"])
    app.start_demo({"ruleset": "d20", "map": None, "seed": 3, "max_rounds": 5, "speed": demo_speed(args.speed)})
    assert app.screen.speed == 2.0 and app.screen.demo
    args = build_parser().parse_args(["demo", "--speed", "4"])
    assert demo_speed(args.speed) == 4.0
    app.screen.controls.set_speed(1.0)
    assert app.settings.speed == 0.0            # changing the demo's pace leaves the menu's alone
    app.screen.leave()
