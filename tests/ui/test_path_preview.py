"""The path preview of a move over open ground does not zig-zag: among routes of equal
cost the one drawn bends as little as it can (game/world/paths.py picks it; the
window draws the path it is given). Counted as changes of step direction."""

from __future__ import annotations

import pytest

from tests.ui.conftest import confirm_handover, field_battle, hover_tile, start_screen


def _bends(path) -> int:
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:])]
    return sum(1 for s, t in zip(steps, steps[1:]) if s != t)


def _off_line(path) -> float:
    (x0, y0), (x1, y1) = path[0], path[-1]
    n = max(abs(x1 - x0), abs(y1 - y0))
    return max(max(abs(x - (x0 + (x1 - x0) * k / n)), abs(y - (y0 + (y1 - y0) * k / n)))
               for k, (x, y) in enumerate(path))


def _monotone(path) -> bool:
    return all((b[0] - a[0]) * (path[-1][0] - path[0][0]) >= 0 and (b[1] - a[1]) * (path[-1][1] - path[0][1]) >= 0
               for a, b in zip(path, path[1:]))


@pytest.mark.parametrize("ruleset_id", ["d20", "fate", "fivebyfive", "mahou"])
def test_an_open_ground_move_preview_bends_at_most_once(make_app, ruleset_id):
    app = make_app()
    battle = None
    for seed in range(60):
        b = field_battle([(1, "scout", 2, 2), (2, "gunner", 13, 9)], w=16, h=12, seed=seed, ruleset_id=ruleset_id)
        if b.pending is not None and b.pending.side == 1:
            battle = b
            break
    assert battle is not None
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    me = battle.tile(battle.pending.actor)
    move = screen._smart_tile_option()
    assert move is not None
    checked = 0
    # straight along a row, along a column, and a knight-like slant (diagonals then straight)
    for dx, dy in ((4, 0), (0, 4), (4, 2), (2, 4), (3, 1)):
        dest = (me[0] + dx, me[1] + dy)
        if dest not in move.targets:
            continue
        hover_tile(app, dest)
        prev = screen.preview()
        assert prev is not None and prev[0] == "move", prev
        path = (me,) + tuple(t for t in prev[3].path if t != me)   # ("move", option, tile, preview)
        assert path[-1] == dest
        straight = dx == 0 or dy == 0
        if ruleset_id == "mahou" and not straight:
            # mahou walks the straight line itself when it costs no more (moving.straight_path:
            # "a straight walk reads better than a zigzag of equal cost"): a staircase that
            # never strays half a tile from the line, stepping only forward
            assert _off_line(path) <= 0.5 + 1e-9 and _monotone(path), (dest, path)
        else:
            assert _bends(path) <= (0 if straight else 1), (ruleset_id, dest, path)
        checked += 1
    assert checked >= 3
