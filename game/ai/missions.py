"""A mission's objectives for the AI: candidate actions and terms shared by every ruleset.

The engine scores the mission (game/engine/objectives.py); this module tells every
ruleset's AI what the mission is worth, once, over a battle it only reads. Values are
reckoned in victory points and turned into a ruleset's own score units by its AI's
`POINT_VALUE` (what a point is worth there: about taking an enemy out).

* **Ground** (`ground`, in game/ai/mission_ground.py): what standing on each tile at
  the round's end is worth to a unit: a hold zone's points (scored, or denied to an
  enemy standing in it), an exit of its side, and the walk toward the best of them; a
  VIP's exposure to the enemies' sight. A VIP whose fall loses the battle never holds
  a zone while an ally stands, keeps out of sight, and counts its own stake in its
  exit (once off the board it cannot fall); its escort stays until it is off.
* **Terms** (`weigh`): every choice that moves the unit gains what its end tile's
  ground gains over the tile it leaves (so a ruleset's own move that would step out of a
  zone at the round's end pays for it); an attack on an enemy VIP counts far above
  others (`VIP_HUNT`), one on an enemy about to score or deny points (in a hold zone,
  near its exit) above others by those points (`THREAT_HUNT`).
* **Candidates** (`candidates`): a move to the best ground within reach, and `leave`
  by an exit (the engine offers it to a unit standing in its side's exit) worth the
  exit's points.

A zone's worth grows as the battle's end nears, and more when its points decide the
battle (they reach the victory points, or change who leads on the last round).
Nothing here exists in a plain battle: `candidates` is empty and `weigh` changes no
score, so plain battles play as before.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.ai.mission_clock import MOVING
from game.ai.mission_ground import exit_worth, ground, scenario_of, seen_by_enemies, threat
from game.ai.mission_vip import VIP_STAKE, escorting
from game.ai.side_frame import forward_key, turned
from game.engine import objectives
from game.engine.decisions import DECLARE, TARGET_TILE, TURN, Choice, Decision, TileSet

Scored = list[tuple[float, Choice]]

LEAVE = objectives.LEAVE  # the engine's exit option (no target)
#: The decisions where a unit chooses its own action (fate declares its actions first).
OWN_ACTION = (TURN, DECLARE)

VIP_HUNT = 3.0  # an attack on an enemy VIP counts (1 + this) times its value
THREAT_HUNT = 0.5  # ... on an enemy about to score or deny points: 1 + this x those points


def plays(ai: Any, battle: Any) -> bool:
    """Does this AI weigh the battle's mission? (none in a plain battle; an AI whose
    `plays_mission` is off ignores it, the yardstick of tests.mission_ladder)"""
    return getattr(ai, "plays_mission", True) and scenario_of(battle) is not None


def point_value(ai: Any) -> float:
    """A victory point in the ruleset's score units."""
    return float(getattr(ai, "POINT_VALUE", 1.0))


# --- terms ------------------------------------------------------------------------------
def weigh(ai: Any, battle: Any, decision: Decision, scored: Scored) -> Scored:
    """The mission's terms added to the scored choices: a move gains what its end tile's
    ground gains over the unit's tile; an attack on an enemy VIP counts far above others."""
    if not scored or not plays(ai, battle):
        return scored
    unit = decision.actor
    side = battle.team(unit)
    value = point_value(ai)
    offensive = {o.key for o in decision.options if o.offensive}
    grid = None
    out: Scored = []
    for score, choice in scored:
        if choice.option in MOVING and isinstance(choice.target, tuple) and decision.kind in OWN_ACTION:
            if grid is None:
                grid = ground(battle, unit)
                here = float(grid[battle.tile(unit)])
            score += value * (float(grid[choice.target]) - here)
        elif choice.option in offensive and isinstance(choice.target, int) and score > 0:
            score *= hunted(ai, battle, side, choice.target)
        out.append((score, choice))
    return out


def hunted(ai: Any, battle: Any, side: int, target: int) -> float:
    """How many times an attack on `target` counts for `side`: 1 + VIP_HUNT on the enemy
    VIP; 1 + THREAT_HUNT x its threat (the points it is about to score or deny: in a
    hold zone, near its exit) on another enemy; else 1. A ruleset whose candidate
    offers only its best target picks it with this factor (the base's `weigh` then
    applies it to the score)."""
    if not plays(ai, battle) or battle.team(target) == side or not battle.active(target):
        return 1.0
    if battle.has(target, objectives.Vip):
        return 1.0 + VIP_HUNT
    return 1.0 + THREAT_HUNT * battle.memo(("mission threat", target),
                                           lambda: threat(battle, scenario_of(battle), target))


