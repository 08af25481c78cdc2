"""Damage: the soak pool rolled once a round, hit points, exhausted and unconscious.

Rule text: "the target rolls their soak roll for the turn ... This soak roll is made
once per turn, and represents the total amount of damage that their armor or
natural ability to shrug off damage can soak in that turn. Damage dealt to a
character first subtracts from this soak rating, and any left over after reducing
damage applies to the next damage dealt to them". [PROP] "turn" here is the round:
the pool is rolled at the first damage of a round and dropped at the next round.

Traumatic Damage page: 0 to −Defense hit points is exhausted; below −Defense the
character is unconscious (MSF High characters do not die by normal means).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import grapple
from game.engine.components import OutOfFight
from game.engine.grapple import GrappleLink
from game.engine.events import ConditionChanged, Damaged, OutOfFightEvent
from game.rulesets.mahou import dice as md
from game.rulesets.mahou.attacks import soak_spec
from game.rulesets.mahou.components import Health, Hold, HoldUpkeep, Soak
from game.rulesets.mahou.events import DamageRolled, HoldChanged, SoakRolled
from game.rulesets.mahou.stats import stat

if TYPE_CHECKING:
    from game.engine.battle import Battle


def soak_pool(battle: "Battle", unit: int) -> Soak:
    """This round's soak, rolled now if it has not been yet."""
    soak = battle.get(unit, Soak)
    if soak.pool is None:
        rolled = md.roll(battle.dice, soak_spec(battle, unit))
        soak.pool = soak.rolled = max(0, rolled.total)
        battle.emit(SoakRolled(unit, battle.name(unit), str(rolled), soak.pool))
    return soak


def absorb(battle: "Battle", unit: int, amount: int) -> tuple[int, int]:
    """(soaked, left to hit points): the pool takes what it can and shrinks by it."""
    soak = soak_pool(battle, unit)
    soaked = min(soak.pool, max(0, amount))
    soak.pool -= soaked
    return soaked, amount - soaked


def hit_with(battle: "Battle", victim: int, spec: md.RollSpec, doubled: bool) -> int:
    """Roll a hit's damage, double it for a strong critical, soak it, apply it."""
    rolled = md.roll(battle.dice, spec)
    amount = max(0, rolled.total) * (2 if doubled else 1)
    soaked, dealt = absorb(battle, victim, amount)
    battle.emit(DamageRolled(victim, battle.name(victim), str(rolled), max(0, rolled.total),
                             doubled, soaked, battle.get(victim, Soak).pool, dealt))
    lose_hp(battle, victim, dealt)
    return dealt


def soaked_damage(battle: "Battle", victim: int, amount: int, why: str) -> int:
    """Damage that is already a number (a hazard, a fall): soak, then hit points."""
    soaked, dealt = absorb(battle, victim, amount)
    lose_hp(battle, victim, dealt, f"{why}: {amount}, {soaked} soaked")
    return dealt


def lose_hp(battle: "Battle", unit: int, amount: int, explain: str = "") -> None:
    if amount <= 0:
        return
    health = battle.get(unit, Health)
    before = health.hp
    health.hp -= amount
    battle.emit(Damaged(unit, battle.name(unit), amount, health.hp, explain))
    if not battle.active(unit):
        return  # already unconscious: [PROP] it goes no further (no death by normal means)
    floor = -stat(battle, unit, "defense")
    if health.hp < floor:
        knock_out(battle, unit, f"unconscious below −{-floor} hit points")
    elif health.hp <= 0 < before:
        battle.emit(ConditionChanged(unit, battle.name(unit), "exhausted", True,
                                     f"0 to −{-floor} hit points: −2 to its rolls"))


def knock_out(battle: "Battle", unit: int, reason: str) -> None:
    """Out of the fight; its holds let go and holds on it end."""
    battle.add(unit, OutOfFight(reason))
    battle.emit(OutOfFightEvent(unit, battle.name(unit), reason))
    for ent, h in battle.query(Hold):
        if unit in (h.holder, h.held):
            end_hold(battle, ent, "one of them is out of the fight")


def end_hold(battle: "Battle", hold_entity: int, why: str) -> None:
    """Remove a hold and, if nothing else links the two, their grapple link."""
    h = battle.get(hold_entity, Hold)
    battle.destroy(hold_entity)
    battle.emit(HoldChanged(h.holder, h.held, battle.name(h.holder), battle.name(h.held),
                            h.difficulty, f"the hold ends: {why}"))
    relink(battle)
    if not any(x.holder == h.holder for _, x in battle.query(Hold)):
        battle.remove(h.holder, HoldUpkeep)


def relink(battle: "Battle") -> None:
    """Rebuild the engine's grapple links from the holds (one source of truth)."""
    for ent, _ in battle.query(GrappleLink):
        battle.remove(ent, GrappleLink)
    for _, h in battle.query(Hold):
        grapple.hold(battle, h.holder, h.held)


def fall_spec(feet: int) -> md.RollSpec:
    """[PROP] falling (the Other Rules page was not recovered): one exploding d6 per
    full 5 ft, summed (not kept highest: a long fall must hurt more than a short one)."""
    n = max(1, feet // 5)
    return md.RollSpec(tuple(md.DiceSet(1, md.Die(6), label="fall") for _ in range(n)))
