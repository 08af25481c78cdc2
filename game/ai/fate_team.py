"""What a side's attacks on one target are worth together ("wounds land together").

Every attack of a turn is rolled against the target's track as it was before the turn,
and all the wounds are marked at the end (resolve.py). So three attacks that each
leave a fresh target Hurt are worth more together than three times one: the third Hurt
rolls the track up to Very Hurt. The AI values an attack by what it adds to the
attacks its side has already declared on the same target: the expected worth of the
track after all of them, minus the worth after the others alone. Pure functions of
numbers; the distributions are exact (the ruleset's own odds, replayed on copies of
the track with `wounds.mark`).
"""

from __future__ import annotations

import numpy as np

from game import kept
from game.rulesets.fate.attacks import bonus_table, level_table
from game.rulesets.fate.fudge import chance_opposed
from game.rulesets.fate.wounds import (BOXES, HURT, INCAPACITATED, LEVELS, SCRATCH, SCRATCH_WORTH, VERY_HURT,
                                       WoundTrack, mark)

# One attack's outcome distribution: ((wound level, or "" for no wound, extra Scratches), p).
Outcome = tuple[tuple[tuple[str, int], float], ...]
NO_WOUND = ""
TINY = 1e-6  # outcomes less likely than this are dropped (values move < 1e-5)
Boxes = tuple[int, int, int, int]  # scratch, hurt, very hurt, incapacitated

# A unit out of the fight is what wins it; wounds short of that are worth their
# penalties (Hurt −1 / Very Hurt −2 on every roll it makes) and the track they fill.
OUT_WORTH = 6.0
PENALTY_WORTH = {0: 0.0, -1: 0.5, -2: 1.0}
FILL_WORTH = 1.5  # a full track (36 Scratches' worth), short of Incapacitated


def outcome(odds) -> Outcome:
    """The outcome distribution of a `FateOdds` (wounding attacks; blinding is valued apart)."""
    return _outcome(odds.levels, odds.extra_scratches)


@kept.pure("fate-ai-outcomes")
def _outcome(levels: tuple, extra_scratches: tuple) -> Outcome:
    out: dict[tuple[str, int], float] = {}
    hit = 0.0
    for level, p in levels:
        if p <= 0:
            continue
        hit += p
        for n, pn in extra_scratches:
            if p * pn > TINY:
                key = (level, n)
                out[key] = out.get(key, 0.0) + p * pn
    if hit < 1.0:
        out[(NO_WOUND, 0)] = out.get((NO_WOUND, 0), 0.0) + 1.0 - hit
    # Rounded so that equal attacks make equal cache keys.
    return tuple(sorted((k, round(v, 12)) for k, v in out.items()))


def profile_outcome(profile) -> Outcome:
    """The same distribution as `outcome(attack_odds(profile))`, from the profile's numbers
    alone (the ruleset's own tables), without the odds' breakdown and notes."""
    return _profile_outcome(*outcome_source(profile))


def outcome_source(profile) -> tuple[int, int, int | None, int | None]:
    """The numbers of a profile its outcome is worked out from (equal numbers, equal
    outcomes: a short key for what an attack is worth)."""
    return (profile.edge, profile.damage_bonus, profile.locate_edge if profile.locate_why else None,
            profile.bonus_edge if profile.bonus is not None else None)


@kept.pure("fate-ai-profile-outcomes")
def _profile_outcome(edge: int, damage_bonus: int, locate_edge: int | None, bonus_edge: int | None) -> Outcome:
    p_locate = 1.0 if locate_edge is None else chance_opposed(locate_edge, 0)
    table = dict(level_table(edge, damage_bonus))
    levels = tuple((lv, p_locate * table[lv]) for lv in LEVELS)
    extra = ((0, 1.0),) if bonus_edge is None else bonus_table(bonus_edge)
    return _outcome(levels, extra)


def hit_chance(out: Outcome) -> float:
    return sum(p for (level, _), p in out if level)


def worth(boxes: Boxes, out: bool) -> float:
    """What the track's wounds are worth to the side that dealt them."""
    if out:
        return OUT_WORTH
    scratch, hurt, very_hurt, _ = boxes
    filled = scratch + SCRATCH_WORTH["Hurt"] * hurt + SCRATCH_WORTH["Very Hurt"] * very_hurt
    penalty = -2 if very_hurt else -1 if hurt else 0
    return FILL_WORTH * filled / SCRATCH_WORTH[INCAPACITATED] + PENALTY_WORTH[penalty]


