"""5x5 components: plain values only. The template is referenced by id."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rulesets.fivebyfive.data import ABILITIES


@dataclass(frozen=True)
class Hero:
    """Which unit template this figure is (its Combat Ranks never change in play)."""

    template: str


@dataclass
class AbilityScores:
    """Current Rage, Grace and Precognition; `start` holds the pre-combat values.

    A hit reduces one of them by 1 ("Damaged"); every later roll multiplies by the
    current value. They may fall to 0 (Unconscious) or below (Dead).
    """

    rage: int
    grace: int
    precognition: int
    start: dict[str, int] = field(default_factory=dict)

    def get(self, ability: str) -> int:
        return getattr(self, ability)

    def set(self, ability: str, value: int) -> None:
        setattr(self, ability, value)

    def damaged(self) -> list[str]:
        """Abilities below their pre-combat value, in the text's order."""
        return [a for a in ABILITIES if self.get(a) < self.start.get(a, self.get(a))]

    def values(self) -> dict[str, int]:
        return {a: self.get(a) for a in ABILITIES}


@dataclass
class TurnState:
    """This round's Initiative roll and the movement spent of it.

    `allowance` is how far the figure may move this turn in tiles (inches): the
    Initiative roll, or 1 when the roll was 0.
    """

    initiative: int = 0
    allowance: int = 0
    moved: int = 0
    acting: bool = False

    @property
    def movement_left(self) -> int:
        return max(0, self.allowance - self.moved)


#: Fates of a figure that left the fight (OutOfFight.reason starts with one of these).
UNCONSCIOUS, DEAD = "unconscious", "dead"
