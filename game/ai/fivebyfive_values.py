"""The numbers the 5x5 AI weighs, as plain floats memoised by their inputs.

* `attack_value`: what one Offensive Action is worth to its attacker, from the exact
  outlook of `combat.exact_outlook` (its Fractions turned into floats once per
  distinct attack, not per tile).
* `worth`: how much fight a figure has left.
* `fate_rank`: how the damage picks of one action end for the defender, each chooser
  picking for its own side: 0 still fighting, 1 Unconscious, 2 Dead.
* `reach_weight`: the chance to cover a walk of `steps` tiles next turn, and
  discounted, in the turns after (movement is the Initiative roll, at least 1).

Pure functions of plain values (lru_cache), never the battle's state.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping, Sequence

import numpy as np

from game.rulesets.fivebyfive import fate, rolls
from game.rulesets.fivebyfive.combat import exact_outlook
from game.rulesets.fivebyfive.components import DEAD, UNCONSCIOUS
from game.rulesets.fivebyfive.data import ABILITIES, ABILITY_FOR, DEFENCE_FOR, OFFENSIVE, UnitTemplate

TAKE_OUT = 10.0  # value of taking an enemy out of the fight, on top of the points
FATE_RANK = {None: 0, UNCONSCIOUS: 1, DEAD: 2}
#: Movement allowance of a turn: max(1, d5), the d5 uniform on 0..5.
ALLOWANCE = {1: 2 / 6, 2: 1 / 6, 3: 1 / 6, 4: 1 / 6, 5: 1 / 6}
LATER = 0.6  # a turn's delay discounts what the walk leads to (enemies move, fights end)
MAX_STEPS = 256
TURNS = 30  # LATER ** 30 is negligible


@lru_cache(maxsize=None)
def outlook_numbers(target_number: int, defence_target: int, values: tuple[int, ...]) -> tuple[float, float]:
    """(chance to take the target out, expected Ability points it loses), floats."""
    o = exact_outlook(target_number, defence_target, values)
    return float(o.takes_out), float(sum(k * p for k, p in o.points.items()))


@lru_cache(maxsize=None)
def best_chance(t: UnitTemplate, values: tuple[int, ...], actions: tuple[str, ...] = OFFENSIVE) -> float:
    """The best success chance among a figure's usable actions, unmodified."""
    v = dict(zip(ABILITIES, values))
    best = 0.0
    for action in actions:
        if action == "focus" and t.rank(action) == 0:
            continue
        best = max(best, rolls.success_chance(rolls.target_number(t.rank(action), v[ABILITY_FOR[action]])))
    return best


@lru_cache(maxsize=None)
def worth(t: UnitTemplate, values: tuple[int, ...]) -> float:
    """How much fight is left in a figure: its lowest Ability (hits until Unconscious)
    first, then its second lowest (a Double Hit it Controls spreads over two), then how
    well it attacks and Controls Hits."""
    ordered = sorted(values)
    if ordered[0] <= 0:
        return 0.0
    v = dict(zip(ABILITIES, values))
    defence = sum(rolls.success_chance(rolls.target_number(t.rank(d), v[ABILITY_FOR[d]]))
                  for d in DEFENCE_FOR.values()) / 3
    return 3.0 * ordered[0] + 0.5 * ordered[1] + 2.0 * best_chance(t, values) + defence


@lru_cache(maxsize=None)
def attack_value(attacker: UnitTemplate, my_values: tuple[int, ...], action: str, shift: int,
                 target: UnitTemplate, their_values: tuple[int, ...]) -> float:
    """10 × the chance to take the target out + the Ability points it is expected to
    lose, weighted by how dangerous it is and divided by its lowest Ability."""
    mine = dict(zip(ABILITIES, my_values))
    theirs = dict(zip(ABILITIES, their_values))
    tn = rolls.target_number(attacker.rank(action), mine[ABILITY_FOR[action]], shift)
    d = DEFENCE_FOR[action]
    dt = rolls.target_number(target.rank(d), theirs[ABILITY_FOR[d]])
    out, points = outlook_numbers(tn, dt, their_values)
    threat = best_chance(target, their_values)
    return TAKE_OUT * out + points * (1.0 + threat) / max(1, min(their_values))


@lru_cache(maxsize=None)
def uncontrolled_chance(attacker: UnitTemplate, my_values: tuple[int, ...], action: str, shift: int,
                        target: UnitTemplate, their_values: tuple[int, ...]) -> float:
    """The chance of a hit the target does not Control (half a Controlled one counts)."""
    mine = dict(zip(ABILITIES, my_values))
    theirs = dict(zip(ABILITIES, their_values))
    hit = rolls.success_chance(rolls.target_number(attacker.rank(action), mine[ABILITY_FOR[action]], shift))
    d = DEFENCE_FOR[action]
    control = rolls.success_chance(rolls.target_number(target.rank(d), theirs[ABILITY_FOR[d]]))
    return hit * (1 - control * 0.5)


def fate_rank(values: Mapping[str, int], choosers: Sequence[str], picks: tuple[str, ...] = ()) -> int:
    """How the figure ends this action when each later hit's chooser picks for its own
    side: the attacker as badly for it as it can, the defender to stay in the fight,
    and if it cannot, to be Unconscious rather than Dead."""
    return _fate_rank(tuple(values[a] for a in ABILITIES), tuple(choosers), picks)


@lru_cache(maxsize=None)
def _fate_rank(values: tuple[int, ...], choosers: tuple[str, ...], picks: tuple[str, ...]) -> int:
    if not choosers:
        return FATE_RANK[fate.outcome(dict(zip(ABILITIES, values)), picks)]
    ranks = [_fate_rank(values, choosers[1:], picks + (a,)) for a in ABILITIES]
    return max(ranks) if choosers[0] == "attacker" else min(ranks)


@lru_cache(maxsize=None)
def reach_table() -> tuple[np.ndarray, np.ndarray]:
    """(next turn only, discounted over every later turn) for walks of 0..MAX_STEPS
    tiles: the chance the next turn's movement covers it, and the sum over turns k of
    LATER**(k-1) × the chance it is first covered on turn k."""
    step = np.zeros(6)
    for n, p in ALLOWANCE.items():
        step[n] = p
    dist = np.zeros(1)
    dist[0] = 1.0
    size = MAX_STEPS + 1
    before = np.zeros(size)
    before[0] = 1.0  # no walk at all: already there
    weights = before.copy()
    one = None
    for turn in range(1, TURNS + 1):
        dist = np.convolve(dist, step)
        at_least = np.cumsum(dist[::-1])[::-1]  # at_least[s] = P(total >= s)
        now = np.ones(size)
        now[:min(size, len(at_least))] = at_least[:size]
        now[len(at_least):] = 0.0
        now[0] = 1.0
        if one is None:
            one = now.copy()
        weights += LATER ** (turn - 1) * (now - before)
        before = now
    for a in (one, weights):
        a.flags.writeable = False
    return one, weights
