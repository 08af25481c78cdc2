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
    """Movement costs from ``start`` over the whole map.

    ``cost[x, y]``: the cheapest total move cost to reach (x, y), 0 at start,
    UNREACHABLE where no path leads. ``budget`` is the movement the unit has now;
    it is the default limit of :meth:`tiles`.
    """

    start: Tile
    budget: int
    cost: np.ndarray
    _finder: tcod.path.Pathfinder

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
        return [(int(x), int(y)) for x, y in self._finder.path_to(tile)[1:]]


def reach(tmap: TacticalMap, start: Tile, budget: int, blocked: Iterable[Tile] = ()) -> Reach:
    """Dijkstra from ``start``; ``blocked`` tiles (other units) cannot be entered."""
    start = (int(start[0]), int(start[1]))
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
    return Reach(start, int(budget), finder.distance.copy(), finder)


# One compiled graph per map (building it is half the time of a 32x32 reach); it
# is rebuilt if the map's walkable or move_cost grids change.
_graphs: "weakref.WeakKeyDictionary[TacticalMap, tuple]" = weakref.WeakKeyDictionary()


def _graph_for(tmap: TacticalMap):
    cached = _graphs.get(tmap)
    if cached is not None:
        graph, cost, base, walkable, move_cost = cached
        if np.array_equal(walkable, tmap.walkable) and np.array_equal(move_cost, tmap.move_cost):
            return graph, cost, base
    base = np.where(tmap.walkable, tmap.move_cost, 0).astype(np.int32)
    cost = base.copy()
    graph = tcod.path.CustomGraph(cost.shape)
    for step in _STRAIGHT:
        graph.add_edge(step, 1, cost=cost)
    for step, beside_ok in zip(_DIAGONAL, _corner_free(tmap.walkable)):
        graph.add_edge(step, 1, cost=cost, condition=beside_ok)
    _graphs[tmap] = (graph, cost, base, tmap.walkable.copy(), tmap.move_cost.copy())
    return graph, cost, base


def _corner_free(walkable: np.ndarray) -> list[np.ndarray]:
    """For each diagonal (dx, dy): true at (x, y) when (x+dx, y) and (x, y+dy) are walkable."""
    w, h = walkable.shape
    pad = np.zeros((w + 2, h + 2), bool)
    pad[1:-1, 1:-1] = walkable
    return [
        pad[1 + dx : w + 1 + dx, 1:-1] & pad[1:-1, 1 + dy : h + 1 + dy]
        for dx, dy in _DIAGONAL
    ]
