"""The Action Block `hard` AI: normal's scorer, with Strength priced as state.

Normal prices a Strength Point by how full the pool is (0.18 of a point of damage
while it is full, 1.2 when it is empty), so a full pool pays for anything: it answers
a hit with a Super Block (6 Str) where a Heavy Block (4) did nearly as much, and spends
its points on Taunts, Stealth and Battle Strategy. But Strength never comes back on
its own: a Restore refills 5 (+ rank), costs the whole Offensive Action and is not
allowed two Action Blocks running (docs/rulesets/actionblock.md 3a). Over the unit's
next two Action Blocks every point spent now is a point its attacks and Blocks will
not have, however full the pool looks: a Melee Attack's 2 Strength deal about 6–7
expected damage and a plain Block's 2 save up to 5, so a point is worth about 3
points of damage.

Hard prices every Strength Point of a Block-family answer to a hit (Block, Heavy
Block, Super Block) at `BLOCK_STRENGTH_WORTH`, and of a Verbal Action paid in
Strength (Taunt, Stunning Scream, Battle Strategy, Stealth, Healing Word) at
`VERBAL_STRENGTH_WORTH`, whatever the pool holds. A Block is then taken only when the
damage and the drop chance it saves beat what the points would do later, and the
cheapest stance that does the job wins. Attacks keep normal's price (attacks are what
the points are for); Speed, moves, targets and everything else are normal's: the same
exact odds, the same random tie-break from its own stream. It only reads the battle.
"""

from __future__ import annotations

from typing import Any

from game.ai.actionblock import ActionBlockAI

#: A Strength Point spent on a Block / on a Verbal Action, in points of damage. Measured
#: against normal with `ladder --levels normal,hard` (docs/rulesets/actionblock.md,
#: section 5, has every figure and its seeds).
BLOCK_STRENGTH_WORTH = 3.0
VERBAL_STRENGTH_WORTH = 2.0
STRENGTH_WORTH = {key: BLOCK_STRENGTH_WORTH for key in ("block", "heavy_block", "super_block")} | {
    key: VERBAL_STRENGTH_WORTH for key in ("taunt", "stunning_scream", "battle_strategy", "stealth", "healing_word")}


class HardActionBlockAI(ActionBlockAI):
    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, "normal")
        self.level = "hard"

    def cost_value(self, battle: Any, unit: int, action: str) -> float:
        """A Block's or a Verbal Action's Strength at its worth over the next Action
        Blocks (its Speed, if any, as normal prices it); every other action as normal
        (normal's Block and Verbal scorers read their costs here)."""
        worth = STRENGTH_WORTH.get(action)
        if worth is None:
            return super().cost_value(battle, unit, action)
        c = battle.ruleset.data.cost(action)
        return worth * c.strength + c.speed * self.spd_value(battle, unit)
