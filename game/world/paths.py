"""Movement: how far a unit can go and by which path.

Steps go to any of the 8 neighbours and cost the entered tile's ``move_cost``
(diagonals cost the same as straight steps: distances are Chebyshev, as on a
tabletop grid). Tiles that are not walkable, and the ``blocked`` tiles (other
units, as the ruleset decides), cannot be entered. A diagonal step may not cut
the corner of a non-walkable tile: both tiles beside the diagonal must be walkable.

The search is the game's own compiled Dijkstra (``game/world/_search.c``, a
binary heap in C behind one plain function) over one graph per map, built once from
the terrain as CSR arrays (the steps out of each tile; the corner rule is simply a
missing step). A unit standing in the way makes its tile unenterable for that one
search; a search bounded by ``limit`` stops at that cost. It replaced scipy's
``csgraph.dijkstra`` (the same distances, 143 MB of install for this one call; see
docs/install.md for both measured), which had replaced tcod's ``CustomGraph``
Pathfinder, whose per-call set-up and conditional edges made a 32x32 search cost
0.15-0.25 ms.

Each step weighs its move cost times _TIE plus 1 if diagonal, so one search gives the
move costs (distance // _TIE) and, among the cheapest routes, the fewest diagonal
steps. Paths walk back from the goal over those routes, keeping their heading where
they can, then hugging the straight line: a path bends as little as the ground allows
instead of zig-zagging or detouring between routes that cost the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

import numpy as np

from game.world.tactical_map import TacticalMap

try:
    from game.world._search import dijkstra as _kernel
except ImportError as exc:  # a source checkout whose kernel was never compiled
    raise ImportError("game.world._search (game/world/_search.c) is not built: run "
                      "`pip install -e .` in the checkout, or `python setup.py build_ext "
                      "--inplace` to build it alone") from exc

Tile = tuple[int, int]
UNREACHABLE = int(np.iinfo(np.int32).max)  # cost of a tile no path reaches
_STRAIGHT = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_STEPS = _STRAIGHT + _DIAGONAL
#: Tie-breaking weight: a step costs its move cost times _TIE, plus 1 if diagonal, so the
#: cheapest routes stay cheapest and among them the fewest diagonal steps win (exact in
#: float64 for any path under 2**33 move cost).
_TIE = float(2 ** 20)


def chebyshev(a: Tile, b: Tile) -> int:
    """Grid distance where a diagonal step counts as one."""
    (ax, ay), (bx, by) = a, b
    if type(ax) is int and type(ay) is int and type(bx) is int and type(by) is int:
        return max(ax - bx, bx - ax, ay - by, by - ay)  # the common case, read very often
    return max(abs(int(ax) - int(bx)), abs(int(ay) - int(by)))  # numpy ints: never wrap


@dataclass(frozen=True, eq=False)
class _Terrain:
    """One map's movement graph, built once from its terrain (which never changes
    after loading: the shared maps' grids are read-only)."""

    base: np.ndarray             # move cost of entering each tile; 0 = cannot be entered
    corners: list[np.ndarray]    # per diagonal step: true where it cuts no corner
    indptr: np.ndarray           # the steps as CSR: tile a's are edges indptr[a]:indptr[a + 1] ...
    indices: np.ndarray          # ... edge e enters tile indices[e] (a row sorted by tile) ...
    weights: np.ndarray          # ... and weighs base[b] * _TIE + 1 if diagonal
    into: np.ndarray             # edge positions sorted by the tile they enter ...
    into_ptr: np.ndarray         # ... tile i's are into[into_ptr[i]:into_ptr[i + 1]]
    rows: dict = field(default_factory=dict)  # base and corners as Python lists, for walks

    def as_lists(self) -> tuple[list, list]:
        """(entry cost rows, corner rows per diagonal) as nested lists: a path's walk
        back reads a few dozen of them, far faster than numpy scalars."""
        if not self.rows:
            self.rows["base"] = self.base.tolist()
            self.rows["corners"] = [c.tolist() for c in self.corners]
        return self.rows["base"], self.rows["corners"]


