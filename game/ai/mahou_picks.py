"""Picks and small reactions: a critical's effect, where a thrown foe lands, which
refund to take, when to use held hand actions, and holding on when pulled."""

from __future__ import annotations

from typing import Any

from game.ai.mahou_read import can_strike, cheb, hands_left, pass_on
from game.engine.decisions import TARGET_NONE, Choice, Decision

#: A precise critical's effects, best first while no ally stands beside the target:
#: a weapon knocked loose costs it a hand to pick up, a lost primary its next blow.
CRITICAL_ORDER = ("drop_weapon", "lose_primary", "drop_shield", "fall", "lose_moves")
REFUNDS = ("refund_escape", "refund_primary", "refund_offhand", "refund_move", "refund_speak")


def pick(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    return [(1.0, _pick(battle, decision))]


def _pick(battle: Any, decision: Decision) -> Choice:
    trigger = decision.context.get("trigger")
    keys = [o.key for o in decision.options]
    if trigger == "precise_critical":
        # Fallen, the foe is −2 to its passive defences at once (and spends 20 ft
        # rising): best while allies stand next to it to strike this round.
        target = decision.context.get("target")
        order = CRITICAL_ORDER
        if target is not None and "fall" in keys:
            team = battle.team(decision.actor)
            allies = [u for u in battle.units(team, active_only=True) if u != decision.actor
                      and cheb(battle.tile(u), battle.tile(target)) <= 1]
            if len(allies) >= 1:
                order = ("fall",) + order
        for key in order:
            if key in keys:
                return decision.option(key).choice()
    if trigger == "escaped" and "reverse" in keys:
        return decision.option("reverse").choice()
    if trigger == "throw":
        opt = decision.options[0]
        walls = [t for t in opt.targets if not battle.map.walkable[t]]
        pool = walls or list(opt.targets)
        here = battle.tile(decision.actor)
        return opt.choice(max(pool, key=lambda t: (cheb(t, here), t)))
    for key in REFUNDS:
        if key in keys:
            return decision.option(key).choice()
    opt = decision.options[0]
    return opt.choice(opt.targets[0] if opt.target_kind != TARGET_NONE else None)


def held(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """Use held hand actions when a foe can be struck now."""
    can = hands_left(battle, decision.actor) > 0 and can_strike(battle, decision.actor)
    act, wait = decision.option("act_now").choice(), decision.option("pass").choice()
    return [(1.0 if can else 0.0, act), (0.5, wait)]


def pulled(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """Pulled at, hold on with the last hand offered."""
    opt = decision.option("grab_on")
    if not opt:
        return [(0.0, pass_on(decision))]
    return [(1.0, opt.choice(None, hand=opt.params["hand"][-1])), (0.0, pass_on(decision))]
