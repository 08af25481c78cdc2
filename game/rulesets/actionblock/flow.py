"""The battle flow (rule text, "Battle runs in this order").

1) Battle Begins: the Turn Order (descending Maximum Speed Points, 3d6 roll-offs for
   ties, fixed for the battle); Maximum Battle Strength / Speed; current points
   restored (done in `setup`).
2) Each Action Block every character takes its Turn in that order. At the start of a
   Turn a drilled Physical Damage Reduction regenerates 1; then the character may
   take one Offensive, one Movement and one Verbal action in any order, any of them
   skipped, and any Bonus Actions whose conditions hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from game.engine.components import Facing
from game.engine.decisions import TURN, Choice, Decision
from game.engine.events import ConditionChanged
from game.engine.flow import check_round_limit, check_victory
from game.rulesets.actionblock import grappling
from game.rulesets.actionblock.actions import perform
from game.rulesets.actionblock.components import (Barrier, Casting, Conditions, Defences, Health,
                                                  Points, TurnState)
from game.rulesets.actionblock.events import (ActionBlockStarted, StatChanged, TurnBegan,
                                              TurnOrderRolled, TurnOrderSet)
from game.rulesets.actionblock.options import turn_options
from game.rulesets.actionblock.reactions import end_stance
from game.rulesets.actionblock.stats import template

if TYPE_CHECKING:
    from game.engine.battle import Battle

PDR_REGEN = 1
#: [PROP] house rule: after losing a Turn to a Stun, a character takes this many Turns
#: before a Stunning Scream can stun it again (no stun-lock; docs/rulesets/actionblock.md).
STUN_GUARD_TURNS = 2
KEEP_BLOCKS = 3  # Offensive Actions remembered (Melee Combo looks one block back)


def turn_order(battle: "Battle") -> list[int]:
    """Descending Maximum Speed Points (the base maximum, as written); ties roll 3d6
    against each other, higher first, re-rolling ties until the order is clear."""
    groups: dict[int, list[int]] = {}
    for unit in battle.units():
        groups.setdefault(template(battle, unit).max_speed, []).append(unit)
    order: list[int] = []
    for speed in sorted(groups, reverse=True):
        tied = groups[speed]
        order += tied if len(tied) == 1 else roll_off(battle, tied, speed)
    battle.emit(TurnOrderSet(tuple(battle.name(u) for u in order),
                             tuple(template(battle, u).max_speed for u in order)))
    return order


def roll_off(battle: "Battle", tied: list[int], speed: int) -> list[int]:
    rolls = {}
    for unit in tied:
        faces = battle.dice.roll(3, 6).faces
        rolls[unit] = sum(faces)
        battle.emit(TurnOrderRolled(unit, battle.name(unit), faces, speed))
    ordered: list[int] = []
    for value in sorted(set(rolls.values()), reverse=True):
        same = [u for u in tied if rolls[u] == value]
        ordered += same if len(same) == 1 else roll_off(battle, same, speed)
    return ordered


def start_block(battle: "Battle") -> None:
    """Per-Action-Block limits reset: Shield Block's shield, the Second Attack."""
    for unit, ts in battle.query(TurnState):
        ts.shield_used = False
        ts.second_used = False
        ts.block = battle.round
    for unit, barrier in battle.query(Barrier):
        if barrier.until < battle.round:
            battle.remove(unit, Barrier)
            battle.emit(ConditionChanged(unit, battle.name(unit), "behind a Spell Barrier", False, "expired"))


