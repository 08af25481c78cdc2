"""`--db` never returns a stale battle (issue 32, item 1): a stored battle is keyed on
the ruleset's data, the map's and its tileset's bytes, the game's code, the AI levels,
the seed and the round limit; every run says how many battles it reused."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from game import study_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def study(cli, tmp_path):
    """A copy of the arena map with its tileset, and `run()`: simulate 3 short battles
    on it with --db, returning the line that says what was reused."""
    (tmp_path / "maps").mkdir()
    shutil.copy2(ROOT / "game" / "maps" / "arena.tmx", tmp_path / "maps" / "arena.tmx")
    shutil.copytree(ROOT / "game" / "assets", tmp_path / "assets", ignore=shutil.ignore_patterns("fonts"))
    db = tmp_path / "study.db"

    def run(*extra: str) -> str:
        done = cli("simulate", "--ruleset", "d20", "--map", str(tmp_path / "maps" / "arena.tmx"),
                   "--battles", "3", "--seed", "7", "--max-rounds", "2", "--db", str(db), *extra)
        assert done.status == 0, done.err
        (line,) = [ln for ln in done.err_lines if ln.startswith("--db ")]
        return line.split(": ", 1)[1]

    run.folder = tmp_path
    return run


FRESH = "0 of 3 battles reused, 3 played"
REUSED = "3 of 3 battles reused, 0 played"


def _append(path: Path, text: str) -> None:
    path.write_bytes(path.read_bytes() + text.encode())


def test_the_same_study_is_reused_whole(study):
    assert study() == FRESH
    assert study() == REUSED
    assert study("--ai", "1=easy") == FRESH  # another level for side 1: other battles
    assert study("--max-rounds", "3") == FRESH


def test_a_changed_map_or_tileset_reuses_nothing(study):
    assert study() == FRESH
    _append(study.folder / "maps" / "arena.tmx", "<!-- edited -->\n")
    assert study() == FRESH
    assert study() == REUSED
    _append(study.folder / "assets" / "tileset.tsx", "<!-- edited -->\n")
    assert study() == FRESH


def test_a_changed_ruleset_data_file_reuses_nothing(study, tmp_path, monkeypatch):
    # The case: the d20 pistol's damage goes from 1d8 to 4d12. The hash input
    # is a copy of the ruleset's folder (the battles still play the real one).
    data = tmp_path / "d20-data"
    shutil.copytree(ROOT / "game" / "rulesets" / "d20", data, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(study_db, "ruleset_data_dir", lambda ruleset: data)
    assert study() == FRESH
    assert study() == REUSED  # the same bytes elsewhere: the same key
    weapons = data / "weapons.toml"
    text = weapons.read_text()
    assert 'damage = "1d8"' in text
    weapons.write_text(text.replace('damage = "1d8"', 'damage = "4d12"', 1))
    assert study() == FRESH


def test_changed_code_reuses_nothing(study, tmp_path, monkeypatch):
    code = tmp_path / "game-copy"
    shutil.copytree(ROOT / "game", code, ignore=shutil.ignore_patterns("__pycache__", "*.png", "*.ttf"))
    monkeypatch.setattr(study_db, "PACKAGE_ROOT", code)
    study_db.code_hash.cache_clear()
    assert study() == FRESH
    assert study() == REUSED
    _append(code / "engine" / "dice.py", "\n# a change\n")
    study_db.code_hash.cache_clear()
    assert study() == FRESH


def test_rows_stored_before_the_setup_key_are_never_returned(tmp_path):
    # The old table: keyed on names and the version string only.
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE battles (ruleset TEXT, map TEXT, level_1 TEXT, level_2 TEXT, seed INTEGER, "
                     "max_rounds INTEGER, version TEXT, winner INTEGER, rounds INTEGER, casualties TEXT, "
                     "digest TEXT, PRIMARY KEY (ruleset, map, level_1, level_2, seed, max_rounds, version))")
        conn.execute("INSERT INTO battles VALUES ('d20','maps/arena','normal','normal',7,2,'0.1.0',1,2,'{}','x')")
    db = study_db.BattleDB(path)
    try:
        assert db.count() == 0
        assert db.conn.execute("SELECT COUNT(*) FROM battles_unkeyed").fetchone()[0] == 1
    finally:
        db.close()


def test_map_hash_covers_the_tileset(tmp_path):
    (tmp_path / "maps").mkdir()
    shutil.copy2(ROOT / "game" / "maps" / "arena.tmx", tmp_path / "maps" / "arena.tmx")
    shutil.copytree(ROOT / "game" / "assets", tmp_path / "assets", ignore=shutil.ignore_patterns("fonts"))
    before = study_db.map_hash(tmp_path / "maps" / "arena.tmx")
    assert before == study_db.map_hash(ROOT / "game" / "maps" / "arena.tmx")
    _append(tmp_path / "assets" / "tileset.tsx", " ")
    assert study_db.map_hash(tmp_path / "maps" / "arena.tmx") != before


# --- a reused battle says what a played one says (issue 28, item 2) ------------------------
SCENARIO_ARGS = ("simulate", "--ruleset", "fate", "--map", str(ROOT / "game" / "maps" / "crossroads_farms.tmx"),
                 "--battles", "3", "--seed", "1", "--max-rounds", "3")


def _battles(cli, path: Path, *extra: str) -> list[dict]:
    done = cli(*SCENARIO_ARGS, "--json", str(path), *extra)
    assert done.status == 0, done.err
    return json.loads(path.read_text(encoding="utf-8"))["battles"]


def test_a_reused_scenario_battle_keeps_how_it_ended_and_its_points(cli, tmp_path):
    # Three Farms cut to 3 rounds: the round limit decides on points, so `how` and the
    # points are not the plain battle's defaults.
    db = str(tmp_path / "study.db")
    plain = _battles(cli, tmp_path / "plain.json")
    played = _battles(cli, tmp_path / "played.json", "--db", db)
    reused = _battles(cli, tmp_path / "reused.json", "--db", db)
    assert any(b["how"] == "round limit" and sum(b["points"].values()) > 0 for b in plain)
    assert played == plain
    assert reused == plain  # every key, in the same order: winner, how, points included
    assert [list(b) for b in reused] == [list(b) for b in plain]


def test_rows_stored_without_how_and_points_are_played_again(cli, tmp_path):
    db = tmp_path / "study.db"
    plain = _battles(cli, tmp_path / "plain.json", "--db", str(db))
    # A file from before the columns: drop them (SQLite >= 3.35) and NULL stands for old rows.
    with sqlite3.connect(db) as conn:
        conn.execute("ALTER TABLE battles DROP COLUMN how")
        conn.execute("ALTER TABLE battles DROP COLUMN points")
    done = cli(*SCENARIO_ARGS, "--json", str(tmp_path / "again.json"), "--db", str(db))
    assert done.status == 0, done.err
    assert "0 of 3 battles reused, 3 played" in done.err
    assert json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))["battles"] == plain
    assert _battles(cli, tmp_path / "third.json", "--db", str(db)) == plain  # the replaced rows now reused


def test_the_compiled_search_is_keyed_by_its_source(tmp_path):
    # The movement search is C (game/world/_search.c): a change to it changes the code's
    # hash like a change to any .py file, on every machine alike.
    code = tmp_path / "game-copy"
    shutil.copytree(ROOT / "game", code, ignore=shutil.ignore_patterns("__pycache__", "*.png", "*.ttf"))
    study_db.code_hash.cache_clear()
    before = study_db.code_hash(code)
    _append(code / "world" / "_search.c", "\n/* a change */\n")
    study_db.code_hash.cache_clear()
    assert study_db.code_hash(code) != before


# --- price and balance resume from --db too (issue 29) -----------------------------------
def _without_progress(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("progress"))


@pytest.mark.parametrize("command", [
    ("price", "--ruleset", "d20", "--maps", "arena", "--battles", "12", "--seed", "3", "--max-rounds", "4"),
    ("balance", "--ruleset", "d20", "--maps", "arena", "--pairs", "2", "--battles", "4", "--seed", "3",
     "--max-rounds", "4", "--no-baseline"),
])
def test_price_and_balance_reuse_stored_battles(cli, tmp_path, command):
    db = str(tmp_path / "study.db")
    total = 12 + 2 * 12 if command[0] == "price" else 8  # price: 12 first battles, two refits of 12
    plain = cli(*command)
    first = cli(*command, "--db", db)
    again = cli(*command, "--db", db)
    assert plain.status == first.status == again.status == 0, (first.err, again.err)
    assert f"0 of {total} battles reused, {total} played" in first.err
    assert f"{total} of {total} battles reused, 0 played" in again.err
    assert plain.out == first.out == again.out  # the same fit or table, played or reused

