"""Carrying out a legal turn choice. Each function is one action of the text.

Functions that may need someone else's decision (Dodge, Block, Obstruct Movement,
redirecting a spell) are generators, run with `yield from` inside the turn flow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from game.engine.decisions import Choice, Decision
from game.rulesets.actionblock import charisma, grappling, spells
from game.rulesets.actionblock.attacks import (ACTION_LABELS, GUN_ACTIONS, MELEE_ACTIONS,
                                               attack_profile, profile_with, roll_damage, roll_to_hit)
from game.rulesets.actionblock.components import Defences, Ghost, Health, Loadout, Points, TurnState
from game.rulesets.actionblock.costs import pay
from game.rulesets.actionblock.events import StatChanged
from game.rulesets.actionblock.health import heal, lose_speed, take_damage
from game.rulesets.actionblock.movement import (DIRECTIONS, MOVE_FEET, charge_moves, face,
                                                straight_moves, walk)
from game.rulesets.actionblock.options import restore_amount
from game.rulesets.actionblock.reactions import ask_block, ask_dodge, end_stance, enter_stance
from game.rulesets.actionblock.spells import cast_strength_cost, modifier_costs, speed_modifiers
from game.rulesets.actionblock.stats import template, weapon_of

if TYPE_CHECKING:
    from game.engine.battle import Battle

Flow = Generator[Decision, Choice, None]
COST_OF = {"second_melee": "melee", "second_gun": "gun", "second_aimed": "aimed"}
SLOT = {"offensive": "offensive", "movement": "movement", "verbal": "verbal"}


# --- attacks -------------------------------------------------------------------------------
def attack(battle: "Battle", unit: int, action: str, target: int, item: str,
           modifier: str = "none") -> Flow:
    """Battle Order step 3 (and 4 for Initiate Grapple): modifiers and target chosen,
    then for each target Dodge before the To Hit Roll, the roll, Block after a hit,
    the damage. Spinning Strike strikes every enemy in Melee Range, each rolled
    separately, without a Charge's bonus (battlerules-attackmodifiers)."""
    ts = battle.get(unit, TurnState)
    spinning = modifier == "spinning_strike"
    targets = spinning_targets(battle, unit) if spinning else [target]
    # The profiles are fixed as declared: a Steady Shot counts the blocks before this one.
    profiles = [attack_profile(battle, unit, t, action, item, charge=not spinning) for t in targets]
    weapon = weapon_of(battle, unit, item)
    who = "everyone in reach" if spinning else battle.name(target)
    pay(battle, unit, COST_OF.get(action, action),
        f"({weapon.name}{', Spinning Strike' if spinning else ''}, at {who})", label=ACTION_LABELS[action])
    if action in GUN_ACTIONS:
        battle.get(unit, Loadout).loaded[item] -= 1
    if action in MELEE_ACTIONS and weapon.category == "shield":
        ts.shield_used = True  # no Shield Block with it for the rest of the block
    for profile in profiles:
        if battle.get(profile.target, Health).dead or not battle.active(unit):
            continue
        yield from resolve(battle, profile, weapon.name)


def spinning_targets(battle: "Battle", unit: int) -> list[int]:
    from game.rulesets.actionblock.options import enemies
    from game.rulesets.actionblock.stats import in_melee_reach
    return in_melee_reach(battle, unit, enemies(battle, unit))


def resolve(battle: "Battle", profile, weapon_name: str) -> Flow:
    """One target's part of an attack: Dodge, To Hit Roll(s), Block, damage."""
    target = profile.target
    charisma.reveal(battle, profile.attacker, target, "attacked it")
    if profile.bullets > 1:
        # Shotguns: "a dodging target dodges each bullet separately" (weapons-shotguns):
        # a Dodge before each bullet's 1d6, each paid on its own.
        rolls = []
        for n in range(1, profile.bullets + 1):
            one = yield from ask_dodge(battle, profile_with(profile, bullets=1), (n, profile.bullets))
            rolls += roll_to_hit(battle, one, bullet=n)
    else:
        profile = yield from ask_dodge(battle, profile)
        rolls = roll_to_hit(battle, profile)
    hits = [r for r in rolls if r.hit]
    if profile.action == "grapple":
        if hits and battle.active(target):
            grappling.start(battle, profile.attacker, target)
        return
    if not hits:
        return
    profile = yield from ask_block(battle, profile, [r.critical for r in hits])
    for r in hits:
        if battle.get(target, Health).dead:
            break
        dealt = roll_damage(battle, profile, r.critical)
        take_damage(battle, target, dealt, profile.label)
        on_hit(battle, target, profile.pdr_damage, profile.speed_damage, weapon_name)
    # [PROP] house rule: a Block-family stance stops one blow (every hit of this attack).
    end_stance(battle, target, f"it took {battle.name(profile.attacker)}'s {profile.label}")


