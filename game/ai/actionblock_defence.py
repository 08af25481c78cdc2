"""Action Block AI: Defensive Actions, answered on another character's Turn (Dodge
before the To Hit Roll, a Block-family action after a hit, Obstruct Movement), and
the Block stance taken in advance as a Bonus Action.

* Dodge when the drop in expected damage beats a Speed Point.
* Block (and the Shield Block) when the damage it saves, and the drop it prevents,
  beat its Strength.
* Obstruct Movement when a foe tries to charge or to slip out of a melee unit's reach.
"""

from __future__ import annotations

from typing import Any

from game.engine.decisions import TARGET_NONE, Choice, Decision
from game.world.paths import chebyshev
from game.rulesets.actionblock.components import Casting, Health, Points
from game.rulesets.actionblock.stats import distance_ft
from game.ai.actionblock_points import cost_value
from game.ai.actionblock_terms import KILL_WEIGHT, is_melee

Scored = list[tuple[float, Choice]]


def dodge(ai: Any, battle: Any, decision: Decision) -> Scored:
    ctx = decision.context
    saved = ctx["expected_damage_passive"] - ctx["expected_damage_dodging"]
    hp = battle.get(decision.actor, Health).hp
    saved += KILL_WEIGHT * 0.3 * (ctx["hit_passive"] - ctx["hit_dodging"]) * (
        1.0 if ctx["expected_damage_passive"] / max(ctx["hit_passive"], 1e-9) >= hp else 0.0)
    return [(saved - cost_value(ai, battle, decision.actor, "dodge"), decision.option("dodge").choice()),
            (0.0, decision.option("pass").choice())]


def block(ai: Any, battle: Any, decision: Decision) -> Scored:
    ctx = decision.context
    unit = decision.actor
    base_damage = ctx["expected_damage"]["pass"]
    base_drop = ctx["drop_chance"]["pass"]
    stake = drop_stake(ai, battle, unit)
    out = [(0.0, decision.option("pass").choice())]
    for key, expected in ctx["expected_damage"].items():
        if key == "pass":
            continue
        option_key, shield = key.split("+")[0], key.endswith("+shield")
        cost = cost_value(ai, battle, unit, option_key)
        gain = (base_damage - expected) + stake * (base_drop - ctx["drop_chance"][key]) - cost
        opt = decision.option(option_key)
        params = {"shield": "yes" if shield else "no"} if opt.params.get("shield") else {}
        out.append((gain, opt.choice(None, **params)))
    return out


def drop_stake(ai: Any, battle: Any, unit: int) -> float:
    """What going down costs `unit`, in points of damage: `KILL_WEIGHT`, what dropping
    a foe is worth. A level that prices Strength as state (``pool_at_stake``) adds the
    whole pool at its Block price: a unit that goes down loses every point it holds
    and every Restore it would take, so no Strength it saves by a cheaper Block is
    worth a drop chance the dearer one would have spared (issue 27: hard took a Block
    with a one-in-six drop at 3 HP to save the 2 Strength of a safe Heavy Block)."""
    if ai.profile.uses("pool_at_stake"):
        return KILL_WEIGHT + ai.weight("block_strength") * battle.get(unit, Points).max_strength
    return KILL_WEIGHT


def obstruct(ai: Any, battle: Any, decision: Decision) -> Scored:
    unit = decision.actor
    action, to = decision.context["action"], decision.context["to"]
    stopping = action in ("charge", "fast_charge")
    if is_melee(battle, unit) and chebyshev(battle.tile(unit), to) > 1:
        stopping = True  # it is slipping out of reach
    worth = 1.0 if stopping and battle.get(unit, Points).strength >= 1 + 2 else -1.0
    return [(worth, decision.option("obstruct").choice()), (0.0, decision.option("pass").choice())]


def other_reaction(ai: Any, battle: Any, decision: Decision) -> Scored:
    """A prompt with no scorer of its own: pass where it may, else its first answer."""
    opt = decision.option("pass")
    return [(0.0, opt.choice() if opt else first_answer(decision))]


def first_answer(decision: Decision) -> Choice:
    opt = decision.options[0]
    return opt.choice(None if opt.target_kind == TARGET_NONE else opt.targets[0])


#: The Defensive Action prompts by trigger.
REACTIONS = {"dodge": dodge, "block": block, "obstruct": obstruct}


def stance(ai, battle, decision, opt, attack_score):
    """A Block taken in advance pays only against a Gale Burst about to go off (a
    stance ignores knock-back); against attacks a Block after the hit is cheaper."""
    unit = decision.actor
    team = battle.team(unit)
    for caster, casting in battle.query(Casting):
        spell = battle.ruleset.data.spells[casting.spell]
        if (spell.effect == "knockback" and battle.team(caster) != team and casting.remaining <= 1
                and distance_ft(battle, battle.tile(caster), battle.tile(unit)) <= spell.range_ft):
            params = {"kind": opt.params["kind"][-1]}
            if "shield" in opt.params:
                params["shield"] = "yes"
            return [(2.0, opt.choice(None, **params))]
    return []
