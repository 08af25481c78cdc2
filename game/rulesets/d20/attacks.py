"""Attacks: who may be attacked and how, the exact odds, and resolving the roll.

`attack_profile` gathers every modifier once; `attack_odds` and `resolve_attack`
both read it, so the preview the player sees and the roll can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine import grapple, odds
from game.engine.odds import Odds
from game import kept
from game.world.sight import HIGH_GROUND, crossed_tiles, fov, line_of_fire
from game.world.tactical_map import Cover
from game.rulesets.d20.components import Afflictions, Loadout, Spotted
from game.rulesets.d20.data import Weapon
from game.rulesets.d20.dicepool import DiceGroup, base_pool, final_pool
from game.rulesets.d20.events import AttackRolled, DamageRolled
from game.rulesets.d20.stats import held_weapon, is_prone, restrained, template

if TYPE_CHECKING:
    from game.engine.battle import Battle

GRAPPLE_DODGE = 12  # rule text: "Grapples and Melees have a Dodge of 12"
LOCATION_PENALTY = {"torso": 0, "untargeted": 0, "head": -5, "arms": -3, "legs": -3}
MODE_BONUS = {"single": 0, "burst": 3, "double_burst": 6}
MODE_AMMO = {"single": 1, "burst": 3, "double_burst": 5}
RANGE_BAND_PENALTY = -3  # [PROP] per range band beyond the first (example 3: −3 at band 2)


@dataclass(frozen=True)
class Victim:
    """Someone the attack may hit, how likely given a hit, and what protects them."""

    unit: int
    weight: float
    reductions: tuple[tuple[str, int], ...]
    stopped_by: str | None  # cover that stops the damage entirely


@dataclass(frozen=True)
class AttackProfile:
    attacker: int
    target: int
    kind: str  # single / burst / double_burst / melee / unarmed
    weapon: str | None  # None: unarmed
    location: str
    targeted: bool
    modifiers: tuple[tuple[str, int], ...]
    needed: int
    needed_label: str
    pool: tuple[DiceGroup, ...]
    victims: tuple[Victim, ...]
    ammo: int
    melee: bool
    bonus: int = 0  # the sum of `modifiers`, filled in by attack_profile


def distance_ft(battle: "Battle", a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) * battle.map.feet_per_tile


def range_band(weapon: Weapon, dist_ft: int) -> int | None:
    """0 for the first range, 1 for the second...; None beyond the last threshold."""
    for i, threshold in enumerate(weapon.ranges_ft):
        if dist_ft <= threshold:
            return i
    return None


def concealed_between(tmap, viewer: tuple[int, int], target: tuple[int, int]) -> bool:
    """The target is hidden by concealment ("breaks line of sight").

    Either it is out of the viewer's field of view (sight-blocking concealment such as
    a hedge; callers have already ruled out solid walls), or see-through concealment
    (a bush) lies on the line or on the target's own tile. As with all cover,
    concealment HIGH_GROUND or more below the viewer hides nothing.
    """
    if viewer == target:
        return False
    if not fov(tmap, viewer)[target]:
        return True  # out of sight: the cheap answer, from the viewer's cached view
    return tmap.kept.get("d20-concealed", (viewer, target), lambda: _concealed(tmap, viewer, target))


def _concealed(tmap, viewer: tuple[int, int], target: tuple[int, int]) -> bool:
    """A target in the viewer's field of view (concealed_between has asked) is hidden
    by see-through concealment on the line of fire's crossed tiles or its own tile."""
    bush, height = tmap.kept.get("d20-terrain-rows", "see-through concealment", lambda: (
        ((tmap.cover == Cover.CONCEALMENT) & ~tmap.blocks_sight).tolist(), tmap.elevation.tolist()))
    eye = height[viewer[0]][viewer[1]]
    if bush[target[0]][target[1]] and eye - height[target[0]][target[1]] < HIGH_GROUND:
        return True
    # (the crossed tiles alone: no whole LineOfFire is built for a sight question)
    return any(bush[x][y] and eye - height[x][y] < HIGH_GROUND for x, y in crossed_tiles(viewer, target))


