"""The action bar: a part of the battle screen with its own state and rectangle.

Along the window's bottom edge, one button per option of a person's decision (drawn by
`hud.action_bar`: its letter, its label, its cost), the prompt above it (what the
decision asks, or what the armed option wants), the Undo button at the prompt row's
right end, the move overlay's legend in the strip above, and the tooltip of the
button under the pointer. While nobody at the keyboard decides, the bar says who is
deciding or what plays out. It keeps where each of them was drawn, so a click asks it
(`click`) what was pressed; what that does is the screen's.
"""

from __future__ import annotations

import re

import pygame

from game.engine.decisions import TARGET_NONE, TARGET_TILE, TARGET_UNIT
from game.ui import hud, theme

UNDO_W = 96     # the Undo button, at the right end of the prompt's row

#: what an armed option wants, by its kind of target
WANTS = {TARGET_TILE: "click a highlighted tile (arrows + Enter)",
         TARGET_UNIT: "click a target (Tab + Enter)",
         TARGET_NONE: "Enter or click again to confirm"}


class ActionBar:
    def __init__(self) -> None:
        self.rect: pygame.Rect | None = None
        self.buttons: list[tuple[pygame.Rect, object]] = []   # (rect, option) as drawn
        self.prompt: pygame.Rect | None = None
        self.legend: pygame.Rect | None = None
        self.tooltip: pygame.Rect | None = None
        self.undo: pygame.Rect | None = None

    def hide(self) -> None:
        """A new frame: nothing of the last one's is there to click until drawn again."""
        self.buttons = []
        self.prompt = self.legend = self.tooltip = self.undo = None

    def click(self, pos) -> tuple[str, object] | None:
        """What a click at `pos` pressed: ("option", option), ("undo", None), or None."""
        for r, opt in self.buttons:
            if r.collidepoint(pos):
                return "option", opt
        if self.undo is not None and self.undo.collidepoint(pos):
            return "undo", None
        return None

    def draw(self, surface, rect: pygame.Rect, options, armed: str | None, mouse, letter_of) -> None:
        self.rect = rect
        self.buttons = hud.action_bar(surface, rect, options, armed, mouse, letter_of)

    def draw_prompt(self, surface, rect: pygame.Rect, text: str, bottom: int, undo: bool) -> None:
        """The prompt, its foot at `bottom`. A long prompt wraps within the bar's width
        (two lines at most) instead of running over the preview panel, and clear of the
        Undo button at its right (`undo`: it shows; it covered the end of fate's prompt)."""
        text = one_action(text)
        room = rect.w - 12 - (UNDO_W + 8 if undo else 0)
        lines = theme.wrap(text, room, 14, bold=True)
        if len(lines) > 2:
            lines = [lines[0], theme.fit(" ".join(lines[1:]), room, 14, True)]
        imgs = [theme.text(ln, 14, theme.TEXT, bold=True) for ln in lines]
        y = bottom - 6 - 20 * len(imgs)
        back = pygame.Rect(rect.x + 4, y, max(i.get_width() for i in imgs), 20 * len(imgs) - 2).inflate(12, 6)
        theme.panel(surface, back)
        self.prompt = back
        for k, img in enumerate(imgs):
            surface.blit(img, (rect.x + 4, y + 20 * k))

    def draw_tooltip(self, surface, mouse, letter_of) -> None:
        """The button under the pointer, in full: its key, cost, what it does, how many
        targets. Above the prompt and the parameter row, which it covered: it lies over
        the board for the moment the pointer rests on the button."""
        for r, opt in self.buttons:
            if r.collidepoint(mouse):
                key = letter_of(opt)
                lines = [(opt.label + (f"  [key {key.upper()}]" if key else ""), theme.ACCENT)]
                if opt.cost:
                    lines.append((f"Cost: {opt.cost}", theme.TEXT))
                if opt.description:
                    lines.append((opt.description, theme.DIM))
                if opt.target_kind != TARGET_NONE:
                    lines.append((f"{len(opt.targets)} possible {opt.target_kind} target"
                                  f"{'s' if len(opt.targets) != 1 else ''}", theme.DIM))
                top = min(r.y, self.prompt.y) if self.prompt is not None else r.y
                self.tooltip = hud.tooltip(surface, (r.x, top), lines)

    def draw_waiting(self, surface, rect: pygame.Rect, text: str) -> None:
        """Nobody at the keyboard decides: who does, or what plays out."""
        self.rect = rect
        theme.panel(surface, rect)
        img = theme.text(text, 15, theme.DIM)
        surface.blit(img, img.get_rect(center=rect.center))

    def draw_legend(self, surface, rect: pygame.Rect, card: pygame.Rect, legend) -> None:
        """What each colour of the move overlay costs (`legend`: (band, words)), in the
        strip above the prompt, beside the unit card's top."""
        x, y = rect.x + 4, card.y + 2
        limit = card.y + 46
        if self.prompt is not None and self.prompt.y < y + 20:
            # a third row of actions lifted the parameter row and the prompt into the
            # legend's place (seen at 1024x600, a d20 Gunner beside an enemy): the
            # legend goes on one line just above the prompt, on a panel of its own
            y = limit = self.prompt.y - 24
            theme.panel(surface, pygame.Rect(rect.x, y - 2, rect.w, 21))
        label = theme.text("Move:", 12, theme.DIM, bold=True)
        surface.blit(label, (x, y + 1))
        x += max(44, label.get_width() + 8)   # (the font grows with the window)
        top = len(theme.MOVE_BANDS) - 1
        for band, words in legend:
            colour = theme.MOVE_EDGES[min(band, top)]
            img = theme.text(words, 12, theme.TEXT)
            if x + 18 + img.get_width() > rect.right:
                if y + 18 + 16 > limit:   # no second line free: stop
                    break
                x, y = rect.x + 4 + max(44, label.get_width() + 8), y + 18   # the rest on a second line
            sw = pygame.Rect(x, y + 3, 14, 12)
            pygame.draw.rect(surface, theme.MOVE_BANDS[min(band, top)][:3], sw)
            pygame.draw.rect(surface, colour, sw, 1)
            surface.blit(img, (x + 18, y + 1))
            x += 18 + img.get_width() + 14
        self.legend = pygame.Rect(rect.x, y, rect.w, 18)

    def draw_undo(self, surface, rect: pygame.Rect, params_y: int, mouse) -> None:
        """The Undo button, at the right end of the prompt's row."""
        r = pygame.Rect(rect.right - UNDO_W, params_y - 36, UNDO_W, 28)
        theme.button(surface, r, "Undo (U)", hover=r.collidepoint(mouse), size=13)
        self.undo = r


