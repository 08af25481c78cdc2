"""Where a 5x5 figure should end its move: every tile it may stand on, scored at once.

For each candidate tile (`score_tiles`, numpy over all of them, one enemy at a time):

* **now**: the best Offensive Action from there (`values.attack_value`: the chance to
  take the target out, the Ability points it is expected to lose, the target's threat);
* **later**: closing in, over several turns. For each enemy and each of its actions,
  the value of that action times the chance of being able to make it after walking
  there: 1 where it is legal already; for a Strike, the chance that the next turns'
  movement (the Initiative roll, at least 1) covers the walk to the enemy's side, a
  later turn discounted (`values.REACH_LATER`). So a Bruiser walks up to Strike at
  30/36 rather than stand throwing rubble at 12/36;
* **danger**: each enemy's best chance to land a hit there it does not Control next
  round (its Strike if it can walk up, its Aim with the cover, its Focus).

Sight and walking distances come from whole-map grids per enemy tile
(`rulesets/fivebyfive/sightlines.py`, kept with the map); a target's threat is kept for
the decision (battle.memo). Nothing here changes the battle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from game.ai.fivebyfive_values import (RANK_INDEX, REACH_LATER, REACH_NEXT, attack_value, best_chance,
                                       ranks_of, uncontrolled_chance)
from game.rulesets.fivebyfive.combat import COVER_SHIFT, template
from game.rulesets.fivebyfive.components import AbilityScores
from game.rulesets.fivebyfive.data import OFFENSIVE
from game.rulesets.fivebyfive.sightlines import UNREACHABLE, sight_grids, walk_from
from game.world.paths import chebyshev
from game.world.tactical_map import Cover

Tile = tuple[int, int]

LATER_WEIGHT = 0.7  # what the next turns' attacks are worth beside this turn's
RANGED_APPROACH = 0.5  # a ranged action not yet legal: half, by the walk to the enemy
WALK_NEAR = 10  # foes this close (Chebyshev) are measured by the walk, farther ones straight
DANGER = 1.2  # weight of the hits the enemies may land on the tile next round
COVER_SHIFTS = np.array([COVER_SHIFT[Cover(c)] for c in range(4)])


@dataclass(frozen=True)
class Figure:
    """What the scoring reads of one figure, read once per decision."""

    unit: int
    ranks: tuple[int, ...]  # Combat Ranks in data.RANKS order
    values: tuple[int, ...]  # Ability Scores in data.ABILITIES order
    tile: Tile


def figure(battle: Any, unit: int) -> Figure:
    s = battle.get(unit, AbilityScores)
    return Figure(unit, ranks_of(template(battle, unit)), (s.rage, s.grace, s.precognition),
                  battle.tile(unit))


def usable(ranks: tuple[int, ...]) -> tuple[str, ...]:
    """The Offensive Actions a figure may use (Focus never Unskilled)."""
    return tuple(a for a in OFFENSIVE if a != "focus" or ranks[RANK_INDEX["focus"]] > 0)


def situational_threat(battle: Any, foe: Figure) -> float:
    """The foe's chance to land its best attack next turn from where it stands: its
    Aim or Focus as they are, its Strike times the chance its next move reaches one of
    its enemies (a Bruiser across the map throws rubble at 1 in 3, not fists at 5 in 6).
    Kept for the decision (battle.memo), never stored in the world."""
    def compute() -> float:
        ranged = best_chance(foe.ranks, foe.values, ("aim", "focus"))
        strike = best_chance(foe.ranks, foe.values, ("strike",))
        if strike <= ranged:
            return ranged
        team = battle.team(foe.unit)
        targets = [battle.tile(u) for u in battle.units(active_only=True) if battle.team(u) != team]
        if not targets:
            return ranged
        near = min(chebyshev(foe.tile, t) for t in targets)
        if near <= WALK_NEAR:
            walk = walk_from(battle.map, foe.tile)
            near = min(int(walk[t]) for t in targets)
        return max(ranged, strike * float(REACH_NEXT[min(max(near - 1, 0), len(REACH_NEXT) - 1)]))
    return battle.memo(("5x5 threat", foe.unit, foe.tile, foe.values), compute)


def aim_shift(battle: Any, here: Tile, there: Tile) -> int:
    """The rank shift of an Aim from `here` at a figure on `there`: the cover it has."""
    return COVER_SHIFT[Cover(sight_grids(battle.map, there).line(here)[1])]


def attack_here(battle: Any, me: Figure, foe: Figure, action: str) -> float:
    """The value of `me`'s `action` at `foe` from where `me` stands."""
    shift = aim_shift(battle, me.tile, foe.tile) if action == "aim" else 0
    return attack_value(me.ranks, me.values, action, shift, foe.ranks, foe.values,
                        situational_threat(battle, foe))


