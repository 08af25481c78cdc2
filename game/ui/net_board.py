"""The network battle's board, drawn from what a seat is sent: no Battle.

The map's tiles come from the player's own copy of the map the server names (the
terrain is no secret: the fog hides units); without it, a plain grid of the map's size.
Units are the view's list (`id`, `name`, `team`, `tile`, `active`, `hp`, `max_hp`),
drawn with the battle screen's token (game/ui/hud.py). Under fog, the tiles the side's
own units do not see are shaded, worked out from the same sight rule the server uses
(game/ui/fog_words.side_sight) over the units the view lists.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.hud import token
from game.ui.snapshot import UnitView

FOG_SHADE = (0, 0, 0, 120)


def load_local_map(ref: str) -> Any | None:
    """The TacticalMap the server names, if this machine has it; else None."""
    from game.errors import InputError
    from game.replay import resolve_map
    from game.world.tiled import load_map
    try:
        return load_map(resolve_map(ref))
    except (InputError, OSError, ValueError):
        return None


class NetBoard:
    """Where the board sits in the window, and its drawing; `tile_at` reads a click."""

    def __init__(self, tmap: Any | None, size: tuple[int, int]) -> None:
        self.tmap = tmap
        self.size = size                   # the map's width and height in tiles
        self._full: pygame.Surface | None = None
        self._scaled: tuple[tuple, pygame.Surface] | None = None
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.scale = 1.0
        self._fog: tuple[tuple, pygame.Surface] | None = None  # the last shade drawn, by eyes and size
        self._zones: tuple[tuple, pygame.Surface] | None = None  # the mission's zones drawn, by state and place

    @property
    def iso(self) -> bool:
        from game.ui.iso import is_isometric
        return self.tmap is not None and is_isometric(self.tmap)

    def _picture(self) -> pygame.Surface:
        if self._full is None:
            if self.tmap is not None:
                from game.ui.tilemap import render_map
                self._full = render_map(self.tmap)
            else:  # no local copy of the map: a plain grid of its size
                w, h = self.size
                self._full = pygame.Surface((w * 16, h * 16))
                self._full.fill((52, 60, 48))
                for x in range(w + 1):
                    pygame.draw.line(self._full, (40, 46, 38), (x * 16, 0), (x * 16, h * 16))
                for y in range(h + 1):
                    pygame.draw.line(self._full, (40, 46, 38), (0, y * 16), (w * 16, y * 16))
        return self._full

    def place(self, area: pygame.Rect) -> None:
        """Fit the whole map into `area`, keeping its shape."""
        full = self._picture()
        self.scale = min(area.w / full.get_width(), area.h / full.get_height())
        size = (max(1, int(full.get_width() * self.scale)), max(1, int(full.get_height() * self.scale)))
        self.rect = pygame.Rect(0, 0, *size)
        self.rect.center = area.center
        if self._scaled is None or self._scaled[0] != size:
            self._scaled = (size, pygame.transform.smoothscale(full, size))

    def centre(self, tile) -> tuple[int, int]:
        x, y = tile
        return self.point(x + 0.5, y + 0.5)

    def point(self, x: float, y: float) -> tuple[int, int]:
        """The screen pixel of a (fractional) tile point, either projection."""
        if self.tmap is not None:
            from game.ui.iso import map_point
            px, py = map_point(self.tmap, x, y)
        else:
            px, py = x * 16, y * 16
        return int(self.rect.x + px * self.scale), int(self.rect.y + py * self.scale)

    def outline(self, tile) -> list[tuple[int, int]]:
        """The tile's corners going round from its (x, y) corner: a square, or a
        diamond on an isometric map. Edge i borders the tile north, east, south, west."""
        x, y = tile
        return [self.point(x, y), self.point(x + 1, y), self.point(x + 1, y + 1), self.point(x, y + 1)]

    def cell(self) -> float:
        """A tile's width on screen."""
        tw = self.tmap.tile_width if self.tmap is not None else 16
        return tw * self.scale

    def nearest(self, pos, tiles) -> Any | None:
        """The tile of `tiles` whose centre is nearest `pos`, within half a tile's width."""
        best, reach = None, (self.cell() * 0.6) ** 2
        for t in tiles:
            cx, cy = self.centre(t)
            d = (cx - pos[0]) ** 2 + (cy - pos[1]) ** 2
            if d <= reach and (best is None or d < best[0]):
                best = (d, t)
        return None if best is None else best[1]

    def draw(self, surface: pygame.Surface, units: list[dict], side: int, fog: bool,
             tiles: list | None = None, unit_targets: list[int] | None = None, actor: int | None = None,
             offensive: bool = False, mission: dict | None = None) -> None:
        surface.blit(self._scaled[1], self.rect.topleft)
        if fog and side and self.tmap is not None and not self.iso:
            self._shade(surface, [tuple(u["tile"]) for u in units if u["team"] == side and u["active"]])
        if mission is not None and mission["zones"]:
            self._draw_zones(surface, mission)
        cell = self.cell()
        for t in tiles or ():
            cx, cy = self.centre(t)
            half = max(2, int(cell / 2) - 1)
            mark = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
            mark.fill(theme.TARGET_TILE if offensive else theme.MOVE_BANDS[0])
            surface.blit(mark, (cx - half, cy - half))
        r = max(5, int(cell * 0.38))
        for u in sorted(units, key=lambda u: (u["active"], u["id"])):
            centre = self.centre(u["tile"])
            view = UnitView(u["id"], u["name"], u["team"], tuple(u["tile"]), u.get("hp"), u.get("max_hp"),
                            bool(u["active"]), "standing" if u["active"] else "fallen", "")
            if unit_targets and u["id"] in unit_targets:
                pygame.draw.circle(surface, theme.BAD, centre, r + 6, 3)
            token(surface, centre, r, view, highlight=u["id"] == actor)
            if u.get("vip"):
                from game.ui.net_mission import draw_vip_tag
                draw_vip_tag(surface, centre, r)
            frac = view.health_fraction
            if frac is not None and u["active"]:
                bar = pygame.Rect(centre[0] - r, centre[1] + r + 2, 2 * r, max(2, r // 4))
                pygame.draw.rect(surface, (30, 30, 30), bar)
                pygame.draw.rect(surface, theme.GOOD if frac > 0.5 else theme.WARN if frac > 0.25 else theme.BAD,
                                 (bar.x, bar.y, int(bar.w * frac), bar.h))

    def _shade(self, surface: pygame.Surface, eyes: list[tuple[int, int]]) -> None:
        key = (tuple(sorted(eyes)), self.rect.size)
        if self._fog is None or self._fog[0] != key:  # the sight changes only when a view comes
            import numpy as np
            from game.ui.fog_words import side_sight
            seen = side_sight(self.tmap, eyes)
            small = pygame.Surface(seen.shape, pygame.SRCALPHA)
            small.fill((0, 0, 0, 255))
            alpha = pygame.surfarray.pixels_alpha(small)
            alpha[:] = np.where(seen, 0, FOG_SHADE[3]).astype(np.uint8)
            del alpha  # unlock the surface
            self._fog = (key, pygame.transform.scale(small, self.rect.size))
        surface.blit(self._fog[1], self.rect.topleft)

    def _draw_zones(self, surface: pygame.Surface, mission: dict) -> None:
        """The mission's zones (game/ui/net_mission.py), drawn again only when a zone's
        holder, the board's place or the side colours change."""
        from game.ui.net_mission import draw_zones
        key = (tuple((z["name"], tuple(z.get("seen_in") or ())) for z in mission["zones"]), tuple(self.rect),
               surface.get_size(), theme.team_colour(1), theme.team_colour(2))
        if self._zones is None or self._zones[0] != key:
            layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            draw_zones(layer, self, mission)
            self._zones = (key, layer)
        surface.blit(self._zones[1], (0, 0))
