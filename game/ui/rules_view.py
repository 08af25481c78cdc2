"""What the window asks a ruleset beyond the Decision itself, in one place.

Everything here is a preview: it reads the Battle and changes nothing. A ruleset may
offer its own `preview_move(battle, unit, tile)` / `threats_at(battle, unit, tile)`;
otherwise the generic fallbacks below are used. The only ruleset-specific code of the
window knows of no ruleset by name.

Beyond options, the window reads a decision's `context` (a mapping) in two places:

- a REACTION's context is shown as it is (`attacker`, `target`, `unit` named; chances as
  percentages), see `odds_panel.OddsPanel.draw_context`;
- a DECLARE's context feeds the declaration view (`game/ui/declarations.py` documents
  every key: `declared`, `slot`, `initiative`, `planned_tile`, `planned_posture`,
  `round`). Under fog of war a log event named `Declared` (with its `unit`) by a unit the
  side cannot see is left out of that side's log; a `Moved` one it saw no part of reads
  "moves out of sight".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from game.engine.decisions import Choice, Decision, Option
from game.engine.previews import MovePreview, Threat
from game.world.tactical_map import Cover

Tile = tuple[int, int]


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
        return MovePreview(path, f"{cost_tiles} tile{'s' if cost_tiles != 1 else ''}")

    def bands(self) -> dict[Tile, int]:
        """Each target tile's cost band, for colouring the range overlay."""
        if self._custom is None:
            return {t: 0 for t in self.targets}
        return {t: (self.preview(t).band if self.preview(t) else 0) for t in self.targets}


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
    """Generic fallback: every tile the unit could walk to, other units blocking."""
    from game.world.paths import reach
    blocked = [battle.tile(u) for u in battle.units(active_only=True) if u != unit]
    return reach(battle.map, battle.tile(unit), battle.map.width * battle.map.height, blocked=blocked)


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
        out.append(Threat(e, sees, sees, Cover(int(lof.cover)).name.lower()))
    return out


def attack_area(battle: Any, decision: Decision, choice: Choice) -> frozenset:
    """The tiles an area attack would cover (a cone of fire), for the friendly-fire
    warning; empty for an attack on one unit. A ruleset may answer it itself with
    `attack_area(battle, decision, choice)`; d20's suppressing fire is read here from the
    ruleset's own cone (the same call `lay_suppression` makes) until it does."""
    fn = getattr(battle.ruleset, "attack_area", None)
    try:
        if fn is not None:
            return frozenset(fn(battle, decision, choice) or ())
        if getattr(battle.ruleset, "id", "") == "d20" and choice.option == "suppress" and choice.target:
            from game.rulesets.d20.stats import held_weapon
            from game.rulesets.d20.suppression import cone
            weapon = held_weapon(battle, decision.actor)
            if weapon is None or not weapon.ranges_ft:
                return frozenset()
            reach_tiles = weapon.ranges_ft[0] // battle.map.feet_per_tile
            return frozenset(cone(battle, battle.tile(decision.actor), tuple(choice.target), reach_tiles))
    except Exception as exc:  # a preview must never close the window
        _report_once(f"the area of {choice.option}", exc)
    return frozenset()


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


def weapon_ranges(battle: Any, unit: int) -> tuple[int, ...] | None:
    """The unit's weapon's range thresholds in tiles (first band first), or None when
    the ruleset does not say. A ruleset may answer with `weapon_ranges(battle, unit)`
    (feet); d20 is read from its held weapon."""
    fpt = max(1, int(getattr(battle.map, "feet_per_tile", 5) or 5))
    hook = getattr(battle.ruleset, "weapon_ranges", None)
    try:
        if hook is not None:
            feet = hook(battle, unit)
        elif battle.ruleset.id == "d20":
            from game.rulesets.d20.stats import held_weapon
            w = held_weapon(battle, unit)
            feet = tuple(w.ranges_ft) if w is not None and getattr(w, "ranges_ft", None) else None
        else:
            feet = None
    except Exception as exc:   # a preview must never take the window down
        _report_once("the weapon's range", exc)
        return None
    return tuple(max(1, int(f) // fpt) for f in feet) if feet else None


class Zone(NamedTuple):
    """An area where a unit's presence threatens what an enemy does: `kind`
    "suppression" (d20's cones: pinned inside) or "reaction" (a move or act there lets
    the owner react: held actions, Obstruct Movement, leaving a grapple); `label` says
    which rule, in the ruleset's words; `when` which part of a move sets it off:
    "pass" (a step taken from any of its tiles: starting in it or crossing it), "end"
    (a move ending in it), "leave" (a move starting in it)."""

    owner: int | None
    team: int | None
    tiles: frozenset
    kind: str = "suppression"
    label: str = ""
    when: str = "pass"


ZONE_KINDS = ("suppression", "reaction")
ZONE_WHEN = ("pass", "end", "leave")


def as_zone(value: Any) -> Zone:
    """A zone from a ruleset's tuple (owner, side, tiles[, kind[, label[, when]]])."""
    owner, team, tiles, *rest = value
    kind = rest[0] if rest and rest[0] in ZONE_KINDS else "suppression"
    label = str(rest[1]) if len(rest) > 1 else ""
    when = rest[2] if len(rest) > 2 and rest[2] in ZONE_WHEN else "pass"
    return Zone(owner, team, frozenset(tuple(t) for t in tiles), kind, label, when)


def sets_off(zone: Zone, start, path) -> bool:
    """Would a move from `start` along `path` (the tiles entered, the last one its end)
    set off the zone's rule?"""
    path = [tuple(t) for t in path]
    if zone.when == "end":
        return bool(path) and path[-1] in zone.tiles
    if zone.when == "leave":
        return start is not None and tuple(start) in zone.tiles
    before_steps = ([tuple(start)] if start is not None else []) + path[:-1]
    return any(t in zone.tiles for t in before_steps)


def danger_zones(battle: Any) -> list[Zone]:
    """Areas that threaten an enemy's presence or acts, from the ruleset's
    `danger_zones(battle)` (each a tuple (owner unit, owner side, tiles, kind, label,
    when);
    see `game/rulesets/<id>/zones.py`). Reads the battle: call it on the main thread
    while no AI is thinking."""
    hook = getattr(battle.ruleset, "danger_zones", None)
    if hook is None:
        return []
    try:
        return [as_zone(z) for z in hook(battle)]
    except Exception as exc:   # a view must never take the window down
        _report_once("the danger zones", exc)
    return []
