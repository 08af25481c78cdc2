"""Scenario rules (game/engine/objectives.py), written once for every ruleset.

Each test builds a small d20 battle on an open map with a scenario set by hand, the
initiative forced (one d20 face per unit), every unit ending its turn where it stands
(or taken out by the test), and checks the points and the end the rules give:
- a zone held by one side scores its points at each round's end; a contested one none;
- the first side to reach the victory points wins at once;
- at the round limit more points wins, equal points is a draw;
- the VIP's fall ends the battle at once (or scores its points);
- the defending side wins by standing at the end of round survive_rounds.
"""

from __future__ import annotations

import pytest

from game.engine import objectives
from game.engine.components import OutOfFight
from game.engine.events import BattleEnded, PointsScored
from game.engine.flow import check_victory
from game.rulesets.d20 import D20Ruleset
from game.world.scenario import Scenario, VipMark, Zone
from tests.helpers import battle_with, events_of, open_map


class EndTurn:
    """Every unit ends its turn where it stands."""

    def decide(self, battle, decision):
        return decision.option("end_turn").choice()


def zone(name: str, tiles, points: int = 1, side=None, kind: str = "hold") -> Zone:
    return Zone(name, kind, frozenset(tiles), points, side)


def mission_battle(scenario: Scenario, units, max_rounds: int = 5):
    tmap = open_map(10, 6)
    tmap.scenario = scenario
    gunner = D20Ruleset().template_for("gunner")
    placed = [(team, gunner, x, y) for team, x, y in units]
    faces = [20 - i for i in range(len(placed))]  # distinct initiatives: no rerolls
    return battle_with(tmap, placed, faces + [10] * 200, max_rounds=max_rounds)


def run(battle):
    battle.run({team: EndTurn() for team in battle.teams()})
    return events_of(battle, BattleEnded)[-1]


def test_a_zone_held_by_one_side_scores_each_round_and_points_decide_at_the_limit():
    # Side 1's unit stands on (1, 1), inside the zone; side 2's stands outside.
    s = Scenario("hold", zones=(zone("Crossroads", [(1, 1), (2, 1)], points=2),))
    b = mission_battle(s, [(1, 1, 1), (2, 8, 4)], max_rounds=3)
    end = run(b)
    scored = events_of(b, PointsScored)
    assert [(e.side, e.points, e.zone, e.round) for e in scored] == [
        (1, 2, "Crossroads", 1), (1, 2, "Crossroads", 2), (1, 2, "Crossroads", 3)]
    assert scored[0].units == (b.name(b.units(1)[0]),)
    assert objectives.points(b) == {1: 6, 2: 0}
    assert (end.winner, end.how, end.rounds) == (1, "round limit", 3)
    assert "6–0" in end.reason


def test_a_contested_zone_scores_nothing_and_equal_points_are_a_draw():
    s = Scenario("contest", zones=(zone("Hill", [(1, 1), (2, 1)]),))
    b = mission_battle(s, [(1, 1, 1), (2, 2, 1)], max_rounds=2)
    end = run(b)
    assert events_of(b, PointsScored) == []
    assert (end.winner, end.how) == (None, "round limit")


def test_a_zone_only_its_side_can_score():
    s = Scenario("theirs", zones=(zone("Bunker", [(1, 1)], side=2),))
    b = mission_battle(s, [(1, 1, 1), (2, 8, 4)], max_rounds=2)
    run(b)
    assert events_of(b, PointsScored) == []


def test_reaching_the_victory_points_wins_at_once():
    # Two zones a point each, side 1 holds both: 2 a round, 4 reached at round 2's end.
    s = Scenario("race", victory_points=4,
                 zones=(zone("A", [(1, 1)]), zone("B", [(1, 3)])))
    b = mission_battle(s, [(1, 1, 1), (1, 1, 3), (2, 8, 4)], max_rounds=10)
    end = run(b)
    assert (end.winner, end.how, end.rounds) == (1, "victory points", 2)
    assert objectives.points(b) == {1: 4, 2: 0}


def test_sides_reaching_the_victory_points_together_and_level_play_on():
    # Each side holds a one-point zone alone: 1-1, 2-2 (both at the 2 that win, level:
    # nobody was first), 3-3, 4-4 at the round limit, a draw there. Until stop 40 the
    # battle ended drawn at round 2's end.
    s = Scenario("level", victory_points=2, zones=(zone("A", [(1, 1)]), zone("B", [(8, 4)])))
    b = mission_battle(s, [(1, 1, 1), (2, 8, 4)], max_rounds=4)
    end = run(b)
    assert (end.winner, end.how, end.rounds) == (None, "round limit", 4)
    assert objectives.points(b) == {1: 4, 2: 4}


