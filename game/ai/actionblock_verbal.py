"""Action Block AI: Verbal Actions. Charisma Skills (Taunt, Stunning Scream, Battle
Strategy, Stealth) are worth their contest odds times what they do, less their
points; Battle Communication what it gives back to the side."""

from __future__ import annotations

from typing import Any

from game.engine.decisions import TARGET_NONE, Choice, Decision
from game.world.sight import line_of_fire
from game.world.paths import chebyshev
from game.rulesets.actionblock.components import Conditions, Health, Points
from game.rulesets.actionblock.previews import skill_chance
from game.ai.actionblock_points import cost_value
from game.ai.actionblock_terms import foes, gun_reach_ft, is_melee

CHARISMA_KEYS = ("taunt", "stunning_scream", "battle_strategy", "stealth")
CHARISMA_WORTH = {"taunt": 1.0, "stunning_scream": 5.0, "battle_strategy": 1.0, "stealth": 1.5}


def charisma_skills(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """Every Charisma Skill offered, in `CHARISMA_KEYS` order."""
    out: list[tuple[float, Choice]] = []
    offered = {o.key: o for o in decision.options}
    for key in CHARISMA_KEYS:
        if key in offered:
            out += charisma(ai, battle, decision, offered[key])
    return out


def charisma(ai, battle, decision, opt):
    unit = decision.actor
    worth = CHARISMA_WORTH[opt.key]
    cost = cost_value(ai, battle, unit, opt.key)
    spare = battle.get(unit, Points).strength - battle.ruleset.data.cost(opt.key).strength
    if opt.key in ("taunt", "battle_strategy") and spare < 3:
        return []  # keep Strength for Blocks and attacks
    if opt.target_kind == TARGET_NONE:
        # Stealth: worth the attacks it is likely to spare (each fooled enemy that
        # could otherwise reach this unit), not a fixed amount.
        hit = skill_chance(battle, unit, opt.key, None)  # the `hit` of its odds
        return [(hit * 1.2 * stealth_threats(battle, unit) - cost, opt.choice())]
    best: list = []
    for target in opt.targets:
        hit = skill_chance(battle, unit, opt.key, target)  # the `hit` of its odds
        bonus = 1.0
        if opt.key == "battle_strategy":
            bonus = max(1, len(battle.units(battle.team(unit), active_only=True)) - 1)
        best.append((hit * worth * bonus - cost, opt.choice(target)))
    return best


def communicate(ai, battle, decision, opt, attack_score):
    """Worth what it changes: each ally who gets back a standing enemy to shoot at."""
    unit = decision.actor
    team = battle.team(unit)
    pairs = 0
    for enemy in battle.units(active_only=True):
        if battle.team(enemy) == team or battle.get(enemy, Health).unconscious:
            continue
        cond = battle.get(enemy, Conditions)
        if unit not in cond.fooled:
            pairs += sum(1 for a in cond.fooled if battle.team(a) == team and battle.active(a))
    return [(min(2.5, 0.8 * pairs), opt.choice())]


def stealth_threats(battle: Any, unit: int) -> int:
    """Enemies that could attack this unit on their next Turn (what Stealth hides it from)."""
    fooled = battle.get(unit, Conditions).fooled
    here = battle.tile(unit)
    count = 0
    for foe in foes(battle, unit):
        if foe in fooled:
            continue
        d = chebyshev(here, battle.tile(foe))
        if is_melee(battle, foe):
            count += d <= 5  # a Fast Charge and a step
        elif d * battle.map.feet_per_tile <= gun_reach_ft(battle, foe):
            lof = line_of_fire(battle.map, battle.tile(foe), here)
            count += lof.visible and not lof.blocked
    return count
