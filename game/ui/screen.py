"""Screens are states: each handles events, updates, draws, and names the next one,
made through `app.screens` (game/ui/screens.py)."""

from __future__ import annotations

from typing import Any

import pygame


class Screen:
    """One state of the window (menu, battle, hand-over, results, replay viewer)."""

    title = ""

    def __init__(self, app: Any) -> None:
        # the window (game/ui/app.py's App): its surface, settings, mouse, and
        # `app.screens`, through which a screen makes the next one; a screen never
        # imports the window nor another screen (game/ui/screens.py)
        self.app = app
        self.next: Screen | None = None

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def wake_in(self) -> float | None:
        """Seconds until this screen needs a frame though nobody touched anything (0: it
        animates now; None: only input changes it). The window sleeps on the event
        queue meanwhile, so a still screen costs nothing."""
        return None

    def draw(self, surface: pygame.Surface) -> None: ...

    def leave(self) -> None:
        """Called once when the window moves on to another screen."""

    def click(self, pos: tuple[int, int]) -> bool:
        """Run the action of the first of `self.hit` (the (rect, action) pairs the last
        frame drew) under `pos`; False when none is."""
        for rect, action in getattr(self, "hit", ()):
            if rect.collidepoint(pos):
                action()
                return True
        return False

    def help_lines(self) -> list[tuple[str, str]]:
        """(keys, what they do) for the `?` overlay."""
        return []


def key_char(event: pygame.event.Event) -> str:
    """The character a key event typed ('' for none), robust to posted events."""
    ch = getattr(event, "unicode", "") or ""
    if ch and ch.isprintable():
        return ch
    name = pygame.key.name(event.key) if hasattr(event, "key") else ""
    return name if len(name) == 1 else ""
