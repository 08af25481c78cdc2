"""The `?` overlay: every key of the current screen, plus the window's own."""

from __future__ import annotations

import pygame

from game.ui import theme

GLOBAL_KEYS = [("? or F1", "show or hide this help"), ("Ctrl+Q", "quit the game")]
SIZE, ROW = 13, 19


def draw_help(surface: pygame.Surface, title: str, lines: list[tuple[str, str]]) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surface.blit(shade, (0, 0))
    rows = lines + [("", "")] + GLOBAL_KEYS
    sw, sh = surface.get_size()
    key_w = max(theme.font(SIZE, True).size(k)[0] for k, _ in rows) + 18
    desc_w = max(theme.font(SIZE).size(d)[0] for _, d in rows) + 10
    fit = max(1, (sh - 130) // ROW)
    cols = 1 if len(rows) <= fit else 2
    per_col = -(-len(rows) // cols)
    col_w = min(key_w + desc_w, (sw - 80) // cols)
    rect = pygame.Rect(0, 0, col_w * cols + 32 + 20 * (cols - 1), 96 + per_col * ROW)
    rect.center = surface.get_rect().center
    theme.panel(surface, rect, alpha=False, edge=theme.ACCENT)
    surface.blit(theme.text(f"Keys — {title}", 20, theme.ACCENT, bold=True), (rect.x + 16, rect.y + 12))
    for i, (keys, what) in enumerate(rows):
        c, r = divmod(i, per_col)
        x, y = rect.x + 16 + c * (col_w + 20), rect.y + 50 + r * ROW
        surface.blit(theme.text(keys, SIZE, theme.ACCENT, bold=True), (x, y))
        room = col_w - key_w
        while what and theme.font(SIZE).size(what)[0] > room:
            what = what[:-2] + "…"
        surface.blit(theme.text(what, SIZE, theme.TEXT), (x + key_w, y))
    hint = theme.text("Press ? or Esc to close", 13, theme.DIM)
    surface.blit(hint, (rect.right - hint.get_width() - 14, rect.bottom - 26))
