"""Cover and Concealment (rules/d20-firearms.txt, "Cover and Concealment").

Map legend (tests/helpers.py): `c` concealment that blocks sight (walkable), `l` light
cover and `h` heavy cover (low obstacles, see-through); tests/d20/util.py adds `b`, a
bush as the shipped maps draw one (walkable concealment that does not block sight).
Cover counts when it lies on or next to the target's tile, between it and the shooter.
Scout: pistol 1d8 ballistic, Firearms +4; gunner target: Dodge 13, 20 HP, no armour.
"""

import pytest

from game.rulesets.d20.events import AttackRolled, DamageRolled
from tests.d20.util import ascii_map_plus, data_with, do, end_turn, hp, offered, prepared_battle
from tests.helpers import ascii_map, battle_with, events_of

AP_PISTOL = """
[ap_pistol]
name = "AP pistol"
kind = "ranged"
damage = "1d8"
damage_type = "ballistic"
fire_mode = "semi"
ranges_ft = [30, 60, 90]
magazine = 15
ammo = "ap_pistol"
properties = ["compact"]
"""

# The gunner starts at (6, 3), in plain view, and walks to (6, 0) behind the
# sight-blocking concealment at (5, 0): the scout's side saw it go there.
HIDE = [".....c......",
        "............",
        "............",
        "............"]


def _hidden_gunner(weapon="pistol", dice=()):
    b = prepared_battle(ascii_map(HIDE), [(2, "gunner", 6, 3), (1, "scout", 0, 0)], [20, 1, *dice],
                        arms={1: weapon})
    gunner, scout = b.units()
    do(b, "move", (6, 0))
    end_turn(b)
    assert b.pending.actor == scout
    return b, scout, gunner


def test_concealed_known_target_can_be_shot_but_not_targeted():
    """"If an enemy knows a creature entered concealment, they can target the creature
    with a ranged attack as if they could see it, though they cannot make targeted
    attacks."

    The scout saw the gunner step behind the concealment: it may shoot, but the only
    hit location offered is untargeted (torso).
    """
    b, scout, gunner = _hidden_gunner()
    opt = offered(b, "shoot")
    assert opt.targets == (gunner,)
    assert opt.params_for(gunner)["location"] == ("untargeted",)


def test_bullets_go_through_concealment():
    """"Concealment breaks line of sight ... but bullets can still easily penetrate
    through and hit it." The scout's pistol hit (d20 15) deals its full 1d8 (6)."""
    b, scout, gunner = _hidden_gunner(dice=(15, (8, 6)))
    do(b, "shoot", gunner, mode="single", location="untargeted")
    dmg = events_of(b, DamageRolled)[-1]
    assert dmg.reductions == () and dmg.dealt == 6 and hp(b, gunner) == 14


def test_concealed_target_nobody_saw_enter_cannot_be_shot():
    """Same sentence, the other way: a creature that goes into concealment unseen is
    unknown and offers no shot. ([PROP] deployment itself is known to all, as figures
    on a table are, so the gunner starts known and must first slip away unseen.)"""
    b = battle_with(ascii_map(HIDE), [(1, "scout", 0, 0), (2, "gunner", 6, 0)], [1, 20])
    scout, gunner = b.units()
    assert b.pending.actor == gunner
    do(b, "move", (7, 0))  # behind the hedge all the way: the scout sees no step of it
    end_turn(b)
    assert b.pending.actor == scout
    assert offered(b, "shoot") is None


@pytest.mark.parametrize("weapon, dice", [("birdshot_shotgun", [15, (4, 4), (4, 4)]),
                                          ("crossbow", [15, (10, 9)])])
def test_birdshot_and_non_firearms_cannot_breach_concealment(weapon, dice):
    """"Birdshot and non-firearm ranged attacks cannot breach concealment, but they can
    target it."

    A {weapon} may shoot at the known, concealed gunner and hits (d20 15), but the
    concealment stops all the damage.
    """
    b, scout, gunner = _hidden_gunner(weapon, dice)
    do(b, "shoot", gunner, mode="single", location="untargeted")
    assert events_of(b, AttackRolled)[-1].hit
    dmg = events_of(b, DamageRolled)[-1]
    assert dmg.dealt == 0 and dmg.reductions[0][0] == "concealment"
    assert hp(b, gunner) == 20


# A sight-blocking concealment tile right in front of the shooter, far from the target.
FAR_HEDGE = [".c..........",
             "............",
             "............",
             "............",
             "............"]


def test_birdshot_cannot_breach_concealment_anywhere_on_the_line():
    """Same rule: "Birdshot ... cannot breach concealment". The gunner walks from (8, 4),
    in view, to (8, 0); the concealment at (1, 0) blocks the scout's sight, so the shot is
    untargeted — and the birdshot must not get through it either.
    """
    b = prepared_battle(ascii_map(FAR_HEDGE), [(2, "gunner", 8, 4), (1, "scout", 0, 0)],
                        [20, 1, 15, (4, 4), (4, 4)], arms={1: "birdshot_shotgun"})
    gunner, scout = b.units()
    do(b, "move", (8, 0))
    end_turn(b)
    assert offered(b, "shoot").params_for(gunner)["location"] == ("untargeted",)
    do(b, "shoot", gunner, mode="single", location="untargeted")
    assert events_of(b, DamageRolled)[-1].dealt == 0