def sees_tile(tmap, viewer: tuple[int, int], tile: tuple[int, int]) -> bool:
    """d20 sight: in the field of view and not behind or inside concealment."""
    return not concealed_between(tmap, viewer, tile)


def can_see(battle: "Battle", viewer: int, target: int) -> bool:
    return sees_tile(battle.map, battle.tile(viewer), battle.tile(target))


def knows_position(battle: "Battle", viewer: int, target: int) -> bool:
    """Visible now, or its team saw the target go where it is (entered concealment)."""
    if battle.tile(viewer) == battle.tile(target) or can_see(battle, viewer, target):
        return True
    return spotted_by(battle, target, battle.team(viewer))


def spotted_by(battle: "Battle", unit: int, team: int) -> bool:
    """`team` knows where `unit` is (saw it go there: [PROP] `Spotted`)."""
    spotted = battle.try_get(unit, Spotted)
    return spotted is not None and team in spotted.by_teams


def cover_effect(weapon: Weapon | None, cover: Cover, damage_type: str) -> tuple[str | None, int]:
    """(what stops the damage entirely or None, extra damage threshold) from cover."""
    ammo = weapon.ammo if weapon else "standard"
    if cover == Cover.LIGHT:
        if ammo in ("ap_pistol", "ap_rifle"):
            return None, 0
        if damage_type != "ballistic":
            return "light cover", 0
        return None, 3
    if cover == Cover.HEAVY:
        if ammo == "ap_rifle":
            return None, 0
        return "heavy cover", 0
    return None, 0


def _victim(battle: "Battle", attacker: int, unit: int, weapon: Weapon | None,
            weight: float, ranged: bool, origin: tuple[int, int] | None = None) -> Victim:
    damage_type = weapon.damage_type if weapon else "crushing"
    reductions: list[tuple[str, int]] = []
    dt = template(battle, unit).dt.get(damage_type, 0)
    if dt:
        reductions.append((f"DT {damage_type}", dt))
    stopped = None
    if ranged:
        a_tile, v_tile = origin or battle.tile(attacker), battle.tile(unit)
        lof = line_of_fire(battle.map, a_tile, v_tile)
        stopped, cover_dt = cover_effect(weapon, Cover(lof.cover), damage_type)
        if (weapon is not None and (weapon.ammo == "birdshot" or not weapon.firearm)
                and concealed_between(battle.map, a_tile, v_tile)):
            # Birdshot and non-firearm ranged attacks cannot breach concealment.
            stopped, cover_dt = "concealment", 0
        if cover_dt:
            reductions.append(("light cover", cover_dt))
    return Victim(unit, weight, tuple(reductions), stopped)


def attack_profile(battle: "Battle", attacker: int, target: int, kind: str,
                   location: str, origin: tuple[int, int] | None = None) -> AttackProfile:
    """Every number of an attack, from the rules; legality is checked by the caller.

    `origin`: the tile the attacker would shoot from (a planner's question: "if I
    stood there"); by default where it stands.
    """
    return AttackSetup(battle, attacker, target, origin).profile(kind, location)


