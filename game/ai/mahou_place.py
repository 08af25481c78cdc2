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
EXACT = 24  # tiles judged by the exact line of fire (the best by field of view)


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


def tile_scores(battle: Any, tiles: list, foes: tuple, ideal: int, ranged: bool,
                exact: int = EXACT) -> np.ndarray:
    """A score for each tile in `tiles` (higher is better) against foes at `foes`.

    Every tile is first scored with field of view standing in for the line of fire
    (numpy over all of them); the `exact` best of those, and the last tile (where the
    unit stands), are then scored with the attack rules' own line of fire; the rest
    are left out (-inf), so the best tile is always judged by the rules' test."""
    tmap = battle.map
    n = len(tiles)
    xs = np.fromiter((t[0] for t in tiles), np.intp, n)
    ys = np.fromiter((t[1] for t in tiles), np.intp, n)
    walk = np.minimum(walk_to_nearest(battle, foes)[xs, ys], 200).astype(float)
    nearest = np.full(n, FAR)
    seen_shot = np.zeros(n)
    shelter = np.zeros(n)
    reach = max(ideal, 1)
    dists, seens = [], []
    value = np.array([COVER_VALUE[Cover(c)] for c in range(4)])
    for fx, fy in foes:
        dist = np.maximum(np.abs(xs - fx), np.abs(ys - fy))
        seen = fov(tmap, (fx, fy))[xs, ys]
        dists.append(dist)
        seens.append(seen)
        nearest = np.minimum(nearest, dist)
        seen_shot = np.maximum(seen_shot, np.where(seen & (dist <= reach), SHOT_VALUE, 0.0))
        if ranged:
            # cover between: the tile itself or its neighbour toward the foe
            nx = np.clip(xs + np.sign(fx - xs), 0, tmap.width - 1)
            ny = np.clip(ys + np.sign(fy - ys), 0, tmap.height - 1)
            best = np.maximum(value[tmap.cover[nx, ny]], value[tmap.cover[xs, ys]])
            shelter += np.where(seen, best, 0.2)
    if ranged:
        shelter /= max(1, len(foes))
    approach = np.where(nearest > ideal, -0.3 * (walk - ideal), -0.08 * (ideal - nearest))
    base = approach + shelter
    proxy = base + seen_shot
    order = np.argsort(-proxy[:-1], kind="stable")[:exact]
    chosen = np.append(order, n - 1)
    out = np.full(n, -np.inf)
    for i in chosen.tolist():
        t = (int(xs[i]), int(ys[i]))
        shot = 0.0
        for (fx, fy), dist, seen in zip(foes, dists, seens):
            if dist[i] <= reach and shot < SHOT_VALUE and fire_clear(tmap, t, (fx, fy)):
                shot = max(shot, SHOT_VALUE if seen[i] else HIDDEN_SHOT_VALUE)
        out[i] = base[i] + shot
    return out
