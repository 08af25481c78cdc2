"""Any bytes in, a value or one clean error out (issue 17.3), for every reader behind
the validation layer (`game.validation`): replays and saves, the window's side/fog
choices, settings, ruleset data files. Hypothesis writes random bytes and random
JSON-shaped documents (with the known killers mixed in: integers over 4,300 digits,
keys like "²" that pass `str.isdigit()` but not `int()`, deep nesting, NUL bytes).
"""

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.errors import DataError, SaveError
from game.replay import read_replay
from game.ui.saves import list_saves, load_battle, meta_path, read_meta, save_battle
from game.ui.settings import Settings, load_settings

HUGE = "9" * 5000
KILLERS = st.sampled_from([HUGE, "²", "\x00", "-0", "1e999", "[" * 3000, "{\"a\":" * 3000])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                    st.text(max_size=20), KILLERS)
JSONISH = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.text(max_size=8), KILLERS), inner, max_size=4)),
    max_leaves=12)
FUZZ = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def as_text(value) -> str:
    """JSON text, with the killer strings spliced in raw (a 5000-digit number, deep nesting)."""
    text = json.dumps(value)
    return text.replace(json.dumps(HUGE), HUGE).replace(json.dumps("[" * 3000), "[" * 3000 + "]" * 3000)


REPLAY_KEYS = ["format", "version", "map", "ruleset", "seed", "squads", "max_rounds",
               "choices", "digest", "over", "player_sides", "window", "dice"]


@FUZZ
@given(data=st.binary(max_size=300))
def test_replay_any_bytes(tmp_path, data):
    path = tmp_path / "r.json"
    path.write_bytes(data)
    try:
        read_replay(path)
    except SaveError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400


@FUZZ
@given(values=st.fixed_dictionaries({}, optional={k: JSONISH for k in REPLAY_KEYS}))
def test_replay_any_document(tmp_path, values):
    doc = {"format": "rulebook-skirmish-replay", "version": 1, **values}
    path = tmp_path / "r.json"
    path.write_text(as_text(doc))
    try:
        read_replay(path)
    except SaveError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400


