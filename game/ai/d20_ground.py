"""Where a d20 unit should stand: a value for every tile, as numpy grids.

A tile is worth the fire the unit can return from it, less the fire the enemies can
put on it (each enemy that sees it and has it in range, cut by the cover on its side),
less a pull toward the enemy for units still out of range. The grids only read the
battle; the per-enemy part depends on the terrain alone and is kept with the map
(game.kept tables "d20-ai-views" and "d20-ai-terrain"), the grids with the battle.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from game.world.sight import seen_from
from game.world.tactical_map import Cover

# How much of an enemy's fire each kind of cover turns away (heavy cover stops every
# round but AP rifle ones; light cover's +3 DT is most of a pistol or SMG round;
# concealment only forbids targeted shots).
PROTECTION = {Cover.NONE: 0.0, Cover.CONCEALMENT: 0.25, Cover.LIGHT: 0.6, Cover.HEAVY: 1.0}
RETURN_WEIGHT = 1.0  # a point of damage the unit can deal from the tile
INCOMING_WEIGHT = 0.15  # a point of damage the enemies in range can deal to it there
FAR_WEIGHT = 0.15  # enemies that see the tile but must move closer to fire
RANGE_PULL = 0.3  # per tile still to close before the nearest enemy is in range
CLOSE_IN = 0.05  # a mild pull toward the enemy even in range, so nobody waits forever


def enemy_view(tmap: Any, enemy: tuple[int, int]) -> tuple[np.ndarray, ...]:
    """For an enemy standing on `enemy`, over every tile: does it see the tile, how far
    it is, the share of its fire the tile's cover stops, and the share of a shot from
    the tile the enemy's own cover leaves (terrain only: kept with the map)."""
    return tmap.kept.get("d20-ai-views", enemy, lambda: _enemy_view(tmap, enemy))


def _enemy_view(tmap: Any, enemy: tuple[int, int]) -> tuple[np.ndarray, ...]:
    ex, ey = enemy
    width, height = tmap.shape
    seen = seen_from(tmap, enemy)
    # Every grid below is a window of a per-map table over all offsets (tile - enemy):
    # the window for an enemy on (ex, ey) starts at offset (-ex, -ey).
    dist_table, steps, shifted, cover = _offset_tables(tmap)
    window = _window(tmap, enemy)
    dist = dist_table[window]
    away = [k[window] for k in steps[0]]
    toward = [k[window] for k in steps[1]]
    n = width * height
    flat = _flat_index(tmap)
    # Cover shields a target from the tile next to it on the line of fire (and its own
    # tile): the neighbour one step along the straight line toward the shooter; where
    # the line passes exactly between two neighbours, the better of them.
    best = np.maximum(shifted.take(toward[0] * n + flat), shifted.take(toward[1] * n + flat))
    shield = np.maximum(np.where(dist > 0, best, 0.0), cover)
    # The enemy's own shelter against a shooter on each tile, the same way round.
    around = shifted[:, ex, ey]  # the cover of each neighbour of the enemy's tile
    near = np.where(dist > 0, np.maximum(around.take(away[0]), around.take(away[1])), 0.0)
    open_to = 1 - np.maximum(near, cover[ex, ey])
    return seen, dist, shield, open_to