@dataclass
class Board:
    """Per candidate tile (index 0: where the figure stands): the best attack from it
    now, the attacks it leads to later, and the danger of standing there."""

    now: np.ndarray
    later: np.ndarray
    danger: np.ndarray
    #: the attack behind `now` on each tile: an index into OFFENSIVE and one into the
    #: foes (-1 where there is none)
    action: np.ndarray
    target: np.ndarray

    def total(self) -> np.ndarray:
        return self.now + self.later - self.danger


def score_tiles(battle: Any, me: Figure, foes: list[Figure], tiles: list[Tile]) -> Board:
    """The Board of `me` standing on each of `tiles` against `foes` (reads only)."""
    tmap = battle.map
    xs = np.fromiter((t[0] for t in tiles), np.intp, len(tiles))
    ys = np.fromiter((t[1] for t in tiles), np.intp, len(tiles))
    cost_here = tmap.move_cost[xs, ys]
    walkable = tmap.walkable
    one, later_weight = REACH_NEXT, REACH_LATER
    mine = usable(me.ranks)
    now = np.zeros(len(tiles))
    later = np.zeros(len(tiles))
    danger = np.zeros(len(tiles))
    best_action = np.full(len(tiles), -1)
    best_target = np.full(len(tiles), -1)

    def improve(value: np.ndarray, action: str, index: int) -> np.ndarray:
        better = value > now
        best_action[better] = OFFENSIVE.index(action)
        best_target[better] = index
        return np.maximum(now, value)

    for index, foe in enumerate(foes):
        g = sight_grids(tmap, foe.tile)
        danger_of = situational_threat(battle, foe)
        seen = g.visible[xs, ys]  # I see the foe from the tile
        seen_back = g.visible_back[xs, ys]  # the foe sees the tile
        blocked, cover_at, cover_from = g.lines(xs, ys)
        clear = ~blocked
        dist = g.distance(xs, ys)
        if chebyshev(me.tile, foe.tile) <= WALK_NEAR:
            # the walk around walls and rough ground between the tile and the foe's side
            steps = walk_from(tmap, foe.tile)[xs, ys]
            steps = np.where(steps >= UNREACHABLE, len(one) - 1,
                             np.minimum(np.maximum(steps - cost_here, 0), len(one) - 1))
        else:  # far away: the straight distance is close enough (and never longer)
            steps = np.minimum(np.maximum(dist - 1, 0), len(one) - 1)
        adjacent = (dist == 1) & _not_across_corner(walkable, xs, ys, foe.tile)
        aim_ok = seen & clear & (dist >= 2)
        aimed_at = seen_back & clear & (dist >= 2)
        # --- my attacks on this foe: now, and what walking there leads to
        for action in mine:
            if action == "strike":
                v = attack_value(me.ranks, me.values, "strike", 0, foe.ranks, foe.values, danger_of)
                now = improve(np.where(adjacent, v, 0.0), action, index)
                later = np.maximum(later, v * later_weight[steps])
            elif action == "aim":
                by_cover = np.array([attack_value(me.ranks, me.values, "aim", int(s), foe.ranks,
                                                  foe.values, danger_of) for s in COVER_SHIFTS])
                v = by_cover[cover_at]
                now = improve(np.where(aim_ok, v, 0.0), action, index)
                later = np.maximum(later, np.where(aim_ok, v, RANGED_APPROACH * by_cover[0]
                                                   * later_weight[steps]))
            else:
                v = attack_value(me.ranks, me.values, "focus", 0, foe.ranks, foe.values, danger_of)
                now = improve(np.where(seen, v, 0.0), action, index)
                later = np.maximum(later, np.where(seen, v, RANGED_APPROACH * v * later_weight[steps]))
        # --- the foe's best hit on me there next round
        threat = np.zeros(len(tiles))
        for action in usable(foe.ranks):
            if action == "strike":
                c = uncontrolled_chance(foe.ranks, foe.values, "strike", 0, me.ranks, me.values)
                threat = np.maximum(threat, c * one[steps])
            elif action == "aim":
                by_cover = np.array([uncontrolled_chance(foe.ranks, foe.values, "aim", int(s),
                                                         me.ranks, me.values) for s in COVER_SHIFTS])
                threat = np.maximum(threat, np.where(aimed_at, by_cover[cover_from], 0.0))
            else:
                c = uncontrolled_chance(foe.ranks, foe.values, "focus", 0, me.ranks, me.values)
                threat = np.maximum(threat, np.where(seen_back, c, 0.0))
        danger += threat
    return Board(now, LATER_WEIGHT * later, DANGER * danger, best_action, best_target)


def _not_across_corner(walkable: np.ndarray, xs: np.ndarray, ys: np.ndarray, at: Tile) -> np.ndarray:
    """False for a diagonal neighbour of `at` across the corner of two unwalkable tiles
    (combat.adjacent's rule); true everywhere else."""
    ax, ay = at
    return (xs == ax) | (ys == ay) | walkable[xs, ay] | walkable[ax, ys]
