"""A scenario's terms in one ruleset (`round_limit.<ruleset>`, `victory_points.<ruleset>`,
`survive_rounds.<ruleset>`; game/world/scenario_terms.py, maps/README.md "Terms per
ruleset"): the ruleset named plays its own, every other the plain property; the battle,
its round limit, its briefing and the loader's refusals all read them.

The map: 6 x 4 tiles of floor, side 1's spawns at (0,0) and (0,2), side 2's at (5,3)
(tests/scenarios/test_default_squads.py).
"""

from __future__ import annotations

import pytest

from game.engine.events import BattleEnded
from game.engine.setup import new_battle
from game.errors import MapError
from game.world.scenario import Scenario
from game.world.scenario_terms import Term
from game.world.tiled import load_map
from tests.helpers import events_of
from tests.scenarios.test_default_squads import HOLD, squad_map
from tests.scenarios.test_objectives import mission_battle, run, zone


def test_each_ruleset_plays_its_own_terms_and_the_others_the_plain_ones(tmp_path):
    path = squad_map(tmp_path, {"round_limit": 10, "victory_points": 5, "attacker": 2, "survive_rounds": 8,
                                "round_limit.fate": 14, "survive_rounds.fate": 12, "victory_points.mahou": 2})
    played = {}
    for ruleset in ("d20", "mahou", "fate"):
        battle = new_battle(path, ruleset, seed=1)
        s = battle.scenario
        played[ruleset] = (battle.max_rounds, s.round_limit, s.victory_points, s.survive_rounds)
        battle.close()
    assert played == {"d20": (10, 10, 5, 8), "mahou": (10, 10, 2, 8), "fate": (14, 14, 5, 12)}
    assert load_map(path).scenario.round_limit == 10  # the map's own scenario keeps the plain terms


def test_the_engine_ends_a_battle_on_its_rulesets_victory_points():
    # Side 1 holds two one-point zones: 2 points a round. Plain, 6 points win at round
    # 3's end; d20's own 4 at round 2's; a term for fate alone leaves d20 at 6.
    zones = (zone("A", [(1, 1)]), zone("B", [(1, 3)]))
    units = [(1, 1, 1), (1, 1, 3), (2, 8, 4)]
    for terms, rounds in (((), 3), ((Term("d20", "victory_points", 4),), 2),
                          ((Term("fate", "victory_points", 2),), 3)):
        b = mission_battle(Scenario("race", victory_points=6, zones=zones, terms=terms), units, max_rounds=10)
        end = run(b)
        assert (end.winner, end.how, end.rounds) == (1, "victory points", rounds), terms


def test_the_defender_holds_out_to_its_rulesets_survive_round():
    s = Scenario("stand", attacker=2, survive_rounds=5, terms=(Term("d20", "survive_rounds", 2),))
    b = mission_battle(s, [(1, 1, 1), (2, 8, 4)], max_rounds=6)
    end = run(b)
    assert (end.winner, end.how, end.rounds) == (1, "survived", 2)
    assert [e.how for e in events_of(b, BattleEnded)] == ["survived"]


def test_the_briefing_says_the_numbers_of_the_ruleset_at_hand(tmp_path):
    path = squad_map(tmp_path, {"round_limit": 10, "victory_points": 3,
                                "briefing": "{victory_points} points win; after {round_limit} rounds, more "
                                            "points win. {not_a_term} stays.",
                                "round_limit.fate": 14, "victory_points.fate": 2})
    s = load_map(path).scenario
    assert s.for_ruleset("d20").briefing == "3 points win; after 10 rounds, more points win. {not_a_term} stays."
    assert s.for_ruleset("fate").briefing == "2 points win; after 14 rounds, more points win. {not_a_term} stays."


@pytest.mark.parametrize("props, problem", [
    ({"round_limit.": 5}, "round_limit.: a ruleset's own term is round_limit.<ruleset>, like round_limit.fate"),
    ({"round_limit.fa te": 5}, "round_limit.fa te: a ruleset's own term is round_limit.<ruleset>"),
    ({"round_limit.fate": "soon"}, "map property: 'round_limit.fate' must be a whole number (it is 'soon')"),
    ({"round_limit.fate": 0}, "map property: 'round_limit.fate' must be at least 1 (it is 0)"),
    ({"round_limit.fate": 20000}, "map property: 'round_limit.fate' must be at most "),
    ({"victory_points.d20": -1}, "map property: 'victory_points.d20' must be at least 1 (it is -1)"),
    ({"survive_rounds.fate": 4}, "map property 'survive_rounds.fate' needs 'attacker'"),
    ({"attacker": 2, "round_limit": 6, "survive_rounds.fate": 8},
     "map property 'survive_rounds.fate' (8) is past 'round_limit' (6)"),
    ({"attacker": 2, "round_limit": 10, "survive_rounds": 8, "round_limit.d20": 5},
     "map property 'survive_rounds' (8) is past 'round_limit.d20' (5)"),
    ({"briefing": "Hold out to round {survive_rounds}."},
     "map property 'briefing' names {survive_rounds}, but the map sets no 'survive_rounds'"),
])
def test_the_loader_refuses_a_bad_term_in_one_line(tmp_path, props, problem):
    path = squad_map(tmp_path, props, HOLD)
    with pytest.raises(MapError) as caught:
        load_map(path)
    line = str(caught.value)
    assert line.startswith(f"{path}: {problem}"), line
    assert "\n" not in line


def test_check_map_refuses_an_unknown_ruleset_and_lists_the_terms(tmp_path, capsys):
    from game.cli import main

    bad = squad_map(tmp_path, {"round_limit.chess": 9})
    assert main(["check-map", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"error: {bad}: round_limit.chess: unknown ruleset 'chess'"), err
    good = tmp_path / "good"
    good.mkdir()
    path = squad_map(good, {"round_limit": 10, "round_limit.fate": 14, "victory_points.d20": 2})
    assert main(["check-map", str(path)]) == 0
    out = capsys.readouterr().out
    assert "in d20: victory points 2 (victory_points.d20)" in out
    assert "in fate: round limit 14 (round_limit.fate)" in out


def test_the_scenarios_line_names_each_rulesets_own_terms(tmp_path):
    from game.ui.mission_words import scenario_line

    path = squad_map(tmp_path, {"round_limit": 10, "round_limit.fate": 14, "victory_points.d20": 1,
                                "round_limit.d20": 5})
    assert scenario_line(load_map(path), "x.tmx").endswith(
        "| own terms: d20 round limit 5, victory points 1; fate round limit 14")
