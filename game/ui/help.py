"""The `?` overlay: every key of the current screen, plus the window's own."""

from __future__ import annotations

import pygame

from game.ui import theme

GLOBAL_KEYS = [("? or F1", "show or hide this help"), ("Ctrl+Q", "quit the game")]


def draw_help(surface: pygame.Surface, title: str, lines: list[tuple[str, str]]) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surface.blit(shade, (0, 0))
    rows = lines + [("", "")] + GLOBAL_KEYS
    w = min(surface.get_width() - 40, 760)
    cols = 2 if len(rows) > 22 and w >= 700 else 1
    per_col = -(-len(rows) // cols)
    h = min(surface.get_height() - 40, 90 + per_col * 21)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = surface.get_rect().center
    theme.panel(surface, rect, alpha=False, edge=theme.ACCENT)
    surface.blit(theme.text(f"Keys — {title}", 20, theme.ACCENT, bold=True), (rect.x + 16, rect.y + 12))
    col_w = (w - 32) // cols
    for i, (keys, what) in enumerate(rows):
        c, r = divmod(i, per_col)
        x, y = rect.x + 16 + c * col_w, rect.y + 50 + r * 21
        if y > rect.bottom - 40:
            break
        surface.blit(theme.text(keys, 14, theme.ACCENT, bold=True), (x, y))
        surface.blit(theme.text(what, 14, theme.TEXT), (x + min(150, col_w // 3), y))
    hint = theme.text("Press ? or Esc to close", 13, theme.DIM)
    surface.blit(hint, (rect.right - hint.get_width() - 14, rect.bottom - 24))
