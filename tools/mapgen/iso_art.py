"""The isometric tileset, made from the square one (a build tool, never imported by the game).

Every terrain tile of ``make_assets.TERRAIN`` gets an isometric picture of 64x64 px
for a 64x32 grid: the square art turned 45 degrees and squashed to the 2:1 diamond at
the picture's foot (Tiled draws a picture with its bottom-left corner on the
diamond's left corner and its foot on the diamond's bottom). A tile that stands up
(a wall, a crate, a tree) is a block: its art on a top face raised by its height,
with two shaded faces below, so a player reads what blocks sight by its height.
Same ids and rule properties as the square tileset, so one legend serves both.
"""

from __future__ import annotations

import numpy as np
import pygame

TW, TH = 64, 32          # the grid's diamond
PICTURE = (64, 64)       # room above the diamond for the tallest block

# How high a tile stands, in px above its diamond: sight blockers stand tall, cover
# waist-high, concealment low. Tiles not named lie flat.
HEIGHTS = {
    "wall": 28, "pillar": 30, "cliff": 22, "hedge": 18, "tree": 30,
    "crate": 12, "boxes": 14, "low_wall": 8, "sandbags": 8, "barrier": 10,
    "rock": 12, "window": 28, "platform1": 6, "platform2": 12,
}


def diamond(size=(TW, TH)) -> list[tuple[float, float]]:
    w, h = size
    return [(w / 2, 0), (w, h / 2), (w / 2, h), (0, h / 2)]


def flat(square: pygame.Surface) -> pygame.Surface:
    """The square art as a TW x TH diamond: x runs down to the right, y down to the left."""
    turned = pygame.transform.rotozoom(square, -45, 1.0)
    face = pygame.transform.smoothscale(turned, (TW, TH))
    # cut exactly to the diamond (the turn leaves soft corners)
    mask = pygame.Surface((TW, TH), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), diamond())
    out = pygame.Surface((TW, TH), pygame.SRCALPHA)
    out.blit(face, (0, 0))
    alpha = pygame.surfarray.pixels_alpha(out)
    alpha[:] = np.minimum(alpha, pygame.surfarray.array_alpha(mask))
    del alpha
    return out


def _mean_colour(square: pygame.Surface) -> tuple[int, int, int]:
    rgb = pygame.surfarray.array3d(square).reshape(-1, 3)
    return tuple(int(v) for v in rgb.mean(axis=0))


def picture(key: str, square: pygame.Surface) -> pygame.Surface:
    """The 64x64 isometric picture of one square tile."""
    out = pygame.Surface(PICTURE, pygame.SRCALPHA)
    top = flat(square)
    foot = PICTURE[1] - TH       # the diamond's top corner when the tile lies flat
    rise = HEIGHTS.get(key, 0)
    if rise:
        r, g, b = _mean_colour(square)
        left = (int(r * 0.62), int(g * 0.62), int(b * 0.62))
        right = (int(r * 0.45), int(g * 0.45), int(b * 0.45))
        y0 = foot - rise
        # the two faces a viewer sees: from the left and bottom corners up to the top face
        pygame.draw.polygon(out, left, [(0, y0 + TH / 2), (TW / 2, y0 + TH), (TW / 2, foot + TH), (0, foot + TH / 2)])
        pygame.draw.polygon(out, right, [(TW / 2, y0 + TH), (TW, y0 + TH / 2), (TW, foot + TH / 2), (TW / 2, foot + TH)])
        pygame.draw.line(out, (20, 20, 20), (TW / 2, y0 + TH), (TW / 2, foot + TH - 1))
        out.blit(top, (0, y0))
        pygame.draw.polygon(out, (20, 20, 20), [(x, y + y0) for x, y in diamond()], 1)
    else:
        out.blit(top, (0, foot))
    return out
