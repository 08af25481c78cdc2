"""Suppressing fire (rules/d20-firearms.txt, "Ranged Attack Types", last item).

Gunner: SMG (automatic, first range 40 ft = 8 tiles, 30 rounds), Firearms +4, so the
Willpower DC is 12 + 4 = 16. Marksman: Willpower +2. [PROP] the cone is 90° (±45°)
around the aimed tile and lasts until the start of the shooter's next turn.
"""

import pytest

from game.engine.decisions import TURN
from game.engine.events import Damaged, Moved, Note
from game.rulesets.d20.components import Health, SuppressionZone, TurnState
from game.rulesets.d20.events import AttackRolled, CheckRolled, SuppressionLaid
from tests.d20.util import actions, do, end_turn, hp, loaded, offered, prepared_battle
from tests.helpers import ascii_map, battle_with, events_of, open_map

OPEN = ["...................."] * 11
WALLED = list(OPEN)
WALLED[3] = ".....#.............."
# Light cover at (4, 5) between the shooter at (0, 5) and a marksman at (5, 5).
SHIELDED = list(OPEN)
SHIELDED[5] = "....l..............."


def _zone(b):
    (z, zone), = b.query(SuppressionZone)
    return zone


def _willpower_checks(b):
    return [e for e in events_of(b, CheckRolled) if e.skill == "Willpower"]


def test_suppression_needs_an_automatic_weapon_15_rounds_4_actions_and_the_reaction():
    """"only automatic weapons are capable of ... suppressing fire"; "uses 15 pieces of
    ammunition, costs 4 Actions and a Reaction".

    Offered: SMG, 15 rounds, 4 Actions. Not offered: the scout's semi-automatic pistol;
    an SMG with 14 rounds; a gunner with 3 Actions left after a move.
    """
    b = prepared_battle(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 20, 5)], [20, 1],
                        arms={0: ("smg", 15)})
    assert offered(b, "suppress") is not None
    do(b, "move", (1, 0))
    assert actions(b, b.units()[0]) == 3 and offered(b, "suppress") is None
    b = prepared_battle(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 20, 5)], [20, 1],
                        arms={0: ("smg", 14)})
    assert offered(b, "suppress") is None
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "marksman", 20, 5)], [20, 1])
    assert offered(b, "suppress") is None


def test_suppression_needs_the_reaction_a_stunned_gunner_cannot_lay_it():
    """"costs 4 Actions and a Reaction": a gunner stunned by a head crit has no Reaction
    (and only 2 Actions), so its turn offers no suppressing fire.
    """
    b = battle_with(open_map(), [(2, "scout", 0, 0), (1, "gunner", 3, 0)], [20, 1, 20, (10, 1), (10, 1)])
    scout, gunner = b.units()
    do(b, "shoot", gunner, mode="single", location="head")
    end_turn(b)
    assert b.pending.actor == gunner and b.get(gunner, TurnState).reaction is False
    assert offered(b, "suppress") is None


def test_laying_suppression_spends_15_rounds_4_actions_and_the_reaction():
    """Same rule: after laying the cone the SMG has 15 rounds left, the gunner has no
    Actions and no Reaction, and the DC is 12 + proficiency (Firearms 4) = 16.
    """
    b = battle_with(ascii_map(OPEN), [(1, "gunner", 0, 5), (2, "marksman", 19, 10)], [20, 1])
    gunner, _ = b.units()
    do(b, "suppress", (8, 5))
    assert loaded(b, gunner) == 15
    ts = b.get(gunner, TurnState)
    assert (ts.actions, ts.reaction) == (0, False)
    assert _zone(b).dc == 16 and events_of(b, SuppressionLaid)[-1].dc == 16
    assert b.pending.actor != gunner