State = tuple[int, int, int, int, bool]  # boxes and out


@kept.pure("fate-ai-marks")
def _apply(state: State, level: str, extra: int) -> State:
    if state[4]:
        return state
    t = WoundTrack(*state[:4])
    if level:
        mark(t, level)
    for _ in range(extra):
        if t.out:
            break
        mark(t, SCRATCH)
    return (t.scratch, t.hurt, t.very_hurt, t.incapacitated, t.out)


# A track short of out of the fight is one of 6 x 3 x 2 states (Scratch 0-5, Hurt 0-2,
# Very Hurt 0-1; a marked Incapacitated box is out); every out state is worth the same
# and stays out, so it is one state, OUT. An attack is then a 37 x 37 matrix of the
# chances it takes each state to each other (the ruleset's own marking, `wounds.mark`,
# replayed once per state), and the distribution after several attacks is a row vector
# multiplied by each in turn, in the order given (the callers sort them, as resolve.py
# marks them one after another). Nothing is dropped as too unlikely.
_LIVE = [(s, h, v, 0) for s in range(BOXES[SCRATCH] + 1) for h in range(BOXES[HURT] + 1)
         for v in range(BOXES[VERY_HURT] + 1)]
_INDEX = {boxes: i for i, boxes in enumerate(_LIVE)}
OUT = len(_LIVE)
_WORTHS = np.array([worth(b, False) for b in _LIVE] + [OUT_WORTH])
_START = np.eye(OUT + 1)
_START.flags.writeable = False


def _index(boxes: Boxes) -> int:
    return OUT if boxes[3] else _INDEX[tuple(boxes)]


@kept.pure("fate-ai-matrices")
def _matrix(attack: Outcome) -> np.ndarray:
    """The transition matrix of one attack."""
    m = np.zeros((OUT + 1, OUT + 1))
    m[OUT, OUT] = 1.0
    for (level, extra), q in attack:
        m[_ROWS, _step(level, extra)] += q  # one entry per row: no index repeats
    m.flags.writeable = False
    return m


_ROWS = np.arange(OUT)


@kept.pure("fate-ai-steps")
def _step(level: str, extra: int) -> np.ndarray:
    """Where one wound of `level` and `extra` Scratches takes each live state."""
    after = [_apply((*boxes, False), level, extra) for boxes in _LIVE]
    steps = np.array([OUT if a[4] else _INDEX[a[:4]] for a in after])
    steps.flags.writeable = False
    return steps


@kept.pure("fate-ai-expected")
def expected(boxes: Boxes, attacks: tuple[Outcome, ...]) -> tuple[float, float]:
    """(expected worth, chance the target is out) after these attacks, in the order
    given (the callers sort them by content, as resolve.py marks them in turn)."""
    v = _after(boxes, attacks)
    return float(v @ _WORTHS), float(v[OUT])


@kept.pure("fate-ai-tracks")
def _after(boxes: Boxes, attacks: tuple[Outcome, ...]) -> np.ndarray:
    """The distribution of the track's states after these attacks, in order: the one after
    all but the last (kept: attack sets on one target share their first attacks), times
    the last's matrix."""
    if not attacks:
        return _START[_index(boxes)]
    v = _after(boxes, attacks[:-1]) @ _matrix(attacks[-1])
    v.flags.writeable = False  # kept and shared
    return v


@kept.pure("fate-ai-gains")
def gain(boxes: Boxes, others: tuple[Outcome, ...], mine: Outcome) -> float:
    """What `mine` adds to the attacks `others` already planned on this target (each
    set sorted by content: the order resolve.py would mark them in does not matter to
    the sum, but it must be one order for equal sets)."""
    rest = tuple(sorted(others))
    return expected(boxes, tuple(sorted(rest + (mine,))))[0] - expected(boxes, rest)[0]


def joint_drop(boxes: Boxes, attacks: tuple[Outcome, ...]) -> float:
    return expected(boxes, tuple(sorted(attacks)))[1]


__all__ = ["LEVELS", "Outcome", "expected", "gain", "joint_drop", "outcome", "worth"]
