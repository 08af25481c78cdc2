"""Issue 33 item 4: every map the loader accepts plays within a stated memory bound:
a 3-round battle on an open 512x512 map peaks under 1 GB in every ruleset
(maps/README.md states it; `python -m tests.big_map` prints the figures)."""

import pytest

from tests.big_map import BOUND_MB, RULESETS, measure


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_512_map_battle_stays_under_the_bound(ruleset):
    (row,) = measure([ruleset], side=512, rounds=3)
    assert row["peak_mb"] <= BOUND_MB, row


def test_the_big_map_is_the_largest_the_loader_takes(tmp_path):
    from game.world.tiled import load_map
    from tests.big_map import write_big_map

    tmap = load_map(write_big_map(tmp_path, 512))
    assert (tmap.width, tmap.height) == (512, 512)
    assert int(tmap.walkable.sum()) == 512 * 512 - 2 * 32 * 32  # a wall and a cover tile per 16x16 block
