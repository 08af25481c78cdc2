"""Ranged Attack Types and ammunition (rules/d20-firearms.txt, "Ranged Attacks" and
"Ranged Attack Types"). Suppressing fire has its own file.

Weapons: pistol 1d8 semi 30/60/90 ft (15 rounds); SMG 1d6 auto 40/80 ft (30);
assault rifle 2d4 auto 60/120/180 ft (30); coach gun 2d6 single (2, buckshot).
"""

import pytest

from game.rulesets.d20.components import Loadout
from game.rulesets.d20.events import AttackRolled, DamageRolled
from tests.d20.util import actions, do, loaded, offered, prepared_battle
from tests.helpers import battle_with, events_of, open_map


def _dice_of(b):
    return [d.split(" ")[0] for d in events_of(b, DamageRolled)[-1].dice]


def test_single_shot_uses_1_round_no_modifier_2_actions():
    """"Single shot: uses 1 piece of ammunition and has no additional modifiers; costs 2
    Actions." Scout's pistol: 15 → 14 rounds, roll = d20 + Firearms only, 1d8.
    """
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "gunner", 3, 0)], [20, 1, 15, (8, 5)])
    scout, gunner = b.units()
    do(b, "shoot", gunner, mode="single", location="torso")
    assert loaded(b, scout) == 14 and actions(b, scout) == 2
    assert events_of(b, AttackRolled)[-1].modifiers == (("Firearms", 4),)
    assert _dice_of(b) == ["1d8"]


def test_burst_3_rounds_plus_3_and_one_die_a_size_lower_for_a_1_die_weapon():
    """"Burst: uses 3 pieces of ammunition and grants a +3 to hit, adds an additional
    damage die (damage die is 1 size lower if the weapon normally deals 1 die ...)
    costs 2 Actions".

    Pistol (1d8) burst: 15 → 12 rounds, +3, damage 1d8 (5) + 1d6 (2) = 7.
    """
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "gunner", 3, 0)], [20, 1, 6, (8, 5), (6, 2)])
    scout, gunner = b.units()
    do(b, "shoot", gunner, mode="burst", location="torso")
    roll = events_of(b, AttackRolled)[-1]
    assert roll.modifiers == (("Firearms", 4), ("burst", 3)) and roll.total == 13 and roll.hit
    assert loaded(b, scout) == 12 and actions(b, scout) == 2
    assert _dice_of(b) == ["1d8", "1d6"] and events_of(b, DamageRolled)[-1].rolled == 7


def test_burst_die_is_the_same_size_for_a_multi_die_weapon():
    """Same rule: "or the same size if it normally deals more than 1 die of damage".

    Assault rifle (2d4) burst: 2d4 + 1d4.
    """
    b = prepared_battle(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 3, 0)],
                        [20, 1, 15, (4, 1), (4, 2), (4, 3)], arms={0: "assault_rifle"})
    gunner, target = b.units()
    do(b, "shoot", target, mode="burst", location="torso")
    assert _dice_of(b) == ["2d4", "1d4"] and events_of(b, DamageRolled)[-1].rolled == 6
    assert loaded(b, gunner) == 27


