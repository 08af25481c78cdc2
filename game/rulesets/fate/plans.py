"""Declared plans, and where everyone will stand when each declared action happens.

A turn resolves in two beats: every unit's first action, then every unit's second.
In each beat the moves and posture changes happen first (fastest first), then the
attacks and aims. So when a unit declares, the positions that matter are the planned
ones: its own after its earlier actions, and a slower unit's after the moves it has
already declared (that is what declaring slowest-first lets a faster unit see).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from game.engine.components import KNEELING, PRONE, STANDING
from game.rulesets.fate.components import Aiming, Declared, Plan
from game.rulesets.fate.stats import posture
from game.world.paths import chebyshev

if TYPE_CHECKING:
    from game.engine.battle import Battle

Tile = tuple[int, int]
MOVES = ("move",)
POSTURES = {"kneel": KNEELING, "prone": PRONE, "stand": STANDING}


def plan_of(battle: "Battle", unit: int) -> list[Declared]:
    """The unit's declared actions this turn (empty if it has not declared yet)."""
    return list(_actions(battle, unit))


def _actions(battle: "Battle", unit: int) -> "list[Declared] | tuple[Declared, ...]":
    """`plan_of` without the copy, for reading only (the hot loops below)."""
    plan = battle.try_get(unit, Plan)
    if plan is None or plan.round != battle.round:
        return _NONE
    return plan.actions


_NONE: tuple[Declared, ...] = ()  # no plan this round (read only)


def declared(battle: "Battle", unit: int, slot: int) -> Declared | None:
    for d in _actions(battle, unit):
        if d.slot == slot:
            return d
    return None


def tile_after(battle: "Battle", unit: int, slot: int) -> Tile:
    """Where the unit plans to stand once the moves of beats 1..slot are done."""
    tile = battle.tile(unit)
    for d in _actions(battle, unit):
        if d.slot <= slot and d.kind == "move":
            tile = d.target
    return tile


class Course(NamedTuple):
    """A unit's turn as planned: where it stands and its posture once the beats before
    0, 1 and 2 are done (`tile_after`, `posture_after` for slots 0..2), and its plan."""

    tiles: tuple[Tile, Tile, Tile]
    postures: tuple[str, str, str]
    plan: tuple[Declared, ...]


def courses(battle: "Battle") -> dict[int, Course]:
    """Every unit's `Course`, read once for the decision (the AI reads them thousands of
    times while it weighs one declaration)."""
    return battle.memo(("fate-courses",), lambda: {u: course(battle, u) for u in battle.units()})


def course(battle: "Battle", unit: int) -> Course:
    plan = _actions(battle, unit)
    tile, p = battle.tile(unit), posture(battle, unit)
    if not plan:
        return Course((tile, tile, tile), (p, p, p), ())
    tiles, postures = [tile, tile, tile], [p, p, p]
    for d in plan:  # (a plan lists its slots in order: slot 1, then 2)
        if d.kind == "move":
            tile = d.target
            if p == KNEELING:
                p = STANDING
        elif d.kind in POSTURES:
            p = POSTURES[d.kind]
        else:
            continue
        for slot in range(d.slot, 3):
            tiles[slot], postures[slot] = tile, p
    return Course(tuple(tiles), tuple(postures), tuple(plan))


def tiles_after(battle: "Battle", slot: int) -> dict[int, Tile]:
    """`tile_after` for every unit at once (a declaration reads them all)."""
    return {u: tile_after(battle, u, slot) for u in battle.units()}


def posture_after(battle: "Battle", unit: int, slot: int) -> str:
    """The unit's planned posture once the posture changes of beats 1..slot are done.
    [PROP] A move from kneeling stands the unit up on the way."""
    p = posture(battle, unit)
    for d in _actions(battle, unit):
        if d.slot > slot:
            continue
        if d.kind in POSTURES:
            p = POSTURES[d.kind]
        elif d.kind == "move" and p == KNEELING:
            p = STANDING
    return p


def attacks_declared(battle: "Battle", unit: int, before_slot: int = 3) -> list[str]:
    """Weapons of the attacks the unit declared in slots before `before_slot`."""
    return [d.weapon for d in _actions(battle, unit) if d.kind == "attack" and d.slot < before_slot]


def is_charge(start: Tile, end: Tile, target: Tile) -> bool:
    """[PROP] Charging: a move that starts 2+ tiles from the target and covers 2+ tiles
    to end next to it (closing in at a run, not side-stepping round her)."""
    return chebyshev(start, target) >= 2 and chebyshev(start, end) >= 2 and chebyshev(end, target) <= 1


def charge_planned(battle: "Battle", unit: int, target: int, slot: int) -> bool:
    """A melee attack right after a declared move (the slot before) that is a charge."""
    if slot < 2:
        return False
    prev = declared(battle, unit, slot - 1)
    if prev is None or prev.kind != "move":
        return False
    return is_charge(tile_after(battle, unit, slot - 2), prev.target, tile_after(battle, target, slot))


def aim_planned(battle: "Battle", unit: int, target: int, slot: int) -> bool:
    """Aimed at this target: an aim still held from the last turn (and no move or posture
    change declared since), or an aim declared earlier this turn with nothing between."""
    aim = battle.try_get(unit, Aiming)
    plan = _actions(battle, unit)
    held = aim is not None and aim.target == target and aim.round == battle.round - 1
    for d in plan:
        if d.slot >= slot:
            break
        if d.kind == "aim":
            held = d.target == target
        elif d.kind in MOVES or d.kind in POSTURES:
            held = False
        elif d.kind == "attack" and d.target == target and battle.ruleset.data.weapons[d.weapon].missile:
            held = False  # the aim is spent on the first such attack
    return held
