"""price's last stage, the tune (issue 29, docs/squads.md "The tune: costs for the pairs
they must make even"): whole-point moves of the fitted costs that make equal-points pairs
more even, judged by a model that also knows counters.

The additive fit weighs every battle price played, mostly squads of one size; the balance
check's pairs are of exactly equal points and varied sizes, and in some rulesets a
template's worth depends on what the opponent fields (Action Block's shotgun against the
unarmoured, mahou's shooters against the guardian). So the tune plays battles drawn as the
balance check draws its pairs, fits on them

    P(side 1 wins) = logistic(sum_i (p cost_i + m_i)(n1_i - n2_i) + b_map
                              + sum over templates i < j of c_ij (n1_i n2_j - n1_j n2_i))

(`p` the log-odds a point is worth, from the additive fit; `m_i` what the costs misprice
template `i` by; a counter `c_ij` per pair of templates: a unit of `i` facing a unit of `j`
is worth it to its side; the ridges on the misprices and the counters chosen by 10-fold
cross-validation), and then moves one template's cost at a time by a point or two while the
model's mean deviation from 50% over balance-like pairs falls. Costs stay one number per
template, so a squad's points still add up; the counters only judge which such numbers
make the pairs most even.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

from game.price import RIDGE, Outcome, design_of, fit_logistic
from game.price_check import BAND
from game.price_play import equal_points_pair, stream

MISPRICE_RIDGES = (1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0)  # ridges tried, chosen by cross-validation
COUNTER_RIDGES = (None, 3.0, 10.0, 30.0, 100.0, 300.0)  # None: no counters (first: on a tie, the simpler model)
FOLDS = 10
FIT_DRAWS = 600  # balance-like pairs each trial of the moves is judged on
CHECK_DRAWS = 1200  # ... and the before and after, on other pairs
MOVES = (-2, -1, 1, 2)
MAX_STEPS = 12
LEAST_GAIN = 0.05  # points of deviation a move must gain to be kept (not the draw's noise)
BATTLES_A_PAIR, PAIRS = 80, 20  # the balance check's, for the forecast


@dataclass(frozen=True)
class CounterModel:
    templates: tuple[str, ...]
    strengths: np.ndarray  # log-odds per unit
    advantage: np.ndarray  # side 1's, per map
    counters: np.ndarray  # [i, j]: to the side of a unit of i facing a unit of j; antisymmetric
    misprice_ridge: float
    counter_ridge: float | None  # None: counters did not predict better than none
    loss_additive: float  # 10-fold cross-validated log-loss per battle, without counters
    loss_counters: float  # ... of the model chosen

    def share(self, a: Sequence[str], b: Sequence[str]) -> float:
        """Squad A's expected score against B, over the maps, on each side in turn."""
        na = np.array([list(a).count(t) for t in self.templates], float)
        nb = np.array([list(b).count(t) for t in self.templates], float)
        z = self.strengths @ (na - nb) + na @ self.counters @ nb
        return float(np.mean(1 / (1 + np.exp(-np.concatenate([z + self.advantage, z - self.advantage])))))


def counter_columns(outcomes: Sequence[Outcome]) -> np.ndarray:
    size = len(outcomes[0].side_1)
    return np.array([[o.side_1[i] * o.side_2[j] - o.side_1[j] * o.side_2[i]
                      for i, j in itertools.combinations(range(size), 2)] for o in outcomes], float)


def fit_counters(outcomes: Sequence[Outcome], templates: Sequence[str], maps: int,
                 costs: Mapping[str, int], logit_per_point: float, seed: int) -> CounterModel:
    """The model above, fitted on equal-points battles, a template's strength written as
    `logit_per_point * cost + misprice`. Such battles cannot show what a point is worth
    (their points differ by nothing), so that is the additive fit's figure. The misprices
    and the counters each have a ridge, chosen together by 10-fold cross-validation, and
    "no counters" is one of the choices: where the battles do not show a misprice or a
    counter beyond their noise, the ridge keeps it near 0 and the tune does not chase it."""
    size = len(templates)
    points = np.array([costs[t] for t in templates], float)
    additive = design_of(outcomes, maps)
    offset = logit_per_point * (additive[:, :size] @ points)
    counters = counter_columns(outcomes)
    score = np.array([o.score for o in outcomes])

    def model(misprice: float, counter: float | None) -> tuple[np.ndarray, np.ndarray]:
        ridge = [misprice] * size + [RIDGE] * maps
        if counter is None:
            return additive, np.array(ridge)
        return np.hstack([additive, counters]), np.array(ridge + [counter] * counters.shape[1])

    def scored(counter_ridges: Sequence[float | None]) -> tuple[float, float, float | None]:
        return min(((_cross_validated(*model(m, c), score, offset, seed), m, c)
                    for m in MISPRICE_RIDGES for c in counter_ridges), key=lambda scored: scored[0])

    loss_additive = scored([None])[0]
    loss, misprice, counter = scored(COUNTER_RIDGES)
    design, ridge = model(misprice, counter)
    theta = fit_logistic(design, score, ridge, offset)
    strengths = logit_per_point * points + theta[:size]
    pairs = np.zeros((size, size))
    for (i, j), value in zip(itertools.combinations(range(size), 2), theta[size + maps:]):
        pairs[i, j], pairs[j, i] = value, -value
    return CounterModel(tuple(templates), strengths, theta[size:size + maps], pairs, misprice, counter,
                        loss_additive, loss)


