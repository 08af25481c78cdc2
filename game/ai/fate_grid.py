"""Scoring every tile a unit could move to at once (numpy), before the exact scoring.

A first cut of the move targets: from each known enemy's planned tile, its view (the
map's FOV, which is symmetric: the tiles it sees are the tiles that see it) and its
distance grid; from them, how exposed each tile is (enemies that see it within a
shot, bent by the cover next to the tile on the enemy's side), whether an enemy is in
this unit's reach from it, and the best attack it sets up (exact odds for one tile of
each kind: distance band, higher ground, charge; shared by every tile of that kind).
The few best tiles are then scored exactly (fate.py). Only reads the battle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from game.world.sight import fov
from game.world.tactical_map import Cover

if TYPE_CHECKING:
    from game.ai.fate_look import Look

# The ground's scoring terms, one definition read by this screen and by the exact
# scorer (fate_ground.spot_value).
SHOT_RANGE = 14  # tiles within which an enemy's shot is counted as a threat
COVER_VALUE = {None: 0.0, "partial": 0.35, "total": 0.7}  # a shield against being seen
REACH_WORTH = 0.5  # a shooter that can shoot someone from the tile
CLOSING = 0.05  # per tile to the nearest enemy, when none is in reach from the tile
NEXT_TO_ENEMY = 0.45  # a shooter standing next to an enemy
SEEN_COST = {"melee": 0.1, "missile": 0.3}  # seen within a shot, less its cover


def _coords(tmap: Any) -> tuple[np.ndarray, np.ndarray]:
    """The x of the map's columns and the y of its rows."""
    return tmap.kept.get("fate-terrain", "xy", lambda: (np.arange(tmap.width), np.arange(tmap.height)))


def chebyshev_grid(tmap: Any, tile: tuple[int, int]) -> np.ndarray:
    xs, ys = _coords(tmap)
    return np.maximum(np.abs(xs - tile[0])[:, None], np.abs(ys - tile[1])[None, :])


def _seen_costs(tmap: Any) -> dict:
    """Per heading (sx, sy), each -1, 0 or 1: what being seen within a shot costs each tile
    (0.3 less its shield) against an enemy that way, the shield read roughly from the
    tile's own cover and concealment and its neighbour's one step that way (cover.py uses
    the exact line). Worked out once per map; `seen_cost_grid` reads an enemy's from them."""
    def compute():
        xs, ys = _coords(tmap)
        cover = tmap.cover
        heavy_here, light_here, hidden_here = cover == Cover.HEAVY, cover == Cover.LIGHT, cover == Cover.CONCEALMENT
        out = {}
        for sx in (-1, 0, 1):
            for sy in (-1, 0, 1):
                # Clipped at the edge: a tile there never has the enemy beyond it.
                toward = np.ix_(np.clip(xs + sx, 0, tmap.width - 1), np.clip(ys + sy, 0, tmap.height - 1))
                heavy = heavy_here | heavy_here[toward]
                light = ~heavy & (light_here | light_here[toward])
                hidden = hidden_here | hidden_here[toward]
                shield = (COVER_VALUE["total"] * heavy + COVER_VALUE["partial"] * light
                          + COVER_VALUE["partial"] * hidden)
                out[sx, sy] = SEEN_COST["missile"] * np.maximum(0.0, 1.0 - shield)
        return out
    return tmap.kept.get("fate-terrain", "seen costs", compute)


def seen_cost_grid(tmap: Any, enemy: tuple[int, int]) -> np.ndarray:
    """What being seen within a shot of `enemy` costs each tile: its heading's grid of
    `_seen_costs` (the enemy's column and row split the map into nine parts, one heading each)."""
    costs = _seen_costs(tmap)
    ex, ey = enemy
    out = np.empty((tmap.width, tmap.height))
    for xpart, sx in ((slice(0, ex), 1), (slice(ex, ex + 1), 0), (slice(ex + 1, None), -1)):
        for ypart, sy in ((slice(0, ey), 1), (slice(ey, ey + 1), 0), (slice(ey + 1, None), -1)):
            out[xpart, ypart] = costs[sx, sy][xpart, ypart]
    return out


