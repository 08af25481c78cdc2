"""A screen does not act on a key or button pressed before it appeared (issue 30, item 1)."""

from __future__ import annotations

import pygame

from tests.ui.conftest import field_battle, pump


def _results(app):
    """A finished battle's results screen, come on as the battle screen's next one."""
    from game.ui.battle_screen import BattleScreen
    from game.ui.results import ResultsScreen
    battle = field_battle([(1, "gunner", 2, 3), (2, "gunner", 11, 3)], seed=7)
    app.screen = BattleScreen(app, battle, {1: "human", 2: "human"}, speed=0)
    pump(app)
    return battle, ResultsScreen


def _key(kind, key, ch=""):
    pygame.event.post(pygame.event.Event(kind, key=key, unicode=ch, mod=0, scancode=0))


def test_results_ignore_keys_held_from_the_battle(make_app):
    """R (Melee in d20, Play again on the results) is held while the battle ends: its
    repeats and its release do nothing on the results screen; a new press does."""
    from game.ui.results import ResultsScreen
    app = make_app()
    battle, _ = _results(app)
    battle_screen = app.screen
    for key, ch in ((pygame.K_r, "r"), (pygame.K_TAB, "\t"), (pygame.K_RETURN, "\r")):
        _key(pygame.KEYDOWN, key, ch)
    pump(app)
    # the battle ends while the keys are down: the results come on
    battle_screen.next = ResultsScreen(app, battle, battle_screen.sides)
    pump(app)
    results = app.screen
    assert isinstance(results, ResultsScreen)
    index = results.index
    for key, ch in ((pygame.K_r, "r"), (pygame.K_TAB, "\t"), (pygame.K_RETURN, "\r")):
        _key(pygame.KEYDOWN, key, ch)   # the keys' repeats
    pump(app)
    for key, ch in ((pygame.K_r, "r"), (pygame.K_TAB, "\t"), (pygame.K_RETURN, "\r")):
        _key(pygame.KEYUP, key, ch)
    pump(app)
    assert app.screen is results and results.index == index
    _key(pygame.KEYDOWN, pygame.K_TAB, "\t")   # pressed after the results appeared
    pump(app)
    assert app.screen is results and results.index == (index + 1) % len(results.actions())


def test_presses_queued_behind_a_switch_are_the_old_screens(make_app):
    """Events queued in the same frame as the switch were aimed at the screen before:
    the new screen ignores those presses (and their releases)."""
    from game.ui.results import ResultsScreen
    app = make_app()
    battle, _ = _results(app)
    bs = app.screen
    results = ResultsScreen(app, battle, bs.sides)

    def end_on_escape(event, old=bs.handle):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F5:
            bs.next = results
        else:
            old(event)
    bs.handle = end_on_escape
    _key(pygame.KEYDOWN, pygame.K_F5)
    _key(pygame.KEYDOWN, pygame.K_RETURN, "\r")   # queued before the results were drawn
    _key(pygame.KEYUP, pygame.K_RETURN, "\r")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    pump(app)
    assert app.screen is results


def test_a_held_mouse_button_is_ignored_until_released(make_app):
    from game.ui.results import ResultsScreen
    app = make_app()
    battle, _ = _results(app)
    bs = app.screen
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    pump(app)
    results = ResultsScreen(app, battle, bs.sides)
    bs.next = results
    pump(app)
    app.draw()   # lays out the buttons
    play_again = next(r for r, k, _ in results.buttons if k == "r")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=play_again.center, button=1))
    pump(app)
    assert app.screen is results
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=play_again.center, button=1))
    pump(app)
    assert app.screen is not results


def test_the_hand_over_ignores_a_held_enter(make_app):
    """Hotseat: Enter held as side 1's turn ends does not confirm side 2's hand-over."""
    from tests.ui.conftest import start_screen
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 5), (2, "gunner", 9, 5)], w=16, h=11, seed=2)
    _key(pygame.KEYDOWN, pygame.K_RETURN, "\r")
    pump(app)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    assert screen.handover is not None
    _key(pygame.KEYDOWN, pygame.K_RETURN, "\r")   # a repeat
    pump(app)
    assert screen.handover is not None
    _key(pygame.KEYUP, pygame.K_RETURN, "\r")
    _key(pygame.KEYDOWN, pygame.K_RETURN, "\r")
    pump(app)
    assert screen.handover is None


def test_a_pan_key_held_into_the_hand_over_does_not_pan_on(make_app):
    """The hand-over swallows the release of an arrow held from the turn before: the
    board must not go on panning by itself after it."""
    from tests.ui.conftest import confirm_handover, start_screen
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 5), (2, "gunner", 9, 5)], w=40, h=30, seed=2)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    _key(pygame.KEYDOWN, pygame.K_LEFT)
    pump(app)
    assert screen.panning.keys
    screen._fresh_view()   # a hand-over comes on while the arrow is down
    _key(pygame.KEYUP, pygame.K_LEFT)
    pump(app)
    cam = screen.board.camera
    before = (cam.x, cam.y)
    pump(app, 10, dt=0.1)
    assert not screen.panning.keys and (cam.x, cam.y) == before