def test_cone_reaches_the_first_range_and_stops_at_walls():
    """"creates cone of affected area originating at the creature taking the action. The
    cone continues outwards until it reaches the weapon's first range threshold or a
    solid barrier."

    From (0, 5) aimed at (8, 5): (8, 5) is in (40 ft), (9, 5) is not (45 ft); (8, 4)
    is in, but (8, 2), behind the wall at (5, 3), is not; (2, 0) is outside the ±45°
    [PROP] cone; the shooter's own tile is not in it.
    """
    b = battle_with(ascii_map(WALLED), [(1, "gunner", 0, 5), (2, "marksman", 19, 10)], [20, 1])
    do(b, "suppress", (8, 5))
    tiles = _zone(b).tiles
    assert (8, 5) in tiles and (9, 5) not in tiles
    assert (8, 4) in tiles and (8, 2) not in tiles
    assert (2, 0) not in tiles and (0, 5) not in tiles
    assert all(max(abs(x - 0), abs(y - 5)) <= 8 for x, y in tiles)


def test_start_of_turn_inside_fail_pins_the_creature_it_may_only_move_out():
    """"A creature that starts its turn unprotected inside the area must succeed this
    save or else move out of the area, taking no damage." and "A creature that fails
    the save cannot ... take actions if they are within the area."

    The marksman at (5, 5) rolls 13 + 2 = 15 < 16: it is offered only moves to tiles
    outside the cone; it moves out and takes no damage.
    """
    b = battle_with(ascii_map(OPEN), [(1, "gunner", 0, 5), (2, "marksman", 5, 5)], [20, 1, 13])
    gunner, marksman = b.units()
    do(b, "suppress", (8, 5))
    tiles = _zone(b).tiles
    assert b.pending.actor == marksman
    check = _willpower_checks(b)[-1]
    assert (check.total, check.against, check.success) == (15, 16, False)
    assert {o.key for o in b.pending.options} == {"move"}
    moves = offered(b, "move").targets
    assert moves and not set(moves) & tiles
    dest = min(moves, key=lambda t: (abs(t[0] - 5) + abs(t[1] - 5), t))
    do(b, "move", dest)
    assert b.tile(marksman) not in tiles
    assert hp(b, marksman) == 16 and not events_of(b, Damaged)


def test_start_of_turn_fail_must_move_out_no_staying():
    """Same sentence: "must succeed this save or else move out of the area". With open
    ground to move to, staying (End turn) is not a legal answer.
    """
    b = battle_with(ascii_map(OPEN), [(1, "gunner", 0, 5), (2, "marksman", 5, 5)], [20, 1, 13])
    gunner, marksman = b.units()
    do(b, "suppress", (8, 5))
    assert offered(b, "move") is not None
    assert offered(b, "end_turn") is None


def test_start_of_turn_success_costs_no_damage_and_the_creature_acts():
    """Same sentence: passing the start-of-turn save in full (18 + 2 = 20, by 4) lets
    the marksman act normally; the save itself does no damage ([PROP] one check per
    cone per turn, so its shot rolls no second Willpower check).
    """
    b = battle_with(ascii_map(OPEN), [(1, "gunner", 0, 5), (2, "marksman", 5, 5)], [20, 1, 18, 1])
    gunner, marksman = b.units()
    do(b, "suppress", (8, 5))
    assert _willpower_checks(b)[-1].success
    do(b, "shoot", gunner, mode="single", location="torso")
    assert events_of(b, AttackRolled)[-1].attacker == marksman
    assert len(_willpower_checks(b)) == 1
    assert hp(b, marksman) == 16


def test_start_of_turn_partial_pays_the_weapon_damage_when_it_acts():
    """One consistent save (issue 11): a partial success at the start of the turn
    (14 + 2 = 16, by 0) is the same partial success as one made on acting: "takes an
    action in the affected area, but takes damage equal to the weapon's normal
    damage". Nothing is lost by the save itself; the shot costs SMG 1d6 (5) in the
    open; a second action in the same cone costs nothing more (once per cone a turn).
    """
    b = battle_with(ascii_map(OPEN), [(1, "gunner", 0, 5), (2, "marksman", 5, 5)],
                    [20, 1, 14, (6, 5), 1, 1])
    gunner, marksman = b.units()
    do(b, "suppress", (8, 5))
    assert not events_of(b, Damaged) and offered(b, "end_turn") is not None
    do(b, "shoot", gunner, mode="single", location="torso")
    assert hp(b, marksman) == 16 - 5
    do(b, "shoot", gunner, mode="single", location="torso")
    assert hp(b, marksman) == 16 - 5 and len(_willpower_checks(b)) == 1


