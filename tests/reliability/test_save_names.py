"""Issue 33.11: two windows saving the same battle at the same moment both said
"Saved" and one save was lost: both chose the same free default name, and the second
rename replaced the first file. A default name is now only ever created as a new file
(`game.files`, exclusive: a hard link that fails if the name is taken), the next name
tried when another window got there first; a path the user chose is still written over.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from game.ai import RandomController
from game.engine.setup import new_battle


@pytest.fixture
def saves(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "rulebook-skirmish" / "saves"


@pytest.fixture
def battle():
    b = new_battle("maps/arena.tmx", "fivebyfive", seed=3, max_rounds=3)
    for _ in range(4):  # a few choices in: round 1
        b.submit(RandomController(1).decide(b, b.pending))
    yield b
    b.close()


def _save(battle, path=None):
    from game.ui.saves import save_battle
    return save_battle(battle, {1: "human", 2: "ai"}, False, path=path)


def test_a_name_taken_between_the_look_and_the_write_is_not_overwritten(saves, battle, monkeypatch):
    """The race, forced: the name looks free (as it did to both windows), but another
    window's save is already there when this one writes."""
    from game.ui import saves as saves_module
    first = saves / "arena-fivebyfive-seed3-round1.json"
    saves.mkdir(parents=True)
    first.write_text("the other window's save")
    monkeypatch.setattr(Path, "exists", lambda self: False)  # every name looks free
    path = saves_module.save_battle(battle, {1: "human", 2: "ai"}, False)
    assert path == saves / "arena-fivebyfive-seed3-round1-2.json"
    assert first.read_text() == "the other window's save"
    assert json.loads(path.read_text())["format"] == "rulebook-skirmish-replay"


def test_two_windows_saving_at_once_keep_both_saves(saves, battle):
    """Eight saves of one battle at the same moment: eight files, every one whole."""
    start = threading.Barrier(8)
    paths, errors = [], []

    def one():
        start.wait()
        try:
            paths.append(_save(battle))
        except Exception as exc:  # noqa: BLE001 (reported below)
            errors.append(exc)
    threads = [threading.Thread(target=one) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == [] and len(set(paths)) == 8
    assert sorted(p.name for p in saves.iterdir()) == sorted(p.name for p in paths)
    for p in paths:
        assert json.loads(p.read_text())["choices"]  # whole, not empty


def test_a_path_the_user_chose_is_written_over(saves, battle, tmp_path):
    chosen = tmp_path / "mine.json"
    chosen.write_text("old")
    assert _save(battle, chosen) == chosen
    assert json.loads(chosen.read_text())["format"] == "rulebook-skirmish-replay"


def test_an_exclusive_write_refuses_an_existing_name_and_leaves_nothing(tmp_path):
    from game.files import write_text
    target = tmp_path / "taken.json"
    target.write_text("first")
    with pytest.raises(FileExistsError):
        write_text(target, "second", exclusive=True)
    assert target.read_text() == "first" and [p.name for p in tmp_path.iterdir()] == ["taken.json"]
    write_text(tmp_path / "new.json", "fresh", exclusive=True)
    assert (tmp_path / "new.json").read_text() == "fresh"
