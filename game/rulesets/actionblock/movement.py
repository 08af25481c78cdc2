"""Movement Actions (battlerules-movementactions), facing, and Obstruct Movement.

[GAME] 1 tile = the map's feet per tile (5 ft): Sidestep 1 tile, Fast Sidestep and
Charge up to 2, Fast Charge up to 4. Every move is a straight line in one of the 8
grid directions; a rough tile costs its move cost in tiles; no move passes through a
unit or cuts the corner of a wall. The 60° cone of a Charge is the facing at the
start of the Action Block and the two directions 45° either side of it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Generator

from game.engine.components import Facing, Position
from game.engine.decisions import REACTION, Choice, Decision, Option
from game.engine.events import Moved
from game.rulesets.actionblock.components import Health, TurnState
from game.rulesets.actionblock.costs import can_afford, pay
from game.rulesets.actionblock.events import Faced, MovementObstructed
from game.rulesets.actionblock.reactions import can_react
from game.rulesets.actionblock.stats import MELEE_RANGE_FT, opponents

if TYPE_CHECKING:
    from game.engine.battle import Battle

Tile = tuple[int, int]
Flow = Generator[Decision, Choice, None]

#: The 8 facings, clockwise from north (y grows downwards on the map).
DIRECTIONS: dict[str, tuple[int, int]] = {
    "n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1),
    "s": (0, 1), "sw": (-1, 1), "w": (-1, 0), "nw": (-1, -1),
}
NAMES = {v: k for k, v in DIRECTIONS.items()}
ORDER = tuple(DIRECTIONS)
_ALL_DIRECTIONS = tuple(DIRECTIONS.values())
#: Distances in feet of each moving action (movement actions page).
MOVE_FEET = {"sidestep": 5, "fast_sidestep": 10, "charge": 10, "fast_charge": 20}
#: Movement Actions that move the character, hence can be obstructed [PROP]: Turn and
#: Restore Speed Points leave it where it stands.
MOVING_ACTIONS = ("sidestep", "fast_sidestep", "charge", "fast_charge", "teleport")


def sign(v: int) -> int:
    return (v > 0) - (v < 0)


def direction_to(a: Tile, b: Tile) -> tuple[int, int]:
    """The grid direction that best points from a to b (one of 8)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx == dy == 0:
        return (0, 1)
    angle = math.atan2(dy, dx)
    octant = round(angle / (math.pi / 4)) % 8
    return [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)][octant]


def facing_name(battle: "Battle", unit: int) -> str:
    f = battle.get(unit, Facing)
    return NAMES[(f.dx, f.dy)]


def face(battle: "Battle", unit: int, direction: tuple[int, int]) -> None:
    f = battle.get(unit, Facing)
    if (f.dx, f.dy) != direction:
        f.dx, f.dy = direction
        battle.emit(Faced(unit, battle.name(unit), NAMES[direction]))


