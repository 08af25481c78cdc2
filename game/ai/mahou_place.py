"""Where a Mahou unit wants to stand: the same line of fire the attack rules use.

A tile is worth more when a foe can be struck from it (for a ranged weapon: no wall
on the line of fire and within the listed range; hidden in concealment the shot is
at −6, so it counts for less), when cover shields it from the foes that can fire at
it, and when it is closer (by walking) to the nearest foe while out of reach.

`fire_clear` is the attack rules' test (`line_of_fire(...).blocked`, from the same
crossed tiles and the same walls), kept per map: the terrain never changes. What
depends on the terrain alone is kept in the map's tables, what depends on where the
foes stand in the battle's (game.kept), each under a key naming every input.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

import numpy as np

from game.world.paths import distance_field
from game.world.sight import crossed_tiles, fov
from game.world.tactical_map import Cover

COVER_VALUE = {Cover.NONE: 0.0, Cover.CONCEALMENT: 0.6, Cover.LIGHT: 0.9, Cover.HEAVY: 1.5}
SHOT_VALUE, HIDDEN_SHOT_VALUE = 1.5, 0.4  # a clear shot; a shot at −6 (the foe unseen)
EXACT = 24  # tiles judged by the exact line of fire (the best by field of view)


def _solid(tmap) -> list:
    return tmap.kept.get("mahou-ai-grids", "solid", lambda: (
        tmap.blocks_sight & ~tmap.walkable & (tmap.cover == Cover.NONE)).tolist())


def fire_clear(tmap, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """No wall on the line of fire between the two tiles (symmetric, as the rules')."""
    return tmap.kept.get("mahou-ai-fire-clear", (a, b) if a <= b else (b, a), lambda: _clear(tmap, a, b))


def _clear(tmap, a: tuple[int, int], b: tuple[int, int]) -> bool:
    solid = _solid(tmap)
    return not any(solid[x][y] for x, y in crossed_tiles(a, b))


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
    return battle.kept.get("mahou-ai-walks", foes, compute)


def walk_from(tmap, tile: tuple) -> np.ndarray:
    """Walking distance from every tile to `tile` (units ignored), kept per map."""
    def compute() -> np.ndarray:
        dist = distance_field(tmap, (tile,))
        dist.flags.writeable = False
        return dist
    return tmap.kept.get("mahou-ai-walk-from", tile, compute)


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
    flat = tile_array(tiles) @ board.strides
    base = board.base[flat]
    order = np.argsort(-board.proxy[flat[:-1]], kind="stable")[:exact]
    out = np.full(n, -np.inf)
    flat_at, base_at, shot = flat.tolist(), base.tolist(), board.shot
    for i in np.append(order, n - 1).tolist():
        out[i] = base_at[i] + shot(flat_at[i])
    return out


def tile_array(tiles) -> np.ndarray:
    """The tiles as an (n, 2) array of ints, read straight from the pairs (`np.array`
    on a list of tuples first works out the shape and type of every element)."""
    n = len(tiles)
    return np.fromiter(chain.from_iterable(tiles), np.intp, 2 * n).reshape(n, 2)


class _Board:
    """One set of foes' tile scores over the whole map, as flat arrays (index x *
    height + y): what every tile is worth before its exact shot (`base`), the field of
    view's stand-in for the shot added (`proxy`), and each tile's exact shot (read from
    the foes' `_Field`, which every range and weapon kind shares)."""

    def __init__(self, field: "_Field", ideal: int, ranged: bool) -> None:
        reach = max(ideal, 1)
        self.strides = field.strides
        self.shot = field.shots(reach)
        shelter = field.shelter() if ranged else 0.0
        approach = np.where(field.nearest > ideal, -0.3 * (field.walk - ideal),
                            -0.08 * (ideal - field.nearest))
        self.base = approach + shelter
        self.proxy = self.base + field.seen_shot(reach)


class _Field:
    """What a set of foe tiles means for every tile of the map (flat): the walk to the
    nearest, the distance to each, whether each sees it; the sight proxy, shelter and
    exact shots worked out when first asked."""

    def __init__(self, battle: Any, foes: tuple) -> None:
        tmap = battle.map
        width, height = tmap.width, tmap.height
        self.tmap, self.foes, self.height = tmap, foes, height
        self.strides = np.array([height, 1], dtype=np.intp)
        self.xs, self.ys = tmap.kept.get("mahou-ai-grids", "flat tiles", lambda: (
            np.repeat(np.arange(width, dtype=np.intp), height),
            np.tile(np.arange(height, dtype=np.intp), width)))
        self.walk = np.minimum(walk_to_nearest(battle, foes).reshape(-1), 200).astype(float)
        # every foe at once: rows are foes, columns tiles
        self.dist = np.stack([_distances(tmap, f, self.xs, self.ys) for f in foes])
        self.seen = _sight_of(battle, foes).reshape(len(foes), -1)
        self.nearest = self.dist.min(axis=0)
        self._by_reach: dict[int, tuple] = {}
        self._shelter: np.ndarray | None = None

    def shelter(self) -> np.ndarray:
        """A shooter's cover from the foes that see each tile (0.2 from one that does not)."""
        if self._shelter is None:
            best = np.stack([_shelter_from(self.tmap, f, self.xs, self.ys) for f in self.foes])
            self._shelter = np.where(self.seen, best, 0.2).sum(axis=0) / max(1, len(self.foes))
        return self._shelter

    def _reach(self, reach: int) -> tuple:
        found = self._by_reach.get(reach)
        if found is None:
            near = self.dist <= reach
            found = self._by_reach[reach] = (
                near, np.where(self.seen & near, SHOT_VALUE, 0.0).max(axis=0), {})
        return found

    def seen_shot(self, reach: int) -> np.ndarray:
        """The shot field of view promises from each tile to a foe within `reach`."""
        return self._reach(reach)[1]

    def shots(self, reach: int):
        """The exact shot from a flat tile: a clear line of fire to a foe within `reach`,
        worth less when that foe cannot see the tile (concealment, −6); kept per tile."""
        near, _, known = self._reach(reach)

        def shot(i: int) -> float:
            found = known.get(i)
            if found is None:
                t = divmod(i, self.height)
                found = 0.0
                for f, ok, clear_sight in zip(self.foes, near[:, i].tolist(), self.seen[:, i].tolist()):
                    if ok and found < SHOT_VALUE and fire_clear(self.tmap, t, f):
                        found = max(found, SHOT_VALUE if clear_sight else HIDDEN_SHOT_VALUE)
                known[i] = found
            return found
        return shot


def _distances(tmap, tile: tuple, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Chebyshev distance from `tile` to every tile (flat), kept per map."""
    def compute() -> np.ndarray:
        d = np.maximum(np.abs(xs - tile[0]), np.abs(ys - tile[1]))
        d.flags.writeable = False
        return d
    return tmap.kept.get("mahou-ai-distances", tile, compute)


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
    return tmap.kept.get("mahou-ai-shelter", foe, compute)


def _board(battle: Any, foes: tuple, ideal: int, ranged: bool) -> _Board:
    """The whole map's tile scores against these foes (kept while they stand there)."""
    field = battle.kept.get("mahou-ai-boards", ("field", foes), lambda: _Field(battle, foes))
    return battle.kept.get("mahou-ai-boards", ("board", foes, ideal, ranged), lambda: _Board(field, ideal, ranged))


def _sight_of(battle: Any, foes: tuple) -> np.ndarray:
    """Field of view from each foe's tile, stacked [foe, x, y] (kept while they stand)."""
    def compute() -> np.ndarray:
        grids = np.stack([fov(battle.map, f) for f in foes])
        grids.flags.writeable = False
        return grids
    return battle.kept.get("mahou-ai-sight", foes, compute)
