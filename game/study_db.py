"""A study's battles in an SQLite file (``--db``): one row per battle, so a long study
can be stopped and resumed, and studies accumulate.

A stored battle is keyed on everything that decides it, so a stale row is never
returned (issue 32, item 1):

* the *setup*: a hash of the ruleset's data files, the map's bytes and those of the
  tilesets (and templates) it names, the squads, and the game's code (every ``.py``,
  ``.toml`` and ``.c`` file of the ``game`` package: engine, rulesets, AI, and the
  movement search's C source, which every install ships beside its compiled module);
* each side's AI level, the seed and the round limit.

The ruleset id, the map's name and the game's version are stored too, for people
reading the file, but decide nothing: a version number is not bumped for every
change. Rows written before the setup was part of the key (a table without the
``setup`` column) are moved aside to ``battles_unkeyed`` and never read.

A row holds everything `simulate --json` says of a battle: winner, how it ended
(``how``), rounds, casualties, each side's victory points (``points``) and the digest
(issue 28). Rows written before ``how`` and ``points`` were stored (NULL ``points``)
are not returned: the battle is played again and its row replaced, since a reused
battle must say what a played one says.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sqlite3
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Callable, Iterable, Iterator

from game import kept
from game.errors import InputError

SCHEMA = """
CREATE TABLE IF NOT EXISTS battles (
    setup TEXT NOT NULL,
    level_1 TEXT NOT NULL,
    level_2 TEXT NOT NULL,
    seed INTEGER NOT NULL,
    max_rounds INTEGER NOT NULL,
    ruleset TEXT NOT NULL,
    map TEXT NOT NULL,
    version TEXT NOT NULL,
    winner INTEGER,
    rounds INTEGER NOT NULL,
    casualties TEXT NOT NULL,
    digest TEXT NOT NULL,
    how TEXT,
    points TEXT,
    PRIMARY KEY (setup, level_1, level_2, seed, max_rounds)
)
"""

PACKAGE_ROOT = Path(__file__).resolve().parent  # the `game` package whose code plays the battles
# The compiled search is hashed by its source: the same on every machine that builds it
# (its compiled bytes are not, and `--cluster` workers must match the client).
CODE_SUFFIXES = (".py", ".toml", ".c")


def game_version() -> str:
    from game import __version__
    return __version__


# --- what decides a battle ----------------------------------------------------------------
def _hash_files(files: Iterable[Path], root: Path) -> str:
    """One hash of the files' names (relative to `root`) and contents, in name order."""
    h = hashlib.sha256()
    for path in sorted(files, key=lambda p: p.relative_to(root).as_posix()):
        name = path.relative_to(root).as_posix().encode()
        data = path.read_bytes()
        h.update(len(name).to_bytes(8, "big") + name + len(data).to_bytes(8, "big") + data)
    return h.hexdigest()


def _package_files(root: Path, keep: Callable[[Path], bool]) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts and keep(p)]


@kept.pure("code-hash")
def code_hash(root: Path = PACKAGE_ROOT) -> str:
    """The game's source and rule data: any change to them may change a battle. In the
    standalone build (PyInstaller, tools/build_bundle.py) there are no ``.py`` files:
    the code is compiled into the program file, which is hashed instead."""
    files = _hash_files(_package_files(root, lambda p: p.suffix in CODE_SUFFIXES), root)
    if not getattr(sys, "frozen", False):
        return files
    program = hashlib.sha256(Path(sys.executable).read_bytes()).hexdigest()
    return hashlib.sha256(f"{files} {program}".encode()).hexdigest()


def ruleset_data_dir(ruleset: str) -> Path:
    """The folder of the ruleset's package, where its data files are."""
    from game.rulesets import REGISTRY
    spec = importlib.util.find_spec(REGISTRY[ruleset].module)
    return Path(list(spec.submodule_search_locations)[0])


def ruleset_data_hash(ruleset: str) -> str:
    """The ruleset's data files (everything in its folder but Python code)."""
    folder = ruleset_data_dir(ruleset)
    return _hash_files(_package_files(folder, lambda p: p.suffix not in (".py", ".pyc")), folder)


def map_hash(map_path: str | Path) -> str:
    """The map's bytes and those of every external tileset or template it names (a
    tile's walls, cover and elevation may live in its tileset)."""
    path = Path(map_path).resolve()
    h = hashlib.sha256(path.read_bytes())
    for ref in _map_references(path):
        h.update(ref.name.encode())
        try:
            h.update(hashlib.sha256(ref.read_bytes()).digest())
        except OSError:
            h.update(b"missing")  # the map loader reports it; a missing file is part of the key too
    return h.hexdigest()


def _map_references(path: Path) -> list[Path]:
    try:
        root = ET.fromstring(path.read_bytes())
    except ET.ParseError:
        return []
    found = []
    for element in root.iter():
        source = element.get("source") if element.tag == "tileset" else element.get("template")
        if source:
            found.append((path.parent / source).resolve())
    return found


