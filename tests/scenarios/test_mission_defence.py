"""The side that holds out in a survive mission leaves the attackers' empty zone alone
(issue 28): game/ai/mission_defence.py.

Tactical positions on the small open field of tests/scenarios/test_mission_ai.py, a
Hold Out set by hand (side 2 attacks and scores by ending rounds alone in the bunker,
side 1 wins by any unit standing when round 4 ends), the battle's dice seeded (side 2
only ends its turns: no roll decides these choices):
- the bunker empty, a defender two steps from it gains nothing there: its ground is
  0 on every tile (before, the bunker was worth DENY_ONLY, half a point, and the walk
  to it), and the normal AI ends its turn where the same AI blind to the mission does
  (before, in four rulesets of five, in the bunker);
- an attacker standing alone in the bunker: the defender still goes to deny it (the
  bunker worth the attacker's points there, as before);
- the attacker's own ground, and an enemy's empty zone in a mission nobody holds out
  in, are unchanged (DENY_ONLY).
"""

from __future__ import annotations

import pytest

from game.ai import mission_defence, mission_ground
from game.world.scenario import Scenario, Zone
from tests.scenarios.test_mission_ai import RULESETS, WELL, first_own_decision, mission_battle, normal, play_out

BUNKER = WELL  # (3, 2), (3, 3), (3, 4): two steps behind the defender at (5, 3)


def hold_out(**kw) -> Scenario:
    return Scenario("hold out", round_limit=4, victory_points=2, attacker=2, survive_rounds=4,
                    zones=(Zone("Bunker", "hold", BUNKER, 1, side=2),), **kw)


def unit_at(battle, tile):
    return next(u for u in battle.units() if battle.tile(u) == tile)


def test_only_the_survive_missions_defender_holds_out():
    battle = mission_battle("d20", hold_out(), [(1, 5, 3), (2, 12, 3)], rounds=4)
    try:
        scenario = battle.map.scenario
        assert mission_defence.holds_out(battle, scenario, 1)
        assert not mission_defence.holds_out(battle, scenario, 2)
        raid = Scenario("raid", round_limit=4, attacker=2, zones=scenario.zones)  # no survive rounds
        assert not mission_defence.holds_out(battle, raid, 1)
        assert mission_defence.denies_empty(battle, raid, 1)
    finally:
        battle.close()


def test_the_defender_gains_nothing_in_the_attackers_empty_bunker():
    battle = mission_battle("d20", hold_out(), [(1, 5, 3), (2, 12, 3)], rounds=4)
    try:
        grid = mission_ground.ground(battle, unit_at(battle, (5, 3)))
        # Before: the bunker at DENY_ONLY (0.5 of its point) and the walk to it.
        assert not grid.any()
    finally:
        battle.close()


def test_the_defender_still_denies_the_bunker_to_an_attacker_standing_in_it():
    # The attacker at (3, 3) alone in the bunker would score its point at the round's
    # end: standing in is worth that point to the defender, 1 x lateness: round 1 of 4
    # (1 + 1/4), acting second of two (+ 0.5 x 1/2), 1.5; the walk to it at (5, 3), two
    # tiles away, half of that halved by 1 + 2/4: 0.5 x 1.5 / 1.5.
    battle = mission_battle("d20", hold_out(), [(1, 5, 3), (2, 3, 3)], rounds=4)
    try:
        defender = unit_at(battle, (5, 3))
        assert first_own_decision(battle).actor == defender
        assert battle.turn_order.index(defender) == 1
        grid = mission_ground.ground(battle, defender)
        assert grid[3, 2] == pytest.approx(1.5)
        assert grid[5, 3] == pytest.approx(0.5)
    finally:
        battle.close()


def test_the_attacker_and_a_mission_without_a_defender_keep_the_empty_zone():
    # The attacker's own bunker, empty: its point to score, round 1 of 4, the first to
    # act: 1 + 1/4. In "raid" (no survive rounds) side 1 still steps into side 2's
    # empty zone: DENY_ONLY.
    battle = mission_battle("d20", hold_out(), [(1, 10, 3), (2, 5, 3)], rounds=4)
    try:
        assert battle.pending.actor == unit_at(battle, (5, 3))
        assert mission_ground.ground(battle, unit_at(battle, (5, 3)))[3, 3] == pytest.approx(1.25)
    finally:
        battle.close()
    raid = Scenario("raid", round_limit=4, attacker=2, zones=(Zone("Bunker", "hold", BUNKER, 1, side=2),))
    battle = mission_battle("d20", raid, [(1, 5, 3), (2, 12, 3)], rounds=4)
    try:
        grid = mission_ground.ground(battle, unit_at(battle, (5, 3)))
        assert grid[3, 3] == pytest.approx(mission_ground.DENY_ONLY)
    finally:
        battle.close()


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_defender_ends_its_turn_where_it_would_blind_to_the_mission(ruleset_id):
    # Before, mahou's, fivebyfive's, actionblock's and fate's defender walked into the
    # empty bunker ((3, 2) or (3, 3)), where the blind one stays out (at (6, 2), (5, 3),
    # (6, 1); fivebyfive's blind one ends at (3, 4) anyway, by its own moves).
    ends = []
    for plays_mission in (True, False):
        battle = mission_battle(ruleset_id, hold_out(), [(1, 5, 3), (2, 12, 3)], rounds=1)
        try:
            defender = first_own_decision(battle).actor
            play_out(battle, normal(ruleset_id, plays_mission))
            ends.append(battle.tile(defender))
        finally:
            battle.close()
    assert ends[0] == ends[1]
    if ruleset_id != "fivebyfive":
        assert ends[0] not in BUNKER
