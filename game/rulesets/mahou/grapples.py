"""Grapples: the grapple attack, Hold Difficulty, upkeep and reinforcing, escapes,
pin, slam into a hazard, pulling items off, dragging, letting go (throws: throwing.py).

Rule text, "Grapple" (and "Escape"). All units are Medium ([PROP]: the Size rules
were not recovered), so no size modifier applies to any grapple roll.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Generator

from game.engine.components import FALLEN, Position, Posture
from game.engine.decisions import PICK, REACTION, Choice, Decision, Option
from game.engine.events import ConditionChanged
from game.rulesets.mahou import dice as md
from game.rulesets.mahou.attacks import GRAPPLE, AttackSpec
from game.rulesets.mahou.combat import resolve
from game.rulesets.mahou.components import (ESCAPE, DroppedItem, EscapeBonus, Hold,
                                            HoldUpkeep, Loadout)
from game.rulesets.mahou.damage import end_hold, fall_spec, relink, soaked_damage
from game.rulesets.mahou.data import STANCE_STAT
from game.rulesets.mahou.economy import (convert_for_grapple, defence_pool, hand_choices, pay,
                                         refund, refund_choices)
from game.rulesets.mahou.events import ActionsChanged, CheckRolled, HoldChanged
from game.rulesets.mahou.stats import (all_holds, armour, die_of, free_hands, rank, roll_conditions,
                                       shield, stat)
from game.rulesets.mahou.talk import skill_penalty

if TYPE_CHECKING:
    from game.engine.battle import Battle

Flow = Generator[Decision, Choice, None]
ESCAPE_DROP = 2  # "A grapple's Hold Difficulty drops by 2 each time an escape action is spent"
REVERSAL_MARGIN = 5  # beating the Hold Difficulty by 5 or more allows a free grapple back
ESCAPE_STATS = {"strength": "strong", "agility": "fast", "intelligence": "precise"}
ESCAPE_SKILLS = ("martial_arts", "home_ec")
GRAPPLE_SKILLS = ("gym", "martial_arts")
GRAB_ON = -5  # [PROP] the target's hand grabbing on adds what one securing hand does
HELD_ITEM_PER_HAND = -5  # "−5 for each hand securing the targeted item"


# --- reading holds -------------------------------------------------------------------------
def holds_of(battle: "Battle", holder: int) -> list[tuple[int, Hold]]:
    return [(e, h) for e, h in all_holds(battle) if h.holder == holder]


def holds_on(battle: "Battle", held: int) -> list[tuple[int, Hold]]:
    return [(e, h) for e, h in all_holds(battle) if h.held == held]


def is_held(battle: "Battle", unit: int) -> bool:
    return bool(holds_on(battle, unit))


def hold_entity(battle: "Battle", holder: int, held: int) -> int | None:
    for e, h in battle.query(Hold):
        if h.holder == holder and h.held == held:
            return e
    return None


def replace_hold(battle: "Battle", entity: int, **changes) -> Hold:
    h = replace(battle.get(entity, Hold), **changes)
    battle.add(entity, h)
    return h


def can_push(battle: "Battle", holder: int, held: int) -> bool:
    """[PROP] "providing they have the strength to push or drag them": Strength at
    least the victim's."""
    return stat(battle, holder, "strength") >= stat(battle, held, "strength")


# --- the grapple attack -----------------------------------------------------------------------
def grapple(battle: "Battle", spec: AttackSpec) -> Flow:
    """A grapple is an attack from the stance of one's choice (so every defence applies);
    success makes the roll the Hold Difficulty. A critical has no extra effect."""
    outcome = yield from resolve(battle, spec)
    if outcome.hit and battle.active(spec.attacker) and battle.active(spec.target):
        make_hold(battle, spec.attacker, spec.target, spec.stance, outcome.total)


def make_hold(battle: "Battle", holder: int, held: int, stance: str, difficulty: int) -> None:
    battle.create(Hold(holder, held, stance, difficulty))
    battle.add(holder, HoldUpkeep(done=True))
    relink(battle)
    battle.emit(HoldChanged(holder, held, battle.name(holder), battle.name(held), difficulty,
                            f"{stance.capitalize()} grapple: {battle.name(held)} is held"))
    if convert_for_grapple(battle, held, stance):
        keep = {"strong": "speak action", "fast": "move actions", "precise": "offhand"}[stance]
        battle.emit(ActionsChanged(held, battle.name(held),
                                   f"keeps only its {keep}; the rest become one Escape action."))


def upkeep_start(battle: "Battle", unit: int) -> None:
    up = battle.try_get(unit, HoldUpkeep)
    if up is not None:
        up.done = False