class AttackSetup:
    """What every attack of `attacker` on `target` shares (where both stand, their
    conditions, who may be hit and what shields each): read once, then `profile` gives
    each fire mode and location (the AI weighs several of them on one target)."""

    def __init__(self, battle: "Battle", attacker: int, target: int,
                 origin: tuple[int, int] | None = None) -> None:
        self.battle, self.attacker, self.target, self.origin = battle, attacker, target, origin
        self.tmpl = template(battle, attacker)
        self.held = held_weapon(battle, attacker)
        a_tile, t_tile = origin or battle.tile(attacker), battle.tile(target)
        self.dist = distance_ft(battle, a_tile, t_tile)
        self.arm = battle.get(attacker, Afflictions).arm_penalty
        self.restrained = restrained(battle, target)
        self.target_prone = is_prone(battle, target)
        self.attacker_prone = is_prone(battle, attacker)
        self.group = grapple.group(battle, target)
        self._victims: dict[tuple, tuple[str, int, tuple[Victim, ...]]] = {}
        self._profiles: dict[tuple[str, str], AttackProfile] = {}

    @staticmethod
    def inputs(battle: "Battle", attacker: int, target: int,
               origin: tuple[int, int] | None = None) -> tuple:
        """Everything of the battle a setup reads that can change in play (templates and
        weapon data never do, terrain queries are the map's): two setups with equal
        inputs give equal profiles, so a planner may keep one while they hold."""
        group = grapple.group(battle, target)
        return (attacker, target, origin or battle.tile(attacker), battle.tile(target),
                battle.get(attacker, Loadout).held, battle.get(attacker, Afflictions).arm_penalty,
                restrained(battle, target) is not None, is_prone(battle, target),
                is_prone(battle, attacker),
                tuple(sorted((m, battle.tile(m)) for m in group)) if len(group) > 1 else ())

    def _victims_for(self, weapon: Weapon | None, melee: bool) -> tuple[int, str, tuple[Victim, ...]]:
        key = (weapon.id if weapon else None, melee)
        found = self._victims.get(key)
        if found is None:
            battle, attacker, target, group = self.battle, self.attacker, self.target, self.group
            if not melee and attacker not in group and len(group) > 1:
                label = "Grapple Dodge" if len(group) == 2 else "Melee Dodge"
                members = sorted(group)
                found = (GRAPPLE_DODGE, label, tuple(
                    _victim(battle, attacker, m, weapon, 1 / len(members), True, self.origin)
                    for m in members))
            else:
                found = (template(battle, target).dodge, "Dodge",
                         (_victim(battle, attacker, target, weapon, 1.0, not melee, self.origin),))
            self._victims[key] = found
        return found

    def profile(self, kind: str, location: str) -> AttackProfile:
        found = self._profiles.get((kind, location))
        if found is None:
            found = self._profiles[(kind, location)] = self._profile(kind, location)
        return found

    def _profile(self, kind: str, location: str) -> AttackProfile:
        melee = kind in ("melee", "unarmed")
        weapon = None if kind == "unarmed" else self.held
        dist = self.dist
        mods: list[tuple[str, int]] = []
        if melee:
            mods.append(("Melee", self.tmpl.melee))
        else:
            mods.append(("Firearms", self.tmpl.firearms))
            if MODE_BONUS[kind]:
                mods.append((kind.replace("_", " "), MODE_BONUS[kind]))
            if weapon.ammo == "buckshot":
                mods.append(("buckshot", 3))
        if LOCATION_PENALTY[location]:
            mods.append((location, LOCATION_PENALTY[location]))
        if not melee:
            band = range_band(weapon, dist) or 0
            if band:
                mods.append(("extended range", RANGE_BAND_PENALTY * band))
            close = dist <= 5 and weapon.firearm
            if close and not ({"compact", "concealable"} & set(weapon.properties)):
                mods.append(("long gun within 5 ft", -6))
        if self.arm:
            mods.append(("wounded arm", -5))
        if self.restrained:
            mods.append(("target restrained", 5))
        if self.target_prone:
            # [PROP] prone: easier to hit up close, harder from afar.
            mods.append(("target prone", 2) if dist <= 5 else ("target prone", -2))
        if melee and self.attacker_prone:
            mods.append(("attacking from prone", -2))
        needed, label, victims = self._victims_for(weapon, melee)
        extra_die = kind in ("burst", "double_burst") or (weapon is not None and weapon.ammo == "buckshot")
        targeted = location != "untargeted"
        return AttackProfile(self.attacker, self.target, kind, weapon.id if weapon else None, location,
                             targeted, tuple(mods), needed, label, base_pool(weapon, extra_die), victims,
                             0 if melee else MODE_AMMO[kind], melee, sum(v for _, v in mods))


# --- exact odds ----------------------------------------------------------------------
def _hits(profile: AttackProfile, face: int) -> bool:
    # [PROP] a natural 20 always hits (and is a critical); a natural 1 has no effect.
    return face == 20 or face + profile.bonus >= profile.needed


