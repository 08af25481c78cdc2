"""Action Block AI: attacks and grapples, scored with the ruleset's exact odds.

An attack is worth its expected damage plus a bonus for the chance to drop the
target, less what its points are worth now; a target that can Block is expected to
take the cheaper (for it) of the hit or the Block's damage plus its cost. Finishing a
fallen foe is worth little, unless its body closes the way to the others.
"""

from __future__ import annotations

from typing import Any

from game.engine.decisions import Choice, Decision, Option
from game.world.paths import UNREACHABLE, chebyshev, reach
from game.rulesets.actionblock.actions import spinning_targets
from game.rulesets.actionblock.attacks import attack_odds, attack_odds_reduced, attack_profile
from game.rulesets.actionblock.components import Health, Points
from game.rulesets.actionblock.reactions import shield_available
from game.rulesets.actionblock.stats import grappling_item, weapon_of
from game.ai.actionblock_points import cost_value
from game.ai.actionblock_terms import (ATTACK_COST_SHARE, BODY_IN_THE_WAY, FINISH_VALUE, FORCED_BLOCK,
                                       KILL_WEIGHT, foes)

Scored = list[tuple[float, Choice]]
#: A second attack costs what the first of its kind costs.
SECOND_COSTS = {"second_melee": "melee", "second_gun": "gun", "second_aimed": "aimed"}
ATTACK_KEYS = ("melee", "combo", "gun", "aimed", "second_melee", "second_gun", "second_aimed",
               "grapple_attack")


def attacks(ai: Any, battle: Any, decision: Decision) -> Scored:
    """Every attack (target, weapon, modifier) with its score, kept for the decision
    (the Turn's other scorers read the best of them). Equal ones are left to the
    random tie-break (taking the first in unit-id order made one side's AI focus
    differently from the other's on a point-symmetric map)."""
    return battle.memo(("actionblock-ai-attacks", ai.level),
                       lambda: _attacks(ai, battle, decision))


def best_attack(ai: Any, battle: Any, decision: Decision) -> float:
    """The best attack's score (0 when there is none)."""
    return max((score for score, _ in attacks(ai, battle, decision)), default=0.0)


def _attacks(ai: Any, battle: Any, decision: Decision) -> Scored:
    unit = decision.actor
    out: Scored = []
    # Each target's parts of the profiles and its expected Block, shared by every
    # attack at it (nothing changes meanwhile).
    memo: dict = {}
    offered = {o.key: o for o in decision.options}
    for key in ATTACK_KEYS:
        opt = offered.get(key)
        if opt is None:
            continue
        cost = ATTACK_COST_SHARE * cost_value(ai, battle, unit, SECOND_COSTS.get(key, key))
        for target in opt.targets:
            params = opt.params_for(target)
            spinning = "spinning_strike" in params.get("modifier", ())
            for w in params.get("weapon", (None,)):
                # What opt.choice(target, weapon=w) gives, built directly.
                choice = Choice(key, target, (("weapon", w),) if w is not None else ())
                # The same numbers as ruleset.odds, the profile kept for the Block check.
                profile = attack_profile(battle, unit, target, key, w or grappling_item(battle, unit), memo=memo)
                o = attack_odds(profile)
                out.append((attack_value(ai, battle, decision, choice, o, profile, memo) - cost, choice))
                if spinning:
                    spin = opt.choice(target, weapon=w, modifier="spinning_strike")
                    out.append((spinning_value(ai, battle, decision, spin) - cost, spin))
    return out


def attack_value(ai: Any, battle: Any, decision: Decision, choice: Choice, o: Any, profile: Any = None,
                 memo: dict | None = None) -> float:
    """Expected damage and the chance to drop the target; a target that can Block
    is expected to take the cheaper of the hit or the Block's damage plus its cost."""
    target = choice.target
    h = battle.get(target, Health)
    if h.unconscious:
        # Finishing a fallen foe: it can no longer be healed back, and its body no
        # longer stops a move (it may be stepped over, never stood on), which ends
        # corridor stand-offs across a body.
        p_kill = o.chance_at_least(1)
        if p_kill <= 0:
            return 0.0
        return p_kill * (FINISH_VALUE + (BODY_IN_THE_WAY if body_blocks(battle, decision.actor, target) else 0.0))
    value = o.expected_damage + KILL_WEIGHT * o.chance_at_least(max(1, h.hp))
    if battle.get(target, Points).strength >= 2 and o.expected_damage > 0 and choice.option in ATTACK_KEYS:
        blocked = blocked_odds(battle, decision, choice, profile, memo)
        guarded = (blocked.expected_damage + KILL_WEIGHT * blocked.chance_at_least(max(1, h.hp))
                   + FORCED_BLOCK)
        value = min(value, guarded)
    return value


