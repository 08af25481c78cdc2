"""The mahou AI's candidate moves in the side's own frame (game/ai/side_frame.py;
issue 28's mirror fairness): on a point-mirrored field the two sides' first turns see
mirror-image move candidates, the equal best in mirror-image order, and two AIs of the
same seed walk to mirror-image tiles. Before, the offered tiles were read in the map's
order (by x, then y), so the draw among equals (the AI's own stream) picked the same
index from two lists that were not mirror images."""

from __future__ import annotations

from game.ai import make_ai
from game.ai.mahou_moves import _move_gains, foe_tiles, ideal_range, move, own_frame
from tests.mirror_frame import own_decision, turn


def moves(side: int):
    battle, decision = own_decision("mahou", side)
    try:
        unit, opt = decision.actor, decision.option("move")
        tiles = own_frame(battle, unit, opt.targets)
        ideal, ranged = ideal_range(battle, unit)
        _, ties = _move_gains(battle, tiles, battle.tile(unit), foe_tiles(battle, unit), ideal, ranged)
        _, choice = move(make_ai("mahou", 7, "normal"), battle, decision, opt)
        return [tiles[i] for i in ties], choice.target
    finally:
        battle.close()


def test_both_sides_see_mirror_image_moves_and_take_mirror_image_tiles():
    (ties_1, pick_1), (ties_2, pick_2) = moves(1), moves(2)
    assert len(ties_1) >= 2
    assert [turn(t) for t in ties_1] == ties_2
    assert turn(pick_1) == pick_2
