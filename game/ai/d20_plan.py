"""The d20 `hard` AI: plans the whole turn before taking its first step.

For the unit's 4 Actions it weighs sequences: move to one of the best few tiles (or
stay), then attack from there (every target × fire mode × location, exact odds from
that tile: `attack_profile(origin=...)`), reloading first when the weapon runs dry;
or attack from where it stands and then move; or lay suppressing fire; or reload with an Action the turn leaves over. Each plan is
valued by the exact expected damage to every victim with its sign (allies against),
a second attack going to another target when the first drops its own, plus
the value of the tile it ends on (the fire it takes there against the fire it can
return: game/ai/d20_ground.py). The first step of the best plan is played; the plan
is made again at the next decision, with the dice's results known.

This is the `hard` level's look-ahead (its Level's depth 1): the same values as the
normal scores (game/ai/d20_values.py, d20_attacks.py), with the level's weights for
the terms a whole turn adds (WEIGHTS: a dropped enemy's later turns, the tile the
turn ends on, a weapon left empty).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import numpy as np

from game.ai import d20_values as values
from game.ai.d20_attacks import BURST_COST, CONE_COST, CONE_SHARE, LOCATIONS, cones, worth_firing
from game.ai.d20_movement import move_actions, move_gains, unit_ground
from game.ai.d20_upkeep import top_up_value
from game.ai.d20_values import END_SCORE
from game.engine import grapple
from game.engine.decisions import Choice, Decision, TileSet
from game.rulesets.d20.attacks import MODE_AMMO, AttackSetup
from game.rulesets.d20.components import Loadout, TurnState
from game.rulesets.d20.options import shot_limits
from game.rulesets.d20.stats import held_weapon

# Measured with `ladder --levels normal,hard --battles 200` at seeds 7 and 11 (1,600
# battles): 6 -> 12 destinations, a drop worth 3 turns of the victim's fire and the
# spare-Action reload together took hard v normal from 58.5% to 60.6%; 12 -> 24 or 48
# destinations to 62.5%, 200 to 63.9% (the ground grid ranks tiles by where to stand,
# not by the shots they open: the best attack tile is often far down its list). Every
# reachable tile (2000) gave 64.4% on seed 7 at 2.5x the decision time. 200 costs a
# hard decision 27 ms at p95 (woodland, hard v hard), against 300 allowed. Flat (within
# noise) and left as they were: END_WEIGHT 0.5 or 2, the cone's weight 0.5 or 1.6, a
# drop's fixed worth 12, damage weighted by threat over hit points, and the ground's
# incoming-fire weight 0.08, 0.25 or 0.4 (0.4 gained on ridge and lost on warehouse).
DESTINATIONS = 200  # the best tiles (by the ground grid) a plan may move to
#: The terms a whole turn's plan adds, by name, with hard's weights (game.ai.d20's
#: LEVELS): a dropped enemy's fire is lost to its side for about 3 more turns; the
#: ground value of the tile the turn ends on; ending the turn with an empty weapon.
DROP_TURNS, END_GROUND, END_EMPTY = "drop_turns", "end_ground", "end_empty"
WEIGHTS = MappingProxyType({DROP_TURNS: 3.0, END_GROUND: 1.0, END_EMPTY: 2.0})
STEP_COST = 0.05  # each Action a plan's move spends (a tie-break toward shorter walks)
KEEP = ("break_free", "stand", "shake_off", "manacle", "release", "approach_strike",
        "restrain", "trip", "disarm", "exit_grapple", "drag", "pick_up", "swap")


def plan_choices(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]] | None:
    """(plan value, first step) for every plan, or None when this decision is not one
    the planner handles (the normal scores answer it)."""
    opts = {o.key: o for o in decision.options}
    unit = decision.actor
    side = battle.team(unit)
    ts = battle.get(unit, TurnState)
    weapon = held_weapon(battle, unit)
    if (weapon is None or not weapon.ranged or grapple.in_grapple(battle, unit)
            or not any(k in opts for k in ("shoot", "move", "reload", "suppress"))):
        return None
    end_ground, end_empty = ai.weight(END_GROUND), ai.weight(END_EMPTY)
    grid = unit_ground(battle, side, unit)
    if grid is None:
        return None
    here = battle.tile(unit)
    loadout = battle.get(unit, Loadout)
    ammo = (loadout.loaded.get(weapon.id, 0), loadout.spare_magazines)
    out: list[tuple[float, Choice]] = []
    # Stay: attack from here with every Action (reloading as needed).
    drop_turns = ai.weight(DROP_TURNS)
    stay, first = _attacks_from(battle, side, unit, here, ts.actions, ammo, opts, drop_turns)
    out.append((stay + end_ground * float(grid[here]), first or opts["end_turn"].choice()
                if "end_turn" in opts else first))
    # Move first, then attack from there.
    if "move" in opts:
        gains = move_gains(battle, unit, grid)
        mask = opts["move"].targets.mask if isinstance(opts["move"].targets, TileSet) else None
        if mask is not None:
            costs = move_actions(battle, unit)
            ranked = np.where(mask, gains, -np.inf).ravel().argsort()[::-1][:DESTINATIONS]
            for flat in ranked:
                tile = np.unravel_index(int(flat), grid.shape)
                tile = (int(tile[0]), int(tile[1]))
                if not mask[tile]:
                    continue
                left = ts.actions - int(costs[tile])
                value, _ = _attacks_from(battle, side, unit, tile, left, ammo, None, drop_turns)
                step = opts["move"].choice(tile)
                if ammo[0] == 0:
                    if left >= 1 and ammo[1] > 0 and "reload" in opts:
                        step = opts["reload"].choice()  # an empty weapon: reload, then go
                    else:
                        value -= end_empty  # it costs an Action next turn
                out.append((value + end_ground * float(grid[tile]) - STEP_COST * int(costs[tile]), step))
            # Attack from here, then move with what is left.
            if "shoot" in opts and ts.actions >= 3:
                value, first = _attacks_from(battle, side, unit, here, 2, ammo, opts, drop_turns)
                reach_left = np.where(mask & (costs <= ts.actions - 2), grid, -np.inf)
                if first is not None and np.isfinite(reach_left.max()):
                    out.append((value + end_ground * float(reach_left.max()), first))
    if "reload" in opts and ammo[0] > 0 and ammo[1] > 0:
        # Reload with an Action the attacks leave over (or instead of a move): worth
        # the Action it saves next turn when what is left would not buy two attacks.
        mode = "double_burst" if weapon.fire_mode == "auto" else (
            "burst" if weapon.fire_mode == "semi" else "single")
        short = ammo[0] < min(weapon.magazine, 2 * MODE_AMMO[mode])
        bonus = end_empty if short else top_up_value(ammo[0], weapon.magazine)
        out.append((bonus + end_ground * float(grid[here]), opts["reload"].choice()))
    if "suppress" in opts:
        for value, choice in cones(battle, side, unit, opts["suppress"]):
            # the cone weighed for the whole turn it costs: normal's score of it
            # (value * CONE_SHARE - CONE_COST) with the share undone, less the cost
            score = value * CONE_SHARE - CONE_COST
            out.append(((score + CONE_COST) / CONE_SHARE - CONE_COST + end_ground * float(grid[here]), choice))
    return [(s, c) for s, c in out if c is not None]


def _attacks_from(battle: Any, side: int, unit: int, tile, actions: int, ammo: tuple[int, int],
                  opts: dict | None, drop_turns: float) -> tuple[float, Choice | None]:
    """The best value of the attacks `actions` Actions buy from `tile` (with a reload
    when the weapon runs dry) and the first step toward them (when `opts` is given:
    the unit stands on `tile`); a drop is worth `drop_turns` turns of the victim's fire."""
    weapon = held_weapon(battle, unit)
    loaded, spares = ammo
    first: Choice | None = None
    if loaded == 0:
        if spares == 0 or actions < 3:
            return 0.0, None
        actions -= 1
        loaded = weapon.magazine
        if opts is not None and "reload" in opts:
            first = opts["reload"].choice()
    if actions < 2:
        return 0.0, first
    modes = ["single"] + (["burst"] if weapon.fire_mode in ("semi", "auto") else []) + \
        (["double_burst"] if weapon.fire_mode == "auto" else [])
    # Kept while the decision waits (a plan asks for its own tile twice): shot_limits
    # also reads who is down, held and spotted, which no key of positions names.
    limits = battle.memo(("d20-ai-plan-shots", unit, tile, tuple(modes), loaded),
                         lambda: shot_limits(battle, unit, tile, modes, loaded))
    shots = []  # (value, drop chance of its target, target, mode, location, rounds)
    for target, lim in limits.items():
        if battle.team(target) == side and len(grapple.group(battle, target)) < 2:
            continue
        setup = AttackSetup(battle, unit, target, tile)
        for mode in worth_firing(lim["mode"]):
            for loc in lim["location"]:
                if loc not in LOCATIONS:
                    continue
                v, drop = values.attack_value_and_drop(battle, side, unit, target, mode, loc, tile, setup,
                                                       threat_turns=drop_turns)
                shots.append((v - BURST_COST.get(mode, 0.0), drop, target, mode, loc, MODE_AMMO[mode]))
    shots = [s for s in shots if s[0] > END_SCORE]  # one that risks more than it gains is not fired
    if not shots:
        return 0.0, first
    shots.sort(key=lambda s: -s[0])
    best = shots[0]
    total = best[0]
    if actions >= 4:
        rounds_left = loaded - best[5]
        same, other = 0.0, 0.0
        for v, drop, target, mode, loc, rounds in shots:
            if rounds > rounds_left:
                continue
            if target == best[2]:
                same = max(same, v)
            else:
                other = max(other, v)
        # The second attack goes to another target when the first drops its own.
        second = (1 - best[1]) * max(same, other) + best[1] * other
        total += max(0.0, second)
    if first is None and opts is not None and "shoot" in opts:
        _, _, target, mode, loc, _ = best
        first = opts["shoot"].choice(target, mode=mode, location=loc)
    return total, first


def hard_choices(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """The normal scores, except that a turn's moves, shots, reloads and cones are
    weighed as whole-turn plans. A special action the normal scores rank first
    (restrain, manacles, standing up...) is kept: the plans do not weigh those."""
    normal = ai.candidate_choices(battle, decision)
    if not normal:
        return normal
    best_normal = max(normal, key=lambda sc: sc[0])
    if best_normal[1].option in KEEP and best_normal[0] > END_SCORE:
        return normal
    plans = plan_choices(ai, battle, decision)
    if not plans:
        return normal
    # Ending the turn is worth the tile it stands on, with no attack.
    return plans
