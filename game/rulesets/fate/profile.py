"""The modifiers of one attack: every skill, substitute and bonus or penalty of the text.

`attack_profile` reads the map and the units once, from a `Situation` (where both stand,
how, and what happened before this attack), and returns an `AttackProfile`: the numbers
that both the exact odds and the roll use (attacks.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from game.engine.components import FALLEN, KNEELING, PRONE
from game.rulesets.fate.cover import PARTIAL, TOTAL, Protection, protection
from game.rulesets.fate.data import Weapon
from game.rulesets.fate.stats import (armour, is_blind, roll_penalties, saw_at_start,
                                      surprised_this_turn, template, track)

if TYPE_CHECKING:
    from game.engine.battle import Battle

Tile = tuple[int, int]
Mods = tuple[tuple[str, int], ...]


class Situation(NamedTuple):
    """One attack's circumstances: positions and postures at its moment, and whether
    it is a charge or an aimed attack. Built from plans when declaring, from the board
    when resolving. A tuple: the AI builds thousands a battle."""

    attacker: int
    target: int
    weapon: str
    origin: Tile
    target_tile: Tile
    attacker_posture: str
    target_posture: str
    charging: bool = False
    aimed: bool = False


@dataclass(frozen=True)
class AttackProfile:
    situation: Situation
    weapon: Weapon
    attack_skill: tuple[str, int]
    attack_mods: Mods
    defense_skill: tuple[str, int]
    defense_mods: Mods
    damage_mods: Mods
    locate_why: str | None  # why the attacker must locate the target first, if it must
    locate_edge: int  # (Notice + its modifiers) − (Stealth + its modifiers)
    notice: tuple[int, Mods]
    stealth: tuple[int, Mods]
    bonus: tuple[str, int] | None  # bonus-damage roll: label and bonus
    bonus_mods: Mods
    resistance: tuple[int, Mods]
    blocked: bool  # no line for a thrown or projectile attack
    distance: int
    notes: tuple[str, ...] = field(default=())

    @property
    def attack_bonus(self) -> int:
        return self.attack_skill[1] + sum(v for _, v in self.attack_mods)

    @property
    def defense_bonus(self) -> int:
        return self.defense_skill[1] + sum(v for _, v in self.defense_mods)

    @property
    def edge(self) -> int:
        """Δ: the attacker's skill and modifiers minus the defender's."""
        return self.attack_bonus - self.defense_bonus

    @property
    def damage_bonus(self) -> int:
        return sum(v for _, v in self.damage_mods)

    @property
    def bonus_edge(self) -> int:
        if self.bonus is None:
            return 0
        return (self.bonus[1] + sum(v for _, v in self.bonus_mods)
                - self.resistance[0] - sum(v for _, v in self.resistance[1]))


def in_reach(weapon: Weapon, distance: int) -> bool:
    """Melee and unarmed: an adjacent target. Thrown and projectile: within long range."""
    if weapon.melee:
        return distance <= 1
    return distance <= weapon.long_range


def attack_profile(battle: "Battle", s: Situation) -> AttackProfile:
    """Every skill and modifier of the text for this attack (legality is checked elsewhere)."""
    w = battle.ruleset.data.weapons[s.weapon]
    prot = protection(battle, s.origin, s.target_tile)
    # A sneak attack: the defender could not see the attacker at the start of the turn.
    sneak = battle.active(s.target) and not saw_at_start(battle, s.target, s.attacker)
    attack_skill, am = attacker_side(battle, s, w, prot, sneak)
    defense_skill, dm, locate = defender_side(battle, s, w, prot, sneak)
    me, them = template(battle, s.attacker), template(battle, s.target)
    notice = (me.notice, tuple(roll_penalties(battle, s.attacker)))
    stealth = (them.stealth, tuple(roll_penalties(battle, s.target)))
    locate_edge = (notice[0] + sum(v for _, v in notice[1])) - (stealth[0] + sum(v for _, v in stealth[1]))
    notes = ("sneak attack: the defender did not see the attacker at the start of the turn",) if sneak else ()
    return AttackProfile(
        situation=s, weapon=w, attack_skill=attack_skill, attack_mods=am,
        defense_skill=defense_skill, defense_mods=dm, damage_mods=damage_value_mods(battle, s, w),
        locate_why=", ".join(locate) or None, locate_edge=locate_edge, notice=notice,
        stealth=stealth, bonus=w.bonus_damage if w.effect == "wound" else None,
        bonus_mods=tuple(roll_penalties(battle, s.attacker)),
        resistance=(them.resistance, tuple(roll_penalties(battle, s.target))),
        blocked=w.missile and prot.blocked, distance=prot.distance, notes=notes)


def line_read(w: Weapon, prot: Protection) -> tuple:
    """All that `attack_profile` reads of the line between the two tiles (attacker_side,
    defender_side): higher ground either way, and for a thrown or projectile attack the
    wall, cover, concealment and long range. Two lines alike in it give the same numbers
    (all but `distance`): the AI keeps profiles by it."""
    if w.missile:
        return (prot.elevation_delta > 0, prot.elevation_delta < 0, prot.blocked, prot.cover,
                prot.concealment, prot.distance > w.short_range)
    return (prot.elevation_delta > 0, prot.elevation_delta < 0)


def attacker_side(battle: "Battle", s: Situation, w: Weapon, prot: Protection,
                  sneak: bool) -> tuple[tuple[str, int], Mods]:
    """"The attacker rolls 4dF and adds his Attack skill" (or a substitute), and the
    text's "Attacker Bonuses and Penalties" to the attack roll, in its order."""
    me = template(battle, s.attacker)
    higher = -prot.elevation_delta  # > 0: the attacker stands higher
    skill = ("Attack", me.attack)
    if sneak and me.stealth > skill[1]:
        skill = ("Stealth, sneak attack", me.stealth)
    if w.melee and higher > 0 and me.acrobatics > skill[1]:
        skill = ("Acrobatics, leaping down", me.acrobatics)
    mods: list[tuple[str, int]] = []
    if higher > 0:
        mods.append(("higher ground", 1))
    if s.attacker_posture == KNEELING and w.melee:
        mods.append(("on his knees", -1))
    if s.attacker_posture == PRONE and w.kind in ("melee", "unarmed", "thrown"):
        mods.append(("prone", -2))
    mods += roll_penalties(battle, s.attacker)  # Hurt −1 / Very Hurt −2 (replaces)
    if is_blind(battle, s.attacker):
        mods.append(("blind", -2))
    if w.missile and prot.distance > w.short_range:
        mods.append(("long range", -1))
    if s.charging and w.melee:
        mods.append(("charging", 1))
    if s.aimed and w.missile:
        mods.append(("aimed", 1))
    return skill, tuple(mods)


