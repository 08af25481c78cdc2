"""What a unit can see and what lies between a shooter and a target.

Sight is tcod's symmetric shadowcasting over the tiles that do not block sight:
between any two tiles that do not block sight, A sees B exactly when B sees A.
(A tile that blocks sight is lit when seen, like a wall, but sees nothing
reliably itself; the maps keep every walkable tile see-through.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import numpy as np
import tcod.constants
import tcod.map

from game.kept import pure
from game.world.paths import chebyshev
from game.world.tactical_map import Cover, TacticalMap

Tile = tuple[int, int]

# Cover on a tile this much lower than the shooter no longer shields the target.
HIGH_GROUND = 2


def terrain_memo(tmap: TacticalMap, key: object, compute) -> object:
    """An answer that depends on the map's terrain alone (never on units), kept with
    the map (its table "terrain"): a map's terrain never changes in play."""
    return tmap.kept.get("terrain", key, compute)


def forget(tmap: TacticalMap) -> None:
    """Drop what the map keeps (benchmarks measure the work, not the kept answers)."""
    tmap.kept.clear()


def fov(tmap: TacticalMap, origin: Tile, radius: int = 0) -> np.ndarray:
    """Bool grid ``[x, y]``: the tiles visible from ``origin`` (read-only, shared).

    ``radius`` limits sight to that many tiles (Chebyshev, like every distance
    here); 0 means unlimited.
    """
    x, y = int(origin[0]), int(origin[1])
    return tmap.kept.get("fov", (x, y, radius), lambda: _read_only(_fov(~tmap.blocks_sight, (x, y), radius)))


def _read_only(grid: np.ndarray) -> np.ndarray:
    grid.flags.writeable = False  # kept and shared: nobody may change it
    return grid


def seen_from(tmap: TacticalMap, tile: Tile) -> np.ndarray:
    """Bool grid: the tiles from which ``tile`` is visible (read-only, shared).

    For a see-through tile this is its own field of view (sight is symmetric). A unit
    inside a sight-blocking tile (a bush) sees nothing, yet is seen wherever its tile
    is lit: the view from it with its own tile made see-through gives those tiles.
    """
    x, y = int(tile[0]), int(tile[1])
    if not tmap.blocks_sight[x, y]:
        return fov(tmap, (x, y))

    def compute() -> np.ndarray:
        transparent = ~tmap.blocks_sight
        transparent[x, y] = True
        return _read_only(_fov(transparent, (x, y), 0))

    return tmap.kept.get("fov", ("seen_from", x, y), compute)


def side_fov(tmap: TacticalMap, origins: Iterable[Tile], radius: int = 0) -> np.ndarray:
    """Bool grid: tiles any of ``origins`` can see (a side's shared view, for fog of war)."""
    seen = np.zeros(tmap.shape, bool)
    transparent = ~tmap.blocks_sight
    for origin in origins:
        seen |= _fov(transparent, (int(origin[0]), int(origin[1])), radius)
    return seen


def _fov(transparent: np.ndarray, origin: Tile, radius: int) -> np.ndarray:
    if radius <= 0:
        return tcod.map.compute_fov(
            transparent, origin, 0, True, tcod.constants.FOV_SYMMETRIC_SHADOWCAST
        )
    # tcod's own radius is a Euclidean "less than"; cutting out the square instead
    # gives a Chebyshev limit, and it is exact: every tile between the origin and
    # a tile in the square lies in the square too.
    x, y = origin
    x0, y0 = max(0, x - radius), max(0, y - radius)
    box = transparent[x0 : x + radius + 1, y0 : y + radius + 1]
    seen = np.zeros(transparent.shape, bool)
    seen[x0 : x + radius + 1, y0 : y + radius + 1] = tcod.map.compute_fov(
        box, (x - x0, y - y0), 0, True, tcod.constants.FOV_SYMMETRIC_SHADOWCAST
    )
    return seen


@dataclass(frozen=True)
class LineOfFire:
    """What lies between a shooter and a target; the ruleset decides what it means.

    ``tiles``: the tiles crossed, shooter side first, both ends excluded.
    ``blocked``: a crossed tile is a solid wall (blocks sight, not walkable, no cover).
    ``visible``: the target's tile is in the shooter's field of view.
    ``cover``: the best cover shielding the target: its own tile and the crossed tiles
    next to it, except cover lying HIGH_GROUND or more below the shooter.
    ``elevation_delta``: target elevation minus shooter elevation (negative = shooting down).
    ``distance_tiles``: Chebyshev distance (diagonal steps count 1).
    """

    tiles: tuple[Tile, ...]
    blocked: bool
    visible: bool
    cover: Cover
    elevation_delta: int
    distance_tiles: int


