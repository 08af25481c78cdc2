"""Combat skill use: 4dF + Attack against 4dF + Defense, every modifier of the text.

`attack_profile` gathers every number of one attack once, from a `Situation` (where
both stand, how, and what happened before this attack); `attack_odds` (exact) and
`roll_attack` (the dice) both read that profile, so a preview and a roll never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from game.engine.components import FALLEN, KNEELING, PRONE
from game.engine.odds import Odds
from game.rulesets.fate import fudge
from game.rulesets.fate.cover import PARTIAL, TOTAL, protection
from game.rulesets.fate.data import Weapon
from game.rulesets.fate.events import AttackRolled, BonusDamageRolled, LocateRolled
from game.rulesets.fate.stats import (armour, is_blind, roll_penalties, saw_at_start,
                                      surprised_this_turn, template, track)
from game.rulesets.fate.wounds import LEVELS, WoundTrack, mark, wound_level

if TYPE_CHECKING:
    from game.engine.battle import Battle

Tile = tuple[int, int]
Mods = tuple[tuple[str, int], ...]
LEVEL_INDEX = {level: i + 1 for i, level in enumerate(LEVELS)}  # 0 = no wound


@dataclass(frozen=True)
class Situation:
    """One attack's circumstances: positions and postures at its moment, and whether
    it is a charge or an aimed attack. Built from plans when declaring, from the board
    when resolving."""

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
    me, them = template(battle, s.attacker), template(battle, s.target)
    prot = protection(battle, s.origin, s.target_tile)
    higher = -prot.elevation_delta  # > 0: the attacker stands higher
    # A sneak attack: the defender could not see the attacker at the start of the turn.
    sneak = not saw_at_start(battle, s.target, s.attacker)

    # 1. "The attacker rolls 4dF and adds his Attack skill", or a substitute.
    attack_skill = ("Attack", me.attack)
    if sneak and me.stealth > attack_skill[1]:
        attack_skill = ("Stealth, sneak attack", me.stealth)
    if w.melee and higher > 0 and me.acrobatics > attack_skill[1]:
        attack_skill = ("Acrobatics, leaping down", me.acrobatics)

    am: list[tuple[str, int]] = []
    if higher > 0:
        am.append(("higher ground", 1))
    if s.attacker_posture == KNEELING and w.melee:
        am.append(("on his knees", -1))
    if s.attacker_posture == PRONE and w.kind in ("melee", "unarmed", "thrown"):
        am.append(("prone", -2))
    am += roll_penalties(battle, s.attacker)  # Hurt −1 / Very Hurt −2 (replaces)
    attacker_blind = is_blind(battle, s.attacker)
    if attacker_blind:
        am.append(("blind", -2))
    if w.missile and prot.distance > w.short_range:
        am.append(("long range", -1))
    if s.charging and w.melee:
        am.append(("charging", 1))
    if s.aimed and w.missile:
        am.append(("aimed", 1))

    # 2. "The defender rolls 4dF and adds her Defense skill", or a substitute.
    defense_skill = ("Defense", them.defense)
    if sneak:
        for label, value in (("Insight", them.insight), ("Notice", them.notice)):
            if value > defense_skill[1]:
                defense_skill = (f"{label}, vs sneak attack", value)
    dm: list[tuple[str, int]] = []
    if higher < 0:
        dm.append(("higher ground", 1))
    if s.target_posture == KNEELING:
        dm.append(("on her knees", -1) if w.melee else ("on her knees", 1))
    if s.target_posture in (PRONE, FALLEN):  # a fallen body lies prone
        dm.append(("prone", -2) if w.melee else ("prone", 2))
    dm += roll_penalties(battle, s.target)
    target_track = track(battle, s.target)
    if target_track.out:
        dm.append(("helpless", -2))  # [PROP] "or any similar effect"
    elif surprised_this_turn(battle, s.target) or sneak:
        dm.append(("surprised", -2))
    if is_blind(battle, s.target) and not target_track.out:
        dm.append(("blind", -2))
    locate = []
    if w.missile:
        # [PROP] cover and concealment shield from thrown and projectile attacks only.
        if prot.cover == PARTIAL:
            dm.append(("partial cover", 1))
        elif prot.cover == TOTAL:
            dm.append(("total cover", 2))
            locate.append("total cover")
        if prot.concealment == PARTIAL:
            dm.append(("partially concealed", 1))
        elif prot.concealment == TOTAL:
            dm.append(("totally concealed", 2))
            locate.append("totally concealed")
    if attacker_blind:
        locate.append("attacking blind")

    # Damage value: margin + the attacker's weapon − the defender's heavy armour.
    dmg: list[tuple[str, int]] = []
    if w.blunt:
        dmg.append(("especially blunt", -1))
    if w.edged:
        dmg.append(("edged", 1))
    if w.anti_personnel:
        dmg.append(("anti-personnel rounds", 1))
    arm = armour(battle, s.target)
    if arm is not None and w.threat in arm.heavy_against:
        dmg.append((f"heavily armored: {arm.name}", -1))

    notice = (me.notice, tuple(roll_penalties(battle, s.attacker)))
    stealth = (them.stealth, tuple(roll_penalties(battle, s.target)))
    locate_edge = (notice[0] + sum(v for _, v in notice[1])) - (stealth[0] + sum(v for _, v in stealth[1]))
    notes = []
    if sneak:
        notes.append("sneak attack: the defender did not see the attacker at the start of the turn")
    return AttackProfile(
        situation=s, weapon=w, attack_skill=attack_skill, attack_mods=tuple(am),
        defense_skill=defense_skill, defense_mods=tuple(dm), damage_mods=tuple(dmg),
        locate_why=", ".join(locate) or None, locate_edge=locate_edge, notice=notice,
        stealth=stealth, bonus=w.bonus_damage if w.effect == "wound" else None,
        bonus_mods=tuple(roll_penalties(battle, s.attacker)),
        resistance=(them.resistance, tuple(roll_penalties(battle, s.target))),
        blocked=w.missile and prot.blocked, distance=prot.distance, notes=tuple(notes))


# --- exact odds ----------------------------------------------------------------------
@dataclass(frozen=True)
class FateOdds(Odds):
    """Odds of one attack: `damage` is over wound levels (0 none, 1 Scratch, 2 Hurt,
    3 Very Hurt, 4 Incapacitated); `levels` names them; `extra_scratches` is the
    bonus-damage distribution given a hit; `drop` the chance this attack alone takes
    the target out of the fight; `locate` the chance to find a hidden target first."""

    levels: tuple[tuple[str, float], ...] = ()
    extra_scratches: tuple[tuple[int, float], ...] = ((0, 1.0),)
    drop: float = 0.0
    locate: float = 1.0
    blind: float = 0.0


def bonus_scratch_dist(profile: AttackProfile) -> dict[int, float]:
    """Extra Scratches after a hit: the bonus roll's winning margin (≥ 1), else none."""
    if profile.bonus is None:
        return {0: 1.0}
    out: dict[int, float] = {}
    for d, p in fudge.opposed().items():
        n = max(0, d + profile.bonus_edge)
        out[n] = out.get(n, 0.0) + p
    return dict(sorted(out.items()))


