"""Under fog of war, what a side reads of a log line that names units it cannot see.

A side reads the battle through its own eyes *at the moment of each event*: one answer
may set off many events (a fate round resolving, a d20 charge then a shot), so the
positions are followed through the events as they come (a `Moved` event moves its unit,
an `OutOfFightEvent` closes its unit's eyes) and each line is judged against what the
side's units in the fight see then.

A line that names an enemy the side cannot see at that moment:

- also names a unit of the side or one it sees (its own unit is shot at from out of
  sight, say): it is read with each unseen enemy's name replaced by "an unseen enemy"
  ("An unseen enemy fires burst at Gunner 2-1 …", "Gunner 2-1 is suppressed by an unseen
  enemy's fire"); the dice stay, the shooter's name and place do not;
- names nobody the side sees (an unseen unit's turn, its reload, its shot at another
  unseen unit): the side does not read it at all, as the turn-order bar does not show
  the unit either; except an event over an area (its `tiles`, d20's suppressing fire)
  that reaches tiles the side sees: that is read, the shooter unnamed.

This works on the line's words, so it holds for every ruleset's attack, damage,
suppression, grapple and contest lines without knowing their fields. Moves and
declarations have their own rules in `BattleScreen._redactor` (a move's destination).
"""

from __future__ import annotations

import re
from typing import Iterable

import numpy as np

UNSEEN = "an unseen enemy"


def side_sight(tmap, eyes) -> np.ndarray:
    """The fog's one rule: the tiles a side whose units stand on `eyes` sees (line of
    sight, not line of fire). The board's fog, the log's redaction and the move
    preview's "who sees this tile" all ask it, so what a preview promises is what the
    other side's view then shows (issue 30: the preview asked line of fire)."""
    eyes = list(eyes)
    if not eyes:
        return np.zeros(tmap.shape, bool)
    from game.world.sight import side_fov
    return side_fov(tmap, eyes)


class MomentSight:
    """Where every unit stands and who is still fighting, followed event by event from
    a board picture; and what each side sees at that moment."""

    def __init__(self, tmap, view) -> None:
        self.map = tmap
        self.tile = {u.id: tuple(u.tile) for u in view.units.values()}
        self.team = {u.id: u.team for u in view.units.values()}
        self.name = {u.id: u.name for u in view.units.values()}
        self.active = {u.id: u.active for u in view.units.values()}
        self._fov: dict[tuple, np.ndarray] = {}

    def follow(self, event) -> None:
        """Take in an event that has happened (call it after judging the event's line)."""
        kind = type(event).__name__
        unit = getattr(event, "unit", None)
        if kind == "Moved" and unit in self.tile and getattr(event, "path", None):
            self.tile[unit] = tuple(event.path[-1])
        elif kind == "OutOfFightEvent" and unit in self.active:
            self.active[unit] = False

    def eyes(self, team: int) -> tuple:
        return tuple(sorted(self.tile[u] for u in self.tile if self.team[u] == team and self.active[u]))

    def seen(self, team: int) -> np.ndarray:
        eyes = self.eyes(team)
        key = (team, eyes)
        if key not in self._fov:
            if len(self._fov) > 16:
                self._fov.clear()
            self._fov[key] = side_sight(self.map, eyes)
        return self._fov[key]

    def sees(self, team: int, unit: int) -> bool:
        """Does `team` know where `unit` is now (its own, or on a tile it sees)?"""
        if self.team.get(unit) == team:
            return True
        t = self.tile.get(unit)
        return t is not None and self.map.in_bounds(*t) and bool(self.seen(team)[t])

    def sees_any(self, team: int, tiles) -> bool:
        seen = self.seen(team)
        return any(self.map.in_bounds(*t) and seen[tuple(t)] for t in tiles)

    def unseen_names(self, team: int) -> list[str]:
        return [self.name[u] for u in sorted(self.tile) if not self.sees(team, u)]

    def seen_names(self, team: int) -> list[str]:
        return [self.name[u] for u in sorted(self.tile) if self.sees(team, u)]


def _pattern(names: Iterable[str]) -> re.Pattern | None:
    names = sorted({n for n in names if n}, key=len, reverse=True)   # "Gunner 1-10" before "Gunner 1-1"
    if not names:
        return None
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(n) for n in names) + r")(?![\w-])")


def names_in(text: str, names: Iterable[str]) -> bool:
    pat = _pattern(names)
    return bool(pat and pat.search(text))


def fog_line(text: str, unseen: Iterable[str], seen: Iterable[str], keep: bool = False) -> str | None:
    """The line a side reads: as it is when it names nobody unseen; with every unseen
    name replaced when it also names somebody seen (or `keep`: it happens where the side
    sees, as fire laid over tiles it watches); None when it names only the unseen."""
    hidden = _pattern(unseen)
    if hidden is None or not hidden.search(text):
        return text
    if not keep and not names_in(text, seen):
        return None
    pad = text[:len(text) - len(text.lstrip())]
    body = hidden.sub(UNSEEN, text.lstrip())
    # "an unseen enemy's turn" at the start of a sentence reads with a capital
    body = re.sub(r"(^|[.:;!?]\s+)an unseen enemy", lambda m: m.group(1) + "An unseen enemy", body)
    return pad + body
