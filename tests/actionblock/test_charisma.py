"""Charisma Skills (rule text step 6): Offensive Charisma Roll ≥ the target's
Defensive Charisma Roll succeeds; several targets roll separately. The content set and
its effects are [PROP] (charisma.toml, docs/rulesets/actionblock.md)."""

import pytest

from game.rulesets.actionblock.charisma import chance
from game.rulesets.actionblock.components import Conditions
from game.rulesets.actionblock.events import ContestRolled, ToHitRolled, TurnBegan
from tests.actionblock.kit import answer, battle, events_of, offered


def test_contest_meets_or_beats():
    """Offensive 2d6 + rank 1 = 7 against Defensive 2d6 + 0 = 7: a tie succeeds."""
    b = battle([(1, "talker", 0, 0), (2, "target", 1, 0)], [3, 3, 4, 3])
    me, foe = b.units()
    answer(b, "stunning_scream", foe)
    c = events_of(b, ContestRolled)[-1]
    assert c.success and c.a_mods == (("Rank Stunning Scream", 1),)
    assert b.get(foe, Conditions).stunned == 1


def test_exact_contest_chance():
    """The exact chance agrees with counting all 6^4 rolls of the two 2d6."""
    from itertools import product
    for off, dfn in ((1, 0), (0, 0), (1, 2), (3, 0)):
        wins = sum(1 for a, b, c, d in product(range(1, 7), repeat=4) if a + b + off >= c + d + dfn)
        assert chance(off, dfn) == pytest.approx(wins / 6 ** 4)
    assert chance(0, 0) == pytest.approx(0.5 + 146 / 1296 / 2)  # ties (146 of 1296) succeed


def test_stunned_loses_its_next_turn():
    b = battle([(1, "talker", 0, 0), (2, "target", 1, 0)], [6, 6, 1, 1])
    me, foe = b.units()
    answer(b, "stunning_scream", foe)
    answer(b, "end_turn")
    assert b.pending.actor == me  # the target's Turn was lost
    assert events_of(b, TurnBegan)[-2].unit == foe
    assert b.get(foe, Conditions).stunned == 0


def test_taunted_must_attack_the_taunter():
    """[PROP] Taunt: the target's attacks on its next Turn must be at the taunter while
    the taunter is a legal target."""
    b = battle([(1, "talker", 1, 0), (1, "slow", 1, 2), (2, "swordsman", 2, 1)],
               [6, 6, 6, 6, 1, 1,   # the two Max Speed 10 units tie: talker first
                6, 6, 1, 1])
    me, ally, foe = b.units()
    answer(b, "taunt", foe)
    assert b.get(foe, Conditions).taunted_by == me
    answer(b, "end_turn")
    assert b.pending.actor == foe
    assert b.pending.option("melee").targets == (me,)
    answer(b, "end_turn")
    assert b.get(foe, Conditions).taunted_by is None


def test_battle_strategy_helps_allies_only():
    """[PROP] +2 To Hit for the strategist's allies against the target until the
    strategist's next Turn."""
    b = battle([(1, "talker", 0, 0), (1, "plain_sword", 3, 0), (2, "slow", 2, 0)],
               [6, 6, 6, 1, 1, 1,   # the two Max Speed 10 units tie: talker first
                6, 6, 1, 1, 3, 3])
    me, ally, foe = b.units()
    answer(b, "battle_strategy", foe)
    answer(b, "end_turn")
    answer(b, "melee", foe, weapon="longsword")
    assert ("Battle Strategy", 2) in events_of(b, ToHitRolled)[-1].modifiers


def test_stealth_hides_from_those_it_beats_until_noticed():
    """[PROP] Stealth: one roll against each enemy; the beaten ones cannot target the
    character. Acting makes a new roll with the action's Subtlety Modifier."""
    b = battle([(1, "talker", 0, 0), (2, "pistoleer", 5, 0), (2, "slow", 6, 0)],
               [6, 6, 6, 1, 1, 1,  # talker and pistoleer tie on Max Speed 10: talker first
                6, 6, 1, 1,    # beats the pistoleer
                1, 1, 6, 6,    # fails against the other
                ])
    me, p1, p2 = b.units()
    assert "stealth" in offered(b)
    answer(b, "stealth")
    assert b.get(me, Conditions).fooled == {p1}
    answer(b, "end_turn")
    assert b.pending.actor == p1
    gun = b.pending.option("gun")
    assert gun is None or me not in gun.targets


def test_battle_communication_points_out_the_stealthed():
    b = battle([(1, "talker", 0, 0), (2, "pistoleer", 5, 0), (2, "slow", 6, 0)],
               [6, 6, 6, 1, 1, 1, 6, 6, 1, 1, 1, 1, 6, 6])
    me, p1, p2 = b.units()
    answer(b, "stealth")
    answer(b, "end_turn")
    answer(b, "end_turn")  # the fooled pistoleer
    assert "battle_communication" in offered(b)
    answer(b, "battle_communication")
    assert b.get(me, Conditions).fooled == set()


def test_acting_in_stealth_rolls_with_the_subtlety_modifier():
    """Acting while Stealthed: each fooled enemy rolls again, the Stealth roll taking
    the action's Subtlety Modifier (Restore Strength Points +10)."""
    b = battle([(1, "talker", 0, 0), (2, "pistoleer", 5, 0), (2, "slow", 6, 0)],
               [6, 6, 6, 1, 1, 1,  # roll-off: talker first
                6, 6, 1, 1, 1, 1, 6, 6,  # Stealth: fools the pistoleer only
                1, 1, 6, 6])  # next turn, Restore: 2 + 1 + 10 = 13 vs 12 + 0: still hidden
    me, p1, p2 = b.units()
    answer(b, "stealth")
    answer(b, "end_turn")
    answer(b, "end_turn")
    answer(b, "end_turn")
    from game.rulesets.actionblock.components import Points
    b.get(me, Points).strength = 5
    answer(b, "end_turn")
    answer(b, "end_turn")
    answer(b, "end_turn")
    answer(b, "restore_strength")
    c = events_of(b, ContestRolled)[-1]
    assert ("Subtlety Restore Strength Points", 10) in c.a_mods and c.success
    assert b.get(me, Conditions).fooled == {p1}
