"""A scenario's default squads, one per side and ruleset: map properties
``squad_<side>.<ruleset>`` (maps/README.md, "Default squads per ruleset").

The five rulesets weigh the same archetypes differently (a d20 gunner and a mahou
gunner are not worth the same against a guardian), so a mission balanced for one
ruleset with one squad a side is lopsided in another. A designer may therefore give a
side another default squad in a ruleset: ``squad_1.d20 = "brawler,gunner,gunner,scout"``
lists archetypes or the ruleset's template ids in spawn order, deployed exactly as a
chosen squad is (game/engine/setup.py, `orders_for`). It is used only when no squad is
chosen for that side: a chosen squad, a squad file and a replay's squads win.

This module reads what the map alone can check: the property's form, that the side
has spawns, the list, and that a VIP's spawn still fields a unit. Whether the ruleset
exists and knows each name is checked by the engine when it loads the map
(`game.engine.setup.check_scenario_rulesets`): the world does not import the rulesets.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.errors import MapError
from game.limits import MAX_SQUAD
from game.world.tactical_map import own_spawns

PREFIX = "squad_"
MAX_NAME = 64  # a template id or archetype (the squads' own bound on a name)


@dataclass(frozen=True)
class DefaultSquad:
    """Side `side`'s squad in ruleset `ruleset` when none is chosen: archetypes or
    template ids in spawn order. `key`: the map property it came from."""

    side: int
    ruleset: str
    units: tuple[str, ...]

    @property
    def key(self) -> str:
        return f"{PREFIX}{self.side}.{self.ruleset}"


def read_default_squads(path: Path, props: dict, spawns: tuple, vip_tiles: list[tuple[int, int]]
                        ) -> tuple[DefaultSquad, ...]:
    """Every ``squad_<side>.<ruleset>`` property, checked; sorted by side, then ruleset.
    `vip_tiles`: the tiles of the VIP spawns (each must still field a unit)."""
    found = []
    for key in sorted(k for k in props if str(k).startswith(PREFIX)):
        found.append(_read_one(path, str(key), props[key], spawns, vip_tiles))
    return tuple(sorted(found, key=lambda s: (s.side, s.ruleset)))


def _read_one(path: Path, key: str, value: object, spawns: tuple,
              vip_tiles: list[tuple[int, int]]) -> DefaultSquad:
    where = key[:60]
    side_text, dot, ruleset = key[len(PREFIX):].partition(".")
    if not dot or not side_text.isdecimal() or len(side_text) > 6 or not plain_name(ruleset):
        raise MapError(path, f"{where}: a default squad's property is squad_<side>.<ruleset>, "
                             f"like squad_1.d20")
    side = int(side_text)
    own = [(s.x, s.y) for s in own_spawns(spawns, ruleset) if s.team == side]  # where it deploys in its ruleset
    if not own:
        raise MapError(path, f"{where}: side {side} has no spawns on this map "
                             f"(sides: {sorted({s.team for s in spawns})})")
    if isinstance(value, bool) or not isinstance(value, str):
        raise MapError(path, f"{where}: must be a string of units separated by commas "
                             f"(it is {str(value)[:40]!r})")
    units = tuple(u.strip() for u in value.split(","))
    if not 1 <= len(units) <= MAX_SQUAD:
        raise MapError(path, f"{where}: must list 1 to {MAX_SQUAD} units (it lists {len(units)})")
    for index, unit in enumerate(units, 1):
        if not plain_name(unit):
            raise MapError(path, f"{where}: unit {index} is {unit[:40]!r}; name an archetype or a "
                                 f"template id (letters, digits, '_' or '-')")
    for x, y in vip_tiles:
        if (x, y) in own and own.index((x, y)) >= len(units):
            # the VIP is the unit on its spawn: a squad that leaves that spawn empty has none
            raise MapError(path, f"{where}: fields {len(units)} unit(s), so the VIP's spawn at "
                                 f"({x}, {y}), side {side}'s spawn {own.index((x, y)) + 1}, "
                                 f"would stand empty")
    return DefaultSquad(side, ruleset, units)


def plain_name(name: str) -> bool:
    """A name of letters, digits, '_' and '-' (ruleset and template ids are such names)."""
    return 0 < len(name) <= MAX_NAME and all(c.isascii() and (c.isalnum() or c in "_-") for c in name)
