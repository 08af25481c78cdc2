"""The battle screen's regions: one object hands each part its rectangle.

The board's rectangle (`view`) is set by the window's size alone (issue 30, item 5: a
board that resized itself for a second row of actions, a reaction panel or the minimap
cut rows off, left a gap, and moved the tile under the pointer). Around it:

- the top bar (round, turn order, speed buttons) across the top;
- the right column: who is winning (`strength`), the minimap when the map is larger
  than the board, the combat `log`, and the `preview` (odds, a move's cost) at its foot;
- the bottom strip, of a height set by the window alone: the unit `card`, the action
  `bar` on the window's bottom edge, the parameter row (`params`) above it.

What needs more room for a moment lies over the board at a fixed place and moves
nothing: the bar's third row and the parameter row rising from the strip, a reaction
panel, and the declarations column (`decl`) over the board's left edge. `free` is the
board less the open declarations column: where the camera brings what it must show.

A pure function of the window's size and a few facts of the moment (`Moment`), so a
test can lay out every case without a battle.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import hud, strength_bar

BUTTON_H = 52   # an action button: two lines of label and the cost under them
STRIP_H = 176   # the bottom strip (unit card, one row of actions, the parameter row)
TOP_H = 40      # the top bar
MIN_BOARD_H = 160   # the board keeps this much height at the very least


@dataclass(frozen=True)
class Moment:
    """What the layout needs to know of the screen now."""

    actions: int = 1                # the action bar's buttons (a reaction panel: 1 row)
    minimap_aspect: float | None = None   # the map's height / width, when a minimap shows
    declaring: bool = False         # the declarations column is up (fate, mahou...)
    decl_folded: bool = False       # ... folded to its title


@dataclass(frozen=True)
class Regions:
    """Each part's rectangle; `minimap` and `decl` are None when not shown."""

    top: pygame.Rect
    strength: pygame.Rect
    log: pygame.Rect
    preview: pygame.Rect
    card: pygame.Rect
    bar: pygame.Rect
    params: pygame.Rect
    view: pygame.Rect
    free: pygame.Rect
    minimap: pygame.Rect | None = None
    decl: pygame.Rect | None = None
    extra: dict = field(default_factory=dict)

    def as_dict(self) -> dict[str, pygame.Rect]:
        """The regions by name, as the screen's `rects` holds them (only those shown)."""
        out = {"top": self.top, "log": self.log, "preview": self.preview, "card": self.card,
               "bar": self.bar, "params": self.params, "strength": self.strength, "view": self.view}
        if self.minimap is not None:
            out["minimap"] = self.minimap
        if self.decl is not None:
            out["decl"] = self.decl
        return out


def regions(size: tuple[int, int], moment: Moment = Moment()) -> Regions:
    w, h = size
    right_w = min(360, max(250, w // 4))
    col_x = w - right_w - 6
    preview_h = min(236, max(180, (h - 46) // 2 - 20))
    top = pygame.Rect(0, 0, w, TOP_H)
    # who is winning heads the right column (strength_bar); the log gives way
    strength = pygame.Rect(col_x, 46, right_w, strength_bar.HEIGHT)
    col_y = strength.bottom + 4
    log = pygame.Rect(col_x, col_y, right_w, max(80, h - col_y - preview_h - 14))
    mini = None
    if moment.minimap_aspect is not None:   # a minimap heads the column (the log gives way)
        mh = min(130, int(right_w * moment.minimap_aspect))
        mini = pygame.Rect(col_x, col_y, right_w, mh)
        log = pygame.Rect(col_x, mini.bottom + 6, right_w, max(80, log.h - mh - 6))
    preview = pygame.Rect(col_x, h - preview_h - 6, right_w, preview_h)
    card_w = min(290, max(220, w // 5))
    bar_w = max(120, col_x - card_w - 6 - 8 - 6)
    # the strip's own height, set by the window alone: room for the card, two rows of
    # actions, the parameter row and a prompt line. More rows (a narrow window, many
    # actions) and a tall reaction panel rise over the board.
    two_rows = 12 + 2 * BUTTON_H + 6
    strip_h = max(STRIP_H, two_rows + 6 + 40 + 46)
    strip_h = min(strip_h, h - TOP_H - MIN_BOARD_H)
    strip_y = h - strip_h - 6
    rows = hud.bar_rows(moment.actions, bar_w)
    bar_h = 12 + rows * BUTTON_H + 6 * (rows - 1)
    card = pygame.Rect(6, strip_y, card_w, strip_h)
    # the bar sits on the window's bottom edge; a second row (and the parameter row
    # above it) rises over the board's bottom edge instead of pushing it up
    bar = pygame.Rect(card.right + 8, h - bar_h - 6, bar_w, bar_h)
    params = pygame.Rect(bar.x, bar.y - 40, bar.w, 34)
    view = pygame.Rect(0, top.bottom, col_x - 4, strip_y - 4 - top.bottom)
    decl = None
    free = view
    if moment.declaring:
        # over the board's left edge, folded or not: the board does not move for it
        decl = pygame.Rect(6, top.bottom + 6, card_w, max(60, strip_y - top.bottom - 12))
        if not moment.decl_folded:
            free = pygame.Rect(decl.right + 4, view.y, view.right - decl.right - 4, view.h)
    return Regions(top, strength, log, preview, card, bar, params, view, free, mini, decl)
