"""Drawing a TacticalMap: its Tiled layers, once, to one cached surface.

Layers are drawn in file order (the map keeps that order; pytmx does not), each at
its opacity and offset. A map built in code without tile images is drawn from its
grids instead (floor, walls, cover), so tests and benches need no tileset files.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame

from game.ui.iso import IsoProjection, colour_key, is_isometric, map_point
from game.world.tactical_map import Cover, TacticalMap, TileImage

GRID_ALPHA = 22
_FLOOR = (70, 86, 62)
_WALL = (44, 44, 52)
_COVER = {Cover.CONCEALMENT: (92, 124, 70), Cover.LIGHT: (120, 104, 72), Cover.HEAVY: (96, 96, 108)}


def _find_image(path: Path, tmap: TacticalMap) -> Path | None:
    """Tile image paths come relative to where the map was loaded from; try the likely bases."""
    candidates = [path]
    if not path.is_absolute():
        map_dir = Path(tmap.path).resolve().parent if tmap.path else Path.cwd()
        candidates += [map_dir / path, map_dir.parent / path, map_dir / path.name,
                       map_dir.parent / "assets" / path.name]
    for c in candidates:
        if c.is_file():
            return c
    return None


class TileSource:
    """Tile images cut from their tileset PNGs, with Tiled's flips applied, cached by gid."""

    def __init__(self, tmap: TacticalMap) -> None:
        self.tmap = tmap
        self._sheets: dict[Path, pygame.Surface | None] = {}
        self._tiles: dict[int, pygame.Surface | None] = {}

    def _sheet(self, path: Path) -> pygame.Surface | None:
        if path not in self._sheets:
            found = _find_image(path, self.tmap)
            img = None
            if found is not None:
                try:
                    img = pygame.image.load(str(found))
                    if pygame.display.get_surface() is not None:
                        img = img.convert_alpha()
                except (pygame.error, FileNotFoundError, OSError):
                    img = None
            self._sheets[path] = img
        return self._sheets[path]

    def tile(self, gid: int) -> pygame.Surface | None:
        if gid in self._tiles:
            return self._tiles[gid]
        info: TileImage | None = self.tmap.tiles.get(gid)
        surf = None
        if info is not None:
            sheet = self._sheet(Path(info.image))
            if sheet is not None:
                rect = pygame.Rect(info.rect)
                if sheet.get_rect().contains(rect):
                    surf = sheet.subsurface(rect).copy()
                    if info.flip_d:
                        surf = pygame.transform.flip(pygame.transform.rotate(surf, 270), True, False)
                    if info.flip_h or info.flip_v:
                        surf = pygame.transform.flip(surf, info.flip_h, info.flip_v)
                    surf = colour_key(surf, info.trans)  # Tiled's trans="ff00ff" (game/ui/iso.py)
        self._tiles[gid] = surf
        return surf


def _grid_colours(tmap: TacticalMap) -> np.ndarray:
    """(w, h, 3) colours from the rules grids, for maps without tile art."""
    rgb = np.empty((tmap.width, tmap.height, 3), np.uint8)
    rgb[:] = _FLOOR
    # a little checker so distances read at a glance
    checker = (np.add.outer(np.arange(tmap.width), np.arange(tmap.height)) % 2).astype(bool)
    rgb[checker] = np.array(_FLOOR) + 6
    for kind, colour in _COVER.items():
        rgb[tmap.cover == int(kind)] = colour
    rgb[~tmap.walkable] = _WALL
    return rgb


def render_map(tmap: TacticalMap, grid: bool = True) -> pygame.Surface:
    """The whole map at one pixel per pixel of its tiles, layers in file order."""
    if is_isometric(tmap):  # diamonds, back to front (render_iso_map, below)
        return render_iso_map(tmap, grid)
    tw, th = tmap.tile_width, tmap.tile_height
    surf = pygame.Surface((tmap.width * tw, tmap.height * th))
    drawn = False
    if tmap.render_layers and tmap.tiles:
        source = TileSource(tmap)
        surf.fill((0, 0, 0))
        for layer in tmap.render_layers:
            target = surf
            if layer.opacity < 1.0:
                target = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            ox, oy = layer.offset
            xs, ys = np.nonzero(layer.gids)
            for x, y in zip(xs.tolist(), ys.tolist()):
                img = source.tile(int(layer.gids[x, y]))
                if img is None:
                    continue
                drawn = True
                # tiles taller than the grid stand on their cell's bottom edge (Tiled's rule)
                tox, toy = tmap.tiles[int(layer.gids[x, y])].offset  # the tileset's <tileoffset>
                target.blit(img, (x * tw + ox + tox, (y + 1) * th - img.get_height() + oy + toy))
            if target is not surf:
                target.set_alpha(int(layer.opacity * 255))
                surf.blit(target, (0, 0))
    if not drawn:
        small = pygame.surfarray.make_surface(_grid_colours(tmap))
        surf = pygame.transform.scale(small, (tmap.width * tw, tmap.height * th))
    if grid:
        lines = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        colour = (0, 0, 0, GRID_ALPHA)
        for x in range(1, tmap.width):
            pygame.draw.line(lines, colour, (x * tw, 0), (x * tw, surf.get_height()))
        for y in range(1, tmap.height):
            pygame.draw.line(lines, colour, (0, y * th), (surf.get_width(), y * th))
        surf.blit(lines, (0, 0))
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    return surf


def thumbnail(tmap: TacticalMap, box: tuple[int, int], colour_of=None) -> pygame.Surface:
    """A small picture of the map with each spawn as a dot in its team's colour."""
    full = render_map(tmap, grid=False)
    scale = min(box[0] / full.get_width(), box[1] / full.get_height())
    size = (max(1, int(full.get_width() * scale)), max(1, int(full.get_height() * scale)))
    thumb = pygame.transform.smoothscale(full, size)
    for s in tmap.spawns:
        px, py = map_point(tmap, s.x + 0.5, s.y + 0.5)  # either projection (game/ui/iso.py)
        cx, cy = int(px * scale), int(py * scale)
        c = colour_of(s.team) if colour_of else (255, 255, 255)
        pygame.draw.circle(thumb, (0, 0, 0), (cx, cy), 4)
        pygame.draw.circle(thumb, c, (cx, cy), 3)
    return thumb


# --- isometric maps: diamonds, back to front (game/ui/iso.py has the projection) ---
def _grid_colour(tmap: TacticalMap, x: int, y: int) -> tuple[int, int, int]:
    if not tmap.walkable[x, y]:
        return _WALL
    return _COVER.get(int(tmap.cover[x, y]), tuple(v + 6 * ((x + y) % 2) for v in _FLOOR))


def render_iso_map(tmap: TacticalMap, grid: bool = True, only: np.ndarray | None = None) -> pygame.Surface:
    """The whole isometric map, layers in file order, tiles back to front; with `only`
    (a mask of tiles), just those tiles' pictures on a clear surface."""
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
