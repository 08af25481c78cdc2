"""A yes/no question over the battle: ending a turn with actions left, leaving a battle
in progress, loading over it. Enter or Y answers yes, Esc or N no; a question that
offers it has "don't ask again" (D), kept in the settings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from game.ui import theme


@dataclass
class Question:
    text: str
    on_yes: Callable[[], None]
    setting: str | None = None      # the Settings flag "don't ask again" clears
    dont_ask: bool = False

    def handle(self, event, settings) -> bool | None:
        """True: answered yes; False: no; None: still asking."""
        if event.type == pygame.KEYDOWN:
            ch = (getattr(event, "unicode", "") or "").lower()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) or ch == "y":
                return self._yes(settings)
            if event.key == pygame.K_ESCAPE or ch == "n":
                return False
            if ch == "d" and self.setting:
                self.dont_ask = not self.dont_ask
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for name, r in getattr(self, "rects", {}).items():
                if r.collidepoint(event.pos):
                    if name == "yes":
                        return self._yes(settings)
                    if name == "no":
                        return False
                    if name == "dont":
                        self.dont_ask = not self.dont_ask
            return None
        return None

    def _yes(self, settings) -> bool:
        if self.dont_ask and self.setting and settings is not None:
            setattr(settings, self.setting, False)
        self.on_yes()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        lines = theme.wrap(self.text, 440, 16)
        rect = pygame.Rect(0, 0, 480, 110 + 22 * len(lines) + (26 if self.setting else 0))
        rect.center = surface.get_rect().center
        theme.panel(surface, rect, alpha=False, edge=theme.ACCENT)
        y = rect.y + 18
        for ln in lines:
            surface.blit(theme.text(ln, 16, theme.TEXT), (rect.x + 20, y))
            y += 22
        self.rects = {}
        if self.setting:
            box = pygame.Rect(rect.x + 20, y + 6, 16, 16)
            pygame.draw.rect(surface, theme.TEXT, box, 1)
            if self.dont_ask:
                pygame.draw.line(surface, theme.ACCENT, (box.x + 3, box.centery), (box.centerx, box.bottom - 3), 2)
                pygame.draw.line(surface, theme.ACCENT, (box.centerx, box.bottom - 3), (box.right - 3, box.y + 3), 2)
            surface.blit(theme.text("Don't ask again (D)", 13, theme.DIM), (box.right + 8, box.y))
            self.rects["dont"] = pygame.Rect(box.x, box.y, 200, 18)
            y += 26
        yes = pygame.Rect(rect.x + 20, rect.bottom - 54, 200, 38)
        no = pygame.Rect(rect.right - 220, rect.bottom - 54, 200, 38)
        theme.button(surface, yes, "Yes (Enter)", armed=True, size=15)
        theme.button(surface, no, "No (Esc)", size=15)
        self.rects.update(yes=yes, no=no)