#: The 9 steps (sx, sy), each -1, 0 or 1, numbered 3 * (sx + 1) + (sy + 1).
_STEP_OF = tuple((k // 3 - 1, k % 3 - 1) for k in range(9))


def _offset_tables(tmap: Any):
    """Per map: over every offset (dx, dy) between two tiles, the Chebyshev distance
    and the step one tile along the line (rounded half up, and half down: the two
    neighbours a line passing between them touches), by the step's number, for the
    line away from the centre and toward it; the cover (PROTECTION) of each tile's
    neighbour one step `k` away (clamped to the map), as shifted[k]; and the cover of
    each tile. (tests/d20/test_ground.py writes the rule out as whole-grid sums.)"""
    return tmap.kept.get("d20-ai-terrain", "offset tables", lambda: _build_offset_tables(tmap))


def _build_offset_tables(tmap: Any):
    width, height = tmap.shape
    DX, DY = np.indices((2 * width - 1, 2 * height - 1))
    DX, DY = DX - (width - 1), DY - (height - 1)
    dist = np.maximum(abs(DX), abs(DY))
    d = np.maximum(dist, 1)
    steps = []
    for sign in (1, -1):  # away from the centre, toward it
        vx, vy = sign * DX / d, sign * DY / d
        half_up = 3 * (np.floor(vx + 0.5).astype(np.intp) + 1) + np.floor(vy + 0.5).astype(np.intp) + 1
        half_down = 3 * (np.ceil(vx - 0.5).astype(np.intp) + 1) + np.ceil(vy - 0.5).astype(np.intp) + 1
        steps.append((half_up, half_down))
    protection = np.array([PROTECTION[c] for c in Cover])
    cover = protection[tmap.cover.astype(np.intp)]
    xs, ys = np.arange(width), np.arange(height)
    shifted = np.stack([cover[np.ix_(np.minimum(np.maximum(xs + sx, 0), width - 1),
                                     np.minimum(np.maximum(ys + sy, 0), height - 1))]
                        for sx, sy in _STEP_OF])
    for a in (dist, shifted, cover, *steps[0], *steps[1]):
        a.setflags(write=False)
    return dist, steps, shifted, cover


def _flat_index(tmap: Any) -> np.ndarray:
    return tmap.kept.get("d20-ai-terrain", "flat index", lambda: np.arange(tmap.width * tmap.height).reshape(tmap.shape))


def ground(battle: Any, reach_tiles: int, punch: float, melee_punch: float,
           enemies: tuple[tuple[tuple[int, int], int, float], ...]) -> np.ndarray:
    """The value of every tile for a unit whose weapon reaches `reach_tiles` and deals
    `punch` a turn there (`melee_punch` in melee), against `enemies` given as (tile,
    reach in tiles, threat)."""
    return battle.kept.get("d20-ai-grounds", ("grid", reach_tiles, punch, melee_punch, enemies),
                           lambda: _ground(battle, reach_tiles, punch, melee_punch, enemies))


def _ground(battle: Any, reach_tiles: int, punch: float, melee_punch: float, enemies) -> np.ndarray:
    # Each enemy's part of the enemies' fire and of the unit's reach is kept (an enemy
    # that has not moved costs nothing the next time); their sums are not: keeping
    # them too bought 0.2% of a normal battle's instructions and 0.3% of a hard one's.
    incoming, nearest, close = _incoming(battle, enemies)
    tiles = tuple(tile for tile, _, _ in enemies)
    best, pull = _reach_terms(battle, tiles, reach_tiles, nearest)
    # What it can deal from the tile: its fire, cut by the enemies' cover, or a melee
    # attack next to one (cover never stops a melee attack).
    dealt = np.maximum(punch * best, np.where(close, melee_punch, 0.0))
    score = RETURN_WEIGHT * dealt - incoming
    score -= pull
    return score


def _incoming(battle: Any, enemies) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the enemies' fire on every tile, weighed by INCOMING_WEIGHT; the distance to the
    nearest enemy; next to one)."""
    # Each enemy's part depends on that enemy alone: kept apart, so an enemy that has
    # not moved costs nothing the next time.
    tmap = battle.map
    fire_parts = [battle.kept.get("d20-ai-ground-parts", ("fire", tile, their_reach, their_threat),
                                  lambda tile=tile, r=their_reach, t=their_threat: _fire_part(tmap, tile, r, t))
                  for tile, their_reach, their_threat in enemies]
    nearest = _fold(np.minimum, [enemy_view(tmap, tile)[1] for tile, _, _ in enemies])
    return INCOMING_WEIGHT * np.add.reduce(fire_parts), nearest, nearest <= 1


def _reach_terms(battle: Any, tiles: tuple, reach_tiles: int, nearest: np.ndarray):
    """(the share of the unit's fire the enemies take on every tile, the pull toward
    them) for a unit whose weapon reaches `reach_tiles`."""
    tmap = battle.map
    reach_parts = [battle.kept.get("d20-ai-ground-parts", ("reach", tile, reach_tiles),
                                   lambda tile=tile: _reach_part(tmap, tile, reach_tiles))
                   for tile in tiles]
    to_close = _fold(np.minimum, [p[0] for p in reach_parts])
    best = _fold(np.maximum, [p[1] for p in reach_parts])
    return best, RANGE_PULL * to_close + CLOSE_IN * nearest


def _fold(ufunc, grids: list) -> np.ndarray:
    """ufunc over the grids pairwise (np.minimum.reduce first stacks them all in one
    array: a copy for nothing). Only for an exact, order-free ufunc (minimum, maximum)."""
    out = grids[0]
    for g in grids[1:]:
        out = ufunc(out, g)
    return out


def _reach_part(tmap: Any, tile, reach_tiles: int):
    """For a unit reaching `reach_tiles`, against the enemy on `tile`, over every tile:
    the distance still to close to attack it, and the share of the unit's fire it takes."""
    seen, dist, shield, open_to = enemy_view(tmap, tile)
    # An enemy whose own tile is heavy cover stops every shot from everywhere:
    # only a melee attack (which cover does not stop) reaches it, so the unit must
    # close to 1 tile. Without this, two sides in heavy cover wait forever.
    reach_it = reach_tiles if PROTECTION[int(tmap.cover[tile])] < 1.0 else 1
    window = _window(tmap, tile)
    to_close = _range_tables(tmap, reach_it)[0][window]
    fire = np.where(seen & _range_tables(tmap, reach_tiles)[1][window], open_to, 0.0)
    return to_close, fire


def _fire_part(tmap: Any, tile, their_reach: int, their_threat: float) -> np.ndarray:
    """The fire the enemy on `tile` (reach, threat) puts on every tile."""
    seen, dist, shield, open_to = enemy_view(tmap, tile)
    exposed = their_threat * (1 - shield)
    within = _range_tables(tmap, their_reach)[1][_window(tmap, tile)]
    return np.where(seen, np.where(within, exposed, FAR_WEIGHT * exposed), 0.0)


def _window(tmap: Any, tile) -> tuple[slice, slice]:
    """The window of an offset table (`_offset_tables`) for an enemy on `tile`."""
    (ex, ey), (width, height) = tile, tmap.shape
    return slice(width - 1 - ex, 2 * width - 1 - ex), slice(height - 1 - ey, 2 * height - 1 - ey)


def _range_tables(tmap: Any, reach: int) -> tuple[np.ndarray, np.ndarray]:
    """Over every offset: the distance beyond `reach` (0 within it), and within it."""
    def build():
        dist = _offset_tables(tmap)[0]
        out = (np.maximum(0, dist - reach), dist <= reach)
        for a in out:
            a.setflags(write=False)
        return out
    return tmap.kept.get("d20-ai-terrain", ("range tables", reach), build)


def ground_at(tmap: Any, at: tuple[int, int], reach_tiles: int, punch: float, melee_punch: float,
              enemies) -> float:
    """`ground(...)[at]` worked out for the one tile (the same terms as _ground, each
    enemy's view read at this tile alone: no grid is built for an enemy that moved)."""
    x, y = at
    nearest, to_close, best, close, incoming = 10 ** 6, 10 ** 6, 0.0, False, 0.0
    cover = _protection_rows(tmap)
    width, height = tmap.width, tmap.height
    for tile, their_reach, their_threat in enemies:
        ex, ey = tile
        d = max(abs(x - ex), abs(y - ey))
        nearest = min(nearest, d)
        reach_it = reach_tiles if cover[ex][ey] < 1.0 else 1
        to_close = min(to_close, max(0, d - reach_it))
        if seen_from(tmap, tile)[x, y]:
            if d <= reach_tiles:
                # the enemy's own shelter against a shot from here (enemy_view's open_to)
                near = _toward_one(cover, width, height, ex, ey, x - ex, y - ey, d)
                best = max(best, 1 - max(near, cover[ex][ey]))
            shield = max(_toward_one(cover, width, height, x, y, ex - x, ey - y, d), cover[x][y])
            exposed = their_threat * (1 - shield)
            incoming += exposed if d <= their_reach else FAR_WEIGHT * exposed
        close = close or d <= 1
    dealt = max(punch * best, melee_punch if close else 0.0)
    return RETURN_WEIGHT * dealt - INCOMING_WEIGHT * incoming - RANGE_PULL * to_close - CLOSE_IN * nearest


def _toward_one(cover: list, width: int, height: int, x: int, y: int, dx: int, dy: int, dist: int) -> float:
    """The best cover (PROTECTION) of the neighbours of (x, y) one step along (dx, dy),
    rounded half up and half down (0 at distance 0): the rule `_enemy_view` reads from
    the offset tables, as sums on Python numbers for the one tile."""
    if dist <= 0:
        return 0.0
    vx, vy = dx / dist, dy / dist
    out = 0.0
    for sx, sy in ((math.floor(vx + 0.5), math.floor(vy + 0.5)), (math.ceil(vx - 0.5), math.ceil(vy - 0.5))):
        nx = min(max(x + sx, 0), width - 1)
        ny = min(max(y + sy, 0), height - 1)
        out = max(out, cover[nx][ny])
    return out


def _protection_rows(tmap: Any) -> list:
    """The share of fire each tile's cover stops (PROTECTION), as nested lists."""
    return tmap.kept.get("d20-ai-terrain", "protection rows", lambda: [
        [PROTECTION[Cover(c)] for c in row] for row in tmap.cover.astype(int).tolist()])


def best_dealt(punch: float, melee_punch: float) -> float:
    """No tile's value exceeds this (the other terms are costs)."""
    return RETURN_WEIGHT * max(punch, melee_punch)
