"""Replay files: map + ruleset + squads + seed + the list of choices reproduce a battle.

A save is the same file cut short (``"over": false``). Loading re-simulates every
choice headless through ``Battle.submit``, so a replayed line passes the same checks
as a click or an AI answer. Any problem with the file (unreadable, bad JSON, wrong
format, a missing key, a malformed or illegal choice) is one ``SaveError`` naming the
file and the problem.

The file, version 1::

    {"format": "rulebook-skirmish-replay", "version": 1,
     "map": "maps/woodland.tmx", "ruleset": "d20", "seed": 0,
     "squads": {"1": ["gunner", ...], ...} or null, "max_rounds": 40,
     "player_sides": [1] (optional: the sides a person commanded),
     "choices": [{"option": ..., "target": ..., "params": {...}}, ...],
     "digest": "<sha256 of the state when saved>", "over": true}

Maps shipped inside the package are recorded as ``maps/<name>``, maps in the player's
map folder as ``user-maps/<name>``, and found there again wherever the game is run
from and however it was installed; other maps are recorded by absolute path.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from game.errors import IllegalChoice, InputError, SaveError

FORMAT = "rulebook-skirmish-replay"
VERSION = 1
KEYS = ("format", "version", "map", "ruleset", "seed", "squads", "max_rounds",
        "choices", "digest", "over")


# --- where maps live (game.world.catalog) ---------------------------------------------
def maps_dir() -> Path:
    """The shipped maps, inside the installed package (``game/maps``)."""
    from game.world.catalog import shipped_maps_dir
    return shipped_maps_dir()


def default_map() -> Path:
    return maps_dir() / "woodland.tmx"


def resolve_map(ref: str | Path) -> Path:
    """The map file a user or a replay names (see ``game.world.catalog.resolve_map``)."""
    from game.world.catalog import resolve_map as resolve
    return resolve(ref)


def map_ref(path: str | Path) -> str:
    """How a replay names a map: ``maps/<name>`` shipped, ``user-maps/<name>`` in the
    player's folder, else the absolute path (see ``game.world.catalog.map_ref``)."""
    from game.world.catalog import map_ref as ref
    return ref(path)


# --- writing -------------------------------------------------------------------------
def atomic_write_text(path: str | Path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same folder and
    ``os.replace``: readers see the old file or the new one, never half of either, and
    a failed write leaves an existing file untouched."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def replay_data(battle: Any, squads: Mapping[int, Sequence[str]] | None = None) -> dict:
    """The replay of `battle` so far, as the JSON object the file holds."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "map": map_ref(battle.map.path),
        "ruleset": battle.ruleset.id,
        "seed": battle.seed,
        "squads": None if squads is None else {str(t): list(s) for t, s in sorted(squads.items())},
        "max_rounds": battle.max_rounds,
        "player_sides": sorted(battle.player_sides),
        "choices": [c.to_json() for c in battle.choices],
        "digest": battle.digest(),
        "over": bool(battle.over),
    }


def save_replay(battle: Any, path: str | Path,
                squads: Mapping[int, Sequence[str]] | None = None) -> None:
    """Write `battle`'s replay to `path` atomically (see `atomic_write_text`)."""
    text = json.dumps(replay_data(battle, squads), indent=1) + "\n"
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise SaveError(path, f"cannot be written ({exc.strerror or exc})") from None


# --- reading -------------------------------------------------------------------------
@dataclass(frozen=True)
class Replay:
    """A replay file's contents, checked for shape (not yet re-simulated)."""

    path: Path
    map: str
    ruleset: str
    seed: int
    squads: dict[int, list[str]] | None
    max_rounds: int
    choices: tuple[Any, ...]  # raw JSON: each is checked when it is replayed
    digest: str
    over: bool
    player_sides: frozenset[int] = frozenset()  # optional key: absent means none


def read_replay(path: str | Path) -> Replay:
    """Read and check a replay file's shape; raise SaveError naming the file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(path, "no such file") from None
    except UnicodeDecodeError:
        raise SaveError(path, "is not a text file (not UTF-8)") from None
    except OSError as exc:
        raise SaveError(path, f"cannot be read ({exc.strerror or exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(path, f"is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise SaveError(path, "is not valid JSON (nested too deeply)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(path, f"is not a replay (expected \"format\": \"{FORMAT}\")")
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise SaveError(path, f"is a version {version!r} replay; this game reads version {VERSION}")
    missing = [k for k in KEYS if k not in data]
    if missing:
        raise SaveError(path, f"is missing the key {missing[0]!r}")

    def need(key: str, kind: type | tuple, what: str) -> Any:
        value = data[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise SaveError(path, f"key {key!r} must be {what} (it is {value!r:.60})")
        return value

    seed = need("seed", int, "an integer")
    max_rounds = need("max_rounds", int, "an integer")
    if max_rounds < 1:
        raise SaveError(path, f"key 'max_rounds' must be at least 1 (it is {max_rounds})")
    choices = need("choices", list, "a list of choices")
    squads_raw = need("squads", (dict, type(None)), "an object of team -> templates, or null")
    squads = None
    if squads_raw is not None:
        squads = {}
        for team, templates in squads_raw.items():
            if not team.lstrip("-").isdigit() or not isinstance(templates, list) \
                    or not all(isinstance(t, str) for t in templates):
                raise SaveError(path, f"squad {team!r} must be a team number with a list of template names")
            squads[int(team)] = list(templates)
    sides = data.get("player_sides", [])
    if not isinstance(sides, list) or not all(isinstance(t, int) and not isinstance(t, bool)
                                              for t in sides):
        raise SaveError(path, f"key 'player_sides' must be a list of side numbers (it is {sides!r:.60})")
    return Replay(path, need("map", str, "a map path"), need("ruleset", str, "a ruleset id"), seed,
                  squads, max_rounds, tuple(choices), need("digest", str, "a digest string"),
                  need("over", bool, "true or false"), frozenset(sides))


def replay_battle(replay: Replay) -> Any:
    """Start the battle a replay names and re-submit every choice, headless.

    On any problem the partly built battle is closed and SaveError names the file.
    """
    from game.engine.decisions import Choice
    from game.engine.setup import new_battle

    try:
        battle = new_battle(resolve_map(replay.map), replay.ruleset, seed=replay.seed,
                            squads=replay.squads, max_rounds=replay.max_rounds,
                            player_sides=replay.player_sides)
    except InputError as exc:
        raise SaveError(replay.path, f"{exc.where}: {exc.problem}") from None
    try:
        total = len(replay.choices)
        for n, raw in enumerate(replay.choices, start=1):
            try:
                choice = Choice.from_json(raw)
            except (ValueError, TypeError) as exc:
                raise SaveError(replay.path, f"choice {n} of {total} is malformed: {exc}") from None
            try:
                battle.submit(choice)
            except IllegalChoice as exc:
                raise SaveError(replay.path, f"choice {n} of {total} is illegal: {exc}") from None
    except BaseException:
        battle.close()
        raise
    return battle


def load_replay(path: str | Path) -> Any:
    """The Battle a replay (or save) file records, re-simulated to where it was saved."""
    return replay_battle(read_replay(path))
