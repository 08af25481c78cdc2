"""The minimap: a part of the battle screen with its own state and rectangle.

The whole map small, heading the right column when the map is larger than the board:
the units the side at the keyboard sees as dots, its fog as on the board, the camera's
view as a frame. A click there centres the board on the tile clicked. Positions go
through the camera's own world mapping (`world_centre`, `world_tile`), so on an
isometric map the dots sit on the diamonds' picture and a click picks the diamond
(before, they were placed as on a square grid: on The Courtyard the dots fell on the
picture's corners).
"""

from __future__ import annotations

import pygame

from game.ui import theme


class Minimap:
    def __init__(self) -> None:
        self.rect: pygame.Rect | None = None    # where it was last drawn (None: not shown)
        self.image_rect: pygame.Rect | None = None
        self.scale = 1.0
        self._picture: pygame.Surface | None = None
        self._fog: pygame.Surface | None = None
        self._key: tuple | None = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, board, units, fogged: bool) -> None:
        """`units`: (tile, team) of the units to mark; `fogged`: draw the board's fog."""
        cam = board.camera
        key = (rect.size, board._version)
        if self._key != key:   # the map's picture and its fog, shrunk once a size and a board state
            self.scale = min(rect.w / cam.world_w, rect.h / cam.world_h)
            size = (max(1, int(cam.world_w * self.scale)), max(1, int(cam.world_h * self.scale)))
            self._picture = pygame.transform.smoothscale(board.base, size)
            self._fog = None if board.fog.empty else self._fog_picture(board, size)
            self._key = key
        self.rect = rect
        pygame.draw.rect(surface, (12, 14, 18), rect)
        at = self.image_rect = self._picture.get_rect(center=rect.center)
        surface.blit(self._picture, at)
        if fogged and self._fog is not None:   # the fog, as on the board
            surface.blit(self._fog, at)
        for tile, team in units:
            wx, wy = cam.world_centre(tile)
            pygame.draw.circle(surface, theme.team_colour(team),
                               (at.x + int(wx * self.scale), at.y + int(wy * self.scale)), 3)
        sx, sy, sw, sh = cam._safe()
        x0, y0 = cam.to_world(sx, sy)
        frame = pygame.Rect(at.x + int(x0 * self.scale), at.y + int(y0 * self.scale),
                            int(sw / cam.zoom * self.scale), int(sh / cam.zoom * self.scale))
        pygame.draw.rect(surface, (255, 255, 255), frame.clip(at), 1)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1)

    def _fog_picture(self, board, size) -> pygame.Surface:
        """The board's fog at the minimap's scale: its one-pixel-a-tile layer stretched
        on a square map, a diamond a fogged tile on an isometric one."""
        proj = getattr(board.camera, "proj", None)
        if proj is None:
            return pygame.transform.scale(board.fog.surface, size)
        out = pygame.Surface(size, pygame.SRCALPHA)
        alpha = pygame.surfarray.array_alpha(board.fog.surface)
        for x, y in zip(*alpha.nonzero()):
            colour = board.fog.surface.get_at((int(x), int(y)))
            pygame.draw.polygon(out, colour, [(px * self.scale, py * self.scale)
                                              for px, py in proj.diamond(int(x), int(y))])
        return out

    def tile_at(self, pos, camera) -> tuple[int, int] | None:
        """The tile a click at `pos` picks on the minimap (None: not on its picture)."""
        at = self.image_rect
        if self.rect is None or at is None or not at.collidepoint(pos):
            return None
        return camera.world_tile((pos[0] - at.x) / self.scale, (pos[1] - at.y) / self.scale)

    def hide(self) -> None:
        self.rect = self.image_rect = None
