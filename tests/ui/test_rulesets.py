"""Every registered ruleset plays in the window through the generic action bar.

For each ruleset: two people on a shipped map; at each decision the test hovers a few
tiles (previews, odds), then picks an option by its number key, changes a parameter
with `]` when there is one, and clicks (or Tabs to) a target. Whatever the ruleset
offers must be reachable this way, and every answer must be accepted by the battle.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.decisions import TARGET_NONE, TARGET_UNIT
from game.rulesets import REGISTRY
from tests.ui.conftest import click_tile, hover_tile, press, pump, start_screen, until


@pytest.mark.parametrize("ruleset_id", sorted(REGISTRY))
def test_any_option_of_any_ruleset_can_be_chosen_in_the_window(make_app, ruleset_id):
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    app = make_app()
    battle = new_battle(maps_dir() / "arena.tmx", ruleset_id, seed=2)
    screen = start_screen(app, battle)
    rng = random.Random(ruleset_id)
    answered = 0
    for _ in range(60):
        if battle.pending is None:
            break
        if screen.handover is not None:
            press(app, pygame.K_RETURN, "\r")
            continue
        decision = battle.pending
        # a turn resolving plays out before the next declaration is asked (a key would end it)
        assert until(app, lambda: screen.decision is decision)
        for _ in range(2):
            hover_tile(app, (rng.randrange(battle.map.width), rng.randrange(battle.map.height)))
        opts = list(decision.options)
        # prefer anything but ending the turn, so the battle moves
        pick = [i for i, o in enumerate(opts) if o.key not in ("end_turn", "pass")] or [0]
        i = rng.choice(pick)
        opt = opts[i]
        before = len(battle.choices)
        if decision.kind == "reaction":
            key = (getattr(pygame, f"K_{(i + 1) % 10}"), str((i + 1) % 10))
        else:   # the action bar: each action's own letter (numbers would shift)
            letter = screen.hotkeys.of(opt)
            key = (pygame.key.key_code(letter), letter)
        if opt.target_kind == TARGET_NONE:
            press(app, *key)
            if opt.params and len(battle.choices) == before:
                press(app, pygame.K_RIGHTBRACKET, "]")
                press(app, pygame.K_RETURN, "\r")
        else:
            press(app, *key)
            if decision.kind != "reaction" or len(battle.choices) == before:
                if opt.params:
                    press(app, pygame.K_RIGHTBRACKET, "]")
                target = rng.choice(list(opt.targets))
                tile = battle.tile(target) if opt.target_kind == TARGET_UNIT else target
                if screen.armed == opt.key:
                    click_tile(app, tile)
                    if len(battle.choices) == before and opt.target_kind == TARGET_UNIT:
                        # several units on the tile: Tab to the target, Enter
                        for _ in range(len(opt.targets)):
                            if len(battle.choices) > before:
                                break
                            press(app, pygame.K_TAB)
                            on = [u.id for u in screen.view.at(screen.cursor)] if screen.cursor else []
                            if target in on:
                                press(app, pygame.K_RETURN, "\r")
        assert len(battle.choices) == before + 1, (ruleset_id, opt.key, screen.message)
        answered += 1
        pump(app, 3, dt=0.2)
    assert answered >= 10 or battle.over
