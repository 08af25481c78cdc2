"""The ground: where a 4dF unit heads, and what a tile is worth to stand on.

A unit heads for the nearest known enemy (else where one was last seen, else the middle
of the enemy's deployment: the map is public) and means to stop at its fighting
distance. A tile is worth the ground gained on that goal (walking distance, around water
and walls), being in reach of an enemy to shoot, and less its exposure: exact cover
from every enemy's planned tile within a shot. Hard adds the wounds it expects to take
there (fate_threat.py). Plain functions over a `Look`; they only read.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.ai import fate_grid
from game.ai.fate_grid import CLOSING, COVER_VALUE, NEXT_TO_ENEMY, REACH_WORTH, SEEN_COST, SHOT_RANGE
from game.ai.fate_threat import threat
from game.ai.side_frame import frame_key, turned
from game.rulesets.fate.cover import protection, sight_from
from game.world.paths import UNREACHABLE, chebyshev, distance_field


def goal(look: Any) -> tuple[int, int]:
    """Where to head: the nearest known enemy, else the nearest last seen, else the
    middle of the enemy's deployment (the map is public). Ties and rounding go the
    side's own way (side_frame): on a point-mirrored map both sides head for
    mirror-image places."""
    battle = look.battle
    if look.live_enemies:
        return _nearest(look, [look.where(e, look.slot) for e in look.live_enemies])
    live = {e: t for e, t in look.last_seen.items()
            if battle.active(e) and battle.team(e) != look.team}
    if live:
        return _nearest(look, live.values())
    spawns = [(s.x, s.y) for s in battle.map.spawns if s.team != look.team]
    if not spawns:
        return look.origin
    # The middle rounded down in the side's frame: for a side that reads the map turned
    # (its x and y counting from the far corner), rounded up in the map's.
    w, h = battle.map.width - 1, battle.map.height - 1
    flip = (lambda t: (w - t[0], h - t[1])) if turned(battle.map, look.team) else (lambda t: t)
    spawns = [flip(t) for t in spawns]
    return flip((sum(x for x, _ in spawns) // len(spawns), sum(y for _, y in spawns) // len(spawns)))


def _nearest(look: Any, tiles: Any) -> tuple[int, int]:
    """The tile nearest the unit's, the first of those as near by x, then y, in the
    side's own frame (side_frame). Watched (Two Captains, both sides playing the
    mission): each unit's three enemies stood at one distance, and both sides went for
    the one of smallest y, for side 1 on its left, for side 2 on its right."""
    origin = look.origin
    turn = turned(look.battle.map, look.team)
    return min(tiles, key=lambda t: (chebyshev(t, origin), *frame_key(t[0], t[1], turn)))


def walk_grid(look: Any) -> np.ndarray:
    """Walking distance to the goal (around water and walls, ignoring units), capped
    at three times the straight distance (a long way round is not worth walking); kept
    with the map by goal."""
    tmap, there = look.battle.map, look.goal

    def compute():
        cost = distance_field(tmap, [there]).astype(np.int64)
        far = int(cost[cost < UNREACHABLE].max(initial=0)) + 1
        cost[cost >= UNREACHABLE] = far
        return np.minimum(cost, 3 * fate_grid.chebyshev_grid(tmap, there))
    return tmap.kept.get("fate-ai-walk", there, compute)


def enemy_in_reach(look: Any, tile: tuple[int, int], dists: list[int] | None = None) -> bool:
    """Some known enemy is in sight within the unit's short range of `tile`. `dists`:
    the distances from `tile` to `look.enemy_tiles`, when already known."""
    theres = look.enemy_tiles
    if dists is None:
        dists = [chebyshev(tile, there) for there in theres]
    reach, view = look.reach, None
    for d, there in zip(dists, theres):
        if d <= reach:
            if view is None:
                view = sight_from(look.battle, tile)
            if view[there]:
                return True
    return False


def spot_value(look: Any, tile: tuple[int, int], from_slot: int | None = None) -> float:
    """How good it is to stand on `tile` after this action: closing on the goal, and
    exposure to enemy fire (exact cover from every enemy's planned tile). Hard: less the
    wounds it expects there from the attacks of beat `from_slot` (this one) on."""
    battle = look.battle
    value = -look.ground_rate * max(0, look.walk.item(tile) - look.wanted)
    theres = look.enemy_tiles
    x, y = tile
    dists = [max(x - tx, tx - x, y - ty, ty - y) for tx, ty in theres]  # chebyshev, written out
    in_reach = enemy_in_reach(look, tile, dists)
    melee = look.prefers_melee
    if not melee and in_reach:
        value += REACH_WORTH
    if not in_reach and theres:
        value -= CLOSING * min(dists)
    for there, d in zip(theres, dists):
        if d > SHOT_RANGE:
            continue  # neither next to it nor within a shot: no exposure to read
        prot = protection(battle, there, tile, look.protections)
        if prot.distance <= 1:
            value -= 0.0 if melee else NEXT_TO_ENEMY
        elif prot.visible and not prot.blocked and prot.distance <= SHOT_RANGE:
            shield = COVER_VALUE[prot.cover] + COVER_VALUE[prot.concealment]
            value -= SEEN_COST["melee" if melee else "missile"] * max(0.0, 1.0 - shield)
    if look.threat_k is not None:
        value -= look.threat_k * threat(look, tile, from_slot=from_slot)
    return value
