"""Components every ruleset uses. Plain values; behaviour lives in rules functions."""

from __future__ import annotations

from dataclasses import dataclass

STANDING, KNEELING, PRONE, FALLEN = "standing", "kneeling", "prone", "fallen"


@dataclass
class Position:
    """The tile a unit stands on (several units may share one inside a grapple)."""

    x: int
    y: int

    @property
    def tile(self) -> tuple[int, int]:
        return (self.x, self.y)


@dataclass(frozen=True)
class Team:
    """The side a unit fights for (the map's spawn team)."""

    id: int


@dataclass(frozen=True)
class Name:
    """What the log and the window call a unit."""

    text: str


@dataclass(frozen=True)
class Archetype:
    """The common role this unit fills: brawler, gunner, marksman, guardian or scout."""

    id: str


@dataclass
class Posture:
    """Standing, kneeling, prone (knocked down or dropped) or fallen."""

    value: str = STANDING


@dataclass
class Facing:
    """Direction a unit faces, as a unit step (dx, dy), for rulesets that use facing."""

    dx: int = 0
    dy: int = 1


@dataclass
class OutOfFight:
    """The unit no longer acts: unconscious, incapacitated or dead, and why."""

    reason: str


ARCHETYPES = ("brawler", "gunner", "marksman", "guardian", "scout")
