"""Attacks (Battle Order step 3 and 4): every number of one attack, its exact odds,
and the rolls.

`attack_profile` gathers every modifier once; `attack_odds`, `roll_to_hit` and
`roll_damage` all read it, so the preview and the roll never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from game import kept
from game.engine import odds
from game.engine.odds import Odds
from game.world.sight import line_of_fire
from game.world.tactical_map import Cover
from game.rulesets.actionblock.components import (Barrier, Conditions, Defences, Health, Stance,
                                                  TurnState)
from game.rulesets.actionblock.data import DiceExpr, Weapon
from game.rulesets.actionblock.events import DamageRolled, ToHitRolled
from game.rulesets.actionblock.fastinit import fast_init
from game.rulesets.actionblock.stats import (active_evasion, data, distance_ft, passive_evasion,
                                             template, weapon_of)

if TYPE_CHECKING:
    from game.engine.battle import Battle

#: The Base To Hit Roll that makes a Critical Hit (if the attack also hits).
CRITICAL_FACE_TOTAL = 12
#: Aimed Attack: "Act as [Gun Attack], +3 to hit".
AIMED_BONUS = 3
#: Sniper rifles: −0 at short, −2 at medium, −4 at long range.
SNIPER_BAND_PENALTY = (0, -2, -4)
#: Gun Boost: +2 to hit and +2 damage per rank; Melee Boost: +1 to hit and +1d6 per
#: rank; Grapple Boost: +2 Initiate Grapple to hit and +1d6 Grapple Attack damage.
GUN_BOOST, MELEE_BOOST, GRAPPLE_BOOST = 2, 1, 2
#: Block / Heavy Block / Super Block stances: −5 / −10 / −15 damage (PDR +5/+10/+15).
STANCE_PDR = {1: 5, 2: 10, 3: 15}
STANCE_NAMES = {1: "Block Stance", 2: "Heavy Block Stance", 3: "Super Block Stance"}
#: [PROP] cover the map shows adds to Evasion against Gun and Aimed Attacks (the text
#: has no cover rule): concealment or light cover +1, heavy cover +2.
COVER_EVASION = {Cover.NONE: 0, Cover.CONCEALMENT: 1, Cover.LIGHT: 1, Cover.HEAVY: 2}

MELEE_ACTIONS = ("melee", "combo", "second_melee")
GUN_ACTIONS = ("gun", "aimed", "second_gun", "second_aimed")
ACTION_LABELS = {
    "melee": "Melee Attack", "combo": "Melee Combo Attack", "gun": "Gun Attack",
    "aimed": "Aimed Attack", "grapple": "Initiate Grapple", "grapple_attack": "Grapple Attack",
    "second_melee": "Second Melee Attack", "second_gun": "Second Gun Attack",
    "second_aimed": "Second Aimed Attack",
}


@fast_init
@dataclass(frozen=True)
class AttackProfile:
    """One attack as declared: who, with what, every bonus and what protects the target.

    `to_hit_dice` 2 (2d6), 1 (a shotgun bullet's 1d6) or 0 (hits automatically);
    `bullets` rolls made separately. `dodging` picks Active over Passive Evasion.
    """

    attacker: int
    target: int
    action: str
    item: str
    weapon: str
    to_hit_dice: int
    bullets: int
    to_hit: tuple[tuple[str, int], ...]
    passive: tuple[tuple[str, int], ...]
    active: tuple[tuple[str, int], ...]
    dodging: bool
    base: DiceExpr
    bonus_dice: int
    bonus_flat: tuple[tuple[str, int], ...]
    reductions: tuple[tuple[str, int], ...]
    absorb: int
    damage_type: str
    deals_damage: bool
    pdr_damage: int
    speed_damage: int

    @property
    def label(self) -> str:
        return ACTION_LABELS[self.action]

    @property
    def bonus(self) -> int:
        return _total(self.to_hit)

    @property
    def evasion_parts(self) -> tuple[tuple[str, int], ...]:
        return self.active if self.dodging else self.passive

    @property
    def evasion(self) -> int:
        return _total(self.evasion_parts)

    @property
    def evasion_label(self) -> str:
        return " + ".join(label for label, v in self.evasion_parts if v or len(self.evasion_parts) == 1)

    @property
    def reduction(self) -> int:
        return _total(self.reductions)

    @property
    def flat_bonus(self) -> int:
        return _total(self.bonus_flat)

    @cached_property
    def odds_key(self) -> tuple:
        """Every number the exact odds depend on (kept: the AI asks twice per attack)."""
        return _odds_key_of(self)


def range_band(weapon: Weapon, dist_ft: int) -> int | None:
    """0 short, 1 medium, 2 long (sniper rifles); None beyond the weapon's Range."""
    for i, limit in enumerate(weapon.range_ft):
        if dist_ft <= limit:
            return i
    return None


def steady(battle: "Battle", unit: int) -> bool:
    """Steady Shot: no Offensive, Movement, Verbal or Defensive action in the previous
    and the current Action Block (before this shot)."""
    return battle.get(unit, TurnState).last_acted_block < battle.round - 1


def damage_reductions(battle: "Battle", target: int, damage_type: str) -> tuple[tuple[str, int], ...]:
    """[Damage Reduction]: Physical (current PDR + Block stance + Shield Block) for most
    weapons, Spell Damage Reduction for a Tesla."""
    d = battle.get(target, Defences)
    if damage_type == "spell":
        return (("Spell DR", d.spell_dr),)
    parts = [("PDR", d.pdr)]
    stance = battle.try_get(target, Stance)
    if stance is not None and stance.level:
        parts.append((STANCE_NAMES[stance.level], STANCE_PDR[stance.level]))
        if stance.shield is not None:
            shield = weapon_of(battle, target, stance.shield)
            parts.append((f"Shield Block ({shield.name})", shield.block_bonus[stance.level - 1]))
    return tuple(parts)


def barrier_left(battle: "Battle", target: int, damage_type: str) -> int:
    barrier = battle.try_get(target, Barrier)
    if damage_type != "spell" or barrier is None:
        return 0
    return barrier.left


def evasions(battle: "Battle", attacker: int, target: int, ranged: bool):
    """(passive parts, active parts) of the target's Evasion against this attack."""
    if battle.get(target, Health).unconscious:
        # [PROP] an Unconscious character cannot avoid anything: Evasion 0.
        return (("Unconscious", 0),), (("Unconscious", 0),)
    # Armour and talents never change in a battle: kept per unit.
    passive, active = battle.kept.get("actionblock-evasion", target, lambda: (
        (("Passive Evasion", passive_evasion(battle, target)),),
        (("Active Evasion", active_evasion(battle, target)),)))
    if ranged:
        cover = line_of_fire(battle.map, battle.tile(attacker), battle.tile(target)).cover  # a Cover
        if COVER_EVASION[cover]:
            part = (f"{cover.name.lower()} cover", COVER_EVASION[cover])
            passive += (part,)
            active += (part,)
    return passive, active


def attack_profile(battle: "Battle", attacker: int, target: int, action: str,
                   item: str, charge: bool = True, memo: dict | None = None) -> AttackProfile:
    """Every number of an attack from the rules; legality is checked by the options.
    `charge` False leaves out a Charge's bonus (Spinning Strike). `memo`: a dict kept
    by a caller that builds many profiles of one state (the AI scoring a decision), to
    share the target's parts (Battle Strategy mark, Evasion, Damage Reduction, Barrier)
    between profiles against the same target."""
    (weapon, to_hit, bonus_flat, bonus_dice, base, to_hit_dice, bullets, deals_damage, pdr_damage,
     speed_damage, damage_type, ranged, charges, sniper) = _declared(battle, attacker, action, item)
    if charges and charge:
        ts_charge = battle.get(attacker, TurnState).charge
        if ts_charge:
            label = "Charge" if ts_charge == 1 else "Fast Charge"
            bonus_flat = bonus_flat + ((f"{label}: {ts_charge}×weight", ts_charge * weapon.weight),)
    if sniper:
        band = range_band(weapon, distance_ft(battle, battle.tile(attacker), battle.tile(target)))
        penalty = SNIPER_BAND_PENALTY[band or 0]
        if penalty:
            to_hit = to_hit + ((("short", "medium", "long")[band] + " range", penalty),)
        if steady(battle, attacker):
            to_hit = to_hit + (("Steady Shot", weapon.steady_bonus),)
    parts = None
    if memo is not None:
        key = (attacker, target, ranged, damage_type)
        parts = memo.get(key)
        if parts is None:
            parts = memo[key] = _target_parts(battle, attacker, target, ranged, damage_type)
    else:
        parts = _target_parts(battle, attacker, target, ranged, damage_type)
    mark, passive, active, reductions, absorb = parts
    if mark is not None and mark[1] != attacker and to_hit_dice:
        to_hit = to_hit + (("Battle Strategy", mark[0]),)
    return AttackProfile(
        attacker, target, action, item, weapon.id, to_hit_dice, bullets, to_hit,
        passive, active, False, base, bonus_dice, bonus_flat, reductions, absorb,
        damage_type, deals_damage, pdr_damage, speed_damage)


def _target_parts(battle: "Battle", attacker: int, target: int, ranged: bool, damage_type: str) -> tuple:
    """The parts of an attack's numbers that the target gives: its Battle Strategy mark
    for the attacker's side, its Evasion parts, its Damage Reduction and Barrier."""
    mark = battle.get(target, Conditions).marked.get(battle.team(attacker))
    passive, active = evasions(battle, attacker, target, ranged)
    return (mark, passive, active, damage_reductions(battle, target, damage_type),
            barrier_left(battle, target, damage_type))


def _declared(battle: "Battle", attacker: int, action: str, item: str) -> tuple:
    """The parts of an attack's numbers that depend only on the attacker's template, the
    weapon and the action (kept per unit: neither changes in a battle): the weapon, the
    To Hit and flat damage parts so far, the dice, and whether a Charge, the sniper's
    range bands and Steady Shot still count."""
    return battle.kept.get("actionblock-declared", (attacker, action, item),
                           lambda: _declared_now(battle, attacker, action, item))


def _declared_now(battle: "Battle", attacker: int, action: str, item: str) -> tuple:
    weapon = weapon_of(battle, attacker, item)
    tmpl = template(battle, attacker)
    to_hit: list[tuple[str, int]] = []
    bonus_flat: list[tuple[str, int]] = []
    bonus_dice = 0
    base = weapon.dice
    to_hit_dice, bullets = 2, 1
    deals_damage, pdr_damage, speed_damage = True, 0, 0
    damage_type = weapon.damage_type
    ranged = action in GUN_ACTIONS
    charges = sniper = False
    if action in MELEE_ACTIONS:
        to_hit.append((weapon.name, weapon.to_hit))
        rank = tmpl.talent("melee_boost")
        if rank:
            to_hit.append(("Melee Boost", MELEE_BOOST * rank))
            bonus_dice += rank
        # A Charge earlier this Turn adds its multiple of the weapon's weight.
        charges = action in ("melee", "combo") and bool(weapon.weight)
        pdr_damage = weapon.pdr_damage or 0
        speed_damage = weapon.speed_damage or 0
    elif ranged:
        to_hit.append((weapon.name, weapon.to_hit))
        rank = tmpl.talent("gun_boost")
        if rank:
            to_hit.append(("Gun Boost", GUN_BOOST * rank))
            bonus_flat.append(("Gun Boost", GUN_BOOST * rank))
        if action in ("aimed", "second_aimed"):
            to_hit.append(("Aimed", AIMED_BONUS))
        sniper = weapon.category == "sniper"  # range bands and Steady Shot, added per shot
        if weapon.category == "shotgun":
            to_hit_dice, bullets = 1, weapon.bullets
    elif action == "grapple":
        to_hit.append((f"{weapon.name} grapple", weapon.grapple_to_hit or 0))
        rank = tmpl.talent("grapple_boost")
        if rank:
            to_hit.append(("Grapple Boost", GRAPPLE_BOOST * rank))
        deals_damage = False
    elif action == "grapple_attack":
        # [PROP] the grappler's Grapple Attack hits automatically.
        to_hit_dice = 0
        base = weapon.grapple_dice
        bonus_dice = tmpl.talent("grapple_boost")
        speed_damage = weapon.grapple_speed_damage or 0
        damage_type = "physical"
    else:
        raise ValueError(f"not an attack: {action}")
    return (weapon, tuple(to_hit), tuple(bonus_flat), bonus_dice, base, to_hit_dice, bullets, deals_damage,
            pdr_damage, speed_damage, damage_type, ranged, charges, sniper)


def profile_with(profile: AttackProfile, **changes) -> AttackProfile:
    """`dataclasses.replace(profile, **changes)` without its per-field walk (a profile
    has no `__post_init__`): a copy of its fields with `changes`, the kept odds key left
    out (the changes may alter it)."""
    fields = dict(profile.__dict__)
    fields.pop("odds_key", None)
    fields.update(changes)
    new = object.__new__(AttackProfile)
    new.__dict__.update(fields)
    return new


def refresh_reductions(battle: "Battle", profile: AttackProfile) -> AttackProfile:
    """The target's Damage Reduction now (after a Block declared on the hit)."""
    return profile_with(profile, reductions=damage_reductions(battle, profile.target, profile.damage_type),
                        absorb=barrier_left(battle, profile.target, profile.damage_type))


# --- exact odds ---------------------------------------------------------------------------
def roll_chances(profile: AttackProfile) -> tuple[float, float]:
    """(chance to hit, chance of a Critical Hit) of one To Hit Roll."""
    return _roll_chances(profile.to_hit_dice, profile.bonus, profile.evasion)


@kept.pure("actionblock-roll-chances")
def _roll_chances(dice: int, bonus: int, evasion: int) -> tuple[float, float]:
    # Pure arithmetic on its arguments, so it is kept (no battle state in the key).
    if dice == 0:
        return 1.0, 0.0
    hit = crit = 0.0
    for face_total, p in odds.dice_sum(dice, 6).items():
        if face_total + bonus >= evasion:
            hit += p
            if face_total == CRITICAL_FACE_TOTAL:
                crit += p
    return hit, crit


def hit_damage(profile: AttackProfile, critical: bool) -> odds.Dist:
    """Damage Dealt by one hit: max(0, base + bonus − reduction), every term doubled on
    a Critical Hit; then a Spell Barrier absorbs what it can."""
    return hit_damage_against(profile, critical, profile.reduction, profile.absorb)


def hit_damage_against(profile: AttackProfile, critical: bool, reduction: int, absorb: int) -> odds.Dist:
    """`hit_damage` against another Damage Reduction total and Barrier (a Block the
    target might declare), without building a new profile."""
    return dict(_hit_damage(profile.base.count, profile.base.sides, profile.bonus_dice,
                            profile.base.modifier + profile.flat_bonus, 2 if critical else 1,
                            reduction, absorb))


@kept.pure("actionblock-hit-damage")
def _hit_damage(count: int, sides: int, bonus_dice: int, shift: int, factor: int, red: int,
                absorb: int) -> odds.Dist:
    rolled = odds.add(odds.dice_sum(count, sides), odds.dice_sum(bonus_dice, 6))
    return odds.transform(rolled, lambda v: max(0, max(0, factor * (v + shift) - factor * red) - absorb))


def attack_odds(profile: AttackProfile) -> Odds:
    """The exact odds of an attack as declared (no Dodge or Block yet unless the profile
    says so). Kept by every number they depend on (a pure function of them)."""
    return _attack_odds(_odds_key(profile))


def attack_odds_reduced(profile: AttackProfile, extra: tuple[tuple[str, int], ...]) -> Odds:
    """`attack_odds` of the profile with more Damage Reduction parts (a Block the target
    might declare), without building a new profile."""
    key = _odds_key(profile)
    return _attack_odds(key[:10] + (key[10] + sum(v for _, v in extra),) + key[11:13] + (key[13] + extra,))


def _odds_key(profile: AttackProfile) -> tuple:
    """`profile.odds_key`, read from (and kept in) the profile's own dict: the first
    read of a `cached_property` takes a lock, and nearly every profile is read once."""
    found = profile.__dict__.get("odds_key")
    if found is None:
        found = profile.__dict__["odds_key"] = _odds_key_of(profile)
    return found


def _odds_key_of(profile: AttackProfile) -> tuple:
    # The profile's own totals, the numbers `roll_to_hit` and `roll_damage` read.
    base = profile.base
    return (profile.to_hit_dice, profile.bonus, profile.evasion, profile.bullets,
            profile.deals_damage, base.count, base.sides, base.modifier, profile.bonus_dice,
            profile.flat_bonus, profile.reduction, profile.absorb, profile.to_hit, profile.reductions)


def _total(parts: tuple[tuple[str, int], ...]) -> int:
    """The sum of (label, value) parts (a plain loop: cheaper than `sum` of a generator)."""
    total = 0
    for _, v in parts:
        total += v
    return total


@kept.pure("actionblock-attack-odds")
def _attack_odds(key: tuple) -> Odds:
    (dice, bonus, evasion, bullets, deals_damage, count, sides, modifier, bonus_dice, flat, red,
     absorb, to_hit, reductions) = key
    p_hit, p_crit = _roll_chances(dice, bonus, evasion)
    one = lambda critical: _hit_damage(count, sides, bonus_dice, modifier + flat, 2 if critical else 1,  # noqa: E731
                                       red, absorb)
    notes: list[str] = []
    if not deals_damage:
        damage = {0: 1.0}
    elif bullets == 1:
        damage = odds.mix([(1 - p_hit, {0: 1.0}), (p_hit - p_crit, one(False)), (p_crit, one(True))])
    else:
        per_bullet = odds.mix([(1 - p_hit, {0: 1.0}), (p_hit, one(False))])
        damage = {0: 1.0}
        for _ in range(bullets):
            damage = odds.add(damage, per_bullet)
        notes.append(f"{bullets} bullets, each hits {p_hit:.0%} (1d6 cannot make a Critical Hit)")
        p_hit = 1 - (1 - p_hit) ** bullets
        p_crit = 0.0
    if dice == 0:
        notes.append("hits automatically")
    breakdown = to_hit + tuple((label, -v) for label, v in reductions if v)
    return Odds(p_hit, p_crit, dict(sorted(damage.items())), breakdown, evasion, tuple(notes))


# --- rolling ------------------------------------------------------------------------------
@fast_init
@dataclass(frozen=True)
class ToHit:
    faces: tuple[int, ...]
    hit: bool
    critical: bool


def roll_to_hit(battle: "Battle", profile: AttackProfile, bullet: int = 0) -> list[ToHit]:
    """The To Hit Roll(s): one 2d6, or one 1d6 per shotgun bullet, or none (automatic).
    `bullet` n rolls only that shotgun bullet (each may be dodged on its own)."""
    if profile.to_hit_dice == 0:
        return [ToHit((), True, False)]
    out = []
    for n in (range(profile.bullets) if not bullet else (bullet - 1,)):
        faces = battle.dice.roll(profile.to_hit_dice, 6).faces
        base = sum(faces)
        total = base + profile.bonus
        hit = total >= profile.evasion
        critical = hit and base == CRITICAL_FACE_TOTAL
        out.append(ToHit(faces, hit, critical))
        battle.emit(ToHitRolled(profile.attacker, profile.target, battle.name(profile.attacker),
                                battle.name(profile.target), profile.label,
                                data(battle).weapons[profile.weapon].name, faces, profile.to_hit,
                                total, profile.evasion, profile.evasion_label, hit, critical,
                                n + 1 if profile.bullets > 1 or bullet else 0))
    return out


def roll_damage(battle: "Battle", profile: AttackProfile, critical: bool) -> int:
    """Roll the Base Damage Dealt and the bonus dice; return the Damage Dealt (emits)."""
    base_faces = battle.dice.roll(profile.base.count, profile.base.sides).faces if profile.base.count else ()
    base = sum(base_faces) + profile.base.modifier
    bonus_faces = battle.dice.roll(profile.bonus_dice, 6).faces if profile.bonus_dice else ()
    bonus = sum(bonus_faces) + profile.flat_bonus
    factor = 2 if critical else 1
    before_barrier = max(0, factor * base + factor * bonus - factor * profile.reduction)
    absorbed = min(profile.absorb, before_barrier)
    dealt = before_barrier - absorbed
    base_text = str(profile.base) if not base_faces else (
        f"{profile.base} ({', '.join(map(str, base_faces))})")
    bonus_parts = []
    if bonus_faces:
        bonus_parts.append(f"{len(bonus_faces)}d6 ({', '.join(map(str, bonus_faces))}) boost")
    bonus_parts += [f"{v} {label}" for label, v in profile.bonus_flat]
    battle.emit(DamageRolled(profile.target, battle.name(profile.target), base_text, base,
                             " + ".join(bonus_parts), bonus, profile.reductions, critical,
                             absorbed, dealt))
    if absorbed:
        barrier = battle.get(profile.target, Barrier)
        barrier.left -= absorbed
    return dealt
