"""The combat log: every event's own description (every die, every modifier), scrollable."""

from __future__ import annotations

import pygame

from game.ui import theme

SIZE = 13
LINE_H = 17


def event_colour(event, team_of=None):
    kind = type(event).__name__
    if kind in ("RoundStarted", "BattleEnded"):
        return theme.ACCENT
    if kind == "TurnStarted":
        team = team_of(event.unit) if team_of else None
        return theme.team_colour(team) if team else theme.TEXT
    if kind in ("Damaged", "DamageRolled"):
        return (255, 150, 140)
    if kind == "OutOfFightEvent":
        return theme.BAD
    if hasattr(event, "hit"):
        return theme.TEXT if event.hit else theme.DIM
    if kind in ("Moved",):
        return (170, 190, 215)
    return (200, 204, 214)


class LogPanel:
    def __init__(self) -> None:
        self.entries: list[tuple[str, tuple]] = []
        self.scroll = 0          # lines up from the newest; 0 follows the battle
        self.rect = pygame.Rect(0, 0, 10, 10)
        self._lines: list[tuple[str, tuple]] = []
        self._wrapped_for = (-1, -1)
        self._surface: pygame.Surface | None = None
        self._surface_key = None

    def clear(self) -> None:
        self.entries.clear()
        self.scroll = 0
        self._wrapped_for = (-1, -1)

    def add_events(self, events, team_of=None) -> None:
        for ev in events:
            try:
                text = ev.describe()
            except Exception as exc:  # a describe() bug must not hide the rest of the log
                text = f"{type(ev).__name__} (cannot describe: {exc})"
            indent = type(ev).__name__ not in ("RoundStarted", "TurnStarted", "BattleEnded")
            self.entries.append((("   " if indent else "") + text, event_colour(ev, team_of)))
        if self.scroll:
            self.scroll += 0  # a reader scrolled up keeps their place

    def add_text(self, text: str, colour=theme.DIM) -> None:
        self.entries.append((text, colour))

    def _wrap(self, width: int) -> None:
        if self._wrapped_for == (width, len(self.entries)):
            return
        start = 0
        if self._wrapped_for[0] == width:
            start = self._wrapped_for[1]
        else:
            self._lines = []
        indent = theme.font(SIZE).size("      ")[0]
        for text, colour in self.entries[start:]:
            # continuation lines are indented, so every line is wrapped short enough for that
            for i, line in enumerate(theme.wrap(text, width - 16 - indent, SIZE)):
                self._lines.append(((line if i == 0 else "      " + line), colour))
        self._wrapped_for = (width, len(self.entries))

    @property
    def visible_lines(self) -> int:
        return max(1, (self.rect.h - 30) // LINE_H)

    def scroll_by(self, lines: int) -> None:
        self._wrap(self.rect.w)
        top = max(0, len(self._lines) - self.visible_lines)
        self.scroll = max(0, min(top, self.scroll + lines))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, title: str = "Combat log") -> None:
        self.rect = rect
        self._wrap(rect.w)
        key = (rect.size, len(self._lines), self.scroll, title)
        if self._surface is None or self._surface_key != key:
            self._surface = self._render(rect, title)
            self._surface_key = key
        surface.blit(self._surface, rect.topleft)

    def _render(self, rect: pygame.Rect, title: str) -> pygame.Surface:
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        theme.panel(surf, surf.get_rect())
        surf.blit(theme.text(title, 14, theme.ACCENT, bold=True), (8, 4))
        if self.scroll:
            surf.blit(theme.text(f"▲ {self.scroll} newer below · End", 12, theme.WARN), (rect.w - 190, 6))
        n = self.visible_lines
        end = len(self._lines) - self.scroll
        y = 26
        for text, colour in self._lines[max(0, end - n):end]:
            surf.blit(theme.text(text, SIZE, colour), (8, y))
            y += LINE_H
        return surf
