"""The window's demo and `play` take what the headless commands take (issue 29's "Left"):
`demo --squad/--ai` plays those squads at those levels, battle after battle; `play --ai`
sets the sides the AI plays and at which level. Bad values are one line, before any window."""

from __future__ import annotations

import argparse

import pygame

import game.cli


def _captured(monkeypatch) -> dict:
    opened: dict = {}
    monkeypatch.setattr(game.cli, "_open_window", lambda args, entry: opened.setdefault(entry, args) and 0)
    return opened


def test_window_demo_plays_the_squads_and_levels_it_is_given(monkeypatch, make_app):
    from game.replay import default_map
    from game.ui.app import demo_speed
    opened = _captured(monkeypatch)
    assert game.cli.main(["demo", "--squad", "1=scout,scout", "--ai", "2=hard", "--seed", "4"]) == 0
    args = opened["run_demo"]
    # squads and levels belong to a ruleset and map: d20 and woodland, as --headless
    assert args.ruleset == "d20" and args.map == default_map()
    assert args.battle_squads["squads"] == {1: ("scout", "scout")} and args.ai_levels == {2: "hard"}

    app = make_app(speed=0.0)
    app.start_demo({"map": args.map, "ruleset": "d20", "seed": 4, "max_rounds": 2, "speed": demo_speed(None),
                    "chosen": args.battle_squads, "levels": args.ai_levels})
    for _ in range(2):  # the loop's next battle is fielded the same way, with a new seed
        screen = app.screen
        assert [o.template for o in screen.battle.orders if o.team == 1] == ["scout", "scout"]
        assert screen.ai_levels == {1: "normal", 2: "hard"}
        screen.leave()
        app.screen = app.next_demo_battle()
        assert app.screen.battle.seed != screen.battle.seed
    app.screen.leave()


def test_window_demo_refuses_bad_squads_and_levels_in_one_line(monkeypatch, capsys):
    _captured(monkeypatch)
    assert game.cli.main(["demo", "--squad", "1=nobody"]) == 2
    assert capsys.readouterr().err.startswith("error: --squad: d20 has no unit template or archetype 'nobody'")
    assert game.cli.main(["demo", "--ruleset", "fivebyfive", "--ai", "2=hard"]) == 2
    assert capsys.readouterr().err.startswith("error: --ai: fivebyfive has no 'hard' AI yet")
    assert game.cli.main(["demo", "--ai", "3=hard"]) == 2
    assert capsys.readouterr().err.startswith("error: --ai: the map has no side 3")


def test_play_ai_sets_the_sides_the_ai_plays(monkeypatch, capsys, tmp_path):
    from game.replay import maps_dir
    from game.ui import app as app_module
    opened = _captured(monkeypatch)
    assert game.cli.main(["play", "--ai", "2=hard"]) == 0
    assert opened["run"].ai_sides == {2: "hard"}
    assert game.cli.main(["play", "--ai", "2=godlike"]) == 2
    assert capsys.readouterr().err.startswith("error: --ai: unknown AI level 'godlike'")
    assert game.cli.main(["play", "--ruleset", "fivebyfive", "--ai", "1=hard"]) == 2
    assert capsys.readouterr().err.startswith("error: --ai: fivebyfive has no 'hard' AI yet")
    assert game.cli.main(["play", "--map", "arena", "--ai", "5=easy"]) == 2
    assert capsys.readouterr().err.startswith("error: --ai: the map has no side 5")

    seen = {}

    def loop(self):
        seen["screen"] = self.screen
        pygame.display.quit()
    monkeypatch.setattr(app_module.App, "loop", loop)
    status = app_module.run(argparse.Namespace(map=maps_dir() / "arena.tmx", ruleset="d20", seed=3,
                                               ai_sides={1: "easy", 2: "hard"}))
    screen = seen["screen"]
    assert status == 0 and not screen.humans and screen.ai_levels == {1: "easy", 2: "hard"}
    screen.leave()
