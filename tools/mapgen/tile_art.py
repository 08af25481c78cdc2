"""Pixel art for the generated tilesets (a build tool: pygame-ce + numpy, never imported by the game).

Each painter draws one 32x32 tile on a Surface. Colours are chosen so the kinds
read apart at a glance: greens are open ground, browns slow you down, greys and
tans stop you, and brighter ground stands higher.
"""

from __future__ import annotations

import numpy as np
import pygame

T = 32


def _noise(surface, base, spread, seed, grain=1):
    """Fill with a mottled colour: base +- spread per channel, deterministic."""
    rng = np.random.default_rng(seed)
    cells = rng.integers(-spread, spread + 1, size=(T // grain, T // grain, 1))
    cells = np.repeat(np.repeat(cells, grain, 0), grain, 1)
    rgb = np.clip(np.array(base)[None, None, :] + cells, 0, 255).astype(np.uint8)
    pygame.surfarray.blit_array(surface, rgb)


def _dots(surface, colour, count, seed, size=1):
    rng = np.random.default_rng(seed)
    for x, y in rng.integers(1, T - 1 - size, size=(count, 2)):
        pygame.draw.rect(surface, colour, (int(x), int(y), size, size))


def floor(s, seed=1):
    _noise(s, (150, 150, 145), 6, seed)
    for i in range(0, T, 16):
        pygame.draw.line(s, (125, 125, 120), (i, 0), (i, T))
        pygame.draw.line(s, (125, 125, 120), (0, i), (T, i))


def dark_floor(s):
    _noise(s, (96, 92, 86), 5, 2)
    for y in range(0, T, 8):
        pygame.draw.line(s, (80, 76, 70), (0, y), (T, y))


def grass(s, seed=3, base=(78, 140, 62)):
    _noise(s, base, 10, seed, grain=2)
    _dots(s, (base[0] - 25, base[1] - 35, base[2] - 20), 18, seed + 1)
    _dots(s, (base[0] + 30, base[1] + 30, base[2] + 10), 10, seed + 2)


def tall_grass(s):
    grass(s, 4, (64, 118, 50))
    rng = np.random.default_rng(5)
    for x, y in rng.integers(2, 30, size=(26, 2)):
        h = int(rng.integers(6, 11))
        colour = (42, 96, 36) if (x + y) % 2 else (110, 160, 70)
        pygame.draw.line(s, colour, (int(x), int(y)), (int(x) + int(rng.integers(-2, 3)), int(y) - h), 2)


def bush(s):
    grass(s, 6)
    for (cx, cy, r, c) in ((11, 13, 9, (34, 92, 40)), (21, 12, 8, (40, 104, 44)),
                           (16, 21, 10, (30, 84, 36)), (15, 14, 5, (70, 140, 66))):
        pygame.draw.circle(s, c, (cx, cy), r)
    _dots(s, (160, 40, 50), 5, 7, 2)  # berries, so a bush is not a tree


def wall(s):
    s.fill((70, 62, 58))
    for row in range(4):
        y = row * 8
        shift = 8 if row % 2 else 0
        for x in range(-shift, T, 16):
            pygame.draw.rect(s, (128, 74, 58), (x + 1, y + 1, 14, 6))
            pygame.draw.line(s, (150, 92, 72), (x + 1, y + 1), (x + 14, y + 1))


def crate(s):
    floor(s, 8)
    pygame.draw.rect(s, (150, 100, 48), (4, 4, 24, 24))
    pygame.draw.rect(s, (96, 60, 26), (4, 4, 24, 24), 2)
    pygame.draw.line(s, (96, 60, 26), (5, 5), (26, 26), 2)
    pygame.draw.line(s, (96, 60, 26), (26, 5), (5, 26), 2)


def low_wall(s):
    floor(s, 9)
    pygame.draw.rect(s, (60, 60, 60), (0, 12, T, 12))
    pygame.draw.rect(s, (140, 138, 130), (0, 10, T, 10))
    for x in range(0, T, 8):
        pygame.draw.line(s, (110, 108, 100), (x, 10), (x, 19))


def sandbags(s):
    grass(s, 10, (120, 110, 80))
    for row, y in enumerate((6, 13, 20)):
        for x in range(-6 if row % 2 else 0, T, 12):
            pygame.draw.ellipse(s, (196, 176, 120), (x + 1, y, 11, 8))
            pygame.draw.ellipse(s, (140, 122, 78), (x + 1, y, 11, 8), 1)


def barrier(s):
    floor(s, 11)
    pygame.draw.polygon(s, (90, 90, 92), [(2, 26), (30, 26), (26, 8), (6, 8)])
    pygame.draw.rect(s, (190, 190, 186), (6, 6, 20, 6))
    pygame.draw.line(s, (220, 60, 40), (4, 20), (28, 20), 3)  # painted stripe: heavy


def door(s):
    floor(s, 12)
    pygame.draw.rect(s, (70, 62, 58), (0, 0, 4, T))
    pygame.draw.rect(s, (70, 62, 58), (T - 4, 0, 4, T))
    pygame.draw.rect(s, (130, 82, 40), (4, 2, 7, 28))  # the leaf, swung open
    pygame.draw.rect(s, (90, 54, 24), (4, 2, 7, 28), 1)
    pygame.draw.circle(s, (220, 200, 90), (9, 16), 1)


def boxes(s):
    floor(s, 13)
    for (x, y, w, h) in ((3, 4, 13, 11), (16, 6, 13, 10), (6, 16, 12, 12), (19, 18, 10, 10)):
        pygame.draw.rect(s, (190, 160, 110), (x, y, w, h))
        pygame.draw.rect(s, (140, 110, 70), (x, y, w, h), 1)
        pygame.draw.line(s, (220, 200, 150), (x + w // 2, y), (x + w // 2, y + h - 1))


def water(s):
    _noise(s, (44, 96, 170), 8, 14, grain=4)
    for y in (6, 15, 24):
        for x in range(0, T, 12):
            pygame.draw.arc(s, (150, 200, 240), (x + (y % 6), y, 10, 6), 0.3, 2.8, 1)


def rough(s):
    _noise(s, (120, 92, 62), 14, 15, grain=2)
    rng = np.random.default_rng(16)
    for x, y in rng.integers(2, 28, size=(9, 2)):
        r = int(rng.integers(2, 4))
        pygame.draw.circle(s, (84, 72, 62), (int(x), int(y)), r)
        pygame.draw.circle(s, (150, 136, 120), (int(x) - 1, int(y) - 1), max(1, r - 2))


def _raised(s, base, level, seed):
    _noise(s, base, 5, seed)
    edge = tuple(max(0, c - 40) for c in base)
    pygame.draw.rect(s, edge, (0, 0, T, T), 2)
    for i in range(level):  # one notch per level, so 1 and 2 read apart
        pygame.draw.rect(s, (250, 250, 240), (3 + i * 5, 3, 3, 3))


def platform1(s):
    _raised(s, (176, 170, 150), 1, 17)


def platform2(s):
    _raised(s, (206, 200, 178), 2, 18)


def hill1(s):
    grass(s, 19, (112, 160, 74))
    pygame.draw.arc(s, (160, 200, 110), (-8, 4, 48, 40), 0.4, 2.7, 1)


def hill2(s):
    grass(s, 20, (150, 182, 92))
    pygame.draw.arc(s, (200, 220, 140), (-8, 4, 48, 40), 0.4, 2.7, 1)
    pygame.draw.arc(s, (200, 220, 140), (0, 12, 32, 28), 0.4, 2.7, 1)


def stairs(s):
    """Steps climbing east (brighter = higher); flip flags turn it for other sides."""
    s.fill((120, 116, 104))
    for i, x in enumerate(range(0, T, 6)):
        shade = 130 + i * 14
        pygame.draw.rect(s, (shade, shade - 4, shade - 16), (x, 0, 5, T))


def ramp(s):
    """A dirt ramp climbing east."""
    _noise(s, (150, 120, 80), 8, 21, grain=2)
    for x in range(4, T, 8):
        pygame.draw.line(s, (176, 146, 100), (x, 4), (x, T - 5))
    pygame.draw.polygon(s, (200, 176, 130), [(30, 16), (23, 10), (23, 22)])  # points uphill


def tree(s):
    grass(s, 22)
    pygame.draw.circle(s, (24, 70, 32), (16, 16), 15)
    pygame.draw.circle(s, (40, 100, 44), (14, 13), 10)
    pygame.draw.circle(s, (66, 130, 60), (12, 11), 4)
    pygame.draw.circle(s, (96, 64, 36), (16, 16), 3)  # the trunk is the cover


def dirt(s):
    _noise(s, (160, 130, 92), 8, 23, grain=2)
    _dots(s, (130, 104, 72), 12, 24)


def rock(s):
    grass(s, 25)
    pygame.draw.polygon(s, (100, 100, 104), [(4, 24), (8, 8), (20, 4), (29, 14), (26, 28), (10, 29)])
    pygame.draw.polygon(s, (150, 150, 156), [(9, 10), (19, 6), (24, 13), (14, 16)])


def window(s):
    wall(s)
    pygame.draw.rect(s, (40, 40, 44), (0, 11, T, 10))
    pygame.draw.rect(s, (150, 200, 230), (2, 13, T - 4, 6))
    pygame.draw.line(s, (230, 245, 255), (4, 14), (12, 14))


def sand(s):
    _noise(s, (206, 186, 140), 8, 26, grain=2)
    _dots(s, (180, 160, 116), 10, 27)


def pillar(s):
    sand(s)
    pygame.draw.circle(s, (60, 58, 56), (17, 17), 13)
    pygame.draw.circle(s, (170, 164, 156), (16, 16), 12)
    pygame.draw.circle(s, (200, 196, 188), (13, 13), 5)


def cliff(s):
    _noise(s, (92, 84, 76), 10, 28, grain=4)
    for y in range(3, T, 7):
        pygame.draw.line(s, (58, 52, 48), (0, y), (T, y + 3), 2)


def hedge(s):
    s.fill((28, 74, 34))
    rng = np.random.default_rng(29)
    for x, y in rng.integers(0, T, size=(40, 2)):
        pygame.draw.circle(s, (44 + int(x) % 20, 104, 46), (int(x), int(y)), 3)


def ford(s):
    water(s)
    rng = np.random.default_rng(30)
    for x, y in rng.integers(3, 29, size=(10, 2)):
        pygame.draw.circle(s, (130, 124, 110), (int(x), int(y)), 2)


def bridge(s):
    water(s)
    for y in range(0, T, 5):
        pygame.draw.rect(s, (150, 104, 60), (2, y, T - 4, 4))
        pygame.draw.line(s, (110, 74, 40), (2, y + 3), (T - 3, y + 3))


def brambles(s):
    grass(s, 31, (96, 120, 60))
    for x in range(2, T, 6):
        pygame.draw.lines(s, (90, 60, 40), False, [(x, 30), (x + 3, 20), (x - 1, 10), (x + 2, 2)], 1)


def arena_line(s):
    """Directional on purpose: the map mirrors it with Tiled's flip flags."""
    sand(s)
    pygame.draw.rect(s, (240, 240, 232), (0, 0, 4, T))
    pygame.draw.polygon(s, (200, 60, 50), [(6, 12), (12, 16), (6, 20)])


# --- the embedded second tileset ("props") -------------------------------------

def barrel(s):
    s.fill((0, 0, 0, 0))
    pygame.draw.circle(s, (60, 90, 120), (16, 16), 11)
    pygame.draw.circle(s, (90, 130, 170), (16, 16), 8, 2)
    pygame.draw.circle(s, (40, 60, 80), (16, 16), 11, 1)


def wreck_front(s):
    s.fill((0, 0, 0, 0))
    pygame.draw.rect(s, (120, 40, 36), (4, 4, 28, 24), border_top_left_radius=8, border_bottom_left_radius=8)
    pygame.draw.rect(s, (60, 70, 80), (10, 8, 10, 16))
    pygame.draw.circle(s, (30, 30, 30), (10, 4), 3)
    pygame.draw.circle(s, (30, 30, 30), (10, 28), 3)


def wreck_back(s):
    s.fill((0, 0, 0, 0))
    pygame.draw.rect(s, (120, 40, 36), (0, 4, 28, 24), border_top_right_radius=6, border_bottom_right_radius=6)
    pygame.draw.rect(s, (70, 30, 28), (4, 8, 18, 16))
    pygame.draw.circle(s, (30, 30, 30), (20, 4), 3)
    pygame.draw.circle(s, (30, 30, 30), (20, 28), 3)


def flowers(s):
    s.fill((0, 0, 0, 0))
    rng = np.random.default_rng(40)
    for x, y in rng.integers(3, 29, size=(9, 2)):
        pygame.draw.circle(s, (240, 220, 90) if x % 2 else (230, 120, 180), (int(x), int(y)), 2)


def log(s):
    s.fill((0, 0, 0, 0))
    pygame.draw.rect(s, (110, 74, 40), (1, 11, 30, 10), border_radius=4)
    pygame.draw.circle(s, (190, 150, 100), (29, 16), 4)
    pygame.draw.line(s, (80, 52, 28), (4, 14), (24, 14))


def foxhole(s):
    s.fill((0, 0, 0, 0))
    pygame.draw.ellipse(s, (70, 52, 36), (3, 5, 26, 22))
    pygame.draw.ellipse(s, (190, 170, 120), (3, 5, 26, 22), 3)


def tent(s):
    s.fill((0, 0, 0, 0))
    pygame.draw.polygon(s, (90, 110, 70), [(2, 28), (16, 3), (30, 28)])
    pygame.draw.line(s, (60, 76, 46), (16, 3), (16, 28), 2)


def campfire(s):
    s.fill((0, 0, 0, 0))
    pygame.draw.circle(s, (100, 100, 100), (16, 16), 9, 3)
    pygame.draw.circle(s, (240, 140, 40), (16, 16), 5)
    pygame.draw.circle(s, (250, 220, 90), (16, 15), 2)
