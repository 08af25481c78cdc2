"""Reading a d20 unit's current numbers: template stats bent by conditions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import grapple
from game.engine.components import PRONE, Posture
from game.rulesets.d20.components import Afflictions, Loadout, Restraint, Soldier
from game.rulesets.d20.data import UnitTemplate, Weapon

if TYPE_CHECKING:
    from game.engine.battle import Battle


def template(battle: "Battle", unit: int) -> UnitTemplate:
    return battle.ruleset.data.templates[battle.get(unit, Soldier).template]


def held_weapon(battle: "Battle", unit: int) -> Weapon | None:
    held = battle.get(unit, Loadout).held
    return battle.ruleset.data.weapons[held] if held else None


def tiles_per_ft(battle: "Battle", feet: int) -> int:
    return feet // battle.map.feet_per_tile


def speed_ft(battle: "Battle", unit: int) -> int:
    """Walking speed: 5 ft in a Grapple; halved by a leg hit (rule text)."""
    if grapple.in_grapple(battle, unit):
        return 5
    speed = template(battle, unit).speed_ft
    if battle.get(unit, Afflictions).legs_hurt:
        speed //= 2
    return max(speed, battle.map.feet_per_tile)


def is_prone(battle: "Battle", unit: int) -> bool:
    posture = battle.try_get(unit, Posture)
    return posture is not None and posture.value == PRONE


def restrained(battle: "Battle", unit: int) -> Restraint | None:
    return battle.try_get(unit, Restraint)


def dodge(battle: "Battle", unit: int) -> int:
    return template(battle, unit).dodge
