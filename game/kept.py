"""Kept answers: the game's one cache layer.

A query that is asked again and again (a unit's field of view, an attack's damage
distribution, what a tile is worth to the AI) may keep its answer. Every such answer
lives in a named, bounded `Table`, and every table belongs to an owner whose life it
shares:

* ``decision``: answers about the battle's current state; emptied each time a
  decision is answered (the state only changes then). Owned by the Battle.
* ``battle``: pure answers whose key names every input (units, tiles, rounds), kept
  across decisions; freed with the battle (`Battle.close`, or the battle's collection).
* ``map``: answers that depend on the terrain alone (sight, line of fire, walking
  distances); freed with the map. Maps are shared by the battles that play them.
* ``data``: pure functions of plain values and the ruleset's data (dice
  distributions, chances of a check), kept for the process like the data itself.

The catalogue below names every table once, with its owner, its bound and why it
exists, so a reader finds every cache of the game in one place; ``python -m game
bench`` prints each table's hits and misses so every cache justifies itself.

A table past its bound drops its oldest entry (first in, first out: the answers of a
battle's early rounds are the ones least likely to be asked again).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Iterable, TypeVar

T = TypeVar("T")

DECISION, BATTLE, MAP, DATA = "decision", "battle", "map", "data"
OWNERS = (DECISION, BATTLE, MAP, DATA)

_MISSING = object()  # a miss by look-up (a kept answer may be None)


@dataclass(frozen=True)
class Spec:
    """One table: its name, who owns it, how many answers it holds, and why it exists."""

    name: str
    owner: str
    bound: int
    why: str


def _catalogue(*specs: Spec) -> MappingProxyType:
    for spec in specs:
        assert spec.owner in OWNERS and spec.bound > 0, spec
    names = [s.name for s in specs]
    assert len(names) == len(set(names)), "a table named twice"
    return MappingProxyType({s.name: s for s in specs})


#: Every table of the game. Bounds are counts of answers; an answer on a map is at
#: most one grid of the map (a few KB to 64 KB on the shipped maps).
CATALOGUE = _catalogue(
    # --- the engine -------------------------------------------------------------------
    Spec("state", DECISION, 1 << 16,
         "answers about the current state (options, reach with units in the way, odds)"),
    Spec("pure", BATTLE, 256,
         "a pure battle query whose key names every input (Battle.cached)"),
    Spec("terrain", MAP, 4096,
         "answers from the terrain alone: grids, walking distances (sight.terrain_memo)"),
    Spec("fov", MAP, 4096, "fields of view from a tile (one bool grid each)"),
    Spec("line-of-fire", MAP, 1 << 16, "what lies between two tiles"),
    # --- the AI -----------------------------------------------------------------------
    Spec("d20-ai-values", BATTLE, 8192,
         "d20: an attack's value, a unit's threat, keyed by every input"),
    Spec("d20-ai-setups", BATTLE, 4096, "d20: an attack's set-up (its modifiers), keyed by its inputs"),
    Spec("mahou-ai-odds", BATTLE, 4096, "mahou: exchanges' odds keyed by both sides' stats"),
    Spec("actionblock-kept", BATTLE, 16384,
         "actionblock: a unit's items, opponents, a tile's geometry, kept per family"),
    # --- d20 (rules and AI) -------------------------------------------------------------
    # --- mahou --------------------------------------------------------------------------
    # --- fivebyfive ---------------------------------------------------------------------
    # --- actionblock --------------------------------------------------------------------
    # --- fate ---------------------------------------------------------------------------
    Spec("fate-data", DATA, 1, "fate: the ruleset's definitions, loaded once per process"),
    Spec("fate-4df", DATA, 1, "fate: the ways 4dF comes to each total"),
    Spec("fate-4df-opposed", DATA, 1, "fate: the ways one 4dF minus another comes to each difference"),
    Spec("fate-level-table", DATA, 1024, "fate: an attack roll's wound levels by edge and damage bonus"),
    Spec("fate-bonus-table", DATA, 64, "fate: a bonus damage roll's extra Scratches by edge"),
    Spec("fate-drop-chance", DATA, 4096, "fate: the chance a hit takes a track out, by boxes and odds"),
    Spec("fate-ai-profiles", DATA, 200_000,
         "fate AI: attack profiles keyed by everything their numbers read (ids, postures, the line), "
         "shared by the battles of the process's data"),
    Spec("fate-ai-outcomes", DATA, 4096, "fate AI: an attack's wound distribution from its level odds"),
    Spec("fate-ai-profile-outcomes", DATA, 4096, "fate AI: an attack's wound distribution from its numbers"),
    Spec("fate-ai-scaled", DATA, 4096, "fate AI: a wound distribution of an attack made with a chance"),
    Spec("fate-ai-marks", DATA, 8192, "fate AI: a track state after one wound and its extra Scratches"),
    Spec("fate-ai-steps", DATA, 512, "fate AI: where one wound takes each track state"),
    Spec("fate-ai-matrices", DATA, 4096, "fate AI: an attack's 37 x 37 track transition matrix"),
    Spec("fate-ai-tracks", DATA, 20_000, "fate AI: a track's state distribution after attacks in order"),
    Spec("fate-ai-expected", DATA, 20_000, "fate AI: a track's expected worth and out chance after attacks"),
    Spec("fate-ai-gains", DATA, 65_536, "fate AI: what one attack adds to a side's attacks on a track"),
    Spec("fate-terrain", MAP, 4096, "fate: terrain grids and lists read by cover and the AI's screen"),
    Spec("fate-protection", MAP, 1 << 18, "fate: cover and concealment between two tiles"),
    Spec("fate-views", MAP, 1 << 14, "fate: sight's field of view from a tile, by the tile as asked (no conversion)"),
    Spec("fate-reach-open", MAP, 2048, "fate: one move's reach from a tile over open ground"),
    Spec("fate-reach-blocked", MAP, 256, "fate: one move's reach from a tile past units on given tiles"),
    Spec("fate-ai-rows", MAP, 4096, "fate AI: an enemy's terrain rows (exposure, reach, distance, sight, height)"),
    Spec("fate-ai-walk", MAP, 1024, "fate AI: walking distances to a goal, capped"),
)


class Table:
    """Answers kept by key, at most `spec.bound` of them, with hit and miss counts."""

    __slots__ = ("spec", "answers", "hits", "misses")

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.answers: dict[Any, Any] = {}
        self.hits = 0
        self.misses = 0

    def get(self, key: Any, compute: Callable[[], T]) -> T:
        """The answer for `key`, worked out by `compute()` the first time."""
        answers = self.answers
        value = answers.get(key, _MISSING)  # a raised KeyError would cost more than the look-up
        if value is _MISSING:
            self.misses += 1
            value = compute()  # first: working it out may keep other answers here
            if len(answers) >= self.spec.bound:
                del answers[next(iter(answers))]  # the oldest answer goes
            answers[key] = value
        else:
            self.hits += 1
        return value

    def __len__(self) -> int:
        return len(self.answers)

    def __contains__(self, key: Any) -> bool:
        return key in self.answers

    def clear(self) -> None:
        self.answers.clear()


class Store:
    """The tables of one owner (a decision, a battle, a map), made on first use."""

    __slots__ = ("owner", "tables")

    def __init__(self, owner: str) -> None:
        assert owner in OWNERS
        self.owner = owner
        self.tables: dict[str, Table] = {}

    def table(self, name: str) -> Table:
        table = self.tables.get(name)
        if table is None:
            spec = CATALOGUE[name]  # a KeyError here: declare the table in the catalogue
            if spec.owner != self.owner:
                raise ValueError(f"table {name!r} belongs to a {spec.owner}, not a {self.owner}")
            table = self.tables[name] = Table(spec)
        return table

    def get(self, name: str, key: Any, compute: Callable[[], T]) -> T:
        return self.table(name).get(key, compute)

    def clear(self) -> None:
        """Forget every answer (the owner's state changed, or it is finished)."""
        for table in self.tables.values():
            table.clear()

    def stats(self) -> list[tuple[str, int, int, int]]:
        """(name, answers held, hits, misses) of every table used, by name."""
        return [(t.spec.name, len(t), t.hits, t.misses) for _, t in sorted(self.tables.items())]


def pure(name: str) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """A pure function of plain values kept for the process (a table owned by ``data``,
    declared in the catalogue): a ``functools.lru_cache`` with the catalogue's bound,
    which `bench` reports by name."""
    spec = CATALOGUE[name]
    if spec.owner != DATA:
        raise ValueError(f"table {name!r} belongs to a {spec.owner}, not to the data")

    def wrap(function: Callable[..., T]) -> Callable[..., T]:
        kept = functools.lru_cache(maxsize=spec.bound)(function)
        kept.kept_spec = spec  # type: ignore[attr-defined]
        return kept

    return wrap


def pure_stats(functions: Iterable[Any]) -> list[tuple[str, int, int, int]]:
    """(name, answers held, hits, misses) of `pure` functions."""
    out = []
    for function in functions:
        info = function.cache_info()
        out.append((function.kept_spec.name, info.currsize, info.hits, info.misses))
    return sorted(out)
