"""Attacks: every number of an attack in one profile, its exact odds, and its roll.

`attack_profile` gathers the dice and every modifier once; `attack_odds` and the
resolution in `combat.py` both read it, so the preview a player sees and the roll
can never disagree.

Rule text, "Attack": an attack roll is XdY, X the skill, Y the stance's stat
(Strong: Strength, Fast: Agility, Precise: Accuracy); it must meet or beat the
target's passive defence for that stance (or the highest defence roll made against
it), or 5 against a helpless target.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import TYPE_CHECKING

import numpy as np

from game.engine.odds import Odds
from game.kept import pure
from game.rulesets.mahou import dice as md
from game.rulesets.mahou.components import Hold, Soak
from game.rulesets.mahou.data import STANCE_STAT, Weapon
from game.rulesets.mahou.economy import offhand_penalty, owned
from game.rulesets.mahou.stats import (HELPLESS_TN, all_holds, armour, die_of, facet_skills, helpless,
                                       passive, rank, roll_conditions, shield, template)
from game.rulesets.mahou.talk import skill_penalty
from game.world.sight import line_of_fire
from game.world.tactical_map import Cover

if TYPE_CHECKING:
    from game.engine.battle import Battle

BLINDED = -6  # rule text: vision blocked although the target would be in sight
GRAPPLING_BONUS = 4  # rule text: +4 on all attack rolls on the opponent you grapple
SPENT_HANDS_BONUS = SPENT_MOVES_BONUS = 2  # grapple: the target's hands / moves exhausted
SELF_HIT_MARGIN = 5  # a grappled attacker missing its grappler by 5 or more hits itself
#: [PROP] the GM's cover bonus to every defence, by the map's cover kind ("a stop sign
#: may give +1"); concealment hides rather than protects (see `sight_penalty`).
COVER_BONUS = {Cover.NONE: 0, Cover.CONCEALMENT: 0, Cover.LIGHT: 1, Cover.HEAVY: 2}
#: [PROP] "particularly extensive coverage may also confer penalties to your own attacks".
OWN_HEAVY_COVER = -1

WEAPON, KICK, GRAPPLE, PULL, THROW_AT = "weapon", "kick", "grapple", "pull", "throw_at"


@dataclass(frozen=True)
class AttackSpec:
    """What the attacker declared: how, at whom, with which hands and stance."""

    attacker: int
    target: int
    mode: str  # weapon / kick / grapple / pull / throw_at
    weapon: str  # weapon id (kicks and grapples use the fists' entry)
    stance: str
    skill: str
    hands: tuple[str, ...]  # hand actions the attack spends: () for a kick
    extra: tuple[tuple[str, int], ...] = ()  # mode-specific modifiers (pull penalties)


@dataclass(frozen=True)
class AttackProfile:
    spec: AttackSpec
    roll: md.RollSpec
    skill_rank: int
    base_tn: int  # passive (or active) defence, or 5 if helpless, before cover
    tn_parts: tuple[tuple[str, int], ...]
    cover: int
    crit_possible: bool
    damage: md.RollSpec | None
    self_hit_possible: bool
    what: str

    @property
    def target_number(self) -> int:
        return self.base_tn + self.cover


def distance_ft(battle: "Battle", a: int, b: int) -> int:
    (ax, ay), (bx, by) = battle.tile(a), battle.tile(b)
    return max(abs(ax - bx), abs(ay - by)) * battle.map.feet_per_tile


def range_penalty(distance: int, listed: int) -> int:
    """−1 per range increment beyond the listed range: 30 ft gun at 100 ft → −3.

    [PROP] penalty = ceil(distance / range) − 1, which gives the text's example and
    leaves exactly the listed range (and each multiple of it) in the lower band.
    """
    return -max(0, ceil(distance / listed) - 1)


def lof(battle: "Battle", a: tuple[int, int], b: tuple[int, int]):
    """The line of fire from tile a to tile b (terrain alone decides it: kept per map)."""
    return line_of_fire(battle.map, a, b)


def sight_penalty(battle: "Battle", attacker: int, target: int) -> int | None:
    """None: no line of sight at all (a wall between); −6 when the target would be in
    sight but vision is blocked (it stands hidden in concealment) [PROP]; else 0."""
    line = lof(battle, battle.tile(attacker), battle.tile(target))
    if line.blocked:
        return None
    return 0 if line.visible else BLINDED


def cover_of(battle: "Battle", attacker: int, target: int) -> int:
    return COVER_BONUS[lof(battle, battle.tile(attacker), battle.tile(target)).cover]


def own_cover_penalty(battle: "Battle", attacker: int, target: int) -> int:
    back = lof(battle, battle.tile(target), battle.tile(attacker))
    return OWN_HEAVY_COVER if back.cover == Cover.HEAVY else 0


def holds(battle: "Battle", holder: int, held: int) -> Hold | None:
    for _, h in all_holds(battle):
        if h.holder == holder and h.held == held:
            return h
    return None


def target_number(battle: "Battle", attacker: int, target: int, stance: str
                  ) -> tuple[int, list[tuple[str, int]], int]:
    """(base number before cover, its parts, cover bonus)."""
    if helpless(battle, target):
        return HELPLESS_TN, [("helpless", HELPLESS_TN)], 0
    value, parts = passive(battle, target, stance)
    return value, parts, cover_of(battle, attacker, target)


def damage_spec(battle: "Battle", attacker: int, weapon: Weapon | None) -> md.RollSpec:
    """The weapon's damage dice with the attacker's stat dice; a kick deals 1dStr
    (`data.damage_dice`, worked out once per template and weapon when the data loads)."""
    return battle.ruleset.data.damage_specs[(template(battle, attacker).id, None if weapon is None else weapon.id)]


def attack_profile(battle: "Battle", spec: AttackSpec, origin: tuple[int, int] | None = None,
                   at: tuple[int, int] | None = None) -> AttackProfile:
    """Every number of an attack, from the rules; legality is checked by the options.

    `origin` / `at`: the attack as if the attacker / the target stood on that tile
    (a planner's question; only the tiles' geometry changes: range, sight, cover)."""
    return _in_stance(battle, spec, _unstanced(battle, spec, origin, at))


def stance_profiles(battle: "Battle", spec: AttackSpec, stances: tuple[str, ...],
                    origin: tuple[int, int] | None = None,
                    at: tuple[int, int] | None = None) -> list[AttackProfile]:
    """`attack_profile` of the attack in each of `stances` (what the stance does not
    change is read once: the AI weighs every stance of a blow together)."""
    common = _unstanced(battle, spec, origin, at)
    return [_in_stance(battle, spec if stance == spec.stance else AttackSpec(
        spec.attacker, spec.target, spec.mode, spec.weapon, stance, spec.skill, spec.hands, spec.extra),
        common) for stance in stances]


def _unstanced(battle: "Battle", spec: AttackSpec, origin: tuple[int, int] | None,
               at: tuple[int, int] | None) -> tuple:
    """The parts of an attack's profile its stance leaves alone: (skill rank, dice
    rank, skill label, modifiers so far, line of fire, target helpless, critical
    possible, damage dice, self-hit possible)."""
    weapons = battle.ruleset.data.weapons
    attacker, target = spec.attacker, spec.target
    a_tile = battle.tile(attacker) if origin is None else origin
    t_tile = battle.tile(target) if at is None else at
    weapon = weapons[spec.weapon]
    skill_rank = rank(battle, attacker, spec.skill)
    skill_label = _label(spec.skill)
    mods: list[tuple[str, int]] = []
    dice_rank = skill_rank
    if spec.mode == WEAPON:
        dice_rank += weapon.skill_mod
    if spec.hands:
        dice_rank += offhand_penalty(set(spec.hands))
    pairs = all_holds(battle)  # most of a battle has no hold at all
    if pairs and spec.mode != KICK and holds(battle, attacker, target):
        mods.append(("grappling it", GRAPPLING_BONUS))
    if spec.mode == GRAPPLE:
        if owned(battle, target, "primary") + owned(battle, target, "offhand") == 0:
            mods.append(("its hands are spent", SPENT_HANDS_BONUS))
        if owned(battle, target, "move") == 0:
            mods.append(("its moves are spent", SPENT_MOVES_BONUS))
    if spec.mode == WEAPON and weapon.ranged:
        feet = max(abs(a_tile[0] - t_tile[0]), abs(a_tile[1] - t_tile[1])) * battle.map.feet_per_tile
        rp = range_penalty(feet, weapon.range_ft)
        if rp:
            mods.append(("range", rp))
    line = line_of_fire(battle.map, a_tile, t_tile)
    sight = None if line.blocked else (0 if line.visible else BLINDED)
    if sight:
        mods.append(("cannot see it", sight))
    own = OWN_HEAVY_COVER if line_of_fire(battle.map, t_tile, a_tile).cover == Cover.HEAVY else 0
    if own:
        mods.append(("own heavy cover", own))
    mods += list(spec.extra)
    if spec.mode == KICK:
        # A kick gains none of the bonuses normally granted to attacks.
        mods = [m for m in mods if m[1] < 0]
    mods += roll_conditions(battle, attacker, uses_hands=bool(spec.hands))
    # A grapple has no critical effect (rule text), so it never counts as one.
    crit_possible = spec.mode != GRAPPLE and spec.skill in facet_skills(battle, attacker)
    damage = None
    if spec.mode == WEAPON:
        damage = damage_spec(battle, attacker, weapon)
    elif spec.mode == KICK:
        damage = damage_spec(battle, attacker, None)
    return (skill_rank, dice_rank, skill_label, mods, line, helpless(battle, target), crit_possible,
            damage, bool(pairs) and holds(battle, target, attacker) is not None)


@pure("mahou-skill-label")
def _label(skill: str) -> str:
    """A skill's name as the roll shows it ("martial_arts" -> "Martial Arts")."""
    return skill.replace("_", " ").title()


