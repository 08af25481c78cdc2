"""Melee attacks, Grapples and Melees (rules/d20-firearms.txt, "Melee Attacks").

Brawler: machete 1d8 slashing, Melee +5, Athletics +6, Dodge 14, 24 HP. Gunner:
Dodge 13, 20 HP, SMG (Compact). Scout: pistol (Compact), Firearms +4.
"""

import pytest

from game.engine import grapple
from game.engine.decisions import REACTION, TURN
from game.rulesets.d20.components import Health
from game.rulesets.d20.events import AttackRolled, CheckRolled, DamageRolled, GrappleChanged
from game.rulesets.d20.stats import speed_ft
from tests.d20.util import actions, do, end_turn, hp, offered
from tests.helpers import battle_with, events_of, open_map


def _melee_events(b):
    return [e.kind for e in events_of(b, GrappleChanged)]


def test_melee_needs_the_target_within_5_ft():
    """"To make a melee attack, a creature must be within 5 feet of the target": a
    gunner 10 ft away is no melee target; one diagonally adjacent (5 ft) is.
    """
    b = battle_with(open_map(), [(1, "brawler", 0, 0), (2, "gunner", 2, 0)], [20, 1])
    assert offered(b, "melee") is None
    b = battle_with(open_map(), [(1, "brawler", 0, 0), (2, "gunner", 1, 1)], [20, 1])
    assert offered(b, "melee").targets == (b.units()[1],)


