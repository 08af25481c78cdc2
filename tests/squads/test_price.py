"""Point costs (issue 29): the Bradley-Terry fit recovers known strengths from a toy
world, strengths become points so five average units cost 100, the intervals hold
the truth, `--write` changes only the cost lines, and `price` runs end to end."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import numpy as np
import pytest

from game.cli import main
from game.price import Outcome, costs_from, fit_strengths, price, win_chance
from game.price_write import with_costs

TRUE = np.array([0.5, 1.0, 1.5])  # three toy templates, in log-odds per unit
ADVANTAGE = np.array([0.4, -0.4])  # side 1's edge on two toy maps


def toy_battles(n: int, seed: int = 7) -> list[Outcome]:
    """Battles of random squads (3 to 6 units) whose results follow the model exactly."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        a = [rng.randrange(3) for _ in range(rng.randint(3, 6))]
        b = [rng.randrange(3) for _ in range(rng.randint(3, 6))]
        ca, cb = tuple(a.count(i) for i in range(3)), tuple(b.count(i) for i in range(3))
        z = TRUE @ np.subtract(ca, cb) + ADVANTAGE[k % 2]
        out.append(Outcome(ca, cb, k % 2, float(rng.random() < 1 / (1 + np.exp(-z)))))
    return out


def test_the_fit_recovers_the_true_strengths_and_map_edges():
    strengths, advantage = fit_strengths(toy_battles(4000), 3, 2)
    assert np.allclose(strengths, TRUE, atol=0.12)
    assert np.allclose(advantage, ADVANTAGE, atol=0.15)


def test_strengths_become_points_five_average_units_for_100():
    # mean strength 1.0: 20 points per unit of strength 1
    assert np.allclose(costs_from(TRUE), [10, 20, 30])
    assert np.allclose(costs_from(np.array([2.0, 2.0])), [20, 20])
    assert costs_from(np.array([0.5, -0.5])) is None  # units that do not help cannot be priced


def test_price_gives_costs_with_intervals_holding_the_truth():
    priced = price(toy_battles(3000), ["light", "line", "heavy"], 2, seed=1, bootstrap=40)
    assert priced.costs == (10, 20, 30)
    for truth, low, high in zip((10, 20, 30), priced.low, priced.high):
        assert low <= truth <= high
    # the same battles and seed: the same intervals
    assert price(toy_battles(3000), ["light", "line", "heavy"], 2, seed=1, bootstrap=40) == priced


def test_the_win_chance_from_points():
    assert win_chance(0.05, 100, 100) == 0.5
    assert win_chance(0.05, 120, 100) == pytest.approx(1 / (1 + np.exp(-1.0)))


UNITS = """# a comment kept
[brawler]
name = "Brawler"
archetype = "brawler"
hp = 3

[gunner]  # the gunner
name = "Gunner"
cost = 7
archetype = "gunner"

[odd]
name = "Odd"
"""


def test_write_changes_only_the_cost_lines():
    assert with_costs(UNITS, {"brawler": 18, "gunner": 22, "odd": 5}) == """# a comment kept
[brawler]
name = "Brawler"
archetype = "brawler"
cost = 18
hp = 3

[gunner]  # the gunner
name = "Gunner"
cost = 22
archetype = "gunner"

[odd]
cost = 5
name = "Odd"
"""
    with pytest.raises(KeyError):
        with_costs(UNITS, {"nobody": 3})


def test_price_runs_end_to_end_and_writes_only_when_asked(tmp_path: Path, monkeypatch, capsys):
    import game.price_write
    target = tmp_path / "units.toml"
    shutil.copy(game.price_write.units_file("fivebyfive"), target)
    before = target.read_text()
    monkeypatch.setattr(game.price_write, "units_file", lambda rid: target)
    argv = ["price", "--ruleset", "fivebyfive", "--maps", "arena,ridge", "--battles", "12", "--refits", "0",
            "--max-rounds"]
    # three rounds: mostly draws, which show nothing about what a unit is worth
    assert main([*argv, "3"]) == 2
    assert capsys.readouterr().err == ("error: price: 12 battles do not show that more units win (mean strength "
                                       "not above 0): play more battles or more rounds\n")
    assert target.read_text() == before
    argv.append("6")
    assert main(argv) == 0
    out = capsys.readouterr()
    assert "fivebyfive: 12 battles" in out.out and "95% interval" in out.out
    assert target.read_text() == before
    assert main([*argv, "--write"]) == 0
    import tomllib
    written = tomllib.loads(target.read_text())
    assert all(isinstance(entry["cost"], int) and entry["cost"] >= 1 for entry in written.values())


