"""Damage (rule text "If you hit your target, you deal damage"; digest 0.12): the
weapon's dice, the soak pool rolled once a round (armour dice, a shield's dice
added), and hit point states from the Traumatic Damage page."""

from game.engine.components import OutOfFight
from game.engine.events import ConditionChanged
from game.rulesets.mahou.components import Health, Soak
from game.rulesets.mahou.damage import lose_hp, soak_pool
from game.rulesets.mahou.events import DamageRolled, SoakRolled
from game.rulesets.mahou.stats import roll_conditions
from game.engine.dice import ScriptedDice
from tests.mahou.kit import battle, choose, events_of, last


def test_soak_is_rolled_once_a_round_and_carries_to_the_next_damage():
    """The soak roll is made at the first damage and is a pool: damage first subtracts
    from it, and what is left reduces the next damage ([PROP] once per round)."""
    dice = [5, 5, 1, 1,
            7, 1, 1, 5, 6, 7,  # punch hits; 1dStr 5; soak: non-skilled Defense (6, 7) → 6
            7, 1, 4]  # offhand punch 2d8 hits; 1dStr 4; no new soak roll
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], dice)
    boxer, dummy = b.units()
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="primary")
    choose(b, "pass")
    choose(b, "pass")
    first = last(b, DamageRolled)
    assert (first.rolled, first.soaked, first.soak_left, first.dealt) == (5, 5, 1, 0)
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="offhand")
    choose(b, "pass")
    choose(b, "pass")
    second = last(b, DamageRolled)
    assert (second.rolled, second.soaked, second.soak_left, second.dealt) == (4, 1, 0, 3)
    assert len(events_of(b, SoakRolled)) == 1
    assert b.get(dummy, Health).hp == 20 - 3


def test_armour_rolls_its_dice_keeping_the_highest():
    """Armour: roll its number of Defense dice and keep the highest (the vest: 2d6)."""
    b = battle([(1, "rifleman", 0, 0), (2, "dummy", 1, 0)], [9, 9, 1, 1])
    rifleman, _ = b.units()
    b.dice = ScriptedDice([(6, 2), (6, 5)])
    assert soak_pool(b, rifleman).pool == 5


def test_a_shield_adds_its_soak_dice():
    """Holding a shield adds its soak dice: the knight's suit (1 Defense die, d10) plus
    its tower shield (1dDef: d10)."""
    b = battle([(1, "knight", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1])
    knight, _ = b.units()
    b.dice = ScriptedDice([(10, 4), (10, 3)])
    assert soak_pool(b, knight).pool == 7
    assert "Tower shield" in last(b, SoakRolled).roll


def test_no_armour_soaks_with_a_non_skilled_defense_roll():
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1])
    _, dummy = b.units()
    b.dice = ScriptedDice([(10, 8), (10, 3)])
    assert soak_pool(b, dummy).pool == 3


def test_exhausted_from_0_to_minus_defense_then_unconscious():
    """Traumatic Damage: 0 to −Defense hit points is exhausted ([PROP] −2 to rolls);
    below −Defense the character is unconscious (out of the fight)."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0), (2, "dummy", 8, 5)], [5, 5, 1, 1, 2, 2])
    boxer, dummy, _ = b.units()
    lose_hp(b, dummy, 20)
    assert b.get(dummy, Health).hp == 0
    assert last(b, ConditionChanged).condition == "exhausted"
    assert ("exhausted", -2) in roll_conditions(b, dummy, False)
    lose_hp(b, dummy, 9)
    assert not b.has(dummy, OutOfFight)  # −9 is still −Defense
    lose_hp(b, dummy, 1)
    assert b.has(dummy, OutOfFight)


def test_the_soak_pool_is_rolled_anew_each_round():
    from game.rulesets.mahou.flow import start_round
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1])
    _, dummy = b.units()
    b.get(dummy, Soak).pool = 3
    b.dice = ScriptedDice([1, 1, 1, 1, 1, 1])
    start_round(b)
    assert b.get(dummy, Soak).pool is None
