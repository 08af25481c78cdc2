"""The 5x5 attack in the real window: the odds on hover, the Strike by a click, the
Control roll in the log with the attack, and the "which Ability drops" prompt answered
by its hotkey (after a hand-over when the defender chooses).

Driven as tests/ui drives the d20 window: posted events, frames stepped, no clock.
"""

from __future__ import annotations

import pygame

from game.engine.battle import Battle
from game.engine.decisions import PICK
from game.engine.dice import ScriptedDice
from game.engine.setup import orders_for
from game.rulesets.fivebyfive import make_ruleset
from game.rulesets.fivebyfive.components import AbilityScores
from game.rulesets.fivebyfive.events import ControlRolled, OffensiveRolled
from tests.fivebyfive.kit import d5, pair
from tests.helpers import events_of
from tests.ui.conftest import (click_tile, confirm_handover, field_map, headless_window,  # noqa: F401
                               hover_tile, make_app, press, start_screen)


def duel_battle(dice):
    """A Bruiser (side 1) next to a Gunslinger (side 2); the Bruiser has Initiative 5."""
    tmap = field_map([(1, "brawler", 5, 4), (2, "gunner", 6, 4)])
    rs = make_ruleset()
    return Battle(tmap, rs, orders_for(tmap, rs), dice=ScriptedDice([d5(5), d5(1)] + dice))


def strike_by_click(app, screen, battle):
    confirm_handover(app)
    bruiser, gunner = battle.units()
    assert battle.pending.actor == bruiser
    hover_tile(app, battle.tile(gunner))
    kind, opt, target, odds, _ = screen.preview()
    assert kind == "odds" and opt.key == "strike" and target == gunner
    assert abs(odds.hit - 30 / 36) < 1e-9  # Strike 3 × Rage 4 = 12
    click_tile(app, battle.tile(gunner))
    return bruiser, gunner


def log_text(screen):
    return [text.strip() for text, _ in screen.log.entries]


def test_an_uncontrolled_strike_asks_the_attacker_which_ability_drops(make_app):
    app = make_app()
    battle = duel_battle(pair(1, 2) + pair(5, 5))  # hit; Parry 1 × Rage 2 = 2 fails on 25
    screen = start_screen(app, battle)
    bruiser, gunner = strike_by_click(app, screen, battle)
    assert battle.pending.kind == PICK and battle.pending.actor == bruiser
    confirm_handover(app)
    lines = log_text(screen)
    attack_line = events_of(battle, OffensiveRolled)[-1].describe()
    control_line = events_of(battle, ControlRolled)[-1].describe()
    assert lines.index(control_line) == lines.index(attack_line) + 1  # shown with the attack
    pump_frames(app)
    labels = [opt.label for _, opt in screen.rects["bar_buttons"]]
    assert labels == ["Rage 2 → 1", "Grace 4 → 3", "Precognition 2 → 1"]
    press(app, pygame.K_g, "g")
    assert battle.get(gunner, AbilityScores).grace == 3
    assert any("Grace is Damaged: 4 → 3" in line for line in log_text(screen))


def test_a_controlled_strike_hands_the_choice_to_the_defender(make_app):
    app = make_app()
    battle = duel_battle(pair(1, 2) + pair(2, 1))  # hit; Parry 2 ≤ 2: Controlled
    screen = start_screen(app, battle)
    bruiser, gunner = strike_by_click(app, screen, battle)
    assert battle.pending.kind == PICK and battle.pending.actor == gunner
    assert screen.handover == 2
    confirm_handover(app)
    assert screen.decision is battle.pending
    press(app, pygame.K_r, "r")
    assert battle.get(gunner, AbilityScores).rage == 1
    assert battle.pending.kind != PICK


def pump_frames(app, n=2):
    for _ in range(n):
        app.step(0.05)
