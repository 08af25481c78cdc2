"""Charisma Skills (rule text step 6): "The character rolls their Offensive Charisma
Roll. The target rolls their Defensive Charisma Roll. If the Offensive Charisma Roll
is greater than or equal to the Defensive Charisma Roll, then the Charisma Skill is
successful." Skills with several targets roll for each separately.

The "Charisma Skills" page was not recovered. [PROP]: Offensive Charisma Roll = 2d6 +
the skill's rank; Defensive Charisma Roll = 2d6 + the target's defensive charisma.
The small content set (charisma.toml): Taunt, Stunning Scream, Battle Strategy,
Stealth, with Battle Communication to point out the Stealthed.
"""

from __future__ import annotations


from typing import TYPE_CHECKING

from game import kept
from game.engine import odds
from game.engine.events import ConditionChanged
from game.rulesets.actionblock.components import Conditions, Health
from game.rulesets.actionblock.data import CharismaSkill
from game.rulesets.actionblock.events import ContestRolled
from game.rulesets.actionblock.stats import data, opponents, template

if TYPE_CHECKING:
    from game.engine.battle import Battle

STRATEGY_BONUS = 2  # [PROP] Battle Strategy: allies' To Hit Bonus against the target


def skill(battle: "Battle", key: str) -> CharismaSkill:
    return data(battle).charisma[key]


def offensive_bonus(battle: "Battle", unit: int, key: str) -> int:
    return template(battle, unit).charisma.get(key, 0)


def defensive_bonus(battle: "Battle", unit: int) -> int:
    return template(battle, unit).defensive_charisma


@kept.pure("actionblock-contest")
def chance(offence: int, defence: int) -> float:
    """Exact P(2d6 + offence >= 2d6 + defence) (a pure function of two bonuses, kept)."""
    two = odds.dice_sum(2, 6)
    return float(sum(pa * pb for a, pa in two.items() for b, pb in two.items()
                     if a + offence >= b + defence))


def contest(battle: "Battle", unit: int, target: int, what: str, offence: tuple[tuple[str, int], ...]) -> bool:
    mine = battle.dice.roll(2, 6).faces
    theirs = battle.dice.roll(2, 6).faces
    defence = (("Defensive Charisma", defensive_bonus(battle, target)),)
    ok = sum(mine) + sum(v for _, v in offence) >= sum(theirs) + sum(v for _, v in defence)
    battle.emit(ContestRolled(what, battle.name(unit), mine, offence, battle.name(target), theirs,
                              defence, ok, "a tie succeeds"))
    return ok


def targets(battle: "Battle", unit: int, key: str) -> list[int]:
    """Conscious enemies within the skill's range that know where this unit is."""
    s = skill(battle, key)
    ux, uy = battle.tile(unit)
    feet = battle.map.feet_per_tile
    out = []
    for u in opponents(battle, unit):
        if not battle.active(u) or battle.get(u, Health).hp <= 0:
            continue
        x, y = battle.tile(u)
        if max(abs(x - ux), abs(y - uy)) * feet <= s.range_ft and not hidden_from(battle, u, unit) \
                and not pointless(battle, s, unit, u):  # within range (`distance_ft`)
            out.append(u)
    return out


def pointless(battle: "Battle", s: CharismaSkill, unit: int, target: int) -> bool:
    """A skill whose success could change nothing is not offered: Stunning Scream at a
    character already Stunned or still guarded against it ([PROP] house rule: after a
    lost Turn, two Turns taken before the next Stun); Taunt at one this character
    already Taunts."""
    cond = battle.get(target, Conditions)
    if s.effect == "stunned":
        return cond.stunned > 0 or cond.stun_guard > 0
    if s.effect == "taunted":
        return cond.taunted_by == unit
    return False


