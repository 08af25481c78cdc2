"""Carrying out a 5x5 choice: moving, and an Offensive Action from the roll to Make a
Hit through Controlling it to the Damage and its effects.

An Offensive Action is a generator (run with `yield from`): choosing which Ability
Score a Hit Damages is a Decision for the defender or the attacker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from game.engine.components import OutOfFight, Position
from game.engine.decisions import PICK, Choice, Decision
from game.engine.events import ConditionChanged, Moved, OutOfFightEvent
from game.rulesets.fivebyfive import fate, rolls
from game.rulesets.fivebyfive.combat import (BLOCKED, CONTROLLED, NOT_CONTROLLED, chooser_of,
                                              profile, template)
from game.rulesets.fivebyfive.components import DEAD, UNCONSCIOUS, AbilityScores, TurnState
from game.rulesets.fivebyfive.data import ABILITY_NAMES, RANK_NAMES
from game.rulesets.fivebyfive.events import AbilityDamaged, ControlRolled, OffensiveRolled
from game.rulesets.fivebyfive.options import damage_options, describe_values, move_reach

if TYPE_CHECKING:
    from game.engine.battle import Battle

Flow = Generator[Decision, Choice, None]


# --- movement ------------------------------------------------------------------------
def move(battle: "Battle", unit: int, dest: tuple[int, int]) -> None:
    """Walk to `dest`, spending its cost from this turn's movement (Initiative roll)."""
    r = move_reach(battle, unit)
    path = r.path_to(dest)
    cost = int(r.cost[dest])
    ts = battle.get(unit, TurnState)
    ts.moved += cost
    pos = battle.get(unit, Position)
    pos.x, pos.y = dest
    battle.emit(Moved(unit, battle.name(unit), tuple(path),
                      f"{cost} tile{'s' if cost != 1 else ''}, {ts.movement_left} of {ts.allowance} left"))


# --- the Effects of Damage -----------------------------------------------------------
def fate_of(battle: "Battle", unit: int) -> str | None:
    """UNCONSCIOUS, DEAD, or None while the figure still fights."""
    out = battle.try_get(unit, OutOfFight)
    if out is None:
        return None
    return DEAD if out.reason.startswith(DEAD) else UNCONSCIOUS


def set_fate(battle: "Battle", unit: int, state: str, why: str) -> None:
    """Render the figure Unconscious or Dead (Dead overrides Unconscious, never back)."""
    now = fate_of(battle, unit)
    if now == state or now == DEAD:
        return
    name = battle.name(unit)
    battle.add(unit, OutOfFight(f"{state}: {why}"))
    battle.emit(ConditionChanged(unit, name, state.capitalize(), True, why))
    if now is None:
        battle.emit(OutOfFightEvent(unit, name, f"{state} ({why})"))


def take_hit(battle: "Battle", unit: int, ability: str, chosen_by: int, controlled: bool) -> None:
    """ "A character that has Taken a Hit must reduce one of their three Ability Scores
    by 1." Unconscious at 0, Dead below 0 or with two at 0, at once."""
    s = battle.get(unit, AbilityScores)
    before = s.get(ability)
    s.set(ability, before - 1)
    battle.emit(AbilityDamaged(unit, battle.name(unit), ability, before, before - 1,
                               battle.name(chosen_by), controlled))
    state, why = fate.condition(s.values())
    if state is not None:
        set_fate(battle, unit, state, why)


def apply_hits(battle: "Battle", target: int, hits: list[tuple[str, int, bool]], action: str) -> None:
    """The Damage of one Offensive Action, hit by hit, then the Instant KO rule."""
    for ability, chooser, controlled in hits:
        take_hit(battle, target, ability, chooser, controlled)
    twice = fate.instant_ko([a for a, _, _ in hits])
    if twice is not None:
        set_fate(battle, target, UNCONSCIOUS,
                 f"Instant KO: {ABILITY_NAMES[twice]} took two Hits from one {RANK_NAMES[action]}")


# --- an Offensive Action -------------------------------------------------------------
def control_result(roll: rolls.Roll55) -> str:
    if roll.critical:
        return BLOCKED
    return CONTROLLED if roll.success else NOT_CONTROLLED


def pick_decision(battle: "Battle", attacker: int, target: int, action: str, result: str,
                  number: int, hits: int, earlier: list[str], later: tuple[str, ...]) -> Decision:
    """Which Ability Score this Hit Damages: the defender chooses if it Controlled the
    Hit, the attacker if not (rule text)."""
    chooser = target if result == CONTROLLED else attacker
    tname = battle.name(target)
    which = f" (hit {number} of {hits})" if hits > 1 else ""
    if result == CONTROLLED:
        prompt = f"{tname} Controlled the Hit{which}: choose which of your Ability Scores drops by 1."
    else:
        prompt = (f"{tname} did not Control the Hit{which}: {battle.name(attacker)}, choose which of "
                  f"{tname}'s Ability Scores drops by 1.")
    now = fate.after_hits(battle.get(target, AbilityScores).values(), earlier)
    context = {"attacker": attacker, "defender": target, "action": action,
               "chooser": "defender" if result == CONTROLLED else "attacker",
               "hit": number, "hits": hits, "earlier": tuple(earlier), "later_choosers": later,
               "abilities": describe_values(now)}
    return Decision(chooser, battle.team(chooser), PICK, damage_options(battle, target, earlier),
                    prompt, context)


def roll_action(dice, p) -> tuple[rolls.Roll55, tuple[rolls.Roll55, ...]]:
    """The dice of one Offensive Action: the roll to Make a Hit, then one Control roll
    per Hit (two for a Double Hit, rolled together: "as though they were the target of
    two simultaneous successful attacks", so before either Damages anything)."""
    attack = rolls.roll(dice, p.target_number)
    if not attack.success:
        return attack, ()
    hits = 2 if attack.critical else 1
    return attack, tuple(rolls.roll(dice, p.defence_target) for _ in range(hits))


def offensive_action(battle: "Battle", attacker: int, target: int, action: str) -> Flow:
    """Make a Hit, Control it, choose and apply the Damage (the text's Attack Summary)."""
    p = profile(battle, attacker, target, action)
    t = template(battle, attacker)
    using = {"strike": t.strikes_with, "aim": t.aims_with, "focus": t.focuses_with}[action]
    attack, controls = roll_action(battle.dice, p)
    battle.emit(OffensiveRolled(attacker, target, battle.name(attacker), battle.name(target),
                                action, using, attack, p.explain()))
    if not attack.success:
        return  # "The Attacker's turn ends"
    hits = len(controls)
    results = []
    for number, control in enumerate(controls, 1):
        result = control_result(control)
        results.append(result)
        battle.emit(ControlRolled(target, battle.name(target), p.defence, number, hits, control,
                                  p.explain_defence(), result))
    # [PROP] The attacker places the Hits that were not Controlled first, then the
    # defender the Controlled ones: Controlling a Hit means choosing where it lands
    # knowing the rest, so it can always be kept off the ability the attacker chose.
    order = sorted((n for n, r in enumerate(results, 1) if r != BLOCKED),
                   key=lambda n: (results[n - 1] == CONTROLLED, n))
    choosers = [chooser_of(results[n - 1]) for n in order]
    chosen: list[tuple[str, int, bool]] = []
    for i, number in enumerate(order):
        result = results[number - 1]
        decision = pick_decision(battle, attacker, target, action, result, number, hits,
                                 [a for a, _, _ in chosen], tuple(choosers[i + 1:]))
        choice = yield decision
        chosen.append((choice.option, decision.actor, result == CONTROLLED))
    apply_hits(battle, target, chosen, action)
