"""5x5 log events. Each `describe()` shows every die, the target and why it was that."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.events import Event
from game.rulesets.fivebyfive.data import ABILITY_NAMES
from game.rulesets.fivebyfive.rolls import Roll55

VERBS = {"strike": "Strikes at", "aim": "Aims at", "focus": "Focuses on"}
DEFENCE_VERBS = {"parry": "Parries", "dodge": "Dodges", "resist": "Resists"}


@dataclass(frozen=True)
class InitiativeRolled(Event):
    """One figure's Initiative for this round: 1d5, a d6 whose six counts as 0."""

    unit: int
    name: str
    face: int
    value: int
    allowance: int

    def describe(self) -> str:
        shown = "6→0" if self.face == 6 else str(self.face)
        move = ("may still move 1 tile" if self.value == 0
                else f"moves up to {self.allowance} tile{'s' if self.allowance != 1 else ''}")
        return f"{self.name} rolls Initiative: d5 ({shown}) = {self.value}; {move}."


@dataclass(frozen=True)
class InitiativeRollOff(Event):
    """A d6 roll-off between figures still tied after the tie rules ([PROP])."""

    unit: int
    name: str
    face: int
    tied_at: int

    def describe(self) -> str:
        return f"{self.name} rolls off a tie at Initiative {self.tied_at}: d6 {self.face}."


@dataclass(frozen=True)
class TurnOrder(Event):
    """Who acts when this round, highest Initiative first, and how ties were settled."""

    round: int
    entries: tuple[tuple[int, str, int], ...]  # (unit, name, initiative)
    notes: tuple[str, ...] = ()

    def describe(self) -> str:
        order = ", ".join(f"{name} ({value})" for _, name, value in self.entries)
        extra = f" — {'; '.join(self.notes)}" if self.notes else ""
        return f"Turn order: {order}{extra}."


@dataclass(frozen=True)
class OffensiveRolled(Event):
    """An Offensive Action's 5x5 roll: "Making a Hit", and whether it is a Double Hit."""

    attacker: int
    target: int
    attacker_name: str
    target_name: str
    action: str  # strike / aim / focus
    using: str  # what it is done with, for colour
    roll: Roll55
    explain: str  # "Strike 3 × Rage 4 = 12"

    @property
    def hit(self) -> bool:
        return self.roll.success

    @property
    def double_hit(self) -> bool:
        return self.roll.critical

    def describe(self) -> str:
        if self.roll.critical:
            outcome = "DOUBLE HIT (doubles on a success: two Control rolls)"
        elif self.roll.success:
            outcome = "Makes a Hit"
        else:
            outcome = "misses"
        rule = f" [{self.roll.rule}]" if self.roll.rule else ""
        using = f" with {self.using}" if self.using else ""
        return (f"{self.attacker_name} {VERBS[self.action]} {self.target_name}{using}: "
                f"{self.roll} vs {self.explain}{rule}: {outcome}.")


@dataclass(frozen=True)
class ControlRolled(Event):
    """A Defensive Action: the roll to Control the Hit (Blocked on doubles)."""

    defender: int
    name: str
    defence: str  # parry / dodge / resist
    hit_number: int
    hits: int
    roll: Roll55
    explain: str
    result: str  # "blocked", "controlled", "not controlled"

    def describe(self) -> str:
        which = f" hit {self.hit_number} of {self.hits}" if self.hits > 1 else " the hit"
        outcome = {
            "blocked": "Blocks the Hit (doubles on a success): no damage",
            "controlled": "Controls the Hit: chooses which Ability Score is Damaged",
            "not controlled": "fails to Control the Hit: the attacker chooses the Ability Score",
        }[self.result]
        rule = f" [{self.roll.rule}]" if self.roll.rule else ""
        return (f"{self.name} {DEFENCE_VERBS[self.defence]}{which}: {self.roll} vs "
                f"{self.explain}{rule}: {outcome}.")


@dataclass(frozen=True)
class AbilityDamaged(Event):
    """A Hit taken: one Ability Score reduced by 1, and who chose it."""

    unit: int
    name: str
    ability: str
    before: int
    after: int
    chosen_by: str
    controlled: bool

    def describe(self) -> str:
        why = "Controlled the Hit" if self.controlled else "the Hit was not Controlled"
        return (f"{self.name}'s {ABILITY_NAMES[self.ability]} is Damaged: {self.before} → "
                f"{self.after} (chosen by {self.chosen_by}: {why}).")


@dataclass(frozen=True)
class VictoryRush(Event):
    """A winner regains 1 point to a Damaged Ability Score of its choice."""

    unit: int
    name: str
    ability: str
    before: int
    after: int

    def describe(self) -> str:
        return (f"Victory Rush: {self.name} regains 1 {ABILITY_NAMES[self.ability]} "
                f"({self.before} → {self.after}).")
