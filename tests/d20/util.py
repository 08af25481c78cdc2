"""Helpers for the d20 rule tests: driving a battle through its pending Decision.

Everything goes through `battle.submit`, the same path a player's click takes; the
only direct state changes are test set-ups named by their callers (a weapon handed
to a unit, hit points lowered), never the outcome under test.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np

from game.engine.decisions import Choice
from game.rulesets.d20 import D20Ruleset
from game.rulesets.d20.components import Health, Loadout, TurnState
from game.rulesets.d20.data import HERE, D20Data
from game.world.tactical_map import Cover, Spawn, TacticalMap
from tests.helpers import LEGEND

# The shared legend plus `b`: a bush as the shipped maps draw one (walkable
# concealment that does not block sight).
# "b": a bush (walkable concealment); "H": a sandbag emplacement, heavy cover one may
# stand in (as on maps/ridge.tmx).
LEGEND_PLUS = {**LEGEND, "b": (True, 1, False, Cover.CONCEALMENT, 0),
               "H": (True, 1, False, Cover.HEAVY, 0)}


def ascii_map_plus(rows: list[str], feet_per_tile: int = 5) -> TacticalMap:
    height, width = len(rows), len(rows[0])
    shape = (width, height)
    walkable = np.zeros(shape, bool)
    cost = np.ones(shape, np.int16)
    sight = np.zeros(shape, bool)
    cover = np.zeros(shape, np.int8)
    elev = np.zeros(shape, np.int16)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            w, c, s, cv, e = LEGEND_PLUS[ch]
            walkable[x, y], cost[x, y], sight[x, y], cover[x, y], elev[x, y] = w, c, s, cv, e
    spawns = (Spawn(0, 0, 1), Spawn(width - 1, height - 1, 2))
    return TacticalMap(Path("test.tmx"), "test", width, height, 32, 32, feet_per_tile,
                       walkable, cost, sight, cover, elev, spawns)


def actor(battle) -> int:
    return battle.pending.actor


def offered(battle, key: str):
    """The pending decision's option `key`, or None."""
    return battle.pending.option(key) if battle.pending is not None else None


def do(battle, key: str, target=None, **params):
    """Submit option `key` (it must be offered) and return the events it produced."""
    opt = offered(battle, key)
    assert opt is not None, f"{key!r} not offered: {[o.key for o in battle.pending.options]}"
    return battle.submit(opt.choice(target, **params))


def end_turn(battle):
    return battle.submit(Choice("end_turn"))


def actions(battle, unit: int) -> int:
    return battle.get(unit, TurnState).actions


def hp(battle, unit: int) -> int:
    return battle.get(unit, Health).hp


def arm(battle, unit: int, weapon: str, loaded: int | None = None) -> None:
    """Set-up: put `weapon` in the unit's hand (loaded full unless told)."""
    loadout = battle.get(unit, Loadout)
    if weapon not in loadout.weapons:
        loadout.weapons.insert(0, weapon)
    loadout.held = weapon
    w = battle.ruleset.data.weapons[weapon]
    if w.ranged:
        loadout.loaded[weapon] = w.magazine if loaded is None else loaded


def loaded(battle, unit: int) -> int:
    loadout = battle.get(unit, Loadout)
    return loadout.loaded[loadout.held]


def data_copy(tmp_path: Path) -> Path:
    """A copy of the shipped weapons.toml and units.toml to change in a test."""
    folder = tmp_path / "d20data"
    folder.mkdir()
    for name in ("weapons.toml", "units.toml"):
        shutil.copy(HERE / name, folder / name)
    return folder


def ruleset_with(tmp_path: Path, weapons: str = "", units: str = "") -> D20Ruleset:
    """The shipped data plus extra TOML entries appended to each file."""
    folder = data_copy(tmp_path)
    for name, extra in (("weapons.toml", weapons), ("units.toml", units)):
        if extra:
            with open(folder / name, "a") as fh:
                fh.write("\n" + extra)
    return D20Ruleset(D20Data(folder))


class _Prepared(D20Ruleset):
    """The d20 ruleset with a set-up step run after the units are fielded and before
    the first Decision is asked, so the options already see the set-up."""

    def __init__(self, prepare, data: D20Data | None = None) -> None:
        super().__init__(data)
        self._prepare = prepare

    def setup(self, battle, orders) -> None:
        super().setup(battle, orders)
        self._prepare(battle)


def prepared_battle(tmap, units, dice, arms=None, prepare=None, data: D20Data | None = None):
    """`battle_with`, plus set-ups applied before the first Decision.

    `arms` maps a unit's index in `units` to a weapon id or (weapon id, rounds loaded);
    `prepare(battle)` may change anything else (hit points, posture...).
    """
    from tests.helpers import battle_with

    def _prepare(battle):
        ids = battle.units()
        for index, spec in (arms or {}).items():
            weapon, rounds = (spec, None) if isinstance(spec, str) else spec
            arm(battle, ids[index], weapon, rounds)
        if prepare is not None:
            prepare(battle)

    return battle_with(tmap, units, dice, ruleset=_Prepared(_prepare, data))


def data_with(tmp_path: Path, weapons: str = "", units: str = "") -> D20Data:
    return ruleset_with(tmp_path, weapons, units).data
