"""Suppressing fire (rule text, "Ranged Attack Types").

The cone: [PROP] 90 degrees (±45°) centred on the aimed tile, out to the weapon's
first range threshold, stopped by anything that blocks sight (a solid barrier).
It lasts until the start of the shooter's next turn and affects everyone but the
shooter. The Willpower DC is 12 + the shooter's proficiency modifier (Firearms).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from game.engine import grapple
from game.world.sight import fov, line_of_fire, terrain_memo
from game.world.tactical_map import Cover
from game.rulesets.d20.checks import check
from game.rulesets.d20.components import SuppressionZone, TurnState
from game.rulesets.d20.stats import template

if TYPE_CHECKING:
    from game.engine.battle import Battle

Tile = tuple[int, int]
FAIL, PARTIAL, PASS = "fail", "partial", "pass"


def cone(battle: "Battle", origin: Tile, aim: Tile, reach_tiles: int) -> frozenset[Tile]:
    """The tiles a cone of fire from `origin` toward `aim` covers (terrain only: memoised)."""
    return terrain_memo(battle.map, ("d20-cone", origin, aim, reach_tiles),
                        lambda: _cone(battle.map, origin, aim, reach_tiles))


def _cone(tmap, origin: Tile, aim: Tile, reach_tiles: int) -> frozenset[Tile]:
    seen = fov(tmap, origin, reach_tiles)
    ax, ay = aim[0] - origin[0], aim[1] - origin[1]
    aim_angle = math.atan2(ay, ax)
    xs, ys = np.nonzero(seen)
    out = set()
    for x, y in zip(xs.tolist(), ys.tolist()):
        dx, dy = x - origin[0], y - origin[1]
        if (dx, dy) == (0, 0) or max(abs(dx), abs(dy)) > reach_tiles:
            continue
        diff = abs((math.atan2(dy, dx) - aim_angle + math.pi) % (2 * math.pi) - math.pi)
        if diff <= math.pi / 4 + 1e-9 and tmap.walkable[x, y]:
            out.add((x, y))
    return frozenset(out)


def zones(battle: "Battle") -> list[tuple[int, SuppressionZone]]:
    return battle.query(SuppressionZone)


def zones_at(battle: "Battle", unit: int, tile: Tile) -> list[tuple[int, SuppressionZone]]:
    """Zones covering `tile` that affect `unit`. A Melee is caught whole if any of it is."""
    tiles = {tile} | ({battle.tile(m) for m in grapple.group(battle, unit)}
                      if grapple.in_grapple(battle, unit) else set())
    return [(z, zone) for z, zone in zones(battle)
            if zone.shooter != unit and tiles & zone.tiles]


def protected(battle: "Battle", unit: int, zone: SuppressionZone) -> bool:
    """[PROP] Protected = light or heavy cover between the shooter and the unit."""
    if not battle.active(zone.shooter):
        return True
    lof = line_of_fire(battle.map, battle.tile(zone.shooter), battle.tile(unit))
    return lof.cover >= Cover.LIGHT


def willpower_save(battle: "Battle", unit: int, zone_id: int, zone: SuppressionZone,
                   why: str) -> str:
    """Fail, partial (passed by 3 or less) or pass; remembered for the rest of the turn."""
    passed, margin = check(battle, unit, "willpower", zone.dc, "suppression DC", detail=why)
    result = FAIL if not passed else PARTIAL if margin <= 3 else PASS
    battle.get(unit, TurnState).suppression_results[zone_id] = result
    return result


def dc_for(battle: "Battle", shooter: int) -> int:
    return 12 + template(battle, shooter).firearms


def expire(battle: "Battle", shooter: int) -> None:
    for z, zone in zones(battle):
        if zone.shooter == shooter:
            battle.destroy(z)
