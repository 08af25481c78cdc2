"""Combat skill use: 4dF + Attack against 4dF + Defense; exact odds and the roll.

`attack_odds` (exact) and `roll_attack` (the dice) both read one `AttackProfile`
(profile.py), so a preview and a roll never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game import kept
from game.engine.odds import Odds
from game.rulesets.fate import fudge
from game.rulesets.fate.events import AttackRolled, BonusDamageRolled, LocateRolled
from game.rulesets.fate.profile import AttackProfile, Situation, attack_profile, in_reach
from game.rulesets.fate.stats import track
from game.rulesets.fate.wounds import LEVELS, WoundTrack, mark, wound_level

__all__ = ["AttackProfile", "AttackResult", "FateOdds", "Situation", "attack_odds", "attack_profile",
           "in_reach", "roll_attack", "roll_bonus_damage", "roll_locate"]

if TYPE_CHECKING:
    from game.engine.battle import Battle

LEVEL_INDEX = {level: i + 1 for i, level in enumerate(LEVELS)}  # 0 = no wound


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
    return dict(bonus_table(profile.bonus_edge))


@kept.pure("fate-bonus-table")
def bonus_table(edge: int) -> tuple[tuple[int, float], ...]:
    out: dict[int, float] = {}
    for d, p in fudge.opposed().items():
        n = max(0, d + edge)
        out[n] = out.get(n, 0.0) + p
    return tuple(sorted(out.items()))


def level_dist(profile: AttackProfile) -> dict[str, float]:
    """P(each wound level) for one attack roll, before locating ("miss" included)."""
    return dict(level_table(profile.edge, profile.damage_bonus))


@kept.pure("fate-level-table")
def level_table(edge: int, damage_bonus: int) -> tuple[tuple[str, float], ...]:
    out = {"miss": 0.0, **{lv: 0.0 for lv in LEVELS}}
    for d, p in fudge.opposed().items():
        margin = d + edge
        if margin < 1:  # "beat": a tie misses
            out["miss"] += p
        else:
            out[wound_level(margin + damage_bonus)] += p
    return tuple(out.items())


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


@kept.pure("fate-drop-chance")
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
