"""Keys and mouse buttons held across a change of screen.

A screen must not act on a key pressed before it appeared: a player finishing a battle
while pressing R, Tab and Enter skipped the results screen and started a new battle
(issue 30), because the results screen read the repeats of those keys, and the presses
queued in the same frame as the battle's end, as its own hotkeys. The window owns one
`HeldInput`; whenever a screen (or a view that replaces the board, like the hand-over)
appears it is armed, and from then on a key or button that was down at that moment is
ignored, its repeats included, until it is released.
"""

from __future__ import annotations

import pygame

_DOWN = {pygame.KEYDOWN: "keys", pygame.MOUSEBUTTONDOWN: "buttons"}
_UP = {pygame.KEYUP: "keys", pygame.MOUSEBUTTONUP: "buttons"}


def _code(event) -> int | None:
    if event.type in (pygame.KEYDOWN, pygame.KEYUP):
        return getattr(event, "key", None)
    return getattr(event, "button", None)


class HeldInput:
    def __init__(self) -> None:
        self.down: dict[str, set[int]] = {"keys": set(), "buttons": set()}
        self.stale: dict[str, set[int]] = {"keys": set(), "buttons": set()}

    def arm(self) -> None:
        """A new screen appears: everything down now belongs to the one before."""
        self.stale = {kind: set(codes) for kind, codes in self.down.items()}

    def passes(self, event) -> bool:
        """Record the event, and say whether the screen on show may act on it."""
        kind = _DOWN.get(event.type)
        if kind is not None:
            code = _code(event)
            self.down[kind].add(code)
            return code not in self.stale[kind]
        kind = _UP.get(event.type)
        if kind is not None:
            code = _code(event)
            self.down[kind].discard(code)
            if code in self.stale[kind]:
                self.stale[kind].discard(code)
                return False
        return True

    def before_shown(self, event) -> bool:
        """An event queued before the screen on show was ever drawn (the rest of the
        frame's events after a switch): a press in it was aimed at the old screen, so
        it is stale too. Returns whether the screen may act on the event."""
        kind = _DOWN.get(event.type)
        if kind is not None:
            self.down[kind].add(_code(event))
            self.stale[kind].add(_code(event))
            return False
        return self.passes(event)
