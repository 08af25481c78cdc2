"""The d20 battle flow: initiative once, then rounds of turns in that fixed order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from game.engine.decisions import TURN, Choice, Decision
from game.engine.events import ConditionChanged, Note, RoundStarted, TurnStarted
from game.engine.flow import check_round_limit, check_victory
from game.rulesets.d20 import suppression
from game.rulesets.d20.actions import perform
from game.rulesets.d20.components import Afflictions, TurnState
from game.rulesets.d20.events import InitiativeRolled
from game.rulesets.d20.options import turn_options
from game.rulesets.d20.stats import template

if TYPE_CHECKING:
    from game.engine.battle import Battle

ACTIONS_PER_TURN = 4
STUNNED_ACTIONS = 2  # [PROP] stunned: loses 2 of its 4 Actions and its Reaction


def roll_initiative(battle: "Battle") -> list[int]:
    """d20 + Agility modifier, once for the whole battle (rule text, "Initiative").

    Ties: "a player character goes before a GM controlled creature"; two player
    characters, or two GM creatures, reroll. [PROP] Player characters are the units
    of the sides a person commands (`battle.player_sides`); the AI's are the GM's.
    So in AI-vs-AI and in hotseat every tie is rerolled.
    """
    groups: dict[tuple[int, int], list[int]] = {}
    for unit in battle.units():
        face = battle.dice.d20()
        mod = template(battle, unit).agility
        battle.emit(InitiativeRolled(unit, battle.name(unit), face, mod, face + mod))
        gm = 0 if battle.team(unit) in battle.player_sides else 1
        groups.setdefault((-(face + mod), gm), []).append(unit)
    order: list[int] = []
    for (neg_total, _gm), units in sorted(groups.items()):
        order += units if len(units) == 1 else _break_tie(battle, units, -neg_total)
    return order


def _break_tie(battle: "Battle", tied: list[int], total: int) -> list[int]:
    rolls = {}
    for unit in tied:
        # They "reroll their Initiative rolls": d20 + Initiative modifier again.
        face, mod = battle.dice.d20(), template(battle, unit).agility
        rolls[unit] = face + mod
        battle.emit(InitiativeRolled(unit, battle.name(unit), face, mod, face + mod,
                                     f"(reroll to break a tie at {total})"))
    ordered: list[int] = []
    for value in sorted(set(rolls.values()), reverse=True):
        same = [u for u in tied if rolls[u] == value]
        ordered += same if len(same) == 1 else _break_tie(battle, same, total)
    return ordered


def start_turn(battle: "Battle", unit: int) -> None:
    ts = battle.get(unit, TurnState)
    aff = battle.get(unit, Afflictions)
    suppression.expire(battle, unit)  # the shooter's cone lasts until its next turn
    ts.in_turn = True
    ts.actions = STUNNED_ACTIONS if aff.stunned else ACTIONS_PER_TURN
    ts.reaction = not aff.stunned  # [PROP] the Reaction refreshes at the start of one's turn
    ts.must_leave = False
    ts.move_left_ft = 0
    ts.moved_near = ()
    ts.free_strike_used = False
    ts.suppression_results = {}
    ts.suppression_paid = set()
    battle.emit(TurnStarted(unit, battle.name(unit)))
    # "Creatures within this area ... may make a Willpower check": one save per cone,
    # rolled as the turn starts so the options offered already follow from it. It
    # costs nothing by itself. "A creature that starts its turn unprotected inside the
    # area must succeed this save or else move out of the area, taking no damage."
    for z, zone in suppression.zones_at(battle, unit, battle.tile(unit)):
        result = suppression.willpower_save(battle, unit, z, zone, "starting its turn under fire")
        if result == suppression.FAIL and not suppression.protected(battle, unit, zone):
            ts.must_leave = True


def end_turn(battle: "Battle", unit: int) -> None:
    ts = battle.get(unit, TurnState)
    ts.in_turn = False
    ts.turns_ended += 1
    aff = battle.get(unit, Afflictions)
    for attr, label in (("stunned_until", "stunned"), ("arm_until", "wounded in the arm (−5 to attack)"),
                        ("leg_until", "hobbled (half speed)")):
        until = getattr(aff, attr)
        if until is not None and ts.turns_ended >= until:
            setattr(aff, attr, None)
            if attr == "stunned_until":
                ts.reaction = True  # the stun is over: its Reaction is back
            # Nothing is announced once the battle is over (issue 17.8): the turn that
            # won it still ends, and the effect still ends with it, silently.
            if battle.active(unit) and not battle.over:
                battle.emit(ConditionChanged(unit, battle.name(unit), label, False, "wears off"))


def take_turn(battle: "Battle", unit: int) -> Generator[Decision, Choice, None]:
    start_turn(battle, unit)
    while battle.active(unit) and not battle.over:
        options = turn_options(battle, unit)
        if len(options) == 1 and options[0].key == "end_turn":
            # Nothing left but ending the turn. A unit pinned by suppressing fire with
            # Actions left "cannot move through the area or take actions" and has no
            # tile out of it (prone, held, or none in reach): say so (issue 18).
            if battle.get(unit, TurnState).actions > 0 and suppression.failed_zones(battle, unit):
                battle.emit(Note(f"{battle.name(unit)} is pinned down by the fire with no way out "
                                 "of it this turn (it saves again at its next turn): its turn ends."))
            break
        choice = yield Decision(unit, battle.team(unit), TURN, options,
                                f"{battle.name(unit)}: {battle.get(unit, TurnState).actions} Actions left")
        if choice.option == "end_turn":
            break
        yield from perform(battle, unit, choice)
        if check_victory(battle):
            break
    end_turn(battle, unit)


def play(battle: "Battle") -> Generator[Decision, Choice, None]:
    order = roll_initiative(battle)
    battle.turn_order = order
    while True:
        battle.round += 1
        if check_round_limit(battle):
            return
        battle.emit(RoundStarted(battle.round))
        for unit in order:
            if not battle.active(unit):
                continue
            yield from take_turn(battle, unit)
            if check_victory(battle):
                return
