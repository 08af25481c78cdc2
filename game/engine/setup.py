"""Starting a battle: which units stand where, from a map's spawns and the squads."""

from __future__ import annotations

import hashlib
import stat
from collections import OrderedDict
from pathlib import Path
from typing import Any, Mapping, Sequence

from game.engine.battle import Battle, UnitOrder
from game.engine.components import ARCHETYPES
from game.errors import InputError


def orders_for(tmap: Any, ruleset: Any,
               squads: Mapping[int, Sequence[str]] | None = None,
               names: Mapping[int, Sequence[str]] | None = None) -> list[UnitOrder]:
    """One UnitOrder per unit. A squad lists archetypes (or template ids) per team in
    spawn order; without one, a spawn's own `archetype` is used, else the archetypes
    in turn (brawler, gunner, marksman, guardian, scout). A squad smaller than its
    side's spawns leaves the last ones empty; a larger one deploys the rest on the
    nearest free walkable tiles around them (`extra_tiles`). `names`: per side, one
    name per squad unit ("" for the ruleset's own "Gunner 1-2"), a squad file's names.
    A side with no squad given fields its scenario's default squad in this ruleset
    (`squad_<side>.<ruleset>`) when the map has one, else its spawns' archetypes."""
    tmap = tmap.for_ruleset(ruleset.id)
    squads = with_default_squads(tmap, ruleset, squads)

    def name_of(team: int, index: int) -> str:
        given = (names or {}).get(team) or ()
        return given[index] if index < len(given) else ""

    orders: list[UnitOrder] = []
    per_team: dict[int, int] = {}
    for spawn in tmap.spawns:
        index = per_team.get(spawn.team, 0)
        per_team[spawn.team] = index + 1
        squad = (squads or {}).get(spawn.team)
        if squad is not None:
            if index >= len(squad):
                continue  # a squad smaller than the team's spawns leaves them empty
            wanted = squad[index]
        else:
            wanted = spawn.archetype or ARCHETYPES[index % len(ARCHETYPES)]
        orders.append(UnitOrder(spawn.team, ruleset.template_for(wanted), spawn.x, spawn.y,
                                name_of(spawn.team, index) if squad is not None else ""))
    taken = {(s.x, s.y) for s in tmap.spawns}
    for team, squad in sorted((squads or {}).items()):  # side 1 stands its extras first
        spawned = per_team.get(team, 0)
        if len(squad) <= spawned:
            continue
        if not spawned:
            raise InputError(tmap.path, f"has no spawns for side {team}, so its squad has nowhere to stand")
        tiles = extra_tiles(tmap, team, len(squad) - spawned, taken)
        taken.update(tiles)
        orders += [UnitOrder(team, ruleset.template_for(wanted), x, y, name_of(team, spawned + i))
                   for i, (wanted, (x, y)) in enumerate(zip(squad[spawned:], tiles))]
    return orders


def with_default_squads(tmap: Any, ruleset: Any,
                        squads: Mapping[int, Sequence[str]] | None) -> Mapping[int, Sequence[str]] | None:
    """The chosen squads, and for each side with none its scenario's default squad in
    this ruleset (game/world/scenario_squads.py). A map without default squads gives the
    chosen squads back as they are, so a plain battle fields exactly what it did."""
    scenario = getattr(tmap, "scenario", None)
    if scenario is None or not scenario.squads:
        return squads
    merged = {s.side: s.units for s in scenario.squads if s.ruleset == ruleset.id}
    merged.update(squads or {})  # a chosen squad, a squad file, a replay's squads win
    return merged or squads


def check_scenario_rulesets(tmap: Any) -> None:
    """A map's properties that name a ruleset, against the rulesets, once, when the
    map is loaded (the world reads their form, the rulesets know their units): an
    unknown ruleset (``squad_1.chess``, ``round_limit.chess``, a spawn's ``rulesets``), a name the ruleset has no
    template or archetype for, more units than the side has room for (`extra_tiles`) is
    one line naming the property."""
    from game.errors import MapError
    from game.rulesets import REGISTRY, available, load_ruleset, ruleset_ids

    def known(ruleset: str) -> bool:
        info = REGISTRY.get(ruleset)
        return info is not None and available(info)

    for spawn in tmap.spawns:  # a deployment of a ruleset's own (maps/README.md)
        for ruleset in spawn.rulesets:
            if not known(ruleset):
                raise MapError(tmap.path, f"spawn at ({spawn.x}, {spawn.y}): 'rulesets' names unknown "
                                          f"ruleset {ruleset!r} (known: {', '.join(ruleset_ids())})")
    scenario = getattr(tmap, "scenario", None)
    if scenario is None:
        return
    for prop in (*scenario.squads, *scenario.terms):
        if not known(prop.ruleset):
            raise MapError(tmap.path, f"{prop.key}: unknown ruleset {prop.ruleset!r} "
                                      f"(known: {', '.join(ruleset_ids())})")
    for squad in scenario.squads:
        deployed = tmap.for_ruleset(squad.ruleset)  # the spawns it stands on in its ruleset
        taken = {(s.x, s.y) for s in deployed.spawns}
        ruleset = load_ruleset(squad.ruleset)
        for unit in squad.units:
            try:
                ruleset.template_for(unit)
            except InputError:
                raise MapError(tmap.path, f"{squad.key}: {squad.ruleset} has no unit template or "
                                          f"archetype {unit!r}") from None
        spawned = sum(1 for s in deployed.spawns if s.team == squad.side)
        room = spawned + len(free_tiles(deployed, squad.side, taken))
        if len(squad.units) > room:
            raise MapError(tmap.path, f"{squad.key}: side {squad.side} has room for only {room} "
                                      f"units, the squad has {len(squad.units)}")


