"""A map's scenario: its mission, read from Tiled alone.

A designer makes a scenario in Tiled with map properties and an object layer named
``objectives`` (maps/README.md has the format and a worked example):

* map properties ``scenario`` (its name), ``briefing``, ``round_limit``,
  ``victory_points`` (the first side to reach it wins), ``attacker`` (a team, for
  asymmetric missions) and ``survive_rounds`` (with ``attacker``: the other side wins
  if it still stands when that round ends);
* objects in ``objectives`` with a ``kind``: ``hold`` (a zone scored at each round's
  end), ``exit`` (a zone a side's units may leave by), ``vip`` (a point on a spawn: that
  unit is the side's VIP); a spawn object may also carry ``vip = true`` itself;
* map properties ``squad_<side>.<ruleset>``: a side's default squad in a ruleset
  (game/world/scenario_squads.py);
* map properties ``round_limit.<ruleset>``, ``victory_points.<ruleset>``,
  ``survive_rounds.<ruleset>``: those terms in one ruleset (game/world/scenario_terms.py).

Zones are rectangles or polygons in pixels; a tile belongs to a zone when its centre
lies inside. Everything is checked at load: a bad objective is one line naming it.
The rules that score them are the engine's (game/engine/objectives.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from game.errors import MapError
from game.world.scenario_squads import PREFIX as SQUAD_PREFIX, DefaultSquad, read_default_squads
from game.world.scenario_terms import TERMS, Term, check_briefing, fill, read_terms, whole_number as _int

OBJECTIVE_LAYER = "objectives"
KINDS = ("hold", "exit", "vip")
MAX_TEXT = 2000  # a briefing longer than this is a mistake, not a briefing

Tile = tuple[int, int]


@dataclass(frozen=True)
class Zone:
    """A hold or exit zone: its tiles, what it scores, and which side may use it."""

    name: str
    kind: str  # "hold" or "exit"
    tiles: frozenset[Tile]
    points: int = 1
    side: int | None = None  # hold: only this side scores; exit: the side that may leave


@dataclass(frozen=True)
class VipMark:
    """The unit fielded at this spawn is its side's VIP. `points`: what its fall scores
    the other side; None: its fall ends the battle at once."""

    team: int
    x: int
    y: int
    points: int | None = None


@dataclass(frozen=True)
class Scenario:
    name: str
    briefing: str = ""
    round_limit: int | None = None
    victory_points: int | None = None
    attacker: int | None = None
    survive_rounds: int | None = None
    zones: tuple[Zone, ...] = ()
    vips: tuple[VipMark, ...] = ()
    #: The default squads per side and ruleset (`squad_<side>.<ruleset>`), used when no
    #: squad is chosen for that side (game/world/scenario_squads.py).
    squads: tuple[DefaultSquad, ...] = ()
    #: Terms a ruleset sets for itself (`round_limit.fate`, game/world/scenario_terms.py).
    terms: tuple[Term, ...] = ()

    def for_ruleset(self, ruleset: str | None) -> "Scenario":
        """The scenario as a battle in `ruleset` plays it: its own round limit, victory
        points and survive round where the map sets them, the plain ones elsewhere."""
        own = {t.name: t.value for t in self.terms if t.ruleset == ruleset}
        played = replace(self, **own) if own else self
        if "{" not in played.briefing:
            return played
        return replace(played, briefing=fill(played.briefing, {n: getattr(played, n) for n in TERMS}))

    def without_vips_on(self, tiles: set) -> "Scenario":
        """The scenario without the VIP marks on `tiles`: the spawns a battle's ruleset
        does not deploy on (a side with spawns of a ruleset's own has a VIP mark on each
        deployment: maps/README.md)."""
        vips = tuple(v for v in self.vips if (v.x, v.y) not in tiles)
        return self if vips == self.vips else replace(self, vips=vips)

    def squad_for(self, side: int, ruleset: str) -> tuple[str, ...] | None:
        """Side `side`'s default squad in `ruleset`, or None (the map's spawns)."""
        for squad in self.squads:
            if (squad.side, squad.ruleset) == (side, ruleset):
                return squad.units
        return None

    def zones_of(self, kind: str) -> tuple[Zone, ...]:
        return tuple(z for z in self.zones if z.kind == kind)

    def defender(self, teams: list[int]) -> int | None:
        """The side that is not the attacker (two-sided missions)."""
        others = [t for t in teams if t != self.attacker]
        return others[0] if self.attacker is not None and len(others) == 1 else None

    def holder(self, teams: list[int]) -> int | None:
        """The side that holds out: the defender of a survive mission (it wins by
        standing when round `survive_rounds` ends), else None."""
        return self.defender(teams) if self.survive_rounds is not None else None


def read_scenario(path: Path, props: dict, groups: list, spawns: tuple, vip_spawns: dict,
                  width: int, height: int, tile_size: tuple[int, int]) -> Scenario | None:
    """The map's scenario, or None for a plain battle (no scenario property, no
    objectives layer, no VIP). `groups`: the map's object layers named ``objectives``;
    `vip_spawns`: (x, y) -> points (or None) of spawns marked ``vip``."""
    if len(groups) > 1:
        raise MapError(path, f"has {len(groups)} object layers named '{OBJECTIVE_LAYER}'; keep one")
    if not groups and not vip_spawns and "scenario" not in props:
        stray = sorted(str(k) for k in props if str(k).startswith(SQUAD_PREFIX))
        if stray:
            raise MapError(path, f"{stray[0][:60]}: a default squad belongs to a scenario; add the map "
                                 f"property 'scenario' or an '{OBJECTIVE_LAYER}' layer")
        return None
    teams = sorted({s.team for s in spawns})
    zones: list[Zone] = []
    vips = {tile: VipMark(team, tile[0], tile[1], points)
            for tile, (team, points) in vip_spawns.items()}
    spawn_at = {(s.x, s.y): s for s in spawns}
    names: set[str] = set()
    for obj in (groups[0] if groups else ()):
        name = str(obj.name or f"object {obj.id}")[:60]
        where = f"objective '{name}'"
        if name in names:
            raise MapError(path, f"{where}: another objective has this name; names must differ")
        names.add(name)
        kind = str(obj.properties.get("kind", "")).strip()
        if kind not in KINDS:
            raise MapError(path, f"{where}: unknown kind {kind[:40]!r} (kinds: {', '.join(KINDS)})")
        points = _int(path, where, obj.properties, "points", 1, minimum=0)
        side = _side(path, where, obj.properties, teams)
        if kind == "vip":
            x, y = _point_tile(obj, tile_size)
            spawn = spawn_at.get((x, y))
            if spawn is None:
                raise MapError(path, f"{where}: a vip must be placed on a spawn; tile ({x}, {y}) has none")
            marked = points if "points" in obj.properties else None
            vips[(x, y)] = VipMark(spawn.team, x, y, marked)
            continue
        if kind == "exit" and side is None:
            raise MapError(path, f"{where}: an exit needs an int property 'side' (the side that may leave)")
        tiles = _zone_tiles(path, where, obj, width, height, tile_size)
        zones.append(Zone(name, kind, tiles, points, side))
    _check_vip_deployments(path, spawns, vips)
    attacker = _int(path, "map property", props, "attacker", None)
    if attacker is not None and attacker not in teams:
        raise MapError(path, f"map property 'attacker' is side {attacker}, which has no spawns (sides: {teams})")
    # the plain terms, read with the same bounds as a ruleset's own (scenario_terms.TERMS)
    plain = {name: _int(path, "map property", props, name, None, low, high) for name, (low, high) in TERMS.items()}
    terms = read_terms(path, props)
    for ruleset in (None, *sorted({t.ruleset for t in terms})):  # the plain terms, then each ruleset's
        own = {t.name: (t.key, t.value) for t in terms if t.ruleset == ruleset}
        _check_clock(path, attacker, *(own.get(n, (n, plain[n])) for n in ("survive_rounds", "round_limit")))
    briefing = str(props.get("briefing", ""))
    if len(briefing) > MAX_TEXT:
        raise MapError(path, f"map property 'briefing' is {len(briefing)} characters; keep it under {MAX_TEXT}")
    check_briefing(path, briefing, plain)
    return Scenario(
        name=str(props.get("scenario") or props.get("name") or path.stem)[:80],
        briefing=briefing,
        attacker=attacker,
        **plain,  # round_limit, victory_points, survive_rounds
        zones=tuple(sorted(zones, key=lambda z: z.name)),
        vips=tuple(vips[t] for t in sorted(vips)),
        squads=read_default_squads(path, props, spawns, sorted(vips)),
        terms=terms,
    )


def _check_clock(path: Path, attacker: int | None, survive: tuple[str, int | None],
                 round_limit: tuple[str, int | None]) -> None:
    """A survive round needs an attacker and falls within the round limit, in every
    ruleset. `survive`, `round_limit`: (the property that sets it, its value)."""
    (survive_key, rounds), (limit_key, limit) = survive, round_limit
    if rounds is not None and attacker is None:
        raise MapError(path, f"map property '{survive_key}' needs 'attacker' (the side that must break through)")
    if rounds is not None and limit is not None and rounds > limit:
        raise MapError(path, f"map property '{survive_key}' ({rounds}) is past '{limit_key}' ({limit})")


def _side(path: Path, where: str, props: dict, teams: list[int]) -> int | None:
    side = _int(path, where, props, "side", None)
    if side is not None and side not in teams:
        raise MapError(path, f"{where}: side {side} has no units on this map (sides: {teams})")
    return side


def _point_tile(obj: Any, tile_size: tuple[int, int]) -> Tile:
    cx = obj.x + obj.width / 2
    cy = obj.y + obj.height / 2
    return int(cx // tile_size[0]), int(cy // tile_size[1])


def _zone_tiles(path: Path, where: str, obj: Any, width: int, height: int,
                tile_size: tuple[int, int]) -> frozenset[Tile]:
    """The tiles whose centre lies inside the object (a rectangle or a polygon)."""
    tw, th = tile_size
    points = getattr(obj, "points", None)  # a polygon's absolute corners (pytmx); else not a sequence
    if isinstance(points, (tuple, list)) and points:
        corners = [(float(p.x), float(p.y)) for p in points]
    else:
        if not (obj.width > 0 and obj.height > 0):
            raise MapError(path, f"{where}: a zone must be a rectangle or a polygon, not a point")
        corners = [(obj.x, obj.y), (obj.x + obj.width, obj.y),
                   (obj.x + obj.width, obj.y + obj.height), (obj.x, obj.y + obj.height)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    if min(xs) < 0 or min(ys) < 0 or max(xs) > width * tw or max(ys) > height * th:
        raise MapError(path, f"{where}: the zone reaches outside the map "
                             f"(pixels {min(xs):g},{min(ys):g} to {max(xs):g},{max(ys):g}; "
                             f"the map is {width * tw} x {height * th})")
    cx = (np.arange(width) + 0.5) * tw
    cy = (np.arange(height) + 0.5) * th
    gx, gy = np.meshgrid(cx, cy, indexing="ij")
    inside = _inside_polygon(gx, gy, corners)
    tiles = frozenset((int(x), int(y)) for x, y in zip(*np.nonzero(inside)))
    if not tiles:
        raise MapError(path, f"{where}: the zone covers no tile's centre; make it bigger")
    return tiles


def _inside_polygon(px: np.ndarray, py: np.ndarray, corners: list[tuple[float, float]]) -> np.ndarray:
    """Even-odd rule: a point is inside when a ray to its right crosses the edges an odd
    number of times (a rectangle is the polygon of its four corners)."""
    inside = np.zeros(px.shape, bool)
    n = len(corners)
    for i in range(n):
        (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % n]
        if y1 == y2:
            continue
        crosses = ((y1 > py) != (y2 > py)) & (px < (x2 - x1) * (py - y1) / (y2 - y1) + x1)
        inside ^= crosses
    return inside


def _check_vip_deployments(path: Path, spawns: tuple, vips: dict) -> None:
    """A side with a VIP has as many on each of its deployments (its plain spawns and
    each ruleset's own: maps/README.md "A deployment of a ruleset's own"), so that the
    same mission is played in every ruleset."""
    for team in sorted({v.team for v in vips.values()}):
        ours = [s for s in spawns if s.team == team]
        plain = sum((s.x, s.y) in vips for s in ours if not s.rulesets)
        for ruleset in sorted({r for s in ours for r in s.rulesets}):
            own = sum((s.x, s.y) in vips for s in ours if ruleset in s.rulesets)
            if own != plain:
                raise MapError(path, f"side {team} has {plain} VIP(s) on its plain spawns and {own} on its "
                                     f"spawns for {ruleset}; mark as many on each (vip = true on a spawn)")
