"""The invariants every battle keeps, whatever its ruleset (issue 17).

`battle_errors(battle)` lists every broken one, in words; an empty list means the
battle is sound. The soak (`python -m game soak`) and the property tests check it
after every decision:

* every unit stands in bounds on a walkable tile (nobody on a wall);
* health within bounds: `ruleset.health` gives 0 < maximum and current <= maximum;
* two units in the fight share a tile only inside one grapple (the only rule of the
  five texts that lets two figures stand together: the d20 grapple);
* grapple links are mutual (`grapple.consistency_errors`);
* the unit a pending decision is asked of is in the fight and on the deciding side;
* nothing is emitted after `BattleEnded`, which comes at most once, and a battle that
  is over asks nothing more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import grapple
from game.engine.components import Position, Team
from game.engine.events import BattleEnded

if TYPE_CHECKING:
    from game.engine.battle import Battle


def battle_errors(battle: "Battle") -> list[str]:
    errors: list[str] = []
    tiles: dict[tuple[int, int], list[int]] = {}
    for unit, _ in battle.query(Team):
        pos = battle.try_get(unit, Position)
        if pos is None:
            errors.append(f"{battle.name(unit)} has no position")
            continue
        x, y = pos.tile
        if not (battle.map.in_bounds(x, y) and battle.map.walkable[x, y]):
            errors.append(f"{battle.name(unit)} stands on a non-walkable tile {(x, y)}")
        current, maximum = battle.ruleset.health(battle, unit)
        if not 0 < maximum or current > maximum:
            errors.append(f"{battle.name(unit)} health {current}/{maximum} out of bounds")
        if battle.active(unit):
            tiles.setdefault((x, y), []).append(unit)
    for tile, units in sorted(tiles.items()):
        if len(units) > 1 and not set(units) <= grapple.group(battle, units[0]):
            errors.append(f"units {units} share {tile} outside one grapple")
    errors += grapple.consistency_errors(battle)
    pending = battle.pending
    if pending is not None:
        if not battle.active(pending.actor):
            errors.append(f"a decision is asked of {battle.name(pending.actor)}, who is out of the fight")
        elif battle.team(pending.actor) != pending.side:
            errors.append(f"side {pending.side} decides for {battle.name(pending.actor)} of another side")
    errors += ending_errors(battle)
    return errors


def ending_errors(battle: "Battle") -> list[str]:
    """`BattleEnded` at most once, last in the log; an ended battle asks nothing."""
    ends = [i for i, event in enumerate(battle.log) if isinstance(event, BattleEnded)]
    errors = []
    if len(ends) > 1:
        errors.append(f"BattleEnded emitted {len(ends)} times")
    if ends and ends[0] != len(battle.log) - 1:
        after = battle.log[ends[0] + 1]
        errors.append(f"{len(battle.log) - 1 - ends[0]} event(s) after BattleEnded, "
                      f"the first {type(after).__name__}: {after}"[:300])
    late = getattr(battle, "late_events", ())
    if late:
        errors.append(f"{len(late)} event(s) emitted after BattleEnded (kept out of the log), "
                      f"the first {type(late[0]).__name__}: {late[0]}"[:300])
    if ends and battle.pending is not None:
        errors.append("a decision is pending after BattleEnded")
    return errors
