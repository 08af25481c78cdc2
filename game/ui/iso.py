"""Isometric maps in the window: the diamond projection, picking, and drawing.

The rules use the same square grid for every map; only the picture differs. On an
isometric map (Tiled's "isometric" orientation) tile ``(x, y)`` is a diamond whose
top corner sits at world pixel ``(origin_x + (x - y) * tw / 2, top + (x + y) * th / 2)``,
``tw x th`` being the map's tile size: x runs down to the right, y down to the left.
A tile's picture stands on its diamond: its bottom-left corner at the diamond's left
corner's x and bottom corner's y (Tiled's rule), moved by the tileset's tile offset
and the layer's offset; tiles are painted back to front (by ``x + y``).

The board uses an :class:`IsoCamera` (screen <-> tile through the projection); the map's
picture is ``tilemap.render_iso_map``, and the overlays (movement, targets, fog) as diamonds
are ``iso_overlays.iso_static``. Everything that asks the camera for a tile's centre or the tile
under the mouse (paths, sight lines, units, picking) works unchanged.
"""

from __future__ import annotations

import math

import pygame

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

    def world_centre(self, tile: tuple[float, float]) -> tuple[float, float]:
        return self.proj.centre(*tile)

    def world_tile(self, wx: float, wy: float) -> tuple[int, int]:
        return self.proj.tile_at(wx, wy)

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


def map_point(tmap: TacticalMap, x: float, y: float) -> tuple[float, float]:
    """World pixel of a (fractional) tile point in the map's own picture, either projection."""
    if is_isometric(tmap):
        return IsoProjection(tmap).top_corner(x, y)
    return x * tmap.tile_width, y * tmap.tile_height
