"""The numbers the 5x5 AI weighs, as plain floats memoised by their inputs.

* `attack_value`: what one Offensive Action is worth to its attacker, from the exact
  outlook of `combat.exact_outlook` (its Fractions turned into floats once per
  distinct attack, not per tile).
* `worth`: how much fight a figure has left.
* `fate_rank`: how the damage picks of one action end for the defender, each chooser
  picking for its own side: 0 still fighting, 1 Unconscious, 2 Dead.
* `reach_weight`: the chance to cover a walk of `steps` tiles next turn, and
  discounted, in the turns after (movement is the Initiative roll, at least 1).

Pure functions of plain values, kept for the process in the data's tables
(game.kept: `fivebyfive-ai-*`), never the battle's state.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np

from game import kept
from game.rulesets.fivebyfive import fate, rolls
from game.rulesets.fivebyfive.combat import BLOCKED, CONTROLLED, NOT_CONTROLLED, chooser_of
from game.rulesets.fivebyfive.components import DEAD, UNCONSCIOUS
from game.rulesets.fivebyfive.data import ABILITIES, ABILITY_FOR, DEFENCE_FOR, OFFENSIVE, RANKS, UnitTemplate

TAKE_OUT = 10.0  # value of taking an enemy out of the fight, on top of the points
THREAT_BASE = 0.2  # a target's weight: (THREAT_BASE + its situational threat), ...
THREAT_MID = 0.7  # ... / (THREAT_BASE + THREAT_MID), about 1 for a typical shooter
FATE_RANK = {None: 0, UNCONSCIOUS: 1, DEAD: 2}
#: Movement allowance of a turn: max(1, d5), the d5 uniform on 0..5.
ALLOWANCE = {1: 2 / 6, 2: 1 / 6, 3: 1 / 6, 4: 1 / 6, 5: 1 / 6}
LATER = 0.6  # a turn's delay discounts what the walk leads to (enemies move, fights end)
MAX_STEPS = 256
TURNS = 30  # LATER ** 30 is negligible


Ranks = tuple[int, ...]  # a figure's Combat Ranks in data.RANKS order (a cheap cache key)
RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
ABILITY_INDEX = {a: i for i, a in enumerate(ABILITIES)}


def ranks_of(t: UnitTemplate) -> Ranks:
    return tuple(t.rank(r) for r in RANKS)


@kept.pure("fivebyfive-ai-chances")
def _chances(target: int) -> tuple[float, float]:
    ok, crit = rolls.chances(target)
    return float(ok), float(crit)


def _taken_out(values: tuple[int, ...], choosers: tuple[str, ...]) -> bool:
    return _fate_rank(values, choosers, ()) > 0


def hits(target_number: int, defence_target: int) -> list[tuple[float, tuple[str, ...]]]:
    """Every way an Offensive Action's Hits fall, as `combat.exact_outlook` counts them,
    in floats: (chance, who places each point lost, in order). A miss first, then one
    Hit by its Control roll (Blocked: no point), then a Double Hit by its two Control
    rolls ("as though ... two simultaneous successful attacks"; the attacker places
    its points first)."""
    hit, double = _chances(target_number)
    single = hit - double
    ok, block = _chances(defence_target)
    control = {BLOCKED: block, CONTROLLED: ok - block, NOT_CONTROLLED: 1 - ok}
    out = [(1 - hit, ())]
    for result, p in control.items():
        chooser = chooser_of(result)
        out.append((single * p, (chooser,) if chooser else ()))
    for r1, p1 in control.items():
        for r2, p2 in control.items():
            out.append((double * p1 * p2, tuple(sorted(c for c in (chooser_of(r1), chooser_of(r2)) if c))))
    return out


@kept.pure("fivebyfive-ai-outlook")
def outlook_numbers(target_number: int, defence_target: int, values: tuple[int, ...]) -> tuple[float, float]:
    """(chance to take the target out, expected Ability points it loses): the sums of
    `combat.exact_outlook`, in floats (tests check the two agree)."""
    out = 0.0
    for p, choosers in hits(target_number, defence_target):
        if choosers and _taken_out(values, choosers):
            out += p
    hit, double = _chances(target_number)
    unblocked = 1 - _chances(defence_target)[1]
    return out, (hit - double) * unblocked + double * 2 * unblocked


def _success(rank: int, value: int, shift: int = 0) -> float:
    return _chances(rolls.target_number(rank, value, shift))[0]


@kept.pure("fivebyfive-ai-best-chance")
def best_chance(ranks: Ranks, values: tuple[int, ...], actions: tuple[str, ...] = OFFENSIVE) -> float:
    """The best success chance among a figure's usable actions, unmodified."""
    best = 0.0
    for action in actions:
        rank = ranks[RANK_INDEX[action]]
        if action == "focus" and rank == 0:
            continue
        best = max(best, _success(rank, values[ABILITY_INDEX[ABILITY_FOR[action]]]))
    return best


@kept.pure("fivebyfive-ai-worth")
def worth(ranks: Ranks, values: tuple[int, ...]) -> float:
    """How much fight is left in a figure: its lowest Ability (hits until Unconscious)
    first, then its second lowest (a Double Hit it Controls spreads over two), then how
    well it attacks and Controls Hits."""
    ordered = sorted(values)
    if ordered[0] <= 0:
        return 0.0
    defence = sum(_success(ranks[RANK_INDEX[d]], values[ABILITY_INDEX[ABILITY_FOR[d]]])
                  for d in DEFENCE_FOR.values()) / 3
    return 3.0 * ordered[0] + 0.5 * ordered[1] + 2.0 * best_chance(ranks, values) + defence


