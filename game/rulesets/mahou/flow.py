"""The Mahou round: initiative, full turns, partial turns, held actions, round's end.

Rule text, "Combat":
1. Each character makes a non-skilled Accuracy roll with the speed ratings of the
   weapon in its primary hand and its armour: its initiative, rolled every round.
2. Characters act from highest to lowest initiative (their full turn); one knocked
   out before its turn does not act.
3. Then 10 is subtracted from every initiative; those still at 1 or more get a
   partial turn (a refund of their speak action, one hand action or up to Agility
   moves, plus anything they held), highest first; repeat while anyone is positive.
4. Non-character events are resolved; back to 1.

Held actions may be used "at any time before their next full turn": [PROP] a unit
holding actions is asked whether to use them at the start of each round, before
each turn, and when an enemy ends a move within 5 ft of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from game.engine.decisions import PICK, REACTION, TURN, Choice, Decision, Option
from game.engine.events import RoundStarted
from game.engine.flow import check_round_limit, check_victory
from game.rulesets.mahou import dice as md
from game.rulesets.mahou import economy, grapples, talk
from game.rulesets.mahou.actions import perform
from game.rulesets.mahou.attacks import distance_ft
from game.rulesets.mahou.components import (ActiveDefences, Actions, Initiative, PreciseHits,
                                            Soak)
from game.rulesets.mahou.events import ActionsChanged, InitiativeRolled, TurnBegan
from game.rulesets.mahou.options import talk_options, turn_options
from game.rulesets.mahou.stats import armour, die_of, held_weapons, roll_conditions, stat

if TYPE_CHECKING:
    from game.engine.battle import Battle

Flow = Generator[Decision, Choice, None]
PARTIAL_STEP = 10


# --- step 1: initiative ---------------------------------------------------------------------------
def initiative_spec(battle: "Battle", unit: int) -> md.RollSpec:
    """Non-skilled Accuracy, plus the speed ratings of the primary hand's weapon and
    the armour ([PROP]: the first held weapon is the primary hand's)."""
    mods: list[tuple[str, int]] = []
    weapons = held_weapons(battle, unit)
    if weapons and weapons[0].speed:
        mods.append((f"{weapons[0].name} speed", weapons[0].speed))
    worn = armour(battle, unit)
    if worn is not None and worn.speed:
        mods.append((f"{worn.name} speed", worn.speed))
    mods += roll_conditions(battle, unit, False)
    return md.RollSpec((md.nonskilled(die_of(battle, unit, "accuracy"), "Accuracy"),), tuple(mods))


def roll_initiative(battle: "Battle") -> list[int]:
    """Every active unit rolls; the order is highest first. [PROP] ties: higher
    Accuracy, then a d20 roll-off (never the side number: non-skilled rolls tie often,
    and a fixed order would give side 1 a systematic edge)."""
    rolls: dict[int, int] = {}
    for unit in battle.units(active_only=True):
        rolled = md.roll(battle.dice, initiative_spec(battle, unit))
        rolls[unit] = rolled.total
        battle.add(unit, Initiative(rolled.total, rolled.total))
        battle.emit(InitiativeRolled(unit, battle.name(unit), str(rolled), rolled.total))
    groups: dict[tuple, list[int]] = {}
    for unit, total in rolls.items():
        key = (-total, -stat(battle, unit, "accuracy"))
        groups.setdefault(key, []).append(unit)
    order: list[int] = []
    for key in sorted(groups):
        order += roll_off(battle, sorted(groups[key]))
    return order


def roll_off(battle: "Battle", tied: list[int]) -> list[int]:
    if len(tied) == 1:
        return tied
    faces = {u: battle.dice.face(20) for u in tied}
    out: list[int] = []
    for value in sorted(set(faces.values()), reverse=True):
        out += roll_off(battle, [u for u in tied if faces[u] == value])
    return out


def partial_turns(initiative: int) -> int:
    """How many partial turns an initiative earns: init 25 → 2, 11 → 1, 10 → 0."""
    return max(0, (initiative - 1) // PARTIAL_STEP)


def start_round(battle: "Battle") -> list[int]:
    for unit in battle.units(active_only=True):
        battle.get(unit, Soak).pool = None  # a new soak roll at the first damage
        battle.add(unit, PreciseHits())
        lost = economy.grant_round(battle, unit)
        for kind in lost:
            battle.emit(ActionsChanged(unit, battle.name(unit),
                                       f"loses its {economy.KIND_NAMES[kind]} action"
                                       f"{'s' if kind == 'move' else ''} this round (precise critical)."))
    return roll_initiative(battle)


# --- turns --------------------------------------------------------------------------------------
def take_turn(battle: "Battle", unit: int, kind: str) -> Flow:
    """A full, partial or held turn: Decisions until it ends, holds, or runs dry."""
    if kind == "full":
        economy.start_full_turn(battle, unit)
        battle.add(unit, ActiveDefences())  # active defences last until this moment
        grapples.upkeep_start(battle, unit)
    else:
        economy.start_other_turn(battle, unit, kind)
    battle.emit(TurnBegan(unit, battle.name(unit), kind, battle.get(unit, Initiative).current))
    if kind == "partial":
        yield from partial_refund(battle, unit)
    hold = kind == "held"
    while battle.active(unit) and not battle.over:
        pool = economy.usable(battle, unit)
        if pool.total() == 0:
            break  # [PROP] no action left to spend: free actions alone make no turn
        options = turn_options(battle, unit)
        if len(options) <= 2:
            # Nothing to do now but hold or end: hold, which is never worse (held
            # actions serve everything spare ones do, and last longer).
            hold = True
            break
        prompt = (f"{battle.name(unit)} ({kind} turn): {pool.primary + pool.offhand} hand, "
                  f"{pool.speak} speak, {pool.move} move" + (f", {pool.escape} escape" if pool.escape else "")
                  + " actions")
        st = talk.state(battle, unit)
        context = {"turn": kind}
        if st:
            prompt += f" — {st[0]} ({battle.name(st[1])})"
            context["state"] = st[0]
            context["drawn_to"] = st[1]
        choice = yield Decision(unit, battle.team(unit), TURN, options, prompt, context)
        if choice.option in ("end_turn", "hold"):
            hold = hold or choice.option == "hold"
            break
        yield from perform(battle, unit, choice)
        if check_victory(battle):
            break
        if choice.option in ("move", "drag", "jump") and battle.active(unit):
            yield from held_windows(battle, mover=unit)
            if check_victory(battle):
                break
    end_turn(battle, unit, kind, hold)


def end_turn(battle: "Battle", unit: int, kind: str, hold: bool) -> None:
    """Put the turn's unspent actions away; a full turn's upkeep and distraction count.

    A turn the battle ended in (it won the battle) ends silently: nothing happens
    after BattleEnded (issue 33.2; soak mahou woodland easy-vs-easy seed 13150, a
    held turn that won went on to announce "holds its remaining actions"). Its
    bookkeeping is kept, so the final state is the same; only what would be news
    (the hold, a grapple lapsing for want of upkeep) is left out.
    """
    going_on = not battle.over
    a = battle.get(unit, Actions)
    if hold and a.turn.total() and going_on:
        battle.emit(ActionsChanged(unit, battle.name(unit), "holds its remaining actions."))
    economy.end_turn(battle, unit, hold)
    if kind == "full" and battle.active(unit):
        if going_on:
            grapples.upkeep_end(battle, unit)
        talk.after_full_turn(battle, unit)  # counted down; announced only while the battle goes on


def partial_refund(battle: "Battle", unit: int) -> Flow:
    """Refund the speak action, one hand action or up to Agility moves (or an Escape
    action instead of what a grapple takes), never above the base allotment."""
    choices = economy.refund_choices(battle, unit)
    if not choices:
        return
    keys = {"speak": "s", "primary": "p", "offhand": "o", "move": "m", "escape": "x"}
    opts = tuple(Option(f"refund_{k}", f"Regain {'moves' if k == 'move' else k + ' action'}",
                        f"{n}" if k == "move" else "1", hotkey=keys[k],
                        description="The partial turn's refund: use it and any held actions.")
                 for k, n in choices.items())
    choice = yield Decision(unit, battle.team(unit), PICK, opts,
                            f"{battle.name(unit)}'s partial turn: which action comes back?",
                            {"trigger": "partial_turn"})
    kind = choice.option.removeprefix("refund_")
    n = choices[kind]
    if economy.refund(battle, unit, kind, n):
        battle.emit(ActionsChanged(unit, battle.name(unit),
                                   f"regains {n} {economy.KIND_NAMES[kind]} action{'s' if n > 1 else ''}."))
    else:
        battle.emit(ActionsChanged(unit, battle.name(unit),
                                   f"loses the refunded {economy.KIND_NAMES[kind]} (precise critical)."))


# --- held actions -----------------------------------------------------------------------------------
ACT = Option("act_now", "Use held actions now", "held actions", hotkey="a",
             description="Act now with what you held, before the next turn goes on.")
WAIT = Option("pass", "Keep holding", "", hotkey="n",
              description="Keep them for later, until your next full turn begins.")


def held_windows(battle: "Battle", before: int | None = None, mover: int | None = None) -> Flow:
    """Ask every unit holding actions whether to use them now (initiative order)."""
    order = list(getattr(battle, "turn_order", ()) or battle.units())
    for unit in order:
        if battle.over or not battle.active(unit):
            continue
        if battle.get(unit, Actions).held.total() == 0 or battle.get(unit, Actions).in_turn:
            continue
        if mover is not None:
            if battle.team(unit) == battle.team(mover) or not battle.active(mover):
                continue
            if distance_ft(battle, unit, mover) > 5:
                continue
        if not _can_use_held(battle, unit):
            continue  # nothing to do with them but hold or end
        if before is not None:
            why = f"before {battle.name(before)}'s turn"
        elif mover is not None:
            why = f"{battle.name(mover)} has just moved next to {battle.name(unit)}"
        else:
            why = "at the start of the round"
        choice = yield Decision(unit, battle.team(unit), REACTION, (ACT, WAIT),
                                f"{battle.name(unit)} holds actions: use them now ({why})?",
                                {"trigger": "held", "before": before, "mover": mover})
        if choice.option == "act_now":
            yield from take_turn(battle, unit, "held")
            if check_victory(battle):
                return


def _can_use_held(battle: "Battle", unit: int) -> bool:
    """Whether held actions could do anything now (the turn would offer more than
    holding or ending). [PROP] a cheap reading of the turn's options: held hand
    actions always can (draw, drop, defences), as can held moves for a standing
    unit; a held speak action needs a foe within earshot."""
    held = battle.get(unit, Actions).held
    if held.primary or held.offhand or held.escape:
        return True
    if held.move and not grapples.is_held(battle, unit):
        return True
    return bool(held.speak) and bool(talk_options(battle, unit, economy.usable(battle, unit)))


# --- the battle ----------------------------------------------------------------------------------
def end_of_round(battle: "Battle") -> None:
    """Step 4: no environment events on these maps ([PROP]); distraction penalties fade."""
    for unit in battle.units(active_only=True):
        talk.decay(battle, unit)


def play(battle: "Battle") -> Flow:
    while True:
        battle.round += 1
        if check_round_limit(battle):
            return
        battle.emit(RoundStarted(battle.round))
        order = start_round(battle)
        battle.turn_order = tuple(order)
        yield from held_windows(battle)
        if check_victory(battle):
            return
        for unit in order:
            if not battle.active(unit):
                continue  # knocked out before its turn came up
            yield from held_windows(battle, before=unit)
            if check_victory(battle):
                return
            if battle.active(unit):
                yield from take_turn(battle, unit, "full")
            if check_victory(battle):
                return
        step = 1
        while True:
            movers = [u for u in order if battle.active(u)
                      and battle.get(u, Initiative).rolled - PARTIAL_STEP * step >= 1]
            if not movers:
                break
            for u in movers:
                battle.get(u, Initiative).current = battle.get(u, Initiative).rolled - PARTIAL_STEP * step
            for unit in movers:
                if not battle.active(unit):
                    continue
                yield from held_windows(battle, before=unit)
                if check_victory(battle):
                    return
                if battle.active(unit):
                    yield from take_turn(battle, unit, "partial")
                if check_victory(battle):
                    return
            step += 1
        end_of_round(battle)
        if check_victory(battle):
            return
