"""Isometric maps in the window: the diamond projection, picking, and drawing.

The rules use the same square grid for every map; only the picture differs. On an
isometric map (Tiled's "isometric" orientation) tile ``(x, y)`` is a diamond whose
top corner sits at world pixel ``(origin_x + (x - y) * tw / 2, top + (x + y) * th / 2)``,
``tw x th`` being the map's tile size: x runs down to the right, y down to the left.
A tile's picture stands on its diamond: its bottom-left corner at the diamond's left
corner's x and bottom corner's y (Tiled's rule), moved by the tileset's tile offset
and the layer's offset; tiles are painted back to front (by ``x + y``).

The board uses an :class:`IsoCamera` (screen <-> tile through the projection), draws the
map with :func:`render_iso_map`, and overlays (movement, targets, fog) as diamonds with
:func:`iso_static`. Everything that asks the camera for a tile's centre or the tile
under the mouse (paths, sight lines, units, picking) works unchanged.
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from game.ui import cover_icons
from game.ui.camera import Camera
from game.world.tactical_map import TacticalMap


def is_isometric(tmap: TacticalMap) -> bool:
    return getattr(tmap, "orientation", "orthogonal") == "isometric"


class IsoProjection:
    """Tile <-> world pixel for one isometric map, with room above for tall pictures."""

    def __init__(self, tmap: TacticalMap) -> None:
        self.tw, self.th = tmap.tile_width, tmap.tile_height
        self.w, self.h = tmap.width, tmap.height
        # Tall pictures and offsets reach above the top diamond and past the sides.
        rise, side = 0, 0
        for info in tmap.tiles.values():
            rise = max(rise, info.rect[3] - self.th - info.offset[1])
            side = max(side, abs(info.offset[0]) + max(0, info.rect[2] - self.tw))
        for layer in tmap.render_layers:
            rise = max(rise, -layer.offset[1])
            side = max(side, abs(layer.offset[0]))
        self.top = rise
        self.side = side
        self.origin_x = side + self.h * self.tw / 2
        self.size = (int(math.ceil(2 * side + (self.w + self.h) * self.tw / 2)),
                     int(math.ceil(rise + (self.w + self.h) * self.th / 2)) + 1)

    def top_corner(self, x: float, y: float) -> tuple[float, float]:
        return (self.origin_x + (x - y) * self.tw / 2, self.top + (x + y) * self.th / 2)

    def centre(self, x: float, y: float) -> tuple[float, float]:
        """World pixel of tile (x, y)'s centre; fractional tiles move smoothly."""
        return self.top_corner(x + 0.5, y + 0.5)

    def tile_at(self, wx: float, wy: float) -> tuple[int, int]:
        u = (wx - self.origin_x) / (self.tw / 2)
        v = (wy - self.top) / (self.th / 2)
        return int(math.floor((v + u) / 2)), int(math.floor((v - u) / 2))

    def diamond(self, x: int, y: int) -> list[tuple[float, float]]:
        tx, ty = self.top_corner(x, y)
        hw, hh = self.tw / 2, self.th / 2
        return [(tx, ty), (tx + hw, ty + hh), (tx, ty + 2 * hh), (tx - hw, ty + hh)]


class IsoCamera(Camera):
    """The board's camera for an isometric map: picking and centres through the diamonds."""

    def __init__(self, tmap: TacticalMap) -> None:
        self.proj = IsoProjection(tmap)
        super().__init__(tmap.tile_width, tmap.tile_height, *self.proj.size)

    def tile_at(self, sx: float, sy: float) -> tuple[int, int]:
        return self.proj.tile_at(*self.to_world(sx, sy))

    def tile_centre(self, tile: tuple[float, float]) -> tuple[int, int]:
        sx, sy = self.to_screen(*self.proj.centre(*tile))
        return int(sx), int(sy)

    def tile_rect(self, tile: tuple[int, int]) -> pygame.Rect:
        """The box inside the tile's diamond (cursor and path end markers are boxes)."""
        cx, cy = self.tile_centre(tile)
        w, h = self.tw / 2 * self.zoom, self.th / 2 * self.zoom
        return pygame.Rect(round(cx - w / 2), round(cy - h / 2), round(w), round(h))

    def corner(self, x: float, y: float) -> tuple[float, float]:
        return self.to_screen(*self.proj.top_corner(x, y))

    def centre_on_tile(self, tile: tuple[int, int]) -> None:
        sx, sy, sw, sh = self._safe()
        cx, cy = self.proj.centre(*tile)
        self.x = cx - (sx + sw / 2) / self.zoom
        self.y = cy - (sy + sh / 2) / self.zoom
        self.clamp()


