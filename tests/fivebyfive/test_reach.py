"""A move's search stops at what the move can spend (`options.walk_reach`): it offers the
same tiles, at the same costs, by the same paths as a search of the whole map, the one
step of a figure that has not moved included ("If a 0 was rolled for Initiative the
character can still move 1 inch")."""

import random
from pathlib import Path

import pytest

from game.rulesets.fivebyfive.options import one_step, walk_reach
from game.world.paths import reach
from game.world.tiled import load_map
from tests.fivebyfive.kit import ascii_map

MAPS = Path(__file__).parents[2] / "maps"


def whole_map(tmap, start, left, fresh, walls):
    r = reach(tmap, start, left, blocked=walls)
    return one_step(r) if fresh and left >= 1 else r


def same_move(tmap, start, left, fresh, walls):
    bounded, whole = walk_reach(tmap, start, left, fresh, walls), whole_map(tmap, start, left, fresh, walls)
    assert bounded.tiles() == whole.tiles(), (start, left, fresh, walls)
    for tile in whole.tiles():
        assert bounded.cost[tile] == whole.cost[tile], (start, left, fresh, tile)
        assert bounded.path_to(tile) == whole.path_to(tile), (start, left, fresh, tile)
    # a preview reads "out of reach" for every other tile alike
    assert ((bounded.cost > left) == (whole.cost > left)).all()


@pytest.mark.parametrize("name", ["arena", "warehouse", "woodland", "ridge"])
def test_a_bounded_move_is_the_whole_maps_move(name):
    tmap = load_map(MAPS / f"{name}.tmx")
    rng = random.Random(name)
    open_tiles = [tuple(t) for t in zip(*tmap.walkable.nonzero())]
    for _ in range(40):
        start = rng.choice(open_tiles)
        walls = tuple(sorted(rng.sample(open_tiles, 5)))
        walls = tuple(w for w in walls if w != start)
        same_move(tmap, (int(start[0]), int(start[1])), rng.randint(0, 5), rng.random() < 0.5,
                  tuple((int(x), int(y)) for x, y in walls))


def test_the_one_step_onto_rough_ground_and_round_a_corner():
    """A fresh figure with 1 tile of movement steps onto rough ground (cost 2), and onto
    the diagonal neighbour across a wall corner, which only the long way round reaches."""
    tmap = ascii_map(["......",
                      ".#~...",
                      "..#...",
                      "......"])
    for start in [(1, 0), (1, 2), (0, 0), (3, 3)]:
        for left in (1, 2, 5):
            same_move(tmap, start, left, True, ())
            same_move(tmap, start, left, True, ((2, 0),))
