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
from game.engine.events import ConditionChanged
from game.rulesets.actionblock.attacks import (STANCE_NAMES, STANCE_PDR, AttackProfile, attack_odds,
                                               barrier_left, damage_reductions, hit_damage_against,
                                               profile_with, refresh_reductions, roll_chances)
from game.rulesets.actionblock.components import Conditions, Health, Stance, TurnState
from game.rulesets.actionblock.costs import can_afford, pay
from game.rulesets.actionblock.stats import shield_item, weapon_of

if TYPE_CHECKING:
    from game.engine.battle import Battle

Flow = Generator[Decision, Choice, AttackProfile]
BLOCKS = {"block": 1, "heavy_block": 2, "super_block": 3}
BLOCK_HOTKEYS = {"block": "b", "heavy_block": "h", "super_block": "s"}


def article(noun: str) -> str:
    """"an" before a vowel sound ("an Aimed Attack"), else "a"."""
    return "an" if noun[:1].lower() in "aeiou" else "a"


def can_react(battle: "Battle", unit: int) -> bool:
    """Conscious and in the fight ([PROP] a Stunned character still defends itself)."""
    health = battle.get(unit, Health)
    return battle.active(unit) and not health.unconscious and not health.dead


# --- Dodge --------------------------------------------------------------------------------
def dodge_decision(battle: "Battle", profile: AttackProfile,
                   bullet: tuple[int, int] | None = None) -> Decision | None:
    """The Dodge prompt before a To Hit Roll; `bullet` (n, of) for one shotgun bullet
    ("a dodging target dodges each bullet separately"): then `profile` is that bullet."""
    target = profile.target
    if profile.to_hit_dice == 0 or not can_react(battle, target) or not can_afford(battle, target, "dodge"):
        return None
    p_passive, _ = roll_chances(profile)
    active = profile_with(profile, dodging=True)
    p_active, _ = roll_chances(active)
    if abs(p_passive - p_active) < 1e-12:
        return None
    return Decision(
        target, battle.team(target), REACTION,
        (Option("dodge", "Dodge", "0 Str, 1 Spd", hotkey="d",
                description=f"Use Active Evasion {active.evasion} instead of Passive Evasion "
                            f"{profile.evasion}: hit chance {p_passive:.0%} → {p_active:.0%}."),
         Option("pass", "Don't dodge", hotkey="n")),
        f"{battle.name(profile.attacker)} makes {article(profile.label)} {profile.label} at {battle.name(target)}"
        + (f" (bullet {bullet[0]} of {bullet[1]})" if bullet else "") + ": Dodge before the roll?",
        {"trigger": "dodge", "attacker": profile.attacker, "target": target,
         "action": profile.action, "bullet": bullet[0] if bullet else 0,
         "bullets": bullet[1] if bullet else 1, "hit_passive": p_passive, "hit_dodging": p_active,
         "expected_damage_passive": attack_odds(profile).expected_damage,
         "expected_damage_dodging": attack_odds(active).expected_damage})


def ask_dodge(battle: "Battle", profile: AttackProfile, bullet: tuple[int, int] | None = None) -> Flow:
    decision = dodge_decision(battle, profile, bullet)
    if decision is None:
        return profile
    choice = yield decision
    if choice.option != "dodge":
        return profile
    which = f", bullet {bullet[0]}" if bullet else ""
    pay(battle, profile.target, "dodge", f"(Active Evasion against {battle.name(profile.attacker)}{which})")
    return profile_with(profile, dodging=True)


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
        reduction = sum(v for _, v in damage_reductions(battle, profile.target, profile.damage_type))
        absorb = barrier_left(battle, profile.target, profile.damage_type)
    finally:
        stance.level, stance.shield = saved
    total: odds.Dist = {0: 1.0}
    for critical in criticals:
        total = odds.add(total, hit_damage_against(profile, critical, reduction, absorb))
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
    useful = []
    for opt in options:
        # [GAME] pointless answers are not offered: a stance that leaves the damage as
        # it is (a Tesla's spell damage is reduced by Spell DR, not by a Block's PDR),
        # or a Shield Block that adds nothing.
        dists = {shield: damage_if(battle, profile, criticals, BLOCKS[opt.key], shield)
                 for shield in ((False, True) if opt.params.get("shield") else (False,))}
        if all(d == now for d in dists.values()):
            continue
        if True in dists and dists[True] == dists[False]:
            del dists[True]
            opt = replace(opt, params={})
        useful.append(opt)
        for shield, dist in dists.items():
            key = opt.key + ("+shield" if shield else "")
            outcomes[key] = (odds.mean(dist), sum(p for v, p in dist.items() if v >= hp))
    if not useful:
        return None
    options = useful
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


def end_stance(battle: "Battle", unit: int, why: str = "") -> None:
    """[PROP] a stance stops one blow: it ends once an attack that hit the blocker has
    dealt its damage, or at the start of the blocker's next Turn."""
    stance = battle.get(unit, Stance)
    if stance.level and why:
        battle.emit(ConditionChanged(unit, battle.name(unit), STANCE_NAMES[stance.level], False, why))
    stance.level, stance.shield = 0, None


def taunt_holds(battle: "Battle", unit: int) -> int | None:
    return battle.get(unit, Conditions).taunted_by
