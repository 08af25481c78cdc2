"""Attacks: cost, the roll against Dodge, natural 20, range, the long-gun penalty,
damage thresholds and hit points (rules/d20-firearms.txt, "Attacks", "Ranged
Attacks" and the −6 sentence of "Melee Attacks").

Dodge = 12 + Agility + armour bonus [PROP]: brawler 14, gunner 13, marksman 13,
guardian 13, scout 16. Firearms: gunner +4, marksman +6. Pistol 1d8 ballistic,
ranges 30/60/90 ft, Compact.
"""

import pytest

from game.engine.components import OutOfFight
from game.engine.events import Damaged, OutOfFightEvent
from game.rulesets.d20.components import Health
from game.rulesets.d20.events import AttackRolled, DamageRolled
from tests.d20.util import do, end_turn, hp, offered, prepared_battle, ruleset_with
from tests.helpers import battle_with, events_of, open_map

TARGET_TEMPLATES = """
[dodger]
name = "Dodger"
archetype = "scout"
agility = 0
body = 0
dexterity = 0
willpower = 0
firearms = 0
melee = 0
athletics = 0
dodge_bonus = 20
hp = 30
weapons = ["knife"]

[sitting_duck]
name = "Sitting duck"
archetype = "scout"
agility = 0
body = 0
dexterity = 0
willpower = 0
firearms = 0
melee = 0
athletics = 0
dodge_bonus = -8
hp = 30
weapons = ["knife"]
"""


def _shot(b, target, mode="single", location="torso"):
    do(b, "shoot", target, mode=mode, location=location)
    return events_of(b, AttackRolled)[-1]


def test_hit_when_total_meets_dodge_exactly():
    """"If the final result is equal to or greater than the target's Dodge value, the
    attack hits".

    Gunner single shot at the marksman (Dodge 13) 10 ft away: d20 9 + 4 = 13 hits and
    rolls the SMG's 1d6 (5): the marksman loses 5 of 16 HP.
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 2, 0)], [20, 1, 9, (6, 5)])
    gunner, target = b.units()
    roll = _shot(b, target)
    assert (roll.total, roll.needed, roll.hit, roll.critical) == (13, 13, True, False)
    assert hp(b, target) == 16 - 5


def test_miss_when_total_one_below_dodge_and_no_damage_rolled():
    """"if the final result is lower, the attack misses": d20 8 + 4 = 12 vs Dodge 13.

    No damage die is rolled (the script holds none) and the HP is unchanged.
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 2, 0)], [20, 1, 8])
    gunner, target = b.units()
    roll = _shot(b, target)
    assert (roll.total, roll.hit) == (12, False)
    assert not events_of(b, DamageRolled)
    assert hp(b, target) == 16


def test_natural_20_always_hits_and_is_a_critical(tmp_path):
    """A natural 20 is a critical hit (worked example 3: "20 (d20) ... critical hit die
    upgrade") and [PROP] always hits.

    The gunner's d20 20 + 4 = 24 against a Dodge of 32 still hits as a critical; the
    torso crit doubles and upgrades the SMG die: 2d8 (3 + 4 = 7).
    """
    rs = ruleset_with(tmp_path, units=TARGET_TEMPLATES)
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "dodger", 2, 0)],
                    [20, 1, 20, (8, 3), (8, 4)], ruleset=rs)
    gunner, target = b.units()
    roll = _shot(b, target)
    assert (roll.total, roll.needed, roll.hit, roll.critical) == (24, 32, True, True)
    assert events_of(b, DamageRolled)[-1].rolled == 7
    assert hp(b, target) == 30 - 7


def test_natural_19_is_not_a_critical_and_misses_a_high_dodge(tmp_path):
    """Only a natural 20 is special: d20 19 + 4 = 23 < Dodge 32 misses."""
    rs = ruleset_with(tmp_path, units=TARGET_TEMPLATES)
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "dodger", 2, 0)], [20, 1, 19], ruleset=rs)
    gunner, target = b.units()
    roll = _shot(b, target)
    assert (roll.hit, roll.critical) == (False, False)


