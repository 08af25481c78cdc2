"""The Mahou Galaxy ruleset (rules/mahou-galaxy.txt; docs/rulesets/mahou.md).

Exploding stat dice, XdY keeping the highest; a fresh initiative every round with
partial turns at −10, −20...; hand, offhand, speak and move actions that can be held;
Strong, Fast and Precise stances against passive, active and spot defences;
grapples with Hold Difficulties and escapes; jumps and kicks; distractions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.components import Archetype, Name, Position, Posture
from game.engine.components import Team as TeamComponent
from game.engine.decisions import Choice, Decision
from game.engine.odds import Odds
from game.rulesets.base import TemplatedRuleset
from game.rulesets.mahou import dice as md
from game.rulesets.mahou import flow, grapples, moving, talk, throwing
from game.rulesets.mahou.attacks import (GRAPPLE, KICK, PULL, WEAPON, AttackSpec, attack_odds,
                                         attack_profile, damage_after_soak)
from game.rulesets.mahou.components import (Actions, ActiveDefences, Character, Distractions,
                                            Health, Hold, Initiative, Loadout, PreciseHits, Soak)
from game.rulesets.mahou.damage import fall_spec
from game.rulesets.mahou.data import MahouData, shared_data
from game.rulesets.mahou.economy import defence_pool
from game.rulesets.mahou.options import hands_of
from game.rulesets.mahou.stats import (fist_weapon, is_exhausted, is_fallen, passive,
                                       pinned, stat, template)

if TYPE_CHECKING:
    from game.custom_units import CustomUnits
    from game.engine.battle import Battle, UnitOrder


class MahouRuleset(TemplatedRuleset):
    id = "mahou"
    name = "Mahou Galaxy"

    def __init__(self, data: MahouData | None = None) -> None:
        self.data = data or shared_data()

    def setup(self, battle: "Battle", orders: list["UnitOrder"]) -> None:
        for order, t, name in self.fielded(orders):
            main_two = t.main in self.data.weapons and self.data.weapons[t.main].hands == 2
            battle.create(
                Position(order.x, order.y), TeamComponent(order.team),
                Name(name), Archetype(t.archetype), Posture(),
                Character(t.id), Health(t.hp, t.hp), Actions(), Initiative(0, 0),
                Loadout(t.main, t.main if main_two else t.off, list(t.carried), t.armour),
                Soak(), ActiveDefences(), PreciseHits(), Distractions(),
            )

    def play(self, battle: "Battle"):
        return flow.play(battle)

    # --- exact odds ---------------------------------------------------------------------------
    def odds(self, battle: "Battle", decision: Decision, choice: Choice) -> Odds | None:
        """Exact odds of an offensive or contested choice, None for the rest."""
        choice = decision.validate(choice)
        unit, key = decision.actor, choice.option
        spec = attack_spec_of(battle, unit, choice)
        if spec is not None:
            return attack_odds(battle, attack_profile(battle, spec))
        if key == "escape":
            holder = choice.target
            h = battle.get(grapples.hold_entity(battle, holder, unit), Hold)
            rs = grapples.escape_spec(battle, unit, choice.param("stat"), choice.param("skill"))
            return _check_odds(rs, h.difficulty, "Hold Difficulty")
        if key == "throw":
            rs = throwing.throw_spec(battle, unit, choice.param("skill"))
            return _check_odds(rs, stat(battle, choice.target, "defense"), "its Defense")
        if key == "jump" and choice.param("kind") == "long":
            rs = moving.long_jump_spec(battle, unit, choice.param("skill"))
            return _check_odds(rs, moving.LONG_JUMP_TN, "difficulty")
        if key == "jump":
            return Odds(1.0, 0.0, {0: 1.0}, (), 0, ("a standing or running jump needs no roll",))
        if key == "distract":
            p = talk.success_chance(battle, unit, choice.target, choice.param("kind"))
            return Odds(p, 0.0, {0: 1.0}, (), 0, ("chance the distraction gives any penalty",))
        if key == "slam":
            rs = fall_spec(5)
            dist = md.distribution(rs)
            doubled = {2 * v: p for v, p in dist.items()}
            return Odds(1.0, 0.0, doubled, (("hazard damage, doubled", 0),), 0,
                        ("soak still applies",))
        return None

    # --- the window -------------------------------------------------------------------------
    def unit_card(self, battle: "Battle", unit: int) -> dict[str, Any]:
        t = template(battle, unit)
        health = battle.get(unit, Health)
        lo = battle.get(unit, Loadout)
        pool = defence_pool(battle, unit)
        a = battle.get(unit, Actions)
        conditions = []
        if is_fallen(battle, unit):
            conditions.append("fallen")
        if is_exhausted(battle, unit) and battle.active(unit):
            conditions.append("exhausted (−2 to rolls)")
        for _, h in grapples.holds_on(battle, unit):
            conditions.append(f"held by {battle.name(h.holder)} ({h.stance}, Hold Difficulty {h.difficulty})")
        for _, h in grapples.holds_of(battle, unit):
            conditions.append(f"holding {battle.name(h.held)} (Hold Difficulty {h.difficulty})")
        if pinned(battle, unit):
            conditions.append("pinned (helpless)")
        top = talk.strongest(battle, unit)
        if top is not None:
            conditions.append(f"distracted −{top.penalty} ({top.kind}, by {battle.name(top.source)})")
            if top.state:
                extra = f", baited: {top.bait}" if top.bait else (f", told: {top.demand}" if top.demand else "")
                conditions.append(f"{top.state} with {battle.name(top.source)}{extra}")
        for kind in a.lost:
            conditions.append(f"will lose its {kind} action")
        weapons = self.data
        return {
            "name": battle.name(unit), "template": t.name, "hp": health.hp, "max_hp": health.max_hp,
            "stats": {s[:3].upper(): stat(battle, unit, s) for s in
                      ("strength", "agility", "defense", "accuracy", "intelligence", "personality")},
            "passive": {"block": passive(battle, unit, "strong")[0],
                        "dodge": passive(battle, unit, "fast")[0],
                        "parry": passive(battle, unit, "precise")[0]},
            "initiative": battle.get(unit, Initiative).current,
            "actions": {"hand": pool.primary + pool.offhand, "speak": pool.speak, "move": pool.move,
                        "escape": pool.escape, "held": a.held.total()},
            "soak": battle.get(unit, Soak).pool,
            "hands": [weapons.item(i).name if i else "empty" for i in (lo.main, lo.off)],
            "armour": self.data.armour[lo.armour].name if lo.armour else "none",
            "conditions": conditions,
        }

    def health(self, battle: "Battle", unit: int) -> tuple[int, int]:
        h = battle.get(unit, Health)
        return h.hp, h.max_hp

    def preview_move(self, battle: "Battle", unit: int, tile: tuple[int, int]):
        """The path a move to `tile` takes (the same one `moving.move` walks) and its cost."""
        r = moving.move_reach(battle, unit)
        cost = int(r.cost[tile])
        if cost > r.budget:
            # A tile another option offers (a jump's landing, a throw) that a walk does
            # not reach: nothing to preview as a move.
            return [], "not reachable by walking this turn"
        path = moving.straight_path(battle, unit, tile, cost) or r.path_to(tile)
        return path, f"{cost} move action{'s' if cost != 1 else ''}, {len(path) * battle.map.feet_per_tile} ft"

    def danger_zones(self, battle: "Battle") -> list[tuple]:
        """Areas an enemy's presence threatens, for the window (zones.py)."""
        from game.rulesets.mahou.zones import danger_zones
        return danger_zones(battle)