@dataclass(frozen=True, eq=False)
class Reach:
    """Movement costs from ``start``.

    ``cost[x, y]``: the cheapest total move cost to reach (x, y), 0 at start,
    UNREACHABLE where no path leads (or, for a search bounded by ``limit``, where no
    path within the limit leads). ``budget`` is the movement the unit has now; it is
    the default limit of :meth:`tiles`. A ruleset may adjust ``cost`` (`with_costs`);
    paths still follow the search's own distances.
    """

    start: Tile
    budget: int
    cost: np.ndarray
    _terrain: _Terrain
    _dist: np.ndarray      # the search's own move costs (before any `with_costs`)
    _found: np.ndarray     # its tie-weighted distances (move cost, then diagonal steps)
    _rows: dict = field(default_factory=dict, compare=False)  # `_found` as lists, and paths, once asked

    def tiles(self, max_cost: int | None = None) -> list[Tile]:
        """Tiles a move can end on within ``max_cost`` (default: the budget), start excluded, sorted."""
        limit = self.budget if max_cost is None else max_cost
        inside = self.cost <= limit
        inside[self.start] = False
        # np.nonzero walks [x, y] in row-major order: already sorted by x, then y.
        return list(map(tuple, np.argwhere(inside).tolist()))

    def with_costs(self, cost: np.ndarray) -> "Reach":
        """The same search with the ruleset's adjusted costs (e.g. 5x5's one step)."""
        return Reach(self.start, self.budget, cost, self._terrain, self._dist, self._found, self._rows)

    def path_to(self, tile: Tile) -> list[Tile]:
        """The cheapest path: each tile stepped on after start, ending with ``tile``.

        Diagonals cost as much as straight steps, so many routes tie. Of the cheapest,
        the path takes one with the fewest diagonal steps (the shortest on the board, no
        detour that Chebyshev distance would not charge for), then the fewest bends,
        then the one nearest the straight line: it reads as the way a person would walk
        instead of zig-zagging between routes that cost the same.
        """
        goal = (int(tile[0]), int(tile[1]))
        if self._dist[goal] == UNREACHABLE:
            raise ValueError(f"tile {goal} cannot be reached from {self.start}")
        if goal == self.start:
            return []
        # Kept with the search's distances (a kept reach serves many moves, and battles).
        key = ("path", goal)
        path = self._rows.get(key)
        if path is None:
            walks = (self._walk_back(goal, first) for first in self._steps_back(goal))
            _, walked = min(walks, key=lambda scored: scored[0])
            walked.reverse()
            path = self._rows[key] = tuple(walked[1:])
        return list(path)

    def _tie_dist(self) -> list:
        """The tie-weighted distances as nested lists (a walk back reads a few dozen)."""
        rows = self._rows.get("found")
        if rows is None:
            rows = self._rows["found"] = self._found.tolist()
        return rows

    def _steps_back(self, here: Tile) -> list[tuple[int, Tile, tuple[int, int]]]:
        """Each neighbour a best route reaches ``here`` from: (step index, the
        neighbour, the step), by a step the corner rule allows."""
        dist = self._tie_dist()
        base, corners = self._terrain.as_lists()
        width, height = len(dist), len(dist[0])
        x, y = here
        want = dist[x][y] - base[x][y] * _TIE
        found = []
        for k, (dx, dy) in enumerate(_STEPS):
            px, py = x - dx, y - dy
            if not (0 <= px < width and 0 <= py < height):
                continue
            if dist[px][py] + (k >= 4) != want:
                continue
            if k >= 4 and not corners[k - 4][px][py]:
                continue
            found.append((k, (px, py), (dx, dy)))
        if not found:  # cannot happen for distances this search produced
            raise ValueError(f"no cheapest step leads back from {here} to {self.start}")
        return found

    def _walk_back(self, goal: Tile, first: tuple[int, Tile, tuple[int, int]]):
        """The walk from ``goal`` back to the start taking ``first``, then keeping its
        heading where it can, else the step nearest the line; scored (bends, off-line)."""
        (sx, sy), (gx, gy) = self.start, goal

        def off_line(tile: Tile) -> int:
            return abs((gx - sx) * (tile[1] - sy) - (gy - sy) * (tile[0] - sx))

        _, here, heading = first
        walked, bends, drift = [goal, here], 0, off_line(here)
        while here != self.start:
            k, here, step = min(self._steps_back(here),
                                key=lambda s: (s[2] != heading, off_line(s[1]), s[0]))
            bends += step != heading
            heading = step
            drift += off_line(here)
            walked.append(here)
        return (bends, drift, first[0]), walked


def reach(tmap: TacticalMap, start: Tile, budget: int, blocked: Iterable[Tile] = (),
          limit: int | None = None) -> Reach:
    """Dijkstra from ``start``; ``blocked`` tiles (other units) cannot be entered.

    With ``limit``, the search stops at that cost (a 4-tile move looks at the few
    dozen tiles around the start, not a whole 128x128 map); costs above it read
    UNREACHABLE.
    """
    start = (int(start[0]), int(start[1]))
    terrain = _terrain_of(tmap)
    found = _dijkstra(terrain, [start], blocked, limit)
    dist = _move_costs(found)
    return Reach(start, int(budget), dist, terrain, dist, found)


