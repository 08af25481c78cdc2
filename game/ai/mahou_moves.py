"""Moving: where the Mahou AI walks or jumps to (the tile values of mahou_place).

A step is worth what the tile it ends on gains over standing still, less a little a
step; a terrified unit keeps away from its distractor, an enraged one goes for it.
Ties are broken by the AI's own stream: any fixed order (lowest or highest tile
first) pulls one side toward the foe and the other away.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.ai.mahou_place import tile_array, tile_scores
from game.ai.mahou_read import param
from game.engine.decisions import Choice, Decision, Option
from game.rulesets.mahou import talk
from game.rulesets.mahou.stats import held_weapons

Scored = tuple[float, Choice | None]
MOST = 2.5  # the most a move may score: a blow worth more comes first
STEP_COST = 0.02  # a step's cost against a tile's gain: of equal tiles, the nearest
JUMP_COST = 0.3  # a jump's four moves and its risk, against walking
FLEE = 3.0  # a terrified unit's step away from its distractor


def move(ai: Any, battle: Any, decision: Decision, opt: Option) -> Scored:
    unit = decision.actor
    foes = foe_tiles(battle, unit)
    if not foes:
        return (0.0, None)
    tiles = list(opt.targets)
    here = battle.tile(unit)
    state = talk.state(battle, unit)
    if state is not None and state[0] == "terrified":
        sx, sy = battle.tile(state[1])
        far = max(tiles, key=lambda t: (max(abs(t[0] - sx), abs(t[1] - sy)), t))
        return (FLEE, opt.choice(far))
    ideal, ranged = ideal_range(battle, unit)
    if state is not None and state[0] == "enraged":
        foes, ideal, ranged = (battle.tile(state[1]),), 1, False
    gains, ties = _move_gains(battle, opt.targets, here, foes, ideal, ranged)
    i = ties[0] if len(ties) == 1 else ai.rng.choice(ties)
    if not gains[i] > 0.05:
        return (0.0, None)
    return (min(float(gains[i]), MOST), opt.choice(tiles[i]))


def jump(ai: Any, battle: Any, decision: Decision, opt: Option) -> Scored:
    """Jump where walking cannot take it as well: no-roll jumps only."""
    unit = decision.actor
    foes = foe_tiles(battle, unit)
    if not foes:
        return (0.0, None)
    ideal, ranged = ideal_range(battle, unit)
    tiles = tuple(t for t in opt.targets if any(k != "long" for k in param(opt, t, "kind")))
    if not tiles:
        return (0.0, None)
    here = battle.tile(unit)
    scores = tile_values(battle, tiles, here, foes, ideal, ranged)
    best = float(np.max(scores[:-1]))
    ties = np.flatnonzero(scores[:-1] >= best - 1e-9)
    i = int(ties[0] if len(ties) == 1 else ai.rng.choice(ties.tolist()))
    gain = float(scores[i] - scores[-1]) - JUMP_COST
    if gain <= 0.05:
        return (0.0, None)
    kind = next(k for k in opt.params_for(tiles[i])["kind"] if k != "long")
    return (min(gain, MOST), opt.choice(tiles[i], kind=kind, skill=opt.params["skill"][0]))


def _move_gains(battle: Any, targets: tuple, here: tuple, foes: tuple, ideal: int, ranged: bool):
    """(what walking to each offered tile gains over standing, less STEP_COST a step;
    the indices of the best, ties together)."""
    scores = tile_values(battle, targets, here, foes, ideal, ranged)
    arr = tile_array(targets)
    steps = np.maximum(np.abs(arr[:, 0] - here[0]), np.abs(arr[:, 1] - here[1]))
    gains = scores[:-1] - scores[-1] - STEP_COST * steps
    best = float(np.max(gains))
    return gains, np.flatnonzero(gains >= best - 1e-9).tolist()


def tile_values(battle: Any, targets: tuple, here: tuple, foes: tuple, ideal: int, ranged: bool):
    """`tile_scores` of the offered tiles and its own, kept per battle by every input
    (a turn's later decisions often offer the same tiles against the same foes)."""
    key = (tuple(targets), here, foes, ideal, ranged)
    return battle.kept.get("mahou-ai-tiles", key, lambda: tile_scores(battle, list(targets) + [here], foes,
                                                                       ideal, ranged))


def foe_tiles(battle: Any, unit: int) -> tuple:
    """Where the unit's foes still in the fight stand, sorted (read once a decision)."""
    team = battle.team(unit)
    return battle.memo(("mahou-ai-foe-tiles", team), lambda: tuple(sorted(
        battle.tile(e) for e in battle.units(active_only=True) if battle.team(e) != team)))


def ideal_range(battle: Any, unit: int) -> tuple[int, bool]:
    """The distance it wants to fight at (tiles) and whether it shoots."""
    ranged = [w for w in held_weapons(battle, unit) if w.ranged]
    if ranged:
        return max(1, ranged[0].range_ft // battle.map.feet_per_tile), True
    return 1, False