def upkeep_end(battle: "Battle", unit: int) -> None:
    """The grappler must use a hand action on the hold each full turn, or it lapses.

    [PROP] each *full* turn: a partial turn refunds a single kind of action and need
    not be spent holding on.
    """
    up = battle.try_get(unit, HoldUpkeep)
    if up is None or up.done:
        return
    for e, _ in holds_of(battle, unit):
        end_hold(battle, e, "no hand action was spent keeping it up")


def maintain(battle: "Battle", unit: int) -> None:
    battle.get(unit, HoldUpkeep).done = True
    for _, h in holds_of(battle, unit):
        battle.emit(HoldChanged(unit, h.held, battle.name(unit), battle.name(h.held),
                                h.difficulty, "the hold is kept up"))


def grapple_roll_spec(battle: "Battle", unit: int, stance: str, skill: str) -> md.RollSpec:
    mods = roll_conditions(battle, unit, True) + skill_penalty(battle, unit, ("other",))
    return md.RollSpec((md.skill_set(rank(battle, unit, skill),
                                     die_of(battle, unit, STANCE_STAT[stance]),
                                     skill.replace("_", " ").title()),), tuple(mods))


def reinforce(battle: "Battle", unit: int, held: int, skill: str) -> None:
    """A new grapple roll; a result higher than the Hold Difficulty replaces it."""
    entity = hold_entity(battle, unit, held)
    h = battle.get(entity, Hold)
    battle.get(unit, HoldUpkeep).done = True
    rolled = md.roll(battle.dice, grapple_roll_spec(battle, unit, h.stance, skill))
    higher = rolled.total > h.difficulty
    battle.emit(CheckRolled(unit, battle.name(unit), "reinforcing the hold", str(rolled),
                            rolled.total, h.difficulty, "Hold Difficulty", higher))
    if higher:
        h = replace_hold(battle, entity, difficulty=rolled.total)
        battle.emit(HoldChanged(unit, held, battle.name(unit), battle.name(held), h.difficulty,
                                "the hold is reinforced"))


def release(battle: "Battle", unit: int) -> None:
    for e, _ in holds_of(battle, unit):
        end_hold(battle, e, f"{battle.name(unit)} lets go")


# --- escaping ---------------------------------------------------------------------------
def escape_spec(battle: "Battle", unit: int, stat_name: str, skill: str) -> md.RollSpec:
    mods = roll_conditions(battle, unit, False) + skill_penalty(battle, unit, ("other",))
    bonus = battle.try_get(unit, EscapeBonus)
    if bonus is not None:
        mods.append(("failed throw", bonus.bonus))
    return md.RollSpec((md.skill_set(rank(battle, unit, skill), die_of(battle, unit, stat_name),
                                     skill.replace("_", " ").title()),), tuple(mods))


def escape(battle: "Battle", unit: int, holder: int, stat_name: str, skill: str) -> Flow:
    """Strength, Agility or Intelligence with Martial Arts or Home Ec against the Hold
    Difficulty of one hold; the hold weakens by 2 for every attempt ([PROP]: after the
    roll). Success breaks it and refunds an action of the escapee's choice; beating
    it by 5 or more may instead turn the roll into a grapple on the holder."""
    pay(battle, unit, {ESCAPE: 1})
    entity = hold_entity(battle, holder, unit)
    h = battle.get(entity, Hold)
    rolled = md.roll(battle.dice, escape_spec(battle, unit, stat_name, skill))
    battle.remove(unit, EscapeBonus)
    ok = rolled.total >= h.difficulty
    battle.emit(CheckRolled(unit, battle.name(unit), f"escape ({stat_name.capitalize()})",
                            str(rolled), rolled.total, h.difficulty, "Hold Difficulty", ok))
    if not ok:
        h = replace_hold(battle, entity, difficulty=h.difficulty - ESCAPE_DROP)
        battle.emit(HoldChanged(holder, unit, battle.name(holder), battle.name(unit), h.difficulty,
                                "the escape attempt loosens the hold by 2"))
        return
    margin = rolled.total - h.difficulty
    end_hold(battle, entity, f"{battle.name(unit)} escapes")
    opts = [Option(f"refund_{k}", f"Regain {'moves' if k == 'move' else k}", f"{n}" if k == "move" else "",
                   hotkey={"speak": "s", "primary": "p", "offhand": "o", "move": "m", "escape": "e"}[k],
                   description="Refunded as in a partial turn.")
            for k, n in refund_choices(battle, unit).items()]
    if margin >= REVERSAL_MARGIN and battle.active(holder):
        opts.append(Option("reverse", "Grapple them back", hotkey="g",
                           description=f"Beat the hold by {margin}: a free grapple on "
                                       f"{battle.name(holder)} with this roll ({rolled.total})."))
    if not opts:
        return
    choice = yield Decision(unit, battle.team(unit), PICK, tuple(opts),
                            f"{battle.name(unit)} breaks free: what now?", {"trigger": "escaped"})
    if choice.option == "reverse":
        stance = ESCAPE_STATS[stat_name]
        spec = AttackSpec(unit, holder, GRAPPLE, "fists", stance, skill, ())
        outcome = yield from resolve(battle, spec, fixed=rolled)
        if outcome.hit and battle.active(unit) and battle.active(holder):
            make_hold(battle, unit, holder, stance, outcome.total)
        return
    kind = choice.option.removeprefix("refund_")
    n = refund_choices(battle, unit)[kind]
    if refund(battle, unit, kind, n):
        battle.emit(ActionsChanged(unit, battle.name(unit), f"regains {n} {kind} action(s)."))


