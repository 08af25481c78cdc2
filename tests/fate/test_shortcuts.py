"""Shortcuts taken for speed give the answers of the slower code they replace."""

from pathlib import Path

from game.ai import fate_team
from game.rulesets.fate.options import MOVE_TILES, _tiles
from game.world.paths import chebyshev, reach
from game.world.sight import crossed_tiles
from game.world.tiled import load_map

ROOT = Path(__file__).resolve().parents[2]


def test_only_the_last_crossed_tile_is_next_to_the_target():
    # cover._protection reads the shield next to the target as the line's last crossed
    # tile, where it used to test every crossed tile's distance.
    for origin in ((20, 20), (3, 7)):
        for x in range(41):
            for y in range(41):
                if (x, y) == origin:
                    continue
                line = crossed_tiles(origin, (x, y))
                assert [t for t in line if chebyshev(t, (x, y)) <= 1] == line[-1:]


def test_move_tiles_from_the_square_equal_the_whole_maps():
    tmap = load_map(ROOT / "maps" / "woodland.tmx")
    for start in ((0, 0), (5, 9), (16, 16), (31, 31), (30, 2)):
        if not tmap.walkable[start]:
            continue
        r = reach(tmap, start, MOVE_TILES, blocked=[(start[0] + 1, start[1])], limit=MOVE_TILES)
        assert _tiles(r) == tuple(r.tiles())


def test_extending_a_distribution_gives_the_same_numbers():
    # _after extends the distribution after all but the last attack: the same sums in the
    # same order as marking every attack from a fresh track.
    hit = ((("Hurt", 0), 0.3), (("Scratch", 1), 0.2), (("", 0), 0.5))
    out = ((("Incapacitated", 0), 0.1), (("Very Hurt", 0), 0.25), (("", 0), 0.65))
    boxes = (1, 0, 0, 0)
    fresh: dict = {(*boxes, False): 1.0}
    for attack in (hit, out, hit):
        nxt: dict = {}
        for state, p in fresh.items():
            if state[4]:
                nxt[state] = nxt.get(state, 0.0) + p
                continue
            for (level, extra), q in attack:
                if p * q > fate_team.TINY:
                    s = fate_team._apply(state, level, extra)
                    nxt[s] = nxt.get(s, 0.0) + p * q
        fresh = nxt
    assert fate_team.after(boxes, (hit, out, hit)) == tuple(fresh.items())
