"""Whole-map sight and walking grids, one numpy pass per figure's tile.

Legal targets, cover shifts and the AI's scoring of every tile it could move to all ask
whether an Aim or Focus is possible between two tiles and what cover shields each
end. Asking `game.world.sight.line_of_fire` pair by pair was most of a battle's time,
so this computes the same answers for *every* tile against one tile at once:

* the crossed tiles are libtcod's Bresenham line in closed form, drawn from the smaller
  end exactly like `game.world.sight.crossed_tiles` (so `blocked` is the same set);
* `visible` / `visible_back`: whether a figure on each tile sees `at` / is seen from
  it (the engine's field of view; the same on see-through tiles, not in tall grass);
* `cover_at` / `cover_from`: the cover shielding the far tile / the figure's tile,
  read as `game.world.sight.line_of_fire` reads it (the target's tile and the crossed
  tile next to it, unless it lies HIGH_GROUND or more below the shooter).

`tests/fivebyfive/test_sightlines.py` checks them pair by pair against
`line_of_fire`. The grids depend on the terrain alone, so they are kept with the map
(its tables `fivebyfive-sight`, `fivebyfive-walk`), never stored in the battle.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game import kept
from game.world.paths import UNREACHABLE, reach
from game.world.sight import HIGH_GROUND, fov
from game.world.tactical_map import Cover, TacticalMap

Tile = tuple[int, int]


@dataclass(frozen=True)
class SightGrids:
    """Every tile of the map against one tile `at` (grids indexed [x, y])."""

    at: Tile
    visible: np.ndarray  # bool: a figure on the tile sees `at`
    visible_back: np.ndarray  # bool: a figure on `at` sees the tile
    blocked: np.ndarray  # bool: a wall lies on the line between them
    cover_at: np.ndarray  # int: cover shielding `at` from a shooter on each tile
    cover_from: np.ndarray  # int: cover shielding each tile from a shooter on `at`
    distance: np.ndarray  # int: Chebyshev distance


def _terrain(tmap: TacticalMap):
    def compute():
        solid = tmap.blocks_sight & ~tmap.walkable & (tmap.cover == Cover.NONE)
        w, h = tmap.shape
        xs, ys = np.meshgrid(np.arange(w), np.arange(h), indexing="ij")
        # Walkable tiles that block sight (tall grass): a figure inside sees nothing
        # reliably, so what it sees is asked of its own field of view, tile by tile.
        opaque = [tuple(t) for t in np.argwhere(tmap.walkable & tmap.blocks_sight).tolist()]
        return solid, tmap.cover.astype(np.int16), tmap.elevation.astype(np.int32), xs, ys, opaque
    return tmap.kept.get("fivebyfive-terrain", None, compute)


def _lines(x0, y0, x1, y1):
    """libtcod's Bresenham points 1..n-1 (the interior) from (x0, y0) to (x1, y1), all
    pairs at once: arrays (N, L) of x, y and a mask of real points."""
    dx, dy = x1 - x0, y1 - y0
    sx, sy = np.sign(dx), np.sign(dy)
    ax, ay = np.abs(dx), np.abs(dy)
    n = np.maximum(ax, ay)
    longest = int(n.max(initial=0))
    i = np.arange(1, max(longest, 2), dtype=np.int32)[None, :]
    xmajor = (ax > ay)[:, None]
    major = np.where(xmajor, ax[:, None], ay[:, None])
    minor = np.where(xmajor, ay[:, None], ax[:, None])
    safe = np.maximum(major, 1)
    # The error term starts at `major`, loses 2*minor a step and gains 2*major when it
    # goes negative (one minor step): after i steps, k = ceil((2 i minor - major) / 2 major).
    k = np.maximum(0, -((major - 2 * i * minor) // (2 * safe)))
    px = np.where(xmajor, x0[:, None] + i * sx[:, None], x0[:, None] + k * sx[:, None])
    py = np.where(xmajor, y0[:, None] + k * sy[:, None], y0[:, None] + i * sy[:, None])
    mask = i < n[:, None]
    return px, py, mask, n


def sight_grids(tmap: TacticalMap, at: Tile) -> SightGrids:
    at = (int(at[0]), int(at[1]))
    return tmap.kept.get("fivebyfive-sight", at, lambda: _compute(tmap, at))


#: Maps up to this size read the crossed tiles from a table of every offset (built once
#: per size); bigger maps draw their lines afresh for each tile.
TABLE_LIMIT = 64


@kept.pure("fivebyfive-line-offsets")
def _offset_lines(w: int, h: int):
    """For every offset (dx, dy) of a tile from `at` (index [dx + w - 1, dy + h - 1]): the
    crossed tiles relative to `at` (masked ones read (0, 0), `at` itself), and the
    crossed tile next to `at` and next to the tile ((0, 0) / the tile when adjacent)."""
    dx, dy = np.meshgrid(np.arange(-(w - 1), w, dtype=np.int32),
                         np.arange(-(h - 1), h, dtype=np.int32), indexing="ij")
    dx, dy = dx.ravel(), dy.ravel()
    zero = np.zeros_like(dx)
    tile_first = (dx < 0) | ((dx == 0) & (dy <= 0))
    x0, y0 = np.where(tile_first, dx, zero), np.where(tile_first, dy, zero)
    x1, y1 = np.where(tile_first, zero, dx), np.where(tile_first, zero, dy)
    px, py, mask, n = _lines(x0, y0, x1, y1)
    rx, ry = np.where(mask, px, 0), np.where(mask, py, 0)
    rows = np.arange(len(n))
    last = np.clip(n - 2, 0, None)
    has = n >= 2
    first_x, first_y, end_x, end_y = rx[:, 0], ry[:, 0], rx[rows, last], ry[rows, last]
    near_at = (np.where(tile_first, end_x, first_x), np.where(tile_first, end_y, first_y))
    near_t = (np.where(tile_first, first_x, end_x), np.where(tile_first, first_y, end_y))
    shape = (2 * w - 1, 2 * h - 1)
    small = np.int16 if max(w, h) > 127 else np.int8
    return (rx.astype(small).reshape(*shape, -1), ry.astype(small).reshape(*shape, -1),
            has.reshape(shape), near_at[0].reshape(shape), near_at[1].reshape(shape),
            near_t[0].reshape(shape), near_t[1].reshape(shape))


def _compute(tmap: TacticalMap, at: Tile) -> SightGrids:
    solid, cover, height, xs, ys, opaque = _terrain(tmap)
    w, h = tmap.shape
    back = fov(tmap, at)
    # Between see-through tiles sight is symmetric; a tile in tall grass (either end)
    # is asked of the shooter's own field of view (no shipped map has such tiles).
    if tmap.blocks_sight[at]:
        visible = np.zeros((w, h), bool)
        for t in np.argwhere(tmap.walkable).tolist():
            visible[t[0], t[1]] = fov(tmap, (t[0], t[1]))[at]
    else:
        visible = back.copy()
        for t in opaque:
            visible[t] = fov(tmap, t)[at]
    visible.flags.writeable = False
    blocked_grid = np.zeros((w, h), bool)
    cover_at_grid = np.zeros((w, h), np.int16)
    cover_from_grid = np.zeros((w, h), np.int16)
    # Only the tiles that see `at` or are seen from it matter (nothing is legal or
    # shielded out of sight).
    tx, ty = np.nonzero(visible | back)
    ax, ay = at
    if max(w, h) <= TABLE_LIMIT:
        rx, ry, has_t, nax, nay, ntx, nty = _offset_lines(w, h)
        ox, oy = tx - ax + w - 1, ty - ay + h - 1
        cx, cy = rx[ox, oy] + ax, ry[ox, oy] + ay  # masked points read `at`, never solid
        has = has_t[ox, oy]
        near_at_x, near_at_y = nax[ox, oy] + ax, nay[ox, oy] + ay
        near_t_x, near_t_y = ntx[ox, oy] + ax, nty[ox, oy] + ay
    else:
        tile_first = (tx < ax) | ((tx == ax) & (ty <= ay))
        x0, y0 = np.where(tile_first, tx, ax), np.where(tile_first, ty, ay)
        x1, y1 = np.where(tile_first, ax, tx), np.where(tile_first, ay, ty)
        px, py, mask, n = _lines(x0, y0, x1, y1)
        cx, cy = np.where(mask, px, ax), np.where(mask, py, ay)
        has = n >= 2
        rows = np.arange(len(n))
        last = np.clip(n - 2, 0, None)
        first_x, first_y, end_x, end_y = cx[:, 0], cy[:, 0], cx[rows, last], cy[rows, last]
        near_at_x, near_at_y = np.where(tile_first, end_x, first_x), np.where(tile_first, end_y, first_y)
        near_t_x, near_t_y = np.where(tile_first, first_x, end_x), np.where(tile_first, first_y, end_y)
    blocked = solid[cx, cy].any(axis=1)
    h_at = height[at]
    h_t = height[tx, ty]

    def shield(nx, ny, target_cover, target_height, shooter_height):
        own = np.where(shooter_height - target_height < HIGH_GROUND, target_cover, 0)
        beside = np.where(has & (shooter_height - height[nx, ny] < HIGH_GROUND), cover[nx, ny], 0)
        return np.maximum(own, beside)

    blocked_grid[tx, ty] = blocked
    cover_at_grid[tx, ty] = shield(near_at_x, near_at_y, cover[at], h_at, h_t)
    cover_from_grid[tx, ty] = shield(near_t_x, near_t_y, cover[tx, ty], h_t, h_at)
    distance = np.maximum(np.abs(xs - ax), np.abs(ys - ay))
    grids = SightGrids(at, visible, back, blocked_grid, cover_at_grid, cover_from_grid, distance)
    for a in (grids.blocked, grids.cover_at, grids.cover_from, grids.distance):
        a.flags.writeable = False
    return grids


def walk_from(tmap: TacticalMap, at: Tile) -> np.ndarray:
    """Movement cost from `at` to every tile, around walls, ignoring figures
    (UNREACHABLE where no path leads). Walking back costs about the same: the path
    from a tile to `at` enters the same tiles but the first, plus `at`."""
    at = (int(at[0]), int(at[1]))

    def compute():
        out = reach(tmap, at, 0).cost
        out.flags.writeable = False
        return out
    return tmap.kept.get("fivebyfive-walk", at, compute)


__all__ = ["SightGrids", "sight_grids", "walk_from", "UNREACHABLE"]
