"""When a unit sets out for its side's exit (issue 28): a raider when it is in reach, an
escort when the clock calls.

A raider's exit counts only within this turn's move (`in_reach`). Watched and
measured (stop 38, Breakthrough, aware raiders against blind guards, 50 battles): the
walk toward a road 24 walks away, counted from the first round, took mahou's raiders
out of the fight (23 won, against 36 for the same AI blind to the mission, which wins
by taking the guards out; with no walk at all 35); counted only within reach they won
35, and d20's, who reach the road in two rounds, 35 (39 from afar; blind 18).

A side whose VIP must get out by its own exit (Evacuation: the officer's fall loses the
battle at once, the survivors score by leaving, the hunters win when the round limit
comes) walked for the landing field from the first round, the officer ahead of the
others and out of the fight. Measured (tests.mission_ladder --shipped --blind, 100
battles, stop 38): the aware evacuees won less than the same AI blind to the mission in
every ruleset, 13 to 34 points less (mahou 18 of 50 against 35): the hunters met them
strung out in the open, while the blind ones, fighting together, took the hunters out.
Now such a side's exit pulls a unit only when the walk to it needs the rounds that are
left (`time_to_go`): until then it fights with its VIP among it, as the blind side does,
and sets out in time to leave before the round limit.

One runner is the exception (`wins_by_leaving`, stop 40): when a single unit out by the
exit wins the battle, the side's unit nearest the exit sets out from anywhere, and the
rest fight on. A breakthrough whose target is one raider out (a ruleset's own
`victory_points`, maps/README.md "Terms per ruleset") was otherwise played as a fight:
Breakthrough at 2 points, aware raiders against blind guards, 50 battles, mahou 26 -> 43
won, fate 27 -> 47 (fivebyfive and Action Block, whose road is six to nine rounds' walk,
28 -> 31 and 29 -> 28).

The pace is the unit's own this turn: the farthest tile its moving options reach (a
ruleset moves by the roll, by Speed Points or by feet; the engine's options already
say how far), else `PACE` tiles.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from game.engine.decisions import TileSet

#: The options that take the unit to their target tile (every ruleset's moving options).
MOVING = frozenset({"move", "jump", "drag", "sidestep", "fast_sidestep", "charge", "fast_charge",
                    "teleport"})
PACE = 4  # tiles a round, when the unit has no moving option in hand
SPARE = 1  # rounds to spare on the walk (the hunters stand in the way)


def round_limit(battle: Any, scenario: Any) -> int:
    """The scenario's last round (else the battle's)."""
    return scenario.round_limit or battle.max_rounds


def in_reach(battle: Any, unit: int, walk: float) -> bool:
    """Is an exit `walk` tiles away within this turn's move of `unit`? Farther, its
    walk does not count: the unit fights on (and may come within reach as it does)."""
    return walk <= pace(battle, unit)


def wins_by_leaving(scenario: Any, points: int, exit_points: int) -> bool:
    """Would one more unit out by an exit worth `exit_points` bring a side that has
    `points` to the victory points (the battle won at the round's end)?"""
    return scenario.victory_points is not None and exit_points > 0 and \
        points + exit_points >= scenario.victory_points


def time_to_go(battle: Any, unit: int, walk: float, rounds_left: int) -> bool:
    """Is it time for `unit` to set out for an exit `walk` tiles away, with
    `rounds_left` rounds to go (this one included)?"""
    if walk <= 0:
        return True  # standing in it: leaving is the question, not the walk
    return math.ceil(walk / pace(battle, unit)) + SPARE >= rounds_left


def pace(battle: Any, unit: int) -> int:
    """How far `unit` moves this turn: the farthest target of its moving options when
    the decision in hand is its own, else PACE."""
    decision = battle.pending
    if decision is None or decision.actor != unit:
        return PACE
    x, y = battle.tile(unit)
    far = 0
    for option in decision.options:
        if option.key not in MOVING or option.key == "drag":
            continue
        targets = option.targets
        if isinstance(targets, TileSet):
            xs, ys = np.nonzero(targets.mask)
        else:
            tiles = [t for t in targets if isinstance(t, tuple)]
            xs, ys = np.array([t[0] for t in tiles], int), np.array([t[1] for t in tiles], int)
        if len(xs):
            far = max(far, int(np.maximum(np.abs(xs - x), np.abs(ys - y)).max()))
    return far or PACE
