"""Carrying out a d20 choice. Each function is one action of the text.

Functions that may need someone else's decision (a Reaction) are generators, run
with `yield from` inside the turn flow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generator

import numpy as np

from game.engine import grapple
from game.engine.components import PRONE, STANDING, OutOfFight, Position, Posture
from game.engine.decisions import REACTION, TARGET_UNIT, Choice, Decision, Option
from game.engine.events import ConditionChanged, Damaged, Moved, Note, OutOfFightEvent
from game.rulesets.d20 import grappling, suppression
from game.rulesets.d20.attacks import attack_profile, roll_attack, sees_tile, spend_ammo
from game.rulesets.d20.checks import check, contest
from game.rulesets.d20.components import (Afflictions, DroppedWeapon, Health, Loadout,
                                          Restraining, Restraint, Spotted, SuppressionZone,
                                          TurnState)
from game.rulesets.d20.data import LOCATIONS
from game.rulesets.d20.events import Action, SuppressionLaid
from game.rulesets.d20.options import adjacent, enemies, move_actions_needed, move_reach
from game.rulesets.d20.stats import held_weapon, speed_ft, template
from game.world.sight import fov

if TYPE_CHECKING:
    from game.engine.battle import Battle

Flow = Generator[Decision, Choice, None]
COSTS = {"shoot": 2, "melee": 2, "suppress": 4, "reload": 1, "swap": 1, "pick_up": 1,
         "stand": 1, "shake_off": 1, "exit_grapple": 1, "drag": 1, "disarm": 2,
         "restrain": 2, "trip": 2, "break_free": 2, "manacle": 1}


# --- damage and conditions ---------------------------------------------------------
def until_next_turn_end(battle: "Battle", unit: int) -> int:
    """The `turns_ended` count at which "until the end of their next turn" runs out."""
    ts = battle.get(unit, TurnState)
    return ts.turns_ended + (2 if ts.in_turn else 1)


def take_damage(battle: "Battle", unit: int, amount: int, explain: str = "") -> None:
    if amount <= 0 or not battle.active(unit):
        return
    health = battle.get(unit, Health)
    health.hp -= amount
    battle.emit(Damaged(unit, battle.name(unit), amount, health.hp, explain))
    if health.hp <= 0:
        knock_out(battle, unit, "incapacitated at 0 hit points")


def knock_out(battle: "Battle", unit: int, reason: str) -> None:
    """[PROP] 0 HP: incapacitated, out of the fight. Grapples and restraints let go."""
    battle.add(unit, OutOfFight(reason))
    battle.emit(OutOfFightEvent(unit, battle.name(unit), reason))
    grappling.drop_out(battle, unit)
    suppression.expire(battle, unit)  # [PROP] the fire stops when the shooter drops
    holding = battle.try_get(unit, Restraining)
    if holding is not None:
        free(battle, holding.target)
    restraint = battle.try_get(unit, Restraint)
    if restraint is not None and restraint.by is not None:
        battle.remove(restraint.by, Restraining)
        battle.remove(unit, Restraint)


def free(battle: "Battle", target: int) -> None:
    restraint = battle.try_get(target, Restraint)
    if restraint is None:
        return
    if restraint.by is not None:
        battle.remove(restraint.by, Restraining)
    battle.remove(target, Restraint)
    battle.emit(ConditionChanged(target, battle.name(target), "restrained", False))


def location_effects(battle: "Battle", victim: int, location: str, critical: bool) -> None:
    """Rule text, "Targeted Attacks": what a hit to each region does."""
    if not battle.active(victim):
        return
    aff = battle.get(victim, Afflictions)
    name = battle.name(victim)
    until = until_next_turn_end(battle, victim)
    if location == "head" and critical:
        aff.stunned_until = until
        battle.emit(ConditionChanged(victim, name, "stunned", True, "head crit, until the end of its next turn"))
    elif location == "arms":
        if critical:
            aff.arm_until_check = True
            battle.emit(ConditionChanged(victim, name, "wounded in the arm (−5 to attack)", True,
                                         "critical: until a DC 15 Body check"))
        else:
            aff.arm_until = max(aff.arm_until or 0, until)
            battle.emit(ConditionChanged(victim, name, "wounded in the arm (−5 to attack)", True,
                                         "until the end of its next turn"))
    elif location == "legs":
        if critical:
            aff.leg_until_check = True
            battle.emit(ConditionChanged(victim, name, "hobbled (half speed)", True,
                                         "critical: until a DC 15 Body check"))
        else:
            aff.leg_until = max(aff.leg_until or 0, until)
            battle.emit(ConditionChanged(victim, name, "hobbled (half speed)", True,
                                         "until the end of its next turn"))


def attack(battle: "Battle", attacker: int, target: int, kind: str, location: str) -> None:
    """One attack, start to finish: roll, damage, location effects, grapple on melee."""
    profile = attack_profile(battle, attacker, target, kind, location)
    if profile.ammo:
        spend_ammo(battle, attacker, profile.ammo)
    outcome = roll_attack(battle, profile)
    if outcome.hit and outcome.victim is not None:
        stopped = next((v.stopped_by for v in profile.victims if v.unit == outcome.victim), None)
        take_damage(battle, outcome.victim, outcome.dealt)
        if not stopped:
            location_effects(battle, outcome.victim, location, outcome.critical)
    if profile.melee and battle.active(attacker) and battle.active(target):
        # [PROP] making a melee attack enters the Grapple whether it hits or misses.
        grappling.enter(battle, attacker, target)


# --- movement -----------------------------------------------------------------------
def update_spotted(battle: "Battle", unit: int, path: list[tuple[int, int]]) -> None:
    """Enemy teams that saw any step of the move know where the unit went."""
    spotted = battle.try_get(unit, Spotted)
    if spotted is None:
        return
    teams = set()
    xs, ys = np.array(path).T
    for team in battle.teams():
        if team == battle.team(unit):
            continue
        eyes = [battle.tile(u) for u in battle.units(team, active_only=True)]
        if any(_sees_any(battle.map, eye, path, xs, ys) for eye in eyes):
            teams.add(team)
    spotted.by_teams = teams


def _sees_any(tmap, eye: tuple[int, int], path: list[tuple[int, int]], xs, ys) -> bool:
    """Does `eye` see any tile of `path` (d20 sight: sees_tile)? Only the tiles in its
    field of view (one read of its cached view for the whole path) can be seen."""
    in_view = fov(tmap, eye)[xs, ys]
    return any(sees_tile(tmap, eye, t) for t, v in zip(path, in_view.tolist()) if v or t == eye)


def move(battle: "Battle", unit: int, dest: tuple[int, int]) -> None:
    ts = battle.get(unit, TurnState)
    r = move_reach(battle, unit)
    if r.cost[dest] > r.budget:
        # Only when the unit changed after its options were offered (a test wounding
        # its leg, say): the search stops at the budget, so walk with a whole turn's.
        r = move_reach(battle, unit, whole_turn=True)
    path = r.path_to(dest)
    start = battle.tile(unit)
    near_before = {e for e in _enemies_near(battle, unit)}
    pos = battle.get(unit, Position)
    walked = [start]
    if not suppression.zones(battle):
        # No cone anywhere (most of a battle): nothing can stop the walk.
        walked += path
        if path:
            pos.x, pos.y = path[-1]
    else:
        # Zones the unit starts inside and leaves by this move: leaving costs nothing.
        leaving = frozenset(z for z, _ in suppression.zones_at(battle, unit, start)) - \
            frozenset(z for z, _ in suppression.zones_at(battle, unit, dest))
        for step in path:
            if not _enter_suppressed(battle, unit, step, leaving=leaving):
                break
            pos.x, pos.y = step
            walked.append(step)
            if not battle.active(unit):
                break
    # Pay for the ground covered: a unit the fire stops does not walk the rest.
    cost_tiles = int(r.cost[walked[-1]])
    actions = move_actions_needed(battle, unit, cost_tiles)
    speed = speed_ft(battle, unit)
    ts.actions -= actions
    ts.move_left_ft = ts.move_left_ft + actions * speed - cost_tiles * battle.map.feet_per_tile
    if len(walked) > 1:
        battle.emit(Moved(unit, battle.name(unit), tuple(walked[1:]),
                          f"{actions} Action{'s' if actions != 1 else ''}" if actions else "movement left over"))
        update_spotted(battle, unit, walked)
    ts.moved_near = tuple(e for e in _enemies_near(battle, unit) if e not in near_before)


def _enemies_near(battle: "Battle", unit: int) -> list[int]:
    return [e for e in enemies(battle, unit) if adjacent(battle, unit, e)]


def _enter_suppressed(battle: "Battle", unit: int, step: tuple[int, int],
                      also: frozenset[tuple[int, int]] = frozenset(),
                      leaving: frozenset[int] = frozenset()) -> bool:
    """The Willpower check on moving into or through a suppressed area; False stops
    the move before `step`.

    `also`: further tiles entered at the same time (the rest of a dragged Melee).
    `leaving`: zones the unit is walking out of (no damage, even on a partial).
    """
    inside_now = {z for z, _ in suppression.zones_at(battle, unit, battle.tile(unit))}
    entering = suppression.zones_at(battle, unit, step)
    entering += [(z, zone) for z, zone in suppression.zones(battle)
                 if zone.shooter != unit and also & zone.tiles and (z, zone) not in entering]
    for z, zone in entering:
        result = suppression.result_for(battle, unit, z, zone, "moving through suppressing fire")
        if result == suppression.FAIL and z not in inside_now:
            battle.emit(Note(f"{battle.name(unit)} is pinned and will not move through the fire."))
            return False
        if result == suppression.PARTIAL and z not in leaving:
            _suppression_damage(battle, unit, z, zone)
    return battle.active(unit)


def _suppression_damage(battle: "Battle", unit: int, z: int, zone: SuppressionZone) -> None:
    """Partial success: the weapon's normal damage, once per cone per turn. Armour DT
    applies, and the unit's cover against the shooter as against any of its shots."""
    ts = battle.get(unit, TurnState)
    if z in ts.suppression_paid:
        return
    ts.suppression_paid.add(z)
    weapon = battle.ruleset.data.weapons[zone.weapon]
    count, sides = weapon.dice
    roll = battle.dice.roll(count, sides)
    stopped, cover_dt = suppression.shielding(battle, unit, zone)
    if stopped:
        battle.emit(Note(f"{battle.name(unit)} is under the fire, but {stopped} stops the "
                         f"rounds ({roll})."))
        return
    dt = template(battle, unit).dt.get(weapon.damage_type, 0) + cover_dt
    take_damage(battle, unit, max(0, roll.total - dt),
                f"suppressing fire of {battle.name(zone.shooter)}: {roll}" + (f" − {dt} DT" if dt else ""))


