"""Action Block AI: where to stand. A melee unit moves to where it can attack next
(next to an enemy, charging when the charge lands adjacent); a gunner to where it has
a shot in range and sight, in cover, not next to a brute. A tile's worth depends on
the foes' tiles, the unit's reach and whether it fights in melee, so it is kept with
those (`Position`) for every decision until a foe moves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from game.engine.decisions import Choice, Decision
from game.world.paths import distance_field
from game.world.sight import line_of_fire
from game.world.tactical_map import Cover
from game.rulesets.actionblock.components import Points, TurnState
from game.rulesets.actionblock.fastinit import fast_init
from game.rulesets.actionblock.movement import NAMES, direction_to
from game.rulesets.actionblock.options import nearest_enemy
from game.rulesets.actionblock.stats import melee_items, weapon_of
from game.ai.actionblock_points import cost_value
from game.ai.actionblock_terms import COVER_VALUE, foes, gun_reach_ft, is_melee

MOVE_KEYS = ("sidestep", "fast_sidestep", "charge", "fast_charge", "teleport")


def move(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """The best tile any moving option reaches, if it beats standing still."""
    offered = {o.key: o for o in decision.options}
    moves = [offered[k] for k in MOVE_KEYS if k in offered]
    if not moves:
        return []
    unit = decision.actor
    standing = foes(battle, unit)
    if not standing:
        return []
    can_attack = battle.get(unit, TurnState).offensive is None
    pos = position(battle, unit, standing)
    top = 0.0  # the best gain so far
    tied: list = []
    # A tile's worth is the same whichever move reaches it, and on every decision of
    # the Turn while the foes stand still: kept with the position.
    scores = pos.scores
    # A melee unit next to a foe (more if it can still strike this Turn).
    adjacent_bonus = (2.5 if can_attack else 1.0) if pos.melee else 0.0
    # Where it stands now, scored as the tiles it could move to are.
    at = battle.tile(unit)
    found = scores.get(at)
    if found is None:
        found = scores[at] = tile_base(battle, pos, at)
    here = found[0] + adjacent_bonus if found[1] == 1 else found[0]
    charge_bonus = 0.0
    if pos.melee and can_attack:
        charge_bonus = 0.6 * max(weapon_of(battle, unit, k).weight for k in melee_items(battle, unit))
    for opt in moves:
        cost = cost_value(ai, battle, unit, opt.key)
        if opt.key == "teleport":
            cost += 2.0
        bonus = 0.0
        if opt.key in ("charge", "fast_charge") and charge_bonus and can_melee_after(battle, unit, opt.key):
            bonus = charge_bonus * (1 if opt.key == "charge" else 2)
        for tile in opt.targets:
            found = scores.get(tile)
            if found is None:
                found = scores[tile] = tile_base(battle, pos, tile)
            score, nearest = found
            gain = score + (adjacent_bonus if nearest == 1 else 0.0) - here - cost
            if bonus and nearest == 1:
                gain += bonus
            if gain > top + 1e-9:
                top, tied = gain, []
            if gain >= top - 1e-9 and gain > 0:
                tied.append((opt, tile))
    if not tied:
        return []
    # Equal tiles are drawn by the AI's own stream: taking the first in the options'
    # (y, x) order made the side that moves toward lower x bolder, which decided
    # mirrored battles (the left side won 70% of them on a mirrored arena).
    opt, tile = tied[0] if len(tied) == 1 else ai.rng.choice(tied)
    params = {"facing": "moved"} if "facing" in opt.params else {}
    return [(top, opt.choice(tile, **params))]


def can_melee_after(battle: Any, unit: int, move_key: str) -> bool:
    p = battle.get(unit, Points)
    data = battle.ruleset.data
    return (p.strength >= data.cost("melee").strength
            and p.speed >= data.cost(move_key).speed + data.cost("melee").speed)


def turn_facing(ai, battle, decision, opt, attack_score):
    """A melee unit faces its nearest foe (a Charge goes within 60° of the facing)."""
    unit = decision.actor
    if not is_melee(battle, unit):
        return []
    foe = nearest_enemy(battle, unit)
    if foe is None:
        return []
    toward = direction_to(battle.tile(unit), battle.tile(foe))
    if toward == battle.get(unit, TurnState).block_facing or NAMES[toward] not in opt.params["facing"]:
        return []
    return [(0.1, opt.choice(None, facing=NAMES[toward]))]


# --- a tile's worth --------------------------------------------------------------------------
def position(battle: Any, unit: int, standing: list[int]) -> "Position":
    """Everything a tile's score needs that does not depend on the tile, with the
    tile scores made from it: kept by the foes' tiles, the reach and whether the unit
    fights in melee, so every decision until a foe moves (and every unit of the side
    with the same reach) shares it."""
    foe_tiles = tuple(sorted(battle.tile(f) for f in standing))
    melee = is_melee(battle, unit)
    reach = 1 if melee else gun_reach_ft(battle, unit) // battle.map.feet_per_tile
    return battle.kept.get("actionblock-ai-position", (foe_tiles, melee, reach),
                           lambda: _new_position(battle, foe_tiles, melee, reach))


def _new_position(battle: Any, foe_tiles: tuple, melee: bool, reach: int) -> "Position":
    tmap = battle.map
    cover = tmap.kept.get("actionblock-ai-cover-worth", None, lambda: [
        [COVER_VALUE[Cover(c)] for c in column] for column in tmap.cover.tolist()])
    return Position(foe_tiles, melee, reach, Walk(tmap, foe_tiles), cover, tmap.kept.table("actionblock-ai-shot"), {})


def tile_base(battle: Any, pos: "Position", tile) -> tuple[float, int]:
    """A tile's worth apart from whether an attack is still to come, and the
    distance to the nearest foe."""
    x, y = tile
    if pos.melee:
        nearest = min([max(abs(x - fx), abs(y - fy)) for fx, fy in pos.foe_tiles])
        walk = 1.0 if nearest <= 1 else float(min(pos.walk(x, y), 10 ** 4))
        return -1.0 * walk, nearest
    near = [(max(abs(x - ft[0]), abs(y - ft[1])), ft) for ft in pos.foe_tiles]
    near.sort()
    nearest = near[0][0]
    reach = pos.reach
    shots = 0
    cover_best = 0.0
    # The nearest foes in reach decide it: two open shots are enough to know.
    for d, ft in near:
        if d > reach or shots >= 2:
            break
        found = pos.shots.get((tile, ft), lambda: _shot(battle.map, tile, ft))  # noqa: B023 (called at once)
        if found[0]:
            shots += 1
            cover_best = max(cover_best, found[1])
    # No shot from here: close in along the walking distance until one opens up.
    score = 3.0 if shots else -0.3 * (1.0 if nearest <= 1 else float(min(pos.walk(x, y), 10 ** 4)))
    score += cover_best + 0.6 * pos.cover[x][y]
    if nearest <= 1:
        score -= 2.0
    score += 0.05 * min(nearest, reach)  # a little distance is safer
    return score, nearest


def _shot(tmap: Any, tile: tuple, foe_tile: tuple) -> tuple[bool, float]:
    """(an open shot from `tile` at `foe_tile`, half the worth of the cover between)."""
    lof = line_of_fire(tmap, tile, foe_tile)
    return lof.visible and not lof.blocked, COVER_VALUE[lof.cover] * 0.5


@fast_init
@dataclass(frozen=True)
class Position:
    """The tile-independent part of scoring where to stand, and the tile scores made
    from it (kept by the foes' tiles, the melee flag and the reach)."""

    foe_tiles: tuple
    melee: bool
    reach: int
    walk: Any  # (x, y) -> the walking distance to the nearest foe (a `Walk`)
    cover: list  # [x][y] -> the worth of the tile's own cover
    shots: Any  # the map's table (tile, foe tile) -> `_shot`
    scores: dict  # tile -> `tile_base` (its worth, the distance to the nearest foe), at most one a tile


class Walk:
    """Move cost from a tile to the nearest of `sources` (the foes' tiles; units do not
    block it: they move), asked tile by tile: the minimum of each source's own field.
    Each source's field depends on the terrain alone (the engine's Dijkstra on its
    compiled graph of the map, corner rule included), so it is kept with the map and
    battles on one map share them; unreachable tiles get a large number."""

    def __init__(self, tmap: Any, sources: tuple) -> None:
        self.tmap, self.sources, self.fields = tmap, sources, None

    def __call__(self, x: int, y: int) -> int:
        fields = self.fields
        if fields is None:
            fields = self.fields = [walk_from(self.tmap, src) for src in self.sources]
        return min([field[x][y] for field in fields])


def walk_from(tmap: Any, source: tuple) -> list:
    """The move cost from every tile to `source`, as nested lists [x][y] (kept with the map)."""
    return tmap.kept.get("actionblock-ai-walk", tuple(source), lambda: _walk_from(tmap, source).tolist())


def _walk_from(tmap: Any, source: tuple):
    return np.minimum(distance_field(tmap, [source]), 10 ** 6).astype(np.int32)