def test_natural_1_is_not_an_automatic_miss(tmp_path):
    """[PROP] "a natural 1 does not auto-miss" (the text has no such rule): d20 1 + 4 = 5
    against Dodge 12 − 8 = 4 hits, SMG 1d6 (2).
    """
    rs = ruleset_with(tmp_path, units=TARGET_TEMPLATES)
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "sitting_duck", 2, 0)],
                    [20, 1, 1, (6, 2)], ruleset=rs)
    gunner, target = b.units()
    roll = _shot(b, target)
    assert (roll.total, roll.needed, roll.hit) == (5, 4, True)
    assert hp(b, target) == 28


def test_out_of_range_target_cannot_be_attacked():
    """"To attack a creature, they must be within the range of the weapon".

    The pistol's last threshold is 90 ft: the marksman at 90 ft (18 tiles) is a target,
    at 95 ft it is not (no shoot option at all: nobody else is in range).
    """
    b = battle_with(open_map(40, 5), [(1, "scout", 0, 0), (2, "marksman", 18, 0)], [20, 1])
    scout, target = b.units()
    assert offered(b, "shoot").targets == (target,)
    b = battle_with(open_map(40, 5), [(1, "scout", 0, 0), (2, "marksman", 19, 0)], [20, 1])
    assert offered(b, "shoot") is None


@pytest.mark.parametrize("tiles, penalty", [(6, 0), (7, -3), (12, -3), (13, -6), (18, -6)])
def test_extended_range_penalty_is_minus_3_per_band(tiles, penalty):
    """"extended range penalty" ([PROP] −3 for each range band beyond the first; example
    3 forces −3 in band 2).

    Scout with the pistol (30/60/90 ft) at {tiles} × 5 ft: the roll lists the penalty
    (none up to and including 30 ft, −3 up to 60 ft, −6 up to 90 ft).
    """
    b = battle_with(open_map(40, 5), [(1, "scout", 0, 0), (2, "marksman", tiles, 0)], [20, 1, 1])
    scout, target = b.units()
    roll = _shot(b, target)
    assert dict(roll.modifiers).get("extended range", 0) == penalty
    assert roll.total == 1 + 4 + penalty


def test_long_gun_within_5_ft_takes_minus_6():
    """"Using any firearm without the Compact or Concealable property on a target within
    5 feet of you imposes a −6 penalty to hit."

    Marksman's infantry rifle (no property) at an adjacent brawler: −6 in the roll; the
    same rifle 10 ft away: no penalty.
    """
    b = battle_with(open_map(), [(1, "marksman", 0, 0), (2, "brawler", 1, 1)], [20, 1, 1])
    marksman, target = b.units()
    roll = _shot(b, target)
    assert ("long gun within 5 ft", -6) in roll.modifiers
    assert roll.total == 1 + 6 - 6
    b = battle_with(open_map(), [(1, "marksman", 0, 0), (2, "brawler", 2, 0)], [20, 1, 1])
    roll = _shot(b, b.units()[1])
    assert dict(roll.modifiers) == {"Firearms": 6}


def test_compact_and_concealable_firearms_and_non_firearms_take_no_close_penalty(tmp_path):
    """Same sentence: only firearms WITHOUT Compact or Concealable are penalised.

    Adjacent targets: the pistol (Compact), a derringer (Concealable, added for the
    test) and a crossbow (not a firearm) roll with no −6.
    """
    rs = ruleset_with(tmp_path, weapons="""
[derringer]
name = "Derringer"
kind = "ranged"
damage = "1d6"
damage_type = "ballistic"
ranges_ft = [15, 30]
magazine = 2
properties = ["concealable"]
""")
    for weapon in ("pistol", "derringer", "crossbow"):
        b = prepared_battle(open_map(), [(1, "marksman", 0, 0), (2, "brawler", 1, 0)], [20, 1, 1],
                            arms={0: weapon}, data=rs.data)
        marksman, target = b.units()
        roll = _shot(b, target)
        assert "long gun within 5 ft" not in dict(roll.modifiers), weapon


