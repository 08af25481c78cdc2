"""Each side's own frame, for breaking ties between tiles (issue 28; the project's
mirror fairness per map).

Every shipped battle map and symmetric scenario is point-mirrored: turned 180 degrees
about its centre it is the same map with the sides swapped. An AI that breaks a tie
between two tiles by the lower x (or y) in the MAP's frame takes, for one side, the
tile nearer the enemy and, for the other, the tile further back: the two sides of a
mirror match stop making mirror-image choices, and one of them is bolder. Read in the
side's own frame (the map turned half round for the side deployed east), ties go the
same way for both.

`turned` says which sides read the map turned; `forward_key` is a tile's sort key,
forward first, in the side's frame; `in_frame` orders a list of tiles by x, then y, in
the side's frame, and `frame_key` is that order's sort key.
"""

from __future__ import annotations

from typing import Any, TypeVar

Coord = TypeVar("Coord")  # an int, or a numpy array of them


def turned(tmap: Any, side: int) -> bool:
    """Does `side` read the map turned half round (its spawns' centre east of the map's
    centre, or on it and south)? A tie between tiles broken by x and y is broken in the
    side's own frame, so on a point-mirrored map (every shipped symmetric scenario) the
    two sides make mirror-image choices. Watched (d20, Three Farms mirror, 200 battles):
    the scout's move into the crossing, two tiles of equal ground, seen by nobody, five
    steps away, went by the lower x: for side 1 the crossing's near edge, for side 2 a
    tile deeper in; side 1's scout stood in the crossing at round 1's end in 34 battles,
    side 2's in 114, and fell first in 48 against 13."""
    spawns = [(s.x, s.y) for s in tmap.spawns if s.team == side]
    if not spawns:
        return False
    width, height = tmap.shape
    east = 2 * sum(x for x, _ in spawns) - len(spawns) * (width - 1)
    south = 2 * sum(y for _, y in spawns) - len(spawns) * (height - 1)
    return (east, south) > (0, 0)


def forward_key(x: Coord, y: Coord, turn: bool) -> tuple[Coord, Coord]:
    """A tile's sort key, ascending forward first: the higher x, then y, in the side's
    own frame (`turn`: see `turned`), toward the enemy's side of a point-mirrored map
    (missions.best_tile: a side whose ties went back lost ground)."""
    return (x, y) if turn else (-x, -y)


def frame_key(x: Coord, y: Coord, turn: bool) -> tuple[Coord, Coord]:
    """A tile's sort key, ascending by x, then y, in the side's own frame (`turn`: see
    `turned`): `in_frame`'s order, for a tie-break among tiles kept with other keys."""
    return (-x, -y) if turn else (x, y)


def in_frame(tiles: Any, turn: bool) -> list:
    """The tiles (x, y) in the order of the side's own frame: by x, then y, as drawn, or
    both the other way for a side that reads the map turned (`turn`: see `turned`)."""
    return sorted(tiles, reverse=turn)
