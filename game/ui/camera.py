"""The camera: which part of the map the window shows, and at what zoom."""

from __future__ import annotations

ZOOMS = (0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
MIN_FIT = 0.4   # the demo's fit shrinks a large map no further: below it units are dots


class Camera:
    """World pixels (the map at its tiles' size) to screen pixels and back.

    `x, y` is the world point at the view's top-left corner.
    """

    def __init__(self, tile_w: int, tile_h: int, world_w: int, world_h: int) -> None:
        self.tw, self.th = tile_w, tile_h
        self.world_w, self.world_h = world_w, world_h
        self.x = 0.0
        self.y = 0.0
        self.zoom_index = ZOOMS.index(1.0)
        self.fitted: float | None = None   # a zoom between the steps that fits a small map
        self.view_w, self.view_h = 1280, 720
        self.safe = None  # the part of the view no HUD panel covers (x, y, w, h), if set
        self.fit_whole = False   # fit() also shrinks a large map to fit (the demo watches it all)
        self.auto_fit = False    # the zoom is fit()'s: refit when the board's size changes

    @property
    def zoom(self) -> float:
        return self.fitted if self.fitted is not None else ZOOMS[self.zoom_index]

    def resize(self, w: int, h: int) -> None:
        self.view_w, self.view_h = w, h
        self.clamp()

    def clamp(self) -> None:
        """Keep the map in view: its edges may come in as far as the HUD-free area's edges
        (plus a small margin), never further; a map smaller than that area is centred."""
        z = self.zoom
        sx, sy, sw, sh = self._safe()
        pad = 24
        for axis, world, lo, span in (("x", self.world_w, sx, sw), ("y", self.world_h, sy, sh)):
            if world * z <= span:
                value = -(lo + (span - world * z) / 2) / z
            else:
                low = -(lo + pad) / z                       # left/top edge at the free area's edge
                high = world - (lo + span - pad) / z        # right/bottom edge likewise
                value = min(max(getattr(self, axis), low), high)
            setattr(self, axis, round(value * z) / z)

    def pan(self, dx_screen: float, dy_screen: float) -> None:
        self.x += dx_screen / self.zoom
        self.y += dy_screen / self.zoom
        self.clamp()

    def zoom_at(self, steps: int, sx: float, sy: float) -> None:
        """Zoom by `steps` levels keeping the world point under (sx, sy) in place."""
        wx, wy = self.to_world(sx, sy)
        self.auto_fit = False   # the player's zoom stays, whatever the window does
        if self.fitted is not None and steps:   # from the fitted zoom to the next step
            f, self.fitted = self.fitted, None
            if steps > 0:
                self.zoom_index = next((i for i, z in enumerate(ZOOMS) if z > f), len(ZOOMS) - 1)
                steps -= 1
            else:
                self.zoom_index = max([i for i, z in enumerate(ZOOMS) if z < f], default=0)
                steps += 1
        self.zoom_index = max(0, min(len(ZOOMS) - 1, self.zoom_index + steps))
        self.x = wx - sx / self.zoom
        self.y = wy - sy / self.zoom
        self.clamp()

    def fit(self) -> None:
        """Zoom so that a map smaller than the free area fills it (the largest zoom, up
        to 3×, at which the whole map still fits); a map larger than that stays at 1×
        (readable tiles) and the camera follows what matters, unless `fit_whole` (the
        demo, where nobody pans): then it shrinks, down to MIN_FIT, to show the whole map."""
        _, _, sw, sh = self._safe()
        ratio = min((sw - 16) / self.world_w, (sh - 16) / self.world_h)
        self.zoom_index = ZOOMS.index(1.0)
        if ratio > 1.0:
            self.fitted = min(ratio, ZOOMS[-1])
        elif self.fit_whole and ratio < 1.0:
            self.fitted = max(ratio, MIN_FIT)
        else:
            self.fitted = None
        self.auto_fit = True
        self.clamp()

    def _safe(self) -> tuple[float, float, float, float]:
        if self.safe is None:
            return 0, 0, self.view_w, self.view_h
        return self.safe

    def centre_on_tile(self, tile: tuple[int, int]) -> None:
        """Put the tile in the middle of the part of the view the HUD leaves free."""
        sx, sy, sw, sh = self._safe()
        cx, cy = (tile[0] + 0.5) * self.tw, (tile[1] + 0.5) * self.th
        self.x = cx - (sx + sw / 2) / self.zoom
        self.y = cy - (sy + sh / 2) / self.zoom
        self.clamp()

    def ensure_visible(self, tile: tuple[int, int], margin: int = 2) -> None:
        sx, sy = self.tile_centre(tile)
        x0, y0, w, h = self._safe()
        m = min(margin * self.tw * self.zoom, w / 3, h / 3)
        if not (x0 + m <= sx <= x0 + w - m and y0 + m <= sy <= y0 + h - m):
            self.centre_on_tile(tile)

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        return self.x + sx / self.zoom, self.y + sy / self.zoom

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        return (wx - self.x) * self.zoom, (wy - self.y) * self.zoom

    def tile_at(self, sx: float, sy: float) -> tuple[int, int]:
        wx, wy = self.to_world(sx, sy)
        return int(wx // self.tw), int(wy // self.th)

    def tile_centre(self, tile: tuple[float, float]) -> tuple[int, int]:
        sx, sy = self.to_screen((tile[0] + 0.5) * self.tw, (tile[1] + 0.5) * self.th)
        return int(sx), int(sy)

    def tile_rect(self, tile: tuple[int, int]):
        import pygame
        x0, y0 = self.to_screen(tile[0] * self.tw, tile[1] * self.th)
        x1, y1 = self.to_screen((tile[0] + 1) * self.tw, (tile[1] + 1) * self.th)
        return pygame.Rect(round(x0), round(y0), round(x1) - round(x0), round(y1) - round(y0))

    def world_centre(self, tile: tuple[float, float]) -> tuple[float, float]:
        """World pixel (the map's own picture) of a tile's centre."""
        return (tile[0] + 0.5) * self.tw, (tile[1] + 0.5) * self.th

    def world_tile(self, wx: float, wy: float) -> tuple[int, int]:
        """The tile under a world pixel of the map's own picture."""
        return int(wx // self.tw), int(wy // self.th)

    def corner(self, x: float, y: float) -> tuple[float, float]:
        """Screen pixel of the tile-grid point (x, y): tile (x, y)'s top-left corner,
        fractions between. Overlays that follow the grid (zone edges, range boxes) draw
        through it, so they are diamonds on an isometric board (IsoCamera)."""
        return self.to_screen(x * self.tw, y * self.th)

    def tile_outline(self, tile: tuple[int, int]) -> list[tuple[float, float]]:
        """The tile's four corners on screen, going round: (x, y), (x+1, y), (x+1, y+1),
        (x, y+1): a square here, a diamond on an isometric board."""
        x, y = tile
        return [self.corner(x, y), self.corner(x + 1, y), self.corner(x + 1, y + 1), self.corner(x, y + 1)]

    def key(self) -> tuple:
        return (round(self.x, 3), round(self.y, 3), self.zoom, self.view_w, self.view_h)
