"""The greedy AI: the yardstick every ruleset's levels are measured against.

Written once, in the engine's terms only: the options a decision offers and the
ruleset's exact ``odds``. It takes the attack with the best expected damage available
right now; with none, it moves toward the nearest enemy (by walking distance); with
nothing to gain, it ends its turn. No positioning, no defence logic, no planning:
reactions are declined ("pass", every ruleset's key for letting it happen) unless an
attack is among them.

Picks among outcomes (5x5's "which Ability Score takes the point", a Victory Rush)
are bookkeeping, not tactics: greedy hands them to the ruleset's normal AI, since a
yardstick that chose its own death would measure nothing.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np

from game.engine.decisions import TARGET_NONE, TARGET_TILE, TARGET_UNIT, Choice, Decision, Option

MAX_PARAM_COMBOS = 48  # per target: enough for every fire mode x hit location in the texts
PASSING = ("end_turn", "pass", "hold", "wait", "end")
# Upkeep the option keys of several rulesets share: with no attack to make, greedy
# gets up, reloads or restores its points before it walks (otherwise a dry gun or
# spent points would leave it walking up to enemies it cannot hurt).
UPKEEP = ("stand", "reload", "restore_strength", "restore_speed")


class GreedyAI:
    def __init__(self, seed: int = 0, picker: Any = None) -> None:
        self.rng = random.Random(f"greedy {seed}")
        self.picker = picker  # answers PICK decisions (the ruleset's normal AI)

    def decide(self, battle: Any, decision: Decision) -> Choice:
        if decision.kind == "pick" and self.picker is not None:
            return self.picker.decide(battle, decision)
        attack = best_attack(battle, decision)
        if attack is not None:
            return attack
        if decision.kind == "reaction" and decision.option("pass") is not None:
            return decision.option("pass").choice()
        if decision.kind in ("turn", "declare"):
            for key in UPKEEP:
                opt = decision.option(key)
                if opt is not None:
                    return param_choices(opt, None if opt.target_kind == TARGET_NONE else opt.targets[0])[0]
            step = step_toward_enemy(battle, decision)
            if step is not None:
                return step
            for key in PASSING:
                opt = decision.option(key)
                if opt is not None and opt.target_kind == TARGET_NONE:
                    return opt.choice()
        return default_choice(decision)


def default_choice(decision: Decision) -> Choice:
    """The first option, at its first target, with its default parameters."""
    opt = decision.options[0]
    return opt.choice(None if opt.target_kind == TARGET_NONE else opt.targets[0])


def param_choices(opt: Option, target: Any) -> list[Choice]:
    """Every parameter combination for `target` (capped; the defaults come first)."""
    limits = opt.params_for(target)
    names = sorted(limits)
    combos = itertools.islice(itertools.product(*(limits[n] for n in names)), MAX_PARAM_COMBOS)
    return [opt.choice(target, **dict(zip(names, values))) for values in combos]


def best_attack(battle: Any, decision: Decision) -> Choice | None:
    """The offensive choice with the highest expected damage (> 0), or None."""
    actor_team = decision.side
    best: tuple[float, Choice] | None = None
    for opt in decision.options:
        if not opt.offensive or opt.target_kind == TARGET_NONE:
            continue
        for target in opt.targets:
            if opt.target_kind == TARGET_UNIT and battle.team(target) == actor_team:
                continue  # never on purpose at its own side
            if opt.target_kind == TARGET_UNIT and not battle.active(target):
                continue  # a foe already out of the fight (mahou lets one be struck)
            for choice in param_choices(opt, target):
                odds = battle.ruleset.odds(battle, decision, choice)
                if odds is None:
                    continue
                value = odds.expected_damage
                if value > 0 and (best is None or value > best[0]):
                    best = (value, choice)
    return best[1] if best is not None else None


def step_toward_enemy(battle: Any, decision: Decision) -> Choice | None:
    """The offered tile nearest (by walking) to an enemy, if nearer than now: any
    option that puts the unit on a tile (move, sidestep, charge, jump...); the first
    such option wins a tie."""
    moves = [o for o in decision.options if o.target_kind == TARGET_TILE and not o.offensive]
    if not moves:
        return None
    enemies = tuple(sorted(battle.tile(u) for u in battle.units(active_only=True)
                           if battle.team(u) != decision.side))
    if not enemies:
        return None
    dist = battle.cached(("greedy-distance", enemies), lambda: walking_distance(battle.map, enemies))
    here = dist[battle.tile(decision.actor)]
    best: tuple[int, int, tuple[int, int]] | None = None
    for index, opt in enumerate(moves):
        for tile in opt.targets:
            d = int(dist[tile])
            if d < here and (best is None or (d, index, tile) < best):
                best = (d, index, tile)
    return moves[best[1]].choice(best[2]) if best is not None else None


def walking_distance(tmap: Any, sources: tuple[tuple[int, int], ...]) -> np.ndarray:
    """Move cost from every tile to the nearest source over the terrain (the engine's
    own paths, corner rule included)."""
    from game.world.paths import distance_field
    return distance_field(tmap, sources)
