"""What d20 choices are worth to the side making them, from the ruleset's exact odds.

Everything here only reads the battle. Values are in hit points of damage: damage
dealt to an enemy counts for the side, damage to an ally against it (weighed more,
ALLY_WEIGHT, so a shot that risks a friend must gain clearly more than it risks).
"""

from __future__ import annotations

from typing import Any

from game import kept
from game.engine import grapple, odds
from game.rulesets.d20.attacks import AttackProfile, AttackSetup, cover_effect, dealt_dist
from game.rulesets.d20.checks import chance_check, chance_contest
from game.rulesets.d20.components import Health, Loadout, Restraint, Soldier
from game.rulesets.d20.stats import held_weapon, template
from game.rulesets.d20.suppression import dc_for
from game.world.sight import line_of_fire
from game.world.tactical_map import Cover

KILL_WEIGHT = 6.0  # dropping a unit is worth this on top of the damage itself
ALLY_WEIGHT = 4.0  # a hit point of an ally counts this many enemy hit points
TYPICAL_DODGE = 13  # the Dodge a unit's threat is reckoned against
ATTACKS_PER_TURN = 2
END_SCORE = 0.05  # ending the turn: a choice worth less is not made


def sign(battle: Any, side: int, unit: int) -> float:
    return 1.0 if battle.team(unit) != side else -ALLY_WEIGHT


# --- attacks -------------------------------------------------------------------------
def victim_values(profile: AttackProfile, hps: tuple[int, ...]) -> tuple[tuple[int, float, float], ...]:
    """(victim, expected damage, chance to drop it) for every victim of the attack."""
    p_normal = _p_normal(profile.bonus, profile.needed)
    p_crit = 1 / 20
    out = []
    for v, hp in zip(profile.victims, hps):
        if v.stopped_by:
            normal_mean = crit_mean = normal_drop = crit_drop = _stopped_stats(hp)
        else:
            cut = sum(r for _, r in v.reductions)
            dice = tuple((g.count, g.sides) for g in profile.pool)
            normal_mean, normal_drop = dealt_stats(dice, profile.location, profile.targeted, False, cut, hp)
            crit_mean, crit_drop = dealt_stats(dice, profile.location, profile.targeted, True, cut, hp)
        expected = v.weight * (p_normal * normal_mean + p_crit * crit_mean)
        drop = v.weight * (p_normal * normal_drop + p_crit * crit_drop)
        out.append((v.unit, expected, drop))
    return tuple(out)


@kept.pure("d20-ai-hit-chances")
def _p_normal(bonus: int, needed: int) -> float:
    """The chance of a hit that is not a critical (faces 1-19; see attacks._hits)."""
    return sum(1 for f in range(1, 20) if f + bonus >= needed) / 20


def _stopped_stats(hp: int) -> float:
    return 0.0 if hp > 0 else 1.0  # nothing gets through: 0 damage (enough only at 0 HP)


@kept.pure("d20-ai-dealt-stats")
def dealt_stats(dice: tuple[tuple[int, int], ...], location: str, targeted: bool, critical: bool,
                cut: int, hp: int) -> tuple[float, float]:
    """(mean damage, chance of at least `hp`) of a hit with `dice` as (count, sides):
    the same numbers as the exact distribution (attacks.dealt_dist)."""
    dist = dealt_dist(dice, location, targeted, critical, cut)
    return odds.mean(dist), _at_least(dist, hp)


def _at_least(dist: odds.Dist, amount: int) -> float:
    return sum(p for v, p in dist.items() if v >= amount)


def attack_setup(battle: Any, attacker: int, target: int, origin=None) -> AttackSetup:
    """The AttackSetup for this attacker, target (and tile shot from), kept while
    everything it reads stands: a unit that shoots, or waits, asks again next Action."""
    return battle.kept.get("d20-ai-setups", AttackSetup.inputs(battle, attacker, target, origin),
                           lambda: AttackSetup(battle, attacker, target, origin))


