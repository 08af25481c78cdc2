"""Suppressing fire (rule text, "Ranged Attack Types").

The cone: [PROP] 90 degrees (±45°) centred on the aimed tile, out to the weapon's
first range threshold. "The cone continues outwards until it reaches the weapon's
first range threshold or a solid barrier": only what stops bullets stops it. A wall
does; concealment does not ("bullets can still easily penetrate through"), so tiles
behind a hedge or a bush are in the cone. Cover next to a creature does not cut the
cone either: it shields the creature, exactly as it shields it from an attack (heavy
cover: no damage; light cover: +3 DT against ballistic damage).

It lasts until the start of the shooter's next turn and affects everyone but the
shooter. The Willpower DC is 12 + the shooter's proficiency modifier (Firearms).

One save, one set of consequences (docs/rulesets/d20.md, "Suppressing fire"):
a creature saves once per cone per turn, when its turn starts inside the cone or
when it first steps into it; the result then decides everything for that turn.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import tcod.constants
import tcod.map

from game.engine import grapple
from game.world.sight import line_of_fire
from game.world.tactical_map import Cover
from game.rulesets.d20.attacks import cover_effect
from game.rulesets.d20.checks import check
from game.rulesets.d20.components import SuppressionZone, TurnState
from game.rulesets.d20.stats import template

if TYPE_CHECKING:
    from game.engine.battle import Battle

Tile = tuple[int, int]
FAIL, PARTIAL, PASS = "fail", "partial", "pass"


def cone(battle: "Battle", origin: Tile, aim: Tile, reach_tiles: int) -> frozenset[Tile]:
    """The tiles a cone of fire from `origin` toward `aim` covers (terrain only: memoised)."""
    return battle.map.kept.get("d20-cones", (origin, aim, reach_tiles),
                               lambda: _cone(battle.map, origin, aim, reach_tiles))


def field_of_fire(tmap, origin: Tile, reach_tiles: int) -> np.ndarray:
    """Bool grid [x, y]: the tiles within `reach_tiles` (Chebyshev) that bullets from
    `origin` can reach: the field of view with only solid barriers opaque (walls: they
    block sight, cannot be walked and give no cover). Concealment and cover do not
    stop it. Memoised per map; read-only."""
    return tmap.kept.get("d20-fields-of-fire", (origin, reach_tiles),
                         lambda: _field_of_fire(tmap, origin, reach_tiles))


def _field_of_fire(tmap, origin: Tile, reach_tiles: int) -> np.ndarray:
    clear = tmap.kept.get("d20-terrain-rows", "bullets pass",
                          lambda: ~(tmap.blocks_sight & ~tmap.walkable & (tmap.cover == Cover.NONE)))
    x, y = origin
    x0, y0 = max(0, x - reach_tiles), max(0, y - reach_tiles)
    box = clear[x0:x + reach_tiles + 1, y0:y + reach_tiles + 1]
    out = np.zeros(tmap.shape, bool)
    out[x0:x + reach_tiles + 1, y0:y + reach_tiles + 1] = tcod.map.compute_fov(
        box, (x - x0, y - y0), 0, True, tcod.constants.FOV_SYMMETRIC_SHADOWCAST)
    out[origin] = False
    out.flags.writeable = False
    return out


def _cone(tmap, origin: Tile, aim: Tile, reach_tiles: int) -> frozenset[Tile]:
    ax, ay = aim[0] - origin[0], aim[1] - origin[1]
    aim_angle = math.atan2(ay, ax)
    out = set()
    xs, ys = np.nonzero(field_of_fire(tmap, origin, reach_tiles) & tmap.walkable)
    for x, y in zip(xs.tolist(), ys.tolist()):
        # Walkable tiles only: nobody can stand anywhere else.
        diff = abs((math.atan2(y - origin[1], x - origin[0]) - aim_angle + math.pi)
                   % (2 * math.pi) - math.pi)
        if diff <= math.pi / 4 + 1e-9:
            out.add((x, y))
    return frozenset(out)


def zones(battle: "Battle") -> list[tuple[int, SuppressionZone]]:
    return battle.query(SuppressionZone)


def zones_at(battle: "Battle", unit: int, tile: Tile) -> list[tuple[int, SuppressionZone]]:
    """Zones covering `tile` that affect `unit`. A Melee is caught whole if any of it is."""
    found = zones(battle)
    if not found:
        return []  # most of a battle: no cone anywhere
    tiles = {tile} | ({battle.tile(m) for m in grapple.group(battle, unit)}
                      if grapple.in_grapple(battle, unit) else set())
    return [(z, zone) for z, zone in found
            if zone.shooter != unit and tiles & zone.tiles]


def _cover_from(battle: "Battle", unit: int, zone: SuppressionZone) -> Cover:
    if not battle.active(zone.shooter):
        return Cover.HEAVY
    return Cover(line_of_fire(battle.map, battle.tile(zone.shooter), battle.tile(unit)).cover)


def protected(battle: "Battle", unit: int, zone: SuppressionZone) -> bool:
    """[PROP] Protected = light or heavy cover between the shooter and the unit."""
    return _cover_from(battle, unit, zone) >= Cover.LIGHT


def shielding(battle: "Battle", unit: int, zone: SuppressionZone) -> tuple[str | None, int]:
    """What the unit's cover does to the cone's damage, as to an attack's: (what stops
    it entirely or None, extra damage threshold). Heavy cover "provides full protection
    against all forms of damage"; light cover +3 DT against ballistic damage."""
    weapon = battle.ruleset.data.weapons[zone.weapon]
    return cover_effect(weapon, _cover_from(battle, unit, zone), weapon.damage_type)


def willpower_save(battle: "Battle", unit: int, zone_id: int, zone: SuppressionZone,
                   why: str) -> str:
    """Fail, partial (passed by 3 or less) or pass; remembered for the rest of the turn."""
    passed, margin = check(battle, unit, "willpower", zone.dc, "suppression DC", detail=why)
    result = FAIL if not passed else PARTIAL if margin <= 3 else PASS
    battle.get(unit, TurnState).suppression_results[zone_id] = result
    return result


def result_for(battle: "Battle", unit: int, zone_id: int, zone: SuppressionZone, why: str) -> str:
    """This turn's save against the zone, rolled now if not made yet."""
    result = battle.get(unit, TurnState).suppression_results.get(zone_id)
    return result if result is not None else willpower_save(battle, unit, zone_id, zone, why)


def failed_zones(battle: "Battle", unit: int) -> list[tuple[int, SuppressionZone]]:
    results = battle.get(unit, TurnState).suppression_results
    return [(z, zone) for z, zone in zones(battle) if results.get(z) == FAIL]


def dc_for(battle: "Battle", shooter: int) -> int:
    return 12 + template(battle, shooter).firearms


def expire(battle: "Battle", shooter: int) -> None:
    for z, zone in zones(battle):
        if zone.shooter == shooter:
            battle.destroy(z)