def attack_spec_of(battle: "Battle", unit: int, choice: Choice) -> AttackSpec | None:
    """The attack a turn choice makes, if it is one (for odds and for the AI)."""
    key = choice.option
    if key.startswith("attack_") or key == "punch":
        weapon = key.removeprefix("attack_") if key != "punch" else fist_weapon(battle, unit).id
        return AttackSpec(unit, choice.target, WEAPON, weapon, choice.param("stance"),
                          choice.param("skill"), hands_of(choice.param("hand")))
    if key == "kick":
        return AttackSpec(unit, choice.target, KICK, "fists", choice.param("stance"),
                          choice.param("skill"), ())
    if key == "grapple":
        return AttackSpec(unit, choice.target, GRAPPLE, fist_weapon(battle, unit).id,
                          choice.param("stance"), choice.param("skill"), hands_of(choice.param("hand")))
    if key == "pull":
        extra = tuple(grapples.pull_penalty(battle, choice.target, choice.param("what")))
        return AttackSpec(unit, choice.target, PULL, "fists", choice.param("stance"),
                          choice.param("skill"), hands_of("primary"), extra)
    return None


def _check_odds(spec: md.RollSpec, against: int, label: str) -> Odds:
    p = md.chance_at_least(spec, against)
    return Odds(p, 0.0, {0: 1.0}, tuple(spec.modifiers), against, (f"needs {against} ({label})",))


def make_ruleset(custom: "CustomUnits | None" = None) -> MahouRuleset:
    """A ruleset for one battle; `custom`: a designer's own units beside the shipped ones."""
    if custom is None:
        return MahouRuleset()
    ruleset = MahouRuleset(shared_data(custom=custom))
    ruleset.custom = custom
    return ruleset


__all__ = ["MahouRuleset", "make_ruleset", "attack_spec_of", "damage_after_soak"]
