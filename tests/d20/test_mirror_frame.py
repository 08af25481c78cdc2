"""The d20 AI's candidate moves in the side's own frame (game/ai/side_frame.py; issue
28's mirror fairness): on a point-mirrored field the two sides' first turns pick
mirror-image moves (normal's best tile; hard's plans' moves, in mirror-image order).
Before, equal tiles went by the lower x, then y, in the map's frame (np.argmax; hard's
argsort read backwards): on this open field the tiles either side of the row a unit
stands in (y 2 and 4) are worth alike, and both sides took the same y."""

from __future__ import annotations

from game.ai import make_ai
from game.ai.d20_movement import movement
from game.ai.d20_plan import plan_choices
from tests.mirror_frame import own_decision, turn


def moves(side: int):
    battle, decision = own_decision("d20", side)
    try:
        best = movement(make_ai("d20", 1, "normal"), battle, decision)
        plans = plan_choices(make_ai("d20", 1, "hard"), battle, decision)
        return ([c.target for _, c in best],
                [c.target for _, c in plans if c.option == "move"])
    finally:
        battle.close()


def test_both_sides_pick_mirror_image_moves():
    (best_1, plans_1), (best_2, plans_2) = moves(1), moves(2)
    assert len(best_1) == 1 and len(plans_1) >= 2
    assert [turn(t) for t in best_1] == best_2
    assert [turn(t) for t in plans_1] == plans_2
