"""The hard Action Block AI: the normal AI's scoring, with Strength and Speed Points
valued as state over the next two Action Blocks.

Points never come back on their own; a Restore takes a whole Offensive (Strength) or
Movement (Speed) Action and [house rule] not two blocks running. So what a point is
worth depends on what it still buys: an action's cost is the drop in what the unit can
do over its next two Action Blocks (attacks made, moves it can pay for) when the points
are spent now, found by a small search over its plans for those blocks (attack or
Restore Strength in each Offensive slot, move or Restore Speed in each Movement slot,
the restore rule respected), plus a little for points left over at the end.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.ai.actionblock import ActionBlockAI

LEFTOVER = 0.15   # worth of a point still in the pool after the two blocks
MOVE_WORTH = 0.35  # a move in a block, as a share of an attack
BLOCK_WORTH = 0.0  # a Block (2 Strength) against one of the foes that can reach it


class ActionBlockHardAI(ActionBlockAI):
    def cost_value(self, battle: Any, unit: int, action: str) -> float:
        c = battle.ruleset.data.cost(action)
        if not c.strength and not c.speed:
            return 0.0
        plan = self._plan_inputs(battle, unit)
        s, p = plan["strength"], plan["speed"]
        if c.strength > s or c.speed > p:
            return 10 ** 6
        # Spending now uses this block's slot when it is the attack itself.
        now = _future(s, p, *plan["key"])
        after = _future(s - c.strength, p - c.speed, *plan["key"])
        return 0.5 * max(0.0, now - after)

    def _threat(self, battle: Any, unit: int) -> int:
        """Foes that could attack it next block (0–2): what its Strength must also cover."""
        from game.rulesets.actionblock.components import Conditions
        fooled = battle.get(unit, Conditions).fooled
        here = battle.tile(unit)
        count = 0
        for foe in self._foes(battle, unit):
            d = max(abs(here[0] - battle.tile(foe)[0]), abs(here[1] - battle.tile(foe)[1]))
            if foe not in fooled and (d <= 5 if self._is_melee(battle, foe)
                                      else d * battle.map.feet_per_tile <= self._gun_reach_ft(battle, foe)):
                count += 1
        return min(2, count)

    def _plan_inputs(self, battle: Any, unit: int) -> dict:
        from game.rulesets.actionblock.components import Points, TurnState
        from game.rulesets.actionblock.options import restore_amount
        from game.rulesets.actionblock.stats import gun_items, melee_items, weapon_of
        points = battle.get(unit, Points)
        ts = battle.get(unit, TurnState)
        data = battle.ruleset.data
        guns = gun_items(battle, unit)
        attack = data.cost("aimed" if guns else "melee")
        # The worth of one attack: its weapon's mean damage and a typical hit chance.
        items = guns or melee_items(battle, unit)
        mean = max(weapon_of(battle, unit, k).dice.count * 3.5 + weapon_of(battle, unit, k).dice.modifier
                   for k in items)
        worth = 0.6 * max(2.0, mean)
        move = data.cost("fast_charge" if not guns else "sidestep")
        restored_s = ts.restored.get("strength", -9) >= battle.round - 1
        restored_p = ts.restored.get("speed", -9) >= battle.round - 1
        key = (points.max_strength, points.max_speed, attack.strength, attack.speed, move.speed,
               restore_amount(battle, unit, "strength"), restore_amount(battle, unit, "speed"),
               restored_s, restored_p, round(worth, 2), self._threat(battle, unit))
        return {"strength": points.strength, "speed": points.speed, "key": key}


@lru_cache(maxsize=65536)
def _future(s: int, p: int, max_s: int, max_p: int, att_s: int, att_p: int, move_p: int,
            rest_s: int, rest_p: int, restored_s: bool, restored_p: bool, worth: float,
            threat: int = 0) -> float:
    """The best worth of the next two Action Blocks from these points (a pure search)."""
    def block(s, p, n, last_s, last_p):
        if n == 0:
            return LEFTOVER * (s + p)
        best = 0.0
        for offensive in ("attack", "restore", "none"):
            if offensive == "attack" and (s < att_s or p < att_p):
                continue
            if offensive == "restore" and (last_s or s >= max_s):
                continue
            for movement in ("move", "restore", "none"):
                s2, p2, gain = s, p, 0.0
                if offensive == "attack":
                    s2, p2, gain = s2 - att_s, p2 - att_p, worth
                if movement == "move":
                    if p2 < move_p:
                        continue
                    p2, gain = p2 - move_p, gain + MOVE_WORTH * worth
                elif movement == "restore":
                    if last_p or p2 >= max_p:
                        continue
                    p2 = min(max_p, p2 + rest_p)
                if offensive == "restore":
                    s2 = min(max_s, s2 + rest_s)
                for _ in range(threat):  # Blocks against the foes that can reach it
                    if s2 >= 2:
                        s2, gain = s2 - 2, gain + BLOCK_WORTH
                value = gain + block(s2, p2, n - 1, offensive == "restore", movement == "restore")
                best = max(best, value)
        return best
    return block(s, p, 2, restored_s, restored_p)
