"""The 5x5 AI's candidate moves in the side's own frame (game/ai/side_frame.py; issue
28's mirror fairness): on a point-mirrored field the two sides' first turns list
mirror-image moves in mirror-image order, with the same scores, so the draw among
equals (the AI's own stream) walks to mirror-image tiles. Before, the moves came in
the map's order (by x, then y) for both sides.

Forced dice: both figures roll Initiative 3 (so both may move 3), the tie rolled off
4 to 2."""

from __future__ import annotations

from game.ai import make_ai
from game.ai.fivebyfive import moves
from tests.mirror_frame import own_decision, turn


def listed(side: int):
    battle, decision = own_decision("fivebyfive", side, dice=[3, 3, 4, 2])
    try:
        scored = moves(make_ai("fivebyfive", 1, "normal"), battle, decision)
        picked = make_ai("fivebyfive", 7, "normal").decide(battle, decision)
        return [(round(s, 9), c.target) for s, c in scored], picked
    finally:
        battle.close()


def test_both_sides_list_mirror_image_moves_in_mirror_image_order():
    (ones, pick_1), (twos, pick_2) = listed(1), listed(2)
    assert len(ones) >= 2
    assert [(s, turn(t)) for s, t in ones] == twos
    assert pick_1.option == pick_2.option
    if pick_1.option == "move":
        assert turn(pick_1.target) == pick_2.target