def test_the_vips_fall_ends_the_battle_at_once():
    s = Scenario("escort", vips=(VipMark(1, 1, 1),))
    b = mission_battle(s, [(1, 1, 1), (1, 3, 1), (2, 8, 4)], max_rounds=10)
    vip = [u for u in b.units(1) if b.tile(u) == (1, 1)][0]
    assert b.has(vip, objectives.Vip)
    b.add(vip, OutOfFight("dead"))  # the VIP is taken out (how does not matter here)
    assert check_victory(b)
    end = events_of(b, BattleEnded)[-1]
    assert (end.winner, end.how) == (2, "vip")


def test_a_vip_that_leaves_by_its_exit_is_safe_not_fallen():
    # The VIP stands on its side's exit (9, 0) and leaves first: its side scores the
    # exit's point and the battle goes on (the VIP did not fall); its ally and the
    # enemy end their turns until the round limit, where 1-0 wins.
    s = Scenario("evacuate", vips=(VipMark(1, 9, 0),),
                 zones=(zone("Pad", [(9, 0)], points=1, side=1, kind="exit"),))
    b = mission_battle(s, [(1, 9, 0), (1, 1, 1), (2, 5, 5)], max_rounds=2)
    vip = [u for u in b.units(1) if b.tile(u) == (9, 0)][0]
    assert b.pending.actor == vip
    b.submit(b.pending.option("leave").choice())
    assert not b.over and objectives.has_left(b, vip)
    assert not check_victory(b)
    end = run(b)
    assert (end.winner, end.how) == (1, "round limit")


def test_a_vip_with_points_scores_them_once_for_the_other_side():
    s = Scenario("bounty", vips=(VipMark(1, 1, 1, points=3),))
    b = mission_battle(s, [(1, 1, 1), (1, 3, 1), (2, 8, 4)], max_rounds=10)
    vip = [u for u in b.units(1) if b.tile(u) == (1, 1)][0]
    b.add(vip, OutOfFight("dead"))
    assert not check_victory(b)
    assert not check_victory(b)  # asked again: still scored once
    assert objectives.points(b) == {1: 0, 2: 3}


def test_the_defender_wins_by_standing_when_the_survive_round_ends():
    s = Scenario("hold out", attacker=2, survive_rounds=2)
    b = mission_battle(s, [(1, 1, 1), (2, 8, 4)], max_rounds=10)
    end = run(b)
    assert (end.winner, end.how, end.rounds) == (1, "survived", 2)


def test_a_plain_battle_ends_as_before():
    b = mission_battle(None, [(1, 1, 1), (2, 8, 4)], max_rounds=2)
    end = run(b)
    assert (end.winner, end.how, end.reason) == (None, "round limit", "round limit 2")
    assert events_of(b, PointsScored) == []


class LeaveWhenOffered(EndTurn):
    """Leaves by an exit when offered, else ends its turn."""

    def decide(self, battle, decision):
        if decision.option("leave") is not None:
            return decision.option("leave").choice()
        return super().decide(battle, decision)


def test_a_unit_in_its_sides_exit_may_leave_safely_and_scores():
    # Side 1 has two units, one on the exit (9, 0); side 2 one far away. Only side 1's
    # unit on the exit is offered "leave"; it leaves (not a casualty) and scores 3.
    s = Scenario("run", zones=(zone("Gate", [(9, 0)], points=3, side=1, kind="exit"),))
    b = mission_battle(s, [(1, 9, 0), (1, 1, 1), (2, 5, 5)], max_rounds=2)
    runner = [u for u in b.units(1) if b.tile(u) == (9, 0)][0]
    assert b.pending.actor == runner and b.pending.option("leave") is not None
    b.submit(b.pending.option("leave").choice())
    assert b.has(runner, objectives.Left) and not b.active(runner)
    assert objectives.points(b) == {1: 3, 2: 0}
    assert b.pending.actor != runner  # its turn ended as the ruleset's end turn ends it
    end = run(b)
    assert (end.winner, end.how) == (1, "round limit")


def test_leave_is_never_offered_to_the_other_side_or_off_the_exit():
    s = Scenario("run", zones=(zone("Gate", [(9, 0)], points=3, side=1, kind="exit"),))
    b = mission_battle(s, [(2, 9, 0), (1, 1, 1)], max_rounds=2)
    seen = []
    while b.pending is not None:
        seen.append(b.pending.option("leave"))
        b.submit(EndTurn().decide(b, b.pending))
    assert seen and all(o is None for o in seen)


