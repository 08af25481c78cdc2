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
     "names": {"1": ["Ada", "", ...], ...} (optional: the squads' units' own names),
     "custom_units": {"heavy": {...}, ...} (optional: the definitions of the designer's
                     units the battle fields, game.custom_units, so it replays anywhere),
     "player_sides": [1] (optional: the sides a person commanded),
     "choices": [{"option": ..., "target": ..., "params": {...}}, ...],
     "digest": "<sha256 of the state when saved>", "over": true, "dice": 2}

``"dice": 2`` (written since issue 17.10) means a negative seed has dice of its own;
a file without it was written when ``Random(-n)`` gave the dice of ``n``, and replays
with those dice, so every old replay keeps its meaning (`game.engine.dice.dice_stream`).
Seeds are bounded, |seed| < 2**63, as on the command line.

Maps shipped inside the package are recorded as ``maps/<name>``, maps in the player's
map folder as ``user-maps/<name>``, and found there again wherever the game is run
from and however it was installed; other maps are recorded by absolute path.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from pydantic import BaseModel, ConfigDict, Field, field_validator
from typing import Annotated, Literal

from game.engine.dice import SEED_LIMIT
from game.engine.flow import MAX_ROUNDS  # the one round limit, shared with the command line
from game.errors import IllegalChoice, InputError, SaveError
from game.validation import clip

FORMAT = "rulebook-skirmish-replay"
VERSION = 1
#: A squad's team number: ASCII digits only ("²" passes str.isdigit() but not int()).
_TeamKey = Annotated[str, Field(pattern=r"^-?[0-9]{1,9}$")]
#: A unit's own name: up to 64 characters, no control characters (game.squads).
_NAME = r"^[^\x00-\x1f\x7f]*$"
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
    """Write `text` to `path` with the game's one writer (`game.files.write_text`):
    atomic for regular files, symlinks followed, special files written in place."""
    from game.files import write_text
    write_text(path, text)


def replay_data(battle: Any, squads: Mapping[int, Sequence[str]] | None = None,
                window: Mapping[str, Any] | None = None) -> dict:
    """The replay of `battle` so far, as the JSON object the file holds. `window` is the
    window's own choices for a save (who plays each side, fog), kept in the same file so
    a save and its settings can never disagree."""
    extra = {} if window is None else {"window": dict(window)}
    extra.update(squad_extras(battle))
    return {**extra, 
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
        "dice": 2,  # negative seeds have their own dice (see Replay.legacy_dice)
    }


def squad_extras(battle: Any) -> dict:
    """The optional keys a battle with named units or custom units needs (issue 29):
    the names per side in squad order (the orders of a side are in squad order,
    game.engine.setup), and the definitions of the custom templates it fields."""
    extra: dict = {}
    named: dict[str, list[str]] = {}
    for order in battle.orders:
        named.setdefault(str(order.team), []).append(order.name)
    if any(any(names) for names in named.values()):
        extra["names"] = {team: names for team, names in named.items() if any(names)}
    custom = getattr(battle.ruleset, "custom", None)
    used = custom.only(o.template for o in battle.orders) if custom is not None else None
    if used is not None:
        extra["custom_units"] = used.tables()
    return extra


def save_replay(battle: Any, path: str | Path,
                squads: Mapping[int, Sequence[str]] | None = None,
                window: Mapping[str, Any] | None = None, exclusive: bool = False) -> None:
    """Write `battle`'s replay to `path` atomically (see `atomic_write_text`). With
    `exclusive`, only as a new file: FileExistsError if the name is taken."""
    from game.files import write_text
    text = json.dumps(replay_data(battle, squads, window), indent=1) + "\n"
    try:
        write_text(path, text, exclusive=exclusive)
    except FileExistsError:
        if exclusive:
            raise  # the caller picks another name
        raise SaveError(path, "cannot be written (it exists)") from None
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
    #: No ``"dice": 2`` key: written before negative seeds got their own dice, so a
    #: negative seed replays with the dice of its absolute value (game.engine.dice).
    legacy_dice: bool = False
    window: Any = None  # a save's "window" key, unchecked (game.ui.saves reads it)
    #: The squads' units' own names per side, in squad order (optional key).
    names: dict[int, list[str]] | None = None
    #: The designer's units the battle fields (optional key): game.custom_units.CustomUnits.
    custom: Any = None

    def battle_kwargs(self) -> dict:
        """What new_battle takes from the file besides map, ruleset and seed."""
        return {"squads": self.squads, "names": self.names, "custom": self.custom,
                "max_rounds": self.max_rounds, "player_sides": self.player_sides}


