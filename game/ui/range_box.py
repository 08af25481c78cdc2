"""The selected attack's range drawn on the map (issue 30 item 8): the weapon's first
range band and its maximum around where the unit acts from, each labelled, clipped to
the map, and following the map's own grid (diamonds on an isometric map).

Range is counted in tiles as the rulesets count it (the larger of the two axes'
distances: a square of tiles). A side of that square that lies past the map's edge is
no limit a player meets, so it is not drawn; a side inside the map is drawn from the
map's edge to the map's edge at most (the old boxes ran across the empty space around
the map).
"""
from __future__ import annotations

from typing import Callable

import pygame

from game.ui import theme

Point = tuple[float, float]


def sides(here: tuple[int, int], reach: int, width: int, height: int) -> list[tuple[str, Point, Point]]:
    """(name, a, b) for each side of the square of tiles within `reach` of `here` that
    lies inside a `width` x `height` map: a and b are tile-corner points (the corner
    (x, y) is tile (x, y)'s top-left), cut to the map."""
    x0, y0 = here[0] - reach, here[1] - reach
    x1, y1 = here[0] + reach + 1, here[1] + reach + 1          # past the last tile in reach
    cx0, cy0, cx1, cy1 = max(0, x0), max(0, y0), min(width, x1), min(height, y1)
    out = []
    if y0 > 0:
        out.append(("top", (cx0, y0), (cx1, y0)))
    if x1 < width:
        out.append(("right", (x1, cy0), (x1, cy1)))
    if y1 < height:
        out.append(("bottom", (cx0, y1), (cx1, y1)))
    if x0 > 0:
        out.append(("left", (x0, cy0), (x0, cy1)))
    return out


def draw(surface: pygame.Surface, to_screen: Callable[[float, float], Point], here, reach: int,
         width: int, height: int, label: str, colour, dashed: bool, dashed_line,
         within: pygame.Rect | None = None) -> pygame.Rect | None:
    """Draw one range's sides through `to_screen` (a tile-corner point to the screen:
    the camera after the map's projection) and its label at the middle of its first
    side, kept inside `within` (the board); returns the label's box (None when no side
    is inside the map)."""
    found = sides(here, reach, width, height)
    for _, a, b in found:
        pa, pb = to_screen(*a), to_screen(*b)
        if dashed:
            dashed_line(surface, colour, [pa, pb], 2)
        else:
            pygame.draw.line(surface, colour, pa, pb, 1)
    if not found:
        return None
    _, a, b = found[0]
    mid = to_screen((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    img = theme.text(label, 12, (0, 0, 0), bold=True)
    box = img.get_rect(center=(round(mid[0]), round(mid[1]))).inflate(8, 2)
    if within is not None:
        box = box.clamp(within)
    pygame.draw.rect(surface, colour, box, border_radius=4)
    surface.blit(img, img.get_rect(center=box.center))
    return box