def test_a_melee_attack_that_misses_still_enters_a_grapple_in_one_space():
    """"When making a melee attack against a creature both creatures enter a Grapple"
    ([PROP] hit or miss) and "When two creatures are in a Grapple, they occupy the same
    space."

    The brawler's machete misses (d20 1 + 5 = 6 vs 13): both are grappled, on the
    gunner's tile.
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5)], [20, 1, 1])
    brawler, gunner = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    assert not events_of(b, AttackRolled)[-1].hit
    assert grapple.group(b, brawler) == {brawler, gunner}
    assert b.tile(brawler) == b.tile(gunner) == (6, 5)
    assert _melee_events(b) == ["grapple"]
    assert actions(b, brawler) == 2


def test_a_melee_hit_deals_damage_and_grapples():
    """Same rule, on a hit: d20 8 + 5 = 13 hits Dodge 13, machete 1d8 (6)."""
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5)], [20, 1, 8, (8, 6)])
    brawler, gunner = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    roll = events_of(b, AttackRolled)[-1]
    assert roll.modifiers == (("Melee", 5),) and roll.hit
    assert hp(b, gunner) == 14 and grapple.in_grapple(b, gunner)


def test_grappling_speed_is_5_ft_and_the_grapple_moves_one_space_per_action():
    """"A grappling creature's movement speed (walking) is reduced to 5 feet" ([PROP] moving
    drags the Grapple, both sharing the space, one tile per Action; no check for a
    two-creature Grapple).

    No free Move option is offered; the brawler drags the pair one tile for 1 Action.
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5)], [20, 1, 1])
    brawler, gunner = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    assert speed_ft(b, brawler) == 5 and speed_ft(b, gunner) == 5
    assert offered(b, "move") is None
    drags = offered(b, "drag").targets
    assert set(drags) == {(6 + dx, 5 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - {(6, 5)}
    do(b, "drag", (7, 5))
    assert b.tile(brawler) == b.tile(gunner) == (7, 5)
    assert actions(b, brawler) == 1
    assert not [e for e in events_of(b, CheckRolled)]


def test_grappling_creature_can_only_attack_its_partner():
    """"they can only make attacks against the creature they are grappling".

    The gunner grapples the marksman with an unarmed strike (miss). A scout stands next
    to them in pistol range: shoot, melee, disarm and trip all offer only the marksman.
    """
    b = battle_with(open_map(), [(1, "gunner", 5, 5), (2, "marksman", 6, 5), (2, "scout", 7, 5)],
                    [20, 2, 1, 1])
    gunner, marksman, scout = b.units()
    do(b, "melee", marksman, kind="unarmed", location="torso")
    for key in ("shoot", "melee", "disarm", "trip"):
        assert offered(b, key).targets == (marksman,), key


def test_an_attack_inside_a_grapple_uses_the_partners_own_dodge():
    """Dodge 12 is for attacks at the Grapple from outside ("Grapples and Melees have a
    Dodge of 12" with "considered one target for the sake of making ranged attacks").
    The brawler's second attack on its partner needs the gunner's own Dodge 13.
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5)], [20, 1, 1, 1])
    brawler, gunner = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    do(b, "melee", gunner, kind="melee", location="torso")
    assert events_of(b, AttackRolled)[-1].needed == 13


def test_exiting_a_grapple_costs_1_action_and_provokes_a_reaction_strike():
    """"A creature can use 1 Action to exit a Grapple, allowing the other creature in the
    Grapple to make a melee attack agains them as a Reaction."

    The gunner is grappled by the brawler (miss). On its turn it exits to (4, 5) for 1
    Action; the brawler is asked for a Reaction, strikes with the machete (d20 10 + 5 =
    15 vs Dodge 13, 1d8: 5). The gunner ends on (4, 5), out of the Grapple, with 3
    Actions and 15 HP.
    """
    b = battle_with(open_map(), [(1, "brawler", 4, 5), (2, "gunner", 5, 5)], [20, 1, 1, 10, (8, 5)])
    brawler, gunner = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    end_turn(b)
    assert b.pending.actor == gunner
    assert (4, 5) in offered(b, "exit_grapple").targets
    do(b, "exit_grapple", (4, 5))
    assert b.pending.kind == REACTION and b.pending.actor == brawler
    do(b, "reaction_strike", gunner, kind="melee", location="torso")
    assert b.pending.kind == TURN and b.pending.actor == gunner
    assert b.tile(gunner) == (4, 5) and not grapple.in_grapple(b, gunner)
    assert not grapple.in_grapple(b, brawler)
    assert actions(b, gunner) == 3 and hp(b, gunner) == 15


def test_exit_tiles_are_open_spaces_next_to_the_grapple():
    """Exits go to an open adjacent space: not a wall, not another unit's tile."""
    from tests.helpers import ascii_map
    rows = ["#####",
            "#...#",
            "#...#",
            "#...#",
            "#####"]
    b = battle_with(ascii_map(rows), [(1, "brawler", 2, 2), (2, "gunner", 3, 2), (2, "scout", 1, 1)],
                    [20, 1, 2, 1])
    brawler, gunner, scout = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    exits = set(offered(b, "exit_grapple").targets)
    assert exits == {(2, 1), (3, 1), (2, 2), (2, 3), (3, 3)}


@pytest.mark.parametrize("coin, victim_index", [(1, 0), (2, 1)])
def test_ranged_attack_at_a_grapple_dodge_12_and_a_random_victim(coin, victim_index):
    """"Grappled creatures are considered one target for the sake of making ranged
    attacks against them. Grapples and Melees have a Dodge of 12. On a hit, there is a
    50% chance of hitting either creature."

    The brawler (side 1) grapples the gunner (side 2). The side-2 scout shoots at the
    brawler: d20 8 + 4 = 12 meets the Grapple's Dodge 12 (the brawler's own is 14).
    The scripted d2 {coin} picks the victim: {victim_index} = 0 the brawler, 1 the
    gunner (the scout's own ally), who takes the 1d8 (4).
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5), (2, "scout", 6, 8)],
                    [20, 1, 2, 1, 8, (2, coin), (8, 4)])
    brawler, gunner, scout = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    end_turn(b)
    assert b.pending.actor == scout
    assert offered(b, "shoot").targets == (brawler,)  # one target: the gunner is its ally
    do(b, "shoot", brawler, mode="single", location="torso")
    roll = events_of(b, AttackRolled)[-1]
    assert (roll.total, roll.needed, roll.hit) == (12, 12, True)
    victim = (brawler, gunner)[victim_index]
    assert events_of(b, DamageRolled)[-1].target == victim
    assert hp(b, victim) == b.get(victim, Health).max_hp - 4


def test_exact_odds_of_a_shot_at_a_grapple():
    """The same shot's exact odds, by hand: hit on d20 ≥ 12 − 4 = 8 → 13/20; each member
    gets half the hits; a 1d8 hit averages 4.5 and a crit (natural 20, torso: 2d10)
    averages 11, so the brawler's expected damage is
    0.5 × (12/20 × 4.5 + 1/20 × 11) = 1.625.
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5), (2, "scout", 6, 8)],
                    [20, 1, 2, 1])
    brawler, gunner, scout = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    end_turn(b)
    choice = offered(b, "shoot").choice(brawler, mode="single", location="torso")
    odds = b.ruleset.odds(b, b.pending, choice)
    assert odds.hit == pytest.approx(13 / 20) and odds.target_number == 12
    assert odds.expected_damage == pytest.approx(2 * 1.625)
    assert "grappling units at random" in odds.notes[-1]


def _melee_of_three(extra_dice=()):
    """Brawler A grapples the gunner (miss); brawler C joins (miss): a Melee of three."""
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5), (1, "brawler", 7, 5),
                                 (2, "scout", 6, 9)],
                    [20, 1, 15, 2, 1, 1, *extra_dice])
    a, gunner, c, scout = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    end_turn(b)
    do(b, "melee", gunner, kind="melee", location="torso")
    return b, a, gunner, c, scout


def test_a_third_creature_makes_a_melee_each_in_its_own_space_in_the_smallest_square():
    """"Another creature can enter a Grapple, at which point it becomes a Melee." and "The
    physical size of a Melee is determined by the smallest size square that will fit all
    the creatures within it, with each creature occupying its own space."

    Three creatures: three different tiles, all inside one 2 × 2 square.
    """
    b, a, gunner, c, scout = _melee_of_three()
    assert grapple.group(b, a) == {a, gunner, c}
    tiles = [b.tile(u) for u in (a, gunner, c)]
    assert len(set(tiles)) == 3
    xs, ys = [t[0] for t in tiles], [t[1] for t in tiles]
    assert max(xs) - min(xs) <= 1 and max(ys) - min(ys) <= 1
    assert _melee_events(b) == ["grapple", "melee"]


