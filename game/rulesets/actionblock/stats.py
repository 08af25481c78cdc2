"""Derived numbers of a character (rule text, "Battle Terms")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.paths import chebyshev
from game.rulesets.actionblock.components import Fighter, Loadout
from game.rulesets.actionblock.data import ActionBlockData, UnitTemplate, Weapon

if TYPE_CHECKING:
    from game.engine.battle import Battle

#: [Melee Range] "This value is 5 feet."
MELEE_RANGE_FT = 5
#: [Active Evasion] "Every character starts with an Active Evasion of 7."
BASE_ACTIVE_EVASION = 7
#: [PROP] Dodge Boost adds 1 Active Evasion per rank (the talent's value was not recovered).
DODGE_BOOST_PER_RANK = 1
#: [PROP] Maximum Health Points = HP_PER_POINT × (Maximum Strength + Maximum Speed
#: Points) = 20 for every preset: the formula was not recovered; the student
#: implementation's 5 × (100 HP) and the digest's 2 × (40) made AI battles end at the
#: round limit far too often (rules/DIGEST.md 3.2; docs/rulesets/actionblock.md).
HP_PER_POINT = 1
#: Restore actions: 5 + the rank of the Restore (Strength / Speed) Points Boost talent.
RESTORE_BASE = 5
UNARMED = "unarmed"


def template(battle: "Battle", unit: int) -> UnitTemplate:
    return battle.ruleset.data.templates[battle.get(unit, Fighter).template]


def data(battle: "Battle") -> ActionBlockData:
    return battle.ruleset.data


def total_equipment_weight(weapons: list[Weapon]) -> int:
    """[Total Equipment Weight] of everything wielded ("Weight" page not recovered).

    [PROP] a balanced pair (a sword with a shield, two pistols) weighs the heavier plus
    half the lighter, rounded down; anything else adds up.
    """
    if len(weapons) == 2:
        a, b = sorted(weapons, key=lambda w: w.weight, reverse=True)
        if b.category in a.balanced_with or a.category in b.balanced_with:
            return a.weight + b.weight // 2
    return sum(w.weight for w in weapons)


def max_battle_strength(d: ActionBlockData, t: UnitTemplate) -> int:
    """Maximum Strength Points − Total Equipment Weight (never below 0)."""
    return max(0, t.max_strength - total_equipment_weight([d.weapons[w] for w in t.weapons]))


def max_battle_speed(d: ActionBlockData, t: UnitTemplate) -> int:
    """Maximum Speed Points − the armour's Speed Point Reduction (never below 0)."""
    return max(0, t.max_speed - d.armours[t.armour].speed_reduction)


def max_health(t: UnitTemplate) -> int:
    return HP_PER_POINT * (t.max_strength + t.max_speed)


def passive_evasion(battle: "Battle", unit: int) -> int:
    """Defined by the character's armour (Unarmored: 7)."""
    t = template(battle, unit)
    return data(battle).armours[t.armour].passive_evasion


def active_evasion(battle: "Battle", unit: int) -> int:
    """7, increased by the Dodge Boost talent."""
    return BASE_ACTIVE_EVASION + DODGE_BOOST_PER_RANK * template(battle, unit).talent("dodge_boost")


def full_pdr(d: ActionBlockData, t: UnitTemplate) -> int:
    """Armour's Physical Damage Reduction + Physical DR Boost ([PROP] +1 per rank)."""
    return d.armours[t.armour].pdr + t.talent("pdr_boost")


def spell_dr(t: UnitTemplate) -> int:
    """Spell Damage Reduction: [PROP] 0 + Spell DR Boost (+1 per rank)."""
    return t.talent("spell_dr_boost")


def opponents(battle: "Battle", unit: int) -> tuple[int, ...]:
    """Every unit of the other sides on the board, standing, fallen or dead, in id order.
    Units are fielded once (`ActionBlockRuleset.setup`) and never change side; they
    only leave the board (a scenario's exit), never come back, so the number on the
    board names the roster: kept per unit and that number, the loops over enemies skip
    a side check per unit (asked thousands of times a battle)."""
    key = (unit, len(battle.units()))
    return battle.kept.get("actionblock-opponents", key, lambda: _opponents(battle, unit))


def _opponents(battle: "Battle", unit: int) -> tuple[int, ...]:
    team = battle.team(unit)
    return tuple(u for u in battle.units() if battle.team(u) != team)


