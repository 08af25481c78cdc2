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
    foe tile: one search from all of them over the movement rules' own graph (no
    diagonal cuts a wall's corner, as `reach` walks), kept while they stand there."""
    def compute() -> np.ndarray:
        dist = distance_field(battle.map, foes)
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
    reach = max(ideal, 1)
    # every foe at once: rows are foes, columns tiles
    fx = np.fromiter((f[0] for f in foes), np.intp, len(foes))[:, None]
    fy = np.fromiter((f[1] for f in foes), np.intp, len(foes))[:, None]
    dist = np.maximum(np.abs(xs - fx), np.abs(ys - fy))
    seen = _sight_of(battle, foes)[:, xs, ys]
    nearest = dist.min(axis=0)
    seen_shot = np.where(seen & (dist <= reach), SHOT_VALUE, 0.0).max(axis=0)
    if ranged:
        # cover between: the tile itself or its neighbour toward the foe
        value = np.array([COVER_VALUE[Cover(c)] for c in range(4)])
        nx = np.clip(xs + np.sign(fx - xs), 0, tmap.width - 1)
        ny = np.clip(ys + np.sign(fy - ys), 0, tmap.height - 1)
        best = np.maximum(value[tmap.cover[nx, ny]], value[tmap.cover[xs, ys]])
        shelter = np.where(seen, best, 0.2).sum(axis=0) / max(1, len(foes))
    else:
        shelter = 0.0
    approach = np.where(nearest > ideal, -0.3 * (walk - ideal), -0.08 * (ideal - nearest))
    base = approach + shelter
    proxy = base + seen_shot
    order = np.argsort(-proxy[:-1], kind="stable")[:exact]
    chosen = np.append(order, n - 1).tolist()
    out = np.full(n, -np.inf)
    in_reach = (dist[:, chosen] <= reach).T.tolist()
    seen_at = seen[:, chosen].T.tolist()
    for i, near, sees in zip(chosen, in_reach, seen_at):
        t = (int(xs[i]), int(ys[i]))
        shot = 0.0
        for f, ok, clear_sight in zip(foes, near, sees):
            if ok and shot < SHOT_VALUE and fire_clear(tmap, t, f):
                shot = max(shot, SHOT_VALUE if clear_sight else HIDDEN_SHOT_VALUE)
        out[i] = base[i] + shot
    return out


def _sight_of(battle: Any, foes: tuple) -> np.ndarray:
    """Field of view from each foe's tile, stacked [foe, x, y] (kept while they stand)."""
    def compute() -> np.ndarray:
        grids = np.stack([fov(battle.map, f) for f in foes])
        grids.flags.writeable = False
        return grids
    return battle.cached(("mahou-ai-sight", foes), compute)
