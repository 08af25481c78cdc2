"""Move-range bands read on every shipped map: each band's edge stands out against the
floor under it, and every band past the first carries a pattern, not a tint alone
(issue 30, item 6: the yellow band vanished on sand, the orange one on the Warehouse
floor)."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.replay import maps_dir

SHIPPED = sorted(p.name for p in maps_dir().glob("*.tmx") if not p.name.startswith("bench"))


def _luminance(rgb: np.ndarray) -> np.ndarray:
    """WCAG relative luminance of sRGB colours (the last axis)."""
    c = rgb.astype(float) / 255
    c = np.where(c <= 0.03928, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return c[..., 0] * 0.2126 + c[..., 1] * 0.7152 + c[..., 2] * 0.0722


def _contrast(a: float, b: float) -> float:
    hi, lo = max(a, b), min(a, b)
    return (hi + 0.05) / (lo + 0.05)


def _board(name):
    from game.engine.setup import shared_map
    from game.ui.board import BoardRenderer
    from game.ui.iso import is_isometric
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    tmap = shared_map(maps_dir() / name)
    if is_isometric(tmap):
        pytest.skip("isometric overlays are drawn by game/ui/iso.py")
    board = BoardRenderer(tmap)
    # every walkable tile in a band by its distance from the map's centre: four rings
    cx, cy = tmap.width // 2, tmap.height // 2
    bands = {(x, y): min(3, max(abs(x - cx), abs(y - cy)) // 3)
             for x in range(tmap.width) for y in range(tmap.height) if tmap.walkable[x, y]
             and max(abs(x - cx), abs(y - cy)) < 12}
    board.set_move(bands)
    return tmap, board, bands


@pytest.mark.parametrize("name", SHIPPED)
def test_every_band_edge_stands_out_against_its_floor(name):
    tmap, board, bands = _board(name)
    tw, th = tmap.tile_width, tmap.tile_height
    base = pygame.surfarray.array3d(board.base)
    drawn = pygame.surfarray.array3d(board._static())
    weak, edges = [], 0
    for colour, (vert, horiz) in board.outlines:
        for (x, y), across in [(e, "x") for e in vert] + [(e, "y") for e in horiz]:
            if across == "x":
                px, py = x * tw, y * th + th // 2
                strip = [drawn[px + d, py] for d in range(-2, 2) if 0 <= px + d < drawn.shape[0]]
                sides = [(x - 1, y), (x, y)]
            else:
                px, py = x * tw + tw // 2, y * th
                strip = [drawn[px, py + d] for d in range(-2, 2) if 0 <= py + d < drawn.shape[1]]
                sides = [(x, y - 1), (x, y)]
            for sx, sy in sides:
                if not (0 <= sx < tmap.width and 0 <= sy < tmap.height):
                    continue
                floor = _luminance(base[sx * tw:(sx + 1) * tw, sy * th:(sy + 1) * th].reshape(-1, 3).mean(0))
                best = max(_contrast(float(_luminance(np.array(p))), float(floor)) for p in strip)
                edges += 1
                if best < 3.0:
                    weak.append(((x, y), across, round(best, 2)))
    assert edges > 20
    assert not weak, (name, len(weak), weak[:5])


@pytest.mark.parametrize("name", SHIPPED)
def test_every_band_past_the_first_has_a_pattern(name):
    """Within a band's tile the overlay is not one flat tint: its marks differ from the
    floor by a contrast a person sees (>= 1.5 : 1 at some pixel of every tile)."""
    tmap, board, bands = _board(name)
    tw, th = tmap.tile_width, tmap.tile_height
    base = _luminance(pygame.surfarray.array3d(board.base))
    drawn = _luminance(pygame.surfarray.array3d(board._static()))
    flat = []
    for (x, y), band in bands.items():
        if band == 0:
            continue
        b = base[x * tw + 3:(x + 1) * tw - 3, y * th + 3:(y + 1) * th - 3]
        d = drawn[x * tw + 3:(x + 1) * tw - 3, y * th + 3:(y + 1) * th - 3]
        ratio = (np.maximum(b, d) + 0.05) / (np.minimum(b, d) + 0.05)
        if ratio.max() < 1.5:
            flat.append((x, y))
    assert not flat, (name, len(flat), flat[:5])
