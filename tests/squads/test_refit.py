"""price's refits (issue 29's balance target) on a toy world whose truth is known:
equal-points battles under the costs so far, refitted on every battle, bring wrong
first costs to the true ones, and the pairs they draw are of equal points."""

from __future__ import annotations

import random

import numpy as np

from game.price import Outcome
from game.price_play import equal_points_pair, refit_specs, refitted

TEMPLATES = ["light", "line", "heavy"]
TOY = "toy"  # a ruleset id with the general squad rule (at most 4 of one template)
TRUE = np.array([0.5, 1.0, 1.5])  # log-odds per unit: costs 10, 20, 30 (mean 1.0 = 20 points)


def toy_outcome(a, b, rng: random.Random) -> Outcome:
    ca, cb = (tuple(s.count(t) for t in TEMPLATES) for s in (a, b))
    z = TRUE @ np.subtract(ca, cb)
    return Outcome(ca, cb, 0, float(rng.random() < 1 / (1 + np.exp(-z))))


def toy_refit(costs: dict[str, int], refit: int, battles: int = 3000) -> list[Outcome]:
    """Equal-points pairs under `costs`, A on side 1 and side 2 in turn, scored by the truth."""
    rng = random.Random(refit)
    out = []
    for k in range(battles):
        pair = equal_points_pair(rng, costs, TEMPLATES, TOY)
        out.append(toy_outcome(pair.a, pair.b, rng) if k % 2 else toy_outcome(pair.b, pair.a, rng))
    return out


def deviation(costs: dict[str, int]) -> float:
    """The mean |P(A wins) - 50%| in points over 300 pairs drawn as balance draws them."""
    rng = random.Random(99)
    pairs = [equal_points_pair(rng, costs, TEMPLATES, TOY, closest=True) for _ in range(300)]
    gaps = [TRUE @ np.subtract(*[[s.count(t) for t in TEMPLATES] for s in (p.a, p.b)]) for p in pairs]
    return 100 * float(np.mean([abs(1 / (1 + np.exp(-z)) - 0.5) for z in gaps]))


def first_battles(n: int, seed: int = 3) -> list[Outcome]:
    """price's first battles in the toy: random squads of 4 to 6 units."""
    rng = random.Random(seed)
    return [toy_outcome(tuple(rng.choice(TEMPLATES) for _ in range(rng.choice((4, 5, 6)))),
                        tuple(rng.choice(TEMPLATES) for _ in range(rng.choice((4, 5, 6)))), rng) for _ in range(n)]


def test_refits_bring_wrong_first_costs_to_the_truth():
    # a first fit on 40 battles: far from 10, 20, 30
    stages, played = refitted(first_battles(40), TEMPLATES, 1, 2, seed=0, play_refit=toy_refit)
    assert len(stages) == 3 and len(played) == 40 + 2 * 3000
    start, end = (dict(zip(TEMPLATES, s.costs)) for s in (stages[0], stages[-1]))
    assert max(abs(start[t] - c) for t, c in zip(TEMPLATES, (10, 20, 30))) >= 4
    assert all(abs(end[t] - c) <= 1 for t, c in zip(TEMPLATES, (10, 20, 30)))
    # the true costs make every equal-points pair exactly even; the first costs do not
    assert deviation({"light": 10, "line": 20, "heavy": 30}) == 0
    assert deviation(start) > 5 and deviation(end) < 1.5


def test_refits_keep_true_costs_within_a_point():
    stages, _ = refitted(first_battles(4000), TEMPLATES, 1, 1, seed=0, play_refit=toy_refit)
    assert all(abs(c - t) <= 1 for s in stages for c, t in zip(s.costs, (10, 20, 30)))


def test_refit_battles_are_equal_points_pairs_drawn_from_their_own_stream():
    costs = {"light": 10, "line": 20, "heavy": 30}
    specs = refit_specs("toy", costs, ["m1", "m2"], 8, 5, 1, None)
    assert [(s.map_path, s.seed) for s in specs] == [("m1", 5), ("m2", 6), ("m1", 7), ("m2", 8),
                                                      ("m1", 9), ("m2", 10), ("m1", 11), ("m2", 12)]
    for k, spec in enumerate(specs):
        squads = dict(spec.squads)
        a_side = 1 if (k // 2) % 2 == 0 else 2
        assert len(squads[a_side]) == 5  # squad A, five units, on side 1 then side 2 by round of maps
        points = [sum(costs[t] for t in squads[side]) for side in (1, 2)]
        assert abs(points[0] - points[1]) <= 0.05 * points[a_side - 1]
    # the same arguments: the same battles; another refit: other pairs
    assert refit_specs("toy", costs, ["m1", "m2"], 8, 5, 1, None) == specs
    assert refit_specs("toy", costs, ["m1", "m2"], 8, 5, 2, None) != specs
