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


#: A map's tables of grids are bounded for a map of this many tiles (32 x 32, about
#: the shipped battle maps); on a bigger map they hold proportionally fewer grids, so
#: a map's tables stay within the same memory whatever its size (issue 33).
GRID_CELLS = 32 * 32
FEWEST_GRIDS = 16


@dataclass(frozen=True)
class Spec:
    """One table: its name, who owns it, how many answers it holds, and why it exists.
    `grids`: its answers are grids of the map (or as big), so its bound is for a
    32 x 32 map and shrinks with the map's area (a battle's tables too: a Battle's
    stores know its map's size)."""

    name: str
    owner: str
    bound: int
    why: str
    grids: bool = False

    def bound_for(self, cells: int | None) -> int:
        if not self.grids or not cells or cells <= GRID_CELLS:
            return self.bound
        return max(FEWEST_GRIDS, self.bound * GRID_CELLS // cells)


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
         "a pure battle query whose key names every input (Battle.cached)", grids=True),
    Spec("terrain", MAP, 4096,
         "answers from the terrain alone: grids, walking distances (sight.terrain_memo)", grids=True),
    Spec("move-graph", MAP, 4,
         "the map's movement graph: the search's CSR arrays, the repairs' steps (game.world.paths)"),
    Spec("first-steps", MAP, 1 << 14, "the tiles one step from a tile enters within a budget"),
    Spec("ruleset-data", DATA, 32,
         "a ruleset's data tables, parsed and validated once while their files are unchanged"),
    Spec("code-hash", DATA, 4,
         "the game package's code, hashed once per process for a study's key and the "
         "--cluster workers' check (game.study_db)"),
    Spec("dice-sums", DATA, 1024, "the distribution of the sum of n dice of s sides"),
    Spec("dice-pools", DATA, 4096, "the distribution of a pool of several groups of dice"),
    Spec("fov", MAP, 4096, "fields of view from a tile (one bool grid each)", grids=True),
    Spec("sight-line-offsets", DATA, 8192,
         "the tiles a line crosses, by the offset between its ends (a 32x32 map has 3,969 offsets; "
         "bigger maps' long lines churn instead of growing: issue 33)"),
    Spec("line-of-fire", MAP, 1 << 16, "what lies between two tiles"),
    # --- d20 (rules and AI) -------------------------------------------------------------
    # The rules: terrain answers (kept with the map) and dice arithmetic (the data's).
    Spec("d20-terrain-rows", MAP, 16,
         "d20: the map's grids as nested lists or masks, by name (walking, concealment, bullets)"),
    Spec("d20-concealed", MAP, 1 << 16, "d20: is a tile hidden from another by concealment"),
    Spec("d20-shot-lines", MAP, 1 << 16,
         "d20: between two tiles, does a wall stop bullets, is the target seen, how far"),
    Spec("d20-fields-of-fire", MAP, 1024, "d20: the tiles bullets from a tile reach (one grid each)", grids=True),
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
         "d20 AI: a unit's tile-value grid (and one tile's value) by reach, punch and enemies", grids=True),
    Spec("d20-ai-ground-parts", BATTLE, 4096,
         "d20 AI: the parts of the tile grids: one enemy's fire on every tile, its reach terms", grids=True),
    Spec("d20-ai-views", MAP, 1024,
         "d20 AI: what an enemy on a tile sees of every tile, how far, the cover each side has", grids=True),
    Spec("d20-ai-terrain", MAP, 64,
         "d20 AI: the map's offset tables, range tables by reach and cover rows (by name)", grids=True),
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
    # the dice and the odds: pure functions of roll specs (values), kept for the process
    Spec("mahou-dice-fields", DATA, 16, "mahou: a spec class's field names (hashing a spec)"),
    Spec("mahou-stat-die", DATA, 64, "mahou: the one Die object of a stat value"),
    Spec("mahou-skill-sets", DATA, 4096, "mahou: the one DiceSet of a skill roll"),
    Spec("mahou-nonskilled-sets", DATA, 1024, "mahou: the one DiceSet of a non-skilled roll"),
    Spec("mahou-dodge-sets", DATA, 1024, "mahou: the one DiceSet of a Spot Dodge's rolls"),
    Spec("mahou-single-sets", DATA, 1024, "mahou: the one DiceSet of a plain stat roll"),
    Spec("mahou-die-odds", DATA, 256, "mahou: one exploding die's distribution"),
    Spec("mahou-set-odds", DATA, 4096, "mahou: a dice set's kept value, from the die's"),
    Spec("mahou-roll-odds", DATA, 4096, "mahou: a roll's total (the sets convolved)"),
    Spec("mahou-roll-arrays", DATA, 4096, "mahou: a roll's total as numpy arrays"),
    Spec("mahou-opposed-odds", DATA, 4096, "mahou: the chance one roll beats another"),
    Spec("mahou-after-soak", DATA, 2048, "mahou: hit points lost to a hit's damage less the soak"),
    Spec("mahou-mean-after-soak", DATA, 2048, "mahou: the mean of mahou-after-soak"),
    Spec("mahou-skill-label", DATA, 64, "mahou: a skill's name as a roll shows it"),
    Spec("mahou-talk-effect", DATA, 4096, "mahou: a distraction's expected penalty and chance of a state"),
    # what the definitions give (each MahouData's own store, keyed by ids: never changes in play)
    Spec("mahou-attack-names", DATA, 4096, "mahou: an attack's description (mode, weapon, stance, skill)"),
    Spec("mahou-defence-ways", DATA, 1024, "mahou: the ways to block or parry with what the hands hold"),
    Spec("mahou-two-handed", DATA, 1024, "mahou: whether a set of defence ways needs both hands"),
    # the rules, per battle and per map
    Spec("mahou-reach", BATTLE, 256, "mahou: where a unit's moves take it, by start, radius and blockers", grids=True),
    Spec("mahou-move-tiles", BATTLE, 256, "mahou: the free tiles a move can end on"),
    Spec("mahou-jumps", BATTLE, 256, "mahou: jump landings and kinds, by start, strength, run, blockers"),
    Spec("mahou-jump-needs", MAP, 1 << 16, "mahou: how far across and up a jump between two tiles is"),
    Spec("mahou-jump-landings", MAP, 4096, "mahou: the tiles a jump from a tile could land on"),
    Spec("mahou-jump-kinds", MAP, 4096, "mahou: every landing's kinds of jump, by strength and run"),
    # the AI: exact odds (battle), where to stand (battle and map)
    Spec("mahou-ai-blows", BATTLE, 4096, "mahou AI: an attack's exact value, keyed by both sides' state"),
    Spec("mahou-ai-threats", BATTLE, 4096, "mahou AI: a foe's attacks on a unit, keyed by both sides' state"),
    Spec("mahou-ai-talk", BATTLE, 1024, "mahou AI: a distraction's worth, keyed by its rolls' inputs"),
    Spec("mahou-ai-defence-rolls", BATTLE, 1024, "mahou AI: a defence's roll, keyed by the unit's state"),
    Spec("mahou-ai-tiles", BATTLE, 1024, "mahou AI: the offered tiles' scores (and the unit's own)"),
    Spec("mahou-ai-boards", BATTLE, 128,
         "mahou AI: the whole map's tile scores against a set of foes (a few map-sized arrays each)", grids=True),
    Spec("mahou-ai-walks", BATTLE, 128, "mahou AI: walking distance to the nearest of a set of foes (a grid each)", grids=True),
    Spec("mahou-ai-sight", BATTLE, 64, "mahou AI: the fields of view of a set of foes, stacked", grids=True),
    Spec("mahou-ai-plan-blows", BATTLE, 4096, "mahou hard: a blow's value struck from another tile"),
    Spec("mahou-ai-plan-threats", BATTLE, 4096, "mahou hard: a foe's best blow on a unit on another tile"),
    Spec("mahou-ai-rises", DATA, 4096, "mahou AI: the chance a defence roll beats the one held"),
    Spec("mahou-ai-above-held", DATA, 4096, "mahou AI: a defence roll's totals above the one held"),
    Spec("mahou-ai-survival", DATA, 8192, "mahou AI: a roll's chance to meet each total"),
    Spec("mahou-ai-damage", DATA, 4096, "mahou AI: a hit's expected damage and knock-out chance"),
    Spec("mahou-ai-lasting", DATA, 4096, "mahou AI: a distraction's penalty over the rounds it lasts"),
    Spec("mahou-ai-ways", DATA, 1024, "mahou AI: a defence way's parameters as text (a tie-break)"),
    Spec("mahou-ai-grids", MAP, 16, "mahou AI: the map's solid tiles and flat coordinates"),
    Spec("mahou-ai-fire-clear", MAP, 1 << 16, "mahou AI: no wall on the line of fire between two tiles"),
    # one map-sized grid an answer (128 KB on bench128): bounded to what a battle's foes visit
    Spec("mahou-ai-walk-from", MAP, 512, "mahou AI: walking distance from every tile to one tile", grids=True),
    Spec("mahou-ai-distances", MAP, 512, "mahou AI: Chebyshev distance from one tile to every tile", grids=True),
    Spec("mahou-ai-shelter", MAP, 512, "mahou AI: the cover from a foe's tile at every tile", grids=True),
    # --- fivebyfive ---------------------------------------------------------------------
    Spec("fivebyfive-chances", DATA, 64, "5x5: a target number's exact chances (Fractions)"),
    Spec("fivebyfive-outlook", DATA, 4096,
         "5x5: an attack's exact outlook by target numbers and the defender's Abilities"),
    Spec("fivebyfive-line-offsets", DATA, 4,
         "5x5: the crossed tiles of every offset on a map of one size (maps up to 64 a side)"),
    Spec("fivebyfive-reach", BATTLE, 64,
         "5x5: a move's search by every input, so the move reuses its options' search", grids=True),
    Spec("fivebyfive-terrain", MAP, 1, "5x5: the terrain grids the sight lines read"),
    Spec("fivebyfive-sight", MAP, 512,
         "5x5: sight against one figure's tile, and the lines to the tiles asked so far", grids=True),
    Spec("fivebyfive-walk", MAP, 512, "5x5: walking cost from one figure's tile to every tile", grids=True),
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
    Spec("actionblock-wielded", BATTLE, 256,
         "actionblock: a unit's items (key -> weapon id, Unarmed included); set when fielded"),
    Spec("actionblock-arms", BATTLE, 256,
         "actionblock: what a unit's items are for (melee, guns, grappling, shield, staff)"),
    Spec("actionblock-opponents", BATTLE, 256, "actionblock: every unit of the other sides, by unit"),
    Spec("actionblock-evasion", BATTLE, 256, "actionblock: a unit's own Passive and Active Evasion parts"),
    Spec("actionblock-declared", BATTLE, 4096,
         "actionblock: an attack's numbers from the attacker, its action and item alone"),
    Spec("actionblock-standing-sides", BATTLE, 64, "actionblock: how many sides stand, by who stands"),
    Spec("actionblock-rays", BATTLE, 4096,
         "actionblock: a straight move's rays from a tile, by the units on them (ray_key)"),
    Spec("actionblock-same-options", BATTLE, 4096,
         "actionblock: an option that depends only on its key, built once"),
    Spec("actionblock-move-options", BATTLE, 4096,
         "actionblock: the moving options of a unit, by its rays, facing and points"),
    Spec("actionblock-teleport", BATTLE, 1024, "actionblock: a Teleport's free tiles, by who stands where"),
    Spec("actionblock-turn-option", BATTLE, 1024, "actionblock: the Turn (facing) option, by tile and foe"),
    Spec("actionblock-stance-option", BATTLE, 1024,
         "actionblock: the Block stance option, by the stance and the Blocks it can pay for"),
    Spec("actionblock-block-costs", BATTLE, 1, "actionblock: (Strength, Speed) of each Block-family action"),
    Spec("actionblock-ray-tiles", MAP, 4096, "actionblock: every tile on the terrain's rays from a tile"),
    Spec("actionblock-terrain-rays", MAP, 4096,
         "actionblock: the rays from a tile as the terrain alone allows them"),
    Spec("actionblock-move-grids", MAP, 1, "actionblock: walkable and move-cost grids as plain lists"),
    Spec("actionblock-roll-chances", DATA, 1024, "actionblock: (hit, critical) of a To Hit Roll"),
    Spec("actionblock-hit-damage", DATA, 4096, "actionblock: one hit's damage distribution"),
    Spec("actionblock-attack-odds", DATA, 2048, "actionblock: an attack's exact odds by its numbers"),
    Spec("actionblock-contest", DATA, 1024, "actionblock: P(2d6 + offence >= 2d6 + defence)"),
    Spec("actionblock-hotkeys", DATA, 4096, "actionblock: the hotkeys of a set of options"),
    Spec("actionblock-speed-labels", DATA, 64, "actionblock: the Speed-paid spell modifiers by spare Speed"),
    Spec("actionblock-ai-arms", BATTLE, 256,
         "actionblock AI: (fights only in melee, longest gun Range) of a unit"),
    Spec("actionblock-ai-position", BATTLE, 256,
         "actionblock AI: where to stand, by the foes' tiles, the melee flag and the reach"),
    Spec("actionblock-ai-body", BATTLE, 4096,
         "actionblock AI: whether a fallen body closes the way to the foes, by every tile"),
    Spec("actionblock-ai-cover-worth", MAP, 1, "actionblock AI: the worth of each tile's own cover"),
    Spec("actionblock-ai-shot", MAP, 1 << 16,
         "actionblock AI: (an open shot, half its cover's worth) from a tile at a foe's tile"),
    Spec("actionblock-ai-walk", MAP, 1024,
         "actionblock AI: the move cost from every tile to one tile (nested lists)", grids=True),
    # --- fate ---------------------------------------------------------------------------
    Spec("fate-data", DATA, 1, "fate: the ruleset's definitions, loaded once per process"),
    Spec("fate-4df", DATA, 1, "fate: the ways 4dF comes to each total"),
    Spec("fate-4df-opposed", DATA, 1, "fate: the ways one 4dF minus another comes to each difference"),
    Spec("fate-level-table", DATA, 1024, "fate: an attack roll's wound levels by edge and damage bonus"),
    Spec("fate-bonus-table", DATA, 64, "fate: a bonus damage roll's extra Scratches by edge"),
    Spec("fate-drop-chance", DATA, 4096, "fate: the chance a hit takes a track out, by boxes and odds"),
    Spec("fate-ai-profiles", DATA, 4096,
         "fate AI: attack profiles keyed by everything their numbers read (ids, postures, the line), "
         "shared by the battles of the process's data (a battle adds some 50: 4,096 keep the last "
         "~80 battles' worth; at 200,000 a long soak grew by ~5 KB an answer)"),
    Spec("fate-ai-outcomes", DATA, 4096, "fate AI: an attack's wound distribution from its level odds"),
    Spec("fate-ai-profile-outcomes", DATA, 4096, "fate AI: an attack's wound distribution from its numbers"),
    Spec("fate-ai-scaled", DATA, 4096, "fate AI: a wound distribution of an attack made with a chance"),
    Spec("fate-ai-marks", DATA, 8192, "fate AI: a track state after one wound and its extra Scratches"),
    Spec("fate-ai-steps", DATA, 512, "fate AI: where one wound takes each track state"),
    Spec("fate-ai-matrices", DATA, 4096, "fate AI: an attack's 37 x 37 track transition matrix"),
    Spec("fate-ai-tracks", DATA, 20_000, "fate AI: a track's state distribution after attacks in order"),
    Spec("fate-ai-expected", DATA, 20_000, "fate AI: a track's expected worth and out chance after attacks"),
    Spec("fate-ai-gains", DATA, 65_536, "fate AI: what one attack adds to a side's attacks on a track"),
    Spec("fate-terrain", MAP, 4096, "fate: terrain grids and lists read by cover and the AI's screen", grids=True),
    Spec("fate-protection", MAP, 1 << 18, "fate: cover and concealment between two tiles"),
    Spec("fate-views", MAP, 1 << 14, "fate: sight's field of view from a tile, by the tile as asked (no conversion)", grids=True),
    Spec("fate-reach-open", MAP, 2048, "fate: one move's reach from a tile over open ground", grids=True),
    Spec("fate-reach-blocked", MAP, 256, "fate: one move's reach from a tile past units on given tiles", grids=True),
    Spec("fate-ai-rows", MAP, 4096, "fate AI: an enemy's terrain rows (exposure, reach, distance, sight, height)", grids=True),
    Spec("fate-ai-walk", MAP, 1024, "fate AI: walking distances to a goal, capped", grids=True),
    # --- the window ---------------------------------------------------------------------
    Spec("ui-fog-sight", MAP, 8,
         "window: what a side whose units stand on given tiles sees (one bool grid each; an "
         "answer's log is redacted against the boards before and after it, for each person)"),
    Spec("ui-planned-paths", MAP, 256,
         "window: a declared move's way from tile to tile past units on given tiles (a round's "
         "moves are a few dozen)"),
    Spec("ui-previews", DECISION, 256,
         "window: the odds panel's preview of the pointer's target with the picks (a frame asks "
         "many times; the pointer goes back and forth)"),
    Spec("ui-move-threats", DECISION, 256,
         "window: the enemies shown that could see or shoot the deciding unit at a move's end"),
    Spec("ui-ally-risks", DECISION, 256, "window: the allies an attack with its picks can hurt"),
)


