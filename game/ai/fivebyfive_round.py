"""Hard's look-ahead: the rest of the round, whose Initiative order is known (rolled at
the round's start).

Normal scores every candidate of a turn (`fivebyfive.turn`). A level with depth takes
the best few, each as a plan (the tile it ends on, the attack it makes from there), and
adds to normal's score what follows in this round, in normal's own units (the
`attack_value` of an attack, to the side that makes it):

1. its own attack, every outcome exactly (miss, Blocked, Controlled or not, Double
   Hits, the points placed as each chooser places them: `values.outcomes`);
2. in each outcome, the reply of each enemy still to act this round (term `replies`):
   its move and attack as normal chooses them in that position (with its known
   movement), worth its `attack_value` against my side; an enemy my attack took out
   makes none, one it wounded replies weaker;
3. in each outcome, the best attack of each ally still to act this round (term
   `allies`: a wounded enemy is easier to finish: focus fire, planned over the round's
   order).

It only reads the battle; what several plans share is kept for the decision (battle.memo).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from game.ai.base import Scored
from game.ai.fivebyfive_tiles import Figure, Tile, aim_shift, figure, score_tiles
from game.ai.fivebyfive_values import attack_numbers, outcomes
from game.ai.side_frame import in_frame, turned
from game.rulesets.fivebyfive.data import OFFENSIVE
from game.rulesets.fivebyfive.events import TurnOrder
from game.rulesets.fivebyfive.options import move_reach, occupied

TOP = 4  # normal's best candidates that the look-ahead weighs
ALLIES = "allies"  # term: the best attacks of the allies still to act this round
REPLIES = "replies"  # term: the replies of the enemies still to act this round

#: A plan: (the tile it ends on, its attack or None, the target's index in the foes or -1).
Plan = tuple[Tile, "str | None", int]


def still_to_act(battle: Any, unit: int) -> tuple[int, ...]:
    """Everyone still to act this round after `unit`, in Initiative order."""
    for event in reversed(battle.log):
        if isinstance(event, TurnOrder):
            order = tuple(u for u, _, _ in event.entries)
            return order[order.index(unit) + 1:] if unit in order else ()
    return ()


def look_ahead(ai: Any, battle: Any, turn: Any, scored: Scored) -> Scored:
    """`scored` (a turn's candidates, normal's scores) with the rest of the round added
    to the best `TOP` of them; the others stay below every one weighed."""
    me, foes = turn.me, turn.foes
    later = still_to_act(battle, me.unit)
    standing = {f.unit for f in foes}
    repliers = [u for u in later if u in standing]
    team = battle.team(me.unit)
    allies = [u for u in later if battle.team(u) == team and battle.active(u)]
    if not repliers and not allies:
        return scored
    index = {tile: i for i, tile in enumerate(turn.tiles)}
    friends = [figure(battle, u) for u in battle.units(team, active_only=True) if u != me.unit]
    ranked = sorted(range(len(scored)), key=lambda k: -scored[k][0])
    weighed = set(ranked[:TOP])
    out: Scored = []
    for k, (score, choice) in enumerate(scored):
        if k in weighed:
            plan = _plan(turn, index, choice.option, choice.target)
            score += _rest(ai, battle, me, friends, foes, plan, repliers, allies)
        out.append((score, choice))
    # Only the look-ahead's candidates compete: the others keep normal's score
    # lowered below every weighed one, so they are played only if nothing was weighed.
    floor = min(out[k][0] for k in weighed)
    return [(s if k in weighed else min(s, floor - 1.0), c) for k, (s, c) in enumerate(out)]


def _plan(turn: Any, index: dict, option: str, target: Any) -> Plan:
    """The plan behind one candidate: a move attacks from its tile as the Board found best."""
    if option == "move":
        i = index[target]
        a = int(turn.board.action[i])
        return target, OFFENSIVE[a] if a >= 0 else None, int(turn.board.target[i])
    if option == "end_turn":
        return turn.me.tile, None, -1
    return turn.me.tile, option, turn.foe_index(target)


def _rest(ai: Any, battle: Any, me: Figure, friends: list[Figure], foes: list[Figure],
          plan: Plan, repliers: list[int], allies: list[int]) -> float:
    """What the rest of the round adds to a plan: the allies' best attacks minus the
    enemies' replies, over every outcome of the plan's attack."""
    tile, action, target = plan
    me_there = replace(me, tile=tile)
    if action is None:
        branches = [(1.0, None, None)]
    else:
        foe = foes[target]
        shift = aim_shift(battle, tile, foe.tile) if action == "aim" else 0
        tn, dt = attack_numbers(me_there.ranks, me_there.values, action, shift, foe.ranks, foe.values)
        branches = [(p, foe.unit, None if out else after)
                    for p, after, out in outcomes(tn, dt, foe.ranks, foe.values)]
    level = ai.profile
    value = 0.0
    for p, hit, after in branches:
        now_foes = foes if hit is None else [
            f if f.unit != hit else replace(f, values=after) for f in foes
            if f.unit != hit or after is not None]
        gain = 0.0
        if level.uses(ALLIES):
            gain += level.weight(ALLIES) * _follow(battle, tuple(allies), now_foes, tile)
        if level.uses(REPLIES):
            mine = [me_there] + friends
            live = {f.unit: f for f in now_foes}
            gain -= level.weight(REPLIES) * sum(_reply(battle, live[u], mine, tile)
                                                for u in repliers if u in live)
        value += p * gain
    return value


def _follow(battle: Any, allies: tuple[int, ...], foes: list[Figure], my_tile: Tile) -> float:
    """The expected attack value of the allies' turns, each on the position as it is
    after this unit's attack (chaining them, each on every outcome of the one before,
    doubled the cost and showed no gain in 30 battles: removed)."""
    if not allies or not foes:
        return 0.0
    key = ("5x5 hard follow", allies, tuple((f.unit, f.values) for f in foes), my_tile)
    return battle.memo(key, lambda: sum(
        best_now(battle, figure(battle, u), foes, my_tile)[0] for u in allies))


def _reply(battle: Any, foe: Figure, mine: list[Figure], my_tile: Tile) -> float:
    """The attack value to `foe` of its best move and attack on my side (`mine`: the
    planning figure on `my_tile`, then its friends)."""
    key = ("5x5 hard reply", mine[0].unit, foe.unit, foe.values, my_tile)
    return battle.memo(key, lambda: best_now(battle, foe, mine, my_tile)[0])


def best_now(battle: Any, who: Figure, targets: list[Figure], my_tile: Tile) -> tuple:
    """`who`'s turn as normal plays it: the tile normal scores best among those its
    movement (rolled at the round's start) reaches, and its best attack from there:
    (that attack's value, the tile, the action or None, the target's index in
    `targets`). `my_tile`: where the planning figure will stand (no one ends there)."""
    if not targets:
        return 0.0, who.tile, None, -1
    taken = occupied(battle, who.unit) | {my_tile}
    # the first best tile in `who`'s side's own frame (side_frame), as its normal would
    turn = turned(battle.map, battle.team(who.unit))
    tiles = [who.tile] + in_frame((t for t in move_reach(battle, who.unit).tiles() if t not in taken), turn)
    board = score_tiles(battle, who, targets, tiles)
    best = int(np.argmax(board.total()))
    a = int(board.action[best])
    return (float(board.now[best]), tiles[best], OFFENSIVE[a] if a >= 0 else None,
            int(board.target[best]))
