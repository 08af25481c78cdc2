"""Reading a 4dF unit: its template, weapons, wounds and conditions as they stand now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.components import STANDING, Posture
from game.rulesets.fate.components import Awareness, Blind, Fighter, Kit
from game.rulesets.fate.data import UNARMED, Armour, UnitTemplate, Weapon
from game.rulesets.fate.wounds import WoundTrack, wound_penalty

if TYPE_CHECKING:
    from game.engine.battle import Battle

Mods = list[tuple[str, int]]


def template(battle: "Battle", unit: int) -> UnitTemplate:
    return battle.ruleset.data.templates[battle.get(unit, Fighter).template]


def weapon(battle: "Battle", weapon_id: str) -> Weapon:
    return battle.ruleset.data.weapons[weapon_id]


def armour(battle: "Battle", unit: int) -> Armour | None:
    a = template(battle, unit).armour
    return battle.ruleset.data.armour[a] if a else None


def track(battle: "Battle", unit: int) -> WoundTrack:
    return battle.get(unit, WoundTrack)


def roll_penalties(battle: "Battle", unit: int) -> Mods:
    """Modifiers on every roll the unit makes: its wound penalty [REC damage-capacity]."""
    pen = wound_penalty(track(battle, unit))
    return [pen] if pen else []


def posture(battle: "Battle", unit: int) -> str:
    p = battle.try_get(unit, Posture)
    return p.value if p else STANDING


def is_blind(battle: "Battle", unit: int) -> bool:
    b = battle.try_get(unit, Blind)
    return b is not None and b.through_round >= battle.round


def surprised_this_turn(battle: "Battle", unit: int) -> bool:
    aw = battle.try_get(unit, Awareness)
    return aw is not None and aw.surprised_round == battle.round


def saw_at_start(battle: "Battle", unit: int, other: int) -> bool:
    aw = battle.try_get(unit, Awareness)
    return aw is not None and other in aw.seen


def uses_left(battle: "Battle", unit: int, weapon_id: str) -> int | None:
    """Uses left of a limited item; None when it is not limited."""
    if weapon(battle, weapon_id).uses is None:
        return None
    return battle.get(unit, Kit).uses.get(weapon_id, 0)


def hand_attacks(battle: "Battle", unit: int, used: list[str]) -> list[str]:
    """Weapons (ids) the unit may still attack with this turn, after the attacks `used`.

    Rule text: "attack once with each hand (for two attacks)". A weapon in hand attacks
    with its own hand(s); a free hand can punch, use a superpower or throw a carried
    item. A two-handed weapon takes both hands, so it is the turn's only attack.
    """
    # Asked many times per decision (options and AI): kept for the battle by everything it
    # reads (the unit's template, the attacks used, the uses left of what it carries).
    t = template(battle, unit)
    kit = battle.try_get(unit, Kit) if t.carried else None
    left = tuple(kit.uses.get(c, 0) for c in t.carried) if kit is not None else ()
    return list(battle.cached(("fate-hands", t.id, tuple(used), left), lambda: _hand_attacks(battle, unit, used)))


def _hand_attacks(battle: "Battle", unit: int, used: list[str]) -> list[str]:
    t = template(battle, unit)
    held = list(t.held)
    free = 2 - sum(weapon(battle, w).hands for w in held)
    for w in used:
        if w in held:
            held.remove(w)
        else:
            free -= weapon(battle, w).hands
    out: list[str] = []
    for w in held:
        if w not in out:
            out.append(w)
    if free >= 1:
        out += [p for p in t.powers if p not in out]
    for c in t.carried:
        left = uses_left(battle, unit, c)
        planned = used.count(c)
        if free >= weapon(battle, c).hands and (left is None or left - planned > 0) and c not in out:
            out.append(c)
    if free >= 1:
        out.append(UNARMED)
    return out