def crossed_tiles(shooter: Tile, target: Tile) -> list[Tile]:
    """The Bresenham tiles strictly between the two, the same set whichever end shoots.

    A Bresenham line from A to B is not always the reverse of B to A; drawing it
    from the smaller end keeps ``blocked`` symmetric between two units.
    """
    x, y = int(shooter[0]), int(shooter[1])
    return [(x + dx, y + dy) for dx, dy in _crossed_offsets(int(target[0]) - x, int(target[1]) - y)]


@pure("sight-line-offsets")
def _crossed_offsets(dx: int, dy: int) -> tuple[Tile, ...]:
    """`crossed_tiles` from (0, 0) to (dx, dy): a line depends only on the offset
    between its ends (and on which end is the smaller, which the offset's sign says)."""
    if (dx, dy) >= (0, 0):
        line = bresenham((0, 0), (dx, dy))
    else:  # drawn from the target's end, as seen from the shooter's
        line = [(dx + x, dy + y) for x, y in bresenham((0, 0), (-dx, -dy))][::-1]
    return tuple(line[1:-1])


def bresenham(start: Tile, end: Tile) -> list[Tile]:
    """libtcod's thin Bresenham line from `start` to `end`, both included: the same
    points as ``tcod.los.bresenham`` (checked for every pair of a 32 × 32 map), drawn
    in Python because a short line costs less here than a call into tcod and back.
    Along the longer axis it steps every time; the error term starts at that axis's
    length, loses twice the shorter length a step and regains twice the longer one
    when it goes negative, which is when the shorter axis steps too."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    if sx * dx > sy * dy:
        return _bresenham(start[0], start[1], end[0], sx, sy, dx, dy, False)
    return _bresenham(start[1], start[0], end[1], sy, sx, dy, dx, True)


def _bresenham(a: int, b: int, a_end: int, sa: int, sb: int, da: int, db: int, swapped: bool) -> list[Tile]:
    """`bresenham` along the longer axis a (the other is b); `swapped`: a is y."""
    out = [(b, a) if swapped else (a, b)]
    error, da, db = sa * da, 2 * da, 2 * db
    while a != a_end:
        a += sa
        error -= sb * db
        if error < 0:
            b += sb
            error += sa * da
        out.append((b, a) if swapped else (a, b))
    return out


#: Cover by value (an index is cheaper than an Enum call).
_COVERS = tuple(sorted(Cover))


def line_of_fire(tmap: TacticalMap, shooter: Tile, target: Tile) -> LineOfFire:
    shooter, target = (int(shooter[0]), int(shooter[1])), (int(target[0]), int(target[1]))
    return tmap.kept.get("line-of-fire", (shooter, target), lambda: _line_of_fire(tmap, shooter, target))


def _line_of_fire(tmap: TacticalMap, shooter: Tile, target: Tile) -> LineOfFire:
    tiles = crossed_tiles(shooter, target)
    # Plain nested lists: a Python index is far cheaper than a numpy scalar read.
    solid, cover, height = terrain_memo(tmap, "lof-grids", lambda: (
        (tmap.blocks_sight & ~tmap.walkable & (tmap.cover == Cover.NONE)).tolist(),
        tmap.cover.tolist(), tmap.elevation.tolist()))
    blocked = any(solid[x][y] for x, y in tiles)
    shooter_height = height[shooter[0]][shooter[1]]
    # Along a Bresenham line the distance to the target drops by one each step, so the
    # only crossed tile next to the target is the last one.
    shields = tiles[-1:] + [target]
    best = max((cover[x][y] for x, y in shields if shooter_height - height[x][y] < HIGH_GROUND),
               default=0)
    return LineOfFire(
        tiles=tuple(tiles),
        blocked=bool(blocked),
        visible=bool(fov(tmap, shooter)[target]),
        cover=_COVERS[best],
        elevation_delta=height[target[0]][target[1]] - shooter_height,
        distance_tiles=chebyshev(shooter, target),
    )
