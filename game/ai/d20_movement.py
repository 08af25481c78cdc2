"""The d20 AI's movement: where to walk, and where to drag a Grapple.

A move reads the unit's tile-value grid (game/ai/d20_ground.py: the fire the unit can
return from a tile against the fire the enemies can put on it there), plus keeping
two Actions for an attack, less a little per Action spent and what standing in a
cone of suppressing fire costs. Candidate actions `(ai, battle, decision) ->
[(score, Choice)]` (game.ai.base).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game import kept
from game.ai import d20_values as values
from game.ai.base import TIE
from game.ai.d20_attacks import plain_choice
from game.ai.d20_ground import best_dealt, ground, ground_at
from game.engine import grapple
from game.engine.decisions import Choice, Decision, TileSet
from game.rulesets.d20.checks import chance_check
from game.rulesets.d20.components import TurnState
from game.rulesets.d20.options import move_reach
from game.rulesets.d20.stats import held_weapon, speed_ft, template
from game.rulesets.d20.suppression import zones

KEEP_ATTACK = 0.8  # a move that leaves two Actions for an attack
ACTION_COST = 0.4  # each Action a move spends
DRAG_DC = 13  # rule text: moving a Melee takes an Athletics DC 13 check


# --- candidates ----------------------------------------------------------------------
def movement(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """The best tile a move may end on, by what it gains over staying (move_gains)."""
    opt = decision.option("move")
    if opt is None:
        return []
    unit = decision.actor
    grid = unit_ground(battle, battle.team(unit), unit)
    if grid is None:
        return []
    gain = move_gains(battle, unit, grid)
    if isinstance(opt.targets, TileSet):
        offered = opt.targets.mask
    else:
        offered = np.zeros(battle.map.shape, bool)
        offered[tuple(np.array(list(opt.targets)).T)] = True
    gain = np.where(offered, gain, -np.inf)
    best = np.unravel_index(int(np.argmax(gain)), gain.shape)
    tile = (int(best[0]), int(best[1]))
    if not np.isfinite(gain[tile]):
        return []
    return [(float(gain[tile]), plain_choice("move", tile))]


def dragging(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """Hauling the Grapple one tile (1 Action): worth what the tile gains on the
    ground grid (cover, out of the enemies' sight), less the Action; a Melee's
    Athletics DC 13 check is weighed by its exact odds."""
    opt = decision.option("drag")
    if opt is None:
        return []
    unit = decision.actor
    grid = unit_ground(battle, battle.team(unit), unit)
    if grid is None:
        return []
    here = grid[battle.tile(unit)]
    p = 1.0 if len(grapple.group(battle, unit)) <= 2 else chance_check(template(battle, unit).athletics, DRAG_DC)
    return [(p * float(grid[t] - here) - ACTION_COST, opt.choice(t)) for t in opt.targets]


def move_may_win(battle: Any, decision: Decision, best: float) -> bool:
    """Could a move score at least `best` (see move_gains)? First against the most
    any tile can be worth (its value's other terms are costs), over staying (one
    tile's value); then against the best tile value within the reach's square (each
    step costs at least one tile of movement). A move that cannot is not worked out:
    its tiles (the costliest part of a turn's options) are never read."""
    unit = decision.actor
    inputs = ground_inputs(battle, battle.team(unit), unit)
    if inputs is None:
        return False
    x, y = battle.tile(unit)
    cones = cone_costs(battle, unit)
    # (kept per tile and inputs: a unit that shoots, or waits, asks again next Action)
    here = battle.kept.get("d20-ai-grounds", ("at", x, y, inputs),
                           lambda: ground_at(battle.map, (x, y), *inputs))
    here -= cones[x, y] if isinstance(cones, np.ndarray) else cones
    if best_dealt(inputs[1], inputs[2]) - here < best - TIE:
        return False
    grid = ground(battle, *inputs)
    if isinstance(cones, np.ndarray):
        grid = grid - cones
    ts = battle.get(unit, TurnState)
    speed, fpt = speed_ft(battle, unit), battle.map.feet_per_tile
    r = (ts.move_left_ft + ts.actions * speed) // fpt
    x0, y0 = max(0, x - r), max(0, y - r)
    window = grid[x0:x + r + 1, y0:y + r + 1]
    # A path is never shorter than the Chebyshev distance: the fewest Actions any
    # tile can cost, so move_gains's terms for them are bounds too.
    keep, spent = _square_terms(r, fpt, ts.move_left_ft, speed, ts.actions)
    part = (slice(x0 - x + r, x0 - x + r + window.shape[0]), slice(y0 - y + r, y0 - y + r + window.shape[1]))
    gain = window + keep[part] - spent[part]
    # Nobody ends a move on a wall.
    gain = np.where(battle.map.walkable[x0:x + r + 1, y0:y + r + 1], gain, -np.inf)
    gain[x - x0, y - y0] = -np.inf  # staying is not a move
    return float(gain.max()) - (grid[x, y] + (KEEP_ATTACK if ts.actions >= 2 else 0.0)) >= best - TIE


# --- what a tile is worth to a unit ------------------------------------------------------
def ground_inputs(battle: Any, side: int, unit: int) -> tuple | None:
    """What `unit`'s tile-value grid depends on: (its reach in tiles, its punch, its
    melee punch, the enemies described); None when no enemy is left."""
    def compute():
        described = enemies_described(battle, side)
        if not described:
            return None
        return (_reach_tiles(battle, unit), round(values.threat(battle, unit), 2),
                round(values.melee_threat(battle, unit), 2), described)
    return battle.memo(("d20-ai-ground-inputs", side, unit), compute)


def unit_ground(battle: Any, side: int, unit: int):
    """The tile-value grid for `unit` against the enemies where they stand now."""
    inputs = ground_inputs(battle, side, unit)
    return None if inputs is None else ground(battle, *inputs)


def enemies_described(battle: Any, side: int) -> tuple:
    """Every enemy as (tile, reach in tiles, threat): what the grids depend on."""
    out = []
    for e in battle.units(active_only=True):
        if battle.team(e) != side:
            out.append((battle.tile(e),) + _reach_and_threat(battle, e))
    out.sort()
    return tuple(out)


def _reach_and_threat(battle: Any, unit: int) -> tuple[int, float]:
    """(reach in tiles, threat rounded) of a unit: kept per what they read (the key of
    values.threat; the reach reads the held weapon, which that key names)."""
    return battle.kept.get("d20-ai-threats", ("reach", values.threat_key(battle, unit)),
                           lambda: (_reach_tiles(battle, unit), round(values.threat(battle, unit), 2)))


def _reach_tiles(battle: Any, unit: int) -> int:
    weapon = held_weapon(battle, unit)
    return weapon.ranges_ft[-1] // battle.map.feet_per_tile if weapon is not None and weapon.ranged else 1


def move_gains(battle: Any, unit: int, grid: np.ndarray) -> np.ndarray:
    """What moving to each tile gains over staying: the tiles' values, plus keeping two
    Actions for an attack, less a little per Action spent. Only the tiles a move may
    end on (move cost within the budget) are meaningful: the others read one tile
    beyond the budget's terms."""
    ts = battle.get(unit, TurnState)
    cost, (_, keep, spent) = reach_terms(battle, unit)
    cones = cone_costs(battle, unit)
    if isinstance(cones, np.ndarray):
        grid = grid - cones
    gain = grid + keep.take(cost) - spent.take(cost)
    return gain - (grid[battle.tile(unit)] + (KEEP_ATTACK if ts.actions >= 2 else 0.0))


def move_actions(battle: Any, unit: int) -> np.ndarray:
    """The Actions a move to each tile spends (meaningful on the tiles a move may end on)."""
    cost, (actions, _, _) = reach_terms(battle, unit)
    return actions.take(cost)


def reach_terms(battle: Any, unit: int) -> tuple[np.ndarray, tuple]:
    """The unit's move costs, those beyond its budget cut to one tile past it (indices
    of `move_terms`), and its `move_terms` over the budget."""
    ts = battle.get(unit, TurnState)
    r = move_reach(battle, unit)
    terms = move_terms(battle.map.feet_per_tile, ts.move_left_ft, speed_ft(battle, unit), ts.actions,
                       r.budget + 1)
    return np.minimum(r.cost, r.budget + 1), terms


@kept.pure("d20-ai-move-terms")
def move_terms(fpt: int, move_left_ft: int, speed: int, actions_left: int, most: int):
    """For a move of each move cost 0..`most` tiles: the Actions it spends (after the
    movement left over), move_gains's bonus for keeping two Actions for an attack, and
    its charge for the Actions spent (read-only, shared: one short table per turn state
    read by index, instead of the same sums over every tile of the map)."""
    feet = np.arange(most + 1, dtype=np.int64) * fpt - move_left_ft
    actions = np.maximum(0, -(-feet // speed))
    out = actions, np.where(actions_left - actions >= 2, KEEP_ATTACK, 0.0), ACTION_COST * actions
    for a in out:
        a.setflags(write=False)
    return out


@kept.pure("d20-ai-square-terms")
def _square_terms(r: int, fpt: int, move_left_ft: int, speed: int, actions_left: int):
    """move_gains's terms over a (2r+1)-square at the fewest Actions each tile can cost
    (its Chebyshev distance): keeping two Actions for an attack, and the Actions spent
    (read-only, shared)."""
    _, keep, spent = move_terms(fpt, move_left_ft, speed, actions_left, r)
    out = keep.take(_chebyshev_square(r)), spent.take(_chebyshev_square(r))
    for a in out:
        a.setflags(write=False)
    return out


@kept.pure("d20-ai-chebyshev-squares")
def _chebyshev_square(r: int) -> np.ndarray:
    """Chebyshev distance from the centre of a (2r+1)-square (read-only, shared)."""
    X, Y = np.ogrid[-r:r + 1, -r:r + 1]
    out = np.maximum(abs(X), abs(Y))
    out.setflags(write=False)
    return out


# --- suppressing fire on the way --------------------------------------------------------
def cone_costs(battle: Any, unit: int) -> np.ndarray | float:
    """What standing in each active cone of suppressing fire costs the unit (anyone's
    cone, its own side's too): by the exact Willpower odds, a failure pins it (a turn
    of its fire), a partial success costs the weapon's mean damage. (Asked twice a
    decision: kept while it is pending.)"""
    return battle.memo(("d20-ai-cone-costs", unit), lambda: _cone_costs(battle, unit))


def _cone_costs(battle: Any, unit: int) -> np.ndarray | float:
    found = [(z, zone) for z, zone in zones(battle) if zone.shooter != unit]
    if not found:
        return 0.0
    cost = np.zeros(battle.map.shape)
    mod = template(battle, unit).willpower
    for _, zone in found:
        weapon = battle.ruleset.data.weapons[zone.weapon]
        p_pass, p_full = chance_check(mod, zone.dc), chance_check(mod, zone.dc + 4)
        worth = values.threat(battle, unit) * (1 - p_pass) + values.weapon_mean(weapon) * (p_pass - p_full)
        idx = tuple(np.array(sorted(zone.tiles)).T)
        cost[idx] += worth
    return cost