def items(battle: "Battle", unit: int) -> dict[str, str]:
    """Wielded item key → weapon id, Unarmed always included (sorted keys)."""
    return dict(_wielded(battle, unit))


def _wielded(battle: "Battle", unit: int) -> dict[str, str]:
    """`items`, shared (never change it): a unit's items are set when it is fielded
    (Loadout.items) and never change in a battle, so the answer is kept per unit."""
    return battle.kept.get("actionblock-wielded", unit, lambda: _sorted_items(battle.get(unit, Loadout)))


def _sorted_items(loadout: Loadout) -> dict[str, str]:
    out = dict(sorted(loadout.items.items()))
    out.setdefault(UNARMED, UNARMED)
    return out


def weapon_of(battle: "Battle", unit: int, item: str) -> Weapon:
    return data(battle).weapons[_wielded(battle, unit)[item]]


def melee_items(battle: "Battle", unit: int) -> list[str]:
    """Items a Melee Attack can use: swords, shields, drills, hammers, grappling
    weapons, staves ([PROP]: staves have damage and to-hit columns), and Unarmed."""
    return list(_arms(battle, unit)[0])


def gun_items(battle: "Battle", unit: int) -> list[str]:
    return list(_arms(battle, unit)[1])


def grappling_item(battle: "Battle", unit: int) -> str:
    """The grappling weapon used for Initiate Grapple: the wielded one with the best
    grapple to-hit (Unarmed when none) [PROP]."""
    return _arms(battle, unit)[2]


def _arms(battle: "Battle", unit: int) -> tuple:
    """(melee items, gun items, grappling item, shield item, staff): what a unit's
    items are for. Its items never change in a battle (see `_wielded`), so kept per
    unit; asked thousands of times a battle."""
    return battle.kept.get("actionblock-arms", unit, lambda: _arms_now(battle, unit))


def _arms_now(battle: "Battle", unit: int) -> tuple:
    weapons = data(battle).weapons
    wielded = _wielded(battle, unit)
    melee = tuple(k for k, w in wielded.items() if weapons[w].is_melee)
    guns = tuple(k for k, w in wielded.items() if weapons[w].is_gun)
    best = UNARMED
    for key, w in wielded.items():
        weapon = weapons[w]
        if weapon.category == "grappling":
            if (weapon.grapple_to_hit, weapon.max_grapple_strength) > (
                    weapons[wielded[best]].grapple_to_hit, weapons[wielded[best]].max_grapple_strength):
                best = key
    shield = next((key for key, w in wielded.items() if weapons[w].category == "shield"), None)
    staff_weapon = next((weapons[w] for w in wielded.values() if weapons[w].category == "staff"), None)
    return melee, guns, best, shield, staff_weapon


def max_grapple_strength(battle: "Battle", unit: int) -> int:
    """The grappling weapon's Maximum Grapple Strength + 1 per Grapple Boost rank."""
    w = weapon_of(battle, unit, grappling_item(battle, unit))
    return (w.max_grapple_strength or 0) + template(battle, unit).talent("grapple_boost")


def distance_ft(battle: "Battle", a: tuple[int, int], b: tuple[int, int]) -> int:
    """Feet between two tiles: Chebyshev tiles × the map's feet per tile."""
    return chebyshev(a, b) * battle.map.feet_per_tile


def within(battle: "Battle", a: int, b: int, feet: int) -> bool:
    ax, ay = battle.tile(a)
    bx, by = battle.tile(b)
    return max(abs(ax - bx), abs(ay - by)) * battle.map.feet_per_tile <= feet  # `distance_ft`


def in_melee_range(battle: "Battle", a: int, b: int) -> bool:
    return a != b and within(battle, a, b, MELEE_RANGE_FT)


def in_melee_reach(battle: "Battle", unit: int, others) -> list[int]:
    """Those of `others` in Melee Range of `unit` (`in_melee_range` of each, the unit's
    tile read once: the options ask it of every enemy on every decision)."""
    ux, uy = battle.tile(unit)
    feet = battle.map.feet_per_tile
    out = []
    for u in others:
        x, y = battle.tile(u)
        if u != unit and max(abs(ux - x), abs(uy - y)) * feet <= MELEE_RANGE_FT:  # `within`
            out.append(u)
    return out


def shield_item(battle: "Battle", unit: int) -> str | None:
    return _arms(battle, unit)[3]


def staff(battle: "Battle", unit: int) -> Weapon | None:
    return _arms(battle, unit)[4]