# --- candidates --------------------------------------------------------------------------
def to_the_ground(ai: Any, battle: Any, decision: Decision) -> Scored:
    """A move to the best ground within reach, for each moving option (its worth is the
    ground's gain, added by `weigh`): a ruleset's own moves look for a fight, this one
    for the mission."""
    if decision.kind not in OWN_ACTION:
        return []
    grid = None
    out: Scored = []
    for option in decision.options:
        if option.key not in MOVING or option.target_kind != TARGET_TILE or option.key == "drag":
            continue
        grid = ground(battle, decision.actor) if grid is None else grid
        side = battle.team(decision.actor)
        tile = best_tile(grid, option.targets, battle.map.shape, seen_by_enemies(battle, side),
                         battle.tile(decision.actor), turned(battle.map, side))
        if tile is not None and grid[tile] > grid[battle.tile(decision.actor)]:
            params = {name: values[0] for name, values in option.params_for(tile).items()}
            out.append((0.0, option.choice(tile, **params)))
    return out


def best_tile(grid: np.ndarray, targets: Any, shape: tuple[int, int], seen: np.ndarray,
              here: tuple[int, int], turn: bool = False) -> tuple[int, int] | None:
    """The target tile of highest ground; among equals, the one the fewest enemies see
    (a holder in cover, not in the open: watched, d20 Three Farms mirror, side 1's
    holders took the west edge of each zone and side 2's the same edge, the deeper one,
    by a tie-break on x alone), then the nearest to `here`, then forward first: the
    higher x, then y, in the side's own frame (`turn`: the map turned half round, see
    `side_frame.turned`). Both sides go the same way on a point-mirrored map; forward
    rather than back, because a side whose ties went back lost ground (fate's Three
    Farms, aware vs blind, 100 battles: 61% back first, 70% forward first)."""
    if isinstance(targets, TileSet):
        mask = targets.mask
    else:
        tiles = list(targets)
        if not tiles:
            return None
        mask = np.zeros(shape, bool)
        xs, ys = zip(*tiles)
        mask[list(xs), list(ys)] = True
    if not mask.any():
        return None
    masked = np.where(mask, grid, -np.inf)
    top = mask & (masked >= masked.max() - 1e-9)
    xs, ys = np.nonzero(top)
    walk = np.maximum(np.abs(xs - here[0]), np.abs(ys - here[1]))
    i = min(range(len(xs)), key=lambda k: (seen[xs[k], ys[k]], walk[k], *forward_key(xs[k], ys[k], turn)))
    return int(xs[i]), int(ys[i])


def leave(ai: Any, battle: Any, decision: Decision) -> Scored:
    """Leaving by the exit the unit stands in: worth the exit's points (with their
    lateness and whether they decide), against whatever fighting on is worth. The side's
    last standing unit leaves only when its points win the battle."""
    option = decision.option(LEAVE)
    if option is None:
        return []
    scenario = scenario_of(battle)
    unit = decision.actor
    side = battle.team(unit)
    zone = objectives.exit_here(battle, unit)  # the exit the engine will score
    if zone is None:
        return []
    totals = objectives.points(battle)
    worth = exit_worth(battle, scenario, unit, side, zone, totals)
    if worth <= 0 or escorting(battle, scenario, unit, side):
        return []  # nothing to score, or its VIP still needs it on the board
    # The last unit to leave leaves no side to fight: the battle ends at once, on the
    # points, or as the side holding out's win (objectives.holds_out_alone).
    if len(battle.units(side, active_only=True)) <= 1:
        after = dict(totals)
        after[side] = after.get(side, 0) + zone.points
        leads = all(after[side] > p for t, p in after.items() if t != side)
        rest = [t for t in battle.standing_teams() if t != side]
        if not leads or objectives.holds_out_alone(battle, rest, after) is not None:
            return [(-point_value(ai) * VIP_STAKE, option.choice())]
    return [(point_value(ai) * worth, option.choice())]


CANDIDATES = (to_the_ground, leave)


def candidates(ai: Any, battle: Any) -> tuple:
    """The mission's candidate actions: none in a plain battle."""
    return CANDIDATES if plays(ai, battle) else ()
