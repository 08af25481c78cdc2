"""The combat log: every event's own description (every die, every modifier), scrollable.

Two things a battle screen may ask of it:

- **Step by step**: lines added while an animation plays are held back (`hold_from`)
  and revealed one by one as the animation reaches their event (`reveal`); `entries`
  always holds every line at once.
- **Per side** (hotseat under fog of war): a line may carry, for some sides, a
  replacement (or None: that side does not read it); `draw` is told whose log to show.
"""

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
        self.alts: list[dict | None] = []   # per entry: {side: replacement line or None}
        self.limit: int | None = None       # entries from this index on are not shown yet
        self.viewer: int | None = None      # whose log is shown (hotseat under fog)
        self._wrapped_for: tuple = (-1, -1)
        self._surface: pygame.Surface | None = None
        self._surface_key = None

    def clear(self) -> None:
        self.entries.clear()
        self.alts.clear()
        self.limit = None
        self.scroll = 0
        self._wrapped_for = (-1, -1)

    def add_events(self, events, team_of=None, redact=None) -> None:
        """One line per event. `redact(event, line)` may return {side: replacement line
        or None} for sides that must not read the event's line as it is (it is called on
        the events in their order: it may follow the battle through them)."""
        from game.ui.log_words import reworded
        events = list(events)
        better = reworded(events)
        for i, ev in enumerate(events):
            try:
                text = better[i] if i in better else ev.describe()
            except Exception as exc:  # a describe() bug must not hide the rest of the log
                text = f"{type(ev).__name__} (cannot describe: {exc})"
            indent = type(ev).__name__ not in ("RoundStarted", "TurnStarted", "BattleEnded")
            pad = "   " if indent else ""
            alt = redact(ev, text) if redact is not None else None
            self.entries.append((pad + text, event_colour(ev, team_of)))
            self.alts.append({k: (pad + v if v is not None else None) for k, v in alt.items()} if alt else None)

    def add_text(self, text: str, colour=theme.DIM) -> None:
        self.entries.append((text, colour))
        self.alts.append(None)

    # --- step by step ----------------------------------------------------------------
    def hold_from(self, index: int) -> None:
        """Entries from `index` on wait to be revealed (those held already stay held)."""
        if self.limit is None and index < len(self.entries):
            self.limit = index

    def reveal(self, count: int) -> None:
        """Show the first `count` entries (every entry once they are all shown)."""
        if self.limit is not None:
            self.limit = max(self.limit, count)
            if self.limit >= len(self.entries):
                self.limit = None

    def reveal_all(self) -> None:
        self.limit = None

    def texts(self, viewer: int | None = None) -> list[str]:
        """The lines `viewer` reads now (None: every side's lines as they are)."""
        out = []
        for i, (text, _) in enumerate(self.entries[:self.limit]):
            alt = self.alts[i] if i < len(self.alts) else None
            if viewer is not None and alt and viewer in alt:
                text = alt[viewer]
            if text is not None:
                out.append(text)
        return out

    def _wrap(self, width: int) -> None:
        count = len(self.entries) if self.limit is None else self.limit
        key = (width, count, self.viewer)
        if self._wrapped_for == key:
            return
        start = 0
        if self._wrapped_for[0] == width and self._wrapped_for[2:] == (self.viewer,) and self._wrapped_for[1] <= count:
            start = self._wrapped_for[1]
        else:
            self._lines = []
        indent = theme.font(SIZE).size("      ")[0]
        while len(self.alts) < len(self.entries):  # entries appended from outside
            self.alts.append(None)
        for i in range(start, count):
            text, colour = self.entries[i]
            alt = self.alts[i]
            if self.viewer is not None and alt and self.viewer in alt:
                text = alt[self.viewer]
                if text is None:
                    continue
            # continuation lines are indented, so every line is wrapped short enough for that
            for k, line in enumerate(theme.wrap(text, width - 16 - indent, SIZE)):
                self._lines.append(((line if k == 0 else "      " + line), colour))
        self._wrapped_for = key

    @property
    def visible_lines(self) -> int:
        return max(1, (self.rect.h - 30) // LINE_H)

    def scroll_by(self, lines: int) -> None:
        self._wrap(self.rect.w)
        top = max(0, len(self._lines) - self.visible_lines)
        self.scroll = max(0, min(top, self.scroll + lines))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, title: str = "Combat log",
             viewer: int | None = None) -> None:
        if viewer != self.viewer:
            self.viewer, self.scroll = viewer, 0
        self.rect = rect
        self._wrap(rect.w)
        key = (rect.size, len(self._lines), self.scroll, title, self.viewer)
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
