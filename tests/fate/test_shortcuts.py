"""Shortcuts taken for speed give the answers of the slower code they replace."""

import random
from pathlib import Path

import numpy as np

from game.ai import fate_team
from game.rulesets.fate.options import MOVE_TILES, _blocked, _open_ground, _tiles
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


def test_a_blocked_move_repairs_the_open_grounds_search_to_the_same_reach():
    # options._blocked re-searches only the tiles units shadow; paths.reach searches anew.
    rng = random.Random(7)
    checked = 0
    for name in ("arena", "warehouse", "woodland", "ridge"):
        tmap = load_map(ROOT / "maps" / f"{name}.tmx")
        for _ in range(60):
            start = (rng.randrange(tmap.width), rng.randrange(tmap.height))
            open_ground = _open_ground(tmap, start)
            near = tuple(sorted({t for t in ((start[0] + rng.randint(-6, 6), start[1] + rng.randint(-6, 6))
                                             for _ in range(rng.randrange(1, 10)))
                                 if t != start and 0 <= t[0] < tmap.width and 0 <= t[1] < tmap.height
                                 and t[0] * tmap.height + t[1] in open_ground[2]}))
            if not near:
                continue
            whole = reach(tmap, start, MOVE_TILES, blocked=near, limit=MOVE_TILES)
            r, tiles, _ = _blocked(tmap, open_ground, near)
            assert np.array_equal(r._found, whole._found) and np.array_equal(r.cost, whole.cost)
            assert r.cost.dtype == whole.cost.dtype and tiles == tuple(whole.tiles())
            assert [r.path_to(t) for t in tiles[::5]] == [whole.path_to(t) for t in tiles[::5]]
            checked += 1
    assert checked > 150


def test_the_ais_profiles_kept_by_line_give_each_tiles_own_outcome():
    # FateAI.profile_of keeps a profile by what attack_profile reads of the line (higher
    # ground; for a missile the wall, cover, concealment and long range), so one profile
    # stands for many tile pairs: its outcome must be each pair's own.
    from game.ai.fate import FateAI
    from game.engine.components import KNEELING, PRONE, STANDING
    from game.engine.setup import new_battle
    from game.rulesets.fate.attacks import Situation, attack_profile

    b = new_battle(ROOT / "maps" / "woodland.tmx", "fate", seed=3)
    try:
        ai = FateAI(0)
        rng = random.Random(11)
        units = b.units()
        weapons = sorted(b.ruleset.data.weapons)
        for _ in range(400):
            a, t = rng.sample(units, 2)
            w = rng.choice(weapons)
            o = (rng.randrange(b.map.width), rng.randrange(b.map.height))
            d = (rng.randrange(b.map.width), rng.randrange(b.map.height))
            postures = rng.choice((STANDING, KNEELING, PRONE)), rng.choice((STANDING, KNEELING, PRONE))
            charge, aimed = rng.random() < 0.3, rng.random() < 0.3
            kept = ai.profile_of(b, a, t, w, o, d, *postures, charge, aimed)
            own = attack_profile(b, Situation(a, t, w, o, d, *postures, charging=charge, aimed=aimed))
            assert fate_team.profile_outcome(kept) == fate_team.profile_outcome(own)
    finally:
        b.close()


def test_the_track_matrices_give_what_marking_every_wound_gives():
    # fate_team.expected multiplies 37 x 37 transition matrices: it must give what
    # marking every outcome of every attack in turn on copies of the track gives
    # (wounds.mark, through _apply), for any track short of out and any attacks.
    from game.rulesets.fate.wounds import LEVELS
    rng = random.Random(5)
    for _ in range(200):
        attacks = []
        for _ in range(rng.randint(1, 4)):
            weights = [rng.random() for _ in range(4)]
            levels = [rng.choice(("",) + LEVELS) for _ in weights]
            total = sum(weights)
            outcome: dict = {}
            for level, w in zip(levels, weights):
                key = (level, rng.randint(0, 2) if level else 0)
                outcome[key] = outcome.get(key, 0.0) + w / total
            attacks.append(tuple(sorted(outcome.items())))
        boxes = (rng.randint(0, 5), rng.randint(0, 2), rng.randint(0, 1), 0)
        fresh: dict = {(*boxes, False): 1.0}
        for attack in attacks:
            nxt: dict = {}
            for state, p in fresh.items():
                for (level, extra), q in attack:
                    after = fate_team._apply(state, level, extra)
                    nxt[after] = nxt.get(after, 0.0) + p * q
            fresh = nxt
        worth = sum(p * fate_team.worth(state[:4], state[4]) for state, p in fresh.items())
        out = sum(p for state, p in fresh.items() if state[4])
        got = fate_team.expected(boxes, tuple(attacks))
        assert abs(got[0] - worth) < 1e-12 and abs(got[1] - out) < 1e-12