def use(battle: "Battle", unit: int, key: str, target: int | None) -> None:
    s = skill(battle, key)
    rank = (("Rank " + s.name, offensive_bonus(battle, unit, key)),)
    if s.targets == "enemies":
        team = battle.team(unit)
        for enemy in [u for u in battle.units(active_only=True) if battle.team(u) != team]:
            if contest(battle, unit, enemy, s.name, rank):
                apply(battle, unit, enemy, s)
        return
    if contest(battle, unit, target, s.name, rank):
        apply(battle, unit, target, s)


def apply(battle: "Battle", unit: int, target: int, s: CharismaSkill) -> None:
    cond = battle.get(target, Conditions)
    name = battle.name(target)
    if s.effect == "taunted":
        cond.taunted_by = unit
        battle.emit(ConditionChanged(target, name, f"Taunted by {battle.name(unit)}", True,
                                     "its attacks on its next Turn must be at the taunter"))
    elif s.effect == "stunned":
        cond.stunned += 1
        battle.emit(ConditionChanged(target, name, "Stunned", True, "it loses its next Turn"))
    elif s.effect == "marked":
        cond.marked[battle.team(unit)] = (STRATEGY_BONUS, unit)
        battle.emit(ConditionChanged(target, name, f"the target of {battle.name(unit)}'s Battle Strategy",
                                     True, f"+{STRATEGY_BONUS} To Hit for {battle.name(unit)}'s allies "
                                     "until its next Turn"))
    elif s.effect == "stealthed":
        me = battle.get(unit, Conditions)
        me.fooled.add(target)
        battle.emit(ConditionChanged(unit, battle.name(unit), f"in Stealth from {name}", True,
                                     f"{name} cannot target it"))


# --- Stealth ----------------------------------------------------------------------------
def hidden_from(battle: "Battle", viewer: int, unit: int) -> bool:
    """True when `viewer` has lost track of `unit` (Stealth)."""
    return viewer in battle.get(unit, Conditions).fooled


def subtlety_check(battle: "Battle", unit: int, action: str) -> None:
    """Acting while in Stealth: each fooled enemy gets a new Defensive Charisma Roll
    against the Stealth roll + the action's Subtlety Modifier ([PROP]: the magic page
    adds a spell's Subtlety Modifier to the Stealth roll; an action with none cannot
    be hidden)."""
    cond = battle.get(unit, Conditions)
    if not cond.fooled:
        return
    cost = data(battle).cost(action)
    for enemy in sorted(cond.fooled):
        if cost.subtlety is None or not battle.active(enemy):
            reveal(battle, unit, enemy, f"{cost.name} cannot be hidden")
            continue
        mods = (("Rank Stealth", offensive_bonus(battle, unit, "stealth")),
                (f"Subtlety {cost.name}", cost.subtlety))
        if not contest(battle, unit, enemy, f"Stealth ({cost.name})", mods):
            reveal(battle, unit, enemy, "noticed")


def reveal(battle: "Battle", unit: int, enemy: int, why: str) -> None:
    cond = battle.get(unit, Conditions)
    if enemy in cond.fooled:
        cond.fooled.discard(enemy)
        battle.emit(ConditionChanged(unit, battle.name(unit), f"in Stealth from {battle.name(enemy)}",
                                     False, why))


def communicate(battle: "Battle", unit: int) -> None:
    """Battle Communication: tell allies where Stealthed enemies are ([PROP] every enemy
    this unit has not lost track of is pointed out to its whole side)."""
    team = battle.team(unit)
    for enemy in opponents(battle, unit):
        cond = battle.get(enemy, Conditions)
        if unit in cond.fooled:
            continue
        for ally in sorted(cond.fooled):
            if battle.team(ally) == team:
                reveal(battle, enemy, ally, f"pointed out by {battle.name(unit)}")


def anyone_to_reveal(battle: "Battle", unit: int) -> bool:
    team = battle.team(unit)
    for enemy in opponents(battle, unit):
        fooled = battle.get(enemy, Conditions).fooled
        if fooled and unit not in fooled and any(battle.team(a) == team for a in fooled):
            return True
    return False
