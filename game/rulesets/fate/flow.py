"""The 4dF battle flow: each turn, initiative, declarations slowest first, then resolution.

Rule text ("Initiative"): "Everyone rolls initiative by rolling their Reaction skill.
All actions take place at the same time; however, those with a higher Reaction result
can take into account other people's actions in the same round more easily. Thus,
players declare their actions in reverse initiative order, starting from the slowest
and working towards the fastest."
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from game.engine.decisions import Choice, Decision
from game.engine.events import ConditionChanged, RoundStarted
from game.engine.flow import check_round_limit, check_victory
from game.rulesets.fate import fudge
from game.rulesets.fate.components import Aiming, Awareness, Blind, Declared, Initiative, Plan
from game.rulesets.fate.cover import sight_from
from game.rulesets.fate.events import DeclarationOrder, Declared as DeclaredEvent, InitiativeRolled
from game.rulesets.fate.options import declaration, initiative_order, known_to_side
from game.rulesets.fate.resolve import TurnResolution, dying_checks
from game.rulesets.fate.stats import roll_penalties, template, weapon

if TYPE_CHECKING:
    from game.engine.battle import Battle


def roll_initiative(battle: "Battle") -> list[int]:
    """4dF + Reaction for every unit in the fight, every turn ([PROP]: declarations are
    made each turn). Fastest first. [PROP] Ties: the higher Reaction skill, then a 4dF
    roll-off among those still tied."""
    groups: dict[tuple[int, int], list[int]] = {}
    for unit in battle.units(active_only=True):
        roll = fudge.roll_4df(battle.dice)
        reaction = template(battle, unit).reaction
        mods = tuple(roll_penalties(battle, unit))  # wound penalties apply to every roll
        total = roll.total + reaction + sum(v for _, v in mods)
        battle.emit(InitiativeRolled(unit, battle.name(unit), roll.faces, reaction, mods, total))
        battle.add(unit, Initiative(total, 0, battle.round))
        groups.setdefault((-total, -reaction), []).append(unit)
    order: list[int] = []
    for key in sorted(groups):
        tied = groups[key]
        order += tied if len(tied) == 1 else _roll_off(battle, tied, -key[0])
    for place, unit in enumerate(order):
        battle.get(unit, Initiative).place = place
    return order


def _roll_off(battle: "Battle", tied: list[int], total: int) -> list[int]:
    rolls = {}
    for unit in tied:
        roll = fudge.roll_4df(battle.dice)
        rolls[unit] = roll.total
        battle.emit(InitiativeRolled(unit, battle.name(unit), roll.faces, 0, (), roll.total,
                                     f"(roll-off: tied at {total})"))
    ordered: list[int] = []
    for value in sorted(set(rolls.values()), reverse=True):
        same = [u for u in tied if rolls[u] == value]
        ordered += same if len(same) == 1 else _roll_off(battle, same, total)
    return ordered


def first_turn_surprise(battle: "Battle") -> None:
    """[PROP] Surprised: in the first turn, every unit of a side that could see no enemy
    when the battle began (no one saw them coming)."""
    for team in battle.teams():
        mine = battle.units(team, active_only=True)
        foes = [u for u in battle.units(active_only=True) if battle.team(u) != team]
        seen = any(sight_from(battle, battle.tile(u))[battle.tile(f)] for u in mine for f in foes)
        if seen:
            continue
        for u in mine:
            battle.get(u, Awareness).surprised_round = 1
            battle.emit(ConditionChanged(u, battle.name(u), "surprised", True,
                                         "no one on its side saw an enemy at the start: −2 to defend in turn 1"))


def record_awareness(battle: "Battle") -> None:
    """Who sees whom at the start of the turn: an attack from an enemy the defender could
    not see then is a sneak attack."""
    for unit in battle.units(active_only=True):
        view = sight_from(battle, battle.tile(unit))
        seen = frozenset(e for e in battle.units() if battle.team(e) != battle.team(unit) and view[battle.tile(e)])
        battle.get(unit, Awareness).seen = seen


def start_of_turn(battle: "Battle") -> None:
    dying_checks(battle)
    for unit, blind in battle.query(Blind):
        if blind.through_round < battle.round:
            battle.remove(unit, Blind)
            if battle.active(unit):
                battle.emit(ConditionChanged(unit, battle.name(unit), "blind", False, "sight returns"))


def end_of_turn(battle: "Battle") -> None:
    for unit, aim in battle.query(Aiming):
        if aim.round < battle.round:
            battle.remove(unit, Aiming)  # an aim lasts its turn and the next


def describe(battle: "Battle", d: Declared) -> str:
    if d.kind == "move":
        return f"move to {d.target}"
    if d.kind == "attack":
        return f"attack {battle.name(d.target)} with {weapon(battle, d.weapon).name}"
    if d.kind == "aim":
        return f"aim at {battle.name(d.target)}"
    return {"kneel": "kneel", "prone": "drop prone", "stand": "stand up", "hold": "hold"}[d.kind]


def record(battle: "Battle", unit: int, slot: int, choice: Choice) -> None:
    d = Declared(slot, choice.option, choice.target, choice.param("with"))
    battle.get(unit, Plan).actions.append(d)
    battle.emit(DeclaredEvent(unit, battle.name(unit), slot, d.kind, describe(battle, d)))


def play(battle: "Battle") -> Generator[Decision, Choice, None]:
    first_turn_surprise(battle)
    while True:
        battle.round += 1
        if check_round_limit(battle):
            return
        battle.emit(RoundStarted(battle.round))
        start_of_turn(battle)
        order = roll_initiative(battle)
        battle.turn_order = order  # for the window: this turn's order, fastest first
        record_awareness(battle)
        battle.emit(DeclarationOrder(battle.round, tuple(battle.name(u) for u in reversed(order)),
                                     tuple(reversed(order))))
        # The same for every declaration this turn (declaring moves no one).
        initiative = initiative_order(battle)
        known = {team: known_to_side(battle, team) for team in battle.standing_teams()}
        for unit in reversed(order):  # slowest first
            battle.add(unit, Plan(battle.round, []))
            for slot in (1, 2):
                if not battle.active(unit):  # it left by an exit at its first: off the board (issue 28)
                    break
                choice = yield declaration(battle, unit, slot, initiative, known[battle.team(unit)])
                record(battle, unit, slot, choice)
        TurnResolution(battle, order).run()
        end_of_turn(battle)
        if check_victory(battle):
            return
