"""A frozen picture of the board, taken on the main thread after every answer.

The window draws from this picture, never from the live Battle, so the AI can read
the Battle in its worker thread while the window animates (esper's worlds are module
globals: two threads switching worlds under each other would be a race).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.components import Archetype, Facing, Posture
from game.engine.grapple import GrappleLink


@dataclass(frozen=True)
class UnitView:
    """What the window knows about one unit at one moment."""

    id: int
    name: str
    team: int
    tile: tuple[int, int]
    hp: int | None
    max_hp: int | None
    active: bool
    posture: str
    archetype: str
    partners: tuple[int, ...] = ()
    facing: tuple[int, int] | None = None

    @property
    def health_fraction(self) -> float | None:
        if self.hp is None or not self.max_hp:
            return None
        return max(0.0, min(1.0, self.hp / self.max_hp))


@dataclass(frozen=True)
class BoardView:
    units: dict[int, UnitView]
    order: tuple[int, ...]            # turn order where the ruleset keeps one
    round: int
    actor: int | None                 # who the pending decision is for
    side: int | None
    kind: str | None
    prompt: str
    over: bool
    winner: int | None
    log_length: int
    version: int
    cards: dict[int, dict] = field(default_factory=dict)

    def at(self, tile: tuple[int, int]) -> list[UnitView]:
        """Units on a tile, those still fighting first."""
        here = [u for u in self.units.values() if u.tile == tile]
        return sorted(here, key=lambda u: (not u.active, u.id))

    def team_units(self, team: int, active_only: bool = True) -> list[UnitView]:
        return [u for u in self.units.values() if u.team == team and (u.active or not active_only)]

    def teams(self) -> list[int]:
        return sorted({u.team for u in self.units.values()})


def snapshot(battle: Any, version: int = 0) -> BoardView:
    ruleset = battle.ruleset
    units: dict[int, UnitView] = {}
    cards: dict[int, dict] = {}
    for unit in battle.units():
        hp = max_hp = None
        if hasattr(ruleset, "health"):
            try:
                hp, max_hp = ruleset.health(battle, unit)
            except Exception:  # a ruleset without hit points for this unit
                hp = max_hp = None
        posture = battle.try_get(unit, Posture)
        arche = battle.try_get(unit, Archetype)
        link = battle.try_get(unit, GrappleLink)
        facing = battle.try_get(unit, Facing)
        units[unit] = UnitView(
            unit, battle.name(unit), battle.team(unit), battle.tile(unit), hp, max_hp,
            battle.active(unit), posture.value if posture else "standing",
            arche.id if arche else "", tuple(sorted(link.partners)) if link else (),
            (facing.dx, facing.dy) if facing else None)
        if hasattr(ruleset, "unit_card"):
            try:
                cards[unit] = dict(ruleset.unit_card(battle, unit))
            except Exception as exc:  # never let a card take the window down
                cards[unit] = {"name": battle.name(unit), "error": str(exc)}
    pending = battle.pending
    order = tuple(getattr(battle, "turn_order", ()) or ())
    return BoardView(units, order, battle.round, pending.actor if pending else None,
                     pending.side if pending else None, pending.kind if pending else None,
                     pending.prompt if pending else "", battle.over, battle.winner,
                     len(battle.log), version, cards)
