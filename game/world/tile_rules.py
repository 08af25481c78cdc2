"""Tile properties the rules read, validated, and combined across a cell's tile layers.

A tile may set any of: ``walkable`` (bool, default true), ``move_cost`` (int >= 1,
default 1), ``blocks_sight`` (bool, default false), ``cover`` (none | concealment |
light | heavy, default none), ``elevation`` (int, default 0). A property a tile does
not set leaves the cell as the layers below made it (see :func:`combine_layers`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.world.tactical_map import Cover

COVER_NAMES = tuple(c.name.lower() for c in Cover)
# Ranges every ruleset's arithmetic is safe in (the grids are int16); far beyond any real map.
MAX_MOVE_COST = 100
MAX_ELEVATION = 100


@dataclass(frozen=True)
class TileRule:
    """What one tile says about its cell; ``None`` means the tile does not set it."""

    walkable: bool | None = None
    move_cost: int | None = None
    blocks_sight: bool | None = None
    cover: Cover | None = None
    elevation: int | None = None


def _show(value) -> str:
    """A property value for a message, cut short: a map may hold a megabyte in one."""
    text = repr(value)
    return text if len(text) <= 42 else text[:40] + "..."


class RuleProblem(ValueError):
    """A tile property with a value the game cannot use; the message is one clause."""


def parse_rule(props: dict) -> TileRule:
    """Read the five rule properties from a tile's property dict (pytmx-typed or strings)."""
    return TileRule(
        walkable=_bool(props, "walkable"),
        move_cost=_int(props, "move_cost", minimum=1, maximum=MAX_MOVE_COST),
        blocks_sight=_bool(props, "blocks_sight"),
        cover=_cover(props),
        elevation=_int(props, "elevation", minimum=-MAX_ELEVATION, maximum=MAX_ELEVATION),
    )


def _bool(props, key) -> bool | None:
    value = props.get(key)
    if value is None or isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "false"):
        return text == "true"
    raise RuleProblem(f"{key} is {_show(value)}; it must be true or false")


def _int(props, key, minimum=None, maximum=None) -> int | None:
    value = props.get(key)
    if value is None:
        return None
    # bool is an int in Python; a tick box is not a number here.
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    else:
        try:
            text = str(value).strip()
            number = int(text) if len(text) < 20 else int("too long")
        except ValueError:
            raise RuleProblem(f"{key} is {_show(value)}; it must be a whole number") from None
    if minimum is not None and number < minimum:
        raise RuleProblem(f"{key} is {number}; it must be at least {minimum}")
    if maximum is not None and number > maximum:
        raise RuleProblem(f"{key} is {number}; it must be at most {maximum}")
    return number


def _cover(props) -> Cover | None:
    value = props.get("cover")
    if value is None:
        return None
    text = str(value).strip().lower()
    if text not in COVER_NAMES:
        raise RuleProblem(f"cover is {_show(value)}; it must be one of {', '.join(COVER_NAMES)}")
    return Cover.parse(text)


@dataclass(frozen=True)
class RuleTables:
    """Per-gid lookup arrays, so combining a layer is a handful of numpy gathers."""

    walk_off: np.ndarray  # bool: the tile sets walkable=false
    cost_set: np.ndarray  # bool
    cost: np.ndarray  # int16
    sight_off: np.ndarray  # bool: the tile sets blocks_sight=true
    cover: np.ndarray  # int8, 0 where unset (max is the combination)
    elev_set: np.ndarray  # bool
    elev: np.ndarray  # int16

    @classmethod
    def build(cls, rules: dict[int, TileRule], size: int) -> "RuleTables":
        t = cls(
            walk_off=np.zeros(size, bool),
            cost_set=np.zeros(size, bool),
            cost=np.ones(size, np.int16),
            sight_off=np.zeros(size, bool),
            cover=np.zeros(size, np.int8),
            elev_set=np.zeros(size, bool),
            elev=np.zeros(size, np.int16),
        )
        for gid, rule in rules.items():
            t.walk_off[gid] = rule.walkable is False
            t.sight_off[gid] = bool(rule.blocks_sight)
            t.cover[gid] = int(rule.cover or Cover.NONE)
            if rule.move_cost is not None:
                t.cost_set[gid], t.cost[gid] = True, rule.move_cost
            if rule.elevation is not None:
                t.elev_set[gid], t.elev[gid] = True, rule.elevation
        return t


def combine_layers(layers: list[np.ndarray], tables: RuleTables) -> dict[str, np.ndarray]:
    """Combine every tile layer's gids (file order, each ``[x, y]``) into the rule grids.

    Walkable is false if any tile says so (a bridge must replace the water tile, not
    cover it); cover is the highest any tile gives; sight is blocked if any tile blocks
    it; move cost and elevation come from the topmost tile that sets them. A cell no
    layer paints is void: not walkable.
    """
    shape = layers[0].shape
    painted = np.zeros(shape, bool)
    walkable = np.ones(shape, bool)
    blocks = np.zeros(shape, bool)
    cover = np.zeros(shape, np.int8)
    cost = np.ones(shape, np.int16)
    elevation = np.zeros(shape, np.int16)
    for gids in layers:
        painted |= gids != 0
        walkable &= ~tables.walk_off[gids]
        blocks |= tables.sight_off[gids]
        np.maximum(cover, tables.cover[gids], out=cover)
        sets = tables.cost_set[gids]
        cost[sets] = tables.cost[gids][sets]
        sets = tables.elev_set[gids]
        elevation[sets] = tables.elev[gids][sets]
    walkable &= painted
    return {
        "walkable": walkable,
        "move_cost": cost,
        "blocks_sight": blocks,
        "cover": cover,
        "elevation": elevation,
    }