def distance_field(tmap: TacticalMap, sources: Iterable[Tile]) -> np.ndarray:
    """Move cost from every tile to the nearest of ``sources`` (one Dijkstra with every
    source as a root, the corner rule included; terrain only, units block nothing);
    UNREACHABLE where no path leads."""
    roots = [(int(t[0]), int(t[1])) for t in sources]
    if not roots:
        return np.full(tmap.shape, UNREACHABLE, np.int32)
    return _move_costs(_dijkstra(_terrain_of(tmap), roots, (), None))


def _move_costs(found: np.ndarray) -> np.ndarray:
    """Move costs from the tie-weighted distances: int32, UNREACHABLE where none."""
    dist = np.full(found.shape, UNREACHABLE, np.int32)
    inside = np.isfinite(found)
    dist[inside] = found[inside] // _TIE
    return dist


def _dijkstra(terrain: _Terrain, roots: list[Tile], blocked: Iterable[Tile],
              limit: int | None) -> np.ndarray:
    """The compiled Dijkstra over the map's graph from ``roots``, the ``blocked`` tiles
    (not the roots) unenterable for this search, stopping beyond move cost ``limit``:
    tie-weighted distances shaped like the map, inf where no path leads (a tile's move
    cost is its distance // _TIE)."""
    width, height = terrain.base.shape
    shut = None
    for x, y in blocked:
        if 0 <= x < width and 0 <= y < height:
            if shut is None:
                shut = bytearray(width * height)
            shut[int(x) * height + int(y)] = 1
    # Every route of move cost <= limit weighs at most limit * _TIE + its diagonal steps
    # (no more than its move cost, so < _TIE), and every costlier one at least (limit + 1) * _TIE.
    bound = np.inf if limit is None else (limit + 1) * _TIE - 1
    found = np.empty(terrain.base.shape)
    _kernel(terrain.indptr, terrain.indices, terrain.weights,
            [x * height + y for x, y in roots], shut, bound, found)
    return found


def forget(tmap: TacticalMap) -> None:
    """Drop the map's movement graph: call after changing its walkable or move_cost
    grids (no ruleset does today; the shared maps' grids are read-only)."""
    tmap.kept.table("move-graph").clear()


def _terrain_of(tmap: TacticalMap) -> _Terrain:
    return tmap.kept.get("move-graph", "terrain", lambda: _build_terrain(tmap))


def _build_terrain(tmap: TacticalMap) -> _Terrain:
    base = np.where(tmap.walkable, tmap.move_cost, 0).astype(np.int32)
    corners = _corner_free(tmap.walkable)
    width, height = base.shape
    tiles = width * height
    index = np.arange(tiles).reshape(base.shape)
    sources, targets, diagonal = [], [], []
    for k, (dx, dy) in enumerate(_STEPS):
        # Every tile may step to an enterable neighbour (a unit may start on any tile);
        # a diagonal only where it cuts no corner.
        ok = np.zeros(base.shape, bool)
        xs, xt = slice(max(0, -dx), width - max(0, dx)), slice(max(0, dx), width - max(0, -dx))
        ys, yt = slice(max(0, -dy), height - max(0, dy)), slice(max(0, dy), height - max(0, -dy))
        ok[xs, ys] = base[xt, yt] > 0
        if k >= 4:
            ok &= corners[k - 4]
        sources.append(index[ok])
        targets.append(index[ok] + dx * height + dy)
        diagonal.append(np.full(len(sources[-1]), k >= 4))
    rows, cols = np.concatenate(sources), np.concatenate(targets)
    order = np.lexsort((cols, rows))  # by the tile left, then the tile entered
    rows, cols = rows[order], cols[order]
    weights = base.ravel()[cols] * _TIE + np.concatenate(diagonal)[order]
    kind = np.int32 if max(tiles, len(cols)) < 2 ** 31 else np.int64
    indptr = np.concatenate([[0], np.cumsum(np.bincount(rows, minlength=tiles))]).astype(kind)
    indices = cols.astype(kind)
    into = np.argsort(indices, kind="stable")
    into_ptr = np.concatenate([[0], np.cumsum(np.bincount(indices, minlength=tiles))])
    for array in (indptr, indices, weights, into, into_ptr):
        array.flags.writeable = False  # shared by every search on the map
    return _Terrain(base, corners, indptr, indices, weights, into, into_ptr)


def _corner_free(walkable: np.ndarray) -> list[np.ndarray]:
    """For each diagonal (dx, dy): true at (x, y) when (x+dx, y) and (x, y+dy) are walkable."""
    w, h = walkable.shape
    pad = np.zeros((w + 2, h + 2), bool)
    pad[1:-1, 1:-1] = walkable
    return [
        pad[1 + dx : w + 1 + dx, 1:-1] & pad[1:-1, 1 + dy : h + 1 + dy]
        for dx, dy in _DIAGONAL
    ]
