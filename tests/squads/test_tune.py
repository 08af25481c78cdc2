"""price's tune (game/price_tune.py) on toy worlds whose truth is known: it finds a
counter that is there, moves a cost the truth says is wrong to the true one, leaves true
costs alone, and its forecast of pure noise is the binomial's (worked out by hand below)."""

from __future__ import annotations

import math
import random

import numpy as np

from game.price import Outcome
from game.price_play import equal_points_pair
from game.price_tune import CounterModel, fit_counters, forecast, tuned

TRUE = {"scout": 14, "light": 16, "line": 20, "heavy": 22, "elite": 28}  # what each is worth
TEMPLATES = list(TRUE)
TOY = "toy"  # a ruleset id with the general squad rule (at most 4 of one template)
PER_POINT = 0.05  # the truth: a point is 0.05 log-odds


def played(costs: dict[str, int], counter: float, battles: int = 3000, seed: int = 1) -> list[Outcome]:
    """Equal-points pairs under `costs`, drawn as balance draws them, A on side 1 and side
    2 in turn, scored by the truth: TRUE's strengths, and `counter` log-odds to a scout's
    side for each elite it faces."""
    rng = random.Random(seed)
    strengths = PER_POINT * np.array([TRUE[t] for t in TEMPLATES])
    out = []
    for k in range(battles):
        pair = equal_points_pair(rng, costs, TEMPLATES, TOY, closest=True)
        one, two = (pair.a, pair.b) if k % 2 else (pair.b, pair.a)
        n1, n2 = (np.array([s.count(t) for t in TEMPLATES]) for s in (one, two))
        z = strengths @ (n1 - n2) + counter * (n1[0] * n2[4] - n2[0] * n1[4])
        out.append(Outcome(tuple(n1), tuple(n2), 0, float(rng.random() < 1 / (1 + math.exp(-z)))))
    return out


def test_the_fit_finds_a_counter_that_is_there_and_none_that_is_not():
    model = fit_counters(played(TRUE, counter=0.4), TEMPLATES, 1, TRUE, PER_POINT, seed=0)
    scout_against_elite = model.counters[0, 4]
    assert 0.2 < scout_against_elite < 0.6 and model.counters[4, 0] == -scout_against_elite
    assert model.loss_counters < model.loss_additive  # cross-validated: the term predicts
    plain = fit_counters(played(TRUE, counter=0.0), TEMPLATES, 1, TRUE, PER_POINT, seed=0)
    assert np.max(np.abs(plain.counters)) < 0.1  # small, or none chosen at all


def test_the_tune_moves_a_wrong_cost_to_the_true_one_and_leaves_true_costs_alone():
    wrong = dict(TRUE, line=17)  # the line is worth 20
    model = fit_counters(played(wrong, counter=0.0), TEMPLATES, 1, wrong, PER_POINT, seed=0)
    after = tuned(model, TOY, wrong, seed=0, draws=300)
    assert wrong == dict(TRUE, line=17)  # a query: its argument unchanged
    assert 19 <= after["line"] <= 21 and all(abs(after[t] - TRUE[t]) <= 1 for t in TEMPLATES)
    truth = the_truth()
    was, now = (forecast(truth, TOY, c, draws=300, name="judge", seed=1).deviation for c in (wrong, after))
    assert was > 3 and now < was / 2  # under the truth, balance-like pairs twice as even or more
    right = fit_counters(played(TRUE, counter=0.0), TEMPLATES, 1, TRUE, PER_POINT, seed=0)
    assert tuned(right, TOY, TRUE, seed=0, draws=300) == TRUE


def the_truth() -> CounterModel:
    return CounterModel(tuple(TEMPLATES), PER_POINT * np.array([float(c) for c in TRUE.values()]),
                        np.zeros(1), np.zeros((5, 5)), 1.0, None, 0.0, 0.0)


def test_the_forecast_of_pure_noise_is_the_binomials():
    # a model in which every equal-points pair is even: each pair's measured share is
    # k/80 with k ~ Binomial(80, 1/2), so the deviation is E|k/80 - 1/2| and a pair lands
    # in 35-65% when 28 <= k <= 52
    odds = forecast(the_truth(), TOY, TRUE, draws=20, name="noise", seed=0)
    chance = [math.comb(80, k) / 2 ** 80 for k in range(81)]
    mean_deviation = 100 * sum(c * abs(k / 80 - 0.5) for k, c in enumerate(chance))
    assert abs(mean_deviation - 4.45) < 0.01  # the "pure noise alone gives about 4.5"
    assert odds.deviation < 1e-9 and abs(odds.measured - mean_deviation) < 1e-9
    assert abs(odds.all_in_band - sum(chance[28:53]) ** 20) < 1e-9
    assert 0.90 < odds.all_in_band < 0.92


def test_ridges_that_fit_alike_are_no_trouble():
    # mirror battles: every ridge fits them alike (a tie the choice once broke on None)
    mirror = [Outcome((1, 1, 0, 0, 0), (1, 1, 0, 0, 0), 0, score) for score in (1.0, 0.0, 0.5)]
    model = fit_counters(mirror, TEMPLATES, 1, TRUE, PER_POINT, seed=0)
    assert model.misprice_ridge == 1.0 and model.counter_ridge is None
    assert model.share(("scout",), ("scout",)) == 0.5
