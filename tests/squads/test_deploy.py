"""Deploying a squad (issue 29): units stand on their side's spawn tiles in order; a
squad larger than its spawns stands the rest on the nearest free walkable tiles
around them (straight steps, nearest first, ties by row then column); a smaller one
leaves the last spawns empty. Checked on hand-built maps and on every shipped map."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.engine.setup import new_battle, orders_for
from game.errors import InputError
from game.rulesets import load_ruleset
from game.squads import budgets, check_budgets, squad_cost
from game.world.tactical_map import Spawn
from tests.helpers import ascii_map

MAPS = sorted(Path("maps").glob("*.tmx"))


def _with_spawns(rows, spawns):
    return dataclasses.replace(ascii_map(rows), spawns=tuple(Spawn(x, y, t) for x, y, t in spawns))


def test_a_larger_squad_stands_nearest_its_spawns_first_by_row_then_column():
    tmap = _with_spawns([".....", ".....", "....."], [(0, 0, 1), (0, 1, 1), (4, 2, 2)])
    orders = orders_for(tmap, load_ruleset("d20"), {1: ["gunner"] * 5, 2: ["scout"]})
    # one step from a spawn: (1,0) row 0, (1,1) row 1, (0,2) row 2
    assert [(o.team, o.x, o.y) for o in orders] == [(1, 0, 0), (1, 0, 1), (2, 4, 2),
                                                   (1, 1, 0), (1, 1, 1), (1, 0, 2)]


def test_walls_are_walked_around_and_other_sides_spawns_kept_free():
    tmap = _with_spawns([".#...", ".....", "....."], [(0, 0, 1), (0, 1, 1), (1, 1, 2)])
    orders = orders_for(tmap, load_ruleset("d20"), {1: ["gunner"] * 5})
    # (1,0) is a wall, (1,1) side 2's spawn: one step leaves (0,2); two steps (1,2)
    # through it, and (2,1) through side 2's spawn tile (free to walk, not to stand)
    assert [(o.x, o.y) for o in orders if o.team == 1] == [(0, 0), (0, 1), (0, 2), (2, 1), (1, 2)]


def test_two_large_squads_never_share_a_tile():
    tmap = _with_spawns([".....", "....."], [(1, 0, 1), (3, 0, 2)])
    orders = orders_for(tmap, load_ruleset("d20"), {1: ["gunner"] * 3, 2: ["scout"] * 3})
    # side 1 first: (0,0) and (2,0), one step, row 0; side 2's nearest, (2,0), is taken,
    # so it stands (4,0) and then (3,1), one step each
    assert [(o.team, o.x, o.y) for o in orders] == [(1, 1, 0), (2, 3, 0), (1, 0, 0), (1, 2, 0),
                                                   (2, 4, 0), (2, 3, 1)]


def test_a_smaller_squad_leaves_spawns_empty_and_no_squad_keeps_the_map_default():
    tmap = _with_spawns([".....", "....."], [(0, 0, 1), (0, 1, 1), (4, 1, 2)])
    ruleset = load_ruleset("d20")
    orders = orders_for(tmap, ruleset, {1: ["marksman"]})
    assert [(o.team, o.template, o.x, o.y) for o in orders] == [(1, "marksman", 0, 0), (2, "brawler", 4, 1)]
    assert [o.template for o in orders_for(tmap, ruleset)] == ["brawler", "gunner", "brawler"]


def test_a_map_without_room_refuses_in_one_line():
    tmap = _with_spawns(["..#.."], [(0, 0, 1), (4, 0, 2)])
    with pytest.raises(InputError, match=r"has room for only 2 of side 1's 3 units"):
        orders_for(tmap, load_ruleset("d20"), {1: ["gunner"] * 3})


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_every_shipped_map_deploys_large_and_small_squads(path: Path):
    from game.engine.setup import shared_map
    tmap = shared_map(path)
    # d20, and each ruleset with a deployment of its own (maps/README.md)
    for ruleset, team in [(r, t) for r in ("d20", *sorted({r for s in tmap.spawns for r in s.rulesets}))
                          for t in tmap.teams()]:
        spawns = [(s.x, s.y) for s in tmap.for_ruleset(ruleset).spawns if s.team == team]
        for size in (1, len(spawns) + 4):
            squads = {t: ["scout"] * (size if t == team else 2) for t in tmap.teams()}
            battle = new_battle(path, ruleset, seed=1, squads=squads, max_rounds=1)
            try:
                placed = [battle.tile(u) for u in battle.units(team)]
                assert len(placed) == size
                assert placed[:len(spawns)] == spawns[:size]
                every = [battle.tile(u) for t in tmap.teams() for u in battle.units(t)]
                assert len(set(every)) == len(every)
                assert all(tmap.walkable[x, y] for x, y in every)
            finally:
                battle.close()


# --- budgets -------------------------------------------------------------------------
def test_a_squad_over_its_sides_budget_is_refused_and_one_within_is_not():
    ruleset = SimpleNamespace(id="toy", data=SimpleNamespace(templates={
        "a": SimpleNamespace(cost=30), "b": SimpleNamespace(cost=45), "c": SimpleNamespace(cost=None)}))
    tmap = SimpleNamespace(path="m.tmx", properties={"points_1": 100, "points_2": "60", "name": "x"})
    assert budgets(tmap) == {1: 100, 2: 60}
    assert squad_cost(ruleset, ["a", "b", "a"]) == 105
    check_budgets(tmap, ruleset, {1: ["a", "b"], 2: ["a", "a"], 3: ["b"] * 9})  # 75, 60, no budget
    with pytest.raises(InputError, match=r"side 1's squad costs 105 points, over the map's budget of 100 \(points_1\)"):
        check_budgets(tmap, ruleset, {1: ["a", "b", "a"]})
    with pytest.raises(InputError, match=r"\[c\] cost: not priced yet"):
        check_budgets(tmap, ruleset, {2: ["c"]})
    with pytest.raises(InputError, match="property points_x: must be points_<side> with a whole number"):
        budgets(SimpleNamespace(path="m.tmx", properties={"points_x": 5}))
    with pytest.raises(InputError, match="property points_1"):
        budgets(SimpleNamespace(path="m.tmx", properties={"points_1": "ten"}))
