"""Point costs fitted by play (issue 29): the model, its fit and its intervals.

The model is Bradley-Terry on the squads' contents, written as a logistic
regression: a unit template `i` has a strength `s_i` (in log-odds), a squad's strength
is the sum of its units', and

    P(side 1 wins) = 1 / (1 + exp(-(S_1 - S_2 + b_map)))

where `b_map` is side 1's advantage on that map (a map need not be fair; battles are
spread over several maps). A draw scores half a win for each side. Why this model:
points are meant to add up (a squad's cost is the sum of its units'), and an additive
strength in log-odds is the simplest model in which "equal points" means "an even
fight"; it needs one parameter per template, so a few hundred battles pin it, and its
fit is a smooth convex problem (Newton's method with the exact Hessian, a few
steps). What it
cannot see: units that are worth more together than apart (a synergy term per pair
of templates would need many times more battles).

A strength becomes points by one scale for the whole ruleset: `cost_i = 20 s_i /
mean(s)`, so five units of average strength cost 100 points. Intervals come from a
bootstrap over battles (resampled with a seeded stream, refitted, rescaled).

The battles fitted are price's first battles and then its refits' equal-points pairs
(game.price_play.refitted): the costs are fitted on the kind of battle they must make even.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

import numpy as np

BUDGET_UNITS = 5  # "a 5-unit squad of average units"
BUDGET = 100  # ... costs about this many points
RIDGE = 1e-3  # a faint pull toward 0: keeps the fit finite when a few battles separate perfectly
BOOTSTRAP = 200
NEWTON_STEPS = 100  # a few suffice: each roughly squares the error once near the optimum


@dataclass(frozen=True)
class Outcome:
    """One battle as the model sees it: how many of each template each side fielded,
    the map (an index), and side 1's score (1 win, 0.5 draw, 0 loss)."""

    side_1: tuple[int, ...]
    side_2: tuple[int, ...]
    map_index: int
    score: float


def fit_strengths(outcomes: Sequence[Outcome], templates: int, maps: int,
                  ridge: float = RIDGE) -> tuple[np.ndarray, np.ndarray]:
    """The maximum-likelihood strengths (one per template) and map advantages
    (one per map) for these battles."""
    theta = fit_logistic(design_of(outcomes, maps), np.array([o.score for o in outcomes]), ridge)
    return theta[:templates], theta[templates:]


def design_of(outcomes: Sequence[Outcome], maps: int) -> np.ndarray:
    """One row per battle: side 1's count of each template less side 2's, then the map
    played (one column per map, its side-1 advantage)."""
    diff = np.array([np.subtract(o.side_1, o.side_2) for o in outcomes], dtype=float)
    where = np.zeros((len(outcomes), maps))
    where[np.arange(len(outcomes)), [o.map_index for o in outcomes]] = 1.0
    return np.hstack([diff, where])


def fit_logistic(design: np.ndarray, score: np.ndarray, ridge: float | np.ndarray = RIDGE,
                 offset: np.ndarray | float = 0.0) -> np.ndarray:
    """The coefficients that maximise the likelihood of soft outcomes `score` (1 a win,
    0.5 a draw) under P = logistic(offset + design @ theta), less `ridge * theta**2` (a
    number, or one per column)."""
    def loss(theta: np.ndarray) -> float:
        z = offset + design @ theta
        # -log-likelihood of soft outcomes: y log(1+e^-z) + (1-y) log(1+e^z), stably
        return float(np.sum(score * np.logaddexp(0, -z) + (1 - score) * np.logaddexp(0, z))
                     + np.sum(ridge * theta * theta))

    # Newton's method: the loss is convex and smooth (the ridge makes it strictly so), so
    # each step solves gradient = Hessian @ step, halved while it would not lower the loss.
    theta = np.zeros(design.shape[1])
    ridge_hessian = np.diag(np.broadcast_to(2.0 * np.asarray(ridge, dtype=float), theta.shape))
    for _ in range(NEWTON_STEPS):
        p = 0.5 * (1 + np.tanh((offset + design @ theta) / 2))  # the logistic, without overflow
        grad = design.T @ (p - score) + 2 * ridge * theta
        hessian = (design * (p * (1 - p))[:, None]).T @ design + ridge_hessian
        step = np.linalg.solve(hessian, grad)
        now, shrink = loss(theta), 1.0
        while loss(theta - shrink * step) > now and shrink > 1e-6:
            shrink /= 2
        theta = theta - shrink * step
        if np.max(np.abs(shrink * step)) < 1e-10:
            break
    return theta


