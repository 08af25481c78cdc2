"""Shortcuts taken for speed give the answers of the slower code they replace."""

import random
from pathlib import Path

import numpy as np

from game.ai import fate_team
from game.rulesets.fate.options import MOVE_TILES, _blocked, _kept_tiles, _open_ground, _tiles
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
            kept = _blocked(tmap, open_ground, near)
            r, tiles = kept[0], _kept_tiles(kept)
            assert np.array_equal(r._found, whole._found) and np.array_equal(r.cost, whole.cost)
            assert r.cost.dtype == whole.cost.dtype and tiles == tuple(whole.tiles())
            assert [r.path_to(t) for t in tiles[::5]] == [whole.path_to(t) for t in tiles[::5]]
            checked += 1
    assert checked > 150


def test_the_ais_profiles_kept_by_line_give_each_tiles_own_outcome():
    # FateAI.outcome_of keeps an outcome by what attack_profile reads of the line (higher
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
            kept = ai.outcome_of(b, a, t, w, o, d, *postures, charge, aimed)
            own = attack_profile(b, Situation(a, t, w, o, d, *postures, charging=charge, aimed=aimed))
            assert kept == fate_team.profile_outcome(own)
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


def _eager_move_tiles(battle, unit):
    """The move option's tiles as they were worked out before LazyTargets: paths.reach
    searched anew with the units in the fight in the way, less every unit's tile."""
    start = battle.tile(unit)
    blockers = [battle.tile(u) for u in battle.units(active_only=True) if u != unit]
    taken = {battle.tile(u) for u in battle.units() if u != unit}
    r = reach(battle.map, start, MOVE_TILES, blocked=blockers, limit=MOVE_TILES)
    return tuple(t for t in r.tiles() if t not in taken)


