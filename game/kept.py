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
    Spec("mahou-ai-odds", BATTLE, 4096, "mahou: exchanges' odds keyed by both sides' stats"),
    Spec("actionblock-kept", BATTLE, 16384,
         "actionblock: a unit's items, opponents, a tile's geometry, kept per family"),
    # --- d20 (rules and AI) -------------------------------------------------------------
    # The rules: terrain answers (kept with the map) and dice arithmetic (the data's).
    Spec("d20-terrain-rows", MAP, 16,
         "d20: the map's grids as nested lists or masks, by name (walking, concealment, bullets)"),
    Spec("d20-concealed", MAP, 1 << 16, "d20: is a tile hidden from another by concealment"),
    Spec("d20-shot-lines", MAP, 1 << 16,
         "d20: between two tiles, does a wall stop bullets, is the target seen, how far"),
    Spec("d20-fields-of-fire", MAP, 1024, "d20: the tiles bullets from a tile reach (one grid each)"),
    Spec("d20-cones", MAP, 4096, "d20: the tiles a cone of suppressing fire covers"),
    Spec("d20-dealt-dists", DATA, 2048, "d20: a hit's damage distribution by dice, location and cut"),
    Spec("d20-contest-chances", DATA, 1024, "d20: the chance to win a contest by both modifiers"),
    Spec("d20-base-pools", DATA, 256, "d20: a weapon's damage dice with the burst die"),
    Spec("d20-reload-options", DATA, 64, "d20: the Reload option by spare magazines (built once)"),
    Spec("d20-swap-options", DATA, 256, "d20: the Swap option by the weapons carried (built once)"),
    # The AI: a battle's values keyed by every input, terrain views, dice arithmetic.
    Spec("d20-ai-threats", BATTLE, 4096,
         "d20 AI: a unit's threat and reach by template, weapon and rounds"),
    Spec("d20-ai-setups", BATTLE, 4096, "d20 AI: an attack's set-up (its modifiers), keyed by its inputs"),
    Spec("d20-ai-grounds", BATTLE, 2048,
         "d20 AI: a unit's tile-value grid (and one tile's value) by reach, punch and enemies"),
    Spec("d20-ai-ground-parts", BATTLE, 4096,
         "d20 AI: the parts of the tile grids: one enemy's fire on every tile, its reach terms"),
    Spec("d20-ai-views", MAP, 1024,
         "d20 AI: what an enemy on a tile sees of every tile, how far, the cover each side has"),
    Spec("d20-ai-terrain", MAP, 64,
         "d20 AI: the map's offset tables, range tables by reach and cover rows (by name)"),
    Spec("d20-ai-dealt-stats", DATA, 8192,
         "d20 AI: a hit's mean damage and chance to drop by dice, cut and hit points"),
    Spec("d20-ai-hit-chances", DATA, 512, "d20 AI: the chance of a plain (non-critical) hit"),
    Spec("d20-ai-mean-after", DATA, 256, "d20 AI: a weapon's mean damage past a threshold"),
    Spec("d20-ai-move-terms", DATA, 256, "d20 AI: a move's Actions and their costs by turn state"),
    Spec("d20-ai-square-terms", DATA, 256,
         "d20 AI: the same over a square around the unit (the move screen's bounds)"),
    Spec("d20-ai-chebyshev-squares", DATA, 64, "d20 AI: Chebyshev distances over a square"),
    Spec("d20-ai-plain-choices", DATA, 4096,
         "d20 AI: the Choice of an option with no parameters (a Choice never changes)"),
    Spec("d20-ai-attack-choices", DATA, 4096, "d20 AI: the Choice of an attack by target, mode and location"),
    # --- mahou --------------------------------------------------------------------------
    # --- fivebyfive ---------------------------------------------------------------------
    # --- actionblock --------------------------------------------------------------------
    # --- fate ---------------------------------------------------------------------------
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
