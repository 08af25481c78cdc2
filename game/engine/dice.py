"""Dice that remember what they rolled.

All randomness in a battle goes through one `Dice` object (a seeded generator), so
the same seed and the same choices give the same battle. `ScriptedDice` forces the
faces a test names and fails loudly when the script runs out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Roll:
    """A set of dice rolled together: every face kept, so logs can explain them."""

    sides: int
    faces: tuple[int, ...]
    label: str = ""

    @property
    def total(self) -> int:
        return sum(self.faces)

    def __str__(self) -> str:
        inner = ", ".join(str(f) for f in self.faces)
        return f"{len(self.faces)}d{self.sides} ({inner})"


class Dice:
    """The battle's seeded source of dice rolls."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self.rolled = 0

    def face(self, sides: int) -> int:
        """One die of `sides` faces, 1..sides."""
        self.rolled += 1
        return self._rng.randint(1, sides)

    def roll(self, count: int, sides: int, label: str = "") -> Roll:
        return Roll(sides, tuple(self.face(sides) for _ in range(count)), label)

    def d20(self, label: str = "") -> int:
        return self.face(20)

    def coin(self, options: int = 2) -> int:
        """Pick one of `options` equally likely outcomes (0-based): a random victim."""
        return self.face(options) - 1

    def state(self) -> object:
        return self._rng.getstate()


class DiceExhausted(AssertionError):
    """A ScriptedDice was asked for more faces than the test scripted."""


@dataclass
class ScriptedDice(Dice):
    """Dice whose faces are given in advance, for tests of a rule.

    Each scripted entry is a face, or `(sides, face)` to also check the die size.
    """

    script: list = field(default_factory=list)

    def __post_init__(self) -> None:
        self.seed = 0
        self.rolled = 0
        self._queue = list(self.script)

    def face(self, sides: int) -> int:
        if not self._queue:
            raise DiceExhausted(f"script exhausted asking for a d{sides} (roll #{self.rolled + 1})")
        entry = self._queue.pop(0)
        if isinstance(entry, tuple):
            want_sides, value = entry
            if want_sides != sides:
                raise DiceExhausted(f"script expected a d{want_sides}, the rules rolled a d{sides}")
        else:
            value = entry
        if not 1 <= value <= sides:
            raise DiceExhausted(f"scripted face {value} impossible on a d{sides}")
        self.rolled += 1
        return value

    @property
    def remaining(self) -> int:
        return len(self._queue)