# --- what a holder can do with its hand --------------------------------------------------
def pin(battle: "Battle", unit: int, held: int, follow: str) -> None:
    """Pin the foe: [PROP] it falls; the grappler goes down with it (the hold stays and
    the pinned foe counts as helpless, "tight binding") or lets go."""
    entity = hold_entity(battle, unit, held)
    battle.get(unit, HoldUpkeep).done = True
    fall(battle, held, "pinned to the ground")
    if follow == "go_prone":
        fall(battle, unit, "goes down with the pin")
        h = replace_hold(battle, entity, pinned=True)
        battle.emit(HoldChanged(unit, held, battle.name(unit), battle.name(held), h.difficulty,
                                f"{battle.name(held)} is pinned: helpless (hit on a 5)"))
    else:
        end_hold(battle, entity, "pinned down and let go")


def fall(battle: "Battle", unit: int, why: str) -> None:
    posture = battle.get(unit, Posture)
    if posture.value != FALLEN:
        posture.value = FALLEN
        battle.emit(ConditionChanged(unit, battle.name(unit), "fallen", True, why))


def hazards_by(battle: "Battle", unit: int) -> list[tuple[int, int]]:
    """[PROP] a hazard is a solid obstacle (a tile no one can stand on) next to the foe."""
    x, y = battle.tile(unit)
    out = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            t = (x + dx, y + dy)
            if (dx or dy) and battle.map.in_bounds(*t) and not battle.map.walkable[t]:
                out.append(t)
    return out