def test_when_every_runner_has_left_the_points_decide_not_elimination():
    # Side 1's only unit leaves: side 2 is the last side standing, but side 1 scored 2.
    s = Scenario("breakthrough", zones=(zone("Gate", [(9, 0)], points=2, side=1, kind="exit"),))
    b = mission_battle(s, [(1, 9, 0), (2, 1, 5)], max_rounds=5)
    b.run({1: LeaveWhenOffered(), 2: EndTurn()})
    end = events_of(b, BattleEnded)[-1]
    assert (end.winner, end.how) == (1, "victory points") and "2–0" in end.reason


def test_runners_short_of_the_victory_points_lose_to_the_side_holding_out():
    # Breakthrough: side 1 (the attacker) needs 6 points, 2 a runner, and side 2 holds
    # out for 4 rounds. Side 1's only unit leaves on round 1 (2 points, short of 6):
    # nothing is left on the board that could stop side 2 standing when round 4 ends,
    # and round 4's end would be its win whatever the points (survive is checked after
    # the victory points, which side 1 has not reached), so side 2 wins now.
    s = Scenario("breakthrough", victory_points=6, attacker=1, survive_rounds=4,
                 zones=(zone("Gate", [(9, 0)], points=2, side=1, kind="exit"),))
    b = mission_battle(s, [(1, 9, 0), (2, 1, 5)], max_rounds=4)
    b.run({1: LeaveWhenOffered(), 2: EndTurn()})
    end = events_of(b, BattleEnded)[-1]
    assert (end.winner, end.how, end.rounds) == (2, "survived", 1)
    assert objectives.points(b) == {1: 2, 2: 0}
    # The same battle played with side 1's runner staying put to round 4 ends the same way.
    b = mission_battle(s, [(1, 9, 0), (2, 1, 5)], max_rounds=4)
    end = run(b)
    assert (end.winner, end.how, end.rounds) == (2, "survived", 4)


def test_runners_who_reach_the_victory_points_win_though_the_guards_stand():
    # As above, but the exit is worth the 6 points: the last runner's leaving reaches
    # the victory points, which the round's end checks before survive: side 1 wins.
    s = Scenario("breakthrough", victory_points=6, attacker=1, survive_rounds=4,
                 zones=(zone("Gate", [(9, 0)], points=6, side=1, kind="exit"),))
    b = mission_battle(s, [(1, 9, 0), (2, 1, 5)], max_rounds=4)
    b.run({1: LeaveWhenOffered(), 2: EndTurn()})
    end = events_of(b, BattleEnded)[-1]
    assert (end.winner, end.how) == (1, "victory points") and "6–0" in end.reason


def test_the_side_holding_out_gone_too_leaves_the_points_to_decide():
    # The survive-side is side 2; side 1's runner leaves (2 points) and side 2's only
    # unit has fallen: no side holds out, the points decide, 2-0.
    s = Scenario("breakthrough", victory_points=6, attacker=1, survive_rounds=4,
                 zones=(zone("Gate", [(9, 0)], points=2, side=1, kind="exit"),))
    b = mission_battle(s, [(1, 9, 0), (1, 1, 1), (2, 1, 5)], max_rounds=4)
    guard = b.units(2)[0]
    b.add(guard, OutOfFight("dead"))
    assert objectives.holds_out_alone(b, [], {1: 2, 2: 0}) is None
    assert objectives.holds_out_alone(b, [2], {1: 2, 2: 0}) == 2
    assert objectives.holds_out_alone(b, [2], {1: 6, 2: 0}) is None  # reached: not held
    assert objectives.holds_out_alone(b, [1], {1: 2, 2: 0}) is None  # the attacker is no holder


def test_a_battle_with_a_leave_replays_to_the_same_digest():
    s = Scenario("run", zones=(zone("Gate", [(9, 0)], points=3, side=1, kind="exit"),))
    first = mission_battle(s, [(1, 9, 0), (1, 1, 1), (2, 5, 5)], max_rounds=3)
    first.run({1: LeaveWhenOffered(), 2: EndTurn()})
    again = mission_battle(s, [(1, 9, 0), (1, 1, 1), (2, 5, 5)], max_rounds=3)
    for choice in first.choices:
        again.submit(choice)
    assert again.over and again.digest() == first.digest()


