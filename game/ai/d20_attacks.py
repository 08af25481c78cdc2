"""The d20 AI's attacks: shots, blows, contests and cones, each valued by exact odds.

Candidate actions `(ai, battle, decision) -> [(score, Choice)]` (game.ai.base), in
hit points of damage (game/ai/d20_values.py). An attack counts every possible victim
of the shot with its sign, so a burst into a Grapple that holds an ally, or a cone
over a friend, pays for the risk. Trip, restrain and disarm are weighed by their
exact contest odds against the attacks on offer.
"""

from __future__ import annotations

from typing import Any

from game import kept
from game.ai import d20_values as values
from game.engine import grapple
from game.engine.decisions import Choice, Decision, Option
from game.rulesets.d20.components import TurnState
from game.rulesets.d20.stats import held_weapon
from game.rulesets.d20.suppression import cone

BURST_COST = {"single": 0.0, "burst": 0.25, "double_burst": 0.6}  # rounds are finite
LOCATIONS = ("torso", "head", "untargeted")  # the locations weighed (arms and legs never pay)
# Suppressing fire costs the whole turn: a cone's value counts at CONE_SHARE (the two
# attacks the turn would buy otherwise), less CONE_COST.
CONE_SHARE = 0.5
CONE_COST = 1.0
CONTESTS = ("trip", "disarm", "restrain")


def options_of(decision: Decision) -> dict[str, Option]:
    return {o.key: o for o in decision.options}


# --- candidates ----------------------------------------------------------------------
def attacks(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """An approach strike, a shot or a melee attack: every target, fire mode and
    location, valued by the expected damage to every victim (values.attack_value)."""
    opts = options_of(decision)
    side, unit = battle.team(decision.actor), decision.actor
    out: list[tuple[float, Choice]] = []
    for key in ("approach_strike", "shoot", "melee"):
        if key in opts:
            out += scored_attacks(battle, side, unit, opts[key])
    return out


def reaction(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """A reaction: letting it pass (worth nothing), or a reaction strike."""
    out = [(0.0, decision.options[-1].choice())]
    strike = decision.option("reaction_strike")
    if strike is not None:
        out += scored_attacks(battle, battle.team(decision.actor), decision.actor, strike)
    return out


def contests(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """Trip, disarm and restrain each enemy in reach, by their exact contest odds."""
    opts = options_of(decision)
    unit = decision.actor
    side = battle.team(unit)
    out = []
    left = battle.get(unit, TurnState).actions - 2
    for key in CONTESTS:
        opt = opts.get(key)
        if opt is None:
            continue
        for target in opt.targets:
            if key == "trip":
                v = values.trip_value(battle, side, unit, target)
            elif key == "disarm":
                v = values.disarm_value(battle, side, unit, target)
            else:
                v = values.restrain_value(battle, side, unit, target, left)
            out.append((v, plain_choice(key, target)))
    return out


def suppressing_fire(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """A cone aimed at each enemy in the field of fire, valued by the exact Willpower
    odds of everyone caught (allies against), at CONE_SHARE less CONE_COST."""
    opt = decision.option("suppress")
    if opt is None:
        return []
    side, unit = battle.team(decision.actor), decision.actor
    return [(value * CONE_SHARE - CONE_COST, choice) for value, choice in cones(battle, side, unit, opt)]


# --- the values ----------------------------------------------------------------------
def scored_attacks(battle: Any, side: int, unit: int, opt: Option) -> list[tuple[float, Choice]]:
    """Every target × fire mode × location (torso, head or untargeted) of one attack
    option, each valued by the expected damage to every victim with its sign."""
    out = []
    for target in opt.targets:
        if battle.team(target) == side and len(grapple.group(battle, target)) < 2:
            continue  # never an attack on an ally (one in a Grapple is a target's mate)
        limits = opt.params_for(target)
        if "mode" in limits:
            kinds = [("mode", m) for m in worth_firing(limits["mode"])]
        elif "kind" in limits:
            kinds = [("kind", k) for k in limits["kind"]]
        else:
            kinds = [(None, "melee")]
        locations = [l for l in limits.get("location", ("torso",)) if l in LOCATIONS]
        setup = values.attack_setup(battle, unit, target)
        for param, kind in kinds:
            for loc in locations:
                score = values.attack_value(battle, side, unit, target, kind, loc, setup)
                score -= BURST_COST.get(kind, 0.0)
                out.append((score, attack_choice(opt.key, target, "location" in limits and loc,
                                                 param, kind)))
    return out


def worth_firing(modes: tuple[str, ...]) -> tuple[str, ...]:
    """The fire modes weighed: a burst dominates a single shot."""
    if "burst" in modes:
        return tuple(m for m in modes if m != "single")
    return modes


def cones(battle: Any, side: int, unit: int, opt: Option) -> list[tuple[float, Choice]]:
    """(a turn's worth, the choice) of a cone aimed at each enemy in the field of fire
    that catches one: the exact Willpower odds of everyone caught (values.cone_value)."""
    weapon = held_weapon(battle, unit)
    reach_tiles = weapon.ranges_ft[0] // battle.map.feet_per_tile
    here = battle.tile(unit)
    out = []
    aims = sorted({battle.tile(e) for e in battle.units(active_only=True)
                   if battle.team(e) != side and battle.tile(e) in opt.targets})
    for aim in aims:
        tiles = cone(battle, here, aim, reach_tiles)
        value, caught = values.cone_value(battle, side, unit, tiles, weapon)
        if caught:
            out.append((value, opt.choice(aim)))
    return out


# --- the choices (a Choice never changes: one serves every decision that weighs it) ----
@kept.pure("d20-ai-plain-choices")
def plain_choice(key: str, target=None) -> Choice:
    """The Choice of an option with no parameters (`Option.choice(target)`): ending the
    turn, a reload, a contest, a move."""
    return Choice(key, target)


@kept.pure("d20-ai-attack-choices")
def attack_choice(key: str, target: int, loc, param, kind) -> Choice:
    """The Choice of an attack; `loc` False when the option has no location."""
    params = {"location": loc} if loc is not False else {}
    if param is not None:
        params[param] = kind
    return Choice(key, target, tuple(sorted(params.items())))