def attack_value(battle: Any, side: int, attacker: int, target: int, kind: str, location: str,
                 setup=None) -> float:
    """Expected damage to every possible victim, with its sign, plus the chance to drop
    each (an ally dropped is a loss), weighed by how dangerous the victim is."""
    return attack_value_and_drop(battle, side, attacker, target, kind, location, setup=setup)[0]


def attack_value_and_drop(battle: Any, side: int, attacker: int, target: int, kind: str,
                          location: str, origin=None, setup=None,
                          threat_turns: float = 1.0) -> tuple[float, float]:
    """`attack_value` (from `origin` if given) and the chance the attack drops `target`;
    `setup`: an AttackSetup for this attacker and target, shared by several calls;
    `threat_turns`: how many turns of a dropped victim's fire the drop is worth."""
    if setup is None:
        setup = AttackSetup(battle, attacker, target, origin)
    profile = setup.profile(kind, location)
    hps = tuple(battle.get(v.unit, Health).hp for v in profile.victims)
    values = victim_values(profile, hps)
    total, dropped = 0.0, 0.0
    for unit, expected, drop in values:
        total += sign(battle, side, unit) * (expected + drop * (KILL_WEIGHT + threat_turns * threat(battle, unit)))
        if unit == target:
            dropped = drop
    return total, dropped


# --- how dangerous a unit is ----------------------------------------------------------
def threat(battle: Any, unit: int) -> float:
    """Expected damage the unit deals in one turn with what it holds (two attacks at a
    typical Dodge): what pinning it, or a turn of it lost, is worth."""
    return battle.kept.get("d20-ai-threats", ("threat", threat_key(battle, unit)),
                           lambda: _threat(battle, unit))


def threat_key(battle: Any, unit: int) -> tuple:
    """Everything `threat` reads that can change in play: the unit's template, the
    weapon it holds, and for a gun whether it has rounds (loaded, or a spare magazine).
    (Read straight from the components: asked for every enemy at every decision.)"""
    loadout = battle.get(unit, Loadout)
    held = loadout.held
    weapon = battle.ruleset.data.weapons[held] if held else None
    has_rounds = (weapon is not None and weapon.ranged
                  and (loadout.loaded.get(held, 0) > 0 or loadout.spare_magazines > 0))
    return battle.get(unit, Soldier).template, held if weapon else None, has_rounds


def _threat(battle: Any, unit: int) -> float:
    t = template(battle, unit)
    weapon = held_weapon(battle, unit)
    if weapon is None:
        return ATTACKS_PER_TURN * chance_check(t.melee, TYPICAL_DODGE) * 2.5
    if weapon.ranged:
        loadout = battle.get(unit, Loadout)
        if loadout.loaded.get(weapon.id, 0) <= 0 and loadout.spare_magazines <= 0:
            return ATTACKS_PER_TURN * chance_check(t.melee, TYPICAL_DODGE) * 2.5
        bonus = t.firearms + (3 if weapon.fire_mode != "single" or weapon.ammo == "buckshot" else 0)
        count, sides = weapon.dice
        extra = 1 if weapon.fire_mode != "single" or weapon.ammo == "buckshot" else 0
        mean = count * (sides + 1) / 2 + extra * (max(4, sides - 2 if count == 1 else sides) + 1) / 2
        return ATTACKS_PER_TURN * chance_check(bonus, TYPICAL_DODGE) * mean
    count, sides = weapon.dice
    return ATTACKS_PER_TURN * chance_check(t.melee, TYPICAL_DODGE) * count * (sides + 1) / 2


def melee_threat(battle: Any, unit: int) -> float:
    """Expected damage of a turn of melee attacks (two): with the held melee weapon, or
    unarmed (1d4) for a unit holding a gun or nothing."""
    weapon = held_weapon(battle, unit)
    if weapon is not None and not weapon.ranged:
        return threat(battle, unit)
    return ATTACKS_PER_TURN * chance_check(template(battle, unit).melee, TYPICAL_DODGE) * 2.5


