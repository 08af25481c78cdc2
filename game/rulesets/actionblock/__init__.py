"""The Action Block ruleset (Miridon Hunters battle rules; rules/action-block.txt;
docs/rulesets/actionblock.md maps every rule to its code and test)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.components import Archetype, Facing, Name, Position, Posture, Team
from game.engine.decisions import Choice, Decision
from game.engine.odds import Odds
from game.rulesets.base import TemplatedRuleset
from game.rulesets.actionblock import flow
from game.rulesets.actionblock.components import (Barrier, Casting, Conditions, Defences,
                                                  Fighter, Ghost, Health, Loadout, Points, Stance,
                                                  TurnState)
from game.rulesets.actionblock.data import ActionBlockData
from game.rulesets.actionblock.movement import NAMES, direction_to
from game.rulesets.actionblock.stats import (full_pdr, max_battle_speed, max_battle_strength,
                                             max_health, spell_dr, template)

if TYPE_CHECKING:
    from game.custom_units import CustomUnits
    from game.engine.battle import Battle, UnitOrder


class ActionBlockRuleset(TemplatedRuleset):
    id = "actionblock"
    name = "Action Block (Miridon Hunters)"

    def __init__(self, data: ActionBlockData | None = None) -> None:
        self.data = data or ActionBlockData()

    def setup(self, battle: "Battle", orders: list["UnitOrder"]) -> None:
        """1) Battle Begins: Maximum Battle Strength / Speed determined, current points
        restored to them (the Turn Order is rolled when play starts)."""
        for order, t, name in self.fielded(orders):
            strength, speed = max_battle_strength(self.data, t), max_battle_speed(self.data, t)
            hp = max_health(t)
            pdr = full_pdr(self.data, t)
            items: dict[str, str] = {}
            for w in t.weapons:
                key = w if w not in items else f"{w}_{sum(1 for v in items.values() if v == w) + 1}"
                items[key] = w
            loaded = {k: self.data.weapons[w].ammo for k, w in items.items() if self.data.weapons[w].is_gun}
            staff_storage = sum(self.data.weapons[w].ghost_storage or 0 for w in t.weapons)
            ghost = t.ghost_hp + staff_storage  # [PROP] a staff's Ghost Storage adds to Max Ghost HP
            battle.create(
                Position(order.x, order.y), Team(order.team), Name(name),
                Archetype(t.archetype), Posture(), Facing(), Fighter(t.id),
                Points(strength, speed, strength, speed), Health(hp, hp),
                Defences(pdr, pdr, spell_dr(t)), Stance(), Loadout(items, loaded), TurnState(),
                Ghost(ghost, ghost), Conditions(),
            )
        # [PROP] everyone starts facing the nearest enemy (Chebyshev, then straight-line
        # distance); among equally near ones, toward their average tile. Not by unit id:
        # that faced the two sides of a point-symmetric map differently (one brawler's
        # Charge cone east, the other's north-west) and decided mirrored battles.
        units = battle.units()
        for unit in units:
            hx, hy = battle.tile(unit)
            foes = [battle.tile(u) for u in units if battle.team(u) != battle.team(unit)]
            if foes:
                near = lambda t: (max(abs(t[0] - hx), abs(t[1] - hy)), (t[0] - hx) ** 2 + (t[1] - hy) ** 2)  # noqa: E731
                best = min(near(t) for t in foes)
                tied = [t for t in foes if near(t) == best]
                cx = sum(t[0] for t in tied) / len(tied)
                cy = sum(t[1] for t in tied) / len(tied)
                f = battle.get(unit, Facing)
                f.dx, f.dy = direction_to((hx, hy), (cx, cy))

    def play(self, battle: "Battle"):
        return flow.play(battle)

    def odds(self, battle: "Battle", decision: Decision, choice: Choice) -> Odds | None:
        from game.rulesets.actionblock.previews import choice_odds
        return choice_odds(battle, decision, decision.validate(choice))

    def unit_card(self, battle: "Battle", unit: int) -> dict[str, Any]:
        t = template(battle, unit)
        health = battle.get(unit, Health)
        points = battle.get(unit, Points)
        d = battle.get(unit, Defences)
        stance = battle.get(unit, Stance)
        cond = battle.get(unit, Conditions)
        loadout = battle.get(unit, Loadout)
        ghost = battle.get(unit, Ghost)
        conditions = []
        if health.dead:
            conditions.append("Dead")
        elif health.unconscious:
            conditions.append("Unconscious")
        if stance.level:
            from game.rulesets.actionblock.attacks import STANCE_NAMES
            conditions.append(STANCE_NAMES[stance.level] + (" + Shield Block" if stance.shield else ""))
        from game.rulesets.actionblock import grappling
        if grappling.holding(battle, unit):
            conditions.append("Grappling")
        if grappling.grappled(battle, unit):
            conditions.append("Grappled")
        if battle.has(unit, Casting):
            c = battle.get(unit, Casting)
            conditions.append(f"Spell Casting ({self.data.spells[c.spell].name}, {c.remaining} to go, "
                              f"{c.spell_ghost} Spell Ghost HP)")
        if cond.stunned:
            conditions.append(f"Stunned ({cond.stunned})")
        if cond.taunted_by is not None:
            conditions.append(f"Taunted by {battle.name(cond.taunted_by)}")
        if cond.marked:
            conditions.append("Battle Strategy target")
        if cond.fooled:
            conditions.append("in Stealth from " + ", ".join(battle.name(u) for u in sorted(cond.fooled)))
        if battle.has(unit, Barrier):
            conditions.append(f"Spell Barrier ({battle.get(unit, Barrier).left})")
        conditions += cond.lasting
        weapons = [self.data.weapons[w].name + (f" {loadout.loaded[k]}/{self.data.weapons[w].ammo}"
                                                if k in loadout.loaded else "")
                   for k, w in sorted(loadout.items.items())]
        return {
            "name": battle.name(unit), "template": t.name, "hp": health.hp, "max_hp": health.max_hp,
            "strength": f"{points.strength}/{points.max_strength}",
            "speed": f"{points.speed}/{points.max_speed}",
            "pdr": f"{d.pdr}/{d.pdr_full}", "spell_dr": d.spell_dr,
            "armour": self.data.armours[t.armour].name,
            "facing": NAMES[(battle.get(unit, Facing).dx, battle.get(unit, Facing).dy)],
            "ghost_hp": f"{ghost.ghost}/{ghost.max_ghost}" if ghost.max_ghost else "",
            "weapons": ", ".join(weapons),
            "conditions": conditions,
        }

    def preview_move(self, battle: "Battle", unit: int, tile: tuple[int, int]):
        """The path and cost of the cheapest Movement Action on offer that ends on
        `tile` (None if none does). Band: 0 for the cheapest Speed Cost on offer, 1 for
        the next, and so on."""
        from game.engine.previews import MovePreview
        from game.rulesets.actionblock.movement import MOVE_FEET, charge_moves, straight_moves
        decision = battle.pending
        if decision is None or decision.actor != unit:
            return None
        tile = (int(tile[0]), int(tile[1]))
        moving = [o for o in decision.options if o.target_kind == "tile"]
        speeds = sorted({self.data.cost(o.key).speed for o in moving})
        best = None
        for opt in moving:
            if tile not in opt.targets:
                continue
            cost = self.data.cost(opt.key)
            if best is not None and (cost.speed, cost.strength) >= best[0]:
                continue
            if opt.key in ("charge", "fast_charge"):
                path = charge_moves(battle, unit, opt.key)[tile]
            elif opt.key in MOVE_FEET:
                path = straight_moves(battle, unit, MOVE_FEET[opt.key])[tile]
            else:
                path = [tile]  # Teleport
            best = ((cost.speed, cost.strength),
                    MovePreview(tuple(path), f"{cost.name}: {opt.cost}", speeds.index(cost.speed)))
        return None if best is None else best[1]

    def threats_at(self, battle: "Battle", unit: int, tile: tuple[int, int], enemies: list[int]):
        """For each enemy: does it see `tile`, could it attack `unit` there (a loaded gun
        in range and sight, or Melee Range), and the cover it would face [PROP]."""
        from game.engine.previews import Threat
        from game.world.sight import line_of_fire
        from game.world.tactical_map import Cover
        from game.rulesets.actionblock.attacks import range_band
        from game.rulesets.actionblock.stats import distance_ft, gun_items, weapon_of
        out = []
        for e in enemies:
            here = battle.tile(e)
            lof = line_of_fire(battle.map, here, tuple(tile))
            sees = lof.visible and not lof.blocked
            dist = distance_ft(battle, here, tuple(tile))
            loadout = battle.get(e, Loadout)
            can = dist <= 5 or (sees and any(
                loadout.loaded.get(g, 0) > 0 and range_band(weapon_of(battle, e, g), dist) is not None
                for g in gun_items(battle, e)))
            out.append(Threat(e, sees, bool(can and battle.active(e)), Cover(int(lof.cover)).name.lower()))
        return out

    def health(self, battle: "Battle", unit: int) -> tuple[int, int]:
        h = battle.get(unit, Health)
        return max(0, h.hp), h.max_hp

    def danger_zones(self, battle: "Battle") -> list[tuple]:
        """Areas an enemy's presence threatens, for the window (zones.py)."""
        from game.rulesets.actionblock.zones import danger_zones
        return danger_zones(battle)


def make_ruleset(custom: "CustomUnits | None" = None) -> ActionBlockRuleset:
    """A ruleset for one battle; `custom`: a designer's own units beside the shipped ones."""
    if custom is None:
        return ActionBlockRuleset()
    ruleset = ActionBlockRuleset(ActionBlockData(custom=custom))
    ruleset.custom = custom
    return ruleset