def _in_stance(battle: "Battle", spec: AttackSpec, common: tuple) -> AttackProfile:
    """The profile of the attack in its stance: the distraction penalty (it may exempt
    a stance), the stance's stat die and the target's passive defence against it."""
    (skill_rank, dice_rank, skill_label, mods, line, target_helpless, crit_possible,
     damage, self_hit) = common
    mods = mods + skill_penalty(battle, spec.attacker, ("attack", spec.target, spec.stance))
    die = die_of(battle, spec.attacker, STANCE_STAT[spec.stance])
    roll = md.RollSpec((md.skill_set(dice_rank, die, skill_label),), tuple(mods))
    if target_helpless:
        base, parts, cover = HELPLESS_TN, [("helpless", HELPLESS_TN)], 0
    else:
        base, parts = passive(battle, spec.target, spec.stance)
        cover = COVER_BONUS[line.cover]
    return AttackProfile(spec, roll, skill_rank, base, tuple(parts), cover, crit_possible,
                         damage, self_hit, _described(battle, spec))


def _described(battle: "Battle", spec: AttackSpec) -> str:
    """`describe_attack`, kept by what it reads (the weapon table never changes in play)."""
    return battle.ruleset.data.kept.get("mahou-attack-names", (spec.mode, spec.weapon, spec.stance, spec.skill),
                                        lambda: describe_attack(battle, spec))


