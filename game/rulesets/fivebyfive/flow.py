"""The 5x5 battle flow: every round new Initiatives, then each figure moves and makes
one Offensive Action, highest Initiative first; Victory Rush for the winners.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from game.engine.decisions import PICK, TURN, Choice, Decision
from game.engine.events import RoundStarted, TurnStarted
from game.engine.flow import check_round_limit, check_victory
from game.rulesets.fivebyfive import rolls
from game.rulesets.fivebyfive.actions import move, offensive_action
from game.rulesets.fivebyfive.components import AbilityScores, TurnState
from game.rulesets.fivebyfive.events import (InitiativeRolled, InitiativeRollOff, TurnOrder,
                                              VictoryRush)
from game.rulesets.fivebyfive.options import rush_options, turn_options

if TYPE_CHECKING:
    from game.engine.battle import Battle

Flow = Generator[Decision, Choice, None]


# --- Initiative ----------------------------------------------------------------------
def player_sides(battle: "Battle") -> frozenset[int]:
    """The sides of Player Characters, for the tie rule.

    [PROP] `battle.player_sides`: the sides a person commands (set by the menu, saved
    in replays). The AI's sides are the GM's NPCs.
    """
    return frozenset(battle.player_sides)


def pc_precedence(battle: "Battle", units: list[int]) -> dict[int, int]:
    """0 for a Player Character, 1 for an NPC; everyone 0 when the fight has no PCs on
    one side and NPCs on the other (hotseat: all PCs; AI against AI: all NPCs)."""
    pcs = player_sides(battle)
    teams = {battle.team(u) for u in units}
    if not (teams & pcs) or teams <= pcs:
        return {u: 0 for u in units}
    return {u: 0 if battle.team(u) in pcs else 1 for u in units}


def roll_initiative(battle: "Battle") -> list[int]:
    """Everyone in the fight rolls 1d5; the order runs from highest to lowest.

    Ties: Player Characters before NPCs (rule text); [PROP] then the higher current
    Grace, then d6 roll-offs until the tie comes apart.
    """
    units = battle.units(active_only=True)
    values: dict[int, int] = {}
    for unit in units:
        face, value = rolls.roll_d5(battle.dice)
        values[unit] = value
        ts = battle.get(unit, TurnState)
        ts.initiative, ts.allowance, ts.moved = value, max(1, value), 0
        battle.emit(InitiativeRolled(unit, battle.name(unit), face, value, ts.allowance))
    pc = pc_precedence(battle, units)
    grace = {u: battle.get(u, AbilityScores).grace for u in units}
    groups: dict[tuple[int, int, int], list[int]] = {}
    for unit in units:
        groups.setdefault((-values[unit], pc[unit], -grace[unit]), []).append(unit)
    order: list[int] = []
    for key in sorted(groups):
        tied = groups[key]
        order += tied if len(tied) == 1 else _roll_off(battle, tied, -key[0])
    battle.emit(TurnOrder(battle.round, tuple((u, battle.name(u), values[u]) for u in order),
                          _tie_notes(battle, order, values, pc, grace)))
    return order


def _roll_off(battle: "Battle", tied: list[int], value: int) -> list[int]:
    faces = {}
    for unit in tied:
        faces[unit] = battle.dice.face(6)
        battle.emit(InitiativeRollOff(unit, battle.name(unit), faces[unit], value))
    ordered: list[int] = []
    for face in sorted(set(faces.values()), reverse=True):
        same = [u for u in tied if faces[u] == face]
        ordered += same if len(same) == 1 else _roll_off(battle, same, value)
    return ordered


def _tie_notes(battle: "Battle", order: list[int], values: dict[int, int],
               pc: dict[int, int], grace: dict[int, int]) -> tuple[str, ...]:
    notes = []
    for a, b in zip(order, order[1:]):
        if values[a] != values[b]:
            continue
        if pc[a] < pc[b]:
            why = "Player Characters act before NPCs"
        elif grace[a] > grace[b]:
            why = f"higher Grace ({grace[a]} over {grace[b]})"
        else:
            why = "roll-off"
        notes.append(f"{battle.name(a)} before {battle.name(b)} at {values[a]}: {why}")
    return tuple(notes)


# --- a turn --------------------------------------------------------------------------
def turn_prompt(battle: "Battle", unit: int) -> str:
    ts = battle.get(unit, TurnState)
    return (f"{battle.name(unit)}: Initiative {ts.initiative}, {ts.movement_left} of "
            f"{ts.allowance} tiles of movement left; then one Offensive Action.")


def take_turn(battle: "Battle", unit: int) -> Flow:
    """Move up to the Initiative roll (at least 1), then one Offensive Action, which
    ends the turn ("Following Movement a character can attempt an Offensive Action")."""
    ts = battle.get(unit, TurnState)
    ts.acting = True
    battle.emit(TurnStarted(unit, battle.name(unit)))
    while battle.active(unit):
        options = turn_options(battle, unit)
        if len(options) == 1:
            break  # nowhere to go and nobody to attack
        choice = yield Decision(unit, battle.team(unit), TURN, options, turn_prompt(battle, unit),
                                {"initiative": ts.initiative, "movement_left": ts.movement_left})
        if choice.option == "end_turn":
            break
        if choice.option == "move":
            move(battle, unit, choice.target)
            continue
        yield from offensive_action(battle, unit, choice.target, choice.option)
        break
    ts.acting = False


# --- the end of the Combat Encounter -------------------------------------------------
def victory_rush(battle: "Battle") -> Flow:
    """ "Characters (Not Unconscious) getting a Victory Rush instantly regain 1 point to a
    Damaged Ability Score of their choice." Only a Damaged score, so never above its
    pre-combat value; a figure with one Damaged score is not asked."""
    standing = battle.standing_teams()
    if len(standing) != 1:
        return
    for unit in battle.units(standing[0], active_only=True):
        options = rush_options(battle, unit)
        if not options:
            continue
        if len(options) == 1:
            ability = options[0].key
        else:
            choice = yield Decision(unit, battle.team(unit), PICK, options,
                                    f"Victory Rush: {battle.name(unit)} regains 1 point to a "
                                    "Damaged Ability Score of your choice.",
                                    {"victory_rush": True})
            ability = choice.option
        s = battle.get(unit, AbilityScores)
        before = s.get(ability)
        s.set(ability, before + 1)
        battle.emit(VictoryRush(unit, battle.name(unit), ability, before, before + 1))


def decided(battle: "Battle") -> bool:
    return len(battle.standing_teams()) <= 1


def play(battle: "Battle") -> Flow:
    while not decided(battle):
        battle.round += 1
        if check_round_limit(battle):
            return  # a draw: no side won, so no Victory Rush
        battle.emit(RoundStarted(battle.round))
        for unit in roll_initiative(battle):
            if battle.active(unit):
                yield from take_turn(battle, unit)
            if decided(battle):
                break
    yield from victory_rush(battle)
    check_victory(battle)

