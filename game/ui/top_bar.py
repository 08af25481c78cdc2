"""The top bar: a part of the battle screen with its own state and rectangle.

The round, the turn order (who has acted this round dims, and comes first), what the
side deciding is doing, the speed buttons and the Menu button. It keeps where each of
its buttons and tokens was drawn, so a click asks it (`hit`) what was pressed; and who
has acted this round, read from the log once a log length.
"""

from __future__ import annotations

import pygame

from game.ui import hud, theme
from game.ui.settings import SPEEDS


class TopBar:
    def __init__(self) -> None:
        self.rect: pygame.Rect | None = None
        self.speeds: list[tuple[pygame.Rect, float]] = []
        self.menu: pygame.Rect | None = None
        self.tokens: dict[int, pygame.Rect] = {}
        #: a ruleset's own announced order for the round (five-by-five's TurnOrder), if any
        self.announced: list[int] | None = None
        self._acted: list[int] = []
        self._acted_key: int | None = None

    def acted_this_round(self, log) -> list[int]:
        """Who has taken a turn since the round began, in the order they took it (the
        log's TurnStarted events): the turn-order bar follows the battle's real order."""
        key = len(log)
        if self._acted_key != key:
            from game.engine.events import RoundStarted, TurnStarted
            out: list[int] = []
            self.announced = None
            for ev in reversed(log):
                entries = getattr(ev, "entries", None)   # a ruleset's "turn order" event (5x5)
                if self.announced is None and type(ev).__name__ == "TurnOrder" and entries:
                    self.announced = [e[0] for e in entries]
                if isinstance(ev, RoundStarted):
                    break
                # (mahou names its own turn event TurnBegan)
                turn = isinstance(ev, TurnStarted) or type(ev).__name__ == "TurnBegan"
                if turn and getattr(ev, "unit", None) not in out:
                    out.append(ev.unit)
            self._acted, self._acted_key = out[::-1], key
        return self._acted

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, view, shown, status: str, *, done=None,
             colour=theme.TEXT, acted=None, speed: float, mouse) -> None:
        """`done`: the units to dim instead of those that acted (declared, say);
        `acted`: who has acted this round (None while a turn plays out)."""
        self.rect = rect
        w = surface.get_width()
        x = w - 6 - 4 * 58 - 70
        self.speeds = []
        for s in SPEEDS:
            self.speeds.append((pygame.Rect(x, rect.y + 7, 54, 26), s))
            x += 58
        self.menu = pygame.Rect(w - 72, rect.y + 7, 66, 26)
        self.tokens = hud.top_bar(surface, rect, view, shown, status, self.speeds, done, colour, acted,
                                  self.announced)
        hud.speed_buttons(surface, self.speeds, speed, mouse)
        theme.button(surface, self.menu, "Menu", hover=self.menu.collidepoint(mouse), size=13)

    def hit(self, pos) -> tuple[str, object] | None:
        """What a click at `pos` pressed: ("speed", s), ("menu", None), ("unit", id), or None."""
        for r, s in self.speeds:
            if r.collidepoint(pos):
                return "speed", s
        if self.menu is not None and self.menu.collidepoint(pos):
            return "menu", None
        for unit, r in self.tokens.items():
            if r.collidepoint(pos):
                return "unit", unit
        return None
