"""Action Block AI: the scoring constants (defined once, in points of expected damage)
and the few facts about a unit that every scorer asks (its foes, how it fights)."""

from __future__ import annotations

from typing import Any

from game.world.tactical_map import Cover
from game.rulesets.actionblock.options import enemies
from game.rulesets.actionblock.stats import gun_items, weapon_of

END_TURN_SCORE = 0.05  # ending the Turn is worth a little: nothing is done for less
FINISH_VALUE = 1.5     # a fallen foe finished: it cannot be healed back into the fight
BODY_IN_THE_WAY = 4.0  # ... and its body no longer closes the way to the others
KILL_WEIGHT = 8.0      # worth of dropping an enemy (or of not being dropped), on top of the damage
FORCED_BLOCK = 1.6     # worth of making a target spend 2 Strength on a Block
ATTACK_COST_SHARE = 0.5  # attacks are what points are for: only half their worth counts
COVER_VALUE = {Cover.NONE: 0.0, Cover.CONCEALMENT: 0.6, Cover.LIGHT: 0.8, Cover.HEAVY: 1.4}


def foes(battle: Any, unit: int) -> list[int]:
    """The standing enemies this unit knows of."""
    return enemies(battle, unit, include_down=False)


def is_melee(battle: Any, unit: int) -> bool:
    """It fights only in melee (no gun)."""
    return arms(battle, unit)[0]


def gun_reach_ft(battle: Any, unit: int) -> int:
    return arms(battle, unit)[1]


def arms(battle: Any, unit: int) -> tuple[bool, int]:
    """(fights only in melee, the longest gun Range in feet): a unit's items never
    change in a battle, so kept per unit."""
    return battle.kept.get("actionblock-ai-arms", unit, lambda: _arms(battle, unit))


def _arms(battle: Any, unit: int) -> tuple[bool, int]:
    guns = gun_items(battle, unit)
    return not guns, max((weapon_of(battle, unit, g).max_range_ft for g in guns), default=5)
