"""Mahou log events. Each `describe()` explains every die and modifier.

Rolls are stored as their explanation text (`Rolled.__str__`): every die of every
set with its explosions, what each set kept, the flat modifiers and the total.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.events import Event


@dataclass(frozen=True)
class InitiativeRolled(Event):
    """Step 1: a non-skilled Accuracy roll with the weapon's and armour's speed ratings."""

    unit: int
    name: str
    roll: str
    total: int

    def describe(self) -> str:
        return f"{self.name} initiative: {self.roll}"


@dataclass(frozen=True)
class TurnBegan(Event):
    unit: int
    name: str
    kind: str  # "full", "partial", "held"
    initiative: int

    def describe(self) -> str:
        if self.kind == "full":
            return f"{self.name}'s full turn (initiative {self.initiative})."
        if self.kind == "partial":
            return f"{self.name}'s partial turn (initiative now {self.initiative})."
        return f"{self.name} acts with held actions."


@dataclass(frozen=True)
class ActionsChanged(Event):
    """Actions refunded, lost, held or converted, with why."""

    unit: int
    name: str
    text: str

    def describe(self) -> str:
        return f"{self.name} {self.text}"


@dataclass(frozen=True)
class AttackDeclared(Event):
    attacker: int
    target: int
    attacker_name: str
    target_name: str
    what: str  # "Sword (Strong, History)", "kick (Fast)", "grapple (Precise)"
    hands: str  # "primary hand", "both hands", "all movement"...

    def describe(self) -> str:
        return f"{self.attacker_name} attacks {self.target_name}: {self.what}, {self.hands}."


@dataclass(frozen=True)
class DefenceRolled(Event):
    """A spot or active defence roll, before or after the attack roll."""

    unit: int
    name: str
    defence: str  # "Spot Block", "Active Parry", ...
    roll: str
    total: int
    effect: str = ""

    def describe(self) -> str:
        extra = f" {self.effect}" if self.effect else ""
        return f"{self.name} {self.defence}: {self.roll}.{extra}"


@dataclass(frozen=True)
class AttackRolled(Event):
    """An attack roll: every die, every modifier, the number it had to meet and why."""

    attacker: int
    target: int
    attacker_name: str
    target_name: str
    what: str
    roll: str
    total: int
    needed: int
    needed_from: str  # "Passive Block 5 + 1 cover", "Spot Parry 9", ...
    hit: bool
    critical: bool
    note: str = ""

    def describe(self) -> str:
        outcome = "CRITICAL HIT" if self.critical else ("hit" if self.hit else "miss")
        extra = f" ({self.note})" if self.note else ""
        return (f"{self.attacker_name} {self.what} at {self.target_name}: {self.roll} "
                f"vs {self.needed} [{self.needed_from}]: {outcome}{extra}")


@dataclass(frozen=True)
class AttackRollShown(Event):
    """The attack roll as the target sees it, before it may still defend."""

    attacker: int
    target: int
    attacker_name: str
    target_name: str
    roll: str
    needed: int

    def describe(self) -> str:
        return (f"{self.attacker_name} rolls {self.roll} against {self.needed}: "
                f"{self.target_name} may still defend.")


@dataclass(frozen=True)
class SoakRolled(Event):
    """The once-a-round soak roll (armour dice, or non-skilled Defense, plus shield)."""

    unit: int
    name: str
    roll: str
    pool: int

    def describe(self) -> str:
        return f"{self.name} soak for the round: {self.roll}"


@dataclass(frozen=True)
class DamageRolled(Event):
    target: int
    target_name: str
    roll: str
    rolled: int
    doubled: bool
    soaked: int
    soak_left: int
    dealt: int

    def describe(self) -> str:
        double = f" ×2 (strong critical) = {self.rolled * 2}" if self.doubled else ""
        return (f"Damage to {self.target_name}: {self.roll}{double}; soak takes {self.soaked} "
                f"({self.soak_left} soak left) → {self.dealt}")


@dataclass(frozen=True)
class CheckRolled(Event):
    """A roll against a number (escape, throw, jump, intelligence under a distraction)."""

    unit: int
    name: str
    what: str
    roll: str
    total: int
    against: int
    against_label: str
    success: bool

    def describe(self) -> str:
        result = "success" if self.success else "failure"
        return (f"{self.name} {self.what}: {self.roll} vs {self.against_label} {self.against}: "
                f"{result}")


@dataclass(frozen=True)
class Action(Event):
    """A plain action that needs no roll (hold, draw, stand up, release)."""

    unit: int
    name: str
    text: str

    def describe(self) -> str:
        return f"{self.name} {self.text}"


@dataclass(frozen=True)
class HoldChanged(Event):
    """A grapple hold made, reinforced, weakened by an escape, pinned or broken."""

    holder: int
    held: int
    holder_name: str
    held_name: str
    difficulty: int
    text: str

    def describe(self) -> str:
        return f"{self.holder_name} / {self.held_name}: {self.text} (Hold Difficulty {self.difficulty})."


@dataclass(frozen=True)
class DistractionRolled(Event):
    """A distraction attempt: the rating against each target's Intelligence roll."""

    unit: int
    name: str
    kind: str
    target: int
    target_name: str
    rating_roll: str
    rating: int
    resist_roll: str
    resist: int
    penalty: int
    state: str = ""

    def describe(self) -> str:
        if self.penalty <= 0:
            outcome = "no effect"
        else:
            outcome = f"−{self.penalty} to {self.target_name}'s skill rolls"
            if self.state:
                outcome += f"; {self.target_name} is {self.state}"
        verb = {"general": "distract"}.get(self.kind, self.kind)  # the other kinds are verbs
        return (f"{self.name} tries to {verb} {self.target_name}: {self.rating_roll} "
                f"against {self.resist_roll}: {outcome}.")
