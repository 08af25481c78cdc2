"""Where each line of text is drawn and in which box (for tests/ui/test_every_label_fits.py).

Every line the window draws is rendered by ``theme.text``; every box it draws is a
``theme.panel``, a ``theme.button`` or a rounded ``pygame.draw.rect`` (the action bar's
buttons, badges, chips). A :class:`Probe` records, on a screen surface that remembers
its blits, each text's rectangle together with the last box drawn before it under the
text's centre: the box the text was meant for. A text wider than that box
runs past its edge. The drawing code is not changed for this; the probe wraps the three
functions while a test draws one frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Placed:
    text: str
    rect: pygame.Rect   # where the rendered line landed
    box: pygame.Rect    # the last box drawn before it under its centre
    kind: str           # "panel", "button", "rounded", "screen", or "picture" (a panel's own)

    def overflow(self) -> int:
        """How many px the line runs past its box's left or right edge (0 when it fits)."""
        return max(0, self.box.left - self.rect.left, self.rect.right - self.box.right)


class Recording(pygame.Surface):
    """A surface that tells the probe about every blit onto it, with its own boxes: the
    screen, or a panel's own picture (the log renders its lines onto one)."""

    def __init__(self, size, probe: "Probe", flags: int = 0) -> None:
        super().__init__(size, flags)
        self._probe = probe
        self.boxes: list[tuple[pygame.Rect, str]] = []

    def blit(self, source, dest, area=None, special_flags=0):
        out = super().blit(source, dest, area, special_flags)
        self._probe.blitted(self, source, dest, area)
        return out


class _PygameWithRecordingSurfaces:
    """``pygame`` as a module drawing text onto its own surfaces sees it: the same,
    but its new surfaces record (tests only; see Probe)."""

    def __init__(self, probe: "Probe") -> None:
        self._probe = probe

    def Surface(self, size, flags=0, *a):   # noqa: N802 (pygame's name)
        return Recording(size, self._probe, flags)

    def __getattr__(self, name):
        return getattr(pygame, name)


class Probe:
    def __init__(self, monkeypatch) -> None:
        import game.ui.theme as theme
        self.names: dict[int, tuple[str, pygame.Surface]] = {}
        self.placed: list[Placed] = []
        self.size: tuple | None = None
        self.inside = 0
        real_text, real_panel, real_button = theme.text, theme.panel, theme.button
        real_rect = pygame.draw.rect
        probe = self

        def text(s, *a, **k):
            img = real_text(s, *a, **k)
            probe.names[id(img)] = (s, img)   # (kept: an id is only an id while alive)
            return img

        def boxed(real, kind):
            def draw(surface, rect, *a, **k):
                if isinstance(surface, Recording):
                    surface.boxes.append((pygame.Rect(rect), kind))
                probe.inside += 1   # (its own rounded rectangles are this box)
                try:
                    return real(surface, rect, *a, **k)
                finally:
                    probe.inside -= 1
            return draw
        panel, button = boxed(real_panel, "panel"), boxed(real_button, "button")

        def rect(surface, colour, r, width=0, *a, **k):
            if isinstance(surface, Recording) and not probe.inside and (k.get("border_radius", 0) or (a and a[0])):
                surface.boxes.append((pygame.Rect(r), "rounded"))
            return real_rect(surface, colour, r, width, *a, **k)
        text.cache_clear = real_text.cache_clear   # (settings call it on a scale change)
        monkeypatch.setattr(theme, "text", text)
        monkeypatch.setattr(theme, "panel", panel)
        monkeypatch.setattr(theme, "button", button)
        monkeypatch.setattr(pygame.draw, "rect", rect)
        import game.ui.log_panel as log_panel   # the log draws its lines on its own picture
        monkeypatch.setattr(log_panel, "pygame", _PygameWithRecordingSurfaces(self))

    def frame(self, screen, size) -> list[Placed]:
        """Draw one frame of `screen` at `size`; the lines drawn since the last frame,
        each with its box."""
        self.size = tuple(size)
        surface = Recording(size, self)
        screen.draw(surface)
        # (with the lines a panel drew on its own picture since the last frame: the log
        # renders its picture when it changes, perhaps in a frame stepped before)
        placed, self.placed = self.placed, []
        return placed

    def blitted(self, onto: Recording, source, dest, area) -> None:
        known = self.names.get(id(source))
        if known is None or known[1] is not source:
            return
        size = area.size if area is not None else source.get_size()
        at = dest.topleft if isinstance(dest, pygame.Rect) else dest
        r = pygame.Rect(round(at[0]), round(at[1]), *size)
        if area is not None and pygame.Rect(area).w < source.get_width():
            return   # drawn clipped on purpose (a scrolled field): the clip is its box
        c = r.center
        # the last box drawn under the text's centre: a button drawn in a panel comes
        # after the panel, and a panel laid over the board (the pause menu) after what
        # it covers
        box, kind = next(((b, k) for b, k in reversed(onto.boxes) if b.collidepoint(c)),
                         (onto.get_rect(), "screen" if onto.get_size() == self.size else "picture"))
        self.placed.append(Placed(known[0], r, box, kind))