def test_damage_minus_threshold_comes_off_hit_points():
    """"The target then takes this value and subtracts any relevant damage thresholds
    they may have from the value, and subtracts the final value from their current Hit
    Points."

    Scout's pistol hits the guardian (ballistic DT 2, 26 HP): 1d8 rolls 7 → 5 damage.
    """
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "guardian", 3, 0)], [20, 1, 15, (8, 7)])
    scout, guardian = b.units()
    _shot(b, guardian)
    dmg = events_of(b, DamageRolled)[-1]
    assert (dmg.rolled, dmg.reductions, dmg.dealt) == (7, (("DT ballistic", 2),), 5)
    assert hp(b, guardian) == 26 - 5


def test_threshold_is_by_damage_type():
    """Damage thresholds are per damage type (armour DT by damage type, [PROP] values).

    The brawler has DT 1 against slashing and crushing but none against ballistic: a
    pistol roll of 4 deals 4; the gunner's knife (slashing) roll of 4 deals 3.
    """
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "brawler", 3, 0)], [20, 1, 15, (8, 4)])
    scout, brawler = b.units()
    _shot(b, brawler)
    assert events_of(b, Damaged)[-1].amount == 4
    b = prepared_battle(open_map(), [(1, "gunner", 0, 0), (2, "brawler", 1, 0)], [20, 1, 15, (4, 4)],
                        arms={0: "knife"})
    gunner, brawler = b.units()
    do(b, "melee", brawler, kind="melee", location="torso")
    dmg = events_of(b, DamageRolled)[-1]
    assert dmg.reductions == (("DT slashing", 1),) and dmg.dealt == 3
    assert hp(b, brawler) == 24 - 3


def test_threshold_larger_than_the_roll_deals_nothing():
    """[PROP] damage never goes below 0: a pistol roll of 1 against the guardian's DT 2
    deals 0 and takes no HP (no Damaged event).
    """
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "guardian", 3, 0)], [20, 1, 15, (8, 1)])
    scout, guardian = b.units()
    _shot(b, guardian)
    assert events_of(b, DamageRolled)[-1].dealt == 0
    assert not events_of(b, Damaged)
    assert hp(b, guardian) == 26


def test_zero_hit_points_is_out_of_the_fight_and_the_last_side_wins():
    """"subtracts the final value from their current Hit Points" ([PROP] at 0 HP the
    creature is out of the fight).

    Set-up: the marksman is down to 5 HP. A pistol hit of 5 takes it to exactly 0: it
    is out of the fight, and with no one left on side 2 the battle ends, side 1 wins.
    """
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "marksman", 3, 0)], [20, 1, 15, (8, 5)])
    scout, target = b.units()
    b.get(target, Health).hp = 5
    _shot(b, target)
    assert hp(b, target) == 0
    assert b.has(target, OutOfFight)
    assert events_of(b, OutOfFightEvent)[-1].unit == target
    assert b.over and b.winner == 1 and b.pending is None


def test_out_of_the_fight_unit_is_no_target_and_takes_no_turn():
    """Same [PROP]: a unit out of the fight is no longer a target and its turns are
    skipped. Side 2 has a second unit, so the battle goes on.

    Set-up: marksman at 1 HP; a pistol hit of 3 drops it. The scout's next shot is
    offered only the gunner; the round goes scout → gunner → scout.
    """
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "marksman", 3, 0), (2, "gunner", 3, 3)],
                    [20, 10, 1, 15, (8, 3)])
    scout, marksman, gunner = b.units()
    b.get(marksman, Health).hp = 1
    _shot(b, marksman)
    assert b.has(marksman, OutOfFight) and hp(b, marksman) == -2
    assert offered(b, "shoot").targets == (gunner,)
    end_turn(b)
    assert b.pending.actor == gunner
    end_turn(b)
    assert b.pending.actor == scout
