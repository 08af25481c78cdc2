"""Areas on the map where a unit's presence threatens what an enemy does there, for the
window to draw (`ruleset.danger_zones(battle)`: (owner, side, tiles, kind, label, when); `when` is
which part of a move sets the rule off: "pass", "end" or "leave", see
`game.ui.rules_view.Zone`).

d20-firearms.txt has two:

- **Suppressing fire** (kind "suppression"): "creates cone of affected area ... A creature
  that fails the save cannot move through the area or take actions if they are within
  the area." The cone's tiles, while the zone lasts.
- **Leaving a Grapple** (kind "reaction"): "A creature can use 1 Action to exit a
  Grapple, allowing the other creature in the Grapple to make a melee attack against
  them as a Reaction." The grapple's tile, for each member of a two-creature Grapple
  that still has its Reaction ("A creature exiting a Melee does not provoke
  opportunity attacks": a Melee of three or more has none).

No other d20 rule reacts to where an enemy is: the free melee attack on closing to
5 feet is the mover's own, not a threat of the unit approached.
Read only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import grapple

if TYPE_CHECKING:
    from game.engine.battle import Battle


def danger_zones(battle: "Battle") -> list[tuple]:
    from game.rulesets.d20.actions import can_react
    from game.rulesets.d20.suppression import zones
    out: list[tuple] = []
    units = set(battle.units())
    for _, z in zones(battle):
        team = battle.team(z.shooter) if z.shooter in units else None
        out.append((z.shooter, team, frozenset(z.tiles), "suppression", "Suppressing fire"))
    for unit in sorted(battle.units(active_only=True)):
        if not grapple.in_grapple(battle, unit):
            continue
        group = grapple.group(battle, unit)
        if len(group) == 2 and can_react(battle, unit):
            out.append((unit, battle.team(unit), frozenset({battle.tile(unit)}), "reaction",
                        f"Leaving the grapple lets {battle.name(unit)} strike (Reaction)", "leave"))
    return out