def colour_key(surface: pygame.Surface, trans: str | None) -> pygame.Surface:
    """A tile picture with Tiled's transparent colour (``trans="ff00ff"``) made see-through."""
    if not trans:
        return surface
    try:
        key = pygame.Color("#" + trans.lstrip("#")[:6])
    except ValueError:
        return surface
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    rgb = pygame.surfarray.pixels3d(out)
    alpha = pygame.surfarray.pixels_alpha(out)
    alpha[(rgb[:, :, 0] == key.r) & (rgb[:, :, 1] == key.g) & (rgb[:, :, 2] == key.b)] = 0
    del rgb, alpha
    return out


def _grid_colour(tmap: TacticalMap, x: int, y: int) -> tuple[int, int, int]:
    from game.ui.tilemap import _COVER, _FLOOR, _WALL
    if not tmap.walkable[x, y]:
        return _WALL
    return _COVER.get(int(tmap.cover[x, y]), tuple(v + 6 * ((x + y) % 2) for v in _FLOOR))


def render_iso_map(tmap: TacticalMap, grid: bool = True, only: np.ndarray | None = None) -> pygame.Surface:
    """The whole isometric map, layers in file order, tiles back to front; with `only`
    (a mask of tiles), just those tiles' pictures on a clear surface."""
    from game.ui.tilemap import GRID_ALPHA, TileSource
    proj = IsoProjection(tmap)
    surf = pygame.Surface(proj.size, pygame.SRCALPHA)
    order = sorted(((x, y) for x in range(tmap.width) for y in range(tmap.height)
                    if only is None or only[x, y]),
                   key=lambda t: (t[0] + t[1], t[0]))
    if only is not None:
        grid = False
    drawn = False
    if tmap.render_layers and tmap.tiles:
        source = TileSource(tmap)
        for layer in tmap.render_layers:
            target = surf if layer.opacity >= 1.0 else pygame.Surface(proj.size, pygame.SRCALPHA)
            lx, ly = layer.offset
            for x, y in order:
                gid = int(layer.gids[x, y])
                img = source.tile(gid) if gid else None
                if img is None:
                    continue
                drawn = True
                tx, ty = proj.top_corner(x, y)
                ox, oy = tmap.tiles[gid].offset
                target.blit(img, (round(tx - proj.tw / 2 + ox + lx), round(ty + proj.th - img.get_height() + oy + ly)))
            if target is not surf:
                target.set_alpha(int(layer.opacity * 255))
                surf.blit(target, (0, 0))
    if not drawn and only is None:
        for x, y in order:
            pygame.draw.polygon(surf, _grid_colour(tmap, x, y), proj.diamond(x, y))
    if grid:
        lines = pygame.Surface(proj.size, pygame.SRCALPHA)
        for x, y in order:
            pygame.draw.polygon(lines, (0, 0, 0, GRID_ALPHA), proj.diamond(x, y), 1)
        surf.blit(lines, (0, 0))
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    return surf


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
    from game.ui.board import EDGE_SHADOW, band_pattern
    # each band past the first carries its pattern, as on a square board, cut to the
    # diamond (reach reads by shape, not by a tint alone)
    hw = proj.tw / 2
    cut = pygame.Surface((proj.tw, proj.th), pygame.SRCALPHA)
    pygame.draw.polygon(cut, (255, 255, 255, 255), [(hw, 0), (proj.tw, proj.th / 2), (hw, proj.th), (0, proj.th / 2)])
    for band, tiles in board.band_tiles.items():
        mark = band_pattern(band, proj.tw, proj.th)
        if mark is None:
            continue
        mark = mark.copy()
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
    blocks = getattr(board, "_iso_blocks", None)
    if blocks is None:
        blocks = board._iso_blocks = render_iso_map(board.tmap, only=~board.tmap.walkable)
    return blocks


def map_point(tmap: TacticalMap, x: float, y: float) -> tuple[float, float]:
    """World pixel of a (fractional) tile point in the map's own picture, either projection."""
    if is_isometric(tmap):
        return IsoProjection(tmap).top_corner(x, y)
    return x * tmap.tile_width, y * tmap.tile_height