def extra_tiles(tmap: Any, team: int, count: int, taken: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Where a squad larger than its side's spawns stands the rest (issue 29): the free
    walkable tiles nearest its spawns by straight steps over walkable ground (the
    connection every ruleset allows, as game.world.deploy), nearest first, ties by row
    then column. Free: not in `taken` (every side's spawns, and the tiles a side
    before this one took). Refuses, in one line, a map with too few."""
    own = [(s.x, s.y) for s in tmap.spawns if s.team == team]
    found = free_tiles(tmap, team, taken)
    if len(found) < count:
        raise InputError(tmap.path, f"has room for only {len(found) + len(own)} of side {team}'s "
                                    f"{len(own) + count} units")
    return found[:count]


def free_tiles(tmap: Any, team: int, taken: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Every free walkable tile a side's spawns reach by straight steps, nearest first,
    ties by row then column (`extra_tiles`' order); how many a squad may stand there."""
    from collections import deque

    import numpy as np

    own = [(s.x, s.y) for s in tmap.spawns if s.team == team]
    w, h = tmap.walkable.shape
    steps = np.full((w, h), -1, dtype=np.int32)
    queue = deque(own)
    for tile in own:
        steps[tile] = 0
    found: list[tuple[int, int, int]] = []
    while queue:
        x, y = queue.popleft()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < w and 0 <= ny < h and steps[nx, ny] < 0 and tmap.walkable[nx, ny]:
                steps[nx, ny] = steps[x, y] + 1
                queue.append((nx, ny))
                if (nx, ny) not in taken:
                    found.append((int(steps[nx, ny]), ny, nx))
    return [(x, y) for _, y, x in sorted(found)]


MAP_CACHE_SIZE = 8
_maps: "OrderedDict[tuple[str, str], Any]" = OrderedDict()


def shared_map(map_path: str | Path) -> Any:
    """The TacticalMap for a file, shared by every battle in this process that plays
    the same content (its bytes and path), so the caches kept per map (sight, line of
    fire, path graphs) survive from battle to battle. Its grids are made read-only:
    no battle may change the terrain another battle plays on."""
    from game.world.tiled import load_map

    path = Path(map_path)
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return load_map(path)  # a folder, a FIFO...: the loader says what is wrong
        content = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return load_map(path)  # the loader says what is wrong with the path
    key = (str(path.resolve()), content)
    tmap = _maps.get(key)
    if tmap is None:
        tmap = load_map(path)
        check_scenario_rulesets(tmap)
        for grid in (tmap.walkable, tmap.move_cost, tmap.blocks_sight, tmap.cover, tmap.elevation):
            grid.setflags(write=False)
        _maps[key] = tmap
        if len(_maps) > MAP_CACHE_SIZE:
            _maps.popitem(last=False)
    else:
        _maps.move_to_end(key)
    return tmap


def mission_round_limit(tmap: Any, ruleset_id: str) -> int | None:
    """The round limit the map's scenario sets in `ruleset_id`, or None (a plain map, or
    a mission without one)."""
    scenario = getattr(tmap, "scenario", None)
    return scenario.for_ruleset(ruleset_id).round_limit if scenario is not None else None


def new_battle(map_path: str | Path, ruleset_id: str, seed: int = 0,
               squads: Mapping[int, Sequence[str]] | None = None,
               names: Mapping[int, Sequence[str]] | None = None, custom: Any = None,
               **kwargs: Any) -> Battle:
    """Load the map and the ruleset and field the units: the one way every battle starts.
    `names`: the squads' units' own names (per side, in squad order); `custom`: a
    designer's units beside the ruleset's (game.custom_units.CustomUnits)."""
    from game.rulesets import load_ruleset

    tmap = shared_map(map_path)
    limit = mission_round_limit(tmap, ruleset_id)
    if limit is not None and "max_rounds" not in kwargs:
        kwargs["max_rounds"] = limit  # the mission's own limit, unless asked otherwise
    ruleset = load_ruleset(ruleset_id, custom)
    if squads:
        from game.squads import check_budgets
        check_budgets(tmap, ruleset, squads)  # a scenario's points_1, points_2
    orders = orders_for(tmap, ruleset, squads, names)
    if len({o.team for o in orders}) < 2:
        raise InputError(map_path, "the squads leave fewer than two sides on the map")
    return Battle(tmap, ruleset, orders, seed=seed, **kwargs)
