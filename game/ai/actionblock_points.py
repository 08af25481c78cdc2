"""Action Block AI: the point economy. Strength and Speed Points never come back on
their own (docs/rulesets/actionblock.md 3a: only a Restore, which takes the whole
Offensive or Movement slot, refills them), so every action's points have a price in
points of damage, and the Restores are scored here too.

Normal prices a point by how full its pool is (`point_value`). A level that takes the
term ``strength_as_state`` prices the Strength of a Block-family or a Verbal action
flat, at its weight (``block_strength``, ``verbal_strength``) whatever the pool holds
(game/ai/actionblock_hard.py says why).
"""

from __future__ import annotations

from typing import Any

from game.rulesets.actionblock.components import Loadout, Points

STR_VALUE = 1.2  # worth of one Strength Point when the pool is empty, in damage
SPD_VALUE = 0.8  # worth of one Speed Point when the pool is empty
#: The actions whose Strength a ``strength_as_state`` level prices flat, by the term
#: whose weight is that price.
STRENGTH_TERMS = {key: "block_strength" for key in ("block", "heavy_block", "super_block")} | {
    key: "verbal_strength" for key in ("taunt", "stunning_scream", "battle_strategy", "stealth", "healing_word")}


def point_value(full: float, now: int, most: int) -> float:
    """One Strength or Speed Point, `full` its worth with the pool empty: nearly free
    while the pool is full (a Restore would be wasted anyway) and dear when it runs dry
    (a Restore costs a whole Offensive Action)."""
    return full * (0.15 + 0.85 * (1 - now / max(1, most)))


def spd_value(battle: Any, unit: int) -> float:
    p = battle.get(unit, Points)
    return point_value(SPD_VALUE, p.speed, p.max_speed)


def cost_value(ai: Any, battle: Any, unit: int, action: str) -> float:
    """What `action`'s Strength and Speed are worth to `unit` now, at `ai`'s level."""
    c = battle.ruleset.data.actions[action]
    p = battle.get(unit, Points)
    term = STRENGTH_TERMS.get(action)
    if term is not None and ai.profile.uses("strength_as_state"):
        return ai.weight(term) * c.strength + c.speed * point_value(SPD_VALUE, p.speed, p.max_speed)
    return (c.strength * point_value(STR_VALUE, p.strength, p.max_strength)
            + c.speed * point_value(SPD_VALUE, p.speed, p.max_speed))


# --- Restores and reloads (option scorers: (ai, battle, decision, option, best attack)) ---
def reload(ai, battle, decision, opt, attack_score):
    loaded = battle.get(decision.actor, Loadout).loaded
    empty = [w for w in opt.params["weapon"] if loaded.get(w, 0) == 0]
    if empty:
        return [(2.5 if attack_score <= 0.5 else 1.0, opt.choice(None, weapon=empty[0]))]
    if attack_score <= 0.2:
        return [(0.4, opt.choice(None, weapon=opt.params["weapon"][0]))]
    return []


def restore_strength(ai, battle, decision, opt, attack_score):
    p = battle.get(decision.actor, Points)
    missing = p.max_strength - p.strength
    if attack_score > 0.5:
        return []  # keep the Offensive slot for the attack
    return [(0.3 + 0.35 * min(missing, 5), opt.choice())]


def restore_speed(ai, battle, decision, opt, attack_score):
    p = battle.get(decision.actor, Points)
    missing = p.max_speed - p.speed
    urgent = 1.5 if p.speed < 3 else 0.0
    return [(0.2 * min(missing, 5) + urgent, opt.choice())]
