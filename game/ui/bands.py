"""A move band's look: the dark stroke under every band's edge and the pattern each band
past the first carries, so reach reads by shape and not by a tint alone (issue 30: a
yellow tint vanished on The Pit's sand). Square boards (board.py) and isometric ones
(iso_overlays.py) draw the same marks."""

from __future__ import annotations

import pygame

from game.ui import theme

EDGE_SHADOW = (0, 0, 0)   # the dark stroke under every move band's edge


def band_pattern(band: int, tw: int, th: int) -> pygame.Surface | None:
    """A move band's mark on each of its tiles: none for the first (its tint and edge
    say it), then a diagonal hatch, dots, a cross-hatch. Drawn light on a dark shadow
    so it reads on light and dark floors alike. Made anew each time: a few lines on a
    tile-sized picture, once a band when the overlay changes (once a decision), so no
    table outlives a board (the module-level one this replaced had no owner)."""
    if band <= 0:
        return None
    surf = pygame.Surface((tw, th), pygame.SRCALPHA)
    light = (*theme.MOVE_EDGES[min(band, len(theme.MOVE_EDGES) - 1)], 200)
    dark = (*EDGE_SHADOW, 110)
    step = max(8, tw // 3)

    def diagonals(sign: int) -> list:
        out = []
        for k in range(-th, tw + th, step):
            a, b = (k, 0), (k + sign * th, th)
            out.append((a, b))
        return out
    if band == 1 or band >= 3:
        lines = diagonals(1) + (diagonals(-1) if band >= 3 else [])
        for colour, width in ((dark, 2), (light, 1)):
            for a, b in lines:
                pygame.draw.line(surf, colour, a, b, width)
    else:   # band 2: dots
        for y in range(step // 2, th, step):
            for x in range(step // 2 + (step // 2 if (y // step) % 2 else 0), tw, step):
                pygame.draw.circle(surf, dark, (x, y), 2)
                pygame.draw.circle(surf, light, (x, y), 1)
    return surf
