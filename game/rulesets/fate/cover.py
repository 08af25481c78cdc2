"""Cover and concealment between the origin of an attack and its target, from the map.

Rule text: the defender's cover counts "relative to origin of attack, not necessarily
the attacker". [PROP] The map's kinds map onto the text's: light cover (crates, low
walls) is partial cover (+1); heavy cover (sandbags, trees, rocks) is total cover (+2,
the attacker must locate her); a concealing tile shielding a target still in sight
(tall grass, a bush, a door) is partial concealment (+1); a target out of sight from
the origin though no wall stops the attack (behind a hedge) is totally concealed (+2,
must be located). Cover and concealment are separate lines of the text and add up.
Cover lying HIGH_GROUND levels or more below the origin shields nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from game.world.paths import chebyshev
from game.world.sight import HIGH_GROUND, _crossed_offsets, fov
from game.world.tactical_map import Cover

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.kept import Table

Tile = tuple[int, int]
PARTIAL, TOTAL = "partial", "total"


class Protection(NamedTuple):
    """A tuple (built and hashed thousands of times a battle: a tuple's own C code)."""

    blocked: bool  # a solid wall stands between: no thrown or projectile attack
    visible: bool  # the target's tile is in sight from the origin
    cover: str | None  # PARTIAL, TOTAL or None
    concealment: str | None
    distance: int  # tiles, Chebyshev
    elevation_delta: int  # target's elevation minus the origin's


def sight_from(battle: "Battle", origin: Tile) -> np.ndarray:
    """Field of view from a tile (game.world.sight's), by tile as given: read thousands
    of times a battle (the map's table "fate-views" holds sight's own grids)."""
    tmap = battle.map
    return tmap.kept.table("fate-views").get(origin, lambda: fov(tmap, origin))


def solid(battle: "Battle") -> np.ndarray:
    tmap = battle.map
    return tmap.kept.get("fate-terrain", "solid",
                         lambda: tmap.blocks_sight & ~tmap.walkable & (tmap.cover == Cover.NONE))


def _lists(tmap) -> tuple:
    """(walls, covers, heights) as plain nested lists, kept with the map: a Python index
    is far cheaper than a numpy scalar read."""
    def compute():
        walls = tmap.blocks_sight & ~tmap.walkable & (tmap.cover == Cover.NONE)
        return walls.tolist(), tmap.cover.tolist(), tmap.elevation.tolist()
    return tmap.kept.get("fate-terrain", "lists", compute)


def protection(battle: "Battle", origin: Tile, target: Tile, kept: "Table | None" = None) -> Protection:
    """What lies between an attack's origin and its target. Terrain alone decides it
    (units never shield), so the answer is kept with the map (its table "fate-protection";
    `kept`: that table, when a hot loop holds it)."""
    # Keyed as given (a numpy integer hashes and compares as the int it holds); worked
    # out from plain ints.
    table = kept if kept is not None else battle.map.kept.table("fate-protection")
    return table.get((origin, target), lambda: _protection(
        battle, (int(origin[0]), int(origin[1])), (int(target[0]), int(target[1]))))


def _protection(battle: "Battle", origin: Tile, target: Tile) -> Protection:
    tmap = battle.map
    if origin == target:
        return Protection(False, True, None, None, 0, 0)
    ox, oy = origin
    steps = _crossed_offsets(target[0] - ox, target[1] - oy)  # crossed_tiles', from (0, 0)
    walls, covers, heights = _lists(tmap)
    blocked = False
    for dx, dy in steps:
        if walls[ox + dx][oy + dy]:
            blocked = True
            break
    height = heights[ox][oy]
    # Along a Bresenham line the distance to the target drops by one each step, so the
    # only crossed tile next to the target is the last one.
    shields = [(ox + steps[-1][0], oy + steps[-1][1]), target] if steps else [target]
    kinds = {covers[x][y] for x, y in shields if height - heights[x][y] < HIGH_GROUND}
    cover = TOTAL if Cover.HEAVY in kinds else PARTIAL if Cover.LIGHT in kinds else None
    visible = bool(sight_from(battle, origin)[target])
    concealment = TOTAL if not visible else PARTIAL if Cover.CONCEALMENT in kinds else None
    return Protection(blocked, visible, cover, concealment, chebyshev(origin, target),
                      heights[target[0]][target[1]] - height)
