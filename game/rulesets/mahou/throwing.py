"""Throwing a held foe (rule text, Grapple): a Strength check with Gym or Martial Arts
against the foe's Defense score; the distance it earns, halved upward and half again
downward; the flight, a collision hurting like a fall, and a throw at a character as a
Precise attack. The foe lands prone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from game.engine.components import Position
from game.engine.decisions import PICK, TARGET_TILE, Choice, Decision, Option
from game.rulesets.mahou import dice as md
from game.rulesets.mahou.attacks import THROW_AT, AttackSpec
from game.rulesets.mahou.combat import resolve
from game.rulesets.mahou.components import EscapeBonus, HoldUpkeep
from game.rulesets.mahou.damage import end_hold, fall_spec, hit_with
from game.rulesets.mahou.events import ActionsChanged, CheckRolled
from game.rulesets.mahou.grapples import (fall, grapple_roll_spec, hold_entity, holds_of,
                                          holds_on)
from game.rulesets.mahou.stats import stat
from game.world.paths import chebyshev
from game.world.sight import crossed_tiles

if TYPE_CHECKING:
    from game.engine.battle import Battle

Flow = Generator[Decision, Choice, None]
THROW_BASE_FT, THROW_STEP_FT, THROW_PER = 10, 10, 5
FAILED_THROW_ESCAPE_BONUS = 5


# --- throwing ----------------------------------------------------------------------------------
def throw_max_ft(total: int, difficulty: int) -> int:
    """Up to 10 ft, +10 ft for every full 5 over the difficulty (roll 18 vs 8 → 30 ft)."""
    return THROW_BASE_FT + THROW_STEP_FT * ((total - difficulty) // THROW_PER)


def throw_limit(max_ft: int, rise_levels: int) -> int:
    """Upward throws are halved, downward ones +50%, both rounded down."""
    if rise_levels > 0:
        return max_ft // 2
    if rise_levels < 0:
        return max_ft * 3 // 2
    return max_ft


def throw_spec(battle: "Battle", unit: int, skill: str) -> md.RollSpec:
    return grapple_roll_spec(battle, unit, "strong", skill)


def throw_tiles(battle: "Battle", held: int, max_ft: int) -> list[tuple[int, int]]:
    fpt = battle.map.feet_per_tile
    x0, y0 = battle.tile(held)
    h0 = int(battle.map.elevation[x0, y0])
    reach = throw_limit(max_ft, -1) // fpt
    out = []
    for x in range(x0 - reach, x0 + reach + 1):
        for y in range(y0 - reach, y0 + reach + 1):
            if (x, y) == (x0, y0) or not battle.map.in_bounds(x, y):
                continue
            rise = int(battle.map.elevation[x, y]) - h0
            if chebyshev((x0, y0), (x, y)) * fpt <= throw_limit(max_ft, rise):
                out.append((x, y))
    return out


def throw(battle: "Battle", unit: int, held: int, skill: str) -> Flow:
    """Strength with Gym or Martial Arts against the foe's Defense score ([PROP]: foes
    always resist). Failure: +5 on its next escape. Success: thrown up to the distance,
    landing fallen; hitting something its size hurts like a fall of that distance;
    throwing it at a character is a Precise attack (Accuracy with Gym or Martial Arts)."""
    entity = hold_entity(battle, unit, held)
    battle.get(unit, HoldUpkeep).done = True
    difficulty = stat(battle, held, "defense")
    rolled = md.roll(battle.dice, throw_spec(battle, unit, skill))
    ok = rolled.total >= difficulty
    battle.emit(CheckRolled(unit, battle.name(unit), f"throw {battle.name(held)}", str(rolled),
                            rolled.total, difficulty, "its Defense", ok))
    if not ok:
        battle.add(held, EscapeBonus(FAILED_THROW_ESCAPE_BONUS))
        battle.emit(ActionsChanged(held, battle.name(held), "resists the throw: +5 on its next escape."))
        return
    max_ft = throw_max_ft(rolled.total, difficulty)
    tiles = throw_tiles(battle, held, max_ft)
    opt = Option("throw_to", "Throw here", "", TARGET_TILE, tuple(tiles), hotkey="t",
                 description=f"Up to {max_ft} ft (half upward, +50% downward); a unit there is "
                             "a Precise attack; a wall or obstacle hurts like a fall.")
    choice = yield Decision(unit, battle.team(unit), PICK, (opt,),
                            f"Throw {battle.name(held)} up to {max_ft} ft: where?",
                            {"trigger": "throw", "max_ft": max_ft})
    end_hold(battle, entity, "thrown")
    for other, _ in holds_on(battle, held) + holds_of(battle, held):
        end_hold(battle, other, "torn away by the throw")  # [PROP] no hold survives a throw
    yield from fly(battle, unit, held, choice.target, skill)


def fly(battle: "Battle", thrower: int, held: int, dest: tuple[int, int], skill: str) -> Flow:
    start = battle.tile(held)
    path = crossed_tiles(start, dest) + [dest]
    fpt = battle.map.feet_per_tile
    landed, struck = start, None
    for t in path:
        people = [u for u in battle.units_at(t) if u != held]
        if people or not battle.map.walkable[t]:
            struck = people[0] if people else t
            break
        landed = t
    pos = battle.get(held, Position)
    pos.x, pos.y = landed
    flown = chebyshev(start, landed) * fpt
    battle.emit(ActionsChanged(held, battle.name(held), f"is thrown {flown} ft to {landed}."))
    if isinstance(struck, int):
        spec = AttackSpec(thrower, struck, THROW_AT, "fists", "precise", skill, ())
        outcome = yield from resolve(battle, spec)
        if outcome.hit:
            # [PROP] a character hit by a thrown body takes the same fall damage.
            for victim in (held, struck):
                if battle.active(victim):
                    hit_with(battle, victim, fall_spec(max(fpt, flown)), False)
    elif struck is not None:
        hit_with(battle, held, fall_spec(max(fpt, flown)), False)
    if battle.active(held):
        fall(battle, held, "lands after the throw")