def weapon_mean(weapon: Any) -> float:
    count, sides = weapon.dice
    return count * (sides + 1) / 2


# --- suppressing fire -----------------------------------------------------------------
def cone_value(battle: Any, side: int, shooter: int, tiles: frozenset, weapon: Any) -> tuple[float, int]:
    """(value, enemies caught) of a cone: each creature in it (Melees whole) saves at
    its turn; a failure pins it (worth a turn of its fire), a partial success costs it
    the weapon's damage less what its cover stops. Allies caught count against."""
    dc = dc_for(battle, shooter)
    here = battle.tile(shooter)
    value, enemies = 0.0, 0
    for unit in battle.units(active_only=True):
        if unit == shooter:
            continue
        members = grapple.group(battle, unit) if grapple.in_grapple(battle, unit) else {unit}
        if not any(battle.tile(m) in tiles for m in members):
            continue
        mod = template(battle, unit).willpower
        p_pass, p_full = chance_check(mod, dc), chance_check(mod, dc + 4)
        cover = Cover(line_of_fire(battle.map, here, battle.tile(unit)).cover)
        stopped, cut = cover_effect(weapon, cover, weapon.damage_type)
        dt = template(battle, unit).dt.get(weapon.damage_type, 0) + cut
        damage = 0.0 if stopped else _mean_after(weapon.dice, dt)
        worth = threat(battle, unit) * (1 - p_pass) + damage * (p_pass - p_full)
        value += sign(battle, side, unit) * worth
        enemies += battle.team(unit) != side
    return value, enemies


@kept.pure("d20-ai-mean-after")
def _mean_after(dice: tuple[int, int], cut: int) -> float:
    dist = odds.dice_sum(*dice)
    return sum(max(0, v - cut) * p for v, p in dist.items())


# --- melee actions --------------------------------------------------------------------
def contest_chance(battle: Any, unit: int, target: int, skill: str, extra: int = 0) -> float:
    return chance_contest(getattr(template(battle, unit), skill),
                          getattr(template(battle, target), skill) + extra)


def restrain_value(battle: Any, side: int, unit: int, target: int, actions_after: int) -> float:
    """Restrain (exact contest odds): the target loses its turns until it breaks free,
    and the Actions left this turn go into manacles, each a Dexterity contest that
    captures it (out of the fight). The restrainer gives up its own fire meanwhile."""
    if battle.team(target) == side:
        return -1.0
    p = contest_chance(battle, unit, target, "athletics")
    if battle.get(unit, Loadout).manacles == 0:
        # No manacles: the hold can never take the target out; it only costs the target
        # the Actions it spends struggling (about one attack of its turn), as a trip
        # does. Valued higher, two units restrain and break free until the round limit.
        return p * threat(battle, target) / 4
    tries = min(battle.get(unit, Loadout).manacles, actions_after)
    p_manacle = contest_chance(battle, unit, target, "dexterity")
    captured = 1 - (1 - p_manacle) ** tries
    hp = battle.get(target, Health).hp
    drop = KILL_WEIGHT + threat(battle, target) + hp
    # Not captured: held until it wins a contest (about one turn of its fire each way).
    held = threat(battle, target) - threat(battle, unit)
    return p * (captured * drop + (1 - captured) * held)


def trip_value(battle: Any, side: int, unit: int, target: int) -> float:
    """Trip (exact contest odds): the target must spend 1 of its 4 Actions standing,
    a quarter of its turn's fire."""
    if battle.team(target) == side:
        return -1.0
    return contest_chance(battle, unit, target, "athletics") * threat(battle, target) / 4


def disarm_value(battle: Any, side: int, unit: int, target: int) -> float:
    """Disarm (exact contest odds): the weapon falls at its feet; picking it up costs it
    1 Action (a quarter of its turn), and it may not get the chance."""
    if battle.team(target) == side:
        return -1.0
    extra = -5 if battle.has(target, Restraint) else 0
    return contest_chance(battle, unit, target, "athletics", extra) * threat(battle, target) / 3


