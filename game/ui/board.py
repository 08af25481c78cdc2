"""The battlefield picture: map, range overlays, fog of war, units.

Static things are drawn once: the map to one surface, each overlay to a tile-sized
surface (one pixel per tile). What the camera sees is composed into a screen-sized
cache that is rebuilt only when the camera, an overlay or the fog changes; a frame
then costs one blit plus the units and the HUD.
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from game.ui import cover_icons, theme
from game.ui.camera import Camera
from game.ui.bands import EDGE_SHADOW, band_pattern
from game.ui.iso import IsoCamera, is_isometric
from game.ui.iso_overlays import iso_static
from game.ui.snapshot import UnitView
from game.ui.tilemap import render_map
from game.world.tactical_map import TacticalMap

FOG_ALPHA = 165


class Overlay:
    """A per-tile colour layer over the map (one pixel per tile, RGBA)."""

    def __init__(self, w: int, h: int) -> None:
        self.surface = pygame.Surface((w, h), pygame.SRCALPHA)
        self.empty = True

    def set(self, tiles: dict[tuple[int, int], tuple[int, int, int, int]]) -> None:
        self.surface.fill((0, 0, 0, 0))
        for (x, y), colour in tiles.items():
            self.surface.set_at((x, y), colour)
        self.empty = not tiles

    def set_mask(self, mask: np.ndarray | None, colour: tuple[int, int, int, int]) -> None:
        """Colour every tile where `mask` is True (None clears)."""
        if mask is None or not mask.any():
            self.surface.fill((0, 0, 0, 0))
            self.empty = True
            return
        rgb = pygame.surfarray.pixels3d(self.surface)
        alpha = pygame.surfarray.pixels_alpha(self.surface)
        rgb[:] = colour[:3]
        alpha[:] = np.where(mask, colour[3], 0).astype(np.uint8)
        del rgb, alpha
        self.empty = False


class BoardRenderer:
    def __init__(self, tmap: TacticalMap) -> None:
        self.tmap = tmap
        self.base = render_map(tmap)
        self.camera = Camera(tmap.tile_width, tmap.tile_height, self.base.get_width(), self.base.get_height())
        if is_isometric(tmap):  # picking and centres through the diamonds (game/ui/iso.py)
            self.camera = IsoCamera(tmap)
        self.move = Overlay(tmap.width, tmap.height)
        self.targets = Overlay(tmap.width, tmap.height)
        self.fog = Overlay(tmap.width, tmap.height)
        self._version = 0
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple | None = None
        self._sprites: dict[tuple, pygame.Surface] = {}
        self.outlines: list = []  # (colour, (vertical edges, horizontal edges)) per move band
        self.cover_marks: list = []   # cover on the tiles the move reaches (cover_icons)
        self.band_tiles: dict[int, list] = {}   # each move band's tiles, for its pattern
        self._static_surface: pygame.Surface | None = None
        self.iso_blocks: pygame.Surface | None = None   # (isometric) what stands up, drawn over the bands
        self._static_version = -1

    # --- overlays -----------------------------------------------------------------
    def set_move(self, bands: dict[tuple[int, int], int] | None, occupied=()) -> None:
        """The movement range, coloured by cost band, each band's edge outlined."""
        top = len(theme.MOVE_BANDS) - 1
        self.move.set({t: theme.MOVE_BANDS[min(b, top)] for t, b in (bands or {}).items()})
        self.outlines = []
        self.band_tiles = {}
        # cover on every tile the move reaches, per side (cover_icons), but a unit's own
        self.cover_marks = cover_icons.marks(self.tmap, set(bands or ()) - set(occupied))
        if bands:
            w, h = self.tmap.width, self.tmap.height
            grid = np.full((w, h), 99, np.int16)
            for (x, y), b in bands.items():
                grid[x, y] = min(b, top)
                self.band_tiles.setdefault(min(b, top), []).append((x, y))
            # a band's edge is drawn only against ground one could walk on (further off,
            # or in a costlier band): walls and trees inside the range get no box
            ground = self.tmap.walkable.copy()
            for t in occupied:  # nor around the units standing in it
                ground[t] = False
            for k in sorted(set(int(v) for v in grid.flat if v != 99)):
                colour = theme.MOVE_EDGES[min(k, top)]
                self.outlines.append((colour, _edges(grid <= k, ground)))
        self._version += 1

    def set_targets(self, tiles) -> None:
        self.targets.set({t: theme.TARGET_TILE for t in (tiles or ())})
        self._version += 1

    def set_fog(self, visible: np.ndarray | None) -> None:
        """`visible` is the viewer's sight grid; None shows everything."""
        self.fog.set_mask(None if visible is None else ~visible, (6, 8, 14, FOG_ALPHA))
        self._version += 1

    # --- terrain -----------------------------------------------------------------------
    def draw_terrain(self, surface: pygame.Surface) -> None:
        cam = self.camera
        if (cam.view_w, cam.view_h) != surface.get_size():
            cam.resize(*surface.get_size())
        key = (cam.key(), self._version)
        if self._cache is None or self._cache_key != key or self._cache.get_size() != surface.get_size():
            self._cache = self._compose(surface.get_size())
            self._cache_key = key
        surface.blit(self._cache, (0, 0))

    def _static(self) -> pygame.Surface:
        """The map with its overlays and range outlines, at the tiles' own size; redrawn
        only when an overlay changes (once per decision), so panning is a plain blit."""
        if is_isometric(self.tmap):  # overlays as diamonds (game/ui/iso_overlays.py)
            if self._static_surface is None or self._static_version != self._version:
                self._static_surface, self._static_version = iso_static(self), self._version
            return self._static_surface
        if self._static_surface is None or self._static_version != self._version:
            tm = self.tmap
            tw, th = tm.tile_width, tm.tile_height
            surf = self.base.copy()
            for layer in (self.move, self.targets, self.fog):
                if not layer.empty:
                    surf.blit(pygame.transform.scale(layer.surface, surf.get_size()), (0, 0))
            # each band past the first has its own pattern, so reach reads by shape and
            # not by a tint alone (a yellow tint vanished on The Pit's sand, issue 30)
            for band, tiles in self.band_tiles.items():
                mark = band_pattern(band, tw, th)
                if mark is not None:
                    for x, y in tiles:
                        surf.blit(mark, (x * tw, y * th))
            # every edge twice: a dark stroke under a light one, one of which stands out
            # on any floor, light or dark
            for width, shade in ((4, EDGE_SHADOW), (2, None)):
                for colour, (vert, horiz) in self.outlines:
                    c = shade or colour
                    for x, y in vert:  # the edge at the left side of tile (x, y)
                        pygame.draw.line(surf, c, (x * tw, y * th), (x * tw, (y + 1) * th - 1), width)
                    for x, y in horiz:  # the edge at the top side of tile (x, y)
                        pygame.draw.line(surf, c, (x * tw, y * th), ((x + 1) * tw - 1, y * th), width)
            cover_icons.draw(surf, tm, self.cover_marks, lambda x, y: (x * tw, y * th))
            self._static_surface = surf
            self._static_version = self._version
        return self._static_surface

    def _compose(self, size: tuple[int, int]) -> pygame.Surface:
        cam, tm = self.camera, self.tmap
        out = self._cache if self._cache is not None and self._cache.get_size() == size else None
        if out is None:
            out = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                out = out.convert()
        out.fill(theme.BG)
        static = self._static()
        x0, y0 = cam.to_world(0, 0)
        x1, y1 = cam.to_world(*size)
        world = pygame.Rect(math.floor(x0), math.floor(y0), math.ceil(x1 - x0) + 1, math.ceil(y1 - y0) + 1)
        world = world.clip(static.get_rect())
        if world.w <= 0 or world.h <= 0:
            return out
        sx, sy = cam.to_screen(world.x, world.y)
        z = cam.zoom
        if z == 1.0:
            out.blit(static, (round(sx), round(sy)), area=world)
        else:
            region = pygame.transform.scale(static.subsurface(world), (round(world.w * z), round(world.h * z)))
            out.blit(region, (round(sx), round(sy)))
        return out

    # --- units ---------------------------------------------------------------------
    def unit_radius(self) -> int:
        return max(5, int(min(self.tmap.tile_width, self.tmap.tile_height) * self.camera.zoom * 0.38))

    def _sprite(self, team: int, archetype: str, posture: str, active: bool, r: int) -> pygame.Surface:
        key = (team, archetype, posture, active, r, theme.PALETTE)
        spr = self._sprites.get(key)
        if spr is not None:
            return spr
        size = r * 2 + 6
        spr = pygame.Surface((size, size), pygame.SRCALPHA)
        c = theme.team_colour(team) if active else (96, 96, 100)
        centre = (size // 2, size // 2)
        prone = posture in ("prone", "fallen")
        if prone:
            body = pygame.Rect(0, 0, r * 2 + 2, int(r * 1.2))
            body.center = (centre[0], centre[1] + r // 3)
            pygame.draw.ellipse(spr, (0, 0, 0, 160), body.inflate(4, 4))
            pygame.draw.ellipse(spr, c, body)
            pygame.draw.ellipse(spr, (255, 255, 255), body, 2)
            icon_c, icon_r = body.center, int(r * 0.5)
        else:
            rr = int(r * 0.82) if posture == "kneeling" else r
            kind = theme.team_shape(team)   # one shape per side with the colour-blind palette
            theme.shape(spr, kind, (0, 0, 0, 170), (centre[0] + 1, centre[1] + 2), rr + 2)
            theme.shape(spr, kind, c, centre, rr)
            theme.shape(spr, kind, (255, 255, 255), centre, rr, 2)
            icon_c, icon_r = centre, int(rr * 0.55)
        _draw_icon(spr, archetype, icon_c, max(3, icon_r), (255, 255, 255) if active else (180, 180, 180))
        if posture == "kneeling":
            pygame.draw.line(spr, (255, 255, 255), (centre[0] - r // 2, size - 3), (centre[0] + r // 2, size - 3), 2)
        if not active:
            k = int(r * 0.7)
            for a, b in (((-k, -k), (k, k)), ((-k, k), (k, -k))):
                pygame.draw.line(spr, (20, 20, 20), (centre[0] + a[0], centre[1] + a[1]),
                                 (centre[0] + b[0], centre[1] + b[1]), 4)
        self._sprites[key] = spr
        return spr

    def unit_screen_pos(self, tile: tuple[float, float], slot: int = 0, slots: int = 1) -> tuple[int, int]:
        x, y = self.camera.tile_centre(tile)
        if slots > 1:  # several units share a tile inside a grapple: fan them out
            r = self.unit_radius() * 0.55
            ang = 2 * math.pi * slot / slots - math.pi / 2
            x, y = int(x + r * math.cos(ang)), int(y + r * math.sin(ang))
        return x, y

    def draw_units(self, surface: pygame.Surface, units: list[tuple[UnitView, tuple[float, float]]],
                   actor: int | None = None, selected: int | None = None, pulse: float = 0.0,
                   hp_override: dict[int, int] | None = None) -> dict[int, tuple[int, int]]:
        """Draw `units` at their (possibly animated) tile positions; returns screen centres."""
        r = self.unit_radius()
        small = r < 9
        groups: dict[tuple[float, float], list[UnitView]] = {}
        for u, pos in units:
            groups.setdefault(pos, []).append(u)
        centres: dict[int, tuple[int, int]] = {}
        order = sorted(units, key=lambda p: (p[0].active, p[1][1]))  # the fallen first, under the rest
        for u, pos in order:
            same = sorted(groups[pos], key=lambda v: v.id)
            centres[u.id] = self.unit_screen_pos(pos, same.index(u), len(same))
        # grapple links under the tokens
        for u, pos in units:
            for p in u.partners:
                if p in centres and p > u.id:
                    a, b = centres[u.id], centres[p]
                    pygame.draw.line(surface, (255, 214, 64), a, b, max(2, r // 4))
        view = surface.get_rect().inflate(4 * r, 4 * r)
        for u, pos in order:
            cx, cy = centres[u.id]
            if not view.collidepoint(cx, cy):
                continue
            if u.id == actor:
                ring = int(r + 4 + 2 * math.sin(pulse * 6))
                pygame.draw.circle(surface, theme.ACCENT, (cx, cy), ring, 3)
            if u.id == selected and u.id != actor:
                pygame.draw.circle(surface, (255, 255, 255), (cx, cy), r + 4, 2)
            spr = self._sprite(u.team, u.archetype, u.posture, u.active, r)
            surface.blit(spr, spr.get_rect(center=(cx, cy)))
            if u.partners and u.active:
                _draw_chain(surface, (cx + r - 2, cy - r + 2), max(3, r // 3))
            if u.facing and u.active:
                fx, fy = u.facing
                n = math.hypot(fx, fy) or 1
                tip = (cx + fx / n * (r + 5), cy + fy / n * (r + 5))
                left = (cx + fx / n * r - fy / n * 4, cy + fy / n * r + fx / n * 4)
                right = (cx + fx / n * r + fy / n * 4, cy + fy / n * r - fx / n * 4)
                pygame.draw.polygon(surface, (255, 255, 255), (tip, left, right))
            hp = (hp_override or {}).get(u.id, u.hp)
            if u.active and hp is not None and u.max_hp:
                frac = max(0.0, min(1.0, hp / u.max_hp))
                w, h = max(14, int(r * 1.9)), 4 if small else 5
                bar = pygame.Rect(cx - w // 2, cy - r - h - 5, w, h)
                pygame.draw.rect(surface, (10, 10, 12), bar.inflate(2, 2))
                colour = theme.GOOD if frac > 0.6 else theme.WARN if frac > 0.3 else theme.BAD
                pygame.draw.rect(surface, colour, (bar.x, bar.y, max(1, int(w * frac)), h))
                if u.max_hp <= 40 and not small:  # notches every 5 points, read at a glance
                    for k in range(5, u.max_hp, 5):
                        x = bar.x + int(w * k / u.max_hp)
                        pygame.draw.line(surface, (10, 10, 12), (x, bar.y), (x, bar.bottom - 1))
        return centres


def _edges(mask: np.ndarray, ground: np.ndarray) -> tuple[list, list]:
    """Boundary of a tile region against walkable ground outside it: vertical edges (x, y)
    at tile x's left side, horizontal edges (x, y) at tile y's top side."""
    m = np.pad(mask, 1)
    out = np.pad(ground & ~mask, 1)
    # between column x-1 and x (shape (w+1, h)), and between row y-1 and y (shape (w, h+1))
    v = (m[1:, 1:-1] & out[:-1, 1:-1]) | (m[:-1, 1:-1] & out[1:, 1:-1])
    hz = (m[1:-1, 1:] & out[1:-1, :-1]) | (m[1:-1, :-1] & out[1:-1, 1:])
    return ([(int(x), int(y)) for x, y in zip(*np.nonzero(v))],
            [(int(x), int(y)) for x, y in zip(*np.nonzero(hz))])


def _draw_chain(surface: pygame.Surface, at: tuple[int, int], s: int) -> None:
    """The grapple marker: two linked rings."""
    x, y = at
    pygame.draw.circle(surface, (20, 20, 20), (x, y), s + 2)
    pygame.draw.circle(surface, (255, 214, 64), (x - s // 2, y), s // 2 + 1, 2)
    pygame.draw.circle(surface, (255, 214, 64), (x + s // 2, y), s // 2 + 1, 2)


def _draw_icon(surface: pygame.Surface, archetype: str, c: tuple[int, int], s: int, colour) -> None:
    """A role glyph: fist, burst, crosshair, shield, chevron."""
    x, y = c
    if archetype == "brawler":
        pygame.draw.rect(surface, colour, (x - s + 1, y - s // 2, 2 * s - 2, s + 2), border_radius=2)
        for k in range(-1, 2):
            pygame.draw.line(surface, (0, 0, 0), (x + k * s // 2, y - s // 2), (x + k * s // 2, y), 1)
    elif archetype == "gunner":
        for k in (-1, 0, 1):
            pygame.draw.circle(surface, colour, (x + k * (s * 2 // 3), y), max(2, s // 3))
    elif archetype == "marksman":
        pygame.draw.circle(surface, colour, (x, y), s, 2)
        pygame.draw.line(surface, colour, (x - s - 2, y), (x + s + 2, y), 2)
        pygame.draw.line(surface, colour, (x, y - s - 2), (x, y + s + 2), 2)
    elif archetype == "guardian":
        pts = [(x - s, y - s), (x + s, y - s), (x + s, y), (x, y + s + 2), (x - s, y)]
        pygame.draw.polygon(surface, colour, pts)
    elif archetype == "scout":
        pts = [(x - s, y + s // 2), (x, y - s), (x + s, y + s // 2), (x, y - s // 3)]
        pygame.draw.polygon(surface, colour, pts)
    else:
        pygame.draw.circle(surface, colour, (x, y), max(2, s // 2))