@pytest.mark.parametrize("face, outcome", [(13, "fail"), (14, "partial"), (17, "partial"), (18, "pass")])
def test_acting_inside_the_area_fail_partial_or_pass(face, outcome):
    """"Creatures within this area ... may make a Willpower check of DC equal to 12 +
    your proficiency modifier. A creature that fails the save cannot ... take actions if
    they are within the area. A creature that partially succeeds the check by passing by
    3 or less ... takes an action in the affected area, but takes damage equal to the
    weapon's normal damage. A creature that fully succeeds ... takes actions as normal."

    The marksman behind light cover ([PROP] protected: a failed save does not force
    it out) saves as its turn starts, inside the cone. Willpower d20 {face} + 2 vs 16:
    fail (15) → no shot is offered, only moving out or ending the turn; partial (16,
    19) → its shot costs SMG 1d6 (6) − 3 (light cover DT, as against any SMG round)
    = 3 damage; pass (20) → the shot, no damage.
    """
    dice = [20, 1, face] + ([(6, 6)] if outcome == "partial" else []) + ([1] if outcome != "fail" else [])
    b = battle_with(ascii_map(SHIELDED), [(1, "gunner", 0, 5), (2, "marksman", 5, 5)], dice)
    gunner, marksman = b.units()
    do(b, "suppress", (8, 5))
    assert (5, 5) in _zone(b).tiles
    assert b.pending.actor == marksman
    check = _willpower_checks(b)[-1]
    assert check.total == face + 2 and check.against == 16
    if outcome == "fail":
        assert {o.key for o in b.pending.options} == {"move", "end_turn"}
        assert not set(offered(b, "move").targets) & _zone(b).tiles
        assert hp(b, marksman) == 16 and actions(b, marksman) == 4
        return
    do(b, "shoot", gunner, mode="single", location="torso")
    assert len(_willpower_checks(b)) == 1
    shots = [e for e in events_of(b, AttackRolled) if e.attacker == marksman]
    if outcome == "partial":
        assert len(shots) == 1 and hp(b, marksman) == 16 - 3
        assert events_of(b, Damaged)[0].unit == marksman
    else:
        assert len(shots) == 1 and hp(b, marksman) == 16


GAP = ["......#.....",
       "......#.....",
       "......#.....",
       "......#.....",
       "............",
       "......#.....",
       "......#.....",
       "......#.....",
       "......#....."]


@pytest.mark.parametrize("face, outcome", [(13, "fail"), (15, "partial"), (18, "pass")])
def test_moving_through_the_area(face, outcome):
    """"Creatures ... attempting to move through the area may make a Willpower check":
    fail → "cannot move through the area"; partial → "moves through the area ... but
    takes damage equal to the weapon's normal damage"; full success → "moves through the
    affected area ... as normal".

    The cone covers the only gap in a wall. The marksman walks from (9, 0) to (3, 0)
    through the gap: fail (15) stops it before the first cone tile, on its own side;
    partial (17) gets through with SMG 1d6 (3) damage; pass (20) gets through unhurt.
    """
    dice = [20, 1, face] + ([(6, 3)] if outcome == "partial" else [])
    b = battle_with(ascii_map(GAP), [(1, "gunner", 0, 4), (2, "marksman", 9, 0)], dice)
    gunner, marksman = b.units()
    do(b, "suppress", (8, 4))
    tiles = _zone(b).tiles
    assert (9, 0) not in tiles and (3, 0) not in tiles and (6, 4) in tiles
    do(b, "move", (3, 0))
    walked = events_of(b, Moved)[-1].path
    if outcome == "fail":
        assert not set(walked) & tiles
        assert b.tile(marksman) not in tiles and b.tile(marksman)[0] >= 7
        assert hp(b, marksman) == 16
    else:
        assert b.tile(marksman) == (3, 0)
        assert hp(b, marksman) == (16 - 3 if outcome == "partial" else 16)
    assert len(_willpower_checks(b)) == 1