def level_dist(profile: AttackProfile) -> dict[str, float]:
    """P(each wound level) for one attack roll, before locating ("miss" included)."""
    out = {"miss": 0.0, **{lv: 0.0 for lv in LEVELS}}
    for d, p in fudge.opposed().items():
        margin = d + profile.edge
        if margin < 1:  # "beat": a tie misses
            out["miss"] += p
        else:
            out[wound_level(margin + profile.damage_bonus)] += p
    return out


def attack_odds(battle: "Battle", profile: AttackProfile) -> FateOdds:
    p_locate = fudge.chance_opposed(profile.locate_edge, 0) if profile.locate_why else 1.0
    levels = level_dist(profile)
    p_hit = p_locate * (1.0 - levels["miss"])
    breakdown = ((profile.attack_skill[0], profile.attack_skill[1]),) + profile.attack_mods + \
        ((f"their {profile.defense_skill[0]}", -profile.defense_skill[1]),) + \
        tuple((f"their {label}", -v) for label, v in profile.defense_mods)
    notes = list(profile.notes)
    notes += [f"damage value {'+' if v >= 0 else '−'}{abs(v)} ({label})" for label, v in profile.damage_mods]
    if profile.locate_why:
        notes.append(f"must locate the target first ({profile.locate_why}): {p_locate:.0%}")
    if profile.weapon.effect == "blind":
        notes.append("a hit blinds instead of wounding")
        return FateOdds(p_hit, 0.0, {0: 1.0}, breakdown, profile.defense_bonus, tuple(notes),
                        levels=(), drop=0.0, locate=p_locate, blind=p_hit)
    extra = bonus_scratch_dist(profile)
    damage = {0: 1.0 - p_hit}
    for lv in LEVELS:
        damage[LEVEL_INDEX[lv]] = p_locate * levels[lv]
    base = track(battle, profile.situation.target)
    drop = 0.0 if base.out else p_locate * _drop_chance(
        (base.scratch, base.hurt, base.very_hurt, base.incapacitated),
        tuple(levels[lv] for lv in LEVELS), tuple(extra.items()))
    if profile.bonus is not None:
        notes.append(f"bonus damage {profile.bonus[0]} {profile.bonus[1]:+d} vs Resistance")
    return FateOdds(p_hit, 0.0, damage, breakdown, profile.defense_bonus, tuple(notes),
                    levels=tuple((lv, p_locate * levels[lv]) for lv in LEVELS),
                    extra_scratches=tuple(extra.items()), drop=drop, locate=p_locate)


