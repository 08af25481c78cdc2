"""Damage, healing, Unconscious and Dead (Battle Order step 3, last paragraphs).

"If the target's Current Health Points is reduced to 0 or less, the target becomes
Unconscious. If target takes any additional Damage Dealt while Unconscious, then
they become Dead and can no longer be healed by any means."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.components import OutOfFight
from game.engine.events import ConditionChanged, Damaged, OutOfFightEvent
from game.rulesets.actionblock.components import Casting, Health, Points, Stance
from game.rulesets.actionblock.events import Healed, StatChanged

if TYPE_CHECKING:
    from game.engine.battle import Battle


def take_damage(battle: "Battle", unit: int, amount: int, explain: str = "") -> None:
    """Reduce Current Health Points by the Damage Dealt.

    [PROP] a Damage Dealt of 0 (all of it reduced away) is no damage: it neither
    wakes the insanity roll nor kills an Unconscious character.
    """
    health = battle.get(unit, Health)
    if amount <= 0 or health.dead:
        return
    if health.unconscious:
        health.dead = True
        battle.emit(Damaged(unit, battle.name(unit), amount, health.hp, explain))
        battle.add(unit, OutOfFight("dead"))
        battle.emit(OutOfFightEvent(unit, battle.name(unit), "Dead (damaged while Unconscious)"))
        return
    health.hp -= amount
    battle.emit(Damaged(unit, battle.name(unit), amount, health.hp, explain))
    casting = battle.try_get(unit, Casting)
    if casting is not None:
        from game.rulesets.actionblock.spells import weaken
        # ghostrules-magic: damage taken reduces the Spell Ghost HP by as much.
        weaken(battle, unit, amount, f"the caster took {amount} damage")
    if health.hp <= 0:
        knock_out(battle, unit)
        return
    from game.rulesets.actionblock.insanity import check_insanity
    check_insanity(battle, unit)


def knock_out(battle: "Battle", unit: int) -> None:
    """Unconscious: out of the fight (it takes no Turns and no Defensive Actions);
    its grapples end, its stance drops and its spell is lost [PROP]."""
    health = battle.get(unit, Health)
    health.unconscious = True
    battle.add(unit, OutOfFight("unconscious"))
    battle.emit(OutOfFightEvent(unit, battle.name(unit), "Unconscious at 0 Health Points or less"))
    from game.rulesets.actionblock.grappling import end_all
    end_all(battle, unit, "a fighter fell Unconscious")
    stance = battle.try_get(unit, Stance)
    if stance is not None:
        stance.level, stance.shield = 0, None
    if battle.has(unit, Casting):
        from game.rulesets.actionblock.spells import cancel
        cancel(battle, unit, "the caster fell Unconscious")


def heal(battle: "Battle", unit: int, amount: int, dice_text: str, source: str) -> int:
    """Restore Current Health Points up to the maximum. The Dead cannot be healed;
    [PROP] an Unconscious character healed above 0 wakes and fights on. [PROP] One
    woken where another character now stands (a body does not stop anyone ending a
    move on it) first rolls aside to the nearest free walkable space, so two standing
    figures never share a tile (issue 17 soak: seeds 500344, 501471)."""
    health = battle.get(unit, Health)
    if health.dead or amount <= 0:
        return 0
    before = health.hp
    health.hp = min(health.max_hp, health.hp + amount)
    battle.emit(Healed(unit, battle.name(unit), dice_text, amount, health.hp, health.max_hp, source))
    if health.unconscious and health.hp > 0:
        health.unconscious = False
        battle.remove(unit, OutOfFight)
        aside = _roll_aside(battle, unit)
        battle.emit(ConditionChanged(unit, battle.name(unit), "Unconscious", False, "healed above 0"
                                     + (f"; rolls aside to {aside}" if aside else "")))
    return health.hp - before


def _roll_aside(battle: "Battle", unit: int) -> tuple[int, int] | None:
    """Move a unit that shares its tile with a standing one to the nearest free
    walkable tile (by Chebyshev rings; within a ring, by row then column). Returns
    the new tile, or None when it stood alone (or no tile is free)."""
    from game.engine.components import Position
    here = battle.tile(unit)
    taken = {battle.tile(u) for u in battle.units(active_only=True) if u != unit}
    if here not in taken:
        return None
    tmap = battle.map
    for r in range(1, max(tmap.width, tmap.height)):
        ring = [(here[0] + dx, here[1] + dy) for dy in range(-r, r + 1) for dx in range(-r, r + 1)
                if max(abs(dx), abs(dy)) == r]
        free = [t for t in ring if tmap.in_bounds(*t) and tmap.walkable[t] and t not in taken]
        if free:
            pos = battle.get(unit, Position)
            pos.x, pos.y = min(free, key=lambda t: (t[1], t[0]))
            return pos.x, pos.y
    return None


def lose_speed(battle: "Battle", unit: int, amount: int, why: str) -> None:
    """A hammer's Speed Point Damage (or a grapple's): Current Speed down, not below 0."""
    points = battle.get(unit, Points)
    if amount <= 0:
        return
    before = points.speed
    points.speed = max(0, points.speed - amount)
    battle.emit(StatChanged(unit, battle.name(unit), "Current Speed Points", before, points.speed, why))