def slam(battle: "Battle", unit: int, held: int, then: str) -> None:
    """Slam into a hazard: the foe takes double the hazard's damage; the grappler lets
    go or takes half of it. [PROP] the hazard deals a 5 ft fall's damage."""
    entity = hold_entity(battle, unit, held)
    battle.get(unit, HoldUpkeep).done = True
    rolled = md.roll(battle.dice, fall_spec(5))
    amount = max(0, rolled.total) * 2
    battle.emit(CheckRolled(unit, battle.name(unit), f"slams {battle.name(held)} into a hazard",
                            str(rolled), amount, 0, "doubled", True))
    soaked_damage(battle, held, amount, "slammed into a hazard (doubled)")
    if then == "release":
        if battle.try_get(entity, Hold) is not None:  # the slam may have ended it (and its entity)
            end_hold(battle, entity, "let go after the slam")
    else:
        soaked_damage(battle, unit, max(0, rolled.total) // 2, "half the hazard's damage (holding on)")


# --- pulling things off ------------------------------------------------------------------------
def pull_targets(battle: "Battle", held: int) -> list[str]:
    """"weapon", "shield", "armour": what can be pulled off the held foe."""
    out = []
    lo = battle.get(held, Loadout)
    data = battle.ruleset.data
    if any(s in data.weapons and not data.weapons[s].fist for s in (lo.main, lo.off) if s):
        out.append("weapon")
    if shield(battle, held) is not None:
        out.append("shield")
    if armour(battle, held) is not None:
        out.append("armour")
    return out


def pull_penalty(battle: "Battle", held: int, what: str) -> list[tuple[str, int]]:
    """How secured the item is: −5 per hand holding it; armour +3 on the torso, +2 per
    part past the first, +3 crafted, +20 natural; [PROP] a strapped shield is secured
    like a second hand."""
    data = battle.ruleset.data
    lo = battle.get(held, Loadout)
    if what == "weapon":
        w = next(data.weapons[s] for s in (lo.main, lo.off) if s in data.weapons and not data.weapons[s].fist)
        return [(f"{w.name} in {w.hands} hand(s)", HELD_ITEM_PER_HAND * w.hands)]
    if what == "shield":
        s = shield(battle, held)
        return [(s.name, HELD_ITEM_PER_HAND * (2 if s.strapped else 1))]
    a = armour(battle, held)
    out = []
    if a.torso:
        out.append(("torso piece", -3))
    if a.parts > 1:
        out.append((f"{a.parts} parts", -2 * (a.parts - 1)))
    if a.crafted:
        out.append(("crafted", -3))
    if a.natural:
        out.append(("natural", -20))
    return out


def can_grab_on(battle: "Battle", unit: int) -> bool:
    pool = defence_pool(battle, unit)
    return battle.active(unit) and bool(hand_choices(pool)) and free_hands(battle, unit) > 0


def pull(battle: "Battle", spec: AttackSpec, what: str) -> Flow:
    """Gym or Martial Arts with Strength, Agility or Accuracy against the foe's defence,
    less how secured the item is; the foe may spend a hand action to grab on."""
    target = spec.target
    extra = tuple(pull_penalty(battle, target, what))
    if can_grab_on(battle, target):
        grab = Option("grab_on", "Grab on", "1 hand action", params={
            "hand": hand_choices(defence_pool(battle, target))}, hotkey="g",
            description=f"Hold on with a free hand: {GRAB_ON} more to pull it away.")
        keep = Option("pass", "Let them try", "", hotkey="n",
                      description="Keep your hand actions; the attempt goes ahead.")
        choice = yield Decision(target, battle.team(target), REACTION, (grab, keep),
                                f"{battle.name(spec.attacker)} tries to pull off your {what}: grab on?",
                                {"trigger": "pull", "attacker": spec.attacker, "what": what})
        if choice.option == "grab_on":
            pay(battle, target, {choice.param("hand"): 1}, defence=True)
            extra += (("grabbed on", GRAB_ON),)
            battle.emit(ActionsChanged(target, battle.name(target), f"grabs on to its {what}."))
    spec = replace(spec, extra=spec.extra + extra)
    outcome = yield from resolve(battle, spec)
    if not outcome.hit or not battle.active(target):
        return
    lo = battle.get(target, Loadout)
    data = battle.ruleset.data
    if what == "armour":
        item = lo.armour
        lo.armour = None
    elif what == "shield":
        item = shield(battle, target).id
    else:
        item = next(s for s in (lo.main, lo.off) if s in data.weapons and not data.weapons[s].fist)
    if what != "armour":
        w = data.weapons.get(item)
        if w is not None and w.hands == 2:
            lo.main = lo.off = None
        elif lo.main == item:
            lo.main = None
        else:
            lo.off = None
    x, y = battle.tile(spec.attacker)
    battle.create(Position(x, y), DroppedItem(item, what))
    battle.emit(ActionsChanged(target, battle.name(target),
                               f"has its {data.item(item).name if what != 'armour' else data.armour[item].name} "
                               f"pulled away by {battle.name(spec.attacker)}."))


# --- dragging ------------------------------------------------------------------------------
def drag_partner(battle: "Battle", unit: int) -> int | None:
    """Whom `unit` pulls along when it moves the pair: its one held foe, or (rule text:
    "Characters grappled with a fast grapple retain their move actions") the one
    grappler holding it with a Fast grapple. Either way it needs the strength to drag
    the other ("providing they have the strength to push or drag them", [PROP] for
    the held one too), and only a lone pair moves: nobody else may be left holding,
    or held, across a gap."""
    mine, on_me = holds_of(battle, unit), holds_on(battle, unit)
    if len(mine) == 1 and not on_me:
        partner = mine[0][1].held
        if len(holds_on(battle, partner)) != 1 or holds_of(battle, partner):
            return None
    elif len(on_me) == 1 and not mine and on_me[0][1].stance == "fast" and not on_me[0][1].pinned:
        partner = on_me[0][1].holder
        if len(holds_of(battle, partner)) != 1 or holds_on(battle, partner):
            return None
    else:
        return None
    return partner if can_push(battle, unit, partner) else None


def drag_tiles(battle: "Battle", unit: int, moves: int) -> list[tuple[int, int]]:
    """Tiles next to the unit it can step onto, pulling its grapple partner after it."""
    if drag_partner(battle, unit) is None:
        return []
    x, y = battle.tile(unit)
    occupied = {battle.tile(u) for u in battle.units(active_only=True)}
    out = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            t = (x + dx, y + dy)
            if (dx or dy) and battle.map.in_bounds(*t) and battle.map.walkable[t] \
                    and t not in occupied and int(battle.map.move_cost[t]) <= moves:
                out.append(t)
    return out


def drag(battle: "Battle", unit: int, to: tuple[int, int]) -> None:
    partner = drag_partner(battle, unit)
    cost = int(battle.map.move_cost[to])
    pay(battle, unit, {"move": cost})
    old = battle.tile(unit)
    mover = battle.get(unit, Position)
    mover.x, mover.y = to
    other = battle.get(partner, Position)
    other.x, other.y = old
    battle.emit(ActionsChanged(unit, battle.name(unit),
                               f"drags {battle.name(partner)} along to {to} ({cost} move action(s))."))
