"""What a side reads of the battle's mission (issue 28 over the network, issue 31).

A scenario's terms are public, as the local window shows them to every side: its name,
briefing, round limit (the battle's own, which the scenario sets unless the battle was
opened with another), victory points target, and every zone (name, kind, tiles,
points, the side it is for). So are each side's points so far: every point is a
`PointsScored` event, and the local window shows the score to both sides.

Who stands in a zone is not public: issue 28, "a side sees a zone and its score
always, but not which hidden enemy stands in it". A view says of each zone only the
sides it sees standing in it (`seen_in`), counted over the units the view lists: a
zone held by an unseen enemy reads as held by no one the side sees. No unit is named.

VIPs: the map's VIP marks (`vips`: the side, the spawn tile the VIP started on, what its
fall scores) are public, as the map file is; a unit record in the view carries `"vip":
true` only for a unit the side is shown (as the local window tags only the units it
shows), so where a hidden VIP stands now is never said.
"""

from __future__ import annotations

from typing import Any

from game.engine import objectives


def mission_for(battle: Any, shown: set[int]) -> dict | None:
    """The view's `mission` field: None in a plain battle."""
    scenario = objectives.scenario_of(battle)
    if scenario is None:
        return None
    seen_in = _seen_in(battle, scenario.zones, shown)
    return {
        "name": scenario.name,
        "briefing": scenario.briefing,
        "round_limit": int(battle.max_rounds),
        "victory_points": scenario.victory_points,
        "attacker": scenario.attacker,
        "survive_rounds": scenario.survive_rounds,
        "points": {str(side): int(n) for side, n in sorted(objectives.points(battle).items())},
        "vips": [{"side": v.team, "tile": [v.x, v.y], "points": v.points} for v in scenario.vips],
        "zones": [{"name": z.name, "kind": z.kind, "points": int(z.points), "side": z.side,
                   "tiles": [list(t) for t in sorted(z.tiles)], "seen_in": seen_in[z.name]}
                  for z in scenario.zones],
    }


def _seen_in(battle: Any, zones, shown: set[int]) -> dict[str, list[int]]:
    """For each zone, the sides with a standing unit in it among the units `shown`."""
    standing = [(battle.tile(u), battle.team(u)) for u in sorted(shown) if battle.active(u)]
    return {z.name: sorted({team for tile, team in standing if tile in z.tiles}) for z in zones}


def ended_of(battle: Any) -> Any:
    """The battle's BattleEnded event (how it was won, after how many rounds), None
    while it goes on."""
    from game.engine.events import BattleEnded
    return next((e for e in reversed(battle.log) if isinstance(e, BattleEnded)), None)


def result_line(over: dict) -> str:
    """The headless join's result line: the server's words, how it was won, the points."""
    line = str(over.get("result") or "Battle over.")
    extra = []
    if over.get("how"):
        extra.append(f"how: {over['how']}")
    points = over.get("points")
    if points:
        extra.append("points " + ", ".join(f"side {side}: {n}" for side, n in sorted(points.items())))
    return f"{line} ({'; '.join(extra)})" if extra else line
