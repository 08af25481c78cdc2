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
               squads: Mapping[int, Sequence[str]] | None = None) -> list[UnitOrder]:
    """One UnitOrder per spawn. A squad lists archetypes (or template ids) per team in
    spawn order; without one, a spawn's own `archetype` is used, else the archetypes
    in turn (brawler, gunner, marksman, guardian, scout)."""
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
        orders.append(UnitOrder(spawn.team, ruleset.template_for(wanted), spawn.x, spawn.y))
    return orders


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
        for grid in (tmap.walkable, tmap.move_cost, tmap.blocks_sight, tmap.cover, tmap.elevation):
            grid.setflags(write=False)
        _maps[key] = tmap
        if len(_maps) > MAP_CACHE_SIZE:
            _maps.popitem(last=False)
    else:
        _maps.move_to_end(key)
    return tmap


def new_battle(map_path: str | Path, ruleset_id: str, seed: int = 0,
               squads: Mapping[int, Sequence[str]] | None = None, **kwargs: Any) -> Battle:
    """Load the map and the ruleset and field the units: the one way every battle starts."""
    from game.rulesets import load_ruleset

    tmap = shared_map(map_path)
    scenario = getattr(tmap, "scenario", None)
    if scenario is not None and scenario.round_limit is not None and "max_rounds" not in kwargs:
        kwargs["max_rounds"] = scenario.round_limit  # the mission's own limit, unless asked otherwise
    ruleset = load_ruleset(ruleset_id)
    orders = orders_for(tmap, ruleset, squads)
    if len({o.team for o in orders}) < 2:
        raise InputError(map_path, "the squads leave fewer than two sides on the map")
    return Battle(tmap, ruleset, orders, seed=seed, **kwargs)
