"""What the window may ask a ruleset before a choice is made: read-only previews.

A ruleset may offer `preview_move(battle, unit, tile) -> MovePreview | None` and
`threats_at(battle, unit, tile, enemies) -> list[Threat]`; the window has generic
fallbacks for both (game/ui/rules_view.py).
"""

from __future__ import annotations

from typing import NamedTuple

Tile = tuple[int, int]


class MovePreview(NamedTuple):
    """The path a move would take and what it costs, in the ruleset's own currency."""

    path: tuple[Tile, ...]  # tiles stepped on after the start, ending at the destination
    cost: str  # e.g. "2 Actions · 45 ft"
    band: int = 0  # 0 = cheapest band (the first Action's worth), 1 = the next...


class Threat(NamedTuple):
    """One enemy's view of a tile: does it see it, could it attack there, what covers you."""

    unit: int
    sees: bool
    can_shoot: bool
    cover: str
