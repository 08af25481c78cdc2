"""The unit card: a part of the battle screen with its own state and rectangle.

At the bottom strip's left, the card of the unit under the pointer, else of the
selected one (drawn by `hud.unit_card`: its health, values and conditions). A card
whose lines would be cut grows upwards over the board's bottom-left corner, a fixed
place, up to the board's own height: the board neither moves nor shrinks. While an
answer plays out, the card reads the board before it until the playout has shown that
unit's wound or fall (it must not tell what the board has not reached yet).
"""

from __future__ import annotations

import pygame

from game.ui import hud


class UnitCard:
    def __init__(self) -> None:
        self.rect: pygame.Rect | None = None   # as drawn (taller than its room when it grew)
        self.unit: int | None = None           # whose card it showed
        self.before = None   # the board before the answer playing out (set at each answer)

    def hide(self) -> None:
        self.rect = self.unit = None

    @staticmethod
    def pick(selected: int | None, under_pointer: list[int]) -> int | None:
        """The card follows the pointer over a unit (the first of `under_pointer`, the
        shown units there, enemy first), else shows the selected one."""
        return under_pointer[0] if under_pointer else selected

    def source(self, view, anim, unit):
        """Whose board the card reads: the board before the last answer while its
        animation has not yet shown this unit's wound or fall, else `view`."""
        before = self.before
        post = view.units.get(unit)
        if before is None or not anim.busy or unit not in before.units or post is None:
            return view
        hp = anim.hp.get(unit)
        alive = anim.alive.get(unit)
        if (hp is not None and hp != post.hp) or (alive is not None and alive != post.active):
            return before
        return view

    def draw(self, surface, room: pygame.Rect, board: pygame.Rect, unit: int | None, board_view,
             shown: set[int], actor: int | None) -> None:
        """The card of `unit` (None, or not shown: "No unit selected") read from
        `board_view`, in `room`, grown at most up to the board's top."""
        u = board_view.units.get(unit) if unit in shown else None
        self.unit = u.id if u is not None else None
        self.rect = hud.unit_card(surface, room, u, board_view.cards.get(unit) if u else None,
                                  u is not None and u.id == actor,
                                  max_h=max(room.h, min(hud.CARD_MAX_H, room.bottom - board.y)))
