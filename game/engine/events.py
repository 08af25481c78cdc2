"""Events: small frozen records appended to the battle log as rules resolve.

The window animates from them, the log panel prints `describe()`, tests assert on
them. Rulesets add their own event classes beside these generic ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    """Something that happened in the battle."""

    def describe(self) -> str:
        return type(self).__name__


@dataclass(frozen=True)
class Note(Event):
    """A plain line of explanation in the log."""

    text: str

    def describe(self) -> str:
        return self.text


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int

    def describe(self) -> str:
        return f"— Round {self.round} —"


@dataclass(frozen=True)
class TurnStarted(Event):
    unit: int
    name: str

    def describe(self) -> str:
        return f"{self.name}'s turn."


@dataclass(frozen=True)
class Moved(Event):
    """A unit walked along `path` (tiles, start exclusive)."""

    unit: int
    name: str
    path: tuple[tuple[int, int], ...]
    cost: str = ""

    def describe(self) -> str:
        end = self.path[-1] if self.path else None
        extra = f" ({self.cost})" if self.cost else ""
        return f"{self.name} moves to {end}{extra}."


@dataclass(frozen=True)
class Damaged(Event):
    unit: int
    name: str
    amount: int
    remaining: int
    explain: str = ""

    def describe(self) -> str:
        extra = f" [{self.explain}]" if self.explain else ""
        return f"{self.name} takes {self.amount} damage ({self.remaining} left){extra}."


@dataclass(frozen=True)
class ConditionChanged(Event):
    unit: int
    name: str
    condition: str
    gained: bool
    explain: str = ""

    def describe(self) -> str:
        verb = "is now" if self.gained else "is no longer"
        extra = f" ({self.explain})" if self.explain else ""
        return f"{self.name} {verb} {self.condition}{extra}."


@dataclass(frozen=True)
class OutOfFightEvent(Event):
    unit: int
    name: str
    reason: str

    def describe(self) -> str:
        return f"{self.name} is out of the fight: {self.reason}."


#: How a battle ends (BattleEnded.how): the last side standing, a mission's rule, or
#: the round limit.
HOW_ENDED = ("elimination", "victory points", "vip", "survived", "round limit")


@dataclass(frozen=True)
class BattleEnded(Event):
    winner: int | None
    rounds: int
    reason: str = ""
    #: One of HOW_ENDED; `reason` says the details (which objective, the points). Left
    #: out of repr, which the battle's digest hashes: `reason` already tells them apart.
    how: str = field(default="elimination", repr=False)

    def describe(self) -> str:
        who = f"Side {self.winner} wins" if self.winner is not None else "Draw"
        extra = f" ({self.reason})" if self.reason else ""
        return f"{who} after {self.rounds} rounds{extra}."


@dataclass(frozen=True)
class PointsScored(Event):
    """A side scores victory points: a zone held at a round's end, or a VIP's fall."""

    side: int
    points: int
    zone: str
    round: int
    units: tuple[str, ...] = ()

    def describe(self) -> str:
        who = f" ({', '.join(self.units)})" if self.units else ""
        unit = "point" if self.points == 1 else "points"
        return f"Side {self.side} scores {self.points} {unit}: {self.zone}{who}, round {self.round}."


@dataclass(frozen=True)
class LeftBattle(Event):
    """A unit left the battle by an exit: safe, not a casualty."""

    unit: int
    name: str
    zone: str

    def describe(self) -> str:
        return f"{self.name} leaves the battle by {self.zone}."
