"""Movement: how far a unit can go and by which path.

Steps go to any of the 8 neighbours and cost the entered tile's ``move_cost``
(diagonals cost the same as straight steps: distances are Chebyshev, as on a
tabletop grid). Tiles that are not walkable, and the ``blocked`` tiles (other
units, as the ruleset decides), cannot be entered. A diagonal step may not cut
the corner of a non-walkable tile: both tiles beside the diagonal must be walkable.

tcod's ``dijkstra2d`` cannot express that corner rule (its edges are the same on
every tile), so this uses tcod's ``CustomGraph`` with one condition array per
diagonal direction, and paths come from the same Pathfinder (``hillclimb2d`` on the
distances alone could step through a forbidden corner).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Iterable

import numpy as np
import tcod.path

from game.world.tactical_map import TacticalMap

Tile = tuple[int, int]
UNREACHABLE = int(np.iinfo(np.int32).max)  # cost of a tile no path reaches
_STRAIGHT = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def chebyshev(a: Tile, b: Tile) -> int:
    """Grid distance where a diagonal step counts as one."""
    return max(abs(int(a[0]) - int(b[0])), abs(int(a[1]) - int(b[1])))


@dataclass(frozen=True, eq=False)
class Reach:
    """Movement costs from ``start``.

    ``cost[x, y]``: the cheapest total move cost to reach (x, y), 0 at start,
    UNREACHABLE where no path leads (or, for a search bounded by ``limit``, where no
    path within the limit leads). ``budget`` is the movement the unit has now; it is
    the default limit of :meth:`tiles`.
    """

    start: Tile
    budget: int
    cost: np.ndarray
    _finder: tcod.path.Pathfinder
    _origin: Tile = (0, 0)  # map coordinates of the searched window's corner

    def tiles(self, max_cost: int | None = None) -> list[Tile]:
        """Tiles a move can end on within ``max_cost`` (default: the budget), start excluded, sorted."""
        limit = self.budget if max_cost is None else max_cost
        inside = self.cost <= limit
        inside[self.start] = False
        # np.nonzero walks [x, y] in row-major order: already sorted by x, then y.
        return list(map(tuple, np.argwhere(inside).tolist()))

    def path_to(self, tile: Tile) -> list[Tile]:
        """The cheapest path: each tile stepped on after start, ending with ``tile``."""
        tile = (int(tile[0]), int(tile[1]))
        if self.cost[tile] == UNREACHABLE:
            raise ValueError(f"tile {tile} cannot be reached from {self.start}")
        ox, oy = self._origin
        return [(int(x) + ox, int(y) + oy) for x, y in self._finder.path_to((tile[0] - ox, tile[1] - oy))[1:]]


def reach(tmap: TacticalMap, start: Tile, budget: int, blocked: Iterable[Tile] = (),
          limit: int | None = None) -> Reach:
    """Dijkstra from ``start``; ``blocked`` tiles (other units) cannot be entered.

    With ``limit``, only tiles a move costing at most ``limit`` can reach are searched:
    every step costs at least 1, so that is the square of Chebyshev radius ``limit``
    around the start (a 9x9 window for a 4-tile move instead of a whole 128x128 map).
    Costs above the limit then read UNREACHABLE.
    """
    start = (int(start[0]), int(start[1]))
    if limit is not None:
        x0, y0 = max(0, start[0] - limit), max(0, start[1] - limit)
        x1, y1 = min(tmap.width, start[0] + limit + 1), min(tmap.height, start[1] + limit + 1)
        if (x1 - x0, y1 - y0) != tmap.shape:
            return _window_reach(tmap, start, budget, blocked, limit, (x0, y0, x1, y1))
    graph, cost, base = _graph_for(tmap)
    np.copyto(cost, base)  # the graph reads this array (0 = impassable): reset, then block units
    for tile in blocked:
        if tuple(tile) != start and tmap.in_bounds(*tile):
            cost[tuple(tile)] = 0
    finder = tcod.path.Pathfinder(graph)
    finder.add_root(start)
    # Resolving everything leaves nothing for path_to to compute later, so a Reach
    # stays right after the shared cost array is reset for the next call.
    finder.resolve()
    cost = finder.distance.copy()
    if limit is not None:
        cost[cost > limit] = UNREACHABLE  # the same answer as a windowed search
    return Reach(start, int(budget), cost, finder)


def distance_field(tmap: TacticalMap, sources: Iterable[Tile]) -> np.ndarray:
    """Move cost from every tile to the nearest of ``sources`` (one Dijkstra with every
    source as a root, the corner rule included; terrain only, units block nothing);
    UNREACHABLE where no path leads."""
    graph, cost, base = _graph_for(tmap)
    np.copyto(cost, base)  # the shared array may hold another search's blocked units
    finder = tcod.path.Pathfinder(graph)
    for tile in sources:
        finder.add_root((int(tile[0]), int(tile[1])))
    finder.resolve()
    return finder.distance.copy()


def _window_reach(tmap: TacticalMap, start: Tile, budget: int, blocked: Iterable[Tile], limit: int,
                  box: tuple[int, int, int, int]) -> Reach:
    """A search confined to ``box`` (x0, y0, x1, y1): its own small graph over slices of
    the map's cached terrain arrays."""
    x0, y0, x1, y1 = box
    _, _, base = _graph_for(tmap)
    cost = base[x0:x1, y0:y1].copy()
    for tile in blocked:
        x, y = int(tile[0]), int(tile[1])
        if (x, y) != start and x0 <= x < x1 and y0 <= y < y1:
            cost[x - x0, y - y0] = 0
    graph = tcod.path.CustomGraph(cost.shape)
    for step in _STRAIGHT:
        graph.add_edge(step, 1, cost=cost)
    # The corner rule looks one tile outside the window: slice the whole map's arrays.
    for step, beside_ok in zip(_DIAGONAL, _corners_for(tmap)):
        graph.add_edge(step, 1, cost=cost, condition=beside_ok[x0:x1, y0:y1])
    finder = tcod.path.Pathfinder(graph)
    finder.add_root((start[0] - x0, start[1] - y0))
    finder.resolve()
    window = finder.distance
    full = np.full(tmap.shape, UNREACHABLE, dtype=window.dtype)
    # A path that would leave the window costs more than the limit anyway; costs above
    # it might have been cheaper outside, so they are not reported.
    full[x0:x1, y0:y1] = np.where(window <= limit, window, UNREACHABLE)
    return Reach(start, int(budget), full, finder, (x0, y0))


