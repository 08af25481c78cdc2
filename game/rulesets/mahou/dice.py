"""Mahou Galaxy dice: stat dice that explode, XdY keeping the highest, non-skilled rolls.

Rules recovered from the system's wiki (digest 0.3):

* A stat's value sets its die (`stat_die`): 2 or less d4−1, 3–4 d4, 5–6 d6, ... 11–12 d12,
  then d12+1 per two points above 12.
* Dice explode: a die showing its natural maximum is rolled again and added, and its
  "+x" / "−x" modifier applies to every physical roll, explosions included
  ("d12+1 rolling 12 then 3 = 17").
* XdY rolls X dice of type Y and keeps the single highest ("2d8 showing 3 and 7 → 7").
* A skill of 0 ("non-skilled") rolls two dice and keeps the lower.
* Added sets ("2d6+2dAcc") each keep their own highest, and the sets are summed.

One `RollSpec` describes a roll; `roll` rolls it through the battle's dice (every
face kept, so the log can explain it) and `distribution` gives its exact
distribution, explosions carried until the probability left is below 1e-9. Both
read the same spec, so the preview and the roll cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from game import kept

if TYPE_CHECKING:
    from game.engine.dice import Dice

Dist = dict[int, float]
TAIL = 1e-9  # explosions are followed until less than this much probability is left
MAX_CHAIN = 200  # a rolled die stops exploding here (the odds of reaching it are ~0)
HIGH, LOW = "high", "low"  # keep the highest die / keep the lower of two (non-skilled)
BEST_PAIR = "best_pair"  # `count` non-skilled rolls (pairs keeping the lower), highest kept


class _HashKept:
    """A frozen spec hashed inside memo keys many times a decision: the hash of its
    fields (the dataclass's own, in field order) is worked out once and kept beside them,
    not as a field. Each class says `__hash__ = _HashKept.__hash__`, or the dataclass
    decorator would write its own over it."""

    def __hash__(self) -> int:
        found = self.__dict__.get("_hash")
        if found is None:
            found = hash(tuple(getattr(self, name) for name in _field_names(type(self))))
            object.__setattr__(self, "_hash", found)
        return found

    def __getstate__(self) -> dict:
        # a string's hash differs between processes: never carry it across
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}


@kept.pure("mahou-dice-fields")
def _field_names(cls: type) -> tuple[str, ...]:
    """A dataclass's field names in order, read once per class (`fields` walks the
    class's field table at every call; specs are hashed thousands of times a battle)."""
    return tuple(f.name for f in fields(cls))


@dataclass(frozen=True)
class Die(_HashKept):
    """One kind of die: `sides` faces, `mod` added to every physical roll of it."""

    sides: int
    mod: int = 0

    __hash__ = _HashKept.__hash__

    def __str__(self) -> str:
        return f"d{self.sides}" + (f"{self.mod:+d}" if self.mod else "")


@kept.pure("mahou-stat-die")
def stat_die(value: int) -> Die:
    """The die a stat of `value` rolls (Skills and Stats table, digest 0.3); one Die
    object per value (dice are values: building one each read is most of its cost)."""
    if value <= 2:
        return Die(4, -1)
    if value <= 12:
        return Die(2 * ((value + 1) // 2))
    return Die(12, (value - 11) // 2)


@dataclass(frozen=True)
class DiceSet(_HashKept):
    """`count` dice of one kind, keeping the highest (or, non-skilled, the lower of two)."""

    count: int
    die: Die
    keep: str = HIGH
    label: str = ""
    explode: bool = True

    __hash__ = _HashKept.__hash__

    @property
    def physical(self) -> int:
        """How many dice are thrown."""
        return 2 * self.count if self.keep == BEST_PAIR else self.count

    def __str__(self) -> str:
        if self.keep == LOW:
            return f"2{self.die} keep lower"
        if self.keep == BEST_PAIR:
            return f"{self.count}×(2{self.die} keep lower) keep highest"
        return f"{self.count}{self.die}"


@kept.pure("mahou-skill-sets")
def skill_set(rank: int, die: Die, label: str = "") -> DiceSet:
    """A skill roll: `rank` dice keeping the highest; rank 0 or less is non-skilled.

    [PROP] a skill pushed below 0 by penalties (offhand, weapon "−X") rolls as
    non-skilled: the text gives no rule for fewer than zero dice.
    """
    if rank <= 0:
        return DiceSet(2, die, LOW, label)
    return DiceSet(rank, die, HIGH, label)


@kept.pure("mahou-nonskilled-sets")
def nonskilled(die: Die, label: str = "") -> DiceSet:
    """A "non-skilled <Stat> roll": two of the stat's dice, keep the lower."""
    return DiceSet(2, die, LOW, label)


@kept.pure("mahou-dodge-sets")
def best_nonskilled(count: int, die: Die, label: str = "") -> DiceSet:
    """Several non-skilled rolls keeping the highest (a Spot Dodge's rolls)."""
    return DiceSet(count, die, BEST_PAIR, label)


@kept.pure("mahou-single-sets")
def single(die: Die, label: str = "", explode: bool = True) -> DiceSet:
    """A plain stat roll: a single die ("a Personality roll")."""
    return DiceSet(1, die, HIGH, label, explode)


@dataclass(frozen=True)
class RollSpec(_HashKept):
    """A whole roll: sets of dice added together, then flat modifiers added once."""

    sets: tuple[DiceSet, ...]
    modifiers: tuple[tuple[str, int], ...] = ()

    __hash__ = _HashKept.__hash__

    @property
    def flat(self) -> int:
        return sum(v for _, v in self.modifiers)

    def __str__(self) -> str:
        return " + ".join(str(s) for s in self.sets)


# --- rolling ----------------------------------------------------------------------
@dataclass(frozen=True)
class DieRoll:
    """One die as rolled: every physical face (explosions included) and its value."""

    die: Die
    faces: tuple[int, ...]

    @property
    def value(self) -> int:
        return sum(f + self.die.mod for f in self.faces)

    def __str__(self) -> str:
        chain = "+".join(f"{f}!" if f == self.die.sides else str(f) for f in self.faces)
        if self.die.mod:
            each = f" ({self.die.mod:+d} each)" if len(self.faces) > 1 else f"{self.die.mod:+d}"
            return f"{chain}{each}={self.value}"
        return chain if len(self.faces) == 1 else f"{chain}={self.value}"


@dataclass(frozen=True)
class SetRoll:
    dice_set: DiceSet
    dice: tuple[DieRoll, ...]

    @cached_property
    def kept(self) -> int:
        values = [d.value for d in self.dice]
        if self.dice_set.keep == LOW:
            return min(values)
        if self.dice_set.keep == BEST_PAIR:
            return max(min(values[i:i + 2]) for i in range(0, len(values), 2))
        return max(values)

    def __str__(self) -> str:
        inner = ", ".join(str(d) for d in self.dice)
        label = f" {self.dice_set.label}" if self.dice_set.label else ""
        return f"{self.dice_set}{label} ({inner}) → {self.kept}"


@dataclass(frozen=True)
class Rolled:
    """A finished roll: each set with its faces, the modifiers, the total."""

    spec: RollSpec
    sets: tuple[SetRoll, ...] = field(default=())

    @cached_property
    def dice_total(self) -> int:
        return sum(s.kept for s in self.sets)

    @cached_property
    def total(self) -> int:
        return self.dice_total + self.spec.flat

    def __str__(self) -> str:
        text = " + ".join(str(s) for s in self.sets)
        mods = "".join(f" {'+' if v >= 0 else '−'} {abs(v)} ({label})"
                       for label, v in self.spec.modifiers if v)
        return f"{text}{mods} = {self.total}"


def roll_die(dice: "Dice", die: Die, explode: bool = True) -> DieRoll:
    faces = [dice.face(die.sides)]
    while explode and faces[-1] == die.sides and len(faces) < MAX_CHAIN:
        faces.append(dice.face(die.sides))
    return DieRoll(die, tuple(faces))


def roll(dice: "Dice", spec: RollSpec) -> Rolled:
    """Roll every die of `spec` through the battle's dice, in order, set by set."""
    sets = tuple(SetRoll(s, tuple(roll_die(dice, s.die, s.explode) for _ in range(s.physical)))
                 for s in spec.sets)
    return Rolled(spec, sets)


# --- exact distributions ------------------------------------------------------------
@kept.pure("mahou-die-odds")
def _die(die: Die, explode: bool) -> tuple[int, tuple[float, ...]]:
    """(lowest value, probabilities) of one die, explosions carried to the TAIL."""
    s, m = die.sides, die.mod
    if not explode:
        return 1 + m, tuple([1.0 / s] * s)
    probs: dict[int, float] = {}
    depth, chance = 0, 1.0  # chance: probability of having exploded `depth` times
    while chance >= TAIL:
        base = depth * (s + m)
        for r in range(1, s):  # the chain stops on a face below the maximum
            v = base + r + m
            probs[v] = probs.get(v, 0.0) + chance / s
        depth, chance = depth + 1, chance / s
    low = min(probs)
    arr = np.zeros(max(probs) - low + 1)
    for v, p in probs.items():
        arr[v - low] += p
    return low, tuple(arr.tolist())


@kept.pure("mahou-set-odds")
def _set(dice_set: DiceSet) -> tuple[int, tuple[float, ...]]:
    """Distribution of a set's kept value, from the single die's CDF."""
    low, probs = _die(dice_set.die, dice_set.explode)
    pmf = np.array(probs)
    cdf = np.cumsum(pmf)
    if dice_set.keep == LOW:
        # the lower of two: P(min <= v) = 1 - P(both > v)
        kept_cdf = 1.0 - (1.0 - cdf) ** 2
    elif dice_set.keep == BEST_PAIR:
        kept_cdf = (1.0 - (1.0 - cdf) ** 2) ** dice_set.count
    else:
        kept_cdf = cdf ** dice_set.count
    kept = np.diff(np.concatenate(([0.0], kept_cdf)))
    return low, tuple(np.clip(kept, 0.0, None).tolist())


def set_distribution(dice_set: DiceSet) -> Dist:
    low, probs = _set(dice_set)
    return {low + i: p for i, p in enumerate(probs) if p > 0}


@kept.pure("mahou-roll-odds")
def _spec(sets: tuple[DiceSet, ...]) -> tuple[int, tuple[float, ...]]:
    low, pmf = 0, np.ones(1)
    for s in sets:
        s_low, s_probs = _set(s)
        pmf = np.convolve(pmf, np.array(s_probs))
        low += s_low
    return low, tuple(pmf.tolist())


def distribution(spec: RollSpec) -> Dist:
    """Exact distribution of `spec`'s total (tail below 1e-9 per die left out)."""
    low, probs = _spec(spec.sets)
    flat = spec.flat
    return {low + flat + i: p for i, p in enumerate(probs) if p > 1e-15}


@kept.pure("mahou-roll-arrays")
def arrays(spec: RollSpec) -> tuple[np.ndarray, np.ndarray]:
    """`distribution(spec)` as (totals ascending, their chances), read-only numpy arrays."""
    dist = distribution(spec)
    values = np.fromiter(dist.keys(), np.int64, len(dist))
    probs = np.fromiter(dist.values(), float, len(dist))
    values.flags.writeable = False
    probs.flags.writeable = False
    return values, probs


def chance_at_least(spec: RollSpec, target: int) -> float:
    """P(total >= target): "meet or beat" is a success throughout the text."""
    return float(sum(p for v, p in distribution(spec).items() if v >= target))


def chance_beats(mine: RollSpec, theirs: RollSpec, ties_win: bool = False) -> float:
    """P(my total > their total), or >= when `ties_win`: for opposed rolls (specs are
    values, so the answer is memoised)."""
    return _chance_beats(mine, theirs, ties_win)


@kept.pure("mahou-opposed-odds")
def _chance_beats(mine: RollSpec, theirs: RollSpec, ties_win: bool) -> float:
    a, b = distribution(mine), distribution(theirs)
    b_values = np.array(sorted(b))
    b_cdf = np.cumsum([b[v] for v in b_values.tolist()])
    va = np.fromiter(a.keys(), np.int64, len(a))
    pa = np.fromiter(a.values(), float, len(a))
    limit = va if ties_win else va - 1
    idx = np.searchsorted(b_values, limit, side="right") - 1
    below = np.where(idx >= 0, b_cdf[np.maximum(idx, 0)], 0.0)
    return float((pa * below).sum())
