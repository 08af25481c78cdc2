"""The 5x5 ruleset: Xceptional's combat chapter (rules/five-by-five.txt;
docs/rulesets/fivebyfive.md maps every rule to its code and test)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.components import Archetype, Name, Position, Posture, Team
from game.engine.decisions import Choice, Decision
from game.engine.odds import Odds
from game.rulesets.base import TemplatedRuleset
from game.rulesets.fivebyfive import flow
from game.rulesets.fivebyfive.actions import fate_of
from game.rulesets.fivebyfive.combat import BLOCKED, CONTROLLED, outlook, profile, template
from game.rulesets.fivebyfive.components import AbilityScores, Hero, TurnState
from game.rulesets.fivebyfive.data import (ABILITIES, ABILITY_NAMES, OFFENSIVE, RANK_NAMES, RANKS,
                                            FiveByFiveData, shared_data)
from game.rulesets.fivebyfive.options import move_reach
from game.rulesets.fivebyfive.rolls import rank_label

if TYPE_CHECKING:
    from game.custom_units import CustomUnits
    from game.engine.battle import Battle, UnitOrder


def pct(p: Any) -> str:
    return f"{float(p) * 100:.1f}%"


class FiveByFiveRuleset(TemplatedRuleset):
    id = "fivebyfive"
    name = "5x5 (Xceptional)"

    def __init__(self, data: FiveByFiveData | None = None) -> None:
        self.data = data or shared_data()

    def setup(self, battle: "Battle", orders: list["UnitOrder"]) -> None:
        for order, t, name in self.fielded(orders):
            start = t.abilities
            battle.create(Position(order.x, order.y), Team(order.team),
                          Name(name), Archetype(t.archetype), Posture(),
                          Hero(t.id), AbilityScores(**start, start=dict(start)), TurnState())

    def play(self, battle: "Battle"):
        return flow.play(battle)

    def odds(self, battle: "Battle", decision: Decision, choice: Choice) -> Odds | None:
        """Exact odds of a Strike, Aim or Focus: hit, Double Hit, the Ability points the
        target loses, and in the notes its Control roll and the chance to take it out."""
        choice = decision.validate(choice)
        if choice.option not in OFFENSIVE:
            return None
        p = profile(battle, decision.actor, choice.target, choice.option)
        o = outlook(p, battle.get(choice.target, AbilityScores).values())
        notes = (
            f"Control the Hit: {p.explain_defence()} → {pct(o.control[CONTROLLED] + o.control[BLOCKED])}"
            f" (Blocked {pct(o.control[BLOCKED])})",
            f"Takes {battle.name(choice.target)} out of the fight: {pct(o.takes_out)}"
            " (each side choosing the Damaged ability well)",
        )
        return Odds(float(o.hit), float(o.double_hit), {k: float(v) for k, v in o.points.items()},
                    p.breakdown(), p.target_number, notes)

    def unit_card(self, battle: "Battle", unit: int) -> dict[str, Any]:
        t = template(battle, unit)
        s = battle.get(unit, AbilityScores)
        ts = battle.get(unit, TurnState)
        hp, max_hp = self.health(battle, unit)
        conditions = [f"{ABILITY_NAMES[a]} Damaged ({s.get(a)}/{s.start[a]})" for a in s.damaged()]
        state = fate_of(battle, unit)
        if state:
            conditions.insert(0, state.capitalize())
        return {
            "name": battle.name(unit), "template": t.name, "class": t.combat_class,
            "hp": hp, "max_hp": max_hp,
            "abilities": {ABILITY_NAMES[a]: f"{s.get(a)}/{s.start[a]}" for a in ABILITIES},
            "ranks": {RANK_NAMES[r]: rank_label(t.rank(r)) if t.rank(r) or r != "focus" else "—"
                      for r in RANKS},
            "initiative": ts.initiative, "movement_left": ts.movement_left,
            "conditions": conditions,
        }

    def health(self, battle: "Battle", unit: int) -> tuple[int, int]:
        """Sum of the current Ability Scores (never below 0) over their starting sum."""
        s = battle.get(unit, AbilityScores)
        return max(0, sum(s.values().values())), sum(s.start.values())

    def preview_move(self, battle: "Battle", unit: int, tile: tuple[int, int]):
        r = move_reach(battle, unit)
        ts = battle.get(unit, TurnState)
        cost = int(r.cost[tile])
        if cost > ts.movement_left:
            return [], f"out of reach ({ts.movement_left} tiles left)"
        return r.path_to(tile), f"{cost} of {ts.movement_left} tiles"


def make_ruleset(custom: "CustomUnits | None" = None) -> FiveByFiveRuleset:
    """A ruleset for one battle; `custom`: a designer's own units beside the shipped ones."""
    if custom is None:
        return FiveByFiveRuleset()
    ruleset = FiveByFiveRuleset(shared_data(custom=custom))
    ruleset.custom = custom
    return ruleset
