"""The one cache layer (game.kept): bounded tables with owners, and battles freed.

Issue 27: every kept answer lives in a named table of the catalogue, bounded, owned by
a decision, a battle, a map or the data, and freed with its owner; a process that
plays battle after battle keeps none of them alive.
"""

from __future__ import annotations

import gc

import pytest

from game.ai import make_ai
from game.engine.battle import Battle
from game.engine.setup import new_battle
from game.kept import BATTLE, CATALOGUE, DECISION, MAP, Spec, Store, Table, pure
from game.replay import maps_dir

RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")
MAPS = ("arena", "warehouse", "woodland", "ridge")


def test_a_table_keeps_at_most_its_bound_and_drops_the_oldest():
    table = Table(Spec("t", BATTLE, 3, "test"))
    for key in "abcd":
        table.get(key, lambda key=key: key.upper())
    assert sorted(table.answers) == ["b", "c", "d"]  # "a" came in first, went first
    assert (table.hits, table.misses) == (0, 4)
    assert table.get("d", lambda: "never") == "D"
    assert (table.hits, table.misses) == (1, 4)


def test_a_kept_none_is_an_answer_not_a_miss():
    table = Table(Spec("t", BATTLE, 3, "test"))
    calls = []
    for _ in range(3):
        table.get("k", lambda: calls.append(1))
    assert calls == [1]


def test_a_store_refuses_a_table_of_another_owner_or_undeclared():
    with pytest.raises(ValueError, match="belongs to a map"):
        Store(BATTLE).table("fov")
    with pytest.raises(KeyError):
        Store(BATTLE).table("no such table")


def test_every_table_is_declared_once_with_a_reason_and_a_bound():
    for name, spec in CATALOGUE.items():
        assert spec.name == name and spec.bound > 0 and len(spec.why) > 10


def test_pure_functions_take_their_bound_from_the_catalogue():
    data_specs = [s for s in CATALOGUE.values() if s.owner == "data"]
    if not data_specs:
        pytest.skip("no data table declared")
    spec = data_specs[0]
    squared = pure(spec.name)(lambda n: n * n)
    for n in range(spec.bound + 5):
        squared(n)
    assert squared.cache_info().currsize == spec.bound
    with pytest.raises(ValueError):
        pure("fov")


def test_decision_answers_go_when_the_decision_is_answered():
    battle = new_battle(maps_dir() / "arena.tmx", "d20", seed=3)
    try:
        assert battle.memo(("probe",), lambda: 1) == 1
        assert battle.memo(("probe",), lambda: 2) == 1  # kept while the decision waits
        ai = make_ai("d20", 1)
        battle.submit(ai.decide(battle, battle.pending))
        assert battle.memo(("probe",), lambda: 3) == 3  # the state may have changed
    finally:
        battle.close()


def test_close_frees_what_the_battle_kept():
    battle = new_battle(maps_dir() / "woodland.tmx", "d20", seed=1, max_rounds=2)
    battle.run({team: make_ai("d20", team) for team in battle.teams()})
    assert any(len(t) for t in battle.kept.tables.values())
    battle.close()
    assert all(len(t) == 0 for t in battle.kept.tables.values())
    assert all(len(t) == 0 for t in battle.kept_now.tables.values())


def test_maps_keep_their_own_answers_apart():
    one = new_battle(maps_dir() / "arena.tmx", "d20", seed=0)
    two = new_battle(maps_dir() / "ridge.tmx", "d20", seed=0)
    try:
        assert one.map.kept is not two.map.kept
        assert one.map.kept.owner == MAP and one.kept.owner == BATTLE and one.kept_now.owner == DECISION
    finally:
        one.close()
        two.close()


def _alive_battles() -> int:
    gc.collect()
    return sum(isinstance(o, Battle) for o in gc.get_objects())


def _play(ruleset: str, count: int, level: str, max_rounds: int) -> None:
    for i in range(count):
        battle = new_battle(maps_dir() / f"{MAPS[i % 4]}.tmx", ruleset, seed=i, max_rounds=max_rounds)
        try:
            battle.run({team: make_ai(ruleset, 100 * i + team, level) for team in battle.teams()})
        finally:
            battle.close()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_finished_battles_are_freed(ruleset):
    """Eight short battles at normal and hard where offered: at most one Battle stays
    alive afterwards (a process's second battle freezes what lives then, see
    game.engine.heap, so one battle made before it may stay)."""
    from game.ai import ai_levels
    for level in ("normal", "hard"):
        if level in ai_levels(ruleset):
            _play(ruleset, 4, level, max_rounds=3)
    assert _alive_battles() <= 1


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESETS)
def test_fifty_battles_leave_at_most_one_alive(ruleset):
    _play(ruleset, 50, "normal", max_rounds=40)
    assert _alive_battles() <= 1


def test_a_big_maps_tables_of_grids_hold_fewer_grids():
    """A table of grids is bounded for a 32 x 32 map; on a 128 x 128 map (16 times the
    tiles) it holds a sixteenth as many, never fewer than FEWEST_GRIDS."""
    from game.kept import FEWEST_GRIDS
    grids = Spec("g", MAP, 4096, "grids of the map", grids=True)
    small = Spec("s", MAP, 4096, "small answers")
    assert Table(grids, cells=32 * 32).bound == 4096
    assert Table(grids, cells=128 * 128).bound == 256
    assert Table(grids, cells=4096 * 4096).bound == FEWEST_GRIDS
    assert Table(small, cells=128 * 128).bound == 4096
