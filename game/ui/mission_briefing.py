"""The briefing: what a scenario asks of each side, shown before its battle begins.

A screen between the menu and the battle (screens are states: it is handed the way on
and the way back, and imports neither). It shows the mission's name, the designer's
briefing, how the mission is won (mission_words.rules_lines: the engine's rules in
words) and the sides with who plays them. Enter, Space or "Begin" starts the battle;
Esc or "Back" closes the unplayed battle and returns to the menu.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

import pygame

from game.engine import objectives
from game.ui import theme
from game.ui.mission_words import rules_lines, sides
from game.ui.screen import Screen

MAX_W = 760  # the text column: lines longer than this are hard to read on a wide window


class BriefingScreen(Screen):
    title = "Briefing"

    def __init__(self, app, battle: Any, begin: Callable[[], Screen], back: Screen | None,
                 players: dict[int, str] | None = None) -> None:
        super().__init__(app)
        self.battle = battle
        self.scenario = battle.scenario  # as its ruleset plays it (its own clock and points)
        self._begin, self._back = begin, back
        self.players = players or {}
        self.buttons: dict[str, pygame.Rect] = {}

    # --- input ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.begin()
            elif event.key == pygame.K_ESCAPE:
                self.back()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for name, rect in self.buttons.items():
                if rect.collidepoint(event.pos):
                    self.begin() if name == "begin" else self.back()

    def begin(self) -> None:
        self.next = self._begin()

    def back(self) -> None:
        if self._back is None:
            return
        self.battle.close()  # never played: nothing else holds it
        self.next = self._back

    def help_lines(self) -> list[tuple[str, str]]:
        return [("Enter / Space", "begin the battle"), ("Esc", "back to the menu")]

    # --- drawing -------------------------------------------------------------------------
    def lines(self) -> list[tuple[str, int, tuple, bool]]:
        """(text, size, colour, bold) from top to bottom, before wrapping."""
        s = self.scenario
        out = [(s.name, 26, theme.ACCENT, True),
               (f"{self.battle.map.name} · {self.battle.ruleset.name}", 14, theme.DIM, False),
               ("", 8, theme.TEXT, False)]
        out += [(para, 16, theme.TEXT, False) for para in (s.briefing or "").split("\n") if para.strip()]
        out += [("", 8, theme.TEXT, False), ("How to win", 16, theme.ACCENT, True)]
        vips = {self.battle.team(u): self.battle.name(u) for u in self.battle.units()
                if self.battle.has(u, objectives.Vip)}
        out += [("• " + line, 14, theme.TEXT, False) for line in rules_lines(s, self.battle.max_rounds, vips)]
        who = ", ".join(f"side {t}: {p}" for t, p in sorted(self.players.items()))
        out += [("", 8, theme.TEXT, False), ("Sides: " + sides(self.battle.map, Counter(o.team for o in self.battle.orders)), 14, theme.DIM, False)]
        if who:
            out.append(("Played by " + who, 14, theme.DIM, False))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        col = min(MAX_W, w - 80)
        x = (w - col) // 2
        rows = []
        for text, size, colour, bold in self.lines():
            for part in (theme.wrap(text, col, size, bold) if text else [""]):
                rows.append((part, size, colour, bold))
        height = sum(_row_h(size) for _, size, _, _ in rows)
        box = pygame.Rect(x - 24, max(12, (h - height - 90) // 2), col + 48, height + 90)
        box.h = min(box.h, h - box.y - 12)
        theme.panel(surface, box, alpha=False, edge=theme.ACCENT)
        y = box.y + 20
        for part, size, colour, bold in rows:
            if y + _row_h(size) > box.bottom - 52:
                break  # a briefing too long for this window is cut, the buttons stay
            if part:
                surface.blit(theme.text(part, size, colour, bold), (x, y))
            y += _row_h(size)
        mouse = self.app.mouse
        begin = pygame.Rect(box.right - 24 - 150, box.bottom - 44, 150, 32)
        self.buttons = {"begin": begin}
        theme.button(surface, begin, "Begin (Enter)", hover=begin.collidepoint(mouse), size=14)
        if self._back is not None:
            back = pygame.Rect(box.x + 24, box.bottom - 44, 120, 32)
            self.buttons["back"] = back
            theme.button(surface, back, "Back (Esc)", hover=back.collidepoint(mouse), size=14)


def _row_h(size: int) -> int:
    return int(size * 1.45) + 2
