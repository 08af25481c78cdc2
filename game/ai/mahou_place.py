"""Where a Mahou unit wants to stand: the same line of fire the attack rules use.

A tile is worth more when a foe can be struck from it (for a ranged weapon: no wall
on the line of fire and within the listed range; hidden in concealment the shot is
at −6, so it counts for less), when cover shields it from the foes that can fire at
it, and when it is closer (by walking) to the nearest foe while out of reach.

`fire_clear` is the attack rules' test (`line_of_fire(...).blocked`, from the same
crossed tiles and the same walls), kept per map: the terrain never changes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.ai.mahou_odds import kept
from game.world.paths import distance_field
from game.world.sight import crossed_tiles, fov, terrain_memo
from game.world.tactical_map import Cover

COVER_VALUE = {Cover.NONE: 0.0, Cover.CONCEALMENT: 0.6, Cover.LIGHT: 0.9, Cover.HEAVY: 1.5}
SHOT_VALUE, HIDDEN_SHOT_VALUE = 1.5, 0.4  # a clear shot; a shot at −6 (the foe unseen)
EXACT = 24  # tiles judged by the exact line of fire (the best by field of view)


def _solid(tmap) -> list:
    return terrain_memo(tmap, "mahou-ai-solid", lambda: (
        tmap.blocks_sight & ~tmap.walkable & (tmap.cover == Cover.NONE)).tolist())


def fire_clear(tmap, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """No wall on the line of fire between the two tiles (symmetric, as the rules')."""
    known = terrain_memo(tmap, "mahou-ai-clear", dict)
    key = (a, b) if a <= b else (b, a)
    found = known.get(key)
    if found is None:
        solid = _solid(tmap)
        found = known[key] = not any(solid[x][y] for x, y in crossed_tiles(a, b))
    return found


def walk_to_nearest(battle: Any, foes: tuple) -> np.ndarray:
    """Walking distance (move actions, units ignored) from every tile to the nearest
    foe tile over the movement rules' own graph (no diagonal cuts a wall's corner, as
    `reach` walks), kept while they stand there: the least of each foe tile's own
    field, which depends on the terrain alone and so is kept with the map (the same
    numbers as one search from all of them)."""
    def compute() -> np.ndarray:
        dist = np.minimum.reduce([walk_from(battle.map, f) for f in foes])
        dist.flags.writeable = False
        return dist
    return battle.cached(("mahou-ai-walk", foes), compute)


def walk_from(tmap, tile: tuple) -> np.ndarray:
    """Walking distance from every tile to `tile` (units ignored), kept per map."""
    def compute() -> np.ndarray:
        dist = distance_field(tmap, (tile,))
        dist.flags.writeable = False
        return dist
    return terrain_memo(tmap, ("mahou-ai-walk-from", tile), compute)


def tile_scores(battle: Any, tiles: list, foes: tuple, ideal: int, ranged: bool,
                exact: int = EXACT) -> np.ndarray:
    """A score for each tile in `tiles` (higher is better) against foes at `foes`.

    Every tile is first scored with field of view standing in for the line of fire
    (read from the whole map's scores, `_board`); the `exact` best of those, and the
    last tile (where the unit stands), are then scored with the attack rules' own
    line of fire; the rest are left out (-inf), so the best tile is always judged by
    the rules' test."""
    board = _board(battle, foes, ideal, ranged)
    n = len(tiles)
    flat = np.array(tiles, dtype=np.intp).reshape(n, 2) @ board.strides
    base = board.base[flat]
    order = np.argsort(-board.proxy[flat[:-1]], kind="stable")[:exact]
    out = np.full(n, -np.inf)
    for i in np.append(order, n - 1).tolist():
        out[i] = base[i] + board.shot(int(flat[i]))
    return out


class _Board:
    """One set of foes' tile scores over the whole map, as flat arrays (index x *
    height + y): what every tile is worth before its exact shot (`base`), the field of
    view's stand-in for the shot added (`proxy`), and each tile's exact shot, worked
    out when first asked (the attack rules' line of fire, a few dozen tiles a turn)."""

    def __init__(self, battle: Any, foes: tuple, ideal: int, ranged: bool) -> None:
        tmap = battle.map
        width, height = tmap.width, tmap.height
        self.tmap, self.foes = tmap, foes
        self.strides = np.array([height, 1], dtype=np.intp)
        xs, ys = terrain_memo(tmap, "mahou-ai-flat-tiles", lambda: (
            np.repeat(np.arange(width, dtype=np.intp), height),
            np.tile(np.arange(height, dtype=np.intp), width)))
        walk = np.minimum(walk_to_nearest(battle, foes).reshape(-1), 200).astype(float)
        reach = max(ideal, 1)
        # every foe at once: rows are foes, columns tiles
        dist = np.stack([_distances(tmap, f, xs, ys) for f in foes])
        seen = _sight_of(battle, foes).reshape(len(foes), -1)
        nearest = dist.min(axis=0)
        seen_shot = np.where(seen & (dist <= reach), SHOT_VALUE, 0.0).max(axis=0)
        if ranged:
            best = np.stack([_shelter_from(tmap, f, xs, ys) for f in foes])
            shelter = np.where(seen, best, 0.2).sum(axis=0) / max(1, len(foes))
        else:
            shelter = 0.0
        approach = np.where(nearest > ideal, -0.3 * (walk - ideal), -0.08 * (ideal - nearest))
        self.base = approach + shelter
        self.proxy = self.base + seen_shot
        self.height = height
        self.near, self.seen = dist <= reach, seen
        self.shots: dict[int, float] = {}

    def shot(self, i: int) -> float:
        """The exact shot from flat tile `i`: a clear line of fire to a foe in reach,
        worth less when that foe cannot see the tile (concealment, −6)."""
        found = self.shots.get(i)
        if found is None:
            t = divmod(i, self.height)
            found = 0.0
            for f, ok, clear_sight in zip(self.foes, self.near[:, i].tolist(), self.seen[:, i].tolist()):
                if ok and found < SHOT_VALUE and fire_clear(self.tmap, t, f):
                    found = max(found, SHOT_VALUE if clear_sight else HIDDEN_SHOT_VALUE)
            self.shots[i] = found
        return found


def _distances(tmap, tile: tuple, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Chebyshev distance from `tile` to every tile (flat), kept per map."""
    def compute() -> np.ndarray:
        d = np.maximum(np.abs(xs - tile[0]), np.abs(ys - tile[1]))
        d.flags.writeable = False
        return d
    return terrain_memo(tmap, ("mahou-ai-distances", tile), compute)


def _shelter_from(tmap, foe: tuple, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """The cover value between a foe at `foe` and every tile (flat): the tile's own or
    its neighbour's toward the foe, whichever is better (kept per map)."""
    def compute() -> np.ndarray:
        value = np.array([COVER_VALUE[Cover(c)] for c in range(4)])
        nx = np.clip(xs + np.sign(foe[0] - xs), 0, tmap.width - 1)
        ny = np.clip(ys + np.sign(foe[1] - ys), 0, tmap.height - 1)
        best = np.maximum(value[tmap.cover[nx, ny]], value[tmap.cover[xs, ys]])
        best.flags.writeable = False
        return best
    return terrain_memo(tmap, ("mahou-ai-shelter", foe), compute)


def _board(battle: Any, foes: tuple, ideal: int, ranged: bool) -> _Board:
    """The whole map's tile scores against these foes (kept while they stand there)."""
    return kept(battle, ("board", foes, ideal, ranged), lambda: _Board(battle, foes, ideal, ranged))


def _sight_of(battle: Any, foes: tuple) -> np.ndarray:
    """Field of view from each foe's tile, stacked [foe, x, y] (kept while they stand)."""
    def compute() -> np.ndarray:
        grids = np.stack([fov(battle.map, f) for f in foes])
        grids.flags.writeable = False
        return grids
    return battle.cached(("mahou-ai-sight", foes), compute)