@lru_cache(maxsize=4096)
def _drop_chance(boxes: tuple[int, int, int, int], levels: tuple[float, ...],
                 extra: tuple[tuple[int, float], ...]) -> float:
    """P(a hit's wound, then its bonus Scratches, take a track with these boxes out)."""
    drop = 0.0
    for lv, p_level in zip(LEVELS, levels):
        for n, pn in extra:
            if p_level * pn == 0:
                continue
            t = WoundTrack(*boxes)
            mark(t, lv)
            for _ in range(n):
                mark(t, "Scratch")
            if t.out:
                drop += p_level * pn
    return drop


# --- rolling -------------------------------------------------------------------------
@dataclass(frozen=True)
class AttackResult:
    hit: bool
    level: str | None  # the wound level of a hit (None: a miss, or a blinding hit)
    blinds: bool
    extra_scratches: int
    located: bool = True


def roll_locate(battle: "Battle", profile: AttackProfile) -> bool:
    """Notice against Stealth; [PROP] the seeker finds her on a tie (non-combat: a win by 0 succeeds)."""
    s = profile.situation
    seek, hide = fudge.roll_4df(battle.dice), fudge.roll_4df(battle.dice)
    seek_total = seek.total + profile.notice[0] + sum(v for _, v in profile.notice[1])
    hide_total = hide.total + profile.stealth[0] + sum(v for _, v in profile.stealth[1])
    located = seek_total >= hide_total
    battle.emit(LocateRolled(s.attacker, s.target, battle.name(s.attacker), battle.name(s.target),
                             profile.locate_why, seek.faces, profile.notice[0], profile.notice[1],
                             seek_total, hide.faces, profile.stealth[0], profile.stealth[1],
                             hide_total, located))
    return located


def roll_attack(battle: "Battle", profile: AttackProfile, located: bool | None = None) -> AttackResult:
    """Roll one attack (and its locate and bonus-damage rolls); emits the events,
    marks no wound. `located`: a locate result already rolled this turn, if any."""
    s = profile.situation
    if profile.locate_why and located is None:
        located = roll_locate(battle, profile)
    if profile.locate_why and not located:
        return AttackResult(False, None, False, 0, located=False)
    att, dfn = fudge.roll_4df(battle.dice), fudge.roll_4df(battle.dice)
    a_total, d_total = att.total + profile.attack_bonus, dfn.total + profile.defense_bonus
    margin = a_total - d_total
    hit = margin >= 1  # "If the attacker beat the defender's roll"
    value = margin + profile.damage_bonus
    if not hit:
        result = "miss"
    elif profile.weapon.effect == "blind":
        result = "blinded"
    else:
        result = wound_level(value)
    battle.emit(AttackRolled(s.attacker, s.target, battle.name(s.attacker), battle.name(s.target),
                             profile.weapon.name, att.faces, profile.attack_skill, profile.attack_mods,
                             a_total, dfn.faces, profile.defense_skill, profile.defense_mods, d_total,
                             hit, margin, profile.damage_mods, value, result))
    if not hit:
        return AttackResult(False, None, False, 0)
    if profile.weapon.effect == "blind":
        return AttackResult(True, None, True, 0)
    extra = roll_bonus_damage(battle, profile) if profile.bonus is not None else 0
    return AttackResult(True, result, False, extra)


def roll_bonus_damage(battle: "Battle", profile: AttackProfile) -> int:
    """[REC bonus-damage] 4dF + bonus vs 4dF + Resistance; a win by N is N extra Scratches."""
    s = profile.situation
    att, res = fudge.roll_4df(battle.dice), fudge.roll_4df(battle.dice)
    a_total = att.total + profile.bonus[1] + sum(v for _, v in profile.bonus_mods)
    r_total = res.total + profile.resistance[0] + sum(v for _, v in profile.resistance[1])
    n = max(0, a_total - r_total)
    battle.emit(BonusDamageRolled(s.attacker, s.target, battle.name(s.attacker), battle.name(s.target),
                                  att.faces, profile.bonus, profile.bonus_mods, a_total, res.faces,
                                  profile.resistance[0], profile.resistance[1], r_total, n))
    return n
