"""The 4dF ruleset of "Enter the Machine" (rules/fate-4df.txt; docs/rulesets/fate.md).

Everyone declares slowest-first, then everything happens at once; 4dF + Attack
against 4dF + Defense, the margin read as a wound on the damage-capacity track.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from game.engine.components import Archetype, Name, Position, Posture, Team
from game.engine.decisions import Choice, Decision
from game.rulesets.base import TemplatedRuleset
from game.rulesets.fate import flow
from game.rulesets.fate.attacks import FateOdds, Situation, attack_odds, attack_profile
from game.rulesets.fate.components import Aiming, Awareness, Fighter, Initiative, Kit, Plan
from game.rulesets.fate.data import FateData, custom_data, shared_data
from game.rulesets.fate.options import MOVE_TILES, move_reach
from game.rulesets.fate.plans import (aim_planned, charge_planned, plan_of, posture_after,
                                      tile_after)
from game.rulesets.fate.stats import is_blind, posture, surprised_this_turn, template, track, weapon
from game.rulesets.fate.wounds import SCRATCH_WORTH, scratch_value

if TYPE_CHECKING:
    from game.custom_units import CustomUnits
    from game.engine.battle import Battle, UnitOrder


class MovePreview(NamedTuple):
    """What the window shows when hovering a move target (path and cost)."""

    path: tuple[tuple[int, int], ...]
    cost: str

    @property
    def band(self) -> int:
        return 0


class FateRuleset(TemplatedRuleset):
    id = "fate"
    name = "4dF (Enter the Machine)"

    def __init__(self, data: FateData | None = None) -> None:
        self.data = data or shared_data()

    def setup(self, battle: "Battle", orders: list["UnitOrder"]) -> None:
        from game.rulesets.fate.wounds import WoundTrack
        for order, t, name in self.fielded(orders):
            uses = {w: self.data.weapons[w].uses for w in t.carried if self.data.weapons[w].uses is not None}
            battle.create(Position(order.x, order.y), Team(order.team), Name(name),
                          Archetype(t.archetype), Posture(), Fighter(t.id), WoundTrack(), Kit(uses),
                          Initiative(), Plan(), Awareness())

    def play(self, battle: "Battle"):
        return flow.play(battle)

    def situation(self, battle: "Battle", decision: Decision, choice: Choice) -> Situation:
        """The attack as it is planned: positions and postures at its beat."""
        unit, slot, target = decision.actor, decision.context.get("slot", 1), choice.target
        return Situation(unit, target, choice.param("with"), tile_after(battle, unit, slot - 1),
                         tile_after(battle, target, slot), posture_after(battle, unit, slot - 1),
                         posture_after(battle, target, slot),
                         charging=weapon(battle, choice.param("with")).melee
                         and charge_planned(battle, unit, target, slot),
                         aimed=weapon(battle, choice.param("with")).missile
                         and aim_planned(battle, unit, target, slot))

    def odds(self, battle: "Battle", decision: Decision, choice: Choice) -> FateOdds | None:
        """Exact odds of a declared attack, including the distribution over wound levels."""
        choice = decision.validate(choice)
        if choice.option != "attack":
            return None
        return attack_odds(battle, attack_profile(battle, self.situation(battle, decision, choice)))

    def preview_move(self, battle: "Battle", unit: int, tile: tuple[int, int]) -> MovePreview | None:
        slot = 1
        if battle.pending is not None and battle.pending.actor == unit:
            slot = battle.pending.context.get("slot", 1)
        r = move_reach(battle, unit, slot)
        try:
            path = tuple(r.path_to(tile))
        except ValueError:
            return None
        return MovePreview(path, f"move action: {int(r.cost[tile])} of {MOVE_TILES} tiles")

    def unit_card(self, battle: "Battle", unit: int) -> dict[str, Any]:
        t = template(battle, unit)
        wt = track(battle, unit)
        current, maximum = self.health(battle, unit)
        conditions = [wt.state()] if wt.state() != "Unhurt" else []
        if posture(battle, unit) != "standing":
            conditions.append(posture(battle, unit))
        if is_blind(battle, unit):
            conditions.append("blind")
        if surprised_this_turn(battle, unit):
            conditions.append("surprised")
        aim = battle.try_get(unit, Aiming)
        if aim is not None:
            conditions.append(f"aiming at {battle.name(aim.target)}")
        if wt.dying:
            conditions.append(f"next Toughness check vs {wt.dying_difficulty:+d}")
        kit = battle.get(unit, Kit)
        plan = [f"{d.slot}: {flow.describe(battle, d)}" for d in plan_of(battle, unit)]
        return {
            "name": battle.name(unit), "template": t.name, "hp": current, "max_hp": maximum,
            "wounds": wt.summary(), "state": wt.state(),
            "skills": {k: getattr(t, k) for k in ("reaction", "attack", "defense", "toughness",
                                                  "resistance", "notice", "insight", "stealth",
                                                  "acrobatics")},
            "weapons": [weapon(battle, w).name for w in t.held] or ["empty hands"],
            "powers": [weapon(battle, w).name for w in t.powers],
            "carried": [f"{weapon(battle, w).name} ×{kit.uses.get(w, 0)}" for w in t.carried],
            "armour": self.data.armour[t.armour].name if t.armour else "none",
            "initiative": battle.get(unit, Initiative).total,
            "declared": plan,
            "conditions": conditions,
        }

    def health(self, battle: "Battle", unit: int) -> tuple[int, int]:
        """Scratches left before Incapacitated (36 on a fresh track: 6 make a Hurt, 3 Hurts
        a Very Hurt, 2 Very Hurts Incapacitated)."""
        full = SCRATCH_WORTH["Incapacitated"]
        return full - scratch_value(track(battle, unit)), full


def make_ruleset(custom: "CustomUnits | None" = None) -> FateRuleset:
    """A ruleset for one battle; `custom`: a designer's own units beside the shipped ones."""
    if custom is None:
        return FateRuleset()
    ruleset = FateRuleset(custom_data(custom))
    ruleset.custom = custom
    return ruleset