def prompt_text(prompt: str, armed) -> str:
    """The prompt row's words: the decision's prompt, or what the armed option wants."""
    if armed is None:
        return prompt
    return f"{armed.label}: {WANTS[armed.target_kind]} · Esc cancels"


def one_action(text: str) -> str:
    """A ruleset's prompt counting its currency, in good English: "1 Actions left"
    reads "1 Action left" (the words are d20's flow's; the window only shows them)."""
    return re.sub(r"\b1 (Action|Reaction|Point|Move)s\b", r"1 \1", text)


def move_legend(move_field, bands: dict) -> list[tuple[int, str]]:
    """(band, what it costs) for the move overlay's legend: each band's farthest tile's
    cost, read "up to" it."""
    out = []
    for band in sorted(set(bands.values())):
        tiles = [t for t, b in bands.items() if b == band]
        far = max(sorted(tiles), key=lambda t: len(move_field.preview(t).path)
                  if move_field.preview(t) else 0)
        mp = move_field.preview(far)
        if not (mp and mp.cost):
            out.append((band, f"band {band + 1}"))
        else:  # "6 of 6 tiles" already says it is the most (fate, 5x5): no "up to" before it
            out.append((band, mp.cost if " of " in mp.cost else f"up to {mp.cost}"))
    return out
