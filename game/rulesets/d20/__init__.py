"""The d20 modern-firearms ruleset (rules/d20-firearms.txt; docs/rulesets/d20.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.components import Archetype, Name, Position, Posture, Team
from game.engine.decisions import Choice, Decision
from game.engine.odds import Odds
from game.rulesets.base import TemplatedRuleset
from game.rulesets.d20 import flow
from game.rulesets.d20.attacks import attack_odds, attack_profile
from game.rulesets.d20.checks import chance_contest
from game.rulesets.d20.components import (Afflictions, Health, Loadout, Restraint, Soldier,
                                          Spotted, TurnState)
from game.rulesets.d20.data import D20Data, shared_data
from game.rulesets.d20.options import move_actions_needed, move_reach
from game.rulesets.d20.stats import held_weapon, template
from game.rulesets.d20.attacks import distance_ft, range_band, sees_tile
from game.engine.previews import MovePreview, Threat
from game.world.sight import line_of_fire
from game.world.tactical_map import Cover

if TYPE_CHECKING:
    from game.custom_units import CustomUnits
    from game.engine.battle import Battle, UnitOrder


class D20Ruleset(TemplatedRuleset):
    id = "d20"
    name = "d20 modern firearms"

    def __init__(self, data: D20Data | None = None) -> None:
        self.data = data or shared_data()

    def setup(self, battle: "Battle", orders: list["UnitOrder"]) -> None:
        for order, t, name in self.fielded(orders):
            battle.create(
                Position(order.x, order.y), Team(order.team), Name(name),
                Archetype(t.archetype), Posture(), Soldier(t.id), Health(t.hp, t.hp),
                # [PROP] deployment is known to all, as figures on a table are.
                TurnState(), Afflictions(), Spotted({o.team for o in orders} - {order.team}),
                Loadout(list(t.weapons), t.weapons[0],
                        {w: self.data.weapons[w].magazine for w in t.weapons if self.data.weapons[w].ranged},
                        t.spare_magazines, t.manacles),
            )

    def play(self, battle: "Battle"):
        return flow.play(battle)

    def odds(self, battle: "Battle", decision: Decision, choice: Choice) -> Odds | None:
        """Exact odds of an offensive or contested choice, None for the rest."""
        choice = decision.validate(choice)
        unit, key = decision.actor, choice.option
        kind = {"shoot": choice.param("mode"), "melee": choice.param("kind"),
                "reaction_strike": choice.param("kind"), "approach_strike": "melee"}.get(key)
        if kind is not None:
            profile = attack_profile(battle, unit, choice.target, kind, choice.param("location"))
            # A profile names everything its odds depend on: equal profiles, one answer.
            return battle.cached(("d20-odds", profile), lambda: attack_odds(profile))
        if key in ("disarm", "restrain", "trip", "manacle"):
            skill = "dexterity" if key == "manacle" else "athletics"
            extra = -5 if key == "disarm" and battle.has(choice.target, Restraint) else 0
            mine = getattr(template(battle, unit), skill)
            theirs = getattr(template(battle, choice.target), skill) + extra
            p = chance_contest(mine, theirs)
            return Odds(p, 0.0, {0: 1.0}, ((skill.capitalize(), mine), ("their " + skill, -theirs)), 0)
        return None

    def unit_card(self, battle: "Battle", unit: int) -> dict[str, Any]:
        """What the window's unit card shows."""
        t = template(battle, unit)
        health = battle.get(unit, Health)
        loadout = battle.get(unit, Loadout)
        ts = battle.get(unit, TurnState)
        aff = battle.get(unit, Afflictions)
        conditions = [c for c, on in (("stunned", aff.stunned), ("arm wound", aff.arm_penalty),
                                      ("hobbled", aff.legs_hurt),
                                      ("restrained", battle.has(unit, Restraint))) if on]
        held = self.data.weapons[loadout.held] if loadout.held else None
        return {
            "name": battle.name(unit), "template": t.name, "hp": health.hp, "max_hp": health.max_hp,
            "dodge": t.dodge, "speed_ft": t.speed_ft, "actions": ts.actions, "reaction": ts.reaction,
            "weapon": held.name if held else "empty-handed",
            "ammo": f"{loadout.loaded.get(held.id, 0)}/{held.magazine} (+{loadout.spare_magazines})"
            if held and held.ranged else "",
            "conditions": conditions,
        }

    def preview_move(self, battle: "Battle", unit: int, tile: tuple[int, int]) -> MovePreview | None:
        """Path and cost in Actions; the band is the Action the move ends in."""
        r = move_reach(battle, unit, whole_turn=True)
        try:
            path = tuple(r.path_to(tile))
        except ValueError:
            return None
        cost_tiles = int(r.cost[tile])
        actions = move_actions_needed(battle, unit, cost_tiles)
        cost = f"{actions} Action{'s' if actions != 1 else ''}" if actions else "movement left over"
        return MovePreview(path, f"{cost} · {cost_tiles * battle.map.feet_per_tile} ft",
                           max(0, actions - 1))

    def threats_at(self, battle: "Battle", unit: int, tile: tuple[int, int],
                   enemies: list[int]) -> list[Threat]:
        """For each enemy: would it see `unit` standing on `tile` (d20 sight: concealment
        hides), could it attack there with what it holds, and the cover it would face."""
        out = []
        for e in enemies:
            here = battle.tile(e)
            lof = line_of_fire(battle.map, here, tile)
            sees = not lof.blocked and sees_tile(battle.map, here, tile)
            weapon = held_weapon(battle, e)
            dist = distance_ft(battle, here, tile)
            if weapon is None or not weapon.ranged:
                reach_ok = dist <= 5
            else:
                reach_ok = not lof.blocked and range_band(weapon, dist) is not None
            out.append(Threat(e, sees, reach_ok and (sees or dist <= 5),
                              Cover(int(lof.cover)).name.lower()))
        return out

    def health(self, battle: "Battle", unit: int) -> tuple[int, int]:
        h = battle.get(unit, Health)
        return h.hp, h.max_hp

    def danger_zones(self, battle: "Battle") -> list[tuple]:
        """Areas an enemy's presence threatens, for the window (zones.py)."""
        from game.rulesets.d20.zones import danger_zones
        return danger_zones(battle)


def make_ruleset(custom: "CustomUnits | None" = None) -> D20Ruleset:
    """A ruleset for one battle; `custom`: a designer's own units beside the shipped ones."""
    if custom is None:
        return D20Ruleset()
    ruleset = D20Ruleset(shared_data(custom=custom))
    ruleset.custom = custom
    return ruleset