def test_zone_ends_at_the_shooters_next_turn():
    """[PROP] the cone lasts "until the start of the shooter's next turn".

    Round 1: the marksman (protected by light cover) fails its save (1) and ends its
    turn inside the cone. Round 2: at the gunner's turn the cone is gone; the
    marksman, still there, then shoots with no Willpower check.
    """
    b = battle_with(ascii_map(SHIELDED), [(1, "gunner", 0, 5), (2, "marksman", 5, 5)], [20, 1, 1, 1])
    gunner, marksman = b.units()
    do(b, "suppress", (8, 5))
    assert b.query(SuppressionZone)
    end_turn(b)
    assert b.pending.actor == gunner and b.query(SuppressionZone) == []
    checks = len(_willpower_checks(b))
    end_turn(b)
    do(b, "shoot", gunner, mode="single", location="torso")
    assert len(_willpower_checks(b)) == checks


def test_zone_ends_when_the_shooter_is_out_of_the_fight():
    """[PROP] the cone lasts until the start of the shooter's next turn, and the fire
    stops when the shooter drops (a shooter out of the fight has no next turn).

    Set-up: the gunner has 1 HP, and the cone is aimed so that the marksman at (5, 5)
    is inside it. The scout shoots the gunner out of the fight (d20 15, 1d8: 5): the
    cone is gone at once, and the marksman starts its turn and shoots with no
    Willpower check.
    """
    def weak(battle):
        battle.get(battle.units()[0], Health).hp = 1

    b = prepared_battle(ascii_map(OPEN),
                        [(1, "gunner", 0, 5), (2, "scout", 0, 10), (1, "brawler", 19, 0), (2, "marksman", 5, 5)],
                        [20, 15, 10, 5, 15, (8, 5), 1], prepare=weak)
    gunner, scout, brawler, marksman = b.units()
    do(b, "suppress", (8, 4))
    assert (5, 5) in _zone(b).tiles
    do(b, "shoot", gunner, mode="single", location="torso")
    assert not b.active(gunner)
    assert b.query(SuppressionZone) == []
    end_turn(b)  # scout
    end_turn(b)  # brawler
    assert b.pending.actor == marksman
    do(b, "shoot", brawler, mode="single", location="torso")
    assert not _willpower_checks(b)
    assert events_of(b, AttackRolled)[-1].attacker == marksman


def test_suppression_catches_a_whole_melee_even_if_it_covers_part_of_it():
    """"area of effect (AoE) effects affect all creatures within the Melee, even if the
    AoE only covers part of the Melee's area" (rule text, "Melee Attacks").

    Brawlers A and C and the gunner G form a Melee of three on (6, 5), (5, 4), (6, 4)
    — G on (5, 4). A second gunner at (14, 5) lays a cone west: it reaches x ≥ 6, so it
    covers A's and C's spaces but not G's. G still makes the start-of-turn save.
    """
    b = battle_with(open_map(20, 12), [(1, "brawler", 5, 5), (2, "gunner", 6, 5), (1, "brawler", 7, 5),
                                       (2, "gunner", 14, 5)], [20, 1, 15, 10, 1, 1, 20])
    a, g, c, shooter = b.units()
    do(b, "melee", g, kind="melee", location="torso")
    end_turn(b)
    do(b, "melee", g, kind="melee", location="torso")
    end_turn(b)
    assert b.tile(g) == (5, 4) and {b.tile(a), b.tile(c)} == {(6, 5), (6, 4)}
    do(b, "suppress", (6, 5))
    tiles = _zone(b).tiles
    assert b.tile(g) not in tiles and b.tile(a) in tiles and b.tile(c) in tiles
    assert b.pending.actor == g
    check = _willpower_checks(b)[-1]
    assert check.unit == g and "starting its turn" in check.detail


def _grapple_beside_a_cone():
    """Brawler A (side 1) grapples gunner G at (5, 5) (miss); gunner S at (14, 5) lays a
    cone west that reaches x ≥ 6, so the Grapple's tile is just outside it. Round 2
    starts with A's turn."""
    b = battle_with(open_map(20, 12), [(1, "brawler", 4, 5), (2, "gunner", 5, 5), (2, "gunner", 14, 5)],
                    [20, 10, 5, 1, 20, 20, 20])
    a, g, s = b.units()
    do(b, "melee", g, kind="melee", location="torso")
    end_turn(b)
    end_turn(b)  # G
    do(b, "suppress", (6, 5))
    tiles = _zone(b).tiles
    assert b.pending.actor == a and b.tile(a) == (5, 5)
    assert (5, 5) not in tiles and (6, 5) in tiles and (6, 4) in tiles
    return b, a, g


