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

from game.world.sight import fov, terrain_memo
from game.world.tactical_map import Cover

if TYPE_CHECKING:
    from game.ai.fate import Look

SHOT_RANGE = 14  # tiles within which an enemy's shot is counted as a threat
COVER_WORTH = {"partial": 0.35, "total": 0.7}


def coords(tmap: Any) -> tuple[np.ndarray, np.ndarray]:
    return terrain_memo(tmap, "fate-ai-xy", lambda: np.indices((tmap.width, tmap.height)))


def chebyshev_grid(tmap: Any, tile: tuple[int, int]) -> np.ndarray:
    xs, ys = coords(tmap)
    return np.maximum(np.abs(xs - tile[0]), np.abs(ys - tile[1]))


def shield_grid(tmap: Any, enemy: tuple[int, int]) -> np.ndarray:
    """Roughly what cover and concealment give each tile against shots from `enemy`: the
    tile's own and its neighbour's toward the enemy (cover.py uses the exact line)."""
    def compute():
        xs, ys = coords(tmap)
        nx = np.clip(xs + np.sign(enemy[0] - xs), 0, tmap.width - 1)
        ny = np.clip(ys + np.sign(enemy[1] - ys), 0, tmap.height - 1)
        here, near = tmap.cover, tmap.cover[nx, ny]
        heavy = (here == Cover.HEAVY) | (near == Cover.HEAVY)
        light = ~heavy & ((here == Cover.LIGHT) | (near == Cover.LIGHT))
        hidden = (here == Cover.CONCEALMENT) | (near == Cover.CONCEALMENT)
        return COVER_WORTH["total"] * heavy + COVER_WORTH["partial"] * light + COVER_WORTH["partial"] * hidden
    return terrain_memo(tmap, ("fate-ai-shield", enemy), compute)


def screen(look: "Look", tiles: np.ndarray, follow_up: bool) -> np.ndarray:
    """A rough score for each candidate tile (rows of `tiles`), higher is better."""
    tmap = look.battle.map
    tx, ty = tiles[:, 0], tiles[:, 1]
    melee = look.prefers_melee
    wanted = 1 if melee else look.reach
    walk = look.walk_grid()[tx, ty]
    score = -0.15 * np.maximum(0, walk - wanted)
    in_reach = np.zeros(len(tiles), dtype=bool)
    best_attack = np.zeros(len(tiles))
    for e in look.live_enemies:
        there = look.where(e, look.slot)
        dist = chebyshev_grid(tmap, there)[tx, ty]
        seen = fov(tmap, there)[tx, ty]
        if melee:
            in_reach |= dist <= 1
        else:
            in_reach |= seen & (dist <= look.reach)
            exposed = seen & (dist > 1) & (dist <= SHOT_RANGE)
            shield = shield_grid(tmap, there)[tx, ty]
            score -= np.where(exposed, 0.3 * np.maximum(0.0, 1.0 - shield), 0.0)
            score -= np.where(dist <= 1, 0.45, 0.0)
        if melee:
            exposed = seen & (dist > 1) & (dist <= SHOT_RANGE)
            score -= np.where(exposed, 0.1, 0.0)
        if follow_up:
            best_attack = np.maximum(best_attack, look.attack_screen(e, tiles, dist, seen))
    score += np.where(in_reach, 0.0 if melee else 0.5, 0.0)
    if not in_reach.any() and look.live_enemies:
        # Nothing in reach from any of these tiles: keep closing on the nearest enemy, so
        # two sides never wait for each other just out of sight.
        near = np.min([chebyshev_grid(tmap, look.where(e, look.slot))[tx, ty] for e in look.live_enemies], axis=0)
        score -= 0.05 * near
    return score + best_attack