def setup_hash(ruleset: str, map_path: str | Path, squads=None) -> str:
    """What decides a battle besides the AI levels, the seed and the round limit.
    `squads` None: the map's and the ruleset's default squads (all a study fields)."""
    parts = {"ruleset": ruleset, "ruleset_data": ruleset_data_hash(ruleset), "map": map_hash(map_path),
             "squads": squads, "code": code_hash(PACKAGE_ROOT)}
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()


# --- the file -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Setup:
    """A battle's setup as the database keys it: the hash, with names for readers."""

    hash: str
    ruleset: str
    map_ref: str


def study_setup(ruleset: str, map_path: str | Path) -> Setup:
    from game.replay import map_ref
    return Setup(setup_hash(ruleset, map_path), ruleset, map_ref(map_path))


class BattleDB:
    """The battles of one study file."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if self.path.is_dir():
            raise InputError("--db", f"{str(path)[:200]} is a directory, not a database file")
        try:
            self.conn = sqlite3.connect(self.path)
            self._set_aside_unkeyed_rows()
            self.conn.execute(SCHEMA)
            self._add_outcome_columns()
            self.conn.commit()
        except sqlite3.DatabaseError as exc:
            raise InputError("--db", f"{str(path)[:200]} cannot be used as a study database ({exc})") from None
        self.version = game_version()
        self.reused = 0  # rows returned by find() since the file was opened

    def _set_aside_unkeyed_rows(self) -> None:
        columns = [row[1] for row in self.conn.execute("PRAGMA table_info(battles)")]
        if columns and "setup" not in columns:
            self.conn.execute("DROP TABLE IF EXISTS battles_unkeyed")
            self.conn.execute("ALTER TABLE battles RENAME TO battles_unkeyed")

    def _add_outcome_columns(self) -> None:
        """A file from before `how` and `points` were stored gains the columns (NULL in its
        old rows, which `find` then passes over)."""
        columns = [row[1] for row in self.conn.execute("PRAGMA table_info(battles)")]
        for column in ("how", "points"):
            if column not in columns:
                self.conn.execute(f"ALTER TABLE battles ADD COLUMN {column} TEXT")

    @staticmethod
    def _key(spec, setup: Setup, max_rounds: int) -> tuple:
        return (setup.hash, spec.level(1), spec.level(2), spec.seed, max_rounds)

    def find(self, spec, setup: Setup, max_rounds: int) -> dict | None:
        row = self.conn.execute(
            "SELECT winner, how, rounds, casualties, points, digest FROM battles WHERE setup=? "
            "AND level_1=? AND level_2=? AND seed=? AND max_rounds=? AND points IS NOT NULL",
            self._key(spec, setup, max_rounds)).fetchone()
        if row is None:
            return None
        self.reused += 1
        winner, how, rounds, casualties, points, digest = row
        # The same keys in the same order as game.simulate.battle_result.
        return {"seed": spec.seed, "levels": {"1": spec.level(1), "2": spec.level(2)},
                "winner": winner, "how": how, "rounds": rounds, "casualties": json.loads(casualties),
                "points": json.loads(points), "digest": digest}

    def add(self, spec, setup: Setup, max_rounds: int, result: dict) -> None:
        self.conn.execute(
            "INSERT OR REPLACE INTO battles (setup, level_1, level_2, seed, max_rounds, ruleset, map, "
            "version, winner, rounds, casualties, digest, how, points) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            self._key(spec, setup, max_rounds) + (setup.ruleset, setup.map_ref, self.version) + (
                result["winner"], result["rounds"], json.dumps(result["casualties"], sort_keys=True),
                result["digest"], result["how"], json.dumps(result["points"])))
        self.conn.commit()

    def count(self) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM battles").fetchone()[0]

    def close(self) -> None:
        self.conn.close()


def reuse_line(db: BattleDB, total: int) -> str:
    """What `--db` saved: printed after a study."""
    return f"--db {str(db.path)[:200]}: {db.reused} of {total} battles reused, {total - db.reused} played"


def run_with_db(specs, run, db: BattleDB | None, setup_of: Callable[[object], Setup],
                max_rounds: int) -> Iterator[dict]:
    """Results for `specs` in order: from `db` where known, else from `run` (which
    plays an iterable of specs and yields results in order), each new one stored.
    `setup_of(spec)` is the spec's Setup (computed once per map by the caller)."""
    specs = iter(specs)
    if db is None:
        yield from run(specs)
        return
    while batch := list(islice(specs, 256)):
        known = [db.find(s, setup_of(s), max_rounds) for s in batch]
        todo = [s for s, k in zip(batch, known) if k is None]
        fresh = iter(run(todo)) if todo else iter(())
        for spec, result in zip(batch, known):
            if result is None:
                result = next(fresh)
                db.add(spec, setup_of(spec), max_rounds, result)
            yield result
