"""Evacuation's officer and its escort (issue 28): game/ai/mission_ground.py and
game/ai/mission_clock.py.

A VIP whose fall loses the battle keeps out of the enemies' sight (EXPOSED_GUARDED of
its stake per enemy that sees its tile: 1.5 points an enemy), which is right where it
wins by surviving (The Envoy). The VIP of a side with its own exit wins by leaving: it
does not hide (EXPOSED_RUNNING 0) but fights among its escort, and the side's exit
pulls only when the walk to it needs the rounds that are left (mission_clock).
"""

from __future__ import annotations

import pytest

from game.ai import make_ai, mission_ground, mission_vip, missions
from game.engine.battle import Battle, UnitOrder
from game.engine.decisions import DECLARE, TURN
from game.rulesets import load_ruleset
from game.world.scenario import Scenario, VipMark, Zone
from tests.helpers import ascii_map

RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")
OWN = (TURN, DECLARE)
# 30 x 7: a wall at x 2, y 1-5, hides the officer at (1, 3) from the hunter at
# (26, 1); the landing field is the east column, x 29, beyond one move.
ROWS = ["." * 30] + [".." + "#" + "." * 27 for _ in range(5)] + ["." * 30]
FIELD = frozenset((29, y) for y in range(7))


def evacuation(exit_side: int | None, round_limit: int = 10, vip: bool = True, at=(1, 3),
               victory_points: int | None = None) -> Battle:
    """The officer (side 1's VIP) behind the wall; its side's exit, or none (it holds out).
    Without `vip`, side 1's unit is a raider; `at`: where it stands."""
    ruleset = load_ruleset("d20")
    tmap = ascii_map(ROWS)
    zones = (Zone("Landing Field", "exit", FIELD, 1, side=exit_side),) if exit_side else ()
    zones += (Zone("Yard", "hold", frozenset({(6, 6)}), 1),) if not exit_side else ()
    vips = (VipMark(1, *at),) if vip else ()
    tmap.scenario = Scenario("evacuation", round_limit=round_limit, victory_points=victory_points,
                             zones=zones, vips=vips)
    gunner = ruleset.template_for("gunner")
    orders = [UnitOrder(1, gunner, *at), UnitOrder(2, gunner, 26, 1)]
    return Battle(tmap, ruleset, orders, seed=3, max_rounds=round_limit)


def officer_decision(battle):
    while battle.pending is not None:
        decision = battle.pending
        if decision.side == 1 and decision.kind in OWN:
            return decision
        option = decision.option("end_turn") or decision.option("hold") or decision.options[0]
        battle.submit(option.choice() if option.target_kind == "none" else option.choice(option.targets[0]))
    raise AssertionError("the battle ended before the officer chose anything")


def test_a_vip_with_its_sides_exit_does_not_hide_and_one_without_does():
    battle = evacuation(exit_side=1)
    try:
        vip = battle.units(1)[0]
        assert mission_vip.exposure_stake(battle, battle.map.scenario, vip, 1) == (5.0, 0.0)
    finally:
        battle.close()
    battle = evacuation(exit_side=None)  # no exit: it wins by standing, and keeps out of sight
    try:
        vip = battle.units(1)[0]
        assert mission_vip.exposure_stake(battle, battle.map.scenario, vip, 1) == (5.0, 0.3)
    finally:
        battle.close()


def test_the_clock_sets_out_when_the_walk_needs_the_rounds_left():
    # No decision of its own in hand: a pace of PACE (4) tiles a round. 8 tiles take 2
    # rounds, 1 to spare: time to go with 3 rounds left, not with 4; in the exit, always.
    from game.ai import mission_clock

    battle = evacuation(exit_side=1)
    try:
        idle = [u for u in battle.units() if u != battle.pending.actor][0]
        assert mission_clock.pace(battle, idle) == 4
        assert mission_clock.time_to_go(battle, idle, 8, 3)
        assert not mission_clock.time_to_go(battle, idle, 8, 4)
        assert mission_clock.time_to_go(battle, idle, 9, 4)  # 3 rounds' walk + 1
        assert mission_clock.time_to_go(battle, idle, 0, 10)
    finally:
        battle.close()


@pytest.mark.parametrize("limit", [10, 2])
def test_the_officer_fights_on_until_the_clock_sends_it_to_the_field(limit):
    # Behind the wall, 31 walks from the field (round the wall's end). With 10 rounds
    # to go the field pulls nobody: the ground is 0 everywhere and the mission offers no
    # move (the officer fights as its ruleset plays). With 2 rounds (the walk needs at
    # least 3 at a d20 gunner's pace, and 1 spare) the walk counts: APPROACH x worth /
    # (1 + walk / 4), worth = 1 x lateness + 5 (its stake), and the move goes east.
    battle = evacuation(exit_side=1, round_limit=limit)
    try:
        decision = officer_decision(battle)
        vip = decision.actor
        walk = mission_ground._distances(battle, battle.map.scenario.zones[0])
        assert walk[1, 3] == 31
        from game.ai import mission_clock
        pace = mission_clock.pace(battle, vip)
        assert 8 <= pace < 31  # a d20 move: more than the default, less than the walk
        grid = mission_ground.ground(battle, vip)
        moves = missions.to_the_ground(make_ai("d20", 1, "normal"), battle, decision)
        if limit == 10:
            assert not grid.any() and moves == []
        else:
            worth = 1 * mission_ground.lateness(battle, battle.map.scenario) + 5
            assert grid[1, 3] == pytest.approx(0.5 * worth / (1 + 31 / 4))
            assert moves and all(walk[c.target] < 31 for _, c in moves)
    finally:
        battle.close()


@pytest.mark.parametrize("at", [(1, 3), (22, 0)])
def test_a_raider_goes_for_its_exit_only_within_its_move(at):
    # No VIP: side 1's unit is a raider. 31 walks from the field (behind the wall) it is
    # beyond a d20 move: the field pulls nothing, it fights on. At (22, 0), 7 walks,
    # within its move: the walk counts and the mission's move goes east.
    battle = evacuation(exit_side=1, vip=False, at=at)
    try:
        decision = officer_decision(battle)
        raider = decision.actor
        from game.ai import mission_clock
        walk = mission_ground._distances(battle, battle.map.scenario.zones[0])[at]
        grid = mission_ground.ground(battle, raider)
        moves = missions.to_the_ground(make_ai("d20", 1, "normal"), battle, decision)
        if walk > mission_clock.pace(battle, raider):
            assert walk == 31 and not grid.any() and moves == []
        else:
            assert walk == 7 and grid[at] > 0 and moves
            assert all(c.target in FIELD or walk > mission_ground._distances(
                battle, battle.map.scenario.zones[0])[c.target] for _, c in moves)
    finally:
        battle.close()


def test_a_raider_whose_exit_wins_the_battle_sets_out_from_anywhere():
    # As above, 31 walks from the field, beyond its move; but one point wins and the
    # field scores one: leaving wins the battle, so the side's unit nearest the field
    # (the only one) sets out now (mission_clock.wins_by_leaving), every move of the
    # mission's nearer the field than it stands.
    battle = evacuation(exit_side=1, vip=False, victory_points=1)
    try:
        decision = officer_decision(battle)
        raider = decision.actor
        walk = mission_ground._distances(battle, battle.map.scenario.zones[0])
        assert walk[1, 3] == 31
        assert mission_ground.ground(battle, raider)[1, 3] > 0
        moves = missions.to_the_ground(make_ai("d20", 1, "normal"), battle, decision)
        assert moves and all(walk[c.target] < 31 for _, c in moves)
    finally:
        battle.close()
