"""Spells: Cast Spell, Echo Spell, Channel Spell, Activate Spell and the Spell Casting
Stance (rule text step 4/5; ghostrules-magic, ghostrules-spelllist,
battlerules-spellcastingmodifiers; rules/DIGEST.md 3.9).

* Cast Spell needs at least 1 Current Ghost HP. The caster invests Spell Ghost HP
  (1..Current Ghost HP), deducted at once, and picks a target in range; Remaining
  Spell Cast Time = the spell's cast time (less Shorten Spell).
* While the spell is held, damage taken and the Strength + Speed used by any action
  reduce its Spell Ghost HP; at 0 or less the spell is cancelled, nothing refunded.
  The caster may cancel it at any time.
* Channel Spell (Offensive, 0/0): Remaining Spell Cast Time − 1. At 0, Activate Spell
  (a Bonus Action) lets the Effect happen: Base Effect + the Spell Boost talents.
* Echo Spell (Verbal): only in the Action Block Activate Spell was used; the same
  spell with the same Spell Ghost HP, acting as Cast Spell.

[PROP] one spell held at a time; Cast Spell's Strength Cost with a staff is the
staff's "Cast Spell Str cost"; a staff's Ghost Storage adds to Maximum Ghost HP; spells
aimed at a character need it in range and in sight when cast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from game import kept
from game.engine import odds
from game.engine.components import Position
from game.engine.decisions import PICK, Choice, Decision, Option
from game.engine.events import Note
from game.rulesets.actionblock.components import (Barrier, Casting, Defences, Ghost, Health,
                                                  LastActivation, Stance)
from game.rulesets.actionblock.costs import note_spell
from game.rulesets.actionblock.data import DiceExpr, Spell
from game.rulesets.actionblock.events import DamageRolled, StatChanged
from game.rulesets.actionblock.health import heal, take_damage
from game.rulesets.actionblock.stats import data, distance_ft, staff, template
from game.world.sight import line_of_fire

if TYPE_CHECKING:
    from game.engine.battle import Battle

Flow = Generator[Decision, Choice, None]
CAST_STRENGTH = 5
#: Block stances ignore this much knock-back (5 / 10 / 20 ft).
BLOCK_IGNORES_FT = {0: 0, 1: 5, 2: 10, 3: 20}
SHORTEN = {"none": 0, "shorten_1": 1, "shorten_2": 2}


def spell_of(battle: "Battle", spell_id: str) -> Spell:
    return data(battle).spells[spell_id]


def cast_strength_cost(battle: "Battle", unit: int) -> int:
    s = staff(battle, unit)
    return s.cast_strength_cost if s is not None else CAST_STRENGTH


@kept.pure("actionblock-speed-labels")
def speed_modifier_labels(spare_speed: int) -> tuple[str, ...]:
    """The labels of `speed_modifiers` (what a Cast Spell option offers), kept by Speed."""
    return tuple(speed_modifiers(spare_speed))


def speed_modifiers(spare_speed: int) -> dict[str, tuple[str, int]]:
    """The affordable Speed-paid Spell Casting Modifiers, as one choice: label →
    (Shorten Spell, Spell Ghost HP recovered with Speed). Shorten Spell 1 and 2 never
    go together; Recover Ghost HP with Speed may be taken up to 3 times [PROP]."""
    out: dict[str, tuple[str, int]] = {}
    for shorten in ("none", "shorten_1", "shorten_2"):
        for n in range(0, 4):
            if modifier_costs(shorten, 0, n)[1] > spare_speed:
                continue
            parts = [{"shorten_1": "Shorten Spell 1", "shorten_2": "Shorten Spell 2"}[shorten]] if shorten != "none" else []
            if n:
                parts.append(f"+{n} Spell Ghost HP for {n} Spd")
            out[", ".join(parts) or "none"] = (shorten, n)
    return out


def modifier_costs(shorten: str, recover_str: int, recover_spd: int) -> tuple[int, int]:
    """(Strength, Speed) the Spell Casting Modifiers add to Cast / Echo Spell."""
    s = recover_str
    p = recover_spd + {"none": 0, "shorten_1": 5, "shorten_2": 15}[shorten]
    return s, p


def in_sight(battle: "Battle", a: int, b: int) -> bool:
    if a == b:
        return True
    lof = line_of_fire(battle.map, battle.tile(a), battle.tile(b))
    return lof.visible and not lof.blocked


def spell_targets(battle: "Battle", unit: int, spell: Spell, sight: dict | None = None) -> list[int]:
    """Characters a "unit" spell can be aimed at now (the Dead excepted). `sight`: the
    `in_sight` answers of this caster kept by the caller across its spells."""
    out = []
    here = battle.tile(unit)
    for u in battle.units():
        if battle.get(u, Health).dead:
            continue
        if u == unit:
            if spell.self_allowed:
                out.append(u)
            continue
        if distance_ft(battle, here, battle.tile(u)) <= spell.range_ft:
            seen = None if sight is None else sight.get(u)
            if seen is None:
                seen = in_sight(battle, unit, u)
                if sight is not None:
                    sight[u] = seen
            if seen:
                out.append(u)
    return out


# --- casting ----------------------------------------------------------------------------
def begin(battle: "Battle", unit: int, spell_id: str, target: int | None, spell_ghost: int,
          shorten: str, recovered: int, echo: bool) -> None:
    """Enter the Spell Casting Stance (costs already paid by the caller)."""
    spell = spell_of(battle, spell_id)
    ghost = battle.get(unit, Ghost)
    ghost.ghost -= spell_ghost
    remaining = max(0, spell.cast_time - SHORTEN[shorten])
    aim = battle.tile(target) if target is not None else None
    battle.add(unit, Casting(spell_id, target, aim, spell_ghost + recovered, remaining,
                             battle.round, echo))
    at = "" if target is None else (" on itself" if target == unit else f" at {battle.name(target)}")
    extra = f", +{recovered} recovered with points" if recovered else ""
    note_spell(battle, unit, spell.name,
               f"{'echoes' if echo else 'begins casting'}{at}: {spell_ghost} Spell Ghost HP invested"
               f"{extra} (Current Ghost HP {ghost.ghost}); cast time {remaining} Action Block"
               f"{'s' if remaining != 1 else ''} to go")


def weaken(battle: "Battle", unit: int, amount: int, why: str) -> None:
    casting = battle.try_get(unit, Casting)
    if casting is None or amount <= 0:
        return
    casting.spell_ghost -= amount
    spell = spell_of(battle, casting.spell).name
    if casting.spell_ghost <= 0:
        battle.remove(unit, Casting)
        note_spell(battle, unit, spell, f"{why}: the Spell Ghost HP falls to {casting.spell_ghost} "
                                        "and the spell is cancelled (nothing refunded)")
    else:
        note_spell(battle, unit, spell, f"{why}: Spell Ghost HP {casting.spell_ghost + amount} → "
                                        f"{casting.spell_ghost}")


def cancel(battle: "Battle", unit: int, why: str) -> None:
    casting = battle.try_get(unit, Casting)
    if casting is None:
        return
    battle.remove(unit, Casting)
    note_spell(battle, unit, spell_of(battle, casting.spell).name, f"cancelled ({why}); nothing refunded")


def channel(battle: "Battle", unit: int) -> None:
    casting = battle.get(unit, Casting)
    casting.remaining -= 1
    note_spell(battle, unit, spell_of(battle, casting.spell).name,
               f"channelled: {casting.remaining} Action Block{'s' if casting.remaining != 1 else ''} to go")


# --- redirecting and activating ---------------------------------------------------------
def redirect_cost(battle: "Battle", casting: Casting) -> int | None:
    """Spell Ghost HP to turn the spell onto where its target is now: 1 per 5 ft the
    aim moves. None when no redirect is needed or possible (target out of range)."""
    if casting.target is None or casting.aim is None:
        return None
    now = battle.tile(casting.target)
    if now == casting.aim:
        return None
    return distance_ft(battle, casting.aim, now) // 5


def redirect_possible(battle: "Battle", unit: int, casting: Casting) -> bool:
    spell = spell_of(battle, casting.spell)
    cost = redirect_cost(battle, casting)
    if cost is None or battle.get(casting.target, Health).dead:
        return False
    in_range = (casting.target == unit or
                distance_ft(battle, battle.tile(unit), battle.tile(casting.target)) <= spell.range_ft)
    return in_range and in_sight(battle, unit, casting.target)


def activate(battle: "Battle", unit: int) -> Flow:
    """Activate Spell: redirect if its target moved (the caster's choice), then the Effect."""
    casting = battle.get(unit, Casting)
    spell = spell_of(battle, casting.spell)
    target = casting.target
    if target is not None and redirect_cost(battle, casting) is not None:
        cost = redirect_cost(battle, casting)
        if redirect_possible(battle, unit, casting):
            choice = yield Decision(
                unit, battle.team(unit), PICK,
                (Option("redirect", "Redirect the spell", f"{cost} Spell Ghost HP", hotkey="r",
                        description=f"Follow {battle.name(target)} to {battle.tile(target)}; "
                                    f"the spell is lost if its Spell Ghost HP ({casting.spell_ghost}) "
                                    "falls to 0."),
                 Option("release", "Release at the old aim", hotkey="n",
                        description=f"The spell strikes {casting.aim} and whoever stands there.")),
                f"{battle.name(target)} moved since {spell.name} was aimed: redirect it?",
                {"trigger": "redirect", "spell": casting.spell, "cost": cost})
            if choice.option == "redirect":
                weaken(battle, unit, cost, f"redirected {cost * 5} ft")
                if not battle.has(unit, Casting):
                    return
                casting.aim = battle.tile(target)
        if battle.tile(target) != casting.aim:
            at = [u for u in battle.units_at(casting.aim, active_only=False)
                  if not battle.get(u, Health).dead]
            target = at[0] if at else None
    battle.remove(unit, Casting)
    battle.add(unit, LastActivation(casting.spell, casting.spell_ghost, battle.round))
    note_spell(battle, unit, spell.name, "activated")
    resolve_effect(battle, unit, spell, target)


def boosted_dice(battle: "Battle", unit: int, spell: Spell) -> list[tuple[DiceExpr, str]]:
    """Base Effect dice plus the Offensive / Defensive / General Spell Boost dice."""
    t = template(battle, unit)
    parts = [(DiceExpr.parse(spell.base), "base")]
    for talent, expr in (("offensive_spell_boost", spell.offensive_boost),
                         ("defensive_spell_boost", spell.defensive_boost),
                         ("general_spell_boost", spell.general_boost)):
        dice = DiceExpr.parse(expr)
        for _ in range(t.talent(talent)):
            if dice.count or dice.modifier:
                parts.append((dice, talent.replace("_", " ")))
    return parts


def effect_dist(battle: "Battle", unit: int, spell: Spell) -> odds.Dist:
    dist: odds.Dist = {0: 1.0}
    for dice, _ in boosted_dice(battle, unit, spell):
        d = odds.dice_sum(dice.count, dice.sides)
        dist = odds.add(dist, {v + dice.modifier: p for v, p in d.items()})
    return dist


def roll_effect(battle: "Battle", unit: int, spell: Spell) -> tuple[int, str]:
    total, texts = 0, []
    for dice, label in boosted_dice(battle, unit, spell):
        faces = battle.dice.roll(dice.count, dice.sides).faces if dice.count else ()
        total += sum(faces) + dice.modifier
        texts.append(f"{dice} ({', '.join(map(str, faces))}) {label}" if faces else f"{dice} {label}")
    return total, " + ".join(texts)


def resolve_effect(battle: "Battle", unit: int, spell: Spell, target: int | None) -> None:
    if spell.effect == "damage":
        if target is None:
            battle.emit(Note(f"{spell.name} strikes empty ground."))
            return
        rolled, text = roll_effect(battle, unit, spell)
        dr = battle.get(target, Defences).spell_dr
        after_dr = max(0, rolled - dr)
        barrier = battle.try_get(target, Barrier)
        absorbed = min(barrier.left, after_dr) if barrier else 0
        if barrier:
            barrier.left -= absorbed
        dealt = after_dr - absorbed
        battle.emit(DamageRolled(target, battle.name(target), text, rolled, "", 0,
                                 (("Spell DR", dr),), False, absorbed, dealt))
        take_damage(battle, target, dealt, spell.name)
    elif spell.effect == "heal":
        if target is None:
            battle.emit(Note(f"{spell.name} finds nobody to heal."))
            return
        rolled, text = roll_effect(battle, unit, spell)
        heal(battle, target, rolled, text, spell.name)
    elif spell.effect == "gather_mist":
        ghost = battle.get(unit, Ghost)
        before = ghost.ghost
        ghost.ghost = ghost.max_ghost
        battle.emit(StatChanged(unit, battle.name(unit), "Current Ghost HP", before, ghost.ghost, spell.name))
        if ghost.ghost > before:
            from game.rulesets.actionblock.insanity import check_insanity
            check_insanity(battle, unit)
    elif spell.effect == "barrier":
        recipient = target if target is not None else unit
        t = template(battle, unit)
        amount = (spell.absorb + spell.defensive_boost_flat * t.talent("defensive_spell_boost")
                  + spell.general_boost_flat * t.talent("general_spell_boost"))
        battle.add(recipient, Barrier(amount, battle.round + spell.duration_blocks))
        battle.emit(Note(f"A Spell Barrier surrounds {battle.name(recipient)}: it absorbs {amount} "
                         f"spell or elemental damage until Action Block {battle.round + spell.duration_blocks}."))
    elif spell.effect == "knockback":
        gale_burst(battle, unit, spell)


def gale_burst(battle: "Battle", unit: int, spell: Spell) -> None:
    """Every other character within the radius is knocked back away from the caster;
    hitting a wall or a standing object costs 1 damage per foot not travelled, reduced
    by PDR. Block stances ignore 5 / 10 / 20 ft of it; the Grappled are not moved."""
    from game.rulesets.actionblock.grappling import grappled
    from game.rulesets.actionblock.movement import blocking_tiles, sign
    feet = spell.knockback_ft + spell.offensive_boost_ft * template(battle, unit).talent("offensive_spell_boost")
    here = battle.tile(unit)
    fpt = battle.map.feet_per_tile
    caught = [u for u in battle.units() if u != unit and not battle.get(u, Health).dead
              and distance_ft(battle, here, battle.tile(u)) <= spell.range_ft]
    caught.sort(key=lambda u: (-distance_ft(battle, here, battle.tile(u)), u))
    for u in caught:
        if grappled(battle, u):
            battle.emit(Note(f"{battle.name(u)} is held in a grapple and is not moved."))
            continue
        stance = battle.get(u, Stance)
        push = max(0, feet - BLOCK_IGNORES_FT[stance.level])
        if push < fpt:
            battle.emit(Note(f"{battle.name(u)} braces in its stance and is not moved."))
            continue
        x, y = battle.tile(u)
        d = (sign(x - here[0]), sign(y - here[1]))
        blocked = blocking_tiles(battle, u)
        moved = 0
        tmap = battle.map
        while moved + fpt <= push:
            nx, ny = x + d[0], y + d[1]
            if (not tmap.in_bounds(nx, ny) or not tmap.walkable[nx, ny] or (nx, ny) in blocked
                    or (d[0] and d[1] and not (tmap.walkable[nx, y] and tmap.walkable[x, ny]))):
                break
            x, y = nx, ny
            moved += fpt
        pos = battle.get(u, Position)
        start = (pos.x, pos.y)
        pos.x, pos.y = x, y
        from game.engine.events import Moved
        if (x, y) != start:
            path = []
            cx, cy = start
            while (cx, cy) != (x, y):
                cx, cy = cx + d[0], cy + d[1]
                path.append((cx, cy))
            battle.emit(Moved(u, battle.name(u), tuple(path), f"knocked back {moved} ft"))
        left = push - moved
        if left > 0:
            pdr = battle.get(u, Defences).pdr + {0: 0, 1: 5, 2: 10, 3: 15}[stance.level]
            dealt = max(0, left - pdr)
            battle.emit(Note(f"{battle.name(u)} slams into an obstacle with {left} ft to go: "
                             f"{left} − {pdr} PDR = {dealt} damage."))
            take_damage(battle, u, dealt, "Gale Burst impact")
    from game.rulesets.actionblock.grappling import check_reach
    check_reach(battle)