BUSH = ["......b.....",
        "............"]


def test_target_behind_a_bush_cannot_be_targeted():
    """"Concealment breaks line of sight with the enemy ... they cannot make targeted
    attacks." The gunner stands behind a bush (concealment cover on the line next to
    it): the scout's shot must be untargeted; the rule gives concealment no other way.
    """
    b = battle_with(ascii_map_plus(BUSH), [(1, "scout", 0, 0), (2, "gunner", 7, 0)], [20, 1])
    scout, gunner = b.units()
    assert offered(b, "shoot").params_for(gunner)["location"] == ("untargeted",)


LIGHT = [".....l.....", "..........."]
HEAVY = [".....h.....", "..........."]


@pytest.mark.parametrize("weapon, dice, dealt", [
    ("pistol", [15, (8, 7)], 7 - 3),          # ballistic: +3 DT
    ("crossbow", [15, (10, 9)], 0),            # piercing: negated
    ("ap_pistol", [15, (8, 7)], 7),            # AP pistol ignores light cover
    ("ap_rifle", [15, (4, 3), (4, 4)], 7),     # AP rifle ignores light cover
])
def test_light_cover(tmp_path, weapon, dice, dealt):
    """"Light cover negates any damage types except ballistic and provides a +3 DT to
    ballistic damage." and "Armour penetrating pistol ammunition ignores light cover.
    Armour penetrating rifle ammunition ignores light and heavy cover."

    Gunner at (6, 0) behind light cover at (5, 0); the scout hits with a {weapon}: the
    gunner takes {dealt}.
    """
    data = data_with(tmp_path, weapons=AP_PISTOL)
    b = prepared_battle(ascii_map(LIGHT), [(1, "scout", 0, 0), (2, "gunner", 6, 0)], [20, 1, *dice],
                        arms={0: weapon}, data=data)
    scout, gunner = b.units()
    do(b, "shoot", gunner, mode="single", location="torso")
    assert events_of(b, AttackRolled)[-1].hit
    assert events_of(b, DamageRolled)[-1].dealt == dealt
    assert hp(b, gunner) == 20 - dealt


def test_light_cover_stacks_with_armour():
    """Cover DT and armour DT both come off: the guardian (ballistic DT 2) behind light
    cover (+3) takes 8 − 5 = 3 from a pistol roll of 8."""
    b = battle_with(ascii_map(LIGHT), [(1, "scout", 0, 0), (2, "guardian", 6, 0)], [20, 1, 15, (8, 8)])
    scout, guardian = b.units()
    do(b, "shoot", guardian, mode="single", location="torso")
    dmg = events_of(b, DamageRolled)[-1]
    assert dmg.reductions == (("DT ballistic", 2), ("light cover", 3)) and dmg.dealt == 3


@pytest.mark.parametrize("weapon, dice, dealt", [
    ("pistol", [15, (8, 8)], 0),
    ("infantry_rifle", [15, (4, 4), (4, 4)], 0),
    ("ap_pistol", [15, (8, 8)], 0),           # AP pistol: light cover only
    ("ap_rifle", [15, (4, 3), (4, 4)], 7),     # AP rifle ignores heavy cover
])
def test_heavy_cover(tmp_path, weapon, dice, dealt):
    """"Heavy cover provides full protection against all forms of damage." and
    "Armour penetrating rifle ammunition ignores light and heavy cover."

    Gunner behind heavy cover; the scout hits with a {weapon}: {dealt} damage.
    """
    data = data_with(tmp_path, weapons=AP_PISTOL)
    b = prepared_battle(ascii_map(HEAVY), [(1, "scout", 0, 0), (2, "gunner", 6, 0)], [20, 1, *dice],
                        arms={0: weapon}, data=data)
    scout, gunner = b.units()
    do(b, "shoot", gunner, mode="single", location="torso")
    assert events_of(b, AttackRolled)[-1].hit
    assert events_of(b, DamageRolled)[-1].dealt == dealt
    assert hp(b, gunner) == 20 - dealt


def test_a_leg_hit_stopped_by_heavy_cover_does_not_hobble():
    """[PROP] a hit whose damage the cover stops has no hit-location effect: the pistol's
    leg hit (d20 15 − 3) on the gunner behind heavy cover leaves its speed alone."""
    from game.rulesets.d20.components import Afflictions
    b = battle_with(ascii_map(HEAVY), [(1, "scout", 0, 0), (2, "gunner", 6, 0)], [20, 1, 15, (8, 8)])
    scout, gunner = b.units()
    do(b, "shoot", gunner, mode="single", location="legs")
    assert events_of(b, AttackRolled)[-1].hit
    assert not b.get(gunner, Afflictions).legs_hurt