def attack_numbers(mine: Ranks, my_values, action: str, shift: int, theirs: Ranks, their_values):
    """(the attack's target number, the defence's target number): Rank × Ability each."""
    tn = rolls.target_number(mine[RANK_INDEX[action]], my_values[ABILITY_INDEX[ABILITY_FOR[action]]], shift)
    d = DEFENCE_FOR[action]
    dt = rolls.target_number(theirs[RANK_INDEX[d]], their_values[ABILITY_INDEX[ABILITY_FOR[d]]])
    return tn, dt


@kept.pure("fivebyfive-ai-attack-value")
def attack_value(mine: Ranks, my_values: tuple[int, ...], action: str, shift: int,
                 theirs: Ranks, their_values: tuple[int, ...], threat: float | None = None) -> float:
    """10 × the chance to take the target out + the Ability points it is expected to
    lose divided by its lowest Ability, weighted by how dangerous the target is.

    `threat`: the target's chance to land its best attack from where it stands (a
    Bruiser far from anyone throws rubble; see `fivebyfive.situational_threat`). With
    it, both terms scale with it (focus fire on what shoots back, Lanchester's rule:
    a figure's priority is its damage rate over the hits it takes to go down); without
    it, the old weighting by its best attack anywhere."""
    tn, dt = attack_numbers(mine, my_values, action, shift, theirs, their_values)
    out, points = outlook_numbers(tn, dt, their_values)
    if threat is None:
        threat = best_chance(theirs, their_values)
        return TAKE_OUT * out + points * (1.0 + threat) / max(1, min(their_values))
    weight = (THREAT_BASE + threat) / (THREAT_BASE + THREAT_MID)
    return weight * (TAKE_OUT * out + points * (1.0 + THREAT_MID) / max(1, min(their_values)))


@kept.pure("fivebyfive-ai-uncontrolled")
def uncontrolled_chance(mine: Ranks, my_values: tuple[int, ...], action: str, shift: int,
                        theirs: Ranks, their_values: tuple[int, ...]) -> float:
    """The chance of a hit the target does not Control (half a Controlled one counts)."""
    tn, dt = attack_numbers(mine, my_values, action, shift, theirs, their_values)
    return _chances(tn)[0] * (1 - _chances(dt)[0] * 0.5)


def fate_rank(values: Mapping[str, int], choosers: Sequence[str], picks: tuple[str, ...] = ()) -> int:
    """How the figure ends this action when each later hit's chooser picks for its own
    side: the attacker as badly for it as it can, the defender to stay in the fight,
    and if it cannot, to be Unconscious rather than Dead."""
    return _fate_rank(tuple(values[a] for a in ABILITIES), tuple(choosers), picks)


@kept.pure("fivebyfive-ai-fate-rank")
def _fate_rank(values: tuple[int, ...], choosers: tuple[str, ...], picks: tuple[str, ...]) -> int:
    if not choosers:
        return FATE_RANK[fate.outcome(dict(zip(ABILITIES, values)), picks)]
    ranks = [_fate_rank(values, choosers[1:], picks + (a,)) for a in ABILITIES]
    return max(ranks) if choosers[0] == "attacker" else min(ranks)


def _reach_table() -> tuple[np.ndarray, np.ndarray]:
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


#: `_reach_table()`, worked out once: (REACH_NEXT, REACH_LATER), read-only.
REACH_NEXT, REACH_LATER = _reach_table()


# --- exact outcomes of one Offensive Action (the hard AI's chance nodes) ---------------
def pick_score(ranks: Ranks, values: tuple[int, ...], chooser: str, picks: tuple[str, ...],
               later: tuple[str, ...]) -> float:
    """How a chooser weighs placing the points `picks` (this one last): the attacker
    wants the figure out (Unconscious or Dead alike) and else as weak as can be; the
    defender wants to stay in, else Unconscious rather than Dead, and else strong."""
    rank = _fate_rank(values, later, picks)
    after = list(values)
    for a in picks:
        after[ABILITY_INDEX[a]] -= 1
    value = worth(ranks, tuple(after))
    if chooser == "attacker":
        return (100.0 if rank else 0.0) - value
    return -100.0 * rank + value


@kept.pure("fivebyfive-ai-placed")
def placed(ranks: Ranks, values: tuple[int, ...], choosers: tuple[str, ...]) -> tuple[str, ...]:
    """The abilities each chooser picks in turn (ties: the text's order)."""
    picks: tuple[str, ...] = ()
    for i, chooser in enumerate(choosers):
        later = choosers[i + 1:]
        best = max(ABILITIES, key=lambda a: (pick_score(ranks, values, chooser, picks + (a,), later),
                                             -ABILITIES.index(a)))
        picks += (best,)
    return picks


@kept.pure("fivebyfive-ai-outcomes")
def outcomes(target_number: int, defence_target: int, ranks: Ranks,
             values: tuple[int, ...]) -> tuple[tuple[float, tuple[int, ...], bool], ...]:
    """Every way the action can end for its target, exactly: (chance, its Ability Scores
    after, out of the fight), the picks made as `placed` makes them."""
    found: dict[tuple[tuple[int, ...], bool], float] = {}
    for p, choosers in hits(target_number, defence_target):
        if p <= 0:
            continue
        picks = placed(ranks, values, choosers) if choosers else ()
        after = list(values)
        for a in picks:
            after[ABILITY_INDEX[a]] -= 1
        out = fate.outcome(dict(zip(ABILITIES, values)), picks) is not None
        key = (tuple(after), out)
        found[key] = found.get(key, 0.0) + p
    return tuple((p, after, out) for (after, out), p in sorted(found.items()))