def on_hit(battle: "Battle", target: int, pdr_damage: int, speed_damage: int, source: str) -> None:
    """A drill's Physical Damage Reduction Damage, a hammer's (or grapple's) Speed damage."""
    if battle.get(target, Health).dead:
        return
    if pdr_damage:
        d = battle.get(target, Defences)
        before = d.pdr
        d.pdr = max(0, d.pdr - pdr_damage)
        if d.pdr != before:
            battle.emit(StatChanged(target, battle.name(target), "Physical Damage Reduction", before, d.pdr,
                                    f"{source}: PDR Damage {pdr_damage}"))
    if speed_damage:
        lose_speed(battle, target, speed_damage, f"{source}: Speed Point Damage {speed_damage}")


def grapple_attack(battle: "Battle", unit: int, target: int) -> Flow:
    from game.rulesets.actionblock.stats import grappling_item
    yield from attack(battle, unit, "grapple_attack", target, grappling_item(battle, unit))


def break_grapple(battle: "Battle", unit: int, grappler: int) -> None:
    pay(battle, unit, "break_grapple", f"(held by {battle.name(grappler)})")
    grappling.break_contest(battle, unit, grappler)


# --- upkeep --------------------------------------------------------------------------------
def reload(battle: "Battle", unit: int, item: str) -> None:
    weapon = weapon_of(battle, unit, item)
    pay(battle, unit, "reload", f"({weapon.name} to {weapon.ammo} rounds)")
    battle.get(unit, Loadout).loaded[item] = weapon.ammo


def restore(battle: "Battle", unit: int, which: str) -> None:
    """Restore Strength / Speed Points: + 5 (+ the talent's rank), capped at the maximum."""
    points = battle.get(unit, Points)
    pay(battle, unit, f"restore_{which}")
    battle.get(unit, TurnState).restored[which] = battle.round
    amount = restore_amount(battle, unit, which)
    if which == "strength":
        before = points.strength
        points.strength = min(points.max_strength, points.strength + amount)
        after, label = points.strength, "Current Strength Points"
    else:
        before = points.speed
        points.speed = min(points.max_speed, points.speed + amount)
        after, label = points.speed, "Current Speed Points"
    battle.emit(StatChanged(unit, battle.name(unit), label, before, after,
                            f"+{amount}, capped at the Maximum Battle value"))


# --- movement ------------------------------------------------------------------------------
def move(battle: "Battle", unit: int, action: str, dest: tuple[int, int], facing: str | None) -> Flow:
    ts = battle.get(unit, TurnState)
    if action in ("charge", "fast_charge"):
        path = charge_moves(battle, unit, action)[dest]
    else:
        path = straight_moves(battle, unit, MOVE_FEET[action])[dest]
    start = battle.tile(unit)
    # Moving away lets go of a grapple [PROP].
    for held in grappling.holding(battle, unit):
        grappling.end(battle, unit, held, "the grappler moved")
    pay(battle, unit, action, f"(toward {dest})")
    walked = yield from walk(battle, unit, action, path)
    if not battle.active(unit):
        return
    direction = (dest[0] - start[0], dest[1] - start[1])
    step = (_sign(direction[0]), _sign(direction[1]))
    if action in ("charge", "fast_charge"):
        face(battle, unit, step)  # "end facing the movement direction"
        if walked:
            ts.charge = 1 if action == "charge" else 2
    else:
        face(battle, unit, step if facing in (None, "moved") else DIRECTIONS[facing])


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def teleport(battle: "Battle", unit: int, dest: tuple[int, int], facing: str) -> Flow:
    from game.rulesets.actionblock.movement import ask_obstruct
    from game.engine.components import Position
    from game.engine.events import Moved
    from game.rulesets.actionblock.stats import distance_ft
    for held in grappling.holding(battle, unit):
        grappling.end(battle, unit, held, "the grappler teleported")
    feet = distance_ft(battle, battle.tile(unit), dest)
    pay(battle, unit, "teleport", f"({feet} ft, {feet} Ghost HP)")
    obstructed = yield from ask_obstruct(battle, unit, "teleport", dest, set())
    if obstructed or not battle.active(unit):
        return
    ghost = battle.get(unit, Ghost)
    before = ghost.ghost
    ghost.ghost -= feet
    battle.emit(StatChanged(unit, battle.name(unit), "Current Ghost HP", before, ghost.ghost,
                            "Teleport: 1 per foot"))
    start = battle.tile(unit)
    pos = battle.get(unit, Position)
    pos.x, pos.y = dest
    battle.emit(Moved(unit, battle.name(unit), (dest,), "Teleport"))
    step = (_sign(dest[0] - start[0]), _sign(dest[1] - start[1]))
    face(battle, unit, step if facing == "moved" else DIRECTIONS[facing])


def turn(battle: "Battle", unit: int, facing: str) -> None:
    pay(battle, unit, "turn")
    face(battle, unit, DIRECTIONS[facing])


