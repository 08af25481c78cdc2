"""Building tiny battles for rule tests: an ASCII map, chosen units, forced dice.

Map legend: `.` floor, `#` wall, `c` concealment (walkable, blocks sight),
`l` light cover and `h` heavy cover (low obstacles: not walkable, do not block
sight), `~` rough ground (move cost 2), `^` high ground (elevation 2).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from game.engine.battle import Battle, UnitOrder
from game.engine.dice import ScriptedDice
from game.world.tactical_map import Cover, Spawn, TacticalMap

LEGEND = {
    ".": (True, 1, False, Cover.NONE, 0),
    "#": (False, 1, True, Cover.NONE, 0),
    "c": (True, 1, True, Cover.CONCEALMENT, 0),
    "l": (False, 1, False, Cover.LIGHT, 0),
    "h": (False, 1, False, Cover.HEAVY, 0),
    "~": (True, 2, False, Cover.NONE, 0),
    "^": (True, 1, False, Cover.NONE, 2),
}


def ascii_map(rows: list[str], feet_per_tile: int = 5) -> TacticalMap:
    height, width = len(rows), len(rows[0])
    shape = (width, height)
    walkable = np.zeros(shape, bool)
    cost = np.ones(shape, np.int16)
    sight = np.zeros(shape, bool)
    cover = np.zeros(shape, np.int8)
    elev = np.zeros(shape, np.int16)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            w, c, s, cv, e = LEGEND[ch]
            walkable[x, y], cost[x, y], sight[x, y], cover[x, y], elev[x, y] = w, c, s, cv, e
    spawns = (Spawn(0, 0, 1), Spawn(width - 1, height - 1, 2))
    return TacticalMap(Path("test.tmx"), "test", width, height, 32, 32, feet_per_tile,
                       walkable, cost, sight, cover, elev, spawns)


def open_map(width: int = 30, height: int = 10) -> TacticalMap:
    return ascii_map(["." * width] * height)


def battle_with(tmap: TacticalMap, units: list[tuple[int, str, int, int]], dice: list,
                ruleset=None, **battle_options) -> Battle:
    """A d20 battle with the given (team, template, x, y) units and scripted dice.

    The first faces of `dice` are the initiative rolls, one per unit in order.
    `battle_options` go to Battle (e.g. player_sides={1}, max_rounds=5).
    """
    if ruleset is None:
        from game.rulesets.d20 import D20Ruleset
        ruleset = D20Ruleset()
    orders = [UnitOrder(team, template, x, y) for team, template, x, y in units]
    return Battle(tmap, ruleset, orders, dice=ScriptedDice(list(dice)), **battle_options)


def events_of(battle: Battle, kind: type) -> list:
    return [e for e in battle.log if isinstance(e, kind)]


def assert_level_only_reads(ruleset: str, level: str, decisions: int, every: int = 7,
                            map_path: str = "maps/woodland.tmx", seed: int = 5, max_rounds: int = 3) -> None:
    """`level` (side 1) plays normal (side 2) for up to `decisions` decisions; every
    `every`th one, its scoring and decide (a fresh AI of that level) are probed by
    `game.readonly.probe_queries` and must change nothing."""
    from game.ai import make_ai
    from game.engine.setup import new_battle
    from game.readonly import probe_queries
    b = new_battle(map_path, ruleset, seed=seed, max_rounds=max_rounds)
    try:
        ais = {1: make_ai(ruleset, 1, level), 2: make_ai(ruleset, 2, "normal")}
        n = probed = 0
        while b.pending is not None and n < decisions:
            if n % every == 0:
                assert probe_queries(b, [make_ai(ruleset, 9, level)]) == []
                probed += 1
            b.submit(ais[b.pending.side].decide(b, b.pending))
            n += 1
        assert probed >= 3
    finally:
        b.close()
