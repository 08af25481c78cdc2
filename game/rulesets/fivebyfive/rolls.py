"""The d5, the 5x5 roll, target numbers and their exact odds.

* d5: "Roll one six-sided die and count the six as a zero" (rule text): 0..5, uniform.
* 5x5 roll: two d5 multiplied [REC]; success when the product is the target or less.
* A product of 0 always succeeds, 25 always fails [REC "Quick Look at System"].
* Target -1: roll a single d5, success only on 0 (1/6) [REC table]. [PROP] Any target
  below -1 is rolled the same way, so a worse target is never likelier to succeed.
* Critical Success: the action succeeds AND the two dice show the same number
  (rule text). A single-d5 roll has no pair, so it can never be critical.

The odds below enumerate the same `judge` that a roll uses, so a preview and a roll
can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from game import kept

if TYPE_CHECKING:
    from game.engine.dice import Dice

FACES = tuple(range(6))  # a d5 reads 0..5
ALWAYS_FAILS = 25  # "a roll of 25 always fails"
ONE_DIE_TARGET = -1  # "roll -1 dice": one d5, success on 0

#: Rank ladder [REC "Quick Look"]: a rank shift moves a roll along it. Below rank 1 a
#: roll is Unskilled (Ability - 1), below that Weak (Ability - 2). Rank 5 is only
#: reachable by a +1 shift of rank 4. [PROP] Shifts stop at Weak and at 5.
WEAK, UNSKILLED, TOP_RANK = -1, 0, 5


def d5(face: int) -> int:
    """A d6 face read as a d5: the six counts as zero."""
    return 0 if face == 6 else face


def roll_d5(dice: "Dice") -> tuple[int, int]:
    """(the d6 face, its d5 value), through the battle's dice."""
    face = dice.face(6)
    return face, d5(face)


def effective_rank(rank: int, shift: int) -> int:
    """The rank after a rank shift, on the ladder Weak < Unskilled < 1 .. 4 < 5."""
    return max(WEAK, min(TOP_RANK, rank + shift))


def target_number(rank: int, ability: int, shift: int = 0) -> int:
    """ "Combat Rank X Ability Score", or Ability - 1 Unskilled, Ability - 2 Weak."""
    step = effective_rank(rank, shift)
    if step >= 1:
        return step * ability
    if step == UNSKILLED:
        return ability - 1
    return ability - 2


def rank_label(rank: int, shift: int = 0) -> str:
    step = effective_rank(rank, shift)
    return {UNSKILLED: "Unskilled", WEAK: "Weak"}.get(step, str(step))


@dataclass(frozen=True)
class Verdict:
    success: bool
    critical: bool
    rule: str  # why, when a special rule decided: "0 always succeeds", ...


def judge(values: tuple[int, ...], target: int) -> Verdict:
    """Whether d5 values (one die or a pair) meet a target, and whether that is critical."""
    if len(values) == 1:
        ok = values[0] == 0
        return Verdict(ok, False, "one d5 (target -1): only a 0 succeeds")
    a, b = values
    product = a * b
    doubles = a == b
    if product == 0:
        return Verdict(True, doubles, "a roll of 0 always succeeds")
    if product >= ALWAYS_FAILS:
        return Verdict(False, False, "a roll of 25 always fails")
    ok = product <= target
    return Verdict(ok, ok and doubles, "")


def dice_for(target: int) -> int:
    """How many d5 a roll against `target` uses: one at -1 or below, else two."""
    return 1 if target <= ONE_DIE_TARGET else 2


@dataclass(frozen=True)
class Roll55:
    """One roll against a target: the d6 faces, their d5 values, the verdict."""

    faces: tuple[int, ...]
    values: tuple[int, ...]
    target: int
    success: bool
    critical: bool
    rule: str

    @property
    def result(self) -> int:
        out = 1
        for v in self.values:
            out *= v
        return out

    def __str__(self) -> str:
        def one(face: int, value: int) -> str:
            return "6→0" if face == 6 else str(value)
        shown = ", ".join(one(f, v) for f, v in zip(self.faces, self.values))
        if len(self.values) == 1:
            return f"d5 ({shown}) = {self.result}"
        return f"5x5 ({shown}) = {self.result}"


def roll(dice: "Dice", target: int) -> Roll55:
    """Roll against `target`: one d5 at -1 or below, else a 5x5 roll."""
    pairs = [roll_d5(dice) for _ in range(dice_for(target))]
    faces = tuple(f for f, _ in pairs)
    values = tuple(v for _, v in pairs)
    v = judge(values, target)
    return Roll55(faces, values, target, v.success, v.critical, v.rule)


# --- exact odds ----------------------------------------------------------------------
@kept.pure("fivebyfive-chances")
def chances(target: int) -> tuple[Fraction, Fraction]:
    """(P(success), P(critical success)) for `target`, by enumerating every face."""
    n = dice_for(target)
    outcomes = [(a,) for a in FACES] if n == 1 else [(a, b) for a in FACES for b in FACES]
    wins = crits = 0
    for values in outcomes:
        v = judge(values, target)
        wins += v.success
        crits += v.critical
    total = len(outcomes)
    return Fraction(wins, total), Fraction(crits, total)


def success_chance(target: int) -> float:
    return float(chances(target)[0])


def critical_chance(target: int) -> float:
    return float(chances(target)[1])


def product_counts() -> dict[int, int]:
    """How many of the 36 pairs give each product (for the digest's table)."""
    counts: dict[int, int] = {}
    for a in FACES:
        for b in FACES:
            counts[a * b] = counts.get(a * b, 0) + 1
    return dict(sorted(counts.items()))