# One compiled graph per map (building it is half the time of a 32x32 reach). A map's
# terrain never changes after loading (the shared maps' grids are read-only), so the
# cache is keyed by the map object alone: no comparison of grids on every call.
_graphs: "weakref.WeakKeyDictionary[TacticalMap, tuple]" = weakref.WeakKeyDictionary()
_corners: "weakref.WeakKeyDictionary[TacticalMap, list]" = weakref.WeakKeyDictionary()


def forget(tmap: TacticalMap) -> None:
    """Drop the map's compiled graph: call after changing its walkable or move_cost
    grids (no ruleset does today; the shared maps' grids are read-only)."""
    _graphs.pop(tmap, None)
    _corners.pop(tmap, None)


def _graph_for(tmap: TacticalMap):
    cached = _graphs.get(tmap)
    if cached is not None:
        return cached
    base = np.where(tmap.walkable, tmap.move_cost, 0).astype(np.int32)
    cost = base.copy()
    graph = tcod.path.CustomGraph(cost.shape)
    for step in _STRAIGHT:
        graph.add_edge(step, 1, cost=cost)
    for step, beside_ok in zip(_DIAGONAL, _corners_for(tmap)):
        graph.add_edge(step, 1, cost=cost, condition=beside_ok)
    _graphs[tmap] = (graph, cost, base)
    return graph, cost, base


def _corners_for(tmap: TacticalMap) -> list[np.ndarray]:
    corners = _corners.get(tmap)
    if corners is None:
        corners = _corners[tmap] = _corner_free(tmap.walkable)
    return corners


def _corner_free(walkable: np.ndarray) -> list[np.ndarray]:
    """For each diagonal (dx, dy): true at (x, y) when (x+dx, y) and (x, y+dy) are walkable."""
    w, h = walkable.shape
    pad = np.zeros((w + 2, h + 2), bool)
    pad[1:-1, 1:-1] = walkable
    return [
        pad[1 + dx : w + 1 + dx, 1:-1] & pad[1:-1, 1 + dy : h + 1 + dy]
        for dx, dy in _DIAGONAL
    ]
