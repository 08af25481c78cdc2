"""AI levels and the ladder that rates them (issue 10).

The registry offers the same level names for every ruleset and refuses what a ruleset
lacks; `easy` draws from normal's own scored candidates; `greedy` takes the attack with
the best exact expected damage; the ladder's results do not depend on --jobs or on a
Dask cluster, and --db skips battles it already holds.
"""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from game.ai import ai_levels, make_ai
from game.ai.greedy import GreedyAI, param_choices
from game.ai.levels import SoftmaxAI, softmax_pick
from game.engine.decisions import TARGET_UNIT, Choice
from game.errors import InputError
from game.outputs import PROVENANCE_KEYS, without_provenance
from game.ladder import bradley_terry, pairs
from game.rulesets import ruleset_ids
from tests.cli.conftest import assert_one_error_line

SMALL = ("--maps", "arena", "--levels", "random,greedy", "--battles", "2", "--seed", "5",
         "--max-rounds", "4")


# --- the registry ------------------------------------------------------------------------
@pytest.mark.parametrize("rid", ruleset_ids())
def test_every_ruleset_offers_the_common_levels(rid):
    levels = ai_levels(rid)
    assert levels[:4] == ("random", "easy", "greedy", "normal")
    for level in levels:
        assert hasattr(make_ai(rid, 1, level), "decide")


@pytest.mark.parametrize("rid", ruleset_ids())
def test_hard_is_refused_until_a_ruleset_has_its_planner(rid):
    if "hard" in ai_levels(rid):
        pytest.skip(f"{rid} has a hard level")
    with pytest.raises(InputError, match="no 'hard' AI yet"):
        make_ai(rid, 0, "hard")


def test_an_unknown_level_is_an_input_error():
    with pytest.raises(InputError, match="unknown AI level 'godlike'"):
        make_ai("d20", 0, "godlike")


def test_softmax_low_temperature_plays_the_best_and_never_leaves_the_candidates():
    a, b, c = Choice("a"), Choice("b"), Choice("c")
    rng = random.Random(0)
    # exp(-100) is nil: at temperature 1 the best is taken every time.
    assert {softmax_pick(rng, [(0.0, a), (-100.0, b)], 1.0) for _ in range(200)} == {a}
    # Equal scores: both are taken, about half each (binomial 400, p=1/2: 200 +- 50 is > 6 sigma).
    picks = [softmax_pick(rng, [(1.0, a), (1.0, b)], 1.0) for _ in range(400)]
    assert 150 < picks.count(a) < 250
    # Scores 0 and -ln 3 at T=1: weights 1 and 1/3, so a is picked 3/4 of the time.
    import math
    picks = [softmax_pick(rng, [(0.0, a), (-math.log(3), c)], 1.0) for _ in range(2000)]
    assert abs(picks.count(a) / 2000 - 0.75) < 0.04


def test_easy_picks_only_among_normals_scored_candidates():
    class Scorer:
        def scored_choices(self, battle, decision):
            return [(2.0, Choice("shoot", 7)), (1.0, Choice("move", (1, 1)))]
    easy = SoftmaxAI(Scorer(), temperature=5.0, seed=3)
    seen = {easy.decide(None, None) for _ in range(100)}
    assert seen == {Choice("shoot", 7), Choice("move", (1, 1))}


# --- greedy ------------------------------------------------------------------------------
@pytest.mark.parametrize("rid", ["d20", "fivebyfive", "mahou", "actionblock", "fate"])
def test_greedy_takes_the_best_expected_damage_and_never_its_own_side(rid):
    """Over the first decisions of a battle, whenever greedy attacks, no offered attack
    (any foe still in the fight, any parameters) has a higher exact expected damage."""
    from game.engine.setup import new_battle
    battle = new_battle("maps/arena.tmx", rid, seed=2)
    greedy = GreedyAI(2)
    checked = 0
    try:
        for _ in range(60):
            decision = battle.pending
            if decision is None:
                break
            choice = greedy.decide(battle, decision)
            opt = decision.option(choice.option)
            if opt.offensive and opt.target_kind == TARGET_UNIT:
                assert battle.team(choice.target) != decision.side
                mine = battle.ruleset.odds(battle, decision, decision.validate(choice)).expected_damage
                for other in decision.options:
                    if not other.offensive or other.target_kind != TARGET_UNIT:
                        continue
                    for target in other.targets:
                        if battle.team(target) == decision.side or not battle.active(target):
                            continue  # greedy never strikes its own side or a foe already down
                        for c in param_choices(other, target):
                            odds = battle.ruleset.odds(battle, decision, c)
                            assert odds is None or odds.expected_damage <= mine + 1e-12
                checked += 1
            battle.submit(choice)
    finally:
        battle.close()
    assert checked > 0


# --- ratings -----------------------------------------------------------------------------
def test_bradley_terry_recovers_known_odds():
    """a beats b 3 games in 4: the fitted gap is 400 log10(3) = 190.8 Elo points (the
    prior's single drawn game pulls it in a little: 301/101 -> 189.6... with 1000 games)."""
    ratings = bradley_terry(["a", "b"], [("a", "b", 750.0, 1000.0)])
    import math
    expected = 400 * math.log10((750 + 0.5) / (250 + 0.5))
    assert abs((ratings["a"] - ratings["b"]) - expected) < 0.5
    assert abs(ratings["a"] + ratings["b"]) < 1e-6  # centred


