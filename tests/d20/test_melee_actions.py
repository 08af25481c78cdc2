"""Melee Actions: Disarm, Restrain (and manacles), Trip, unarmed strike
(rules/d20-firearms.txt, "Melee Actions").

Contests ([PROP]): the actor's d20 + skill must beat the defender's d20 + skill; ties
go to the defender. The actor's die is rolled first. Athletics: brawler +6, gunner
+2, guardian +4, scout +3. Dexterity: gunner +1, guardian 0.
"""

import pytest

from game.engine import grapple
from game.engine.components import PRONE, Posture
from game.engine.decisions import TURN
from game.rulesets.d20.components import DroppedWeapon, Loadout, Restraining, Restraint
from game.rulesets.d20.events import AttackRolled, CheckRolled, DamageRolled
from tests.d20.util import actions, do, end_turn, hp, offered, prepared_battle, ruleset_with
from tests.helpers import battle_with, events_of, open_map


def _contest(b):
    """(defender total, actor total) of the last contest."""
    d, a = events_of(b, CheckRolled)[-2:]
    return d.total, a.total


# --- Disarm ----------------------------------------------------------------------------
def test_disarm_won_drops_the_weapon_where_the_target_stands():
    """"Disarm: for 2 Actions, you attempt to disarm a creature. Make an Athletics contest
    against the creature you are attempting to disarm, disarming them if you succeed."

    Brawler 10 + 6 = 16 beats gunner 13 + 2 = 15: the SMG (30 rounds) lies on the
    gunner's tile, the gunner holds nothing and cannot shoot; the brawler has 2 Actions.
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5)], [20, 1, 10, 13])
    brawler, gunner = b.units()
    do(b, "disarm", gunner)
    assert _contest(b) == (15, 16)
    assert actions(b, brawler) == 2
    loadout = b.get(gunner, Loadout)
    assert loadout.held is None and "smg" not in loadout.weapons
    (item, dropped), = b.query(DroppedWeapon)
    assert (dropped.weapon, dropped.loaded, b.tile(item)) == ("smg", 30, (6, 5))
    end_turn(b)
    assert b.pending.actor == gunner and offered(b, "shoot") is None


def test_disarm_tie_goes_to_the_defender():
    """[PROP] ties go to the defender: brawler 10 + 6 = 16, gunner 14 + 2 = 16: the gunner
    keeps its SMG."""
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5)], [20, 1, 10, 14])
    brawler, gunner = b.units()
    do(b, "disarm", gunner)
    assert _contest(b) == (16, 16)
    assert b.get(gunner, Loadout).held == "smg" and b.query(DroppedWeapon) == []


def test_a_restrained_creature_has_minus_5_to_resist_disarm():
    """"A restrained creature has a −5 penalty to resist being disarmed."

    Brawler A restrains the gunner (12 + 6 = 18 vs 1 + 2 = 3). Brawler C disarms it:
    5 + 6 = 11 against 13 + 2 − 5 = 10 wins (without the −5 it would lose to 15).
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5), (1, "brawler", 7, 5)],
                    [20, 1, 15, 12, 1, 5, 13])
    a, gunner, c = b.units()
    do(b, "restrain", gunner)
    end_turn(b)
    assert b.pending.actor == c
    do(b, "disarm", gunner)
    defender, attacker = events_of(b, CheckRolled)[-2:]
    assert (defender.face, defender.modifier, defender.total) == (13, -3, 10)
    assert attacker.total == 11
    assert b.get(gunner, Loadout).held is None


# --- Restrain ---------------------------------------------------------------------------
def test_restrain_won_target_may_only_struggle_restrainer_only_restraints():
    """"Restrain: for 2 Actions ... Make an Athletics contest ... A restrained creature
    cannot take Actions or Reactions except for attempting another Athletics contest to
    free themselves from the restraint. The creature restraining cannot take Actions or
    Reactions except attempting to apply restraints."

    Brawler 12 + 6 beats gunner 1 + 2. The brawler's own turn then offers only the
    manacles, letting go ([PROP] a Free Action) and End turn; the gunner's turn offers
    only struggling free and End turn.
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5)], [20, 1, 12, 1])
    brawler, gunner = b.units()
    do(b, "restrain", gunner)
    assert b.get(gunner, Restraint).by == brawler and b.get(brawler, Restraining).target == gunner
    assert {o.key for o in b.pending.options} == {"manacle", "release", "end_turn"}
    end_turn(b)
    assert b.pending.actor == gunner
    assert {o.key for o in b.pending.options} == {"break_free", "end_turn"}


def test_restrained_creature_cannot_react():
    """Same rule: "cannot take Actions or Reactions". Brawler D grapples the gunner (miss);
    brawler A restrains it (14 + 6 vs 1 + 2). D then exits the Grapple: a free gunner
    could strike as a Reaction, the restrained one is not asked.
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5), (1, "brawler", 6, 6)],
                    [20, 1, 15, 1, 14, 1])
    d, gunner, a = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    end_turn(b)
    do(b, "restrain", gunner)
    end_turn(b)
    end_turn(b)  # gunner: may only struggle; does not
    assert b.pending.actor == d
    do(b, "exit_grapple", offered(b, "exit_grapple").targets[0])
    assert b.pending.kind == TURN and b.pending.actor == d


