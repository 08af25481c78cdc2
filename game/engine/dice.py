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


#: Seeds the game accepts: |seed| < 2**63 (the command line and replay files refuse others;
#: a study database stores them as SQLite's signed 64-bit integers).
SEED_LIMIT = 2 ** 63


def seed_in_range(seed: int) -> bool:
    return -SEED_LIMIT < seed < SEED_LIMIT


def next_seed(seed: int) -> int:
    """The seed of the battle after one seeded `seed` (a rematch, the demo's next loop):
    `seed + 1`, or 0 after the largest seed, so it is always one a replay can record."""
    return seed + 1 if seed + 1 < SEED_LIMIT else 0


def dice_stream(seed: int, legacy: bool = False) -> random.Random:
    """The generator behind a battle's dice, distinct for every integer seed.

    A seed of 0 or more seeds ``random.Random(seed)`` directly, as it always has, so
    every replay keeps its dice. ``Random(-n)`` is ``Random(n)`` in CPython (it seeds
    from the absolute value), so a negative seed is seeded instead from bytes naming
    it: a key of 2**512 or more, never a seed the game accepts (issue 17.10).
    `legacy` gives the old behaviour (``Random(seed)``, the dice of ``-seed``) for
    replay files written before this change (they have no ``"dice": 2`` key).
    """
    if seed >= 0 or legacy:
        return random.Random(seed)
    return random.Random(f"rulebook-skirmish dice seed {seed}".encode())


class Dice:
    """The battle's seeded source of dice rolls."""

    def __init__(self, seed: int = 0, legacy: bool = False) -> None:
        self.seed = seed
        self._rng = dice_stream(seed, legacy)
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