def test_anyone_in_a_melee_can_target_anyone_in_it():
    """"Any creature within a Melee can target any other creature within the Melee."
    The brawler C may attack both other members; the scout outside is no melee target.
    """
    b, a, gunner, c, scout = _melee_of_three()
    assert set(offered(b, "melee").targets) == {a, gunner}


@pytest.mark.parametrize("face", [1, 2, 3])
def test_ranged_attack_at_a_melee_hits_each_member_equally(face):
    """"ranged attacks targeted against the Melee have an equal chance of hitting any of
    the creatures within the Melee" (Dodge 12 as a Grapple).

    The scout hits (d20 15) and a scripted d3 {face} picks the {face}-th member by id;
    the exact odds give each member a third of the hits.
    """
    b, a, gunner, c, scout = _melee_of_three([15, (3, face), (8, 2)])
    end_turn(b)  # C
    assert b.pending.actor == scout
    choice = offered(b, "shoot").choice(a, mode="single", location="torso")
    odds = b.ruleset.odds(b, b.pending, choice)
    assert odds.target_number == 12
    do(b, "shoot", a, mode="single", location="torso")
    assert events_of(b, DamageRolled)[-1].target == sorted((a, gunner, c))[face - 1]


def test_exiting_a_melee_costs_1_action_provokes_nothing_and_two_left_share_a_space():
    """"A creature can exit a Melee for 1 Action. A creature exiting a Melee does not
    provoke opportunity attacks and can exit to any open space adjacent to the Melee."

    Brawler C (2 Actions left after its attack) exits to an open tile next to the
    Melee's square: no Reaction decision, 1 Action left, and the two left behind form a
    Grapple again, sharing one space.
    """
    b, a, gunner, c, scout = _melee_of_three()
    square = {b.tile(u) for u in (a, gunner, c)}
    exits = offered(b, "exit_grapple").targets
    assert exits and all(t not in square and any(max(abs(t[0] - s[0]), abs(t[1] - s[1])) == 1
                                                 for s in square) for t in exits)
    do(b, "exit_grapple", exits[0])
    assert b.pending.kind == TURN and b.pending.actor == c
    assert actions(b, c) == 1 and b.tile(c) == exits[0]
    assert not grapple.in_grapple(b, c)
    assert grapple.group(b, a) == {a, gunner} and b.tile(a) == b.tile(gunner)


@pytest.mark.parametrize("face, moved", [(7, True), (6, False)])
def test_moving_a_melee_needs_athletics_dc_13(face, moved):
    """"In order to move the Melee, the creature attempting the move must make an
    Athletics check against a DC of 13."

    Brawler C (Athletics +6) tries to move the Melee one tile: d20 {face} + 6 = 13
    succeeds and every member shifts one tile; 12 fails and nobody moves (the Action is
    spent either way).
    """
    b, a, gunner, c, scout = _melee_of_three([face])
    before = {u: b.tile(u) for u in (a, gunner, c)}
    dest = offered(b, "drag").targets[0]
    here = b.tile(c)
    do(b, "drag", dest)
    check = events_of(b, CheckRolled)[-1]
    assert (check.skill, check.total, check.against) == ("Athletics", face + 6, 13)
    dx, dy = dest[0] - here[0], dest[1] - here[1]
    for u, (x, y) in before.items():
        assert b.tile(u) == ((x + dx, y + dy) if moved else (x, y))
    assert actions(b, c) == 1


def test_a_unit_out_of_the_fight_falls_out_of_its_grapple():
    """[PROP] a creature out of the fight leaves its Grapple: set-up gunner at 1 HP; the
    brawler's machete (d20 15, 1d8: 3) drops it and the brawler is free again.
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5), (2, "scout", 20, 9)],
                    [20, 1, 2, 1, 15, (8, 3)])
    brawler, gunner, scout = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    b.get(gunner, Health).hp = 1
    do(b, "melee", gunner, kind="melee", location="torso")
    assert not b.active(gunner)
    assert not grapple.in_grapple(b, brawler) and grapple.consistency_errors(b) == []


def test_a_melee_square_may_be_partly_inaccessible():
    """"It is acceptable if part of the square is inaccessible (e.g. off a cliff face) as
    long as each creature has its own space."

    Three walkable tiles in an L: (1, 1), (2, 1), (1, 2); (2, 2) is a wall. The Melee
    of three takes the 2 × 2 square with the wall in it, one creature per open tile.
    """
    from tests.helpers import ascii_map
    rows = ["#####",
            "#..##",
            "#.###",
            "#####"]
    b = battle_with(ascii_map(rows), [(1, "brawler", 2, 1), (2, "gunner", 1, 1), (1, "brawler", 1, 2)],
                    [20, 1, 15, 1, 1])
    a, gunner, c = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    end_turn(b)
    do(b, "melee", gunner, kind="melee", location="torso")
    assert grapple.group(b, a) == {a, gunner, c}
    assert {b.tile(u) for u in (a, gunner, c)} == {(1, 1), (2, 1), (1, 2)}
