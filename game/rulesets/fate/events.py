"""4dF log events. Each `describe()` shows every die (as + 0 −) and every modifier."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.engine.events import Event

Mods = tuple[tuple[str, int], ...]


def dice_text(faces: tuple[int, ...]) -> str:
    symbols = " ".join({-1: "−", 0: "0", 1: "+"}[f] for f in faces)
    return f"4dF [{symbols}] {sum(faces):+d}"


def signed(mods: Mods) -> str:
    return "".join(f" {'+' if v >= 0 else '−'} {abs(v)} ({label})" for label, v in mods)


def roll_text(faces: tuple[int, ...], skill: tuple[str, int], mods: Mods, total: int) -> str:
    label, value = skill
    return f"{dice_text(faces)} {'+' if value >= 0 else '−'} {abs(value)} ({label}){signed(mods)} = {total}"


@dataclass(frozen=True)
class InitiativeRolled(Event):
    """Initiative: 4dF + Reaction (and wound penalties, which apply to every roll)."""

    unit: int
    name: str
    faces: tuple[int, ...]
    reaction: int
    modifiers: Mods
    total: int
    note: str = ""

    def describe_for(self, sees: Callable[[int], bool]) -> str | None:
        """The line a side reads under fog of war: nothing about a unit it cannot see."""
        return self.describe() if sees(self.unit) else None

    def describe(self) -> str:
        extra = f" {self.note}" if self.note else ""
        if self.note:  # a roll-off: the dice alone
            return f"{self.name} initiative roll-off: {dice_text(self.faces)}{extra}"
        return (f"{self.name} initiative: "
                f"{roll_text(self.faces, ('Reaction', self.reaction), self.modifiers, self.total)}{extra}")


@dataclass(frozen=True)
class DeclarationOrder(Event):
    """The turn's order: declarations from the slowest, resolution from the fastest."""

    round: int
    slowest_first: tuple[str, ...]
    units: tuple[int, ...] = ()  # the same units (ids), for reading under fog of war

    def describe(self) -> str:
        return self._line(self.slowest_first)

    def describe_for(self, sees: Callable[[int], bool]) -> str:
        """Under fog of war: the units the side cannot see are not named, only counted."""
        if not self.units:
            return self.describe()
        names = [n for n, u in zip(self.slowest_first, self.units) if sees(u)]
        unseen = len(self.units) - len(names)
        if unseen:
            names.append(f"{unseen} unit{'s' if unseen != 1 else ''} out of sight")
        return self._line(tuple(names))

    def _line(self, names: tuple[str, ...]) -> str:
        return (f"Turn {self.round} declarations, slowest first: {', '.join(names)}. "
                f"Then everything happens at once.")


@dataclass(frozen=True)
class Declared(Event):
    """A unit's declared action, public to everyone declaring after it."""

    unit: int
    name: str
    slot: int
    kind: str
    text: str

    def describe(self) -> str:
        return f"{self.name} declares action {self.slot}: {self.text}."


@dataclass(frozen=True)
class PostureChanged(Event):
    unit: int
    name: str
    posture: str
    text: str

    def describe(self) -> str:
        return f"{self.name} {self.text}."


@dataclass(frozen=True)
class AimTaken(Event):
    unit: int
    name: str
    target: int
    target_name: str

    def describe(self) -> str:
        return f"{self.name} aims at {self.target_name} (+1 to the next thrown or projectile attack on it)."


@dataclass(frozen=True)
class LocateRolled(Event):
    """Locating a target behind total cover or concealment, or by a blind attacker:
    Notice against the target's Stealth."""

    seeker: int
    target: int
    seeker_name: str
    target_name: str
    why: str
    seeker_faces: tuple[int, ...]
    notice: int
    seeker_mods: Mods
    seeker_total: int
    hider_faces: tuple[int, ...]
    stealth: int
    hider_mods: Mods
    hider_total: int
    located: bool

    def describe(self) -> str:
        result = "located" if self.located else "not found"
        return (f"{self.seeker_name} looks for {self.target_name} ({self.why}): "
                f"{roll_text(self.seeker_faces, ('Notice', self.notice), self.seeker_mods, self.seeker_total)}"
                f" vs {roll_text(self.hider_faces, ('Stealth', self.stealth), self.hider_mods, self.hider_total)}"
                f": {result}")


