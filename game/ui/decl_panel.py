"""The declarations column: a part of the battle screen with its own state and rectangle.

While units declare (fate, and every ruleset's DECLARE decisions) a column over the
board's left edge lists who has declared what this turn, the unit declaring now, and
those still to declare (`battle_frame.decl_rows` words them under fog). Its title
folds it to one line and back; folded, the camera may use the board behind it
(`battle_layout.Moment.decl_folded`). The earliest lines give way when it is full.
"""

from __future__ import annotations

import pygame

from game.ui import theme

SIZE, LINE_H = 12, 16


class DeclarationsPanel:
    def __init__(self) -> None:
        self.folded = False
        self.rect: pygame.Rect | None = None        # as drawn (its height follows its lines)
        self.title_rect: pygame.Rect | None = None  # a click here folds or unfolds it

    def draw(self, surface: pygame.Surface, room: pygame.Rect, title: str, rows) -> None:
        """`rows`: (indent, text, colour, bold), in the order to read; `room`: the most
        it may take."""
        lines: list[tuple[int, str, tuple, bool]] = []
        for indent, text, colour, bold in rows:
            first, *rest = theme.wrap(text, room.w - 20 - indent * 14, SIZE, bold)
            lines.append((indent * 14, first, colour, bold))
            if rest:  # continuation lines sit a little further in
                for ln in theme.wrap(" ".join(rest), room.w - 30 - indent * 14, SIZE, bold):
                    lines.append((indent * 14 + 10, ln, colour, bold))
        fits = max(1, (room.h - 34) // LINE_H)
        if len(lines) > fits:  # the earliest declarations give way
            cut = len(lines) - fits + 1
            lines = [(0, f"… {cut} earlier line{'s' if cut != 1 else ''}", theme.FAINT, False)] + lines[cut:]
        h = 30 if self.folded else min(room.h, 34 + LINE_H * len(lines))
        box = self.rect = pygame.Rect(room.x, room.y, room.w, h)
        theme.panel(surface, box, edge=theme.ACCENT)
        self.title_rect = pygame.Rect(box.x, box.y, box.w, 26)
        surface.blit(theme.text(title, 14, theme.ACCENT, bold=True), (box.x + 10, box.y + 6))
        fold = theme.text("show" if self.folded else "hide", 11, theme.DIM)
        surface.blit(fold, (box.right - fold.get_width() - 8, box.y + 9))
        if self.folded:
            return
        y = box.y + 28
        for indent, text, colour, bold in lines:
            surface.blit(theme.text(text, SIZE, colour, bold=bold), (box.x + 10 + indent, y))
            y += LINE_H

    def hide(self) -> None:
        self.rect = self.title_rect = None

    def click(self, pos) -> bool:
        """A click on its title folds or unfolds it; True when the click was its."""
        if self.title_rect is not None and self.title_rect.collidepoint(pos):
            self.folded = not self.folded
            return True
        return False