def act_in_suppression(battle: "Battle", unit: int) -> bool:
    """Before an action inside a suppressed area: the check. False: the action is not taken."""
    for z, zone in suppression.zones_at(battle, unit, battle.tile(unit)):
        result = suppression.result_for(battle, unit, z, zone, "acting under suppressing fire")
        if result == suppression.PARTIAL:
            _suppression_damage(battle, unit, z, zone)
        elif result == suppression.FAIL:
            battle.emit(Note(f"{battle.name(unit)} is pinned down and cannot act in the fire."))
            return False
    return battle.active(unit)


def lay_suppression(battle: "Battle", unit: int, aim: tuple[int, int]) -> None:
    weapon = held_weapon(battle, unit)
    spend_ammo(battle, unit, 15)
    battle.get(unit, TurnState).reaction = False
    reach_tiles = weapon.ranges_ft[0] // battle.map.feet_per_tile
    tiles = suppression.cone(battle, battle.tile(unit), aim, reach_tiles)
    dc = suppression.dc_for(battle, unit)
    battle.create(SuppressionZone(unit, weapon.id, tiles, dc))
    battle.emit(SuppressionLaid(unit, battle.name(unit), tiles, dc))


# --- grapples -----------------------------------------------------------------------
def exit_grapple(battle: "Battle", unit: int, to: tuple[int, int]) -> Flow:
    group = grapple.group(battle, unit)
    if len(group) == 2:
        # Leaving a two-creature Grapple lets the other strike as a Reaction.
        (other,) = group - {unit}
        if can_react(battle, other):
            choice = yield reaction_decision(battle, other, unit, "is leaving the Grapple")
            if choice.option == "reaction_strike":
                battle.get(other, TurnState).reaction = False
                attack(battle, other, unit, choice.param("kind"), choice.param("location"))
                # The strike does not drag the leaver back in: it was already grappled.
        if not battle.active(unit):
            return
    if not _enter_suppressed(battle, unit, to):
        return  # pinned: it will not step out into the fire
    grappling.leave(battle, unit, to)
    battle.emit(Action(unit, battle.name(unit), f"steps out to {to}."))


