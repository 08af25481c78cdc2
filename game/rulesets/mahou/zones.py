"""Areas on the map where a unit's presence threatens what an enemy does there, for the
window to draw (`ruleset.danger_zones(battle)`: (owner, side, tiles, kind, label, when); `when` is
which part of a move sets the rule off: "pass", "end" or "leave", see
`game.ui.rules_view.Zone`).

mahou-galaxy.txt has one: **held actions**. "Hold: Your character may choose to hold
any of these actions for later. If they do this, they may choose at any time before
their next full turn to use their held actions. This is useful if your character is
being attacked by someone who moves in and out too fast for them to approach." The
game offers them (`flow.held_windows`) when an enemy ends a move within 5 feet of the
holder, so the zone is the tiles within 5 feet of every unit holding actions it could
use now (kind "reaction").

The spot and active defences are reactions too, but to an attack on the defender,
wherever the attacker stands: no area to draw.
Read only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.battle import Battle

REACH_FT = 5   # flow.held_windows: "has just moved next to" (within 5 ft)


def danger_zones(battle: "Battle") -> list[tuple]:
    from game.rulesets.mahou.components import Actions
    from game.rulesets.mahou.flow import _can_use_held
    out: list[tuple] = []
    reach = max(1, REACH_FT // max(1, battle.map.feet_per_tile))
    for unit in sorted(battle.units(active_only=True)):
        a = battle.try_get(unit, Actions)
        if a is None or a.held.total() == 0 or a.in_turn or not _can_use_held(battle, unit):
            continue
        x0, y0 = battle.tile(unit)
        tiles = frozenset((x, y) for x in range(x0 - reach, x0 + reach + 1) for y in range(y0 - reach, y0 + reach + 1)
                          if (x, y) != (x0, y0) and battle.map.in_bounds(x, y) and battle.map.walkable[x, y])
        out.append((unit, battle.team(unit), tiles, "reaction",
                    f"Held actions: a move ending here lets {battle.name(unit)} act", "end"))
    return out
