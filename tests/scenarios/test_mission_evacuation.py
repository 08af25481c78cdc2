"""Evacuation's officer crosses the open to its exit (issue 28): game/ai/mission_ground.py.

A VIP whose fall loses the battle keeps out of the enemies' sight (EXPOSED_GUARDED of
its stake per enemy that sees its tile: 1.5 points an enemy), which is right where it
wins by surviving (The Envoy) and wrong where it wins by leaving through its side's
exit: on the shipped Evacuation every tile of the landing field's side is seen by three
or four hunters, and the officer hid behind the west walls until the round limit.
The VIP of a side with its own exit keeps EXPOSED_RUNNING, a third of that.
"""

from __future__ import annotations

import pytest

from game.ai import make_ai, mission_ground, missions
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


def evacuation(exit_side: int | None) -> Battle:
    """The officer (side 1's VIP) behind the wall; its side's exit, or none (it holds out)."""
    ruleset = load_ruleset("d20")
    tmap = ascii_map(ROWS)
    zones = (Zone("Landing Field", "exit", FIELD, 1, side=exit_side),) if exit_side else ()
    zones += (Zone("Yard", "hold", frozenset({(6, 6)}), 1),) if not exit_side else ()
    tmap.scenario = Scenario("evacuation", round_limit=10, zones=zones, vips=(VipMark(1, 1, 3),))
    gunner = ruleset.template_for("gunner")
    orders = [UnitOrder(1, gunner, 1, 3), UnitOrder(2, gunner, 26, 1)]
    return Battle(tmap, ruleset, orders, seed=3, max_rounds=10)


def officer_decision(battle):
    while battle.pending is not None:
        decision = battle.pending
        if decision.side == 1 and decision.kind in OWN:
            return decision
        option = decision.option("end_turn") or decision.option("hold") or decision.options[0]
        battle.submit(option.choice() if option.target_kind == "none" else option.choice(option.targets[0]))
    raise AssertionError("the battle ended before the officer chose anything")


def test_a_vip_with_its_sides_exit_keeps_a_third_of_the_hiding():
    battle = evacuation(exit_side=1)
    try:
        vip = battle.units(1)[0]
        assert mission_ground.exposure_stake(battle, battle.map.scenario, vip, 1) == (5.0, 0.1)
    finally:
        battle.close()
    battle = evacuation(exit_side=None)  # no exit: it wins by standing, and keeps out of sight
    try:
        vip = battle.units(1)[0]
        assert mission_ground.exposure_stake(battle, battle.map.scenario, vip, 1) == (5.0, 0.3)
    finally:
        battle.close()


def test_the_officer_leaves_its_cover_for_the_landing_field():
    # Behind the wall the hunter does not see the officer, 31 walks from the field
    # (round the wall's end); every tile east of the wall is in its sight. The ground:
    # the field's walk, APPROACH x worth / (1 + walk / 4), worth = 1 x lateness + 5 (its
    # stake); less 5 x share for the hunter's sight. At (22, 0), 7 walks, within a
    # d20 move: 0.5 x worth / 2.75 = 0.18 x worth against 0.5 x worth / 8.75 = 0.06 x
    # worth behind the wall, about 0.8 points more (worth 6.35 in round 1); at the old
    # share 0.3 the hunter's sight cost 1.5 points and the mission offered no move (the
    # officer stayed hidden); at EXPOSED_RUNNING 0.1, 0.5, and the move goes east.
    battle = evacuation(exit_side=1)
    try:
        decision = officer_decision(battle)
        vip = decision.actor
        seen = mission_ground.seen_by_enemies(battle, 1)
        assert (seen[1, 3], seen[22, 0]) == (0, 1)
        walk = mission_ground._distances(battle, battle.map.scenario.zones[0])
        assert (walk[1, 3], walk[22, 0]) == (31, 7)
        worth = 1 * mission_ground.lateness(battle, battle.map.scenario) + 5
        grid = mission_ground.ground(battle, vip)
        assert grid[1, 3] == pytest.approx(0.5 * worth / (1 + 31 / 4))
        assert grid[22, 0] == pytest.approx(0.5 * worth / (1 + 7 / 4) - 5 * 0.1)
        assert grid[22, 0] > grid[1, 3]
        moves = missions.to_the_ground(make_ai("d20", 1, "normal"), battle, decision)
        assert moves and all(walk[c.target] < 31 for _, c in moves)
    finally:
        battle.close()
