"""The pause menu: a part of the battle screen with its own state and rectangle.

Esc (or the top bar's Menu button) lays it over the battle: resume, save, load,
settings, the main menu, quit. It keeps the item the keyboard is on and where each item
was drawn; a key or a click asks it (`handle`) which item was chosen, by its name, and
the screen does it (asking first where something would be lost).
"""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.screen import key_char

#: (label, what it does), in the menu's order; a label's first letter picks it
ITEMS = (("Resume", "resume"), ("Save battle (F5)", "save"), ("Load last save (F9)", "load"),
         ("Settings", "settings"), ("Main menu", "menu"), ("Quit", "quit"))


class PauseMenu:
    def __init__(self) -> None:
        self.index = 0     # the item the keyboard is on
        self.buttons: list[pygame.Rect] = []   # each item's rect as drawn (none: not shown)

    def labels(self) -> list[str]:
        return [label for label, _ in ITEMS]

    def hide(self) -> None:
        self.buttons = []

    def handle(self, event) -> str | None:
        """What a key or a click chose ("resume" for Esc), or None."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return "resume"
            if event.key in (pygame.K_UP, pygame.K_w):
                self.index = (self.index - 1) % len(ITEMS)
            elif event.key in (pygame.K_DOWN, pygame.K_s):
                self.index = (self.index + 1) % len(ITEMS)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return ITEMS[self.index][1]
            else:
                ch = key_char(event).lower()
                return next((action for label, action in ITEMS if label[0].lower() == ch), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return next((ITEMS[i][1] for i, r in enumerate(self.buttons) if r.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEMOTION:
            for i, r in enumerate(self.buttons):
                if r.collidepoint(event.pos):
                    self.index = i
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        rect = pygame.Rect(0, 0, 320, 70 + 46 * len(ITEMS))
        rect.center = surface.get_rect().center
        theme.panel(surface, rect, alpha=False, edge=theme.ACCENT)
        surface.blit(theme.text("Paused", 22, theme.ACCENT, bold=True), (rect.x + 18, rect.y + 12))
        self.buttons = []
        for i, (label, _) in enumerate(ITEMS):
            r = pygame.Rect(rect.x + 18, rect.y + 56 + 46 * i, rect.w - 36, 38)
            theme.button(surface, r, label, hover=i == self.index, armed=i == self.index, size=15)
            self.buttons.append(r)
