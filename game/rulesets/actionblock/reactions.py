"""Defensive Actions during another character's attack: Dodge before the To Hit Roll,
Block / Heavy Block / Super Block (with Shield Block) after a hit and before damage.

[PROP] at most one Dodge and one Block-family action per incoming attack. The game
does not ask when the answer could change nothing (a Dodge that does not change the
chance to hit, a Block when the hit can deal no damage anyway).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Generator

from game.engine.decisions import REACTION, Choice, Decision, Option
from game.engine import odds
from game.rulesets.actionblock.attacks import (STANCE_PDR, AttackProfile, attack_odds, hit_damage,
                                               refresh_reductions, roll_chances)
from game.rulesets.actionblock.components import Conditions, Health, Stance, TurnState
from game.rulesets.actionblock.costs import can_afford, pay
from game.rulesets.actionblock.stats import shield_item, weapon_of

if TYPE_CHECKING:
    from game.engine.battle import Battle

Flow = Generator[Decision, Choice, AttackProfile]
BLOCKS = {"block": 1, "heavy_block": 2, "super_block": 3}
BLOCK_HOTKEYS = {"block": "b", "heavy_block": "h", "super_block": "s"}


def can_react(battle: "Battle", unit: int) -> bool:
    """Conscious and in the fight ([PROP] a Stunned character still defends itself)."""
    health = battle.get(unit, Health)
    return battle.active(unit) and not health.unconscious and not health.dead


# --- Dodge --------------------------------------------------------------------------------
def dodge_decision(battle: "Battle", profile: AttackProfile) -> Decision | None:
    target = profile.target
    if profile.to_hit_dice == 0 or not can_react(battle, target) or not can_afford(battle, target, "dodge"):
        return None
    p_passive, _ = roll_chances(profile)
    p_active, _ = roll_chances(replace(profile, dodging=True))
    if abs(p_passive - p_active) < 1e-12:
        return None
    active = replace(profile, dodging=True)
    return Decision(
        target, battle.team(target), REACTION,
        (Option("dodge", "Dodge", "0 Str, 1 Spd", hotkey="d",
                description=f"Use Active Evasion {active.evasion} instead of Passive Evasion "
                            f"{profile.evasion}: hit chance {p_passive:.0%} → {p_active:.0%}."),
         Option("pass", "Don't dodge", hotkey="n")),
        f"{battle.name(profile.attacker)} makes a {profile.label} at {battle.name(target)}: "
        f"Dodge before the roll?",
        {"trigger": "dodge", "attacker": profile.attacker, "target": target,
         "action": profile.action, "hit_passive": p_passive, "hit_dodging": p_active,
         "expected_damage_passive": attack_odds(profile).expected_damage,
         "expected_damage_dodging": attack_odds(active).expected_damage})


def ask_dodge(battle: "Battle", profile: AttackProfile) -> Flow:
    decision = dodge_decision(battle, profile)
    if decision is None:
        return profile
    choice = yield decision
    if choice.option != "dodge":
        return profile
    pay(battle, profile.target, "dodge", f"(Active Evasion against {battle.name(profile.attacker)})")
    return replace(profile, dodging=True)


# --- Block family ---------------------------------------------------------------------
def shield_available(battle: "Battle", unit: int) -> str | None:
    """Shield Block needs a shield not used for an Offensive Action this Action Block."""
    item = shield_item(battle, unit)
    if item is None or battle.get(unit, TurnState).shield_used:
        return None
    return item


def block_options(battle: "Battle", unit: int, hotkeys: dict[str, str] = BLOCK_HOTKEYS,
                  prefix: str = "") -> list[Option]:
    """The Block-family actions this unit can afford that would raise its stance."""
    stance = battle.get(unit, Stance)
    shield = shield_available(battle, unit)
    out = []
    for key, level in BLOCKS.items():
        if level <= stance.level and not (shield and stance.shield is None and level == stance.level):
            continue
        if not can_afford(battle, unit, key):
            continue
        cost = battle.ruleset.data.cost(key)
        params: dict = {}
        desc = f"−{STANCE_PDR[level]} damage until the start of your next Turn"
        if shield:
            bonus = weapon_of(battle, unit, shield).block_bonus[level - 1]
            params = {"shield": ("yes", "no")}
            desc += f"; Shield Block adds −{bonus} more"
        out.append(Option(prefix + key, cost.name, cost.cost_text, params=params,
                          hotkey=hotkeys[key], description=desc + "."))
    return out


def damage_if(battle: "Battle", profile: AttackProfile, criticals: list[bool], level: int,
              shield: bool) -> odds.Dist:
    """Exact distribution of the damage these hits deal if the target stands in
    stance `level` (with or without Shield Block) when the damage is rolled."""
    stance = battle.get(profile.target, Stance)
    saved = (stance.level, stance.shield)
    if level > stance.level or (shield and stance.shield is None):
        stance.level = max(level, stance.level)
        stance.shield = shield_available(battle, profile.target) if shield else stance.shield
    try:
        p = refresh_reductions(battle, profile)
    finally:
        stance.level, stance.shield = saved
    total: odds.Dist = {0: 1.0}
    for critical in criticals:
        total = odds.add(total, hit_damage(p, critical))
    return total


def block_decision(battle: "Battle", profile: AttackProfile, criticals: list[bool]) -> Decision | None:
    target = profile.target
    if not profile.deals_damage or not can_react(battle, target):
        return None
    options = block_options(battle, target)
    if not options:
        return None
    now = damage_if(battle, profile, criticals, 0, False)
    if max(now) <= 0:
        return None
    hp = battle.get(target, Health).hp
    outcomes = {"pass": (odds.mean(now), sum(p for v, p in now.items() if v >= hp))}
    for opt in options:
        for shield in ((True, False) if opt.params.get("shield") else (False,)):
            dist = damage_if(battle, profile, criticals, BLOCKS[opt.key], shield)
            key = opt.key + ("+shield" if shield else "")
            outcomes[key] = (odds.mean(dist), sum(p for v, p in dist.items() if v >= hp))
    hits = len(criticals)
    what = f"{hits} bullets hit" if hits > 1 else ("hits critically" if criticals[0] else "hits")
    return Decision(
        target, battle.team(target), REACTION,
        tuple(options) + (Option("pass", "Take the hit", hotkey="n"),),
        f"{battle.name(profile.attacker)}'s {profile.label} {what} {battle.name(target)}: "
        f"Block before the damage roll?",
        {"trigger": "block", "attacker": profile.attacker, "target": target,
         "action": profile.action, "hits": hits, "criticals": sum(criticals),
         "expected_damage": {k: v[0] for k, v in outcomes.items()},
         "drop_chance": {k: v[1] for k, v in outcomes.items()}})


def enter_stance(battle: "Battle", unit: int, key: str, use_shield: bool, why: str) -> None:
    level = BLOCKS[key]
    stance = battle.get(unit, Stance)
    shield = shield_available(battle, unit) if use_shield else None
    pay(battle, unit, key, why)
    stance.level = level
    stance.shield = shield
    if shield:
        # Shield Block: a free add-on to the block [PROP], shown as its own action.
        pay(battle, unit, "shield_block", f"({weapon_of(battle, unit, shield).name})")


def ask_block(battle: "Battle", profile: AttackProfile, criticals: list[bool]) -> Flow:
    decision = block_decision(battle, profile, criticals)
    if decision is not None:
        choice = yield decision
        if choice.option in BLOCKS:
            enter_stance(battle, profile.target, choice.option, choice.param("shield") == "yes",
                         f"(against {battle.name(profile.attacker)}'s {profile.label})")
    return refresh_reductions(battle, profile)


def end_stance(battle: "Battle", unit: int) -> None:
    """Stances last until the start of the blocker's next Turn [PROP]."""
    stance = battle.get(unit, Stance)
    stance.level, stance.shield = 0, None


def taunt_holds(battle: "Battle", unit: int) -> int | None:
    return battle.get(unit, Conditions).taunted_by
