"""The board's overlays on an isometric map: movement bands (tint, pattern, edge),
targets, cover marks and fog as diamonds, the counterpart of ``BoardRenderer._static``
on a square map (docs/ui.md, "The isometric map")."""

from __future__ import annotations

import numpy as np
import pygame

from game.ui import cover_icons
from game.ui.bands import EDGE_SHADOW, band_pattern
from game.ui.tilemap import render_iso_map


def iso_static(board) -> pygame.Surface:
    """The board's map with its overlays (movement, targets, fog) and range outlines as
    diamonds: the isometric counterpart of ``BoardRenderer._static``."""
    proj = board.camera.proj
    surf = board.base.copy()

    def tint(layer) -> None:
        if layer.empty:
            return
        out = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        rgba = np.dstack([pygame.surfarray.array3d(layer.surface),
                          pygame.surfarray.array_alpha(layer.surface)])
        for x, y in zip(*np.nonzero(rgba[:, :, 3])):
            pygame.draw.polygon(out, tuple(int(v) for v in rgba[x, y]), proj.diamond(int(x), int(y)))
        surf.blit(out, (0, 0))
    tint(board.move)
    tint(board.targets)
    # each band past the first carries its pattern, as on a square board, cut to the
    # diamond (reach reads by shape, not by a tint alone)
    hw = proj.tw / 2
    cut = pygame.Surface((proj.tw, proj.th), pygame.SRCALPHA)
    pygame.draw.polygon(cut, (255, 255, 255, 255), [(hw, 0), (proj.tw, proj.th / 2), (hw, proj.th), (0, proj.th / 2)])
    for band, tiles in board.band_tiles.items():
        mark = band_pattern(band, proj.tw, proj.th)
        if mark is None:
            continue
        mark.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        for x, y in tiles:
            tx, ty = proj.top_corner(x, y)
            surf.blit(mark, (round(tx - hw), round(ty)))
    # as on a square map: a dark stroke under the band's light one, to read on any floor
    for width, shade in ((4, EDGE_SHADOW), (2, None)):
        for colour, (vert, horiz) in board.outlines:
            for x, y in vert:  # the edge at tile (x, y)'s x-min side: its top and left corners
                d = proj.diamond(x, y)
                pygame.draw.line(surf, shade or colour, d[0], d[3], width)
            for x, y in horiz:  # the edge at its y-min side: top and right corners
                d = proj.diamond(x, y)
                pygame.draw.line(surf, shade or colour, d[0], d[1], width)
    # what stands up (walls, crates, trees: the tiles one cannot walk on) is drawn again
    # over the ground's overlays, so a band or its edge behind a wall is hidden by the
    # wall, as the ground itself is, and does not paint over the wall's face
    if not board.move.empty or not board.targets.empty:
        surf.blit(iso_blocks(board), (0, 0))
    cover_icons.draw(surf, board.tmap, getattr(board, "cover_marks", ()), proj.top_corner)
    tint(board.fog)   # last: fog darkens the blocks too
    return surf


def iso_blocks(board) -> pygame.Surface:
    """The pictures of the tiles one cannot walk on (they stand up), alone: drawn once
    a board."""
    if board.iso_blocks is None:
        board.iso_blocks = render_iso_map(board.tmap, only=~board.tmap.walkable)
    return board.iso_blocks
