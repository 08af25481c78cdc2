"""Which damage dice an attack rolls: the weapon's, the burst die, location and crits.

Interpretation "D" of the digest (docs/rulesets/d20.md):
* burst, double burst and buckshot add ONE die: one size lower than the weapon's die
  if the weapon deals 1 die, the same size if it deals more (rule text);
* a head hit doubles the damage dice (rule text);
* any critical hit upgrades every die one size (worked example 3);
* a TARGETED torso critical also doubles the dice (rule text, torso row).
"""

from __future__ import annotations

from dataclasses import dataclass

from game import kept
from game.rulesets.d20.data import DIE_LADDER, Weapon

UNARMED = (1, 4)  # rule text: an unarmed strike deals 1d4 crushing


def step_die(sides: int, steps: int) -> int:
    i = DIE_LADDER.index(sides) + steps
    return DIE_LADDER[max(0, min(i, len(DIE_LADDER) - 1))]


@dataclass(frozen=True)
class DiceGroup:
    count: int
    sides: int
    label: str


def base_pool(weapon: Weapon | None, extra_die: bool) -> tuple[DiceGroup, ...]:
    """The weapon's dice plus the burst/buckshot die, before location and crit."""
    count, sides = weapon.dice if weapon else UNARMED
    return _base_pool(count, sides, weapon is not None, extra_die)


@kept.pure("d20-base-pools")
def _base_pool(count: int, sides: int, armed: bool, extra_die: bool) -> tuple[DiceGroup, ...]:
    pool = [DiceGroup(count, sides, "weapon" if armed else "unarmed")]
    if extra_die:
        extra_sides = step_die(sides, -1) if count == 1 else sides
        pool.append(DiceGroup(1, extra_sides, "burst bonus"))
    return tuple(pool)


def final_pool(pool: tuple[DiceGroup, ...], location: str, targeted: bool,
               critical: bool) -> tuple[DiceGroup, ...]:
    double = location == "head" or (critical and targeted and location == "torso")
    out = []
    for g in pool:
        count, sides, label = g.count, g.sides, g.label
        if double:
            count *= 2
            label += ", doubled (head)" if location == "head" else ", doubled (torso crit)"
        if critical:
            sides = step_die(sides, +1)
            label += ", critical hit die upgrade"
        out.append(DiceGroup(count, sides, label))
    return tuple(out)
