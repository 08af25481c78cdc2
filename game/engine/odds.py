"""Exact odds: probability distributions of dice, by enumeration and convolution.

A distribution is a dict {value: probability}. Rulesets build an attack's odds from
the same definitions they roll with, so the preview and the roll never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from game.kept import pure

Dist = dict[int, float]


@pure("dice-sums")
def _dice_array(count: int, sides: int) -> tuple[int, tuple[float, ...]]:
    """(lowest total, probabilities) of the sum of `count` d`sides`."""
    pmf = np.ones(1)
    die = np.full(sides, 1.0 / sides)
    for _ in range(count):
        pmf = np.convolve(pmf, die)
    return count, tuple(pmf.tolist())


def dice_sum(count: int, sides: int) -> Dist:
    """Distribution of the total of `count` dice of `sides` faces."""
    if count <= 0:
        return {0: 1.0}
    low, probs = _dice_array(count, sides)
    return {low + i: p for i, p in enumerate(probs) if p > 0}


def add(a: Dist, b: Dist) -> Dist:
    """Distribution of the sum of two independent values."""
    out: Dist = {}
    for va, pa in a.items():
        for vb, pb in b.items():
            out[va + vb] = out.get(va + vb, 0.0) + pa * pb
    return out


def dice_pool(pool: list[tuple[int, int]]) -> Dist:
    """Sum of several groups of dice, each (count, sides). Do not mutate the result."""
    return _dice_pool(tuple(map(tuple, pool)))


@pure("dice-pools")
def _dice_pool(pool: tuple[tuple[int, int], ...]) -> Dist:
    dist: Dist = {0: 1.0}
    for count, sides in pool:
        dist = add(dist, dice_sum(count, sides))
    return dist


def transform(dist: Dist, fn) -> Dist:
    out: Dist = {}
    for v, p in dist.items():
        w = fn(v)
        out[w] = out.get(w, 0.0) + p
    return out


def mix(parts: list[tuple[float, Dist]]) -> Dist:
    """Mixture: with probability w_i the value follows dist_i."""
    out: Dist = {}
    for weight, dist in parts:
        if weight <= 0:
            continue
        for v, p in dist.items():
            out[v] = out.get(v, 0.0) + weight * p
    return dict(sorted(out.items()))


def mean(dist: Dist) -> float:
    return float(sum(v * p for v, p in dist.items()))


@dataclass(frozen=True)
class Odds:
    """What an offensive option will do, exactly, before anyone commits to it.

    `damage` is the distribution of damage dealt given the attack is made (0 includes
    misses); `breakdown` lists every modifier as (label, value).
    """

    hit: float
    crit: float
    damage: Dist
    breakdown: tuple[tuple[str, int], ...]
    target_number: int
    notes: tuple[str, ...] = field(default=())

    @cached_property
    def expected_damage(self) -> float:
        # Kept on the (immutable) odds: the AIs read it many times from shared odds.
        return mean(self.damage)

    def chance_at_least(self, amount: int) -> float:
        found = self._at_least.get(amount)
        if found is None:
            found = self._at_least[amount] = float(sum(p for v, p in self.damage.items() if v >= amount))
        return found

    @cached_property
    def _at_least(self) -> dict[int, float]:
        """`chance_at_least` answers kept on the odds, by amount."""
        return {}