def costs_from(strengths: np.ndarray) -> np.ndarray | None:
    """Points per template: five average units cost BUDGET. None when the battles do
    not show that a unit helps on average (a mean strength at or below 0)."""
    mean = float(np.mean(strengths))
    if mean <= 0:
        return None
    return strengths * (BUDGET / BUDGET_UNITS) / mean


@dataclass(frozen=True)
class Priced:
    """A ruleset's fitted costs: per template its strength, points and 95% interval."""

    templates: tuple[str, ...]
    strengths: tuple[float, ...]
    costs: tuple[int, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    map_advantage: tuple[float, ...]
    battles: int
    logit_per_point: float


def price(outcomes: Sequence[Outcome], templates: Sequence[str], maps: int, seed: int,
          bootstrap: int = BOOTSTRAP) -> Priced:
    """Fit, scale, and bootstrap the intervals (battles resampled with a stream seeded
    by `seed`: the same battles and seed give the same intervals)."""
    from game.errors import InputError

    strengths, advantage = fit_strengths(outcomes, len(templates), maps)
    costs = costs_from(strengths)
    if costs is None:
        raise InputError("price", f"{len(outcomes)} battles do not show that more units win "
                                  "(mean strength not above 0): play more battles or more rounds")
    rng = random.Random(seed)
    samples = []
    for _ in range(bootstrap):
        resampled = [outcomes[rng.randrange(len(outcomes))] for _ in outcomes]
        again = costs_from(fit_strengths(resampled, len(templates), maps)[0])
        if again is not None:
            samples.append(again)
    if samples:
        low, high = np.percentile(np.array(samples), [2.5, 97.5], axis=0)
    else:
        low = high = np.full(len(templates), np.nan)
    return Priced(tuple(templates), tuple(float(s) for s in strengths),
                  tuple(max(1, int(round(c))) for c in costs), tuple(float(x) for x in low),
                  tuple(float(x) for x in high), tuple(float(a) for a in advantage), len(outcomes),
                  float(np.mean(strengths)) / (BUDGET / BUDGET_UNITS))


def priced_text(ruleset: str, priced: Priced, current: dict[str, int | None]) -> str:
    """The table `price` prints."""
    lines = [f"{ruleset}: {priced.battles} battles, Bradley-Terry on squad contents; "
             f"5 average units = {BUDGET} points; {priced.logit_per_point:.4f} log-odds per point",
             f"{'template':<14}{'strength':>9}{'cost':>6}   {'95% interval':<14}{'now':>5}"]
    for i, name in enumerate(priced.templates):
        now = current.get(name)
        lines.append(f"{name:<14}{priced.strengths[i]:>9.3f}{priced.costs[i]:>6}   "
                     f"{_points(priced.low[i]):>5} to {_points(priced.high[i]):<5}{'-' if now is None else now:>5}")
    lines.append("side 1's advantage per map (log-odds): "
                 + ", ".join(f"{a:+.2f}" for a in priced.map_advantage))
    return "\n".join(lines)


def _points(x: float) -> str:
    """An interval's end; past 9999 points the few battles have not pinned the scale."""
    if np.isnan(x):
        return "?"
    return f"{x:.0f}" if abs(x) <= 9999 else ("<-9999" if x < 0 else ">9999")


def win_chance(logit_per_point: float, cost_1: int, cost_2: int) -> float:
    """The model's chance that squad 1 beats squad 2 on a fair map, from their points."""
    z = logit_per_point * (cost_1 - cost_2)
    return 0.5 * (1 + float(np.tanh(z / 2)))