def can_react(battle: "Battle", unit: int) -> bool:
    return (battle.active(unit) and battle.get(unit, TurnState).reaction
            and not battle.get(unit, Afflictions).stunned
            and not battle.has(unit, Restraint) and not battle.has(unit, Restraining))


def reaction_decision(battle: "Battle", unit: int, target: int, why: str) -> Decision:
    weapon = held_weapon(battle, unit)
    kinds = ("melee", "unarmed") if weapon is not None and not weapon.ranged else ("unarmed",)
    strike = Option("reaction_strike", "Strike (Reaction)", "Reaction", TARGET_UNIT, (target,),
                    params={"kind": kinds, "location": LOCATIONS}, hotkey="r", offensive=True)
    hold = Option("pass", "Let them go", "", hotkey="n")
    return Decision(unit, battle.team(unit), REACTION, (strike, hold),
                    f"{battle.name(target)} {why}: strike as a Reaction?",
                    {"trigger": "exit_grapple", "unit": target})


def drag(battle: "Battle", unit: int, to: tuple[int, int]) -> None:
    if len(grapple.group(battle, unit)) > 2:
        ok, _ = check(battle, unit, "athletics", 13, "DC", detail="moving the Melee")
        if not ok:
            return
    # Hauling the Grapple into suppressing fire takes the Willpower check too.
    here = battle.tile(unit)
    dx, dy = to[0] - here[0], to[1] - here[1]
    others = frozenset((battle.tile(m)[0] + dx, battle.tile(m)[1] + dy)
                       for m in grapple.group(battle, unit))
    if not _enter_suppressed(battle, unit, to, others):
        return
    grappling.drag(battle, unit, to)
    battle.emit(Action(unit, battle.name(unit), f"hauls the {'Melee' if len(grapple.group(battle, unit)) > 2 else 'Grapple'} to {to}."))