def test_double_burst_5_rounds_plus_6_and_one_extra_die():
    """"Double burst: uses 5 pieces of ammunition and grants a +6 to hit, adds an
    additional damage die" ([PROP] one die, not two), 2 Actions.

    SMG (1d6) double burst: 30 → 25 rounds, +6, damage 1d6 (3) + 1d4 (4); the script
    holds no third damage die.
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 3, 0)], [20, 1, 3, (6, 3), (4, 4)])
    gunner, target = b.units()
    do(b, "shoot", target, mode="double_burst", location="torso")
    roll = events_of(b, AttackRolled)[-1]
    assert roll.modifiers == (("Firearms", 4), ("double burst", 6)) and roll.total == 13 and roll.hit
    assert loaded(b, gunner) == 25 and actions(b, gunner) == 2
    assert _dice_of(b) == ["1d6", "1d4"] and events_of(b, DamageRolled)[-1].rolled == 7


def test_double_burst_of_a_multi_die_weapon_adds_a_same_size_die():
    """Same rule for a 2-die weapon: assault rifle double burst rolls 2d4 + 1d4."""
    b = prepared_battle(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 3, 0)],
                        [20, 1, 15, (4, 4), (4, 4), (4, 4)], arms={0: "assault_rifle"})
    gunner, target = b.units()
    do(b, "shoot", target, mode="double_burst", location="torso")
    assert _dice_of(b) == ["2d4", "1d4"] and loaded(b, gunner) == 25


@pytest.mark.parametrize("weapon, modes", [
    ("coach_gun", ("single",)),              # fire_mode single
    ("pistol", ("single", "burst")),         # semi-automatic
    ("infantry_rifle", ("single", "burst")),  # semi-automatic
    ("smg", ("single", "burst", "double_burst")),  # automatic
    ("assault_rifle", ("single", "burst", "double_burst")),
])
def test_fire_modes_by_weapon_fire_mode(weapon, modes):
    """"All ranged weapons are capable of making single shot attacks, only
    semi-automatic and automatic weapons are capable of burst attacks, and only automatic
    weapons are capable of double burst attacks".

    A {weapon} at a target 15 ft away (inside every first range) is offered exactly
    these modes.
    """
    b = prepared_battle(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 3, 0)], [20, 1],
                        arms={0: weapon})
    gunner, target = b.units()
    assert offered(b, "shoot").params_for(target)["mode"] == modes


def test_bursts_only_within_the_first_range():
    """"Burst and double burst attacks can only be made within the first range of a
    ranged weapon."

    SMG first range 40 ft: at 40 ft all three modes; at 45 ft single shot only.
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 8, 0), (2, "marksman", 9, 2)], [20, 1, 2])
    gunner, near, far = b.units()
    opt = offered(b, "shoot")
    assert opt.params_for(near)["mode"] == ("single", "burst", "double_burst")
    assert opt.params_for(far)["mode"] == ("single",)


@pytest.mark.parametrize("rounds, modes", [(1, ("single",)), (2, ("single",)), (3, ("single", "burst")),
                                           (4, ("single", "burst")),
                                           (5, ("single", "burst", "double_burst"))])
def test_modes_need_the_rounds_they_use(rounds, modes):
    """"reduce the ammunition in their weapon accordingly" — a burst needs 3 rounds and a
    double burst 5; with {rounds} loaded the SMG offers only what it can fire.
    """
    b = prepared_battle(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 3, 0)], [20, 1],
                        arms={0: ("smg", rounds)})
    gunner, target = b.units()
    assert offered(b, "shoot").params_for(target)["mode"] == modes


def test_cannot_shoot_an_empty_weapon_and_reload_refills_it():
    """"To make a ranged attack, a creature must be holding a loaded ranged weapon."

    Gunner with an empty SMG: no shoot option. Reload ([PROP] 1 Action, a spare
    magazine, full magazine): 3 → 2 spares, 30 rounds, 3 Actions left, shoot offered.
    """
    b = prepared_battle(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 3, 0)], [20, 1],
                        arms={0: ("smg", 0)})
    gunner, target = b.units()
    assert offered(b, "shoot") is None
    do(b, "reload")
    loadout = b.get(gunner, Loadout)
    assert (loadout.loaded["smg"], loadout.spare_magazines, actions(b, gunner)) == (30, 2, 3)
    assert offered(b, "shoot") is not None


def test_no_reload_without_a_spare_or_with_a_full_magazine():
    """[PROP] reload needs a spare magazine and an unfull weapon. Full SMG: no reload.
    Empty SMG with no spare magazine: neither shoot nor reload.
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 3, 0)], [20, 1])
    assert offered(b, "reload") is None

    def no_spares(battle):
        battle.get(battle.units()[0], Loadout).spare_magazines = 0

    b = prepared_battle(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 3, 0)], [20, 1],
                        arms={0: ("smg", 0)}, prepare=no_spares)
    assert offered(b, "reload") is None and offered(b, "shoot") is None


def test_shooting_the_last_rounds_leaves_zero_never_negative():
    """Ammunition is reduced "accordingly" and never below zero: with 3 rounds the SMG
    bursts (→ 0); then no shoot option is offered (single needs 1).
    """
    b = prepared_battle(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 3, 0)], [20, 1, 1],
                        arms={0: ("smg", 3)})
    gunner, target = b.units()
    do(b, "shoot", target, mode="burst", location="torso")
    assert loaded(b, gunner) == 0
    assert offered(b, "shoot") is None
