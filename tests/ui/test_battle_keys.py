"""The battle screen's keymap (game/ui/battle_keys.py): a key event becomes a named
command, as the tables say, and what a key means changes only with the moment (an
option armed or aiming, a person's decision, the battle over). Plain data in, plain
data out: no screen is needed to read it."""

from __future__ import annotations

import pygame

from game.engine.decisions import Option
from game.ui import battle_keys
from game.ui.battle_keys import Moment, command

IDLE = Moment(armed=False, aiming=False, deciding=False, over=False)
DECIDING = Moment(armed=False, aiming=False, deciding=True, over=False)
AIMING = Moment(armed=True, aiming=True, deciding=True, over=False)
OVER = Moment(armed=False, aiming=False, deciding=False, over=True)


def key(code, ch="", mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=code, unicode=ch, mod=mod, scancode=0)


def test_escape_disarms_an_armed_option_else_opens_the_pause_menu():
    assert command(key(pygame.K_ESCAPE), AIMING) == ("disarm", None)
    assert command(key(pygame.K_ESCAPE), DECIDING) == ("pause", None)
    assert command(key(pygame.K_ESCAPE), IDLE) == ("pause", None)


def test_undo_save_and_load_have_a_letter_and_a_ctrl_key():
    ctrl = pygame.KMOD_CTRL
    assert command(key(pygame.K_u, "u"), DECIDING) == ("undo", None)
    assert command(key(pygame.K_z, "\x1a", ctrl), DECIDING) == ("undo", None)
    assert command(key(pygame.K_u, "\x15", ctrl), DECIDING) is None      # Ctrl+U is nothing
    assert command(key(pygame.K_F5), IDLE) == command(key(pygame.K_s, "\x13", ctrl), IDLE) == ("save", None)
    assert command(key(pygame.K_F9), IDLE) == command(key(pygame.K_l, "\x0c", ctrl), IDLE) == ("load", None)


def test_the_arrows_move_the_cursor_only_while_an_option_aims():
    assert command(key(pygame.K_LEFT), AIMING) == ("cursor", (-1, 0))
    assert command(key(pygame.K_DOWN, mod=pygame.KMOD_SHIFT), AIMING) == ("cursor", (0, 5))   # Shift: 5 tiles
    armed_no_target = Moment(armed=True, aiming=False, deciding=True, over=False)
    assert command(key(pygame.K_LEFT), armed_no_target) == ("pan", (pygame.K_LEFT, None))
    assert command(key(pygame.K_UP), IDLE) == ("pan", (pygame.K_UP, None))
    assert command(key(pygame.K_RIGHT, mod=pygame.KMOD_CTRL), AIMING) == ("pan", (pygame.K_RIGHT, None))


def test_w_a_s_d_pan_as_the_arrow_they_stand_for_in_every_moment():
    for moment in (IDLE, DECIDING, AIMING):
        assert command(key(pygame.K_w, "w"), moment) == ("pan", (pygame.K_UP, pygame.K_w))
        assert command(key(pygame.K_d, "D", pygame.KMOD_SHIFT), moment) == ("pan", (pygame.K_RIGHT, pygame.K_d))


def test_space_skips_the_ais_turns_shows_the_results_at_the_end_and_does_nothing_on_a_persons_turn():
    assert command(key(pygame.K_SPACE, " "), IDLE) == ("skip", None)
    assert command(key(pygame.K_SPACE, " "), OVER) == ("results", None)
    assert command(key(pygame.K_SPACE, " "), DECIDING) is None


def test_a_decisions_own_keys_only_while_a_person_decides():
    assert command(key(pygame.K_RIGHTBRACKET, "]"), DECIDING) == ("param_next", None)
    assert command(key(pygame.K_LEFTBRACKET, "["), DECIDING) == ("param_back", None)
    assert command(key(pygame.K_BACKSLASH, "\\"), DECIDING) == ("next_parameter", None)
    assert command(key(pygame.K_BACKQUOTE, "`"), DECIDING) == ("next_option", None)
    assert command(key(pygame.K_f, "f"), DECIDING) == ("letter", "f")
    assert command(key(pygame.K_3, "3"), DECIDING) == ("number", 3)
    assert command(key(pygame.K_0, "0"), DECIDING) == ("number", 10)    # 0 is the tenth answer
    for code, ch in ((pygame.K_RIGHTBRACKET, "]"), (pygame.K_f, "f"), (pygame.K_3, "3")):
        assert command(key(code, ch), IDLE) is None


def test_the_rest_of_the_table():
    assert command(key(pygame.K_TAB), DECIDING) == ("cycle", 1)
    assert command(key(pygame.K_TAB, mod=pygame.KMOD_SHIFT), DECIDING) == ("cycle", -1)
    assert command(key(pygame.K_RETURN, "\r"), AIMING) == command(key(pygame.K_KP_ENTER), AIMING) == ("enter", None)
    assert command(key(pygame.K_COMMA, ","), IDLE) == command(key(pygame.K_COMMA, "<", pygame.KMOD_SHIFT), IDLE) \
        == ("slower", None)
    assert command(key(pygame.K_PERIOD, "."), IDLE) == ("faster", None)
    assert command(key(pygame.K_EQUALS, "="), IDLE) == command(key(pygame.K_KP_PLUS, "+"), IDLE) == ("zoom_in", None)
    assert command(key(pygame.K_MINUS, "-"), IDLE) == command(key(pygame.K_KP_MINUS), IDLE) == ("zoom_out", None)
    assert command(key(pygame.K_HOME), IDLE) == ("centre", None)
    assert command(key(pygame.K_PAGEUP), IDLE) == ("log_older", None)
    assert command(key(pygame.K_PAGEDOWN), IDLE) == ("log_newer", None)
    assert command(key(pygame.K_END), IDLE) == ("log_newest", None)


def test_the_hand_over_card_shows_the_board_on_enter_space_or_a_click_and_pauses_on_escape():
    for code in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        assert battle_keys.handover(key(code)) == "confirm"
    assert battle_keys.handover(key(pygame.K_ESCAPE)) == "pause"
    assert battle_keys.handover(key(pygame.K_f, "f")) is None
    assert battle_keys.handover(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5))) == "confirm"
    assert battle_keys.handover(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(5, 5))) is None


def test_the_help_lists_every_key_then_each_action_by_its_letter():
    opts = [Option(key="move", label="Move", cost="1 Action"), Option(key="end_turn", label="End turn"),
            Option(key="odd", label="No letter")]
    letters = {"move": "m", "end_turn": "e", "odd": ""}
    lines = battle_keys.help_lines(opts, lambda o: letters[o.key])
    assert lines[:len(battle_keys.HELP)] == battle_keys.HELP
    assert lines[len(battle_keys.HELP):] == [("M", "Move (1 Action)"), ("E", "End turn")]
