"""Action Block log events. Each `describe()` explains every die and modifier."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.events import Event, RoundStarted, TurnStarted
from game.rulesets.actionblock.fastinit import fast_init


def signed(mods: tuple[tuple[str, int], ...]) -> str:
    return "".join(f" {'+' if v >= 0 else '−'} {abs(v)} ({label})" for label, v in mods)


def faces_text(faces: tuple[int, ...]) -> str:
    return f"{len(faces)}d6 ({', '.join(map(str, faces))})"


@fast_init
@dataclass(frozen=True)
class TurnOrderRolled(Event):
    """A 3d6 roll-off between characters tied on Maximum Speed Points."""

    unit: int
    name: str
    faces: tuple[int, ...]
    tied_speed: int

    def describe(self) -> str:
        return (f"{self.name} rolls {faces_text(self.faces)} = {sum(self.faces)} to break a tie "
                f"at Maximum Speed {self.tied_speed}")


@fast_init
@dataclass(frozen=True)
class TurnOrderSet(Event):
    """The Turn Order, fixed for the whole battle."""

    names: tuple[str, ...]
    speeds: tuple[int, ...]

    def describe(self) -> str:
        order = ", ".join(f"{n} ({s})" for n, s in zip(self.names, self.speeds))
        return f"Turn Order by Maximum Speed Points: {order}"


@fast_init
@dataclass(frozen=True)
class ActionBlockStarted(RoundStarted):
    def describe(self) -> str:
        return f"— Action Block {self.round} —"


@fast_init
@dataclass(frozen=True)
class TurnBegan(TurnStarted):
    strength: int = 0
    max_strength: int = 0
    speed: int = 0
    max_speed: int = 0
    hp: int = 0
    max_hp: int = 0

    def describe(self) -> str:
        return (f"{self.name}'s Turn (Strength {self.strength}/{self.max_strength}, "
                f"Speed {self.speed}/{self.max_speed}, HP {self.hp}/{self.max_hp}).")


@fast_init
@dataclass(frozen=True)
class ActionTaken(Event):
    """An action performed and what it cost."""

    unit: int
    name: str
    action: str
    strength_cost: int
    speed_cost: int
    strength_left: int
    speed_left: int
    detail: str = ""

    def describe(self) -> str:
        extra = f" {self.detail}" if self.detail else ""
        if self.strength_cost or self.speed_cost:
            paid = (f" (−{self.strength_cost} Str, −{self.speed_cost} Spd → "
                    f"Str {self.strength_left}, Spd {self.speed_left})")
        else:
            paid = ""
        return f"{self.name}: {self.action}{paid}.{extra}"


@fast_init
@dataclass(frozen=True)
class ToHitRolled(Event):
    """One To Hit Roll: the Base To Hit Roll's dice, every bonus, the total and the Evasion."""

    attacker: int
    target: int
    attacker_name: str
    target_name: str
    action: str
    weapon: str
    faces: tuple[int, ...]
    modifiers: tuple[tuple[str, int], ...]
    total: int
    evasion: int
    evasion_label: str
    hit: bool
    critical: bool
    bullet: int = 0  # 1.. for a shotgun's bullets

    def describe(self) -> str:
        outcome = "CRITICAL HIT" if self.critical else ("hit" if self.hit else "miss")
        which = f" bullet {self.bullet}" if self.bullet else ""
        return (f"{self.attacker_name} {self.action} ({self.weapon}{which}) at {self.target_name}: "
                f"{faces_text(self.faces)}{signed(self.modifiers)} = {self.total} "
                f"vs {self.evasion_label} {self.evasion}: {outcome}")


@fast_init
@dataclass(frozen=True)
class DamageRolled(Event):
    """Damage Dealt = Base Damage Dealt + Damage Dealt Bonus − Damage Reduction (each
    doubled on a Critical Hit), never below 0."""

    target: int
    target_name: str
    base_text: str
    base: int
    bonus_text: str
    bonus: int
    reductions: tuple[tuple[str, int], ...]
    critical: bool
    absorbed: int
    dealt: int

    def describe(self) -> str:
        reduction = sum(v for _, v in self.reductions)
        red = " + ".join(f"{v} {label}" for label, v in self.reductions) or "0"
        bonus = f" + bonus {self.bonus_text} = {self.bonus}" if self.bonus_text else ""
        if self.critical:
            calc = f"2×{self.base} + 2×{self.bonus} − 2×{reduction}"
        else:
            calc = f"{self.base} + {self.bonus} − {reduction}"
        absorbed = f", {self.absorbed} absorbed by the Spell Barrier" if self.absorbed else ""
        return (f"Damage to {self.target_name}: base {self.base_text} = {self.base}{bonus}; "
                f"reduction {red}; {calc} → {self.dealt}{absorbed}")


