"""Targeted Attacks: head, torso, arms, legs (rules/d20-firearms.txt, "Targeted Attacks").

Scout: pistol 1d8, Firearms +4. Gunner target: Dodge 13, 20 HP, Body +2, speed 30 ft.
"Until the end of their next turn" is counted in the victim's own turns.
"""

import pytest

from game.engine.decisions import REACTION, TURN
from game.rulesets.d20.components import Afflictions, TurnState
from game.rulesets.d20.events import AttackRolled, CheckRolled, DamageRolled
from tests.d20.util import actions, do, end_turn, hp, offered, prepared_battle
from tests.helpers import battle_with, events_of, open_map


def _dice_of(b):
    return [d.split(" ")[0] for d in events_of(b, DamageRolled)[-1].dice]


def test_torso_has_no_modifier_and_rolls_the_weapon_dice():
    """"Torso: no modifier." d20 9 + 4 = 13 hits Dodge 13 exactly; 1d8 rolls 6."""
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "gunner", 2, 0)], [20, 1, 9, (8, 6)])
    scout, gunner = b.units()
    do(b, "shoot", gunner, mode="single", location="torso")
    roll = events_of(b, AttackRolled)[-1]
    assert roll.modifiers == (("Firearms", 4),) and roll.hit
    assert _dice_of(b) == ["1d8"] and hp(b, gunner) == 14


def test_torso_critical_doubles_the_dice():
    """"Torso: ... A critical hit doubles damage dice." A natural 20 at the torso: the
    pistol's 1d8 becomes 2 dice, each upgraded one size by the critical ([PROP] "D"):
    2d10 (4 + 9 = 13).
    """
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "gunner", 2, 0)], [20, 1, 20, (10, 4), (10, 9)])
    scout, gunner = b.units()
    do(b, "shoot", gunner, mode="single", location="torso")
    assert events_of(b, AttackRolled)[-1].critical
    assert _dice_of(b) == ["2d10"] and hp(b, gunner) == 20 - 13


def test_untargeted_critical_only_upgrades_the_dice():
    """Shot that cannot be targeted ("Birdshot and buckshot cannot target anything other
    than the torso") is not a targeted torso hit: a critical upgrades the dice but does
    not double them ([PROP] "D"). Birdshot shotgun 2d4 crit: 2d6 (2 + 3 = 5).
    """
    b = prepared_battle(open_map(), [(1, "scout", 0, 0), (2, "gunner", 2, 0)],
                        [20, 1, 20, (6, 2), (6, 3)], arms={0: "birdshot_shotgun"})
    scout, gunner = b.units()
    assert offered(b, "shoot").params_for(gunner)["location"] == ("untargeted",)
    do(b, "shoot", gunner, mode="single", location="untargeted")
    assert _dice_of(b) == ["2d6"] and hp(b, gunner) == 15


def test_head_is_minus_5_and_doubles_the_dice():
    """"Head: −5 penalty to hit, doubles damage dice." d20 14 + 4 − 5 = 13 hits Dodge 13;
    the pistol rolls 2d8 (3 + 4 = 7). No critical, so no stun.
    """
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "gunner", 2, 0)], [20, 1, 14, (8, 3), (8, 4)])
    scout, gunner = b.units()
    do(b, "shoot", gunner, mode="single", location="head")
    roll = events_of(b, AttackRolled)[-1]
    assert roll.modifiers == (("Firearms", 4), ("head", -5)) and roll.total == 13 and roll.hit
    assert _dice_of(b) == ["2d8"] and hp(b, gunner) == 13
    assert not b.get(gunner, Afflictions).stunned


def test_head_miss_by_one_with_the_penalty():
    """Same rule: d20 13 + 4 − 5 = 12 misses Dodge 13 (it would hit the torso)."""
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "gunner", 2, 0)], [20, 1, 13])
    scout, gunner = b.units()
    do(b, "shoot", gunner, mode="single", location="head")
    assert not events_of(b, AttackRolled)[-1].hit and hp(b, gunner) == 20


def test_head_critical_stuns_until_the_end_of_the_next_turn():
    """"A critical hit leaves the target stunned until the end of their next turn"
    ([PROP] stunned: only 2 of the 4 Actions and no Reaction).

    Scout's natural 20 to the head (2d10: 1 + 1). The gunner's next turn has 2 Actions
    and no Reaction; when that turn ends the stun is gone and the turn after has 4.
    """
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "gunner", 8, 0)], [20, 1, 20, (10, 1), (10, 1)])
    scout, gunner = b.units()
    do(b, "shoot", gunner, mode="single", location="head")
    assert _dice_of(b) == ["2d10"]
    assert b.get(gunner, Afflictions).stunned
    end_turn(b)
    assert b.pending.actor == gunner
    assert actions(b, gunner) == 2 and b.get(gunner, TurnState).reaction is False
    end_turn(b)
    assert not b.get(gunner, Afflictions).stunned
    end_turn(b)  # the scout's second turn
    assert b.pending.actor == gunner and actions(b, gunner) == 4


def test_stunned_creature_cannot_react():
    """Same rule ([PROP] no Reaction while stunned). Brawler's machete hits the gunner's
    head with a natural 20 (2d10: 1 + 1) and they are in a Grapple; the brawler exits
    straight away and the stunned gunner is offered no Reaction strike.
    """
    b = battle_with(open_map(), [(1, "brawler", 4, 0), (2, "gunner", 5, 0)], [20, 1, 20, (10, 1), (10, 1)])
    brawler, gunner = b.units()
    do(b, "melee", gunner, kind="melee", location="head")
    assert b.get(gunner, Afflictions).stunned
    do(b, "exit_grapple", (4, 0))
    assert b.pending.kind == TURN and b.pending.actor == brawler


