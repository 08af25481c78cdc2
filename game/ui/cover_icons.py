"""Cover shown as icons on the tiles a move can reach, as XCOM does (issue 30 item 7).

The preview's text said "cover: none" beside a rock: it read the tile's own cover,
while the world's line of fire (`game.world.sight.line_of_fire`) lets a shot be
shielded by the target's tile *or the last tile the line crosses before it*, the tile
next to the target on the shooter's side. So cover depends on where the shot comes
from. Each reachable tile gets:

- in its middle, the cover of the tile itself (it shields from every side);
- on each of its four edges, a mark where the neighbour on that side gives more: a
  shot from that side crosses the neighbour last. A wall that blocks sight there
  (no line of fire through it) is marked as full.

Marks: a half shield for light cover, a whole shield for heavy cover (and a wall),
a ring of dots for concealment; each a white shape on a dark outline, so it reads on
every floor and in the colour-blind palette (shape, not colour). What a mark is worth
is the ruleset's: d20 maps light and heavy to its cover bonuses, mahou to a bonus to
the defences, fate to partial and total cover. Elevation's "high ground ignores
cover" is not drawn (it depends on the shooter's tile); the odds panel has it.
A shot on a diagonal crosses the diagonal neighbour last; the four edges are XCOM's
reading and the one a glance needs.
"""
from __future__ import annotations

import math

import numpy as np
import pygame

from game.world.tactical_map import Cover, TacticalMap

SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))
WALL = int(Cover.HEAVY)   # a wall that stops the line is worth full cover on its side
OUTLINE = (12, 14, 20)
FILL = (236, 240, 248)


def tile_covers(tmap: TacticalMap) -> np.ndarray:
    """Each tile's worth as a shield: its cover kind, a sight-blocking wall as heavy."""
    cover = tmap.cover.astype(np.int16)
    wall = tmap.blocks_sight & ~tmap.walkable & (tmap.cover == Cover.NONE)
    return np.where(wall, WALL, cover)


def marks(tmap: TacticalMap, tiles) -> list[tuple[tuple[int, int], tuple[int, int] | None, int]]:
    """(tile, side or None for the tile itself, cover kind) for each mark on `tiles`."""
    worth = tile_covers(tmap)
    own_cover = tmap.cover
    out = []
    for x, y in sorted(tiles):
        own = int(own_cover[x, y])
        if own:
            out.append(((x, y), None, own))
        for dx, dy in SIDES:
            nx, ny = x + dx, y + dy
            if 0 <= nx < tmap.width and 0 <= ny < tmap.height and int(worth[nx, ny]) > own:
                out.append(((x, y), (dx, dy), int(worth[nx, ny])))
    return out


SIDE_NAMES = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}


def describe(tmap: TacticalMap, tile: tuple[int, int]) -> str:
    """The marks of one tile in words, for the move preview: "light; heavy from the
    north" (the text once read only the tile's own cover: "none" beside a rock)."""
    found = marks(tmap, [tile])
    own = next((Cover(k).name.lower() for _, side, k in found if side is None), "none")
    sides: dict[int, list[str]] = {}
    for _, side, k in found:
        if side is not None:
            sides.setdefault(k, []).append(SIDE_NAMES[side])
    parts = [f"{Cover(k).name.lower()} from the {' and '.join(names)}"
             for k, names in sorted(sides.items(), reverse=True)]
    return "; ".join([own] + parts) if parts else own


def _shield(size: int, kind: int) -> pygame.Surface:
    """One mark, `size` pixels tall: a whole or half shield, or a ring of dots."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    w, h = size, size
    if kind == Cover.CONCEALMENT:
        r = max(1, size // 7)
        for i in range(6):
            a = i * math.pi / 3
            c = (w / 2 + (w / 2 - r - 1) * math.cos(a), h / 2 + (h / 2 - r - 1) * math.sin(a))
            pygame.draw.circle(s, OUTLINE, c, r + 1)
            pygame.draw.circle(s, FILL, c, r)
        return s
    # a shield's outline; heavy cover fills it whole, light cover its lower half only
    # (XCOM's full and half shields): the shape tells them apart, not a colour
    pts = [(1, 1), (w - 2, 1), (w - 2, h * 0.55), (w / 2, h - 1), (1, h * 0.55)]
    if kind >= Cover.HEAVY:
        pygame.draw.polygon(s, FILL, pts)
    else:
        lower = [(1, h * 0.45), (w - 2, h * 0.45), (w - 2, h * 0.55), (w / 2, h - 1), (1, h * 0.55)]
        pygame.draw.polygon(s, (20, 22, 30, 150), pts)
        pygame.draw.polygon(s, FILL, lower)
    pygame.draw.polygon(s, OUTLINE, pts, 2)
    return s


def draw(surface: pygame.Surface, tmap: TacticalMap, found, point) -> None:
    """Draw `found` (from `marks`) on the map's own picture. `point(x, y)`: a fractional
    tile point's pixel there (a square board's tile size, an isometric board's
    projection)."""
    size = max(8, int(min(tmap.tile_width, tmap.tile_height) * 0.4))
    icons = {k: _shield(size, k) for k in (1, 2, 3)}
    for (x, y), side, kind in found:
        dx, dy = side or (0, 0)
        # a side's mark sits just inside that edge, the tile's own in its middle
        px, py = point(x + 0.5 + 0.3 * dx, y + 0.5 + 0.3 * dy)
        img = icons[min(kind, 3)]
        surface.blit(img, img.get_rect(center=(round(px), round(py))))