def describe_attack(battle: "Battle", spec: AttackSpec) -> str:
    stance = spec.stance.capitalize()
    skill = _label(spec.skill)
    if spec.mode == KICK:
        return f"kick ({stance}, {skill})"
    if spec.mode == GRAPPLE:
        return f"grapple ({stance}, {skill})"
    if spec.mode == PULL:
        return f"pull ({stance}, {skill})"
    if spec.mode == THROW_AT:
        return f"throw ({stance}, {skill})"
    weapon = battle.ruleset.data.weapons[spec.weapon]
    return f"{weapon.name} ({stance}, {skill})"


# --- soak ----------------------------------------------------------------------------
def soak_spec(battle: "Battle", unit: int) -> md.RollSpec:
    """The unit's soak roll in its armour, with its shield (`data.soak_dice`, worked out
    once per template, armour and shield when the data loads)."""
    worn, s = armour(battle, unit), shield(battle, unit)
    key = (template(battle, unit).id, None if worn is None else worn.id, None if s is None else s.id)
    return battle.ruleset.data.soak_specs[key]


# --- exact odds -----------------------------------------------------------------------
@pure("mahou-after-soak")
def _after_soak(damage: md.RollSpec, doubled: bool, soak: md.RollSpec | None,
                pool: int) -> tuple[tuple[int, float], ...]:
    dmg = md.distribution(damage)
    values = np.array(sorted(dmg))
    probs = np.array([dmg[v] for v in values])
    if doubled:
        values = values * 2
    soak_dist = md.distribution(soak) if soak is not None else {pool: 1.0}
    soaks = np.fromiter(soak_dist.keys(), np.int64, len(soak_dist))
    soak_probs = np.fromiter(soak_dist.values(), float, len(soak_dist))
    # Every (soak, damage) pair at once, soak by soak as rolled: bincount adds the
    # chances into each amount dealt in that order, the sums a loop over the pairs
    # would make.
    dealt = np.maximum(0, values[None, :] - soaks[:, None]).ravel()
    chances = (soak_probs[:, None] * probs[None, :]).ravel()
    sums = np.bincount(dealt, weights=chances)
    seen = np.flatnonzero(np.bincount(dealt))
    return tuple(zip(seen.tolist(), sums[seen].tolist()))


