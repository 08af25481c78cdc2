"""What the window asks a ruleset beyond the Decision itself, in one place.

Everything here is a preview: it reads the Battle and changes nothing. A ruleset may
offer its own `preview_move(battle, unit, tile)` / `threats_at(battle, unit, tile)`;
otherwise the generic fallbacks below are used. The only ruleset-specific code of the
window (d20's movement costs in Actions, its weapon ranges) is isolated here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.decisions import Choice, Decision, Option
from game.world.tactical_map import Cover

Tile = tuple[int, int]


@dataclass(frozen=True)
class MovePreview:
    path: tuple[Tile, ...]      # tiles stepped on after the start, ending at the destination
    cost: str                   # e.g. "2 Actions" or "6 tiles"
    band: int = 0               # 0 = cheapest band (first Action), 1 = second...


@dataclass(frozen=True)
class Threat:
    """One enemy's view of a tile: does it see it, could it shoot there, what covers you."""

    unit: int
    sees: bool
    can_shoot: bool
    cover: str


class MoveField:
    """Movement previews for one decision: one reach computation, many hovers."""

    def __init__(self, battle: Any, decision: Decision, option: Option) -> None:
        self.battle, self.unit = battle, decision.actor
        self.targets = set(option.targets)
        self._reach = None
        self._cache: dict[Tile, MovePreview | None] = {}
        rs = battle.ruleset
        self._custom = getattr(rs, "preview_move", None)
        if self._custom is None:
            self._reach = _reach(battle, self.unit)

    def preview(self, tile: Tile) -> MovePreview | None:
        if tile not in self.targets:
            return None
        if tile not in self._cache:
            self._cache[tile] = self._compute(tile)
        return self._cache[tile]

    def _compute(self, tile: Tile) -> MovePreview | None:
        if self._custom is not None:
            try:
                return _as_preview(self._custom(self.battle, self.unit, tile), tile)
            except Exception as exc:  # a preview must never take the window down
                _report_once("a move preview", exc)
                return MovePreview((tile,), "")
        if self._reach is None:
            return MovePreview((tile,), "")
        try:
            path = tuple(self._reach.path_to(tile))
        except ValueError:
            return MovePreview((tile,), "")
        cost_tiles = int(self._reach.cost[tile])
        actions = _actions_for(self.battle, self.unit, cost_tiles)
        if actions is None:
            return MovePreview(path, f"{cost_tiles} tile{'s' if cost_tiles != 1 else ''}")
        word = "Action" if actions == 1 else "Actions"
        cost = f"{actions} {word}" if actions else "movement left over"
        return MovePreview(path, f"{cost} · {cost_tiles * self.battle.map.feet_per_tile} ft",
                           max(0, actions - 1))

    def bands(self) -> dict[Tile, int]:
        """Each target tile's cost band, for colouring the range overlay."""
        out = {}
        if self._custom is not None or self._reach is None:
            return {t: 0 for t in self.targets}
        for t in self.targets:
            actions = _actions_for(self.battle, self.unit, int(self._reach.cost[t]))
            out[t] = 0 if actions is None else max(0, actions - 1)
        return out


def _as_preview(value: Any, tile: Tile) -> MovePreview | None:
    """A ruleset's `preview_move` answer as a MovePreview: an object with `path` and
    `cost` (and optionally `band`), or a tuple (path, cost[, band]), or None."""
    if value is None:
        return None
    if isinstance(value, MovePreview):
        return value
    if isinstance(value, (tuple, list)) and len(value) >= 2 and not isinstance(value[0], int):
        path, cost = value[0], value[1]
        band = value[2] if len(value) > 2 else 0
    else:
        path, cost, band = getattr(value, "path", ()), getattr(value, "cost", ""), getattr(value, "band", 0)
    path = tuple(tuple(int(v) for v in t) for t in (path or ()))
    return MovePreview(path or (tile,), str(cost), int(band or 0))


def _reach(battle: Any, unit: int):
    if battle.ruleset.id == "d20":
        from game.rulesets.d20.options import move_reach
        return move_reach(battle, unit)
    try:
        from game.world.paths import reach
    except ImportError:
        return None
    blocked = [battle.tile(u) for u in battle.units(active_only=True) if u != unit]
    return reach(battle.map, battle.tile(unit), battle.map.width * battle.map.height, blocked=blocked)


def _actions_for(battle: Any, unit: int, cost_tiles: int) -> int | None:
    if battle.ruleset.id == "d20":
        from game.rulesets.d20.options import move_actions_needed
        return move_actions_needed(battle, unit, cost_tiles)
    return None


def threats_at(battle: Any, unit: int, tile: Tile, enemies: list[int]) -> list[Threat]:
    """For each of `enemies` (those the viewer knows of): could it see or shoot `unit` at `tile`."""
    custom = getattr(battle.ruleset, "threats_at", None)
    if custom is not None:
        return list(custom(battle, unit, tile, enemies))
    from game.world.sight import line_of_fire
    out = []
    for e in enemies:
        lof = line_of_fire(battle.map, battle.tile(e), tile)
        sees = bool(lof.visible) and not lof.blocked
        out.append(Threat(e, sees, sees and _in_range(battle, e, tile), Cover(int(lof.cover)).name.lower()))
    return out


def _in_range(battle: Any, shooter: int, tile: Tile) -> bool:
    if battle.ruleset.id == "d20":
        from game.rulesets.d20.attacks import distance_ft, range_band
        from game.rulesets.d20.stats import held_weapon
        weapon = held_weapon(battle, shooter)
        if weapon is None or not weapon.ranged:
            return distance_ft(battle, battle.tile(shooter), tile) <= 5
        return range_band(weapon, distance_ft(battle, battle.tile(shooter), tile)) is not None
    return True


def odds(battle: Any, decision: Decision, choice: Choice):
    """The ruleset's exact odds for a choice, or None (never raises for a preview)."""
    fn = getattr(battle.ruleset, "odds", None)
    if fn is None:
        return None
    try:
        return fn(battle, decision, choice)
    except Exception as exc:  # a ruleset bug must not close the window; say it once
        _report_once(f"odds for {choice.option}", exc)
        return None


_reported: set[str] = set()


def _report_once(what: str, exc: BaseException) -> None:
    import sys
    import traceback
    key = f"{what}: {type(exc).__name__}"
    if key not in _reported:
        _reported.add(key)
        print(f"rulebook-skirmish: the ruleset failed computing {what}:", file=sys.stderr)
        traceback.print_exception(exc, file=sys.stderr)


def fill_params(option: Option, target: Any, wanted: dict[str, Any]) -> dict[str, Any]:
    """The parameters a choice at `target` will carry: the player's pick where it is
    allowed there, else the first allowed value."""
    out = {}
    for name, values in option.params_for(target).items():
        if not values:
            continue
        out[name] = wanted.get(name) if wanted.get(name) in values else values[0]
    return out