def blocked_odds(battle: Any, decision: Decision, choice: Choice, profile: Any = None,
                 memo: dict | None = None):
    """The attack's odds if the target Blocks (and Shield Blocks when it may).
    `memo`: the caller's dict for one decision, where the target's expected Block
    parts are kept (the same for every attack at it)."""
    unit, target = decision.actor, choice.target
    if profile is None:
        item = choice.param("weapon") or grappling_item(battle, unit)
        profile = attack_profile(battle, unit, target, choice.option, item)
    extra = None if memo is None else memo.get(("block", target))
    if extra is None:
        extra = (("Block Stance (expected)", 5),)
        shield = shield_available(battle, target)
        if shield is not None:
            extra += (("Shield Block (expected)", weapon_of(battle, target, shield).block_bonus[0]),)
        if memo is not None:
            memo[("block", target)] = extra
    return attack_odds_reduced(profile, extra)


def spinning_value(ai: Any, battle: Any, decision: Decision, choice: Choice) -> float:
    """Spinning Strike: the sum over every enemy in reach (no Charge bonus)."""
    total = 0.0
    for t in spinning_targets(battle, decision.actor):
        one = Choice(choice.option, t, (("weapon", choice.param("weapon")),))
        o = attack_odds(attack_profile(battle, decision.actor, t, choice.option,
                                       choice.param("weapon"), charge=False))
        total += attack_value(ai, battle, decision, one, o)
    return total


def body_blocks(battle: Any, unit: int, body: int) -> bool:
    """The fallen `body` stands between `unit` and the standing foes: with its tile
    closed the walk to the nearest foe grows by more than a step (or is cut)."""
    standing = foes(battle, unit)
    if not standing or chebyshev(battle.tile(unit), battle.tile(body)) > 2:
        return False  # only a body next to it (or a step away) stands in its way
    others = tuple(sorted(battle.tile(u) for u in battle.units(active_only=True) if u != unit))
    key = (battle.tile(unit), battle.tile(body), others, tuple(sorted(battle.tile(f) for f in standing)))
    return battle.kept.get("actionblock-ai-body", key,
                           lambda: _body_blocks(battle, unit, body, list(others), standing))


def _body_blocks(battle: Any, unit: int, body: int, others: list, standing: list[int]) -> bool:
    goals = [(battle.tile(f)[0] + dx, battle.tile(f)[1] + dy) for f in standing
             for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    goals = [g for g in goals if battle.map.in_bounds(*g)]

    def walk(closed, limit=None):
        cost = reach(battle.map, battle.tile(unit), 10 ** 6, others + closed, limit=limit).cost
        return min((int(cost[g]) for g in goals), default=UNREACHABLE)
    open_way = walk([])
    if open_way >= UNREACHABLE:
        return True  # cut off already: closing the body's tile cannot open a way
    # Only whether the closed way exceeds open_way + 1 matters: the search stops
    # there (costs beyond it read UNREACHABLE, which answers the same).
    closed_way = walk([battle.tile(body)], limit=open_way + 1)
    return closed_way >= UNREACHABLE or closed_way > open_way + 1


# --- grapples (option scorers: (ai, battle, decision, option, best attack)) ----------------
def grapple(ai, battle, decision, opt: Option, attack_score):
    unit = decision.actor
    w = weapon_of(battle, unit, grappling_item(battle, unit))
    if w.id == "unarmed":
        return []  # an unarmed grapple does no damage worth a Turn
    follow = (w.grapple_dice.count * 3.5 + w.grapple_dice.modifier) * 0.8 + 1.0
    best: Scored = []
    for target in opt.targets:
        choice = opt.choice(target)
        p = battle.ruleset.odds(battle, decision, choice).hit
        best.append((p * follow - cost_value(ai, battle, unit, "grapple"), choice))
    return best


def break_grapple(ai, battle, decision, opt: Option, attack_score):
    choice = opt.choice(opt.targets[0])
    p = battle.ruleset.odds(battle, decision, choice).hit
    # Held, it cannot move and takes an automatic Grapple Attack every Turn.
    return [(p * 10.0 - cost_value(ai, battle, decision.actor, "break_grapple"), choice)]


def maintain_grapple(ai, battle, decision, opt: Option, attack_score):
    return [(4.0, opt.choice())]