class _ReplayFile(BaseModel):
    """A replay file's keys, each bounded (the validation layer: game.validation)."""

    model_config = ConfigDict(strict=True, extra="ignore")

    map: Annotated[str, Field(min_length=1, max_length=4096)]
    ruleset: Annotated[str, Field(min_length=1, max_length=64)]
    seed: Annotated[int, Field(gt=-SEED_LIMIT, lt=SEED_LIMIT)]
    squads: dict[_TeamKey, list[Annotated[str, Field(max_length=64)]]] | None
    max_rounds: Annotated[int, Field(ge=1, le=MAX_ROUNDS)]
    player_sides: list[Annotated[int, Field(ge=-(2 ** 31), lt=2 ** 31)]] = []
    choices: list[Any]
    digest: Annotated[str, Field(max_length=128)]
    over: bool
    dice: Literal[2] | None = None
    window: Any = None  # the window's choices in a save: checked by game.ui.saves
    names: dict[_TeamKey, list[Annotated[str, Field(max_length=64, pattern=_NAME)]]] | None = None
    custom_units: dict[Annotated[str, Field(max_length=64)], dict] | None = None

    @field_validator("map")
    @classmethod
    def _no_nul(cls, value: str) -> str:
        if "\0" in value:
            raise ValueError("a map path cannot hold a NUL byte")
        return value


def read_replay(path: str | Path) -> Replay:
    """Read and check a replay file's shape; raise SaveError naming the file."""
    from game.validation import Invalid, check, parse_json, read_text

    path = Path(path)
    try:
        data = parse_json(read_text(path))
    except FileNotFoundError:
        raise SaveError(path, "no such file") from None
    except OSError as exc:
        raise SaveError(path, f"cannot be read ({exc.strerror or exc})") from None
    except Invalid as exc:
        raise SaveError(path, str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(path, f"is not a replay (expected \"format\": \"{FORMAT}\")")
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise SaveError(path, f"is a version {clip(version)} replay; this game reads version {VERSION}")
    missing = [k for k in KEYS if k not in data]
    if missing:
        raise SaveError(path, f"is missing the key {missing[0]!r}")
    try:
        raw = check(_ReplayFile, data)
    except Invalid as exc:
        raise SaveError(path, str(exc)) from None
    squads = None if raw.squads is None else {int(t): list(s) for t, s in raw.squads.items()}
    names = None if raw.names is None else {int(t): list(n) for t, n in raw.names.items()}
    custom = None
    if raw.custom_units:
        from game.custom_units import from_tables
        custom = from_tables(raw.ruleset, f"{path}: custom_units", raw.custom_units)
    return Replay(path, raw.map, raw.ruleset, raw.seed, squads, raw.max_rounds, tuple(raw.choices),
                  raw.digest, raw.over, frozenset(raw.player_sides), legacy_dice=raw.dice is None,
                  window=raw.window, names=names, custom=custom)


def replay_battle(replay: Replay) -> Any:
    """Start the battle a replay names and re-submit every choice, headless.

    On any problem the partly built battle is closed and SaveError names the file.
    """
    from game.engine.decisions import Choice
    from game.engine.setup import new_battle

    try:
        from game.engine.dice import Dice
        battle = new_battle(resolve_map(replay.map), replay.ruleset, seed=replay.seed,
                            dice=Dice(replay.seed, legacy=replay.legacy_dice), **replay.battle_kwargs())
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


def replay_any(path: str | Path, replay: "Replay") -> Any:
    """The battle of a replay file: a networked one (game.net) has its dice proven and
    replayed with them; any other is replayed from its seed."""
    from game.net.fair_dice import replay_file
    return replay_file(path, replay) or replay_battle(replay)


def verify_replay(path: str | Path) -> str:
    """Re-simulate a replay (or save) and check it ends in the digest it recorded:
    the digest, or SaveError naming the file and both digests (`replay --verify`)."""
    replay = read_replay(path)
    battle = replay_any(path, replay)
    try:
        digest = battle.digest()
    finally:
        battle.close()
    if digest != replay.digest:
        raise SaveError(replay.path, f"digest mismatch: recorded {replay.digest}, replayed {digest}")
    return digest
