"""`demo --headless` prints a battle; `--save-replay` records it; `replay` plays the
file back (the choices re-submitted headless) and `--verify` checks the final digest.

A corrupt replay (bad JSON, another format, a missing key, a malformed or illegal
choice) is one error line naming the file, and the half-built battle is closed.
"""

from __future__ import annotations

import json
import os

import esper
import pytest

from game.errors import SaveError
from game.replay import load_replay, save_replay
from tests.cli.conftest import assert_one_error_line

DEMO = ("demo", "--headless", "--seed", "3", "--max-rounds", "4")


@pytest.fixture
def recorded(cli, tmp_path):
    """A finished demo battle: its printed log and its replay file."""
    path = tmp_path / "demo.replay.json"
    run = cli(*DEMO, "--save-replay", str(path))
    assert run.status == 0, run.err
    return run.out, path


def test_demo_prints_the_log_ending_in_the_result(cli):
    run = cli(*DEMO)
    assert run.status == 0, run.err
    lines = run.out.splitlines()
    assert len(lines) > 3
    last = lines[-1]
    assert (" wins after " in last or last.startswith("Draw after ")), last


def test_demo_defaults_are_d20_on_woodland(cli, recorded):
    _, path = recorded
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["ruleset"] == "d20" and data["map"] == "maps/woodland.tmx"
    assert data["format"] == "rulebook-skirmish-replay" and data["version"] == 1
    assert data["over"] is True and data["seed"] == 3 and data["max_rounds"] == 4


def test_replay_prints_the_same_log_as_the_battle(cli, recorded):
    log, path = recorded
    run = cli("replay", str(path))
    assert run.status == 0, run.err
    assert run.out == log


def test_replay_verify_confirms_the_digest(cli, recorded):
    _, path = recorded
    digest = json.loads(path.read_text(encoding="utf-8"))["digest"]
    run = cli("replay", str(path), "--verify")
    assert run.status == 0, run.err
    assert run.out == f"verified: {digest}\n"


def test_replay_verify_reports_a_mismatch_in_one_line(cli, recorded):
    _, path = recorded
    data = json.loads(path.read_text(encoding="utf-8"))
    data["digest"] = "0" * 64
    path.write_text(json.dumps(data), encoding="utf-8")
    assert_one_error_line(cli("replay", str(path), "--verify"), path.name, "mismatch")


def test_a_replay_played_from_elsewhere_finds_its_map(cli, recorded, tmp_path, monkeypatch):
    _, path = recorded
    monkeypatch.chdir(tmp_path)
    assert cli("replay", str(path), "--verify").status == 0


def test_a_save_cut_short_reloads_where_it_stopped(recorded, tmp_path):
    _, path = recorded
    full = load_replay(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["choices"] = data["choices"][: len(data["choices"]) // 2]
        cut = tmp_path / "cut.json"
        cut.write_text(json.dumps(data), encoding="utf-8")
        half = load_replay(cut)
        try:
            assert len(half.choices) == len(data["choices"])
            assert not half.over and half.pending is not None
            save_replay(half, tmp_path / "resaved.json")
            again = json.loads((tmp_path / "resaved.json").read_text(encoding="utf-8"))
            assert again["choices"] == data["choices"] and again["over"] is False
        finally:
            half.close()
    finally:
        full.close()


# --- corrupt files -------------------------------------------------------------------------
def corrupt(path, change):
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def set_key(key, value):
    return lambda data: data.__setitem__(key, value)


def break_choice(index, value):
    return lambda data: data["choices"].__setitem__(index, value)


CORRUPTIONS = {
    "wrong format": (set_key("format", "some-other-game"), "not a replay"),
    "wrong version": (set_key("version", 99), "version 99"),
    "missing key": (lambda data: data.pop("seed"), "'seed'"),
    "seed not a number": (set_key("seed", "three"), "'seed'"),
    "choices not a list": (set_key("choices", {"option": "end_turn"}), "'choices'"),
    "illegal choice": (break_choice(0, {"option": "teleport", "target": None, "params": {}}), "illegal"),
    "malformed choice": (break_choice(0, {"option": "shoot", "target": "over there"}), "malformed"),
    "not a choice": (break_choice(0, 42), "malformed"),
    "choice after the end": (lambda data: data["choices"].append({"option": "end_turn"}), "illegal"),
    "unknown ruleset": (set_key("ruleset", "chess"), "chess"),
    "missing map": (set_key("map", "maps/atlantis.tmx"), "atlantis"),
}


@pytest.mark.parametrize("name", CORRUPTIONS)
def test_a_corrupt_replay_is_one_line_naming_the_file(cli, recorded, name):
    _, path = recorded
    change, mention = CORRUPTIONS[name]
    corrupt(path, change)
    worlds = set(esper._context_map)
    for args in (("replay", str(path)), ("replay", str(path), "--verify")):
        assert_one_error_line(cli(*args), path.name, mention)
    assert set(esper._context_map) <= worlds  # the half-built battle was closed


@pytest.mark.parametrize("text, mention", [
    ("{\"format\": \"rulebook-skirmish-replay\", ", "not valid JSON"),
    ("", "not valid JSON"),
    ("[1, 2, 3]", "not a replay"),
])
def test_a_replay_that_is_not_a_replay_is_one_line(cli, tmp_path, text, mention):
    path = tmp_path / "junk.json"
    path.write_text(text, encoding="utf-8")
    assert_one_error_line(cli("replay", str(path)), "junk.json", mention)


def test_binary_garbage_is_one_line(cli, tmp_path):
    path = tmp_path / "garbage.bin"
    path.write_bytes(bytes(range(256)))
    assert_one_error_line(cli("replay", str(path)), "garbage.bin")


def test_a_missing_replay_is_one_line(cli, tmp_path):
    assert_one_error_line(cli("replay", str(tmp_path / "nothing.json")), "nothing.json")


# --- saving never clobbers a good file --------------------------------------------------------
def test_save_replay_keeps_the_old_file_when_writing_fails(recorded, tmp_path, monkeypatch):
    _, path = recorded
    good = path.read_bytes()
    battle = load_replay(path)
    try:
        def disk_full(fd):
            raise OSError(28, "No space left on device")
        monkeypatch.setattr(os, "fsync", disk_full)
        with pytest.raises(SaveError) as caught:
            save_replay(battle, path)
        assert path.name in str(caught.value) and "No space left" in str(caught.value)
    finally:
        battle.close()
    assert path.read_bytes() == good
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # no temp file left


def test_save_replay_keeps_the_old_file_when_the_battle_cannot_be_written(recorded, tmp_path, monkeypatch):
    _, path = recorded
    good = path.read_bytes()
    battle = load_replay(path)
    try:
        monkeypatch.setattr(type(battle), "digest", lambda self: 1 / 0)
        with pytest.raises(ZeroDivisionError):
            save_replay(battle, path)
    finally:
        monkeypatch.undo()
        battle.close()
    assert path.read_bytes() == good
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_save_replay_overwrites_when_it_succeeds(recorded, tmp_path):
    _, path = recorded
    battle = load_replay(path)
    try:
        copy = tmp_path / "copy.json"
        copy.write_text("old", encoding="utf-8")
        save_replay(battle, copy)
    finally:
        battle.close()
    assert json.loads(copy.read_text(encoding="utf-8")) == json.loads(path.read_text(encoding="utf-8"))