def cone(facing: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """Directions within 60° of a facing: itself and its two 45° neighbours."""
    return _CONES[facing]


_CONES = {d: tuple(DIRECTIONS[ORDER[(ORDER.index(NAMES[d]) + k) % 8]] for k in (-1, 0, 1))
          for d in DIRECTIONS.values()}


def standing_tiles(battle: "Battle", unit: int) -> set[Tile]:
    """Tiles of the other characters still standing: a move cannot pass them."""
    return {battle.tile(u) for u in battle.units(active_only=True) if u != unit}


def blocking_tiles(battle: "Battle", unit: int) -> set[Tile]:
    """Tiles a move may not end on: every other character standing or lying there
    ([PROP] a fallen body can be stepped over but not stood on; the Dead are removed
    from play and take no room)."""
    return {battle.tile(u) for u in battle.units() if u != unit and not battle.get(u, Health).dead}


def ray_key(battle: "Battle", unit: int) -> tuple:
    """Everything `rays` depends on besides the map: where the unit stands, and the
    tiles of the others standing and of the others lying there, on its rays only (a
    unit anywhere else changes no ray, so the key, and what is kept by it, survive
    moves far away)."""
    start = battle.tile(unit)
    near = _terrain_ray_tiles(battle.map, start)
    standing, lying = [], []
    for u in battle.units():
        if u == unit:
            continue
        if battle.active(u):
            tile = battle.tile(u)
            if tile in near:
                standing.append(tile)
        elif not battle.get(u, Health).dead:
            tile = battle.tile(u)
            if tile in near:
                lying.append(tile)
    return (start, tuple(sorted(standing)), tuple(sorted(lying)))


def standing_key(battle: "Battle", unit: int) -> tuple:
    """Where the unit stands and every other unit standing or lying anywhere (what a
    Teleport's free tiles depend on: its reach can pass the rays')."""
    standing, lying = [], []
    for u in battle.units():
        if u == unit:
            continue
        if battle.active(u):
            standing.append(battle.tile(u))
        elif not battle.get(u, Health).dead:
            lying.append(battle.tile(u))
    return (battle.tile(unit), tuple(sorted(standing)), tuple(sorted(lying)))


def _terrain_ray_tiles(tmap, start: Tile) -> frozenset:
    """Every tile on the terrain's rays from `start` (kept with the map)."""
    return tmap.kept.get("actionblock-ray-tiles", start, lambda: frozenset(
        tile for steps in _terrain_rays(tmap, start).values() for tile, _ in steps))


def rays(battle: "Battle", unit: int, key: tuple | None = None) -> dict[tuple[int, int], list[tuple[Tile, int, bool]]]:
    """For each of the 8 directions, the tiles a straight move steps on, as far as the
    longest move (Fast Charge) could go: (tile, move cost spent so far, may end there).
    Shared by every moving action of one Turn's options, and kept by `ray_key` (the
    same geometry serves every decision until someone moves or falls). Never change it.
    `key`: the unit's `ray_key`, when already computed."""
    key = ray_key(battle, unit) if key is None else key
    return battle.kept.get("actionblock-rays", key, lambda: _rays(battle, *key))


def _rays(battle: "Battle", start: Tile, standing_list: tuple, lying: tuple) -> dict:
    standing = set(standing_list)
    taken = standing | set(lying)
    out = {}
    for d, steps in _terrain_rays(battle.map, start).items():
        kept_steps = []
        for tile, spent in steps:
            if tile in standing:
                break  # no move passes through a unit
            kept_steps.append((tile, spent, tile not in taken))
        out[d] = kept_steps
    return out


def _terrain_rays(tmap, start: Tile) -> dict:
    """The rays as the terrain alone allows them: (tile, move cost spent so far) for
    each direction. They depend on the map only, so they are kept with the map (every
    battle on it shares them); units are taken out by `_rays`."""
    return tmap.kept.get("actionblock-terrain-rays", start, lambda: _terrain_rays_now(tmap, start))


def _terrain_rays_now(tmap, start: Tile) -> dict:
    budget = max(MOVE_FEET.values()) // tmap.feet_per_tile
    # Plain lists: a Python index is far cheaper than a numpy scalar read.
    walkable, move_cost = tmap.kept.get("actionblock-move-grids", None, lambda: (tmap.walkable.tolist(),
                                                                     tmap.move_cost.tolist()))
    width, height = len(walkable), len(walkable[0])
    out = {}
    for d in DIRECTIONS.values():
        x, y = start
        spent, steps = 0, []
        while True:
            nx, ny = x + d[0], y + d[1]
            if not (0 <= nx < width and 0 <= ny < height) or not walkable[nx][ny]:
                break
            if d[0] and d[1] and not (walkable[nx][y] and walkable[x][ny]):
                break  # no cutting the corner of a wall
            spent += int(move_cost[nx][ny])
            if spent > budget:
                break
            steps.append(((nx, ny), spent))
            x, y = nx, ny
        out[d] = tuple(steps)
    return out


def straight_moves(battle: "Battle", unit: int, feet: int,
                   directions: tuple[tuple[int, int], ...] | None = None,
                   along: dict | None = None) -> dict[Tile, list[Tile]]:
    """Every tile a straight move of up to `feet` can end on → the path (start excluded),
    in (y, x) order. `along`: the unit's `rays`, when already computed."""
    along = along if along is not None else rays(battle, unit)
    found = [((tile[1], tile[0]), tile, [step[0] for step in along[d][:n]])
             for tile, n, d in _move_ends(battle, feet, directions, along)]
    found.sort()  # each tile is on one ray only, so the sort never compares paths
    return {tile: path for _, tile, path in found}


def straight_tiles(battle: "Battle", unit: int, feet: int,
                   directions: tuple[tuple[int, int], ...] | None = None,
                   along: dict | None = None, one_step: bool = False) -> tuple[Tile, ...]:
    """The tiles of `straight_moves`, in its order, without their paths (what an option
    lists); `one_step`: only those one step away. `_move_ends` written out (options are
    built far more often than moves are made); tests/actionblock/test_speed_exact.py
    checks the two agree."""
    along = along if along is not None else rays(battle, unit)
    budget = feet // battle.map.feet_per_tile
    found = []  # (y, x): `_move_ends` in one loop, each tile on one ray only
    for d in (directions or _ALL_DIRECTIONS):
        n = 0
        for tile, spent, free in along[d]:
            if spent > budget:
                break
            n += 1
            if free and (n == 1 or not one_step):
                found.append((tile[1], tile[0]))
    found.sort()
    return tuple([(x, y) for y, x in found])


def _move_ends(battle: "Battle", feet: int, directions, along: dict):
    """(tile, steps to it, direction) for each tile a straight move of up to `feet` can
    end on, ray by ray."""
    budget = feet // battle.map.feet_per_tile
    for d in (directions or tuple(DIRECTIONS.values())):
        n = 0
        for tile, spent, free in along[d]:
            if spent > budget:
                break
            n += 1
            if free:
                yield tile, n, d


def charge_moves(battle: "Battle", unit: int, action: str, along: dict | None = None) -> dict[Tile, list[Tile]]:
    facing = battle.get(unit, TurnState).block_facing
    return straight_moves(battle, unit, MOVE_FEET[action], cone(facing), along)


def charge_tiles(battle: "Battle", unit: int, action: str, along: dict | None = None) -> tuple[Tile, ...]:
    facing = battle.get(unit, TurnState).block_facing
    return straight_tiles(battle, unit, MOVE_FEET[action], cone(facing), along)


def teleport_tiles(battle: "Battle", unit: int, rank: int, ghost: int) -> list[Tile]:
    """Free walkable tiles within 5 ft × rank that the character can see, whose cost
    (1 Ghost HP per foot) it can pay."""
    from game.world.sight import fov
    tmap = battle.map
    reach_tiles = min(rank * 5, ghost) // tmap.feet_per_tile
    if reach_tiles < 1:
        return []
    x0, y0 = battle.tile(unit)
    seen = fov(tmap, (x0, y0), reach_tiles)
    blocked = blocking_tiles(battle, unit)
    out = []
    for y in range(y0 - reach_tiles, y0 + reach_tiles + 1):
        for x in range(x0 - reach_tiles, x0 + reach_tiles + 1):
            if ((x, y) != (x0, y0) and tmap.in_bounds(x, y) and tmap.walkable[x, y]
                    and seen[x, y] and (x, y) not in blocked):
                out.append((x, y))
    return out


# --- Obstruct Movement --------------------------------------------------------------------
def obstruct_candidates(battle: "Battle", mover: int, asked: set[int]) -> list[int]:
    """Enemies within Melee Range of the mover who may Obstruct Movement now."""
    mx, my = battle.tile(mover)
    reach = MELEE_RANGE_FT // battle.map.feet_per_tile
    out = []
    for u in opponents(battle, mover):
        if u in asked or not battle.active(u):
            continue
        x, y = battle.tile(u)
        if max(abs(x - mx), abs(y - my)) <= reach and can_react(battle, u) and can_afford(battle, u, "obstruct"):
            out.append(u)
    return out


def obstruct_decision(battle: "Battle", unit: int, mover: int, action: str, to: Tile) -> Decision:
    label = battle.ruleset.data.cost(action).name
    return Decision(
        unit, battle.team(unit), REACTION,
        (Option("obstruct", "Obstruct Movement", "1 Str, 0 Spd", hotkey="o",
                description=f"End {battle.name(mover)}'s {label} where it stands now."),
         Option("pass", "Let it move", hotkey="n")),
        f"{battle.name(mover)} is moving ({label}) within 5 ft of {battle.name(unit)}: "
        f"Obstruct Movement?",
        {"trigger": "obstruct", "mover": mover, "action": action, "at": battle.tile(mover),
         "to": to})


def ask_obstruct(battle: "Battle", mover: int, action: str, to: Tile, asked: set[int]) -> Generator[Decision, Choice, bool]:
    """Ask each enemy within Melee Range (once per Movement Action); True if obstructed."""
    for unit in obstruct_candidates(battle, mover, asked):
        asked.add(unit)
        choice = yield obstruct_decision(battle, unit, mover, action, to)
        if choice.option == "obstruct":
            pay(battle, unit, "obstruct", f"(against {battle.name(mover)})")
            battle.emit(MovementObstructed(mover, battle.name(mover), unit, battle.name(unit),
                                           battle.tile(mover)))
            return True
    return False


def walk(battle: "Battle", unit: int, action: str, path: list[Tile]) -> Generator[Decision, Choice, list[Tile]]:
    """Step along a straight path; before each step any enemy within Melee Range that
    was not asked yet may Obstruct Movement, ending the action there. Returns the
    tiles actually entered."""
    asked: set[int] = set()
    walked: list[Tile] = []
    pos = battle.get(unit, Position)
    for step in path:
        obstructed = yield from ask_obstruct(battle, unit, action, path[-1], asked)
        if obstructed or not battle.active(unit):
            break
        pos.x, pos.y = step
        walked.append(step)
    if walked:
        battle.emit(Moved(unit, battle.name(unit), tuple(walked),
                          battle.ruleset.data.cost(action).name))
    return walked
