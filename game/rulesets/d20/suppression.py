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

from game.engine import grapple
from game.world.sight import line_of_fire, terrain_memo
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
    return terrain_memo(battle.map, ("d20-cone", origin, aim, reach_tiles),
                        lambda: _cone(battle.map, origin, aim, reach_tiles))


def in_line_of_fire(tmap, origin: Tile, reach_tiles: int) -> tuple[Tile, ...]:
    """Every tile within `reach_tiles` (Chebyshev) that no solid barrier hides from
    `origin`: where bullets from there can go. Memoised per map."""
    return terrain_memo(tmap, ("d20-fire-reach", origin, reach_tiles),
                        lambda: _in_line_of_fire(tmap, origin, reach_tiles))


def _in_line_of_fire(tmap, origin: Tile, reach_tiles: int) -> tuple[Tile, ...]:
    ox, oy = origin
    out = []
    for y in range(max(0, oy - reach_tiles), min(tmap.height, oy + reach_tiles + 1)):
        for x in range(max(0, ox - reach_tiles), min(tmap.width, ox + reach_tiles + 1)):
            if (x, y) != origin and not line_of_fire(tmap, origin, (x, y)).blocked:
                out.append((x, y))
    return tuple(out)


def _cone(tmap, origin: Tile, aim: Tile, reach_tiles: int) -> frozenset[Tile]:
    ax, ay = aim[0] - origin[0], aim[1] - origin[1]
    aim_angle = math.atan2(ay, ax)
    out = set()
    for x, y in in_line_of_fire(tmap, origin, reach_tiles):
        if not tmap.walkable[x, y]:
            continue  # nobody can stand there: not part of the area
        diff = abs((math.atan2(y - origin[1], x - origin[0]) - aim_angle + math.pi)
                   % (2 * math.pi) - math.pi)
        if diff <= math.pi / 4 + 1e-9:
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