def test_struggling_free_is_an_athletics_contest():
    """Same rule: "attempting another Athletics contest to free themselves". Gunner 18 + 2
    = 20 beats the brawler's 10 + 6 = 16: free, with all its options back.
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5)], [20, 1, 12, 1, 18, 10])
    brawler, gunner = b.units()
    do(b, "restrain", gunner)
    end_turn(b)
    do(b, "break_free")
    assert _contest(b) == (16, 20)
    assert not b.has(gunner, Restraint) and not b.has(brawler, Restraining)
    assert actions(b, gunner) == 2 and offered(b, "shoot") is not None


def test_attacks_against_a_restrained_creature_have_plus_5():
    """"Attacks against a restrained creature have +5 to hit." The scout's pistol at the
    restrained gunner: d20 4 + 4 + 5 = 13 hits its Dodge 13.
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5), (1, "scout", 6, 8)],
                    [20, 1, 15, 12, 1, 4, (8, 1)])
    brawler, gunner, scout = b.units()
    do(b, "restrain", gunner)
    end_turn(b)
    do(b, "shoot", gunner, mode="single", location="torso")
    roll = events_of(b, AttackRolled)[-1]
    assert ("target restrained", 5) in roll.modifiers and roll.total == 13 and roll.hit


SIZES = """
[ogre]
name = "Ogre"
archetype = "brawler"
agility = 0
body = 4
dexterity = 0
willpower = 0
firearms = 0
melee = 4
athletics = 6
hp = 30
weapons = ["baton"]
size = "large"
"""


def test_restrain_only_your_size_or_smaller(tmp_path):
    """"Restrain: ... you attempt to restrain a creature your size or smaller."

    A medium brawler next to a large ogre and a medium gunner: Restrain offers only the
    gunner. The ogre's own turn offers Restrain against the medium brawler.
    """
    rs = ruleset_with(tmp_path, units=SIZES)
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "ogre", 6, 5), (2, "gunner", 4, 5)],
                    [20, 10, 1], ruleset=rs)
    brawler, ogre, gunner = b.units()
    assert offered(b, "restrain").targets == (gunner,)
    end_turn(b)
    assert b.pending.actor == ogre
    assert brawler in offered(b, "restrain").targets


# --- Manacles ----------------------------------------------------------------------------
def test_anyone_within_5_ft_can_manacle_for_1_action_with_a_dexterity_contest():
    """"Anyone within 5 feet of the restrained creature can apply manacles or restraints
    to the creature for 1 Action with a Dexterity contest." ([PROP] a manacled creature
    is captured: out of the fight.)

    Brawler A restrains the gunner; the guardian (an ally, adjacent, 2 manacles) wins
    the Dexterity contest 15 + 0 against 10 + 1 for 1 Action: the gunner is captured and
    the brawler's hold is released.
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5), (1, "guardian", 7, 6),
                                 (2, "scout", 20, 9)],
                    [20, 1, 15, 5, 12, 1, 15, 10])
    brawler, gunner, guardian, scout = b.units()
    do(b, "restrain", gunner)
    end_turn(b)
    assert b.pending.actor == guardian
    assert offered(b, "manacle").targets == (gunner,)
    do(b, "manacle", gunner)
    d, a = events_of(b, CheckRolled)[-2:]
    assert (a.skill.split()[0], a.total, d.total) == ("Dexterity", 15, 11)
    assert actions(b, guardian) == 3
    assert not b.active(gunner) and b.get(gunner, Restraint).manacled
    assert not b.has(brawler, Restraining)
    assert b.get(guardian, Loadout).manacles == 1


def test_manacles_need_the_restrained_creature_within_5_ft():
    """Same rule, "within 5 feet": the guardian 10 ft from the restrained gunner is not
    offered the manacles."""
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5), (1, "guardian", 8, 5)],
                    [20, 1, 15, 12, 1])
    brawler, gunner, guardian = b.units()
    do(b, "restrain", gunner)
    end_turn(b)
    assert b.pending.actor == guardian and offered(b, "manacle") is None


def test_the_restrainer_may_apply_its_own_manacles():
    """"The creature restraining cannot take Actions or Reactions except attempting to
    apply restraints": on its next turn the brawler manacles the gunner (12 + 1 beats
    3 + 1) for 1 Action.
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5), (2, "scout", 20, 9)],
                    [20, 1, 2, 12, 1, 12, 3])
    brawler, gunner, scout = b.units()
    do(b, "restrain", gunner)
    do(b, "manacle", gunner)
    assert not b.active(gunner) and actions(b, brawler) == 1


