"""Panning the board: a part of the battle screen with its own state.

An arrow key (or W A S D, which only ever pan) nudges the view at once, then glides it
while held, until its key comes up; a right or middle drag, or a left drag that moved
more than a few pixels, pans with the pointer (a left press that did not move is a click
on its tile). At a hand-over the releases of what is held will not come: `stop` ends
what they would end.
"""

from __future__ import annotations

import pygame

PAN_SPEED = 700       # screen pixels per second for keyboard panning (held)
PAN_NUDGE = 64        # screen pixels per tap
PAN_DELAY = 0.2       # seconds a pan key is held before the view glides
DRAG_START = 6        # pixels the pointer moves before a press becomes a drag

LETTERS = {"w": pygame.K_UP, "a": pygame.K_LEFT, "s": pygame.K_DOWN, "d": pygame.K_RIGHT}


class Panning:
    def __init__(self) -> None:
        self.keys: dict[int, float] = {}     # arrow direction held -> seconds held
        self._letters: dict[int, int] = {}   # a letter key held -> the arrow it stands for
        self.drag_from: tuple[int, int] | None = None
        self.dragged = False                 # the press moved: a drag, not a click
        self.pressed_tile: tuple[int, int] | None = None   # a left press's tile (a click, if it stays)

    @property
    def moving(self) -> bool:
        """The view glides or follows a drag: the window draws frames."""
        return bool(self.keys) or self.dragged

    def key_down(self, direction: int, camera, key: int | None = None) -> None:
        """A pan key went down: one nudge at once (a tap moves the view), then a glide
        while it stays held (until its KEYUP). `key`: the letter that stands for it."""
        if key is not None:
            self._letters[key] = direction
        self.keys[direction] = 0.0
        dx = (direction == pygame.K_RIGHT) - (direction == pygame.K_LEFT)
        dy = (direction == pygame.K_DOWN) - (direction == pygame.K_UP)
        camera.pan(dx * PAN_NUDGE, dy * PAN_NUDGE)

    def key_up(self, key: int) -> None:
        self.keys.pop(self._letters.pop(key, key), None)

    def update(self, dt: float, camera) -> None:
        if not self.keys:
            return
        for k in self.keys:
            self.keys[k] += dt
        held = {k for k, t in self.keys.items() if t > PAN_DELAY}
        dx = (pygame.K_RIGHT in held) - (pygame.K_LEFT in held)
        dy = (pygame.K_DOWN in held) - (pygame.K_UP in held)
        if dx or dy:
            camera.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)

    def press(self, pos, tile=None) -> None:
        """A button went down on the board (`tile`: a left press's, a click if it stays)."""
        self.drag_from, self.dragged = pos, False
        if tile is not None:
            self.pressed_tile = tile

    def drag_to(self, pos, camera) -> None:
        if self.drag_from is None:
            return
        dx, dy = pos[0] - self.drag_from[0], pos[1] - self.drag_from[1]
        if self.dragged or abs(dx) + abs(dy) > DRAG_START:
            self.dragged = True
            camera.pan(-dx, -dy)
            self.drag_from = pos

    def release(self, button: int):
        """A button came up: the tile clicked (a left press that did not drag), or None."""
        clicked = self.pressed_tile if button == 1 and self.drag_from is not None and not self.dragged else None
        self.drag_from, self.dragged = None, False
        return clicked

    def stop(self) -> None:
        """A fresh view: what is held now ends here (its release will not come)."""
        self.keys.clear()
        self.drag_from, self.dragged = None, False