# --- melee actions ------------------------------------------------------------------
def disarm(battle: "Battle", unit: int, target: int) -> None:
    # A restrained creature has −5 to resist being disarmed.
    extra = -5 if battle.has(target, Restraint) else 0
    if contest(battle, unit, target, "athletics", extra, "disarm"):
        loadout = battle.get(target, Loadout)
        weapon = loadout.held
        loadout.weapons.remove(weapon)
        rounds = loadout.loaded.pop(weapon, 0)
        loadout.held = None
        x, y = battle.tile(target)
        battle.create(Position(x, y), DroppedWeapon(weapon, rounds))
        battle.emit(Action(target, battle.name(target), f"is disarmed: the {weapon} falls at {(x, y)}."))


def restrain(battle: "Battle", unit: int, target: int) -> None:
    if contest(battle, unit, target, "athletics", 0, "restrain"):
        battle.add(target, Restraint(unit))
        battle.add(unit, Restraining(target))
        battle.emit(ConditionChanged(target, battle.name(target), "restrained", True,
                                     f"held by {battle.name(unit)}"))


def trip(battle: "Battle", unit: int, target: int) -> None:
    if contest(battle, unit, target, "athletics", 0, "trip"):
        battle.get(target, Posture).value = PRONE
        battle.emit(ConditionChanged(target, battle.name(target), "prone", True, "tripped"))


def break_free(battle: "Battle", unit: int) -> None:
    captor = battle.get(unit, Restraint).by
    if contest(battle, unit, captor, "athletics", 0, "break free"):
        free(battle, unit)


def manacle(battle: "Battle", unit: int, target: int) -> None:
    battle.get(unit, Loadout).manacles -= 1
    if contest(battle, unit, target, "dexterity", 0, "manacles"):
        restraint = battle.get(target, Restraint)
        if restraint.by is not None:
            battle.remove(restraint.by, Restraining)
        restraint.by, restraint.manacled = None, True
        # [PROP] a manacled creature is captured: out of the fight.
        knock_out(battle, target, "captured in manacles")


