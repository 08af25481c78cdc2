"""The Action Block reaction prompts in the real window (driven as tests/ui drives it:
posted events, frames stepped, no clock): a Dodge before the roll, a Block after the
hit, and an Obstruct Movement when a neighbour moves — each after the hand-over to the
side that reacts, each answered from the reaction buttons."""

from __future__ import annotations

import pygame

from game.engine.battle import Battle
from game.engine.dice import ScriptedDice
from game.engine.setup import orders_for
from game.rulesets.actionblock import make_ruleset
from game.rulesets.actionblock.components import Points, Stance
from game.rulesets.actionblock.events import DamageRolled, MovementObstructed, ToHitRolled
from tests.helpers import events_of
from tests.ui.conftest import (press_option, click_tile, confirm_handover, field_map, headless_window,  # noqa: F401
                               make_app, press, start_screen)

DICE = [6, 6, 6, 1, 1, 1,   # brawler and guardian tie at Max Speed 8: the brawler first
        5, 5,               # the To Hit Roll: 10 + 2 (gauntlet) + 1 (Melee Boost) = 13
        3, 3, 3]            # damage: 2d6−1 = 5, + 1d6 = 3; all blocked by 4 + 5 + 2


def duel():
    tmap = field_map([(1, "brawler", 5, 4), (2, "guardian", 6, 4)])
    rs = make_ruleset()
    return Battle(tmap, rs, orders_for(tmap, rs), dice=ScriptedDice(list(DICE)))


def reaction_keys(screen):
    return [o.key for _, o in screen.rects["reaction_buttons"]]


def test_dodge_block_and_obstruct_prompts_in_the_window(make_app):
    app = make_app()
    battle = duel()
    screen = start_screen(app, battle)
    brawler, guardian = battle.units()
    confirm_handover(app)
    assert battle.pending.actor == brawler

    # The brawler attacks: hotkey "a" arms the Melee Attack, a click picks the target.
    press_option(app, "melee")
    assert screen.armed == "melee"
    click_tile(app, battle.tile(guardian))

    # Dodge: asked of the guardian's side before any die is rolled.
    assert battle.pending.kind == "reaction" and battle.pending.context["trigger"] == "dodge"
    assert screen.handover == battle.team(guardian)
    assert not events_of(battle, ToHitRolled)
    confirm_handover(app)
    assert screen.decision is battle.pending and "Dodge before the roll" in battle.pending.prompt
    assert reaction_keys(screen) == ["dodge", "pass"]
    press(app, pygame.K_1, "1")
    roll = events_of(battle, ToHitRolled)[-1]
    assert roll.evasion == 7 and "Active Evasion" in roll.evasion_label and roll.hit

    # Block: after the hit, before the damage roll; the first button is a Block with the
    # shield (its default), which stops all of it.
    assert battle.pending.context["trigger"] == "block" and battle.pending.actor == guardian
    confirm_handover(app)
    assert screen.decision is battle.pending and "Block before the damage roll" in battle.pending.prompt
    assert reaction_keys(screen)[:3] == ["block", "heavy_block", "super_block"]
    assert reaction_keys(screen)[-1] == "pass"
    press(app, pygame.K_1, "1")
    dmg = events_of(battle, DamageRolled)[-1]
    assert dmg.dealt == 0 and ("Block Stance", 5) in dmg.reductions
    assert any(label.startswith("Shield Block") for label, _ in dmg.reductions)
    assert battle.get(guardian, Stance).level == 0  # [PROP] the stance stopped its one blow

    # Back to the brawler, who ends its Turn; the guardian steps away and the brawler's
    # side is asked whether to Obstruct Movement.
    confirm_handover(app)
    assert battle.pending.actor == brawler
    press(app, pygame.K_e, "e")
    confirm_handover(app)
    assert battle.pending.actor == guardian
    press_option(app, "sidestep")
    assert screen.armed == "sidestep"
    click_tile(app, (7, 4))
    assert battle.pending.context["trigger"] == "obstruct" and battle.pending.actor == brawler
    assert screen.handover == battle.team(brawler)
    confirm_handover(app)
    assert reaction_keys(screen) == ["obstruct", "pass"]
    strength = battle.get(brawler, Points).strength
    press(app, pygame.K_1, "1")
    assert events_of(battle, MovementObstructed)
    assert battle.tile(guardian) == (6, 4)
    assert battle.get(brawler, Points).strength == strength - 1
