"""The playable map: numpy grids the rules read, plus what the window draws.

Every grid is indexed ``[x, y]`` (shape ``(width, height)``), so a position tuple
``(x, y)`` indexes it directly. Nothing here imports pytmx or pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import IntEnum
from pathlib import Path
from typing import Any

import numpy as np

from game.kept import MAP, Store


class Cover(IntEnum):
    """Physical cover kinds a tile can hold; each ruleset maps them to its own rules."""

    NONE = 0
    CONCEALMENT = 1
    LIGHT = 2
    HEAVY = 3

    @classmethod
    def parse(cls, text: str) -> "Cover":
        return cls[text.strip().upper()]


@dataclass(frozen=True)
class Spawn:
    """A starting point for one unit: tile, team, and optionally its archetype."""

    x: int
    y: int
    team: int
    archetype: str | None = None
    #: The rulesets whose battles deploy here (the spawn property ``rulesets``); empty:
    #: every ruleset's, unless its side has spawns of that ruleset's own (`own_spawns`).
    rulesets: tuple[str, ...] = ()


@dataclass(frozen=True)
class TileImage:
    """Where one tile's picture lives: a PNG and the rectangle inside it."""

    image: Path
    rect: tuple[int, int, int, int]
    flip_h: bool = False
    flip_v: bool = False
    flip_d: bool = False
    offset: tuple[int, int] = (0, 0)  # the tileset's <tileoffset>, pixels
    trans: str | None = None  # a colour drawn transparent ("ff00ff"), as Tiled's tileset says


@dataclass(frozen=True)
class RenderLayer:
    """One visible tile layer, in file order; ``gids[x, y]`` 0 means empty."""

    name: str
    gids: np.ndarray
    opacity: float = 1.0
    offset: tuple[int, int] = (0, 0)


@dataclass(eq=False)
class TacticalMap:
    """A map as the rules see it (grids) and as the window draws it (layers)."""

    path: Path
    name: str
    width: int
    height: int
    tile_width: int
    tile_height: int
    feet_per_tile: int
    walkable: np.ndarray  # bool
    move_cost: np.ndarray  # int16, >= 1 where walkable
    blocks_sight: np.ndarray  # bool
    cover: np.ndarray  # int8 of Cover
    elevation: np.ndarray  # int16
    spawns: tuple[Spawn, ...]
    render_layers: tuple[RenderLayer, ...] = ()
    tiles: dict[int, TileImage] = field(default_factory=dict)
    properties: dict[str, object] = field(default_factory=dict)
    orientation: str = "orthogonal"  # or "isometric": the same grid, drawn as diamonds
    layer_names: tuple[str, ...] = ()  # every tile layer, file order (hidden ones too)
    object_layers: tuple[str, ...] = ()
    tilesets: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()  # what the loader repaired or inferred, for check-map
    deployed: bool = False  # spawns were placed by the game (the map has no 'spawns' layer)
    #: The map's mission (game.world.scenario.Scenario), None for a plain battle.
    scenario: Any = None
    #: Answers from the terrain alone (sight, walking distances), kept with the map
    #: and freed with it (game.kept): the terrain never changes in play.
    kept: Store = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Tables of grids hold fewer grids on a bigger map (game.kept.Spec.grids).
        self.kept = Store(MAP, cells=self.width * self.height)

    @property
    def shape(self) -> tuple[int, int]:
        return (self.width, self.height)

    def in_bounds(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def teams(self) -> list[int]:
        return sorted({s.team for s in self.spawns})

    def for_ruleset(self, ruleset: str) -> "TacticalMap":
        """The map as a battle in `ruleset` deploys on it (maps/README.md "A deployment
        of a ruleset's own"): a side with spawns naming the ruleset stands there, every
        other side on its plain spawns, and its scenario keeps the VIP marks on those
        spawns alone (a VIP is the unit on its spawn). A map without such spawns is
        itself; another is a copy that shares the terrain's kept answers (the terrain is
        the same)."""
        spawns = own_spawns(self.spawns, ruleset)
        if spawns == self.spawns:
            return self
        copy = replace(self, spawns=spawns)
        copy.kept = self.kept
        if self.scenario is not None:
            elsewhere = {(s.x, s.y) for s in self.spawns} - {(s.x, s.y) for s in spawns}
            copy.scenario = self.scenario.without_vips_on(elsewhere)
        return copy


def own_spawns(spawns: tuple[Spawn, ...], ruleset: str) -> tuple[Spawn, ...]:
    """The spawns a battle in `ruleset` deploys on: each side's spawns naming the ruleset
    where it has any, else its plain ones (those naming no ruleset)."""
    own = {s.team for s in spawns if ruleset in s.rulesets}

    def deploys(spawn: Spawn) -> bool:
        return ruleset in spawn.rulesets if spawn.team in own else not spawn.rulesets
    return tuple(s for s in spawns if deploys(s))