def _damage_dist(profile: AttackProfile, victim: Victim, critical: bool) -> odds.Dist:
    if victim.stopped_by:
        return {0: 1.0}
    return _dealt_dist(profile.pool, profile.location, profile.targeted, critical,
                       sum(v for _, v in victim.reductions))


def _dealt_dist(pool: tuple[DiceGroup, ...], location: str, targeted: bool, critical: bool,
                cut: int) -> odds.Dist:
    """Damage dealt by a hit: the final dice less the damage thresholds (shared: do not mutate)."""
    return dealt_dist(tuple((g.count, g.sides) for g in pool), location, targeted, critical, cut)


@kept.pure("d20-dealt-dists")
def dealt_dist(dice: tuple[tuple[int, int], ...], location: str, targeted: bool, critical: bool,
               cut: int) -> odds.Dist:
    """`_dealt_dist` for the pool's dice as (count, sides): their labels change nothing."""
    final = final_pool(tuple(DiceGroup(count, sides, "") for count, sides in dice), location,
                       targeted, critical)
    rolled = odds.dice_pool([(g.count, g.sides) for g in final])
    return odds.transform(rolled, lambda v: max(0, v - cut))


def attack_odds(profile: AttackProfile) -> Odds:
    normal_faces = sum(1 for f in range(1, 20) if _hits(profile, f))
    p_normal, p_crit = normal_faces / 20, 1 / 20
    parts: list[tuple[float, odds.Dist]] = [(1 - p_normal - p_crit, {0: 1.0})]
    for v in profile.victims:
        parts.append((p_normal * v.weight, _damage_dist(profile, v, False)))
        parts.append((p_crit * v.weight, _damage_dist(profile, v, True)))
    notes = tuple(f"{v.stopped_by} stops the damage" for v in profile.victims if v.stopped_by)
    if len(profile.victims) > 1:
        notes += (f"a hit strikes one of {len(profile.victims)} grappling units at random",)
    return Odds(p_normal + p_crit, p_crit, odds.mix(parts), profile.modifiers,
                profile.needed, notes)


# --- resolving -----------------------------------------------------------------------
@dataclass(frozen=True)
class AttackOutcome:
    hit: bool
    critical: bool
    victim: int | None
    dealt: int


def roll_attack(battle: "Battle", profile: AttackProfile) -> AttackOutcome:
    """Roll to hit, pick the victim, roll damage; emits the events, changes no HP."""
    face = battle.dice.d20()
    total = face + profile.bonus
    hit = _hits(profile, face)
    critical = hit and face == 20
    battle.emit(AttackRolled(profile.attacker, profile.target, battle.name(profile.attacker),
                             battle.name(profile.target), profile.kind, profile.location, face,
                             profile.modifiers, total, profile.needed, hit, critical))
    if not hit:
        return AttackOutcome(False, False, None, 0)
    victims = profile.victims
    victim = victims[battle.dice.coin(len(victims))] if len(victims) > 1 else victims[0]
    pool = final_pool(profile.pool, profile.location, profile.targeted, critical)
    texts, rolled = [], 0
    for g in pool:
        roll = battle.dice.roll(g.count, g.sides)
        rolled += roll.total
        texts.append(f"{roll} {g.label}")
    if victim.stopped_by:
        dealt, reductions = 0, ((victim.stopped_by, rolled),)
    else:
        cut = sum(v for _, v in victim.reductions)
        dealt, reductions = max(0, rolled - cut), victim.reductions
    battle.emit(DamageRolled(victim.unit, battle.name(victim.unit), tuple(texts), rolled,
                             reductions, dealt))
    return AttackOutcome(True, critical, victim.unit, dealt)


def spend_ammo(battle: "Battle", attacker: int, rounds: int) -> None:
    loadout = battle.get(attacker, Loadout)
    loadout.loaded[loadout.held] -= rounds
    assert loadout.loaded[loadout.held] >= 0
