"""Fate's candidate moves in the side's own frame (game/ai/side_frame.py; issue 28's
mirror fairness): on a point-mirrored field the two sides' first declarations list
mirror-image moves, in mirror-image order. Before, `_move_plans` kept the screen's
equals by the lower x, then y, in the map's frame: on this open field the two tiles
either side of the row a unit stands in (y 2 and 4) screen alike, and both sides took
y 2 first, side 2's (x, 2) being the mirror of side 1's (x', 4)."""

from __future__ import annotations

from game.ai import make_ai
from game.ai.fate_declare import move_plans
from game.ai.fate_ground import goal
from tests.mirror_frame import own_decision, turn


def plans(side: int):
    battle, decision = own_decision("fate", side)
    try:
        ai = make_ai("fate", 1, "normal")
        look = ai.look(battle, decision, ai.profile)
        return [c.target for _, c in move_plans(look)[0]], goal(look)
    finally:
        battle.close()


def test_both_sides_list_mirror_image_moves_in_mirror_image_order():
    ones, goal_1 = plans(1)
    twos, goal_2 = plans(2)
    assert len(ones) >= 2
    assert [turn(t) for t in ones] == twos
    assert turn(goal_1) == goal_2