class Table:
    """Answers kept by key, at most `spec.bound` of them, with hit and miss counts."""

    __slots__ = ("spec", "bound", "answers", "hits", "misses")

    def __init__(self, spec: Spec, cells: int | None = None) -> None:
        self.spec = spec
        self.bound = spec.bound_for(cells)
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
            if len(answers) >= self.bound:
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
    """The tables of one owner (a decision, a battle, a map), made on first use.
    `cells`: a map's number of tiles (its tables of grids are bounded by it)."""

    __slots__ = ("owner", "cells", "tables")

    def __init__(self, owner: str, cells: int | None = None) -> None:
        assert owner in OWNERS
        self.owner = owner
        self.cells = cells
        self.tables: dict[str, Table] = {}

    def table(self, name: str) -> Table:
        table = self.tables.get(name)
        if table is None:
            spec = CATALOGUE[name]  # a KeyError here: declare the table in the catalogue
            if spec.owner != self.owner:
                raise ValueError(f"table {name!r} belongs to a {spec.owner}, not a {self.owner}")
            table = self.tables[name] = Table(spec, self.cells)
        return table

    def get(self, name: str, key: Any, compute: Callable[[], T]) -> T:
        table = self.tables.get(name)  # the made table at hand: one call less on the hot path
        return (table if table is not None else self.table(name)).get(key, compute)

    def clear(self) -> None:
        """Forget every answer (the owner's state changed, or it is finished)."""
        for table in self.tables.values():
            table.clear()

    def stats(self) -> list[tuple[str, int, int, int]]:
        """(name, answers held, hits, misses) of every table used, by name."""
        return [(t.spec.name, len(t), t.hits, t.misses) for _, t in sorted(self.tables.items())]


#: The data's own tables, kept for the process like the data they come from.
DATA_STORE = Store(DATA)


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