# --- upkeep -------------------------------------------------------------------------
def reload(battle: "Battle", unit: int) -> None:
    loadout = battle.get(unit, Loadout)
    weapon = held_weapon(battle, unit)
    loadout.spare_magazines -= 1
    loadout.loaded[weapon.id] = weapon.magazine
    battle.emit(Action(unit, battle.name(unit), f"reloads the {weapon.name} ({loadout.spare_magazines} spare)."))


def swap(battle: "Battle", unit: int, weapon: str) -> None:
    battle.get(unit, Loadout).held = weapon
    battle.emit(Action(unit, battle.name(unit), f"readies the {battle.ruleset.data.weapons[weapon].name}."))


def pick_up(battle: "Battle", unit: int, item: int) -> None:
    dropped = battle.get(item, DroppedWeapon)
    loadout = battle.get(unit, Loadout)
    if dropped.weapon not in loadout.weapons:
        loadout.weapons.append(dropped.weapon)
    loadout.loaded[dropped.weapon] = loadout.loaded.get(dropped.weapon, 0) + dropped.loaded
    loadout.held = dropped.weapon
    battle.destroy(item)
    battle.emit(Action(unit, battle.name(unit), f"picks up the {dropped.weapon}."))


def stand(battle: "Battle", unit: int) -> None:
    battle.get(unit, Posture).value = STANDING
    battle.emit(ConditionChanged(unit, battle.name(unit), "prone", False, "stands up"))


def shake_off(battle: "Battle", unit: int) -> None:
    ok, _ = check(battle, unit, "body", 15, "DC", detail="shaking off a crippling wound")
    if ok:
        aff = battle.get(unit, Afflictions)
        if aff.arm_until_check:
            aff.arm_until_check = False
            battle.emit(ConditionChanged(unit, battle.name(unit), "wounded in the arm (−5 to attack)", False))
        if aff.leg_until_check:
            aff.leg_until_check = False
            battle.emit(ConditionChanged(unit, battle.name(unit), "hobbled (half speed)", False))


def perform(battle: "Battle", unit: int, choice: Choice) -> Flow:
    """Carry out one legal turn choice, paying its cost."""
    key = choice.option
    ts = battle.get(unit, TurnState)
    if key == "move":
        ts.moved_near = ()
        move(battle, unit, choice.target)
        return
    if key == "release":
        free(battle, battle.get(unit, Restraining).target)
        return
    if key != "approach_strike" and not act_in_suppression(battle, unit):
        return
    ts.actions -= COSTS.get(key, 0)
    ts.moved_near = () if key != "approach_strike" else ts.moved_near
    if key == "shoot":
        attack(battle, unit, choice.target, choice.param("mode"), choice.param("location"))
    elif key == "melee":
        attack(battle, unit, choice.target, choice.param("kind"), choice.param("location"))
    elif key == "approach_strike":
        ts.free_strike_used = True
        ts.moved_near = ()
        attack(battle, unit, choice.target, "melee", choice.param("location"))
    elif key == "suppress":
        lay_suppression(battle, unit, choice.target)
    elif key == "exit_grapple":
        yield from exit_grapple(battle, unit, choice.target)
    elif key == "drag":
        drag(battle, unit, choice.target)
    elif key == "disarm":
        disarm(battle, unit, choice.target)
    elif key == "restrain":
        restrain(battle, unit, choice.target)
    elif key == "trip":
        trip(battle, unit, choice.target)
    elif key == "break_free":
        break_free(battle, unit)
    elif key == "manacle":
        manacle(battle, unit, choice.target)
    elif key == "reload":
        reload(battle, unit)
    elif key == "swap":
        swap(battle, unit, choice.param("weapon"))
    elif key == "pick_up":
        pick_up(battle, unit, choice.param("item"))
    elif key == "stand":
        stand(battle, unit)
    elif key == "shake_off":
        shake_off(battle, unit)
    else:
        raise AssertionError(f"unhandled d20 option {key}")
