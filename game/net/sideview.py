"""What one side may read of a battle: the server builds every message to a seat here.

The fog's rules are the hotseat's, reused rather than written again:

- the tiles a side sees are `game.ui.fog_words.side_sight` over its units in the fight
  (line of sight, symmetric);
- a log line is judged at the moment of its event (`MomentSight` follows the events as
  they come): a line naming only units the side sees is read as it is; one that also
  names an unseen enemy reads "an unseen enemy" instead; one that names only unseen
  enemies is not sent; a move seen nowhere on its path is not sent, a move that leaves
  sight reads "moves out of sight"; an event that words itself per side
  (`describe_for`, fate's initiative and declarations) is sent as it words itself;
  this is `BattleScreen._redactor` for one side (game/ui/battle_screen.py);
- units: the side's own, and the enemies standing on a tile it sees now; nothing of any
  other enemy (no id, name, template, tile or hit points);
- a decision only to its own side, with its options, its targets (unit targets the side
  does not see are left out) and the odds of each offensive option; the decision's
  `context` (declarations, initiative lists) is not sent, as it may name hidden units.

Without fog a side reads everything: every line and every unit (still only its own
decisions).

A spectator reads what every side may read (the intersection): a unit every side
knows of now; a line every side reads, worded as every side reads it; where the sides
read it worded differently (each hiding its own unseen enemies), worded with the names
any side cannot see read "an unseen enemy"; a line some side does not read at all is
not sent. An event that words itself per side is worded for a side that sees only what
every side sees. With no fog, or when every side is an AI seat (a demo), a spectator
reads everything.

`game.ui.fog_words` and `game.ui.declarations` import no pygame (a proposal in the
report: move them to `game/engine/fog.py` so the server need not reach into the window
package).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from game.engine.decisions import TARGET_NONE, TARGET_TILE, TARGET_UNIT, Decision, TileSet
from game.ui.declarations import fog_line as said_for
from game.ui.fog_words import MomentSight, fog_line, side_sight


@dataclass(frozen=True)
class Seen:
    """One unit as a moment of the battle shows it (what `MomentSight` reads)."""

    id: int
    name: str
    team: int
    tile: tuple[int, int]
    active: bool


@dataclass(frozen=True)
class Picture:
    """Where every unit stands at one moment: the board before a batch of events."""

    units: dict[int, Seen]


def picture(battle: Any) -> Picture:
    return Picture({u: Seen(u, battle.name(u), battle.team(u), tuple(battle.tile(u)), battle.active(u))
                    for u in battle.units()})


def sight(battle: Any, pic: Picture, team: int) -> np.ndarray:
    return side_sight(battle.map, [u.tile for u in pic.units.values() if u.team == team and u.active])


def lines_for(battle: Any, events: list, pre: Picture, post: Picture, team: int) -> list[str]:
    """The lines `team` reads of `events` (which took the board from `pre` to `post`)."""
    return [line for line, _ in _each_line(battle, events, pre, post, team) if line is not None]


def _each_line(battle, events, pre, post, team) -> list[tuple[str | None, list[str]]]:
    """For each event: the line `team` reads (None: nothing) and the names it does not
    see at that moment."""
    moment = MomentSight(battle.map, pre)
    before, after = sight(battle, pre, team), sight(battle, post, team)
    out = []
    for ev in events:
        try:
            out.append((_line(battle, ev, moment, pre, post, before, after, team), moment.unseen_names(team)))
        finally:
            moment.follow(ev)
    return out


def spectator_lines(battle: Any, events: list, pre: Picture, post: Picture, teams: list[int]) -> list[str]:
    """The lines a spectator reads of `events` under fog: what every side in `teams` reads."""
    each = [_each_line(battle, events, pre, post, t) for t in teams]
    sights = {t: sight(battle, pre, t) for t in teams}
    names = {u.name for u in pre.units.values()} | {u.name for u in post.units.values()}
    out: list[str] = []
    for n, ev in enumerate(events):
        lines = [per[n][0] for per in each]
        says, line = said_for(ev, lambda unit: all(_sees(pre, sights[t], t, unit) for t in teams))
        if says:
            if line is not None and all(l is not None for l in lines):
                out.append(line)
            continue
        if any(l is None for l in lines):
            continue  # some side reads nothing of it
        if all(l == lines[0] for l in lines):
            out.append(lines[0])
            continue
        unseen = sorted({name for per in each for name in per[n][1]})
        worded = fog_line(ev.describe(), unseen, sorted(names - set(unseen)), keep=True)
        if worded is not None:
            out.append(worded)
    return out


def _line(battle, ev, moment, pre, post, before, after, team) -> str | None:
    says, line = said_for(ev, lambda unit: _sees(pre, before, team, unit))
    if says:
        return line
    kind = type(ev).__name__
    unit = getattr(ev, "unit", None)
    u = post.units.get(unit) or pre.units.get(unit)
    if kind in ("Moved", "Declared") and u is not None and u.team != team:
        if kind == "Declared":
            tile = pre.units[unit].tile if unit in pre.units else u.tile
            return ev.describe() if before[tile] else None
        path = [t for t in ev.path if battle.map.in_bounds(*t)]
        if path and after[path[-1]]:
            return ev.describe()
        start = pre.units[unit].tile if unit in pre.units else None
        if any(after[t] or before[t] for t in path) or (start is not None and before[start]):
            return f"{ev.name} moves out of sight."
        return None
    area = getattr(ev, "tiles", None)
    keep = bool(area) and not isinstance(area, str) and moment.sees_any(team, area)
    return fog_line(ev.describe(), moment.unseen_names(team), moment.seen_names(team), keep)


def _sees(pic: Picture, seen: np.ndarray, team: int, unit: int) -> bool:
    u = pic.units.get(unit)
    return u is not None and (u.team == team or bool(seen[u.tile]))


def visible_units(battle: Any, team: int, fog: bool) -> set[int]:
    """The units `team` knows of now: all without fog; its own and those on seen tiles."""
    if not fog:
        return set(battle.units())
    pic = picture(battle)
    seen = sight(battle, pic, team)
    return {u for u, s in pic.units.items() if s.team == team or bool(seen[s.tile])}


def spectator_units(battle: Any, teams: list[int], fog: bool) -> set[int]:
    """The units a spectator knows of now: those every side knows of (all without fog)."""
    if not fog:
        return set(battle.units())
    return set.intersection(*(visible_units(battle, t, True) for t in teams))


def units_for(battle: Any, shown: set[int]) -> list[dict]:
    """The unit records of a view; `vip` only on a scenario's VIP (issue 28: whose fall
    ends the battle or scores is no secret, for a unit the side is shown)."""
    from game.engine.objectives import Vip
    out = []
    for unit in sorted(shown):
        hp = max_hp = None
        if hasattr(battle.ruleset, "health"):
            try:
                hp, max_hp = battle.ruleset.health(battle, unit)
            except Exception:  # a ruleset without hit points for this unit (as the window)
                hp = max_hp = None
        out.append({"id": unit, "name": battle.name(unit), "team": battle.team(unit),
                    "tile": list(battle.tile(unit)), "active": battle.active(unit),
                    "hp": _plain(hp), "max_hp": _plain(max_hp)})
        if battle.try_get(unit, Vip) is not None:
            out[-1]["vip"] = True
    return out


def decision_for(battle: Any, decision: Decision, shown: set[int], fog: bool, team: int) -> dict:
    """The pending decision as its own side reads it: options, targets, parameters and
    the odds of each offensive option at each target (default parameters)."""
    words = _wording(battle, shown, team) if fog else (lambda text: text)
    options = []
    for opt in decision.options:
        entry: dict[str, Any] = {"key": opt.key, "label": words(opt.label), "cost": words(opt.cost),
                                 "target_kind": opt.target_kind, "offensive": bool(opt.offensive),
                                 "params": {k: [_plain(v) for v in vs] for k, vs in opt.params.items()}}
        if opt.target_kind == TARGET_NONE:
            options.append(entry)
            continue
        if opt.target_kind == TARGET_UNIT:
            targets = [t for t in opt.targets if t in shown]
        elif isinstance(opt.targets, TileSet):
            targets = [list(t) for t in np.argwhere(opt.targets.mask).tolist()]
        else:
            targets = [list(t) if isinstance(t, tuple) else t for t in opt.targets]
        if not targets:
            continue  # only hidden units to aim at: not offered to a side that cannot see them
        entry["targets"] = targets
        limits = {}
        for t in targets:
            key = tuple(t) if isinstance(t, list) else t
            narrowed = opt.param_limits.get(key)
            if narrowed:
                limits[str(key)] = {k: [_plain(v) for v in vs] for k, vs in narrowed.items()}
        if limits:
            entry["param_limits"] = limits
        if opt.offensive:
            entry["odds"] = _odds(battle, decision, opt, targets)
        options.append(entry)
    return {"actor": decision.actor, "side": decision.side, "kind": decision.kind,
            "prompt": words(decision.prompt), "options": options}


def _odds(battle, decision, opt, targets) -> list:
    out = []
    for t in targets:
        target = tuple(t) if isinstance(t, list) and opt.target_kind == TARGET_TILE else t
        try:
            odds = battle.ruleset.odds(battle, decision, opt.choice(target))
        except Exception:  # odds a ruleset cannot work out for this target: none shown
            odds = None
        out.append(None if odds is None else {"hit": round(odds.hit, 6), "crit": round(odds.crit, 6),
                                              "expected_damage": round(odds.expected_damage, 6)})
    return out


def _wording(battle, shown: set[int], team: int):
    """A prompt or label with every hidden enemy's name read "an unseen enemy"."""
    hidden = [battle.name(u) for u in battle.units() if u not in shown]
    seen = [battle.name(u) for u in sorted(shown)]

    def words(text: str) -> str:
        return fog_line(text, hidden, seen, keep=True) if text else text
    return words


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return str(value)
