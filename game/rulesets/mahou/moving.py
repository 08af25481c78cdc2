"""Moving: move actions of 5 ft, difficult terrain, standing up, and jumps.

Rule text, "Move": a character gains Agility move actions; one moves a Medium
character 5 ft (one tile). "Jumping": 4 move actions for a standing jump of up to
Strength feet across and half Strength up; after at least 2 moves running in the
jump's direction, double that; after 4 moves running straight, an 11 Martial Arts
or Gym roll on Agility for a long jump (a failure rolls Strength, non-exploding,
−1: double that across, half up, landing fallen). Agility below 4 cannot jump.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from game.engine.components import STANDING, Position, Posture
from game.engine.events import ConditionChanged, Moved
from game.rulesets.mahou import dice as md
from game.rulesets.mahou.components import MOVE, Actions
from game.rulesets.mahou.economy import pay, usable
from game.rulesets.mahou.events import ActionsChanged, CheckRolled
from game.rulesets.mahou.stats import die_of, is_fallen, rank, roll_conditions, stat
from game.rulesets.mahou.talk import skill_penalty
from game.world.paths import chebyshev, reach
from game.world.sight import crossed_tiles

if TYPE_CHECKING:
    from game.engine.battle import Battle

Tile = tuple[int, int]
STAND_FT = 20  # "must spend at least 20 feet of movement to stand back up"
JUMP_MOVES = 4
MIN_JUMP_AGILITY = 4
RUNNING_MOVES, LONG_RUN_MOVES = 2, 4
LONG_JUMP_TN = 11
LOW_OBSTACLE_FT = 3  # [PROP] a low obstacle (crate, sandbags: no sight blocked) stands 3 ft
FT_PER_LEVEL = 5  # [PROP] one elevation level of the map is 5 ft


def blocked_tiles(battle: "Battle", unit: int) -> set[Tile]:
    return {battle.tile(u) for u in battle.units(active_only=True) if u != unit}


def move_reach(battle: "Battle", unit: int, occupied: set[Tile] | None = None):
    """Where the unit's usable move actions take it. [PROP] difficult terrain: a tile's
    move cost is the number of move actions it takes to enter. `occupied`:
    `blocked_tiles(battle, unit)` when the caller has it."""
    budget = usable(battle, unit).move
    start = battle.tile(unit)
    # A path of at most Agility moves never leaves the square of that radius, so only
    # the units inside it can change where the unit may go: the others stay out of the
    # key, and the search stays in that square (costs beyond it read unreachable; a
    # move's budget never exceeds Agility). The key names every input (a pure query):
    # kept across decisions, so a unit that attacks and then walks does not search again.
    radius = max(budget, stat(battle, unit, "agility"))
    if occupied is None:
        occupied = blocked_tiles(battle, unit)
    blocked = frozenset(t for t in occupied if chebyshev(t, start) <= radius)
    found = battle.kept.get("mahou-reach", (start, radius, blocked),
                            lambda: reach(battle.map, start, 0, blocked=blocked, limit=radius))
    return found if found.budget == budget else replace(found, budget=budget)


def move_tiles(battle: "Battle", unit: int, occupied: set[Tile] | None = None) -> tuple[Tile, ...]:
    """Free tiles a move can end on now (kept by position, blockers and budget).
    `occupied`: `blocked_tiles(battle, unit)` when the caller has it."""
    budget = usable(battle, unit).move
    start = battle.tile(unit)
    if occupied is None:
        occupied = blocked_tiles(battle, unit)
    blocked = frozenset(t for t in occupied if chebyshev(t, start) <= budget)

    def compute() -> tuple[Tile, ...]:
        # `Reach.tiles` with the occupied tiles masked out in numpy (same tiles, same order)
        found = move_reach(battle, unit, occupied)
        inside = found.cost <= found.budget
        inside[start] = False
        for t in blocked:
            inside[t] = False
        xs, ys = np.nonzero(inside)  # row-major: sorted by x, then y
        return tuple(zip(xs.tolist(), ys.tolist()))
    return battle.kept.get("mahou-move-tiles", (start, blocked, budget), compute)


def straight_path(battle: "Battle", unit: int, dest: Tile, cost: int) -> list[Tile] | None:
    """The straight line to `dest` when it is as cheap as the best path (runs for jumps
    are straight, and a straight walk reads better than a zigzag of equal cost)."""
    tmap = battle.map
    start = battle.tile(unit)
    line = crossed_tiles(start, dest) + [dest]
    occupied = blocked_tiles(battle, unit)
    if any(not tmap.walkable[t] or t in occupied for t in line):
        return None
    steps = [start] + line
    for a, b in zip(steps, steps[1:]):
        if a[0] != b[0] and a[1] != b[1] and not (tmap.walkable[a[0], b[1]] and tmap.walkable[b[0], a[1]]):
            return None  # no cutting a corner
    if sum(int(tmap.move_cost[t]) for t in line) != cost:
        return None
    return line


def move(battle: "Battle", unit: int, dest: Tile) -> None:
    r = move_reach(battle, unit)
    cost = int(r.cost[dest])
    path = straight_path(battle, unit, dest, cost) or r.path_to(dest)
    pay(battle, unit, {MOVE: cost})
    pos = battle.get(unit, Position)
    start = (pos.x, pos.y)
    pos.x, pos.y = dest
    update_run(battle, unit, start, path)
    battle.emit(Moved(unit, battle.name(unit), tuple(path),
                      f"{cost} move action{'s' if cost != 1 else ''}, {len(path) * battle.map.feet_per_tile} ft"))


def update_run(battle: "Battle", unit: int, start: Tile, path: list[Tile]) -> None:
    """Remember the straight run that ends the move, for a running or long jump."""
    a = battle.get(unit, Actions)
    steps = [(b[0] - p[0], b[1] - p[1]) for p, b in zip([start] + path[:-1], path)]
    if not steps:
        return
    last = steps[-1]
    n = 0
    for s in reversed(steps):
        if s != last:
            break
        n += 1
    if n == len(steps) and (a.run[0], a.run[1]) == last:
        n += a.run[2]  # the run goes on from the previous move
    a.run = (last[0], last[1], n)


# --- standing up ------------------------------------------------------------------------------
def stand_cost(battle: "Battle", unit: int) -> int:
    """Move actions to stand: 20 ft, more on difficult terrain ([PROP] times its cost)."""
    per_tile = battle.map.feet_per_tile
    return (STAND_FT // per_tile) * int(battle.map.move_cost[battle.tile(unit)])


def stand(battle: "Battle", unit: int) -> None:
    """Spend moves toward standing ([PROP]: what is paid carries over between turns)."""
    a = battle.get(unit, Actions)
    need = stand_cost(battle, unit) - a.stand_paid
    spend = min(need, usable(battle, unit).move)
    pay(battle, unit, {MOVE: spend})
    a.stand_paid += spend
    if a.stand_paid >= stand_cost(battle, unit):
        a.stand_paid = 0
        battle.get(unit, Posture).value = STANDING
        battle.emit(ConditionChanged(unit, battle.name(unit), "fallen", False,
                                     f"stands up ({spend} move actions)"))
    else:
        battle.emit(ActionsChanged(unit, battle.name(unit),
                                   f"spends {spend} move actions getting up "
                                   f"({a.stand_paid} of {stand_cost(battle, unit)})."))


# --- jumping ---------------------------------------------------------------------------------------
def can_jump(battle: "Battle", unit: int) -> bool:
    return (stat(battle, unit, "agility") >= MIN_JUMP_AGILITY and not is_fallen(battle, unit)
            and usable(battle, unit).move >= JUMP_MOVES)


def limits(battle: "Battle", unit: int, kind: str) -> tuple[float, float]:
    """(horizontal ft, vertical ft) a jump of this kind can reach on a success."""
    s = stat(battle, unit, "strength")
    if kind == "standing":
        return s, s / 2
    if kind == "running":
        return 2 * s, s
    return 2 * s, s / 2  # long jump: as written (less height than a running jump)


def jump_needs(battle: "Battle", start: Tile, dest: Tile) -> tuple[int, float] | None:
    """(horizontal ft, vertical ft) to jump from start to dest, or None if impossible:
    the landing must be free ground; nothing on the way may block sight (a wall).
    Terrain alone decides it, so the answer is kept with the map."""
    key = (start[0], start[1], dest[0], dest[1])
    return battle.map.kept.get("mahou-jump-needs", key, lambda: _jump_needs(battle.map, start, dest))


def _jump_needs(tmap, start: Tile, dest: Tile) -> tuple[int, float] | None:
    if not tmap.walkable[dest]:
        return None
    h0 = int(tmap.elevation[start])
    rise = max(0, (int(tmap.elevation[dest]) - h0) * FT_PER_LEVEL)
    for t in crossed_tiles(start, dest):
        if tmap.blocks_sight[t] and not tmap.walkable[t]:
            return None
        top = (int(tmap.elevation[t]) - h0) * FT_PER_LEVEL
        if not tmap.walkable[t]:
            top += LOW_OBSTACLE_FT
        rise = max(rise, top)
    return chebyshev(start, dest) * tmap.feet_per_tile, rise


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def jump_kinds(battle: "Battle", unit: int, dest: Tile) -> tuple[str, ...]:
    start = battle.tile(unit)
    needs = jump_needs(battle, start, dest)
    if needs is None:
        return ()
    return _kinds(battle, unit, start, dest, needs, battle.get(unit, Actions).run)


def _kinds(battle: "Battle", unit: int, start: Tile, dest: Tile, needs: tuple, run: tuple,
           lims: dict | None = None) -> tuple[str, ...]:
    across, up = needs
    dx, dy = dest[0] - start[0], dest[1] - start[1]
    direction = (_sign(dx), _sign(dy))
    kinds = []
    for kind in ("standing", "running", "long"):
        if kind == "running" and not (run[2] >= RUNNING_MOVES and (run[0], run[1]) == direction):
            continue
        if kind == "long":
            straight = (run[0], run[1]) == direction and (dx * run[1] == dy * run[0])
            if not (run[2] >= LONG_RUN_MOVES and straight):
                continue
        h, v = lims[kind] if lims else limits(battle, unit, kind)
        if across <= h and up <= v:
            kinds.append(kind)
    return tuple(kinds)


def _run_class(run: tuple) -> tuple:
    """What `_kinds` reads of a run: its heading once it is long enough for a running
    jump, and whether it is long enough for a long one (the map's memo of jump kinds
    keeps one entry per class, not per run)."""
    if run[2] < RUNNING_MOVES:
        return (0, 0, 0)
    return (run[0], run[1], LONG_RUN_MOVES if run[2] >= LONG_RUN_MOVES else RUNNING_MOVES)


def jump_targets(battle: "Battle", unit: int, occupied: set[Tile] | None = None
                 ) -> dict[Tile, tuple[str, ...]]:
    """Every landing tile with the kinds of jump that reach it. `occupied`:
    `blocked_tiles(battle, unit)` when the caller has it."""
    s = stat(battle, unit, "strength")
    x0, y0 = battle.tile(unit)
    if occupied is None:
        occupied = blocked_tiles(battle, unit)
    run = battle.get(unit, Actions).run

    def landings() -> tuple:
        """(tile, needs) for every tile a jump from here could land on: terrain only,
        so kept with the map."""
        tmap = battle.map
        reach_tiles = int(2 * s) // tmap.feet_per_tile
        out = []
        for x in range(x0 - reach_tiles, x0 + reach_tiles + 1):
            for y in range(y0 - reach_tiles, y0 + reach_tiles + 1):
                if (x, y) == (x0, y0) or not tmap.in_bounds(x, y):
                    continue
                needs = _jump_needs(tmap, (x0, y0), (x, y))
                if needs is not None:
                    out.append(((x, y), needs))
        return tuple(out)

    def kinds_by_tile() -> dict:
        """Every landing's kinds of jump, units left aside: terrain, Strength and the run
        alone decide them, so they are kept with the map."""
        out = {}
        lims = {k: limits(battle, unit, k) for k in ("standing", "running", "long")}
        for t, needs in battle.map.kept.get("mahou-jump-landings", (x0, y0, s), landings):
            kinds = _kinds(battle, unit, (x0, y0), t, needs, run, lims)
            if kinds:
                out[t] = kinds
        return out

    def compute():
        table = battle.map.kept.get("mahou-jump-kinds", (x0, y0, s, _run_class(run)), kinds_by_tile)
        return {t: kinds for t, kinds in table.items() if t not in occupied}
    # Every input is in the key (a pure query), so it is kept across decisions: only
    # the units within a jump's reach can change the answer.
    far = int(2 * s) // battle.map.feet_per_tile
    near = frozenset(t for t in occupied if chebyshev(t, (x0, y0)) <= far)
    return battle.kept.get("mahou-jumps", ((x0, y0), s, run, near), compute)


def long_jump_spec(battle: "Battle", unit: int, skill: str) -> md.RollSpec:
    mods = roll_conditions(battle, unit, False) + skill_penalty(battle, unit, ("other",))
    return md.RollSpec((md.skill_set(rank(battle, unit, skill), die_of(battle, unit, "agility"),
                                     skill.replace("_", " ").title()),), tuple(mods))


def jump(battle: "Battle", unit: int, dest: Tile, kind: str, skill: str) -> None:
    pay(battle, unit, {MOVE: JUMP_MOVES})
    start = battle.tile(unit)
    landing, fallen = dest, False
    if kind == "long":
        rolled = md.roll(battle.dice, long_jump_spec(battle, unit, skill))
        ok = rolled.total >= LONG_JUMP_TN
        battle.emit(CheckRolled(unit, battle.name(unit), "long jump", str(rolled), rolled.total,
                                LONG_JUMP_TN, "difficulty", ok))
        if not ok:
            short = md.roll(battle.dice, md.RollSpec(
                (md.single(die_of(battle, unit, "strength"), "Strength", explode=False),),
                (("failed long jump", -1),)))
            r = max(0, short.total)
            battle.emit(CheckRolled(unit, battle.name(unit), "failed long jump distance",
                                    str(short), r, 0, "", True))
            landing = short_landing(battle, unit, start, dest, 2 * r, r / 2)
            fallen = True
    pos = battle.get(unit, Position)
    pos.x, pos.y = landing
    battle.get(unit, Actions).run = (0, 0, 0)
    feet = chebyshev(start, landing) * battle.map.feet_per_tile
    battle.emit(Moved(unit, battle.name(unit), (landing,) if landing != start else (),
                      f"{kind} jump, {feet} ft, 4 move actions"))
    if fallen:
        battle.get(unit, Posture).value = "fallen"
        battle.emit(ConditionChanged(unit, battle.name(unit), "fallen", True,
                                     "a failed long jump always lands fallen"))


def short_landing(battle: "Battle", unit: int, start: Tile, dest: Tile, across: float,
                  up: float) -> Tile:
    """The farthest tile toward `dest` that the shortened jump still reaches."""
    best = start
    occupied = blocked_tiles(battle, unit)
    tmap = battle.map
    for t in crossed_tiles(start, dest) + [dest]:
        if tmap.blocks_sight[t] and not tmap.walkable[t]:
            break
        if not tmap.walkable[t] or t in occupied:
            continue
        needs = jump_needs(battle, start, t)
        if needs is None or needs[0] > across or needs[1] > up:
            break
        best = t
    return best