def test_dragging_a_grapple_into_the_area_needs_the_willpower_check():
    """"Creatures within this area or attempting to move through the area may make a
    Willpower check". Brawler A drags its Grapple from (5, 5) into the cone at (6, 5):
    A is moving into the area, so it checks (d20 20 + 1: passes).
    """
    b, a, g = _grapple_beside_a_cone()
    do(b, "drag", (6, 5))
    assert [c.unit for c in _willpower_checks(b)] == [a]


def test_exiting_a_grapple_into_the_area_needs_the_willpower_check():
    """Same rule: brawler A leaves the Grapple onto (6, 4), inside the cone, so it checks
    (the gunner's Reaction strike is declined)."""
    b, a, g = _grapple_beside_a_cone()
    do(b, "exit_grapple", (6, 4))
    if b.pending.kind == "reaction":
        do(b, "pass")
    assert b.tile(a) == (6, 4)
    assert [c.unit for c in _willpower_checks(b)] == [a]


# --- issue 11: the cone as written, one consistent save ------------------------------
HEDGED = list(OPEN)
HEDGED[3] = "...cccccc..........."  # a hedge: walkable concealment that blocks sight
HEDGED[4] = "...c................"
HEDGED[5] = "...c................"
HEDGED[6] = "...c................"


def test_cone_goes_through_concealment_only_walls_stop_it():
    """"The cone continues outwards until it reaches the weapon's first range threshold
    or a solid barrier", and concealment is no barrier: "bullets can still easily
    penetrate through and hit it".

    The gunner at (0, 5) aims east behind a hedge at x = 3: (5, 5), hidden from it by
    the hedge, is in the cone, and so is the hedge tile (3, 5) itself. A marksman
    standing at (5, 5), unseen, starts its turn in the cone and saves (d20 13 + 2 = 15
    vs 16: fails, and being unprotected must move out).
    """
    from game.rulesets.d20.attacks import sees_tile
    tmap = ascii_map(HEDGED)
    assert not sees_tile(tmap, (0, 5), (5, 5))
    b = battle_with(tmap, [(1, "gunner", 0, 5), (2, "marksman", 5, 5)], [20, 1, 13])
    gunner, marksman = b.units()
    do(b, "suppress", (8, 5))
    tiles = _zone(b).tiles
    assert {(5, 5), (3, 5), (8, 5)} <= tiles
    check = _willpower_checks(b)[-1]
    assert check.unit == marksman and not check.success
    assert {o.key for o in b.pending.options} == {"move"}


HEAVY = list(OPEN)
HEAVY[5] = "....h..............."


@pytest.mark.parametrize("rows, dealt", [(OPEN, 6), (SHIELDED, 6 - 3), (HEAVY, 0)])
def test_partial_damage_is_cut_by_cover_as_a_shot_is(rows, dealt):
    """Partial success: "takes damage equal to the weapon's normal damage"; heavy cover
    "provides full protection against all forms of damage"; light cover "provides a +3
    DT to ballistic damage". Cover between the shooter and the creature works on the
    cone as on a shot, so it never makes the outcome worse.

    Marksman at (5, 5) saves 14 + 2 = 16 (partial) and shoots: SMG 1d6 rolls 6. In the
    open it takes 6, behind light cover at (4, 5) 6 − 3 = 3, behind heavy cover 0.
    """
    b = battle_with(ascii_map(rows), [(1, "gunner", 0, 5), (2, "marksman", 5, 5)],
                    [20, 1, 14, (6, 6), 1])
    gunner, marksman = b.units()
    do(b, "suppress", (8, 5))
    do(b, "shoot", gunner, mode="single", location="torso")
    assert events_of(b, AttackRolled)[-1].attacker == marksman
    assert hp(b, marksman) == 16 - dealt


