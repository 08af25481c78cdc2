"""Opening a map by typing its path in the menu (key O), and remembering it.

The menu lists the shipped maps and the player's map folder (``game.world.catalog``);
any other .tmx is opened here: the player types a path (``~`` works), Enter loads it
(a bad map shows its one-line error and keeps the text for fixing), Esc cancels. The
menu adds an opened map to its list and remembers it in the settings as its path.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

import pygame

from game.ui import theme
from game.ui.screen import key_char

MAX_PATH = 1024


def remembered_map(name: str) -> Path | None:
    """The settings' map when it is a path to an existing .tmx file (else None)."""
    try:
        path = Path(os.path.expanduser(name))
        return path if path.suffix.lower() == ".tmx" and path.is_file() else None
    except (OSError, ValueError, RuntimeError):  # a NUL byte, a loop: not a map
        return None


class MapPathEntry:
    """A one-line text box over the menu; calls ``opened(path)`` with a map that loads."""

    def __init__(self, opened: Callable[[Path], None], start: str = "") -> None:
        self.opened = opened
        self.text = start
        self.error = ""
        self.done = False

    def handle(self, event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE:
            self.done = True
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.submit()
        elif event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        else:
            ch = key_char(event)
            if ch and len(self.text) < MAX_PATH:
                self.text += ch

    def submit(self) -> None:
        from game.errors import InputError
        from game.world.catalog import resolve_map
        from game.world.tiled import load_map
        text = self.text.strip()
        if not text:
            self.error = "Type the path of a .tmx file"
            return
        try:
            path = resolve_map(os.path.expanduser(text))
            load_map(path)
        except InputError as exc:
            self.error = str(exc)
            return
        except (OSError, ValueError) as exc:
            self.error = f"{text}: cannot be opened ({exc})"
            return
        self.done = True
        self.opened(Path(path))

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        rect = pygame.Rect(0, 0, min(760, surface.get_width() - 40), 170)
        rect.center = surface.get_rect().center
        theme.panel(surface, rect, alpha=False, edge=theme.ACCENT)
        surface.blit(theme.text("Open a map file (Enter open · Esc cancel)", 17, theme.ACCENT, bold=True),
                     (rect.x + 14, rect.y + 10))
        box = pygame.Rect(rect.x + 14, rect.y + 46, rect.w - 28, 34)
        pygame.draw.rect(surface, (24, 26, 34), box, border_radius=4)
        pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=4)
        shown = self.text + "|"
        img = theme.text(shown, 15, theme.TEXT)
        while img.get_width() > box.w - 16 and len(shown) > 1:  # keep the end in view
            shown = shown[1:]
            img = theme.text("…" + shown, 15, theme.TEXT)
        surface.blit(img, (box.x + 8, box.y + 8))
        hint = "a .tmx path, or the name of a map in your map folder"
        surface.blit(theme.text(hint, 13, theme.DIM), (rect.x + 14, rect.y + 88))
        for i, line in enumerate(theme.wrap(self.error, rect.w - 28, 13)[:3]):
            surface.blit(theme.text(line, 13, theme.BAD), (rect.x + 14, rect.y + 110 + 17 * i))