# --- verbal ----------------------------------------------------------------------------------
def cast(battle: "Battle", unit: int, key: str, choice: Choice) -> None:
    rec_str = choice.param("recover_strength")
    points = battle.get(unit, Points)
    base_str = cast_strength_cost(battle, unit) if key == "cast" else battle.ruleset.data.cost("echo").strength
    base_spd = battle.ruleset.data.cost(key).speed
    shorten, rec_spd = speed_modifiers(points.speed - base_spd)[choice.param("speed_modifiers")]
    mod_str, mod_spd = modifier_costs(shorten, rec_str, rec_spd)
    spell = spells.spell_of(battle, choice.param("spell"))
    mods = [m for m, on in ((battle.ruleset.data.cost(shorten).name if shorten != "none" else "", shorten != "none"),
                            (f"{rec_str} recovered with Strength", rec_str),
                            (f"{rec_spd} recovered with Speed", rec_spd)) if on]
    detail = f"({spell.name}{'; ' + ', '.join(mods) if mods else ''})"
    pay(battle, unit, key, detail, strength=base_str + mod_str, speed=base_spd + mod_spd)
    target = choice.target if spell.target == "unit" else None
    spells.begin(battle, unit, spell.id, target, choice.param("ghost"), shorten, rec_str + rec_spd,
                 key == "echo")


def healing_word(battle: "Battle", unit: int, target: int) -> None:
    rank = template(battle, unit).talent("healing_word")
    pay(battle, unit, "healing_word", f"(on {battle.name(target)})")
    faces = battle.dice.roll(rank, 6).faces
    heal(battle, target, sum(faces), f"{rank}d6 ({', '.join(map(str, faces))})", "Healing Word")


def use_charisma(battle: "Battle", unit: int, key: str, target: int | None) -> None:
    who = f"(at {battle.name(target)})" if target is not None else ""
    pay(battle, unit, key, who)
    charisma.use(battle, unit, key, target)


# --- the dispatcher ----------------------------------------------------------------------------
def perform(battle: "Battle", unit: int, choice: Choice) -> Flow:
    """Carry out one legal turn choice; the slot it uses is marked first."""
    key = choice.option
    ts = battle.get(unit, TurnState)
    data = battle.ruleset.data
    kind = data.actions[key].kind if key in data.actions else None
    if key in COST_OF:
        kind = "bonus"
    if kind in SLOT:
        setattr(ts, SLOT[kind], key)
    follow_up = None
    if kind == "offensive" and key in ("melee", "combo", "gun", "aimed") and "second_attack" in template(battle, unit).abilities:
        follow_up = choice.param("weapon")
    ts.second_ready = None  # a Second Attack must follow its attack at once
    if key in ("melee", "combo", "gun", "aimed"):
        yield from attack(battle, unit, key, choice.target, choice.param("weapon"),
                          choice.param("modifier", "none"))
        ts.second_ready = follow_up
    elif key in COST_OF:
        ts.second_used = True
        yield from attack(battle, unit, key, choice.target, choice.param("weapon"))
    elif key == "grapple":
        from game.rulesets.actionblock.stats import grappling_item
        yield from attack(battle, unit, "grapple", choice.target, grappling_item(battle, unit))
    elif key == "grapple_attack":
        yield from grapple_attack(battle, unit, choice.target)
    elif key == "break_grapple":
        break_grapple(battle, unit, choice.target)
    elif key == "reload":
        reload(battle, unit, choice.param("weapon"))
    elif key == "restore_strength":
        restore(battle, unit, "strength")
    elif key == "channel":
        pay(battle, unit, "channel")
        spells.channel(battle, unit)
    elif key in ("sidestep", "fast_sidestep", "charge", "fast_charge"):
        yield from move(battle, unit, key, choice.target, choice.param("facing"))
    elif key == "teleport":
        yield from teleport(battle, unit, choice.target, choice.param("facing"))
    elif key == "turn":
        turn(battle, unit, choice.param("facing"))
    elif key == "restore_speed":
        restore(battle, unit, "speed")
    elif key == "maintain_grapple":
        pay(battle, unit, "maintain_grapple", f"(holding {', '.join(battle.name(u) for u in grappling.holding(battle, unit))})")
        grappling.maintain(battle, unit)
    elif key in ("cast", "echo"):
        cast(battle, unit, key, choice)
    elif key == "healing_word":
        healing_word(battle, unit, choice.target)
    elif key in data.charisma:
        use_charisma(battle, unit, key, choice.target)
    elif key == "battle_communication":
        pay(battle, unit, "battle_communication")
        charisma.communicate(battle, unit)
    elif key == "stance":
        enter_stance(battle, unit, choice.param("kind"), choice.param("shield") == "yes",
                     "(Bonus Action on its Turn)")
    elif key == "activate":
        pay(battle, unit, "activate")
        yield from spells.activate(battle, unit)
    elif key == "cancel_spell":
        pay(battle, unit, "cancel_spell")
        spells.cancel(battle, unit, "by the caster")
    else:
        raise AssertionError(f"unhandled Action Block option {key}")