# --- Trip and prone ------------------------------------------------------------------------
def test_trip_knocks_prone_and_standing_costs_1_action():
    """"Trip: for 2 Actions, you attempt to knock a creature prone. Make an Athletics
    contest ..., knocking them Prone if you succeed." ([PROP] prone: no walking;
    standing up costs 1 Action.)

    Brawler 10 + 6 beats gunner 5 + 2: prone. The gunner's turn offers no Move; it stands
    (1 Action) and may then move.
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5)], [20, 1, 10, 5])
    brawler, gunner = b.units()
    do(b, "trip", gunner)
    assert b.get(gunner, Posture).value == PRONE
    assert offered(b, "trip") is None  # already prone
    end_turn(b)
    assert offered(b, "move") is None
    do(b, "stand")
    assert actions(b, gunner) == 3 and b.get(gunner, Posture).value != PRONE
    assert offered(b, "move") is not None


def test_trip_lost_leaves_the_target_standing():
    """Same rule: the contest lost (brawler 2 + 6 = 8 vs gunner 10 + 2 = 12), no prone."""
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5)], [20, 1, 2, 10])
    brawler, gunner = b.units()
    do(b, "trip", gunner)
    assert b.get(gunner, Posture).value != PRONE and actions(b, brawler) == 2


def test_prone_target_is_easier_up_close_and_harder_from_afar():
    """[PROP] prone: +2 to attacks from within 5 ft, −2 from farther; a prone attacker
    takes −2 on melee attacks.

    The tripped gunner: the brawler's machete has +2; the scout's pistol from 15 ft
    has −2; the prone gunner's own unarmed strike has −2.
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (1, "scout", 5, 8), (2, "gunner", 6, 5)],
                    [20, 15, 1, 10, 5, 1, 1, 1])
    brawler, scout, gunner = b.units()
    do(b, "trip", gunner)
    do(b, "melee", gunner, kind="melee", location="torso")
    assert ("target prone", 2) in events_of(b, AttackRolled)[-1].modifiers
    assert b.pending.actor == scout  # the brawler's 4 Actions are spent
    do(b, "shoot", gunner, mode="single", location="torso")
    assert ("target prone", -2) in events_of(b, AttackRolled)[-1].modifiers
    end_turn(b)
    assert b.pending.actor == gunner
    do(b, "melee", brawler, kind="unarmed", location="torso")
    assert ("attacking from prone", -2) in events_of(b, AttackRolled)[-1].modifiers


# --- Unarmed strike ----------------------------------------------------------------------------
def test_unarmed_strike_is_1d4_crushing_with_5_ft_reach():
    """"Unarmed strike: an attack when unarmed or when wielding an improvised weapon (such
    as a rock or a pistol whip attack) deals 1d4 crushing damage ... and has a reach of
    5 feet."

    The gunner holds an SMG, so its melee option offers only the unarmed strike; at the
    adjacent brawler (crushing DT 1): d20 15 + 1 hits, 1d4 rolls 4 → 3 damage. A
    target 10 ft away is out of reach.
    """
    b = battle_with(open_map(), [(1, "gunner", 5, 5), (2, "brawler", 6, 5), (2, "scout", 3, 5)],
                    [20, 1, 2, 15, (4, 4)])
    gunner, brawler, scout = b.units()
    opt = offered(b, "melee")
    assert opt.targets == (brawler,)
    assert opt.params_for(brawler)["kind"] == ("unarmed",)
    do(b, "melee", brawler, kind="unarmed", location="torso")
    dmg = events_of(b, DamageRolled)[-1]
    assert [d.split(" ")[0] for d in dmg.dice] == ["1d4"]
    assert dmg.reductions == (("DT crushing", 1),) and dmg.dealt == 3
    assert hp(b, brawler) == 21 and grapple.in_grapple(b, brawler)


def test_a_melee_weapon_holder_may_strike_with_it_or_unarmed():
    """"holding a melee weapon (unless making an unarmed attack)": the brawler with a
    machete is offered both kinds."""
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5)], [20, 1])
    assert offered(b, "melee").params_for(b.units()[1])["kind"] == ("melee", "unarmed")
