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
    Spec("fivebyfive-chances", DATA, 64, "5x5: a target number's exact chances (Fractions)"),
    Spec("fivebyfive-outlook", DATA, 4096,
         "5x5: an attack's exact outlook by target numbers and the defender's Abilities"),
    Spec("fivebyfive-line-offsets", DATA, 4,
         "5x5: the crossed tiles of every offset on a map of one size (maps up to 64 a side)"),
    Spec("fivebyfive-reach", BATTLE, 64,
         "5x5: a move's search by every input, so the move reuses its options' search"),
    Spec("fivebyfive-terrain", MAP, 1, "5x5: the terrain grids the sight lines read"),
    Spec("fivebyfive-sight", MAP, 512,
         "5x5: sight against one figure's tile, and the lines to the tiles asked so far"),
    Spec("fivebyfive-walk", MAP, 512, "5x5: walking cost from one figure's tile to every tile"),
    Spec("fivebyfive-ai-chances", DATA, 64, "5x5 AI: a target number's chances as floats"),
    Spec("fivebyfive-ai-outlook", DATA, 1 << 13,
         "5x5 AI: (chance to take out, expected points) by target numbers and Abilities"),
    Spec("fivebyfive-ai-best-chance", DATA, 4096, "5x5 AI: a figure's best attack chance"),
    Spec("fivebyfive-ai-worth", DATA, 4096, "5x5 AI: how much fight a figure has left"),
    Spec("fivebyfive-ai-attack-value", DATA, 1 << 15,
         "5x5 AI: one attack's value by both figures' ranks, Abilities, shift and threat"),
    Spec("fivebyfive-ai-uncontrolled", DATA, 1 << 15,
         "5x5 AI: the chance of a hit the target does not Control"),
    Spec("fivebyfive-ai-fate-rank", DATA, 1 << 13,
         "5x5 AI: how damage picks end for a defender (0 fighting, 1 Unconscious, 2 Dead)"),
    Spec("fivebyfive-ai-placed", DATA, 4096, "5x5 AI: the Abilities each chooser picks in turn"),
    Spec("fivebyfive-ai-outcomes", DATA, 4096,
         "5x5 AI: every way one attack ends for its target (hard's chance nodes)"),
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