@pytest.mark.parametrize("ruleset_id", ["d20", "mahou", "fivebyfive", "actionblock", "fate"])
def test_every_ruleset_plays_a_mission_to_its_end_and_replays(ruleset_id):
    """Holds, an exit and a VIP on one small map, random legal play in each ruleset
    (the exit taken whenever offered): the battle ends, nothing is logged after the
    end, and its choices replay to the same digest."""
    from game.ai.controllers import RandomController
    from game.engine.battle import Battle, UnitOrder
    from game.rulesets import load_ruleset

    s = Scenario("all", victory_points=6, zones=(zone("Hill", [(4, 2), (5, 2), (4, 3), (5, 3)]),
                                              zone("Gate", [(9, y) for y in range(6)], 2, 1, "exit")),
                 vips=(VipMark(2, 8, 3),))

    def fresh():
        tmap = open_map(10, 6)
        tmap.scenario = s
        rs = load_ruleset(ruleset_id)
        orders = [UnitOrder(1, rs.template_for(a), 7, y) for a, y in (("scout", 1), ("gunner", 4))]
        orders += [UnitOrder(2, rs.template_for(a), x, y) for a, x, y in (("guardian", 8, 3), ("brawler", 2, 2))]
        return Battle(tmap, rs, orders, seed=11, max_rounds=6)

    class Runner(RandomController):
        def decide(self, battle, decision):
            if decision.option("leave") is not None:
                return decision.option("leave").choice()
            return super().decide(battle, decision)

    b = fresh()
    b.run({1: Runner(1), 2: RandomController(2)})
    assert b.over and not b.late_events
    assert events_of(b, BattleEnded)[-1].how in ("elimination", "victory points", "vip", "round limit")
    again = fresh()
    for choice in b.choices:
        again.submit(choice)
    assert again.digest() == b.digest()


def test_a_fate_unit_that_leaves_at_its_first_declaration_is_asked_nothing_more():
    """Fate asks each unit for two declarations in a row; one that leaves at its first
    is off the board, so the engine passes its second for it (and a replay the same)."""
    from game.engine.battle import Battle, UnitOrder
    from game.rulesets import load_ruleset

    s = Scenario("run", zones=(zone("Gate", [(9, y) for y in range(6)], 2, 1, "exit"),))

    def fresh():
        tmap = open_map(10, 6)
        tmap.scenario = s
        rs = load_ruleset("fate")
        orders = [UnitOrder(1, rs.template_for("scout"), 9, 2), UnitOrder(1, rs.template_for("gunner"), 1, 1),
                  UnitOrder(2, rs.template_for("brawler"), 4, 5)]
        return Battle(tmap, rs, orders, seed=3, max_rounds=2)

    b = fresh()
    runner = [u for u in b.units(1) if b.tile(u) == (9, 2)][0]
    asked_after = []
    left = False
    while b.pending is not None:
        d = b.pending
        if left:
            asked_after.append(d.actor == runner)
        if d.actor == runner and d.option("leave") is not None:
            b.submit(d.option("leave").choice())
            left = True
        else:
            b.submit(EndTurn().decide(b, d) if d.option("end_turn") else
                     (d.option("hold") or d.options[0]).choice())
    assert left and not any(asked_after)
    assert objectives.points(b)[1] == 2
    again = fresh()
    for choice in b.choices:
        again.submit(choice)
    assert again.digest() == b.digest()


def test_the_results_screen_counts_a_unit_that_left_as_got_away_not_down():
    from game.ui.results import side_rows

    s = Scenario("run", zones=(zone("Gate", [(9, 0)], points=3, side=1, kind="exit"),))
    b = mission_battle(s, [(1, 9, 0), (1, 1, 1), (2, 5, 5)], max_rounds=2)
    runner = b.pending.actor
    b.submit(b.pending.option("leave").choice())
    other = [u for u in b.units(1) if u != runner][0]
    b.add(other, OutOfFight("dead"))
    count, rows = side_rows(b, 1)
    assert count == "1 of 2 out of the fight, 1 got away"
    assert (b.name(runner), "got away", True) in rows and (b.name(other), "down", False) in rows
    assert side_rows(b, 2)[0] == "0 of 1 out of the fight"


def test_the_holder_is_the_defender_of_a_survive_mission_only():
    # One definition of the side that holds out (the engine's survive rule, its early
    # end and the AI's defence all ask Scenario.holder).
    assert Scenario("hold out", attacker=2, survive_rounds=3).holder([1, 2]) == 1
    assert Scenario("raid", attacker=1, survive_rounds=3).holder([1, 2]) == 2
    assert Scenario("no clock", attacker=2).holder([1, 2]) is None
    assert Scenario("plain").holder([1, 2]) is None
