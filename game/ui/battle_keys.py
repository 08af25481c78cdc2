"""The battle screen's keymap: a key event becomes a named command (plain data).

The tables below say which key does what; `command` reads an event against them and
the few facts of the moment that change a key's meaning (an option armed, one aiming
at a target, a decision of a person's pending, the battle over). It never acts: the
battle screen's input part (battle_input.py) does what the command names.

A command is `(name, argument)`; the argument is None unless the name says what it
carries: a direction or a step, a typed letter or number.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.ui.panning import LETTERS   # the letters that pan like the arrows (never a hotkey)
from game.ui.screen import key_char


class Moment(NamedTuple):
    """What decides a key's meaning now."""

    armed: bool       # an option is armed (Esc disarms it)
    aiming: bool      # the armed option takes a target (the arrows move the cursor)
    deciding: bool    # a person's decision is pending (its keys: parameters, hotkeys)
    over: bool        # the battle is over (Space: the results)


#: Ctrl with a key
CTRL = {pygame.K_z: "undo", pygame.K_s: "save", pygame.K_l: "load"}

#: keys by their code, whatever the layout types
KEYS = {
    pygame.K_F5: "save", pygame.K_F9: "load",
    pygame.K_PAGEUP: "log_older", pygame.K_PAGEDOWN: "log_newer", pygame.K_END: "log_newest",
    pygame.K_KP_PLUS: "zoom_in", pygame.K_KP_MINUS: "zoom_out",
    pygame.K_HOME: "centre",
    pygame.K_RETURN: "enter", pygame.K_KP_ENTER: "enter",
}

#: keys by the character they type (so `,` and `<` are one key on most layouts)
CHARS = {
    "u": "undo", ",": "slower", "<": "slower", ".": "faster", ">": "faster",
    "+": "zoom_in", "=": "zoom_in", "-": "zoom_out",
}

#: a person's decision: the parameter row's keys and the bar's next option
DECIDING = {"[": "param_back", "]": "param_next", "\\": "next_parameter", "`": "next_option"}

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}

#: the hand-over card: these show the board to the next side; Esc, the pause menu
HANDOVER = {pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm", pygame.K_SPACE: "confirm",
            pygame.K_ESCAPE: "pause"}

#: the keys' words in the help overlay (`?`), in the order shown
HELP = [
    ("Left click", "act on a target / move to a tinted tile / select a unit"),
    ("Right click", "cancel the armed action; right or middle drag pans"),
    ("Wheel, + / -", "zoom (wheel over the log scrolls it)"),
    ("Arrows, WASD", "pan (with an action armed, arrows move the cursor; Shift: 5 tiles)"),
    ("Letter on a button", "pick that action (it keeps its letter all battle; 1-9 answer a reaction)"),
    ("F2", "how this ruleset plays (one page)"),
    ("U or Ctrl+Z", "undo the last answer that rolled no die and revealed nobody"),
    ("` (backquote)", "arm the next action that needs a target or a choice"),
    ("Tab / Shift+Tab", "next target (or next unit when nothing is armed; in a reaction, "
                        "the answer whose choices the picker row shows)"),
    ("Enter", "confirm at the cursor"),
    ("[ and ]", "change the selected parameter (fire mode, hit location...)"),
    ("\\", "next parameter"),
    ("Esc", "cancel the armed action, else the pause menu"),
    ("Home", "centre on the acting unit"),
    ("Click the panel title", "fold or show the declarations made this turn (when units declare)"),
    (", and .", "AI speed slower / faster (1×, 2×, 4×, instant)"),
    ("Space", "skip the AI's turns to the next decision of a person"),
    ("PageUp / PageDown, End", "scroll the combat log / back to the newest"),
    ("F5 or Ctrl+S", "save the battle"),
    ("F9 or Ctrl+L", "load the last save"),
]


def command(event, now: Moment) -> tuple[str, object] | None:
    """What a KEYDOWN `event` asks on the board at moment `now`, or None."""
    key, mod = event.key, getattr(event, "mod", 0)
    ch = key_char(event).lower()
    ctrl = mod & pygame.KMOD_CTRL
    if key == pygame.K_ESCAPE:
        return ("disarm" if now.armed else "pause"), None
    if ctrl and key in CTRL:
        return CTRL[key], None
    if ch == "u" and ctrl:
        return None   # (U alone undoes; no hotkey is U)
    if key in KEYS:
        return KEYS[key], None
    if ch in CHARS:
        return CHARS[ch], None
    if key == pygame.K_SPACE:
        if not now.deciding and not now.over:
            return "skip", None
        return ("results", None) if now.over else None
    if key == pygame.K_TAB:
        return "cycle", -1 if mod & pygame.KMOD_SHIFT else 1
    if key in ARROWS:
        if now.aiming and not ctrl:
            n = 5 if mod & pygame.KMOD_SHIFT else 1  # Shift: five tiles at a time
            return "cursor", (ARROWS[key][0] * n, ARROWS[key][1] * n)
        return "pan", (key, None)
    if now.deciding and ch in DECIDING:
        return DECIDING[ch], None
    if ch in LETTERS:
        return "pan", (LETTERS[ch], key)
    if now.deciding and ch.isdigit():
        return "number", int(ch) or 10
    if now.deciding and ch:
        return "letter", ch
    return None


def handover(event) -> str | None:
    """What a key or a click on the hand-over card asks: "confirm" or "pause"."""
    if event.type == pygame.KEYDOWN:
        return HANDOVER.get(event.key)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return "confirm"
    return None


def help_lines(options, letter_of) -> list[tuple[str, str]]:
    """The help overlay's lines: every key, then each action on offer by its letter."""
    return HELP + [(letter_of(opt).upper(), opt.label + (f" ({opt.cost})" if opt.cost else ""))
                   for opt in options if letter_of(opt)]
