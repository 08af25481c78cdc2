"""Fog of war: what each side's units see, for the board, the log and the previews.

One rule for all of them (`fog_words.side_sight`: line of sight from each of the side's
units in the fight), read on a board snapshot. The sight of a few sets of tiles is kept
with the map (the board before and after an answer are read many times while its log
lines are redacted), and the board's own fog layer is set again only when the board or
the side changes.
"""

from __future__ import annotations

import numpy as np

from game.ui.fog_words import side_sight

class FogOfWar:
    def __init__(self, tmap) -> None:
        self.tmap = tmap
        self._shown_key = None                   # (version, side) the board's fog layer shows
        self._shown: np.ndarray | None = None

    def of(self, team: int, view) -> np.ndarray:
        """What `team`'s units in the fight see on the board `view`: kept with the map
        (game/kept.py, "ui-fog-sight"), keyed on the tiles they stand on, which decide it."""
        eyes = tuple(sorted(u.tile for u in view.team_units(team)))
        return self.tmap.kept.get("ui-fog-sight", eyes, lambda: side_sight(self.tmap, eyes))

    def on_board(self, viewer: int, view, board) -> np.ndarray:
        """What `viewer` sees on `view`, set as the board's fog layer when it changed."""
        key = (view.version, viewer)
        if key != self._shown_key:
            self._shown = self.of(viewer, view)
            board.set_fog(self._shown)
            self._shown_key = key
        return self._shown

    def forget(self) -> None:
        """The side at the keyboard or the battle changed: lay the board's fog again."""
        self._shown_key = None