@pytest.mark.parametrize("text", [
    '{"format": "rulebook-skirmish-replay", "version": 1, "seed": %s}' % HUGE,
    '{"format": "rulebook-skirmish-replay", "version": 1, "map": "a", "ruleset": "d20", "seed": 0,'
    ' "squads": {"²": ["gunner"]}, "max_rounds": 3, "choices": [], "digest": "", "over": false}',
    '{"format": "rulebook-skirmish-replay", "version": 1, "map": "a", "ruleset": "d20", "seed": 0,'
    ' "squads": null, "max_rounds": 3, "choices": [], "digest": "%s", "over": false}' % ("d" * 100000),
])
def test_replay_known_killers_are_one_short_line(tmp_path, text, capsys):
    from game.cli import main
    path = tmp_path / "r.json"
    path.write_text(text)
    with pytest.raises(SaveError):
        read_replay(path)
    assert main(["replay", str(path), "--verify"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 500


@FUZZ
@given(data=st.one_of(st.binary(max_size=200), JSONISH.map(lambda v: as_text(v).encode())))
def test_settings_any_bytes_give_settings_and_at_most_a_note(tmp_path, data):
    path = tmp_path / "settings.json"
    path.write_bytes(data)
    s, note = load_settings(path)
    assert isinstance(s, Settings) and "\n" not in note
    assert 320 <= s.window[0] <= 3840 and 240 <= s.window[1] <= 2160
    assert "\x00" not in s.map and len(s.map) <= 255


def test_settings_known_killers(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"seed": %s}' % HUGE)
    assert load_settings(path)[0] == Settings()
    path.write_text('{"map": "wood\\u0000land", "window": [10000, 10000]}')
    s, note = load_settings(path)
    assert s.map == "woodland" and s.window == (3840, 2160) and note == ""


@FUZZ
@given(data=st.one_of(st.binary(max_size=200), JSONISH.map(lambda v: as_text(v).encode()),
                      st.fixed_dictionaries({"sides": JSONISH, "fog": JSONISH}).map(lambda v: as_text(v).encode())))
def test_side_and_fog_choices_any_bytes(tmp_path, data):
    save = tmp_path / "s.json"
    meta_path(save).write_bytes(data)
    meta = read_meta(save)
    assert set(meta) <= {"sides", "fog"}
    assert all(isinstance(k, int) and v in ("human", "ai") for k, v in meta.get("sides", {}).items())


def test_the_saves_folder_with_a_broken_link_a_fifo_and_a_folder_lists_only_saves(tmp_path):
    (tmp_path / "broken.json").symlink_to(tmp_path / "nowhere")
    os.mkfifo(tmp_path / "x.json")
    (tmp_path / "dir.json").mkdir()
    (tmp_path / "real.json").write_text("{}")
    assert list_saves(tmp_path) == [tmp_path / "real.json"]
    with pytest.raises(SaveError, match="not a regular file"):
        read_replay(tmp_path / "x.json")  # refused at once, never blocking on the FIFO


def test_a_save_holds_its_side_and_fog_choices_so_they_cannot_disagree(tmp_path):
    from game.ai import RandomController
    from game.engine.setup import new_battle
    b = new_battle("maps/arena.tmx", "fate", seed=1, max_rounds=2)
    for _ in range(4):
        b.submit(RandomController(1).decide(b, b.pending))
    path = tmp_path / "save.json"
    meta_path(path).write_text('{"sides": {"1": "ai", "2": "ai"}, "fog": false}')  # an old side file
    save_battle(b, {1: "human", 2: "ai"}, True, path=path)
    b.close()
    assert not meta_path(path).exists()
    assert json.loads(path.read_text())["window"] == {"sides": {"1": "human", "2": "ai"}, "fog": True}
    loaded, meta = load_battle(path)
    loaded.close()
    assert meta["sides"] == {1: "human", 2: "ai"} and meta["fog"] is True


@FUZZ
@given(data=st.binary(max_size=200))
def test_a_ruleset_data_file_any_bytes(tmp_path, data):
    from pydantic import BaseModel

    from game.rulesets.data import load_table

    class Entry(BaseModel):
        id: str
        damage: int = 0

    path = tmp_path / "weapons.toml"
    path.write_bytes(data)
    try:
        load_table(path, Entry)
    except DataError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 600


def test_a_ruleset_data_file_known_killers(tmp_path):
    from pydantic import BaseModel

    from game.rulesets.data import load_table

    class Entry(BaseModel):
        id: str
        damage: int = 0

    path = tmp_path / "weapons.toml"
    for text in (f"[smg]\ndamage = {HUGE}\n", "a = " + "[" * 5000 + "]" * 5000, "[smg]\ndamage = 'x'\n"):
        path.write_text(text)
        with pytest.raises(DataError):
            load_table(path, Entry)


CHOICE = st.one_of(JSONISH, st.fixed_dictionaries(
    {"option": st.sampled_from(["declare", "move", "attack", "end_turn", "x"])},
    optional={"target": st.one_of(JSONISH, st.lists(st.integers(), max_size=3)), "params": JSONISH}))


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(choices=st.lists(CHOICE, max_size=4))
def test_replaying_any_choices_gives_a_battle_or_one_error(tmp_path, choices):
    from game.replay import replay_battle
    doc = {"format": "rulebook-skirmish-replay", "version": 1, "map": "maps/arena.tmx",
           "ruleset": "fate", "seed": 0, "squads": None, "max_rounds": 2, "choices": choices,
           "digest": "", "over": False, "dice": 2}
    path = tmp_path / "r.json"
    path.write_text(as_text(doc))
    try:
        replay_battle(read_replay(path)).close()
    except SaveError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 600
