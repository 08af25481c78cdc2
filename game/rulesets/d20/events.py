"""d20 log events. Each `describe()` explains every die and modifier."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.events import Event


def signed(mods: tuple[tuple[str, int], ...]) -> str:
    return "".join(f" {'+' if v >= 0 else '−'} {abs(v)} ({label})" for label, v in mods)


@dataclass(frozen=True)
class InitiativeRolled(Event):
    unit: int
    name: str
    face: int
    modifier: int
    total: int
    note: str = ""

    def describe(self) -> str:
        extra = f" {self.note}" if self.note else ""
        return f"{self.name} initiative: d20 {self.face} + {self.modifier} = {self.total}{extra}"


@dataclass(frozen=True)
class AttackRolled(Event):
    """One attack roll: d20, every modifier, the total, what it needed, the outcome."""

    attacker: int
    target: int
    attacker_name: str
    target_name: str
    kind: str  # "single", "burst", "double_burst", "melee", "unarmed", "reaction"...
    location: str
    face: int
    modifiers: tuple[tuple[str, int], ...]
    total: int
    needed: int
    hit: bool
    critical: bool

    def describe(self) -> str:
        outcome = "CRITICAL HIT" if self.critical else ("hit" if self.hit else "miss")
        return (f"{self.attacker_name} {self.kind.replace('_', ' ')} at {self.target_name} "
                f"({self.location}): d20 {self.face}{signed(self.modifiers)} = {self.total} "
                f"vs {self.needed}: {outcome}")


@dataclass(frozen=True)
class DamageRolled(Event):
    """The damage dice of a hit, and what armour and cover took off."""

    target: int
    target_name: str
    dice: tuple[str, ...]  # e.g. ("2d8 (3, 5) weapon, crit upgrade", ...)
    rolled: int
    reductions: tuple[tuple[str, int], ...]
    dealt: int

    def describe(self) -> str:
        red = "".join(f" − {v} ({label})" for label, v in self.reductions)
        return f"Damage to {self.target_name}: {' + '.join(self.dice)} = {self.rolled}{red} → {self.dealt}"


@dataclass(frozen=True)
class CheckRolled(Event):
    """A check against a DC, or one side of a contest."""

    unit: int
    name: str
    skill: str
    face: int
    modifier: int
    total: int
    against: int
    against_label: str
    success: bool
    detail: str = ""

    def describe(self) -> str:
        result = "success" if self.success else "failure"
        extra = f" — {self.detail}" if self.detail else ""
        return (f"{self.name} {self.skill}: d20 {self.face} + {self.modifier} = {self.total} "
                f"vs {self.against_label} {self.against}: {result}{extra}")


@dataclass(frozen=True)
class Action(Event):
    """A plain action that needs no roll (reload, stand up, swap, exit)."""

    unit: int
    name: str
    text: str

    def describe(self) -> str:
        return f"{self.name} {self.text}"


@dataclass(frozen=True)
class GrappleChanged(Event):
    members: tuple[int, ...]
    names: tuple[str, ...]
    kind: str  # "grapple", "melee", "ended"

    def describe(self) -> str:
        who = ", ".join(self.names)
        if self.kind == "ended":
            return f"The grapple breaks up ({who})."
        return f"{who} are locked in a {'Melee' if self.kind == 'melee' else 'Grapple'}."


@dataclass(frozen=True)
class SuppressionLaid(Event):
    shooter: int
    name: str
    tiles: frozenset[tuple[int, int]]
    dc: int

    def describe(self) -> str:
        return f"{self.name} lays down suppressing fire over {len(self.tiles)} tiles (Willpower DC {self.dc})."
