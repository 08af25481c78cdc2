"""Insanity (rule text step 3; ghostrules-insanity, Table 7.1): when Current Physical
HP drops below Current Ghost HP, roll 3d6 + Ghost − Physical and read the table."""

from game.rulesets.actionblock.components import Conditions, Ghost, Health
from game.rulesets.actionblock.events import InsanityRolled
from game.rulesets.actionblock.health import take_damage
from tests.actionblock.kit import battle, events_of


def caster_hit(dice, damage=10):
    """The caster: 26 HP, 20 Ghost HP; 10 damage leaves 16 < 20, so it rolls 3d6 + 4."""
    b = battle([(1, "caster", 0, 0), (2, "target", 9, 0)], dice)
    me, _ = b.units()
    take_damage(b, me, damage, "test")
    return b, me


def test_no_roll_while_physical_hp_is_not_below_ghost_hp():
    b, me = caster_hit([], damage=6)  # 20 HP left = 20 Ghost HP: no roll
    assert not events_of(b, InsanityRolled)


def test_low_roll_no_effect():
    b, me = caster_hit([1, 2, 3])  # 6 + 4 = 10: none
    roll = events_of(b, InsanityRolled)[-1]
    assert (roll.total, roll.effect) == (10, "none")


def test_stun_loses_turns():
    b, me = caster_hit([5, 5, 4])  # 14 + 4 = 18: Stun 1
    assert events_of(b, InsanityRolled)[-1].effect == "stun"
    assert b.get(me, Conditions).stunned == 1


def test_spell_drain_takes_ghost_hp():
    b, me = caster_hit([6, 6, 6])  # 18 + 4 = 22: Spell Drain 30
    assert events_of(b, InsanityRolled)[-1].effect == "spell_drain"
    assert b.get(me, Ghost).ghost == 0


def test_increase_roll_adds_and_reads_again():
    b, me = caster_hit([4, 4, 3, 3])  # 11 + 4 = 15: Increase Roll 1d6 (3) → 18: Stun 1
    rolls = events_of(b, InsanityRolled)
    assert [(r.total, r.effect) for r in rolls] == [(15, "increase_roll"), (18, "stun")]
    assert b.get(me, Conditions).stunned == 1


def test_story_effects_are_recorded():
    b, me = caster_hit([2, 2, 3, 2])  # 7 + 4 = 11: Phobia 1
    assert b.get(me, Conditions).lasting == ["phobia 1"]
    assert "phobia 1" in b.ruleset.unit_card(b, me)["conditions"]


def test_units_without_ghost_hp_never_roll():
    b = battle([(1, "swordsman", 0, 0), (2, "target", 9, 0)], [])
    me, _ = b.units()
    take_damage(b, me, b.get(me, Health).hp - 1, "test")
    assert not events_of(b, InsanityRolled)
