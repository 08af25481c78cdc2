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
import tcod.path

from game.world.sight import crossed_tiles, fov, terrain_memo
from game.world.tactical_map import Cover

COVER_VALUE = {Cover.NONE: 0.0, Cover.CONCEALMENT: 0.6, Cover.LIGHT: 0.9, Cover.HEAVY: 1.5}
SHOT_VALUE, HIDDEN_SHOT_VALUE = 1.5, 0.4  # a clear shot; a shot at −6 (the foe unseen)
FAR = 10 ** 5


def _solid(tmap) -> list:
    return terrain_memo(tmap, "mahou-ai-solid", lambda: (
        tmap.blocks_sight & ~tmap.walkable & (tmap.cover == Cover.NONE)).tolist())


def fire_clear(tmap, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """No wall on the line of fire between the two tiles (symmetric, as the rules')."""
    key = ("mahou-ai-clear", a, b) if a <= b else ("mahou-ai-clear", b, a)

    def compute() -> bool:
        solid = _solid(tmap)
        return not any(solid[x][y] for x, y in crossed_tiles(a, b))
    return terrain_memo(tmap, key, compute)


def walk_to_nearest(battle: Any, foes: tuple) -> np.ndarray:
    """Walking distance (move actions, units ignored) from every tile to the nearest
    foe tile: one Dijkstra from all of them, kept while they stand there."""
    tmap = battle.map

    def compute() -> np.ndarray:
        cost = np.where(tmap.walkable, tmap.move_cost, 0).astype(np.int32)
        dist = np.full(tmap.shape, FAR, dtype=np.int32)
        for x, y in foes:
            dist[x, y] = 0
            cost[x, y] = max(1, int(cost[x, y]))  # a foe may stand on rough ground
        tcod.path.dijkstra2d(dist, cost, 1, 1, out=dist)
        dist.flags.writeable = False
        return dist
    return battle.cached(("mahou-ai-walk", foes), compute)


def tile_scores(battle: Any, tiles: list, foes: tuple, ideal: int, ranged: bool) -> np.ndarray:
    """A score for each tile in `tiles` (higher is better) against foes at `foes`."""
    tmap = battle.map
    xs = np.fromiter((t[0] for t in tiles), np.intp, len(tiles))
    ys = np.fromiter((t[1] for t in tiles), np.intp, len(tiles))
    walk = walk_to_nearest(battle, foes)[xs, ys].astype(float)
    nearest = np.full(len(tiles), FAR)
    shot = np.zeros(len(tiles))
    shelter = np.zeros(len(tiles))
    cover = tmap.cover
    for fx, fy in foes:
        dist = np.maximum(np.abs(xs - fx), np.abs(ys - fy))
        nearest = np.minimum(nearest, dist)
        seen = fov(tmap, (fx, fy))[xs, ys]
        close = np.flatnonzero(dist <= max(ideal, 1))
        for i in close:
            t = (int(xs[i]), int(ys[i]))
            if fire_clear(tmap, t, (fx, fy)):
                shot[i] = max(shot[i], SHOT_VALUE if seen[i] else HIDDEN_SHOT_VALUE)
        if ranged:
            # cover between: the tile itself or its neighbour toward the foe
            nx = np.clip(xs + np.sign(fx - xs), 0, tmap.width - 1)
            ny = np.clip(ys + np.sign(fy - ys), 0, tmap.height - 1)
            here = np.array([COVER_VALUE[Cover(c)] for c in range(4)])
            best = np.maximum(here[cover[nx, ny]], here[cover[xs, ys]])
            shelter += np.where(seen, best, 0.2)
    if ranged:
        shelter /= max(1, len(foes))
    approach = np.where(nearest > ideal, -0.3 * (np.minimum(walk, FAR) - ideal),
                        -0.08 * (ideal - nearest))
    return approach + shot + shelter