@pytest.mark.parametrize("argv, line", [
    (["price", "--maps", ","], "error: --maps: no map given"),
    (["price", "--maps", "arena,arena"], "error: --maps: a map is listed twice"),
    (["price", "--maps", "nowhere"], "error: nowhere: no such map file"),
    (["balance", "--pairs", "0"], "error: skirmish balance: argument --pairs: 0 is less than 1 "
                                  "(see skirmish balance --help)"),
])
def test_price_and_balance_refuse_bad_arguments_in_one_line(capsys, argv, line):
    assert main(argv) == 2
    assert capsys.readouterr().err == line + "\n"


def test_balance_prints_each_pair_and_the_deviation_for_both_studies(capsys):
    assert main(["balance", "--ruleset", "d20", "--maps", "arena", "--pairs", "2", "--battles", "2",
                 "--max-rounds", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "d20 equal points: 2 pairs x 2 battles over arena, seed 0"
    assert out[3].startswith("  mean absolute deviation from 50%: ")
    assert out[4] == "d20 equal size (baseline): 2 pairs x 2 battles over arena, seed 0"
    assert len(out) == 8


def test_price_refits_play_equal_points_battles_under_each_fit(capsys):
    # 16 first battles, then two refits of 8: 32 battles fitted; each refit names the costs
    # its pairs were drawn under (the fit before it)
    assert main(["price", "--ruleset", "fivebyfive", "--maps", "arena,ridge", "--battles", "16",
                 "--refit-battles", "8", "--max-rounds", "6"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("refit 1: 8 equal-points battles under brawler ")
    assert out[1].startswith("refit 2: 8 equal-points battles under brawler ")
    assert out[2].startswith("fivebyfive: 32 battles, Bradley-Terry on squad contents")


def test_price_tunes_and_writes_the_tuned_costs(tmp_path: Path, monkeypatch, capsys):
    import tomllib

    import game.price_tune
    import game.price_write
    target = tmp_path / "units.toml"
    shutil.copy(game.price_write.units_file("fivebyfive"), target)
    monkeypatch.setattr(game.price_write, "units_file", lambda rid: target)
    monkeypatch.setattr(game.price_tune, "FIT_DRAWS", 40)
    monkeypatch.setattr(game.price_tune, "CHECK_DRAWS", 40)
    assert main(["price", "--ruleset", "fivebyfive", "--maps", "arena,ridge", "--battles", "24", "--refits", "0",
                 "--tune-battles", "40", "--max-rounds", "6", "--write"]) == 0
    out = capsys.readouterr().out.splitlines()
    table = {line.split()[0]: int(line.split()[2]) for line in out[2:7]}  # the fit's costs
    assert out[7].startswith("side 1's advantage per map")
    assert out[8].startswith("tune: 40 equal-points battles drawn as balance draws its pairs; 10-fold log-loss ")
    assert out[9].startswith("tuned: ")
    assert out[10].startswith("balance-like pairs, as the model sees them: mean deviation ")
    moves = {} if out[9] == "tuned: no cost moved" else {
        move.split()[0]: (int(move.split()[1]), int(move.split()[3])) for move in out[9][7:].split(", ")}
    assert all(table[t] == before for t, (before, _) in moves.items())
    written = {t: entry["cost"] for t, entry in tomllib.loads(target.read_text()).items()}
    assert written == {t: moves[t][1] if t in moves else cost for t, cost in table.items()}
