"""Areas on the map where a unit's presence threatens what an enemy does there, for the
window to draw (`ruleset.danger_zones(battle)`: (owner, side, tiles, kind, label, when); `when` is
which part of a move sets the rule off: "pass", "end" or "leave", see
`game.ui.rules_view.Zone`).

action-block.txt has one: **Obstruct Movement**. "If another character is within
[Melee Range], then the character can perform [Obstruct Movement] to end the [Movement
Action]" ([Melee Range] is 5 feet). The game asks before each step of a move
(`movement.walk`), so a move that starts in or passes through the tiles within 5 feet
of a character who can react and afford Obstruct Movement may be ended there. The zone
is those tiles (kind "reaction").

Dodge and the Blocks answer an attack on the defender, wherever the attacker stands:
no area to draw.
Read only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.battle import Battle


def danger_zones(battle: "Battle") -> list[tuple]:
    from game.rulesets.actionblock.costs import can_afford
    from game.rulesets.actionblock.reactions import can_react
    from game.rulesets.actionblock.stats import MELEE_RANGE_FT, distance_ft
    out: list[tuple] = []
    reach = MELEE_RANGE_FT // max(1, battle.map.feet_per_tile)
    for unit in sorted(battle.units(active_only=True)):
        if not can_react(battle, unit) or not can_afford(battle, unit, "obstruct"):
            continue
        x0, y0 = here = battle.tile(unit)
        tiles = frozenset((x, y) for x in range(x0 - reach, x0 + reach + 1) for y in range(y0 - reach, y0 + reach + 1)
                          if (x, y) != here and battle.map.in_bounds(x, y) and battle.map.walkable[x, y]
                          and distance_ft(battle, here, (x, y)) <= MELEE_RANGE_FT)
        if tiles:
            out.append((unit, battle.team(unit), tiles, "reaction",
                        f"Obstruct Movement: {battle.name(unit)} can end a move here", "pass"))
    return out
