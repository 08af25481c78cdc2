"""What the menu, the briefing and `scenarios` say each side fields, when a scenario
sets its squads per ruleset (squad_<side>.<ruleset>): the numbers of the ruleset
played, not the spawns'."""

from __future__ import annotations

from collections import Counter

from game.engine.setup import new_battle
from game.ui.mission_words import other_squads, scenario_line, side_sizes, sides
from game.world.tiled import load_map
from tests.scenarios.test_default_squads import squad_map

# SPAWNS of test_default_squads: side 1 on two spawns, side 2 on one


def test_side_sizes_reads_the_rulesets_default_squad_and_else_the_spawns(tmp_path):
    tmap = load_map(squad_map(tmp_path, {"squad_1.d20": "scout,scout,gunner,marksman",
                                         "squad_2.fate": "knight,soldier"}))
    assert side_sizes(tmap) == {1: 2, 2: 1}
    assert side_sizes(tmap, "d20") == {1: 4, 2: 1}
    assert side_sizes(tmap, "fate") == {1: 2, 2: 2}
    assert side_sizes(tmap, "mahou") == {1: 2, 2: 1}
    assert sides(tmap, side_sizes(tmap, "d20")) == "side 1: 4 units, side 2: 1 unit"


def test_scenarios_line_names_the_rulesets_that_field_other_numbers(tmp_path):
    # a squad of the spawns' size (actionblock: two units for side 1) is not "other"
    tmap = load_map(squad_map(tmp_path, {"squad_1.d20": "scout,scout,gunner",
                                         "squad_1.actionblock": "guardian,guardian",
                                         "squad_2.fate": "knight,soldier"}))
    assert other_squads(tmap) == "d20 3 v 1, fate 2 v 2"
    assert scenario_line(tmap, "maps/x.tmx").endswith(
        "| side 1: 2 units, side 2: 1 unit | other squads: d20 3 v 1, fate 2 v 2")


def test_a_scenario_without_default_squads_says_nothing_more(tmp_path):
    tmap = load_map(squad_map(tmp_path, {}))
    assert other_squads(tmap) == ""
    assert scenario_line(tmap, "maps/x.tmx").endswith("| side 1: 2 units, side 2: 1 unit")


def test_the_briefing_counts_the_units_the_battle_fields(tmp_path):
    # a chosen squad for side 2 (three units) and d20's default for side 1 (three)
    path = squad_map(tmp_path, {"squad_1.d20": "scout,scout,gunner"})
    battle = new_battle(path, "d20", seed=1, squads={2: ["brawler", "gunner", "scout"]})
    try:
        assert sides(battle.map, Counter(o.team for o in battle.orders)) == "side 1: 3 units, side 2: 3 units"
    finally:
        battle.close()


def test_the_briefing_drops_the_round_limits_points_when_the_defenders_hold_to_the_end():
    # With survive_rounds at the round limit, the survive rule decides the last round:
    # "more points win" at the limit would never apply, so the briefing does not say it.
    from game.ui.mission_words import rules_lines
    from game.world.scenario import Scenario

    held = Scenario("evacuation", round_limit=10, victory_points=3, attacker=1, survive_rounds=10)
    lines = rules_lines(held, 10)
    assert "Side 1 attacks: the defenders win if one still stands when round 10 ends." in lines
    assert not any(line.startswith("After round") for line in lines)
    # A survive round before the limit, or no survive rule: the limit's points still decide.
    early = Scenario("early", round_limit=10, victory_points=3, attacker=1, survive_rounds=6)
    assert "After round 10, more points win; equal points is a draw." in rules_lines(early, 10)
    plain = Scenario("plain", round_limit=10, victory_points=3)
    assert "After round 10, more points win; equal points is a draw." in rules_lines(plain, 10)


def test_a_vip_is_named_where_the_battle_is_at_hand_else_by_its_spawn():
    # The Envoy's VIP stands on side 1's spawn at (1, 6); a squad of the player's own
    # puts its first unit there, so the briefing names the unit when it can.
    from game.ui.mission_words import rules_lines
    from game.world.scenario import Scenario, VipMark
    envoy = Scenario("envoy", vips=(VipMark(1, 1, 6), VipMark(2, 20, 9, points=1)))
    lines = rules_lines(envoy, 10, {1: "Gunner 1-1", 2: "Scout 2-1"})
    assert "Side 1's VIP is Gunner 1-1: its fall loses the battle." in lines
    assert "Side 2's VIP is Scout 2-1: its fall gives the enemy 1 point." in lines
    assert "Side 1's VIP (the unit that starts at 1,6): its fall loses the battle." in rules_lines(envoy, 10)


def test_the_rule_of_a_tie_at_the_victory_points_is_said_only_where_both_sides_score():
    from game.ui.mission_words import rules_lines
    from game.world.scenario import Scenario, VipMark, Zone

    level = "3 points win at once (reached together and level, play goes on)."
    hill = Zone("Hill", "hold", frozenset({(1, 1)}), 1)
    theirs = Zone("Bunker", "hold", frozenset({(1, 1)}), 1, side=2)
    road = Zone("Road", "exit", frozenset({(5, 1)}), 2, side=1)
    assert level in rules_lines(Scenario("both", victory_points=3, zones=(hill,)), 10)
    assert level in rules_lines(Scenario("both", victory_points=3, zones=(theirs, road)), 10)
    assert level in rules_lines(Scenario("bounty", victory_points=3, zones=(theirs,),
                                         vips=(VipMark(2, 0, 0, points=1),)), 10)
    one = rules_lines(Scenario("one", victory_points=3, attacker=2, survive_rounds=6, zones=(theirs,)), 10)
    assert "3 points win at once." in one and level not in one
    # and in the singular, as d20's Hold Out reads it (victory_points.d20 = 1)
    assert "1 point wins at once." in rules_lines(Scenario("d20", victory_points=1, zones=(theirs,)), 4)