def test_the_lazy_move_targets_are_the_eager_ones_on_random_positions():
    # options.move_option offers the move when a free first step shows a tile, and works
    # the tiles out only when read; else at once, offering nothing when none is left.
    from game.engine.components import OutOfFight, Position
    from game.engine.decisions import LazyTargets
    from game.engine.setup import new_battle
    from game.rulesets.fate.options import move_option

    rng = random.Random(23)
    seen = {"lazy": 0, "eager": 0, "none": 0}
    for name in ("arena", "warehouse", "woodland", "ridge"):
        b = new_battle(ROOT / "maps" / f"{name}.tmx", "fate", seed=1)
        try:
            units = b.units()
            free = [(x, y) for x in range(b.map.width) for y in range(b.map.height) if b.map.walkable[x, y]]
            for trial in range(40):
                unit = rng.choice(units)
                others = [u for u in units if u != unit]
                here = rng.choice(free)
                b.get(unit, Position).x, b.get(unit, Position).y = here
                # crowd it: the others on its neighbours (some of them fallen) or near it
                ring = [(here[0] + dx, here[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
                near = [t for t in ring + [(here[0] + rng.randint(-4, 4), here[1] + rng.randint(-4, 4))
                                           for _ in range(12)]
                        if t != here and 0 <= t[0] < b.map.width and 0 <= t[1] < b.map.height]
                spots = near[:len(others)] if trial % 3 == 0 else rng.sample(near, min(len(others), len(near)))
                for u, t in zip(others, spots):
                    b.get(u, Position).x, b.get(u, Position).y = t
                for u in others:
                    b.remove(u, OutOfFight)
                    if rng.random() < 0.2:
                        b.add(u, OutOfFight("test"))
                want = _eager_move_tiles(b, unit)
                opt = move_option(b, unit, 1)
                if opt is None:
                    assert want == (), (name, here)
                    seen["none"] += 1
                    continue
                lazy = isinstance(opt.targets, LazyTargets)
                seen["lazy" if lazy else "eager"] += 1
                # membership before the tiles are worked out (what validating a move
                # reads: options._surely_reached where it can tell), then the whole order
                x0, y0 = here
                around = [(x0 + dx, y0 + dy) for dx in range(-7, 8) for dy in range(-7, 8)]
                for t in rng.sample(around, 12) + [t for t in want if rng.random() < 0.3]:
                    fresh = move_option(b, unit, 1).targets
                    assert (t in fresh) == (t in want), (name, here, t)
                for t in around:
                    assert (t in opt.targets) == (t in want), (name, here, t)
                assert tuple(opt.targets) == want and len(opt.targets) == len(want) and opt.targets
        finally:
            b.close()
    assert all(seen.values()), seen


def _old_declaration_context(battle, unit, slot):
    """The declaration context as options.declaration built it before LazyContext."""
    from game.rulesets.fate.components import Initiative
    from game.rulesets.fate.options import known_to_side
    from game.rulesets.fate.plans import plan_of, posture_after, tile_after
    from game.rulesets.fate.stats import weapon

    order = sorted((u for u in battle.units(active_only=True)
                    if battle.get(u, Initiative).round == battle.round),
                   key=lambda u: battle.get(u, Initiative).place)
    declared = []
    for u in battle.units():
        for d in plan_of(battle, u):
            declared.append({"unit": u, "name": battle.name(u), "team": battle.team(u), "slot": d.slot,
                             "kind": d.kind, "target": d.target, "with": d.weapon,
                             "with_name": weapon(battle, d.weapon).name if d.weapon else None})
    return {
        "phase": "declare", "slot": slot, "round": battle.round,
        "initiative": tuple((u, battle.name(u), battle.get(u, Initiative).total) for u in order),
        "declared": tuple(declared),
        "planned_tile": tile_after(battle, unit, slot - 1),
        "planned_posture": posture_after(battle, unit, slot - 1),
        "sees": tuple(sorted(known_to_side(battle, battle.team(unit)))),
    }


def test_the_lazy_declaration_context_holds_the_old_entries_even_read_late():
    # options.declaration works "initiative" and "declared" out when first read, from what
    # it captured: read while pending or after the battle has gone on, the same values.
    from game.ai import make_ai
    from game.engine.decisions import LazyContext
    from game.engine.setup import new_battle
    from game.rulesets.fate.options import declaration
    from game.simulate import ai_seed

    for name in ("arena", "woodland"):
        b = new_battle(ROOT / "maps" / f"{name}.tmx", "fate", seed=2)
        try:
            ais = {team: make_ai("fate", ai_seed(2, team)) for team in b.teams()}
            kept = []
            while b.pending is not None:
                d = b.pending
                slot = d.context["slot"]
                old = _old_declaration_context(b, d.actor, slot)
                again = declaration(b, d.actor, slot)  # as the hard AI asks: no initiative given
                assert isinstance(d.context, LazyContext) and list(d.context) == list(old)
                if len(kept) % 2:
                    assert dict(d.context) == old and d.context == old  # read while pending
                kept.append((d.context, again.context, old))
                b.submit(ais[d.side].decide(b, d))
            assert b.round >= 3 and len(kept) > 40
            for ctx, ctx_again, old in kept:  # read after the battle went on
                assert dict(ctx) == old and dict(ctx_again) == old
                assert ctx.get("declared") == old["declared"] and ctx["initiative"] == old["initiative"]
        finally:
            b.close()


def test_a_move_no_blocker_can_stand_in_the_way_of_costs_and_walks_as_on_open_ground():
    # resolve.move takes the open ground's reach for a move that options._clear_way
    # shows no unit can be in the way of: the same cost and path as a search past them.
    from types import SimpleNamespace

    from game.rulesets.fate.options import _open_reach, reach_for_move

    rng = random.Random(31)
    compared = 0
    for name in ("arena", "warehouse", "woodland", "ridge"):
        tmap = load_map(ROOT / "maps" / f"{name}.tmx")
        battle = SimpleNamespace(map=tmap, cached=lambda key, compute: compute())
        free = [(x, y) for x in range(tmap.width) for y in range(tmap.height) if tmap.walkable[x, y]]
        for _ in range(25):
            start = rng.choice(free)
            blockers = [t for t in ((start[0] + rng.randint(-5, 5), start[1] + rng.randint(-5, 5))
                                    for _ in range(rng.randrange(1, 9)))
                        if t != start and 0 <= t[0] < tmap.width and 0 <= t[1] < tmap.height]
            whole = reach(tmap, start, MOVE_TILES, blocked=blockers, limit=MOVE_TILES)
            r0 = _open_reach(tmap, start)
            for t in _tiles(r0):
                if t in blockers:
                    continue
                r = reach_for_move(battle, start, blockers, t)
                assert int(r.cost[t]) == int(whole.cost[t]), (name, start, t)
                if whole.cost[t] <= MOVE_TILES:
                    assert r.path_to(t) == whole.path_to(t), (name, start, blockers, t)
                compared += r is r0
    assert compared > 2000


def _rows_by_hand(tmap, enemy, melee, reach):
    """fate_grid.enemy_rows, one tile at a time, as its docstrings say (no grids)."""
    from game.ai.fate_grid import COVER_VALUE as COVER_WORTH, SHOT_RANGE
    from game.world.sight import fov
    from game.world.tactical_map import Cover

    view = fov(tmap, enemy)
    rows = np.zeros((5, tmap.width * tmap.height))
    for x in range(tmap.width):
        for y in range(tmap.height):
            d = chebyshev((x, y), enemy)
            seen = bool(view[x, y])
            # The neighbour one step toward the enemy (none where level with it).
            nx = x + (enemy[0] > x) - (enemy[0] < x)
            ny = y + (enemy[1] > y) - (enemy[1] < y)
            kinds = {int(tmap.cover[x, y]), int(tmap.cover[nx, ny])}
            heavy = Cover.HEAVY in kinds
            light = not heavy and Cover.LIGHT in kinds
            hidden = Cover.CONCEALMENT in kinds
            shield = COVER_WORTH["total"] * heavy + COVER_WORTH["partial"] * light + COVER_WORTH["partial"] * hidden
            exposed = seen and 1 < d <= SHOT_RANGE
            if melee:
                exposure = 0.1 if exposed else 0.0
            else:
                exposure = (0.3 * max(0.0, 1.0 - shield) if exposed else 0.0) + (0.45 if d <= 1 else 0.0)
            in_reach = d <= 1 if reach <= 1 else seen and d <= reach
            higher = tmap.elevation[x, y] > tmap.elevation[enemy]
            rows[:, x * tmap.height + y] = (exposure, in_reach, d, seen, higher)
    return rows


def test_the_enemy_rows_equal_the_rows_worked_out_tile_by_tile():
    # fate_grid reads an enemy's exposure from nine precomputed headings, by slices.
    from game.ai.fate_grid import enemy_rows

    rng = random.Random(11)
    for name in ("woodland", "warehouse", "ridge", "arena"):
        tmap = load_map(ROOT / "maps" / f"{name}.tmx")
        corners = [(0, 0), (tmap.width - 1, tmap.height - 1), (0, tmap.height - 1)]
        picks = corners + [(rng.randrange(tmap.width), rng.randrange(tmap.height)) for _ in range(5)]
        for enemy in picks:
            for melee, reach_ in ((False, 6), (True, 1), (False, 1)):
                got = enemy_rows(tmap, enemy, melee, reach_)
                assert np.array_equal(got, _rows_by_hand(tmap, enemy, melee, reach_)), (name, enemy, melee)
