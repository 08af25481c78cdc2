"""Sight and walking grids against one figure's tile, asked of many tiles at once.

Legal targets, cover shifts and the AI's scoring of every tile it could move to all ask
whether an Aim or Focus is possible between two tiles and what cover shields each
end. Asking `game.world.sight.line_of_fire` pair by pair was most of a battle's time,
so `SightLines` answers it for a whole array of tiles against one tile `at` in one
numpy pass:

* `visible` / `visible_back`: whether a figure on each tile sees `at` / is seen from
  it (the engine's field of view; the same on see-through tiles, not in tall grass),
  whole-map grids (a field of view costs the map's area once);
* `lines(xs, ys)`: for those tiles, a wall on the line, the cover shielding `at` from
  each tile and the cover shielding each tile from `at` (the crossed tiles are
  libtcod's Bresenham line in closed form, drawn from the smaller end exactly like
  `game.world.sight.crossed_tiles`; the cover is read as `line_of_fire` reads it: the
  target's tile and the crossed tile next to it, unless it lies HIGH_GROUND or more
  below the shooter). On a map up to `TABLE_LIMIT` a side every tile in sight is
  worked out at once, its crossed tiles read from a table of every offset (the cheapest
  way there: a battle asks about most of such a map). On a bigger map a tile's line is
  worked out the first time it is asked and kept: a battle asks about the tiles its
  figures may stand on, a few hundred of a map's tens of thousands, so a new figure
  tile costs its field of view and those lines (about L² + q·L on a map L tiles a
  side), not every line of the map (L³: a 512-tile map ran out of memory).

`tests/fivebyfive/test_sightlines.py` checks them pair by pair against
`line_of_fire`. They depend on the terrain alone, so they are kept with the map (its
tables `fivebyfive-sight`, `fivebyfive-walk`), never stored in the battle.
"""

from __future__ import annotations

import numpy as np

from game import kept
from game.world.paths import UNREACHABLE, reach
from game.world.sight import HIGH_GROUND, fov
from game.world.tactical_map import Cover, TacticalMap

Tile = tuple[int, int]


def _terrain(tmap: TacticalMap):
    def compute():
        solid = tmap.blocks_sight & ~tmap.walkable & (tmap.cover == Cover.NONE)
        # Walkable tiles that block sight (tall grass): a figure inside sees nothing
        # reliably, so what it sees is asked of its own field of view, tile by tile.
        opaque = [tuple(t) for t in np.argwhere(tmap.walkable & tmap.blocks_sight).tolist()]
        return solid, tmap.cover.astype(np.int8), tmap.elevation.astype(np.int32), opaque
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


#: Maps up to this size a side work out every tile in sight at once, from a table of
#: every offset (made once per map size); bigger maps work out the tiles asked.
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


def _crossings(tx: np.ndarray, ty: np.ndarray, at: Tile, shape: tuple[int, int]):
    """The crossed tiles between each (tx, ty) and `at` (arrays (N, L), masked points
    reading `at`), whether any lies between, and the crossed tile next to `at` and next
    to the tile: from the offset table on a small map, drawn afresh on a big one."""
    ax, ay = at
    w, h = shape
    if max(w, h) <= TABLE_LIMIT:
        rx, ry, has_t, nax, nay, ntx, nty = _offset_lines(w, h)
        ox, oy = tx - ax + w - 1, ty - ay + h - 1
        return (rx[ox, oy] + ax, ry[ox, oy] + ay, has_t[ox, oy],
                nax[ox, oy] + ax, nay[ox, oy] + ay, ntx[ox, oy] + ax, nty[ox, oy] + ay)
    tile_first = (tx < ax) | ((tx == ax) & (ty <= ay))
    x0, y0 = np.where(tile_first, tx, ax), np.where(tile_first, ty, ay)
    x1, y1 = np.where(tile_first, ax, tx), np.where(tile_first, ay, ty)
    px, py, mask, n = _lines(x0, y0, x1, y1)
    cx, cy = np.where(mask, px, ax), np.where(mask, py, ay)
    rows = np.arange(len(n))
    last = np.clip(n - 2, 0, None)
    first_x, first_y, end_x, end_y = cx[:, 0], cy[:, 0], cx[rows, last], cy[rows, last]
    return (cx, cy, n >= 2,
            np.where(tile_first, end_x, first_x), np.where(tile_first, end_y, first_y),
            np.where(tile_first, first_x, end_x), np.where(tile_first, first_y, end_y))


