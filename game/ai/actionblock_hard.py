"""The Action Block `hard` level: normal's scorer, with Strength priced as state.

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

Hard (the term ``strength_as_state``, game/ai/actionblock_points.py) prices every
Strength Point of a Block-family answer to a hit (Block, Heavy Block, Super Block) at
the weight ``block_strength``, and of a Verbal Action paid in Strength (Taunt,
Stunning Scream, Battle Strategy, Stealth, Healing Word) at ``verbal_strength``,
whatever the pool holds. A Block is then taken only when the damage and the drop
chance it saves beat what the points would do later, and the cheapest stance that
does the job wins. Attacks keep normal's price (attacks are what the points are for);
Speed, moves, targets and everything else are normal's: the same exact odds, the same
random tie-break from its own stream. It only reads the battle.
"""

from __future__ import annotations

from types import MappingProxyType

from game.ai.base import Level

#: A Strength Point spent on a Block / on a Verbal Action, in points of damage. Measured
#: against normal with `ladder --levels normal,hard` (docs/rulesets/actionblock.md,
#: section 5, has every figure and its seeds).
BLOCK_STRENGTH_WORTH = 3.0
VERBAL_STRENGTH_WORTH = 2.0

HARD = Level("hard",
             weights=MappingProxyType({"block_strength": BLOCK_STRENGTH_WORTH,
                                       "verbal_strength": VERBAL_STRENGTH_WORTH}),
             extra_terms=frozenset({"strength_as_state", "pool_at_stake"}))
