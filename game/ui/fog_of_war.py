"""Fog of war: what each side's units see, for the board, the log and the previews.

One rule for all of them (`fog_words.side_sight`: line of sight from each of the side's
units in the fight), read on a board snapshot. A few boards' sight is kept (the board
before and after an answer are read many times while its log lines are redacted), and
the board's own fog layer is set again only when the board or the side changes.
"""

from __future__ import annotations

import numpy as np

from game.ui.fog_words import side_sight

KEPT = 8   # (board version, side) pairs kept: an answer reads the boards before and after it


class FogOfWar:
    def __init__(self, tmap) -> None:
        self.tmap = tmap
        self._sight: dict = {}                  # (board version, side) -> what the side sees
        self._shown_key = None                   # (version, side) the board's fog layer shows
        self._shown: np.ndarray | None = None

    def of(self, team: int, view) -> np.ndarray:
        """What `team`'s units in the fight see on the board `view`."""
        key = (view.version, team)
        if key not in self._sight:
            if len(self._sight) > KEPT:
                self._sight.clear()
            self._sight[key] = side_sight(self.tmap, [u.tile for u in view.team_units(team)])
        return self._sight[key]

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