@fast_init
@dataclass(frozen=True)
class StatChanged(Event):
    """A number of a character changed: PDR by a drill, Speed by a hammer, a Restore..."""

    unit: int
    name: str
    stat: str
    before: int
    after: int
    why: str

    def describe(self) -> str:
        return f"{self.name}'s {self.stat}: {self.before} → {self.after} ({self.why})."


@fast_init
@dataclass(frozen=True)
class Faced(Event):
    unit: int
    name: str
    facing: str

    def describe(self) -> str:
        return f"{self.name} now faces {self.facing}."


@fast_init
@dataclass(frozen=True)
class MovementObstructed(Event):
    mover: int
    mover_name: str
    by: int
    by_name: str
    at: tuple[int, int]

    def describe(self) -> str:
        return f"{self.by_name} obstructs {self.mover_name}'s movement: it ends at {self.at}."


@fast_init
@dataclass(frozen=True)
class GrappleChanged(Event):
    grappler: int
    target: int
    grappler_name: str
    target_name: str
    started: bool
    why: str = ""

    def describe(self) -> str:
        if self.started:
            return (f"{self.grappler_name} enters the Grappling Stance; "
                    f"{self.target_name} is in the Grappled Stance.")
        extra = f" ({self.why})" if self.why else ""
        return f"The grapple of {self.grappler_name} on {self.target_name} ends{extra}."


@fast_init
@dataclass(frozen=True)
class ContestRolled(Event):
    """Two rolls against each other: a Charisma Skill, Break Grapple."""

    what: str
    a_name: str
    a_faces: tuple[int, ...]
    a_mods: tuple[tuple[str, int], ...]
    b_name: str
    b_faces: tuple[int, ...]
    b_mods: tuple[tuple[str, int], ...]
    success: bool
    rule: str = ""

    def describe(self) -> str:
        a = sum(self.a_faces) + sum(v for _, v in self.a_mods)
        b = sum(self.b_faces) + sum(v for _, v in self.b_mods)
        rule = f" ({self.rule})" if self.rule else ""
        return (f"{self.what}: {self.a_name} {faces_text(self.a_faces)}{signed(self.a_mods)} = {a} "
                f"vs {self.b_name} {faces_text(self.b_faces)}{signed(self.b_mods)} = {b}: "
                f"{'success' if self.success else 'failure'}{rule}")


@fast_init
@dataclass(frozen=True)
class SpellEvent(Event):
    """A step of spell casting: cast, channelled, activated, cancelled, interrupted."""

    unit: int
    name: str
    spell: str
    text: str

    def describe(self) -> str:
        return f"{self.name} — {self.spell}: {self.text}"


@fast_init
@dataclass(frozen=True)
class Healed(Event):
    unit: int
    name: str
    dice_text: str
    amount: int
    hp: int
    max_hp: int
    source: str

    def describe(self) -> str:
        return (f"{self.name} recovers {self.dice_text} = {self.amount} HP from {self.source} "
                f"(now {self.hp}/{self.max_hp}).")


@fast_init
@dataclass(frozen=True)
class InsanityRolled(Event):
    """Insanity Roll = 3d6 + Current Ghost HP − Current Physical HP, read on Table 7.1."""

    unit: int
    name: str
    faces: tuple[int, ...]
    ghost: int
    hp: int
    extra: int
    total: int
    effect: str
    severity: int

    def describe(self) -> str:
        extra = f" + {self.extra} (Increase Roll)" if self.extra else ""
        sev = f" {self.severity}" if self.severity else ""
        return (f"{self.name} Insanity Roll: {faces_text(self.faces)} + {self.ghost} Ghost HP "
                f"− {self.hp} HP{extra} = {self.total}: {self.effect.replace('_', ' ')}{sev}")
