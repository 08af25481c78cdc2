"""Rules for maps made without the game's tile properties, from conventions real maps use.

Only a map that sets **none** of the game's rule properties (walkable, move_cost,
blocks_sight, cover, elevation) on any tile is inferred: a map that sets some is
taken to say what it means, and a half-guessed map would be harder to fix.

- **Solid tiles** (walls): a tile with collision shapes (Tiled's per-tile object
  group, the collision editor), or a true boolean property named collides,
  collision, solid, blocked or wall. Every cell of a tile layer whose name says
  collision, wall(s), obstacle(s), blocked, blocking or solid is solid too.
  A solid cell is not walkable and blocks sight: collision in a real map marks what
  stands up from the ground (walls, trees, rocks, houses) far more often than what
  lies flat, and the game keeps walkable cells see-through.
- **Cover**: a tile whose type (class) names a cover kind: concealment, light,
  heavy, or those with "cover" (``heavy_cover``, ``Light Cover``); ``cover`` alone
  is light cover. Otherwise there is no cover.
"""

from __future__ import annotations

import re

from game.world.tactical_map import Cover
from game.world.tile_rules import TileRule

SOLID_LAYER_WORDS = frozenset(
    "collision collisions collide collides wall walls obstacle obstacles blocked blocking solid solids".split()
)
SOLID = TileRule(walkable=False, blocks_sight=True)


def layer_is_solid(name: str) -> bool:
    """True when a tile layer's own name (not its groups') marks every painted cell solid."""
    words = re.split(r"[^a-z0-9]+", name.rsplit("/", 1)[-1].lower())
    return any(w in SOLID_LAYER_WORDS for w in words)


def cover_of_kind(kind: str) -> Cover | None:
    words = [w for w in re.split(r"[^a-z]+", kind.lower()) if w]
    if words == ["cover"]:
        return Cover.LIGHT
    rest = [w for w in words if w != "cover"]
    if len(rest) == 1 and rest[0] in ("concealment", "light", "heavy"):
        return Cover.parse(rest[0])
    return None


def infer_tile_rule(info) -> tuple[TileRule | None, str]:
    """The rule a tile's conventions give (or None), and the reason in a few words."""
    if info.collision:
        return SOLID, "collision shapes"
    if info.solid_flags:
        return SOLID, f"property {info.solid_flags[0]}"
    cover = cover_of_kind(info.kind)
    if cover is not None:
        return TileRule(cover=cover), f"type {info.kind!r}"
    return None, ""