def _cross_validated(design: np.ndarray, ridge: np.ndarray, score: np.ndarray, offset: np.ndarray,
                     seed: int) -> float:
    order = list(range(len(score)))
    random.Random(seed).shuffle(order)
    fold = np.empty(len(score), int)
    fold[order] = np.arange(len(score)) % FOLDS
    loss = 0.0
    for f in range(FOLDS):
        train, test = fold != f, fold == f
        z = offset[test] + design[test] @ fit_logistic(design[train], score[train], ridge, offset[train])
        loss += float(np.sum(score[test] * np.logaddexp(0, -z) + (1 - score[test]) * np.logaddexp(0, z)))
    return loss / len(score)


@dataclass(frozen=True)
class Forecast:
    """What the model says of balance-like pairs under some costs."""

    deviation: float  # the model's own mean |share - 50%|, in points
    measured: float  # ... as the balance check would measure it (80 battles a pair), in points
    all_in_band: float  # the chance that its 20 pairs all land within 35-65%


def forecast(model: CounterModel, ruleset_id: str, costs: Mapping[str, int], draws: int,
             name: str, seed: int) -> Forecast:
    """Over `draws` pairs drawn as balance draws them (a stream named by `name` and `seed`)."""
    wins = np.arange(BATTLES_A_PAIR + 1)
    ways = np.array([math.comb(BATTLES_A_PAIR, int(k)) for k in wins], float)
    inside = (wins >= BAND[0] * BATTLES_A_PAIR) & (wins <= BAND[1] * BATTLES_A_PAIR)
    own, measured, in_band = [], [], []
    for k in range(draws):
        pair = equal_points_pair(stream(ruleset_id, name, seed, k), costs, model.templates, ruleset_id,
                                 closest=True)
        share = min(max(model.share(pair.a, pair.b), 1e-9), 1 - 1e-9)
        chance = ways * share ** wins * (1 - share) ** (BATTLES_A_PAIR - wins)  # binomial noise
        own.append(abs(share - 0.5))
        measured.append(chance @ np.abs(wins / BATTLES_A_PAIR - 0.5))
        in_band.append(chance[inside].sum())
    return Forecast(100 * float(np.mean(own)), 100 * float(np.mean(measured)),
                    float(np.mean(in_band)) ** PAIRS)


def tuned(model: CounterModel, ruleset_id: str, costs: Mapping[str, int], seed: int,
          draws: int | None = None) -> dict[str, int]:
    """Whole-point moves of one template's cost at a time: each step takes the move that
    lowers the model's mean deviation over balance-like pairs most, while it gains more
    than LEAST_GAIN. Every trial is judged on the same stream of pairs, so a move's gain
    is not the luck of the draw."""
    def deviation(trial: Mapping[str, int]) -> float:
        return forecast(model, ruleset_id, trial, draws or FIT_DRAWS, "tune-fit", seed).deviation

    now = dict(costs)
    best = deviation(now)
    for _ in range(MAX_STEPS):
        trials = [dict(now, **{t: now[t] + step}) for t in model.templates for step in MOVES if now[t] + step >= 1]
        score, trial = min(((deviation(trial), trial) for trial in trials), key=lambda scored: scored[0])
        if score > best - LEAST_GAIN:
            break
        now, best = trial, score
    return now


def tune_text(model: CounterModel, battles: int, before: Mapping[str, int], after: Mapping[str, int],
              was: Forecast, now: Forecast) -> str:
    moved = ", ".join(f"{t} {before[t]} -> {after[t]}" for t in model.templates if after[t] != before[t])
    return "\n".join([
        f"tune: {battles} equal-points battles drawn as balance draws its pairs; 10-fold log-loss "
        f"{model.loss_additive:.4f} without counters, "
        + (f"{model.loss_counters:.4f} with a counter per pair of templates (ridge {model.counter_ridge:g}); "
           if model.counter_ridge is not None else "and no better with a counter per pair of templates; ")
        + f"misprices' ridge {model.misprice_ridge:g}",
        f"tuned: {moved or 'no cost moved'}",
        f"balance-like pairs, as the model sees them: mean deviation {was.deviation:.1f} -> {now.deviation:.1f} "
        f"points; at {BATTLES_A_PAIR} battles a pair about {was.measured:.1f} -> {now.measured:.1f} "
        f"(noise alone 4.5), all {PAIRS} pairs within {100 * BAND[0]:.0f}-{BAND[1]:.0%} "
        f"{was.all_in_band:.0%} -> {now.all_in_band:.0%} of the time",
    ])