def start_turn(battle: "Battle", unit: int) -> bool:
    """The start of a Turn. Returns False when the Turn is lost (Stunned)."""
    ts = battle.get(unit, TurnState)
    d = battle.get(unit, Defences)
    if d.pdr < d.pdr_full:
        before = d.pdr
        d.pdr = min(d.pdr_full, d.pdr + PDR_REGEN)
        battle.emit(StatChanged(unit, battle.name(unit), "Physical Damage Reduction", before, d.pdr,
                                "regenerates 1 at the start of its Turn"))
    end_stance(battle, unit)
    for other, cond in battle.query(Conditions):
        for team, (bonus, by) in list(cond.marked.items()):
            if by == unit:
                del cond.marked[team]
    ts.in_turn = True
    ts.offensive = ts.movement = ts.verbal = None
    ts.charge = 0
    ts.second_ready = None
    facing = battle.get(unit, Facing)
    ts.block_facing = (facing.dx, facing.dy)
    points = battle.get(unit, Points)
    health = battle.get(unit, Health)
    battle.emit(TurnBegan(unit, battle.name(unit), points.strength, points.max_strength, points.speed,
                          points.max_speed, health.hp, health.max_hp))
    cond = battle.get(unit, Conditions)
    if cond.stunned > 0:
        cond.stunned -= 1
        cond.stun_guard = STUN_GUARD_TURNS
        battle.emit(ConditionChanged(unit, battle.name(unit), "Stunned", cond.stunned > 0,
                                     "it loses this Turn"))
        return False
    if cond.stun_guard > 0:
        cond.stun_guard -= 1
    return True


def end_turn(battle: "Battle", unit: int) -> None:
    ts = battle.get(unit, TurnState)
    ts.in_turn = False
    ts.second_ready = None
    ts.offensive_by_block[battle.round] = ts.offensive or ""
    for old in [b for b in ts.offensive_by_block if b <= battle.round - KEEP_BLOCKS]:
        del ts.offensive_by_block[old]
    # Nothing is announced once the battle is won (issue 17.8): the Turn still ends.
    if battle.active(unit) and not battle.over:
        grappling.end_of_turn(battle, unit)
    cond = battle.get(unit, Conditions)
    if cond.taunted_by is not None:
        if not battle.over:
            battle.emit(ConditionChanged(unit, battle.name(unit), f"Taunted by {battle.name(cond.taunted_by)}",
                                         False, "its Turn is over"))
        cond.taunted_by = None
    cond.turns_taken += 1


def prompt(battle: "Battle", unit: int) -> str:
    ts = battle.get(unit, TurnState)
    p = battle.get(unit, Points)
    left = [name for name, used in (("Offensive", ts.offensive), ("Movement", ts.movement),
                                    ("Verbal", ts.verbal)) if used is None]
    return (f"{battle.name(unit)}: Str {p.strength}/{p.max_strength}, Spd {p.speed}/{p.max_speed}; "
            f"{', '.join(left) or 'only Bonus'} action{'s' if len(left) != 1 else ''} left")


def take_turn(battle: "Battle", unit: int) -> Generator[Decision, Choice, None]:
    if start_turn(battle, unit):
        while battle.active(unit) and not battle.over:
            options = turn_options(battle, unit)
            if len(options) == 1:
                break  # nothing left but ending the Turn
            ts = battle.get(unit, TurnState)
            choice = yield Decision(unit, battle.team(unit), TURN, options, prompt(battle, unit),
                                    {"block": battle.round, "offensive": ts.offensive,
                                     "movement": ts.movement, "verbal": ts.verbal,
                                     "casting": battle.has(unit, Casting)})
            if choice.option == "end_turn":
                break
            yield from perform(battle, unit, choice)
            if _victory(battle):
                break
    end_turn(battle, unit)


def _victory(battle: "Battle") -> bool:
    """`check_victory`, asked after every action: in a plain battle it can only end
    the battle when at most one side still stands, so the sides standing are kept by
    who stands (a unit's side is set when it is fielded and never changes; the
    engine's check, which ends the battle, runs only then). A scenario's VIP can end
    it sooner, so in a scenario the engine's check is always asked."""
    if battle.over:
        return True
    if battle.map.scenario is not None:
        return check_victory(battle)
    standing = tuple(battle.units(active_only=True))
    sides = battle.kept.get("actionblock-standing-sides", standing,
                            lambda: len({battle.team(u) for u in standing}))
    return sides <= 1 and check_victory(battle)


def play(battle: "Battle") -> Generator[Decision, Choice, None]:
    order = turn_order(battle)
    battle.turn_order = order
    while True:
        battle.round += 1
        if check_round_limit(battle):
            return
        battle.emit(ActionBlockStarted(battle.round))
        start_block(battle)
        for unit in order:
            if not battle.active(unit):
                continue
            yield from take_turn(battle, unit)
            if _victory(battle):
                return