@dataclass(frozen=True)
class AttackRolled(Event):
    """One attack: both 4dF rolls with every skill and modifier, the margin, the damage
    value with its modifiers, and the wound it deals."""

    attacker: int
    target: int
    attacker_name: str
    target_name: str
    weapon: str
    attack_faces: tuple[int, ...]
    attack_skill: tuple[str, int]
    attack_mods: Mods
    attack_total: int
    defense_faces: tuple[int, ...]
    defense_skill: tuple[str, int]
    defense_mods: Mods
    defense_total: int
    hit: bool
    margin: int
    damage_mods: Mods
    value: int
    result: str  # the wound level, "blinded", or "miss"

    def describe(self) -> str:
        head = (f"{self.attacker_name} attacks {self.target_name} with {self.weapon}: "
                f"{roll_text(self.attack_faces, self.attack_skill, self.attack_mods, self.attack_total)}"
                f" vs {roll_text(self.defense_faces, self.defense_skill, self.defense_mods, self.defense_total)}")
        if not self.hit:
            tie = " (a tie is a miss)" if self.margin == 0 else ""
            return f"{head}: miss{tie}"
        if self.result == "blinded":
            return f"{head}: hit by {self.margin} → blinded"
        value = f"damage value {self.margin}{signed(self.damage_mods)} = {self.value}" if self.damage_mods \
            else f"damage value {self.value}"
        return f"{head}: hit by {self.margin}, {value} → {self.result}"


@dataclass(frozen=True)
class AttackLost(Event):
    """A declared attack that cannot be made when its moment comes."""

    attacker: int
    name: str
    target_name: str
    weapon: str
    reason: str

    def describe(self) -> str:
        return f"{self.name}'s attack on {self.target_name} with {self.weapon} is lost: {self.reason}."


@dataclass(frozen=True)
class BonusDamageRolled(Event):
    """[REC bonus-damage] After a hit with a superpower or a heavy object: 4dF + bonus
    against the defender's 4dF + Resistance; each point won is an extra Scratch."""

    attacker: int
    target: int
    attacker_name: str
    target_name: str
    attack_faces: tuple[int, ...]
    bonus: tuple[str, int]
    attack_mods: Mods
    attack_total: int
    resist_faces: tuple[int, ...]
    resistance: int
    resist_mods: Mods
    resist_total: int
    scratches: int

    def describe(self) -> str:
        won = f"{self.scratches} extra Scratch{'es' if self.scratches != 1 else ''}" if self.scratches \
            else "no extra damage"
        return (f"Bonus damage on {self.target_name}: "
                f"{roll_text(self.attack_faces, self.bonus, self.attack_mods, self.attack_total)} vs "
                f"{roll_text(self.resist_faces, ('Resistance', self.resistance), self.resist_mods, self.resist_total)}"
                f": {won}")


@dataclass(frozen=True)
class WoundTaken(Event):
    """A wound marked on the damage-capacity track, with every roll-up."""

    unit: int
    name: str
    level: str
    source: str
    steps: tuple[str, ...]
    track: str  # the state and the boxes after this wound

    def describe(self) -> str:
        # The text's own verbs: "is a Scratch", "Hurts", "leaves ... Very Hurt / Incapacitated".
        verb = {"Scratch": "takes a Scratch", "Hurt": "is Hurt"}.get(self.level, f"is left {self.level}")
        return f"{self.name} {verb} ({self.source}): {'; '.join(self.steps)}. Now {self.track}."


@dataclass(frozen=True)
class ToughnessChecked(Event):
    """A Dying character's Toughness check: meet the difficulty or die."""

    unit: int
    name: str
    why: str
    faces: tuple[int, ...]
    toughness: int
    modifiers: Mods
    total: int
    difficulty: int
    survived: bool

    def describe(self) -> str:
        result = "holds on" if self.survived else "dies"
        return (f"{self.name} Toughness check ({self.why}): "
                f"{roll_text(self.faces, ('Toughness', self.toughness), self.modifiers, self.total)}"
                f" vs difficulty {self.difficulty:+d}: {result}")
