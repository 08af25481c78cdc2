"""Questions before what cannot be taken back: ending a turn with actions left (once,
with "don't ask again"), leaving a battle for the menu, loading over it."""

from __future__ import annotations

import pygame

from tests.ui.conftest import confirm_handover, field_battle, press, pump, start_screen


def _screen(make_app, **settings):
    app = make_app(**settings)
    battle = field_battle([(1, "gunner", 3, 4), (2, "gunner", 10, 4)], seed=2)
    screen = start_screen(app, battle)
    confirm_handover(app)
    return app, battle, screen


def test_ending_a_turn_with_actions_left_asks_once_and_logs_it(make_app):
    app, battle, screen = _screen(make_app, confirm_end_turn=True)
    actor = battle.pending.actor
    name = screen.view.units[actor].name
    choices = len(battle.choices)
    press(app, pygame.K_e, "e")
    assert screen.question is not None and name in screen.question.text
    assert len(battle.choices) == choices                 # nothing ended yet
    press(app, pygame.K_ESCAPE)                            # no: the turn goes on
    assert screen.question is None and battle.pending.actor == actor
    press(app, pygame.K_e, "e")
    press(app, pygame.K_d, "d")                            # don't ask again
    press(app, pygame.K_RETURN, "\r")
    assert len(battle.choices) == choices + 1 and battle.choices[-1].option == "end_turn"
    assert any(f"{name} ends its turn with actions left" in t for t in screen.log.texts())
    assert app.settings.confirm_end_turn is False


def test_leaving_for_the_menu_and_loading_over_a_battle_ask_first(make_app):
    app, battle, screen = _screen(make_app)
    press(app, pygame.K_ESCAPE)                            # pause
    assert screen.overlay == "pause"
    labels = screen.pause.labels()
    screen.pause.index = labels.index("Main menu")
    press(app, pygame.K_RETURN, "\r")
    assert screen.question is not None and app.screen is screen
    press(app, pygame.K_n, "n")
    assert screen.question is None and app.screen is screen
    press(app, pygame.K_F9)
    assert screen.question is not None and "Load the last save" in screen.question.text
    press(app, pygame.K_ESCAPE)
    assert app.screen is screen
    press(app, pygame.K_ESCAPE)
    screen.pause.index = labels.index("Main menu")
    press(app, pygame.K_RETURN, "\r")
    press(app, pygame.K_RETURN, "\r")                      # yes
    pump(app)
    assert type(app.screen).__name__ == "MenuScreen"