def exposure_grid(tmap: Any, enemy: tuple[int, int], melee: bool, dist: np.ndarray,
                  seen: np.ndarray) -> np.ndarray:
    """What standing on each tile costs against one enemy at `enemy` (terrain only): a
    shooter minds being seen within a shot (less behind cover) and being next to it; a
    brawler, who must cross open ground to fight at all, minds being seen a little.
    `dist`, `seen`: the enemy's distance grid and view."""
    exposed = seen & (dist > 1) & (dist <= SHOT_RANGE)
    if melee:
        return np.where(exposed, SEEN_COST["melee"], 0.0)
    return np.where(exposed, seen_cost_grid(tmap, enemy), 0.0) + np.where(dist <= 1, NEXT_TO_ENEMY, 0.0)


def higher_grid(tmap: Any, enemy: tuple[int, int]) -> np.ndarray:
    """Where a tile stands above the enemy's (higher ground)."""
    return tmap.elevation > tmap.elevation[enemy]


def enemy_rows(tmap: Any, enemy: tuple[int, int], melee: bool, reach: int) -> np.ndarray:
    """Per tile (flat index x * height + y), against one enemy at `enemy` (terrain only):
    rows EXPOSURE, IN_REACH (0/1: the enemy is within `reach` of it, 1 meaning next to it,
    and in sight), DIST, SEEN (0/1), HIGHER (0/1: the tile stands above the enemy's). One
    gather of the candidate tiles reads them all."""
    def compute():
        dist, seen = chebyshev_grid(tmap, enemy), fov(tmap, enemy)
        rows = np.empty((len(ROWS), tmap.width, tmap.height))
        rows[EXPOSURE] = exposure_grid(tmap, enemy, melee, dist, seen)
        rows[IN_REACH] = dist <= 1 if reach <= 1 else seen & (dist <= reach)
        rows[DIST] = dist
        rows[SEEN] = seen
        rows[HIGHER] = higher_grid(tmap, enemy)
        rows = rows.reshape(len(ROWS), -1)
        rows.flags.writeable = False
        return rows
    return tmap.kept.get("fate-ai-rows", (enemy, melee, reach), compute)


ROWS = EXPOSURE, IN_REACH, DIST, SEEN, HIGHER = range(5)


def screen(look: "Look", tiles: np.ndarray, listed: list, walk: np.ndarray, follow_up: Any = None) -> np.ndarray:
    """A rough score for each candidate tile (rows of `tiles`; `listed`: the same tiles as
    a list of (x, y)), higher is better. `walk`: the walking distances to the goal
    (fate_ground.walk_grid). `follow_up`: fate_follow.attack_screen, for a move that sets
    up an attack."""
    tmap = look.battle.map
    flat = tiles[:, 0] * tmap.height + tiles[:, 1]
    melee = look.prefers_melee
    score = -look.ground_rate * np.maximum(0, walk.ravel()[flat] - look.wanted)
    foes = look.live_enemies
    if not foes:
        return score
    # Every enemy's rows at these tiles, one block per enemy: (enemies, rows, tiles).
    reach = 1 if melee else look.reach
    rows = np.empty((len(foes), len(ROWS), len(flat)))
    for block, e in zip(rows, foes):
        enemy_rows(tmap, look.where(e, look.slot), melee, reach).take(flat, axis=1, out=block)
    for exposure in rows[:, EXPOSURE]:
        score -= exposure  # one enemy at a time: the same sums in the same order
    # (the ufuncs' own reductions: ndarray.max and .any go through numpy's Python wrappers)
    in_reach = np.maximum.reduce(rows[:, IN_REACH], axis=0)
    if not melee:
        score += REACH_WORTH * in_reach
    if not np.count_nonzero(in_reach):
        # Nothing in reach from any of these tiles: keep closing on the nearest enemy, so
        # two sides never wait for each other just out of sight.
        score -= CLOSING * np.minimum.reduce(rows[:, DIST], axis=0)
    if follow_up is not None:
        return score + follow_up(look, foes, tiles, listed, rows)
    return score
