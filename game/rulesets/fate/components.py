"""4dF components: plain values only; definitions are referenced by id.

The generic Position, Team, Name, Archetype, Posture and OutOfFight come from
game.engine.components; the wound track is `wounds.WoundTrack`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Tile = tuple[int, int]


@dataclass(frozen=True)
class Fighter:
    """Which unit template this is (its skills never change in play)."""

    template: str


@dataclass
class Kit:
    """Uses left of limited items (thrown rocks, flashbangs), by weapon id."""

    uses: dict[str, int] = field(default_factory=dict)


@dataclass
class Initiative:
    """This turn's initiative: 4dF + Reaction, and the place in the order (0 = fastest)."""

    total: int = 0
    place: int = 0
    round: int = 0


@dataclass(frozen=True)
class Declared:
    """One declared action: `slot` 1 or 2 of the turn, what, at what, with what."""

    slot: int
    kind: str  # move, attack, aim, kneel, prone, stand, hold
    target: Tile | int | None = None
    weapon: str | None = None


@dataclass
class Plan:
    """The actions this unit declared for turn `round`, in slot order."""

    round: int = 0
    actions: list[Declared] = field(default_factory=list)


@dataclass
class Awareness:
    """Enemies this unit could see at the start of the turn (a sneak attack comes from
    one it could not), and whether it is surprised in the first turn."""

    seen: frozenset[int] = frozenset()
    surprised_round: int | None = None


@dataclass
class Blind:
    """Blinded (a flashbang): −2 to attack and defence, must locate targets; lasts
    through turn `through_round`."""

    through_round: int


@dataclass
class Aiming:
    """Spent an action aiming at `target` (turn `round`, action `slot`): +1 to the next
    thrown or projectile attack on it, this turn or the next, unless it moves first."""

    target: int
    round: int
    slot: int