class SightLines:
    """Every tile of the map against one tile `at` (grids indexed [x, y]): sight both
    ways, and what lies on the line to each tile asked so far (`lines`)."""

    __slots__ = ("at", "visible", "visible_back", "_terrain", "_known", "_blocked", "_cover_at",
                 "_cover_from")

    def __init__(self, tmap: TacticalMap, at: Tile) -> None:
        self.at = at
        solid, cover, height, opaque = _terrain(tmap)
        self._terrain = solid, cover, height  # the grids, not the map: no cycle through its table
        back = fov(tmap, at)
        w, h = tmap.shape
        # Between see-through tiles sight is symmetric; a tile in tall grass (either end)
        # is asked of the shooter's own field of view (no shipped map has such tiles).
        if tmap.blocks_sight[at]:
            visible = np.zeros((w, h), bool)
            for t in np.argwhere(tmap.walkable).tolist():
                visible[t[0], t[1]] = fov(tmap, (t[0], t[1]))[at]
        elif opaque:
            visible = back.copy()
            for t in opaque:
                visible[t] = fov(tmap, t)[at]
        else:
            visible = back  # the engine's own grid, read-only and shared
        visible.flags.writeable = False
        self.visible = visible  # bool: a figure on the tile sees `at`
        self.visible_back = back  # bool: a figure on `at` sees the tile
        self._known = np.zeros((w, h), bool)  # the tiles `lines` has worked out
        self._blocked = np.zeros((w, h), bool)
        self._cover_at = np.zeros((w, h), np.int8)
        self._cover_from = np.zeros((w, h), np.int8)
        if max(w, h) <= TABLE_LIMIT:  # a small map: every tile in sight at once
            self._work_out(*np.nonzero(visible | back))
            self._known[:] = True

    def distance(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """The Chebyshev distance of each tile from `at`."""
        ax, ay = self.at
        return np.maximum(np.abs(xs - ax), np.abs(ys - ay))

    def lines(self, xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For the tiles (xs[i], ys[i]): (a wall lies on the line to `at`, the cover
        shielding `at` from a shooter on the tile, the cover shielding the tile from a
        shooter on `at`). Out of sight both ways every answer reads False / 0 (nothing
        is legal or shielded there)."""
        need = ~self._known[xs, ys]
        if need.any():
            self._work_out(xs[need], ys[need])
        return self._blocked[xs, ys], self._cover_at[xs, ys], self._cover_from[xs, ys]

    def line(self, tile: Tile) -> tuple[bool, int]:
        """(a wall lies on the line, the cover shielding `at` from a shooter on `tile`)."""
        if not self._known[tile]:
            self._work_out(np.array([tile[0]], np.intp), np.array([tile[1]], np.intp))
        return bool(self._blocked[tile]), int(self._cover_at[tile])

    def _work_out(self, xs: np.ndarray, ys: np.ndarray) -> None:
        self._known[xs, ys] = True
        seen = self.visible[xs, ys] | self.visible_back[xs, ys]
        tx, ty = xs[seen], ys[seen]
        if not len(tx):
            return
        solid, cover, height = self._terrain
        at = self.at
        # masked points read `at`, never solid
        cx, cy, has, near_at_x, near_at_y, near_t_x, near_t_y = _crossings(tx, ty, at, solid.shape)
        h_at = height[at]
        h_t = height[tx, ty]

        def shield(nx, ny, target_cover, target_height, shooter_height):
            own = np.where(shooter_height - target_height < HIGH_GROUND, target_cover, 0)
            beside = np.where(has & (shooter_height - height[nx, ny] < HIGH_GROUND), cover[nx, ny], 0)
            return np.maximum(own, beside)

        self._blocked[tx, ty] = solid[cx, cy].any(axis=1)
        self._cover_at[tx, ty] = shield(near_at_x, near_at_y, cover[at], h_at, h_t)
        self._cover_from[tx, ty] = shield(near_t_x, near_t_y, cover[tx, ty], h_t, h_at)


def sight_grids(tmap: TacticalMap, at: Tile) -> SightLines:
    """The SightLines of `at`, kept with the map."""
    at = (int(at[0]), int(at[1]))
    return tmap.kept.get("fivebyfive-sight", at, lambda: SightLines(tmap, at))


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


__all__ = ["SightLines", "sight_grids", "walk_from", "UNREACHABLE"]