def damage_after_soak(battle: "Battle", profile: AttackProfile, doubled: bool,
                      victim: int | None = None) -> dict[int, float]:
    """Hit points lost to one hit: the damage, less this round's soak pool (rolled now
    if the victim has not rolled it yet this round)."""
    victim = profile.spec.target if victim is None else victim
    pool = battle.get(victim, Soak).pool
    soak = soak_spec(battle, victim) if pool is None else None
    return dict(_after_soak(profile.damage, doubled, soak, pool or 0))


def expected_after_soak(battle: "Battle", profile: AttackProfile, doubled: bool) -> float:
    """The mean of `damage_after_soak` (hit points lost to one hit), kept by its inputs."""
    victim = profile.spec.target
    pool = battle.get(victim, Soak).pool
    soak = soak_spec(battle, victim) if pool is None else None
    return _mean_after_soak(profile.damage, doubled, soak, pool or 0)


@pure("mahou-mean-after-soak")
def _mean_after_soak(damage: md.RollSpec, doubled: bool, soak: md.RollSpec | None, pool: int) -> float:
    return sum(v * p for v, p in _after_soak(damage, doubled, soak, pool))


def attack_odds(battle: "Battle", profile: AttackProfile) -> Odds:
    """Exact chances against the defences already standing (spot defences, which the
    target may still declare, can only raise the number)."""
    dist = md.distribution(profile.roll)
    tn = profile.target_number
    p_hit = sum(p for v, p in dist.items() if v >= tn)
    p_crit = sum(p for v, p in dist.items() if v >= 2 * tn) if profile.crit_possible else 0.0
    p_self = (sum(p for v, p in dist.items() if v <= tn - SELF_HIT_MARGIN)
              if profile.self_hit_possible and profile.damage is not None else 0.0)
    notes = ["the target may still raise the number with spot defences"]
    if profile.damage is None:
        damage = {0: 1.0}
    else:
        doubled_crit = profile.spec.stance == "strong"
        plain = damage_after_soak(battle, profile, False)
        crit = damage_after_soak(battle, profile, True) if doubled_crit else plain
        damage = _mix([(1 - p_hit, {0: 1.0}), (p_hit - p_crit, plain), (p_crit, crit)])
    if p_self:
        notes.append(f"{p_self:.0%} chance to hit yourself (missing your grappler by 5+)")
    if profile.crit_possible:
        notes.append(f"critical at {2 * tn}+")
    elif profile.spec.mode == GRAPPLE:
        notes.append("a grapple has no critical effect")
    else:
        notes.append("no critical: no active facet names this skill")
    breakdown = [(f"{profile.roll.sets[0]}", 0)] + list(profile.roll.modifiers)
    return Odds(float(p_hit), float(p_crit), damage, tuple(breakdown), tn, tuple(notes))


def _mix(parts: list[tuple[float, dict[int, float]]]) -> dict[int, float]:
    out: dict[int, float] = {}
    for w, d in parts:
        if w <= 0:
            continue
        for v, p in d.items():
            out[v] = out.get(v, 0.0) + w * p
    return dict(sorted(out.items()))
