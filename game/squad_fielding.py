"""Whether a side can field a squad on a map (issue 29): the one line the window's
squad screens show when they refuse (game/ui/squad_builder.py, squad_choice.py).

Its own module so that the imports stay a tree: it reads the squads' points
(game.squads) and the engine's deployment (game.engine.setup, which itself reads the
squads' budgets).
"""

from __future__ import annotations

from typing import Sequence

from game.engine.setup import free_tiles
from game.squads import MAX_UNITS, copies_problem, squad_cost


def room_for(tmap: object, side: int) -> int:
    """How many units side `side` can stand on the map: its spawns and every free
    walkable tile they reach (game.engine.setup's deployment), other sides' spawns kept."""
    spawns = getattr(tmap, "spawns")
    own = sum(1 for s in spawns if s.team == side)
    if not own:
        return 0
    return own + len(free_tiles(tmap, side, {(s.x, s.y) for s in spawns}))


def squad_problem(tmap: object, ruleset: object, side: int, units: Sequence[str], budget: int) -> str | None:
    """Why side `side` cannot field `units` on the map against `budget`, in one line
    (the builder shows it and refuses), or None."""
    if not units:
        return "A squad needs at least one unit."
    if len(units) > MAX_UNITS:
        return f"At most {MAX_UNITS} units."
    copies = copies_problem(list(units), ruleset.id)  # type: ignore[attr-defined]
    if copies:
        return copies[0].upper() + copies[1:] + "."
    templates = ruleset.data.templates  # type: ignore[attr-defined]
    unpriced = [t for t in units if templates[t].cost is None]
    if unpriced:
        return f"{templates[unpriced[0]].name} has no cost yet: price it first (python -m game price --write)."
    cost = squad_cost(ruleset, units)
    if cost > budget:
        return f"Over budget: {cost} of {budget} points."
    room = room_for(tmap.for_ruleset(ruleset.id), side)  # type: ignore[attr-defined]
    if len(units) > room:
        return f"More units than the map has places: side {side} has room for {room}, the squad has {len(units)}."
    return None