def test_pairs_put_the_stronger_listed_level_first():
    assert pairs(["random", "easy", "normal"]) == [("easy", "random"), ("normal", "random"),
                                                  ("normal", "easy")]


# --- the command -------------------------------------------------------------------------
def ladder(cli, tmp_path, name, *extra):
    path = tmp_path / f"{name}.json"
    run = cli("ladder", "--ruleset", "d20", *SMALL, "--json", str(path), *extra)
    assert run.status == 0, run.err
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert set(PROVENANCE_KEYS) <= set(doc)
    return run, without_provenance(doc)  # the date and the command line differ from run to run


def test_ladder_table_json_and_csv(cli, tmp_path):
    run, doc = ladder(cli, tmp_path, "one", "--csv", str(tmp_path / "t.csv"))
    assert set(doc) == {"ruleset", "maps", "seed", "battles_per_pairing", "pairings", "ratings"}
    assert doc["maps"] == ["arena"] and doc["battles_per_pairing"] == 2
    (p,) = doc["pairings"]
    assert (p["a"], p["b"], p["map"]) == ("greedy", "random", "arena")
    assert p["a_wins"] + p["b_wins"] + p["draws"] == 2
    assert set(doc["ratings"]) == {"random", "greedy"}
    for r in doc["ratings"].values():
        assert r["low"] <= r["rating"] <= r["high"]
    assert "Bradley-Terry" in run.out and "greedy v random" in run.out
    assert (tmp_path / "t.csv").read_text().splitlines()[0].startswith("a,b,map,a_wins")


def test_ladder_is_the_same_whatever_the_jobs(cli, tmp_path):
    _, one = ladder(cli, tmp_path, "one", "--jobs", "1")
    _, two = ladder(cli, tmp_path, "two", "--jobs", "2")
    assert one == two


def test_ladder_on_a_dask_cluster_equals_jobs_1(cli, tmp_path):
    distributed = pytest.importorskip("distributed")
    _, local = ladder(cli, tmp_path, "local")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        _, remote = ladder(cli, tmp_path, "remote", "--cluster", cluster.scheduler_address)
    assert local == remote


def test_db_resume_skips_finished_battles(cli, tmp_path):
    """A second run reads stored battles instead of playing them: a winner altered in
    the file shows up in the second run's output."""
    db = tmp_path / "study.db"
    args = ("simulate", "--ruleset", "d20", "--map", "arena", "--seed", "40", "--max-rounds", "3",
            "--db", str(db))
    first = cli(*args, "--battles", "3", "--json", str(tmp_path / "a.json"))
    assert first.status == 0, first.err
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM battles").fetchone()[0] == 3
        conn.execute("UPDATE battles SET winner = 7, digest = 'stored' WHERE seed = 41")
    second = cli(*args, "--battles", "5", "--json", str(tmp_path / "b.json"))
    assert second.status == 0, second.err
    doc = json.loads((tmp_path / "b.json").read_text())
    assert [b["seed"] for b in doc["battles"]] == [40, 41, 42, 43, 44]
    assert doc["battles"][1]["winner"] == 7 and doc["battles"][1]["digest"] == "stored"
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM battles").fetchone()[0] == 5


def test_plot_draws_a_png(cli, tmp_path):
    pytest.importorskip("matplotlib")
    ladder(cli, tmp_path, "one", "--plot", str(tmp_path / "r.png"))
    assert (tmp_path / "r.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args, mention", [
    (("ladder", "--levels", "random,godlike"), "unknown AI level 'godlike'"),
    (("ladder", "--levels", "normal,hard"), "no 'hard' AI yet"),
    (("ladder", "--battles", "0"), "0 is less than 1"),
    (("ladder", "--levels", "normal"), "at least two levels"),
    (("simulate", "--ai", "1=godlike"), "unknown AI level"),
    (("simulate", "--ai", "1-hard"), "is not SIDE=LEVEL"),
    (("simulate", "--ai", "9=easy"), "no side 9"),
    (("simulate", "--battles", "100000000"), "more than"),
    (("demo", "--headless", "--ai", "2=hard"), "no 'hard' AI yet"),
])
def test_bad_arguments_are_one_line(cli, args, mention):
    if "hard" in " ".join(args) and "hard" in ai_levels("d20"):
        pytest.skip("d20 has a hard level")
    assert_one_error_line(cli(*args), mention)


def test_a_db_path_that_is_a_directory_is_one_line(cli, tmp_path):
    assert_one_error_line(cli("simulate", "--battles", "1", "--db", str(tmp_path)), "is a directory")


def test_simulate_records_each_sides_level(cli, tmp_path):
    run = cli("simulate", "--ruleset", "d20", "--map", "arena", "--battles", "2", "--max-rounds", "3",
              "--ai", "1=greedy", "--json", str(tmp_path / "s.json"))
    assert run.status == 0, run.err
    doc = json.loads((tmp_path / "s.json").read_text())
    assert doc["levels"] == {"1": "greedy", "2": "normal"}
    assert all(b["levels"] == {"1": "greedy", "2": "normal"} for b in doc["battles"])
