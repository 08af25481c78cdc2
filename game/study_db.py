"""A study's battles in an SQLite file (``--db``): one row per battle, so a long study
can be stopped and resumed, and studies accumulate.

A battle is known by everything that decides it: ruleset, map, each side's AI level,
seed, round limit and the game's version (another version may play it differently).
A battle already in the file is not played again; its stored result is used.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from game.errors import InputError

SCHEMA = """
CREATE TABLE IF NOT EXISTS battles (
    ruleset TEXT NOT NULL,
    map TEXT NOT NULL,
    level_1 TEXT NOT NULL,
    level_2 TEXT NOT NULL,
    seed INTEGER NOT NULL,
    max_rounds INTEGER NOT NULL,
    version TEXT NOT NULL,
    winner INTEGER,
    rounds INTEGER NOT NULL,
    casualties TEXT NOT NULL,
    digest TEXT NOT NULL,
    PRIMARY KEY (ruleset, map, level_1, level_2, seed, max_rounds, version)
)
"""


def game_version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("rulebook-skirmish")
    except PackageNotFoundError:
        return "unknown"


class BattleDB:
    """The battles of one study file."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if self.path.is_dir():
            raise InputError("--db", f"{str(path)[:200]} is a directory, not a database file")
        try:
            self.conn = sqlite3.connect(self.path)
            self.conn.execute(SCHEMA)
            self.conn.commit()
        except sqlite3.DatabaseError as exc:
            raise InputError("--db", f"{str(path)[:200]} cannot be used as a study database ({exc})") from None
        self.version = game_version()

    def _key(self, spec, map_ref: str, max_rounds: int) -> tuple:
        return (spec.ruleset, map_ref, spec.level(1), spec.level(2), spec.seed, max_rounds, self.version)

    def find(self, spec, map_ref: str, max_rounds: int) -> dict | None:
        row = self.conn.execute(
            "SELECT winner, rounds, casualties, digest FROM battles WHERE ruleset=? AND map=? "
            "AND level_1=? AND level_2=? AND seed=? AND max_rounds=? AND version=?",
            self._key(spec, map_ref, max_rounds)).fetchone()
        if row is None:
            return None
        winner, rounds, casualties, digest = row
        return {"seed": spec.seed, "levels": {"1": spec.level(1), "2": spec.level(2)},
                "winner": winner, "rounds": rounds, "casualties": json.loads(casualties),
                "digest": digest}

    def add(self, spec, map_ref: str, max_rounds: int, result: dict) -> None:
        self.conn.execute(
            "INSERT OR REPLACE INTO battles VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            self._key(spec, map_ref, max_rounds) + (
                result["winner"], result["rounds"], json.dumps(result["casualties"], sort_keys=True),
                result["digest"]))
        self.conn.commit()

    def count(self) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM battles").fetchone()[0]

    def close(self) -> None:
        self.conn.close()


def run_with_db(specs, run, db: BattleDB | None, map_ref_of, max_rounds: int):
    """Results for `specs` in order: from `db` where known, else from `run` (which
    plays an iterable of specs and yields results in order), each new one stored."""
    from itertools import islice
    specs = iter(specs)
    if db is None:
        yield from run(specs)
        return
    while batch := list(islice(specs, 256)):
        known = [db.find(s, map_ref_of(s), max_rounds) for s in batch]
        todo = [s for s, k in zip(batch, known) if k is None]
        fresh = iter(run(todo)) if todo else iter(())
        for spec, result in zip(batch, known):
            if result is None:
                result = next(fresh)
                db.add(spec, map_ref_of(spec), max_rounds, result)
            yield result