def test_reaction_is_back_once_the_stun_has_ended():
    """"stunned until the end of their next turn" (DIGEST [PROP]: "cannot use its
    Reaction until the end of its next turn").

    Round 1: the brawler's machete crit stuns the gunner (head, 2d10: 1 + 1); the
    gunner's stunned turn passes. Round 2: the stun is over, so when the brawler exits
    the Grapple the gunner may strike as a Reaction.
    """
    b = battle_with(open_map(), [(1, "brawler", 4, 0), (2, "gunner", 5, 0)], [20, 1, 20, (10, 1), (10, 1)])
    brawler, gunner = b.units()
    do(b, "melee", gunner, kind="melee", location="head")
    end_turn(b)
    assert b.pending.actor == gunner
    end_turn(b)
    assert not b.get(gunner, Afflictions).stunned
    do(b, "exit_grapple", (4, 0))
    assert b.pending.kind == REACTION and b.pending.actor == gunner


def test_arms_minus_3_and_victim_minus_5_to_attacks_until_end_of_its_next_turn():
    """"Arms: −3 penalty to hit, the target suffers a −5 penalty to their attack rolls
    until the end of their next turn."

    d20 12 + 4 − 3 = 13 hits the gunner's arm (1d8: 2). On its next turn the gunner's
    shot carries −5; on the turn after, it does not.
    """
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "gunner", 3, 0)], [20, 1, 12, (8, 2), 1, 1])
    scout, gunner = b.units()
    do(b, "shoot", gunner, mode="single", location="arms")
    roll = events_of(b, AttackRolled)[-1]
    assert ("arms", -3) in roll.modifiers and roll.hit and not roll.critical
    end_turn(b)
    do(b, "shoot", scout, mode="single", location="torso")
    assert ("wounded arm", -5) in events_of(b, AttackRolled)[-1].modifiers
    end_turn(b)
    end_turn(b)  # scout
    do(b, "shoot", scout, mode="single", location="torso")
    assert "wounded arm" not in dict(events_of(b, AttackRolled)[-1].modifiers)


def test_arms_critical_lasts_until_a_dc_15_body_check_for_1_action():
    """"A critical hit imposes this penalty until the creature succeeds a DC 15 Body
    check for 1 Action."

    Natural 20 to the arm (crit: 1d10, 3). Gunner's turn: the check (1 Action) rolls
    12 + 2 = 14 and fails; its shot still has −5. Next turn (when an ordinary arm hit
    would have worn off) the −5 is still there until the check rolls 13 + 2 = 15,
    meeting DC 15; then the shot has no penalty.
    """
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "gunner", 3, 0)],
                    [20, 1, 20, (10, 3), 12, 1, 13, 1])
    scout, gunner = b.units()
    do(b, "shoot", gunner, mode="single", location="arms")
    assert _dice_of(b) == ["1d10"]
    end_turn(b)
    do(b, "shake_off")
    check = events_of(b, CheckRolled)[-1]
    assert (check.skill, check.total, check.against, check.success) == ("Body", 14, 15, False)
    assert actions(b, gunner) == 3
    do(b, "shoot", scout, mode="single", location="torso")
    assert ("wounded arm", -5) in events_of(b, AttackRolled)[-1].modifiers
    end_turn(b)
    end_turn(b)  # scout
    assert b.get(gunner, Afflictions).arm_penalty
    do(b, "shake_off")
    assert events_of(b, CheckRolled)[-1].success
    assert not b.get(gunner, Afflictions).arm_penalty
    assert offered(b, "shake_off") is None
    do(b, "shoot", scout, mode="single", location="torso")
    assert "wounded arm" not in dict(events_of(b, AttackRolled)[-1].modifiers)


def test_legs_minus_3_and_speed_halved_until_end_of_next_turn():
    """"Legs: −3 penalty to hit, the target's movement speed is halved until the end of
    their next turn."

    d20 12 + 4 − 3 = 13 hits the gunner's leg (1d8: 2). Its next turn: 15 ft a Move, so
    4 tiles (20 ft) cost 2 Actions. The turn after: 30 ft again, 6 tiles for 1 Action.
    """
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "gunner", 3, 5)], [20, 1, 12, (8, 2)])
    scout, gunner = b.units()
    do(b, "shoot", gunner, mode="single", location="legs")
    assert ("legs", -3) in events_of(b, AttackRolled)[-1].modifiers
    end_turn(b)
    do(b, "move", (7, 5))
    assert actions(b, gunner) == 2
    end_turn(b)
    end_turn(b)  # scout
    do(b, "move", (13, 5))
    assert actions(b, gunner) == 3


def test_legs_critical_lasts_until_a_dc_15_body_check():
    """"Legs: ... A critical hit imposes this penalty until the creature succeeds a DC
    15 Body check for 1 Action."

    Natural 20 to the leg (1d10: 1). Two turns later the gunner is still at half speed
    (3 tiles cost 1 Action, a 4th tile needs another); after a passing check (13 + 2 =
    15, 1 Action) it walks 6 tiles for 1 Action.
    """
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "gunner", 3, 5)], [20, 1, 20, (10, 1), 13])
    scout, gunner = b.units()
    do(b, "shoot", gunner, mode="single", location="legs")
    end_turn(b)
    end_turn(b)  # gunner's first turn: does nothing
    end_turn(b)  # scout
    assert b.get(gunner, Afflictions).legs_hurt
    do(b, "move", (6, 5))
    assert actions(b, gunner) == 3
    do(b, "move", (7, 5))
    assert actions(b, gunner) == 2
    do(b, "shake_off")
    assert actions(b, gunner) == 1
    assert not b.get(gunner, Afflictions).legs_hurt
    do(b, "move", (13, 5))
    assert actions(b, gunner) == 0