def defender_side(battle: "Battle", s: Situation, w: Weapon, prot: Protection,
                  sneak: bool) -> tuple[tuple[str, int], Mods, list[str]]:
    """"The defender rolls 4dF and adds her Defense skill" (or a substitute), the text's
    "Defender Bonuses and Penalties" in its order, and why she must be located first."""
    them = template(battle, s.target)
    skill = ("Defense", them.defense)
    if sneak:
        for label, value in (("Insight", them.insight), ("Notice", them.notice)):
            if value > skill[1]:
                skill = (f"{label}, vs sneak attack", value)
    mods: list[tuple[str, int]] = []
    if prot.elevation_delta > 0:
        mods.append(("higher ground", 1))
    if s.target_posture == KNEELING:
        mods.append(("on her knees", -1) if w.melee else ("on her knees", 1))
    if s.target_posture in (PRONE, FALLEN):  # a fallen body lies prone
        mods.append(("prone", -2) if w.melee else ("prone", 2))
    mods += roll_penalties(battle, s.target)
    # "If the defender is surprised or blind (or any similar effect), she takes a −2
    # penalty": one line of the text, so one −2 however many of them apply. [PROP] A
    # helpless (Incapacitated) defender is a "similar effect".
    similar = [label for label, applies in (
        ("helpless", track(battle, s.target).out),
        ("surprised", surprised_this_turn(battle, s.target) or sneak),
        ("blind", is_blind(battle, s.target))) if applies]
    if similar:
        mods.append((" and ".join(similar), -2))
    locate = []
    if w.missile:
        # [PROP] cover and concealment shield from thrown and projectile attacks only.
        if prot.cover == PARTIAL:
            mods.append(("partial cover", 1))
        elif prot.cover == TOTAL:
            mods.append(("total cover", 2))
            locate.append("total cover")
        if prot.concealment == PARTIAL:
            mods.append(("partially concealed", 1))
        elif prot.concealment == TOTAL:
            mods.append(("totally concealed", 2))
            locate.append("totally concealed")
    if is_blind(battle, s.attacker):
        locate.append("attacking blind")  # "must still be able to locate his target"
    return skill, tuple(mods), locate


def damage_value_mods(battle: "Battle", s: Situation, w: Weapon) -> Mods:
    """The damage value's modifiers: the attacker's weapon, the defender's heavy armour."""
    mods: list[tuple[str, int]] = []
    if w.blunt:
        mods.append(("especially blunt", -1))
    if w.edged:
        mods.append(("edged", 1))
    if w.anti_personnel:
        mods.append(("anti-personnel rounds", 1))
    arm = armour(battle, s.target)
    if arm is not None and w.threat in arm.heavy_against:
        mods.append((f"heavily armored: {arm.name}", -1))
    return tuple(mods)
