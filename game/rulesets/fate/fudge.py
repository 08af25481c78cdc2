"""4dF: four Fudge dice, each −1, 0 or +1 ("4dF (4d3-8)", rule text), and their odds.

A Fudge die is rolled as a d3 through the battle's dice (face 1 → −1, 2 → 0, 3 → +1),
so the sum of four is exactly the text's 4d3 − 8. Distributions are kept as integer
counts over 81 (one 4dF) and 6561 (two opposed 4dF), the numbers the digest prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game import kept

if TYPE_CHECKING:
    from game.engine.dice import Dice

# The FUDGE ladder [REC basic-rules].
LADDER = {-5: "Horrible", -4: "Abysmal", -3: "Terrible", -2: "Poor", -1: "Mediocre", 0: "Fair",
          1: "Good", 2: "Great", 3: "Superb", 4: "Excellent", 5: "Legendary"}


def ladder(value: int) -> str:
    """The ladder word for a value: 'Good (+1)'; beyond the ladder, 'Legendary+2 (+7)'."""
    if value in LADDER:
        word = LADDER[value]
    elif value > 5:
        word = f"Legendary+{value - 5}"
    else:
        word = f"Horrible{value + 5}"
    return f"{word} ({value:+d})"


@dataclass(frozen=True)
class FudgeRoll:
    """Four Fudge dice, each face kept (−1, 0, +1) so the log can show them."""

    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.faces)

    def __str__(self) -> str:
        symbols = " ".join({-1: "−", 0: "0", 1: "+"}[f] for f in self.faces)
        return f"4dF [{symbols}] {self.total:+d}"


def roll_4df(dice: "Dice") -> FudgeRoll:
    """Roll 4dF through the battle's dice: four d3, each shifted to −1..+1."""
    face = dice.face  # four calls written out, in order: rolled many times a battle
    return FudgeRoll((face(3) - 2, face(3) - 2, face(3) - 2, face(3) - 2))


@kept.pure("fate-4df")
def four_df_counts() -> dict[int, int]:
    """Ways (out of 81) for 4dF to total each value: 1, 4, 10, 16, 19, 16, 10, 4, 1."""
    counts = {0: 1}
    for _ in range(4):
        nxt: dict[int, int] = {}
        for total, ways in counts.items():
            for face in (-1, 0, 1):
                nxt[total + face] = nxt.get(total + face, 0) + ways
        counts = nxt
    return dict(sorted(counts.items()))


@kept.pure("fate-4df-opposed")
def opposed_counts() -> dict[int, int]:
    """Ways (out of 6561) for one 4dF minus another to come to each difference."""
    one = four_df_counts()
    out: dict[int, int] = {}
    for a, wa in one.items():
        for b, wb in one.items():
            out[a - b] = out.get(a - b, 0) + wa * wb
    return dict(sorted(out.items()))


def four_df() -> dict[int, float]:
    return {v: c / 81 for v, c in four_df_counts().items()}


def opposed() -> dict[int, float]:
    """Distribution of (4dF − 4dF): the dice part of every opposed roll."""
    return {v: c / 6561 for v, c in opposed_counts().items()}


def chance_at_least(bonus: int, needed: int) -> float:
    """P(4dF + bonus ≥ needed): a roll against a fixed difficulty."""
    return sum(p for v, p in four_df().items() if v + bonus >= needed)


def chance_opposed(edge: int, margin: int = 0) -> float:
    """P((4dF + a) − (4dF + b) ≥ margin) where edge = a − b."""
    return sum(p for d, p in opposed().items() if d + edge >= margin)
