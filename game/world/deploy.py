"""Where each side starts on a map that has no ``spawns`` layer.

Rule (issue 16): deploy each side at opposite ends of the largest connected walkable
region, as far apart as walking goes. The region's two far ends are found the usual
way for a "diameter": walk from any cell to the farthest one (A), then from A to the
farthest one (B). One side takes the cells nearest A, the other those nearest B,
each ranked by how much nearer they are to their own end than to the other's, then
by nearness to it. Steps are the four straight ones (a diagonal step may be closed by a corner, so
straight steps are the connection every ruleset allows). Deterministic: ties are broken
by row and column, mirrored between the two ends (see ``deploy``).
"""

from __future__ import annotations

from collections import deque

import numpy as np

from game.world.tactical_map import Spawn

SQUAD = 5  # units per side when the map does not say: one of each archetype


class NoDeployment(ValueError):
    """No region of the map holds one unit per side; the message says why."""


def _flood(walkable: np.ndarray, start: tuple[int, int]) -> np.ndarray:
    """Steps from ``start`` to every cell it reaches by straight steps (-1: not reached)."""
    import tcod  # C speed: a 512x512 flood takes milliseconds

    dist = tcod.path.maxarray(walkable.shape, dtype=np.int32)
    unreached = dist[0, 0]
    dist[start] = 0
    tcod.path.dijkstra2d(dist, walkable.astype(np.int32), 1, 0, out=dist)
    dist[dist == unreached] = -1
    return dist


def _region_of(walkable: np.ndarray, start: tuple[int, int], seen: np.ndarray) -> int:
    """Mark the 4-connected region around ``start`` in ``seen``; return its size."""
    w, h = walkable.shape
    seen[start] = True
    queue, size = deque([start]), 0
    while queue:
        x, y = queue.popleft()
        size += 1
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < w and 0 <= ny < h and walkable[nx, ny] and not seen[nx, ny]:
                seen[nx, ny] = True
                queue.append((nx, ny))
    return size


def largest_region(walkable: np.ndarray) -> np.ndarray:
    """A bool mask of the largest 4-connected walkable region (the first found on a tie)."""
    seen = np.zeros(walkable.shape, bool)
    best_start, best_size = None, 0
    left = int(walkable.sum())
    # Row by row (y, then x), so a tie goes to the region met first; stop once the
    # cells not yet seen could not make a larger region.
    for y, x in zip(*np.nonzero(walkable.T)):
        if left <= best_size:
            break
        if seen[x, y]:
            continue
        size = _region_of(walkable, (int(x), int(y)), seen)
        left -= size
        if size > best_size:
            best_start, best_size = (int(x), int(y)), size
    if best_start is None:
        return np.zeros(walkable.shape, bool)
    return _flood(walkable, best_start) >= 0


def _farthest(dist: np.ndarray) -> tuple[int, int]:
    top = dist.max()
    xs, ys = np.nonzero(dist == top)
    order = np.lexsort((xs, ys))  # lowest row, then lowest column
    return int(xs[order[0]]), int(ys[order[0]])


def deploy(walkable: np.ndarray, per_side: int = SQUAD) -> tuple[tuple[Spawn, ...], str]:
    """Spawns for two sides (team 1 and 2), and a sentence saying where they stand."""
    if not walkable.any():
        raise NoDeployment("has no walkable tile to deploy on")
    region = largest_region(walkable)
    size = int(region.sum())
    if size < 2:
        raise NoDeployment("has no two connected walkable tiles, so two sides cannot deploy")
    cells = np.argwhere(region)  # (n, 2) of x, y
    start = tuple(int(v) for v in cells[np.lexsort((cells[:, 0], cells[:, 1]))[0]])
    end_a = _farthest(_flood(region, start))
    dist_a = _flood(region, end_a)
    end_b = _farthest(dist_a)
    dist_b = _flood(region, end_b)
    da, db = dist_a[region], dist_b[region]
    xs, ys = cells[:, 0], cells[:, 1]
    count = min(per_side, size // 2)
    # Ties at B's end go to the lower row, then column; at A's end to the higher ones,
    # so a map that is the same turned 180 degrees gets a deployment that is too.
    near_b = np.lexsort((xs, ys, db, db - da))[:count]
    taken = set(near_b.tolist())
    near_a = [i for i in np.lexsort((-xs, -ys, da, da - db)).tolist() if i not in taken][:count]
    side_a = [(int(xs[i]), int(ys[i])) for i in near_a]
    side_b = [(int(xs[i]), int(ys[i])) for i in near_b]
    # Team 1 takes the western end (then the northern), as on the shipped maps.
    if (np.mean([p[0] for p in side_b]), np.mean([p[1] for p in side_b])) < \
            (np.mean([p[0] for p in side_a]), np.mean([p[1] for p in side_a])):
        side_a, side_b = side_b, side_a
    spawns = [Spawn(x, y, 1) for x, y in side_a] + [Spawn(x, y, 2) for x, y in side_b]
    spawns.sort(key=lambda s: (s.team, s.y, s.x))
    apart = int(dist_a[end_b])
    where = (f"no 'spawns' layer: deployed {count} per side at the two far ends of the largest "
             f"walkable region ({size} tiles), {apart} steps apart")
    return tuple(spawns), where
