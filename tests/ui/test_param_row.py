"""The parameter row: every picker stays inside its panel, however many values.

Seen under Xvfb: an Action Block Ghost Hunter's Cast Spell row (five spells, ghost
points 12 to 1, speed modifiers) ran 300 px past the middle column and drew over the
"Your move" panel. The many-valued picker now folds into a `< value >` stepper.
"""

from __future__ import annotations

import pygame

from game.engine.decisions import TARGET_NONE, Option

SPELLS = ("elemental", "health recovery", "gale burst", "gather mist", "spell barrier")
GHOST = tuple(range(12, 0, -1))


def _cast(params) -> Option:
    return Option("cast", "Cast Spell", "", TARGET_NONE, (), params=params)


def _row(make_app, option, width, chosen):
    from game.ui import hud
    make_app()
    surface = pygame.Surface((1280, 720))
    rect = pygame.Rect(270, 552, width, 34)
    allowed = dict(option.params)
    return rect, hud.param_row(surface, rect, option, allowed, chosen, 0, (0, 0))


def test_a_long_row_stays_inside_its_panel_and_steps_the_ghost_points(make_app):
    option = _cast({"spell": SPELLS, "ghost": GHOST, "speed_modifiers": ("none",)})
    rect, buttons = _row(make_app, option, 678, {"spell": "elemental", "ghost": 7})
    assert all(rect.contains(r) for r, *_ in buttons)
    ghost = [(value, enabled) for _, name, value, enabled in buttons if name == "ghost"]
    # `<` picks the value before 7 in the list (8), the middle shows 7, `>` picks 6
    assert ghost == [(8, True), (7, True), (6, True)]
    # the five spells fold too (the row is still too wide): the chosen one in the middle
    assert [v for _, name, v, _ in buttons if name == "spell"] == [None, "elemental", "health recovery"]


def test_the_ghost_hunters_whole_cast_row_fits_without_its_one_value_picker(make_app):
    # Cast Spell as the ruleset offers it: the speed modifiers run to 45 characters, and
    # recover strength has the one value 0 (no choice, so it is the one left out)
    mods = ("none", "+1 Spell Ghost HP for 1 Spd", "Shorten Spell 1, +2 Spell Ghost HP for 2 Spd")
    option = _cast({"spell": SPELLS, "ghost": GHOST, "speed_modifiers": mods, "recover_strength": (0,)})
    rect, buttons = _row(make_app, option, 678, {"spell": "elemental", "ghost": 12, "speed_modifiers": "none"})
    assert all(rect.contains(r) for r, *_ in buttons)
    assert {name for _, name, _, _ in buttons} == {"spell", "ghost", "speed_modifiers"}


def test_the_stepper_greys_the_arrow_at_either_end(make_app):
    option = _cast({"spell": SPELLS, "ghost": GHOST, "speed_modifiers": ("none",)})
    _, buttons = _row(make_app, option, 678, {"ghost": 12})
    ghost = [(value, enabled) for _, name, value, enabled in buttons if name == "ghost"]
    assert ghost == [(None, False), (12, True), (11, True)]


def test_only_as_many_pickers_fold_as_needed(make_app):
    option = _cast({"spell": SPELLS, "ghost": GHOST})
    rect, buttons = _row(make_app, option, 678, {"spell": "gale burst", "ghost": 7})
    assert all(rect.contains(r) for r, *_ in buttons)
    assert [v for _, name, v, _ in buttons if name == "spell"] == list(SPELLS)


def test_a_row_that_fits_shows_every_value(make_app):
    option = _cast({"ghost": GHOST})
    rect, buttons = _row(make_app, option, 678, {"ghost": 7})
    assert [v for _, _, v, _ in buttons] == list(GHOST)
    assert all(rect.contains(r) for r, *_ in buttons)
