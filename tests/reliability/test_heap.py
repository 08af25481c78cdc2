"""The engine's one-time collector settings (game/engine/heap.py)."""

import gc

from game.engine import heap


def _second_battle_with(monkeypatch, threshold: tuple[int, int, int]) -> tuple[int, int, int]:
    before = gc.get_threshold()
    monkeypatch.setattr(heap, "_battles_started", 1)
    gc.set_threshold(*threshold)
    try:
        heap.settle()
        return gc.get_threshold()
    finally:
        gc.set_threshold(*before)


def test_the_second_battle_raises_only_the_young_threshold(monkeypatch):
    assert _second_battle_with(monkeypatch, (700, 10, 10)) == (heap.YOUNG_THRESHOLD, 10, 10)
    assert _second_battle_with(monkeypatch, (700, 7, 3)) == (heap.YOUNG_THRESHOLD, 7, 3)


def test_a_higher_threshold_or_a_disabled_collector_is_kept(monkeypatch):
    assert _second_battle_with(monkeypatch, (50_000, 10, 10)) == (50_000, 10, 10)
    assert _second_battle_with(monkeypatch, (0, 10, 10)) == (0, 10, 10)


def test_only_the_second_battle_touches_the_collector(monkeypatch):
    before = gc.get_threshold()
    monkeypatch.setattr(heap, "_battles_started", 2)
    gc.set_threshold(700, 10, 10)
    try:
        heap.settle()
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)


def test_a_closed_battle_gives_its_free_memory_back(monkeypatch):
    """Battle.close() asks the C heap to return its free pages (heap.release): a long run's
    resident memory stayed up by tens of MB without it. Where the C library has no
    malloc_trim, release() does nothing."""
    from game.engine import heap
    from game.engine.setup import new_battle
    from game.replay import maps_dir

    calls = []
    monkeypatch.setattr(heap, "_TRIM", lambda pad: calls.append(pad))
    battle = new_battle(maps_dir() / "arena.tmx", "d20", seed=1)
    battle.close()
    assert calls == [0]
    monkeypatch.setattr(heap, "_TRIM", None)
    heap.release()  # nothing to call: no error