def test_a_partial_success_walks_out_of_the_cone_unhurt():
    """"A creature that starts its turn unprotected inside the area must succeed this
    save or else move out of the area, taking no damage": leaving costs nothing, so a
    partial success (14 + 2 = 16) is never worse than a failure. The marksman at (5, 5)
    walks out to (3, 0), outside the cone, and keeps its 16 hit points.
    """
    b = battle_with(ascii_map(OPEN), [(1, "gunner", 0, 5), (2, "marksman", 5, 5)], [20, 1, 14])
    gunner, marksman = b.units()
    do(b, "suppress", (8, 5))
    assert (3, 0) not in _zone(b).tiles
    do(b, "move", (3, 0))
    assert b.tile(marksman) == (3, 0) and hp(b, marksman) == 16


def test_a_partial_success_moving_about_inside_the_cone_takes_the_damage():
    """"moves through the area ... but takes damage equal to the weapon's normal
    damage": the marksman (partial, 14 + 2) walks from (5, 5) to (6, 5), still inside
    the cone: SMG 1d6 (2) damage, once."""
    b = battle_with(ascii_map(OPEN), [(1, "gunner", 0, 5), (2, "marksman", 5, 5)],
                    [20, 1, 14, (6, 2)])
    gunner, marksman = b.units()
    do(b, "suppress", (8, 5))
    do(b, "move", (6, 5))
    assert b.tile(marksman) == (6, 5) and hp(b, marksman) == 16 - 2
    do(b, "move", (7, 5))
    assert hp(b, marksman) == 16 - 2


def test_after_a_failed_save_no_move_into_the_cone_is_offered_and_no_action_is_lost():
    """"A creature that fails the save cannot move through the area." The marksman
    walks from (9, 0) toward (3, 0) through the only gap, (6, 4), which the cone
    covers (with (7, 4) and (8, 4) behind it). Its path, (8, 1), (7, 2), (7, 3), (6, 4),
    bends as little as a cheapest route allows; it fails (13 + 2 = 15 < 16) on the
    first cone tile of its path, (6, 4), and stops on (7, 3) after 3 tiles (15 ft:
    1 Action; the rest of the move is not made, so not paid). Then no move into the cone, or through it to the far side of the wall, is
    offered: every offered tile is outside the cone with x > 6.
    """
    b = battle_with(ascii_map(GAP), [(1, "gunner", 0, 4), (2, "marksman", 9, 0)], [20, 1, 13])
    gunner, marksman = b.units()
    do(b, "suppress", (8, 4))
    tiles = _zone(b).tiles
    do(b, "move", (3, 0))
    moved = events_of(b, Moved)[-1]
    assert moved.unit == marksman and moved.path == ((8, 1), (7, 2), (7, 3))
    assert b.tile(marksman) == (7, 3) and b.tile(marksman) not in tiles
    assert actions(b, marksman) == 3
    targets = set(offered(b, "move").targets)
    assert targets and not targets & tiles and all(x > 6 for x, _ in targets)


def test_a_restrained_creature_pinned_in_the_cone_cannot_struggle():
    """"A creature that fails the save cannot ... take actions if they are within the
    area": struggling free is an action, so a restrained marksman that fails its save
    (1 + 2 = 3 vs 16) inside a cone has nothing left but the end of its turn, so the
    turn passes to the gunner with no struggle rolled (before this, the struggle was
    offered, refused by the fire, and offered again for ever)."""
    from game.rulesets.d20.components import Restraining, Restraint

    def hold(b):
        brawler, marksman = b.units()[1], b.units()[2]
        b.add(marksman, Restraint(brawler))
        b.add(brawler, Restraining(marksman))

    b = prepared_battle(ascii_map(OPEN), [(1, "gunner", 0, 5), (1, "brawler", 5, 4),
                                          (2, "marksman", 5, 5)], [20, 10, 1, 20, 1], prepare=hold)
    gunner, brawler, marksman = b.units()
    do(b, "suppress", (8, 5))
    end_turn(b)  # the brawler (in the cone too: it saves, 20 + 1)
    assert b.pending.actor == gunner
    saves = _willpower_checks(b)
    assert saves[-1].unit == marksman and not saves[-1].success
    assert not [e for e in events_of(b, CheckRolled) if e.skill.startswith("Athletics")]
    assert b.has(marksman, Restraint)
    # ... and the log says why its turn passed (issue 18: never left without a word).
    notes = [e.text for e in events_of(b, Note)]
    assert any(t.startswith("Marksman 2-1 is pinned down by the fire with no way out") for t in notes), notes
