"""What the Mahou AI reads of the battle, shared by its candidates: distances, the
hands a unit has left, whether it can strike now, whether a target can meet a stance
with a spot defence, and an option's parameters. Reads only."""

from __future__ import annotations

from typing import Any

from game.engine.decisions import TARGET_NONE, Choice, Decision, Option
from game.rulesets.mahou.defences import block_ways, parry_ways
from game.rulesets.mahou.economy import defence_pool, usable
from game.rulesets.mahou.options import enemies, reaches
from game.rulesets.mahou.stats import fist_weapon, free_hands, held_weapons

#: A stance the target can meet with a +5 spot defence is worth this much less.
ANSWERED = 0.3
#: Standing up, the last hand on a hold, a demand obeyed and talk score at least this:
#: they come before any blow, and the rest of the turn is weighed once they are done.
URGENT = 6.0


def cheb(a, b) -> int:
    """Chebyshev distance between two tiles (every distance of the game)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def hands_left(battle: Any, unit: int) -> int:
    p = usable(battle, unit)
    return p.primary + p.offhand


def can_strike(battle: Any, unit: int) -> bool:
    """Whether a held weapon (or a fist) reaches a foe still in the fight (stopping at
    the first: the foes out of the fight, and the rest once one is found, go unread)."""
    weapons = [w for w in held_weapons(battle, unit) if not w.fist]
    if free_hands(battle, unit):
        weapons.append(fist_weapon(battle, unit))
    foes = enemies(battle, unit)
    return any(reaches(battle, unit, w, t) for w in weapons for t in foes)


def answered(battle: Any, target: int, stance: str) -> float:
    """What a blow in `stance` keeps of its value: less when the target can meet it
    with a +5 spot defence (read once a decision: every attack asks it of each target
    and stance)."""
    return 1.0 - ANSWERED * battle.memo(("mahou-ai-answerable", target, stance),
                                        lambda: _can_answer(battle, target, stance))


def _can_answer(battle: Any, target: int, stance: str) -> float:
    pool = defence_pool(battle, target)
    hands = pool.primary + pool.offhand
    if stance == "precise":
        return 1.0 if hands and block_ways(battle, target) else 0.0
    if stance == "fast":
        return 1.0 if hands and parry_ways(battle, target) else 0.0
    return 1.0 if pool.move >= 4 else 0.0


def pass_on(decision: Decision) -> Choice:
    """Letting the moment go: pass, end the turn or hold, else the first option."""
    for key in ("pass", "end_turn", "hold"):
        if decision.option(key):
            return decision.option(key).choice()
    opt = decision.options[0]
    return opt.choice(opt.targets[0] if opt.target_kind != TARGET_NONE else None)


def param(opt: Option, target: Any, name: str) -> tuple:
    """`opt.params_for(target)[name]` without merging the whole dict (a jump asks it of
    every landing tile)."""
    limits = opt.param_limits.get(target)
    if limits and name in limits:
        return limits[name]
    return opt.params[name]

