"""Saving and loading a battle in progress: the replay file, holding the window's own
choices (who plays each side, fog of war) under its "window" key.

One file, written atomically: a save and its side/fog settings can never disagree
(issue 17.6). Saves written before kept those choices in a `<name>.ui.json` beside
the file; it is still read for them (validated, and ignored when unusable) and removed
when the save is written again. Reading goes through `game.validation`: any bytes in a
save folder give a save, a skipped entry or one clean error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from game.errors import SaveError
from game.ui.settings import saves_dir

META_SUFFIX = ".ui.json"


def meta_path(path: Path) -> Path:
    return path.with_name(path.stem + META_SUFFIX)


MAX_SAVE_NAMES = 10_000  # `<base>-2.json` ... before giving up on a free default name


def default_save_names(battle: Any):
    """The default names for a save of `battle`, in the order they are tried:
    `<map>-<ruleset>-seed<S>-round<R>.json`, then `...-2.json`, `...-3.json`..."""
    stem = Path(str(battle.map.path)).stem
    base = saves_dir() / f"{stem}-{battle.ruleset.id}-seed{battle.seed}-round{battle.round}"
    yield base.with_suffix(".json")
    for n in range(2, MAX_SAVE_NAMES + 1):
        yield Path(f"{base}-{n}.json")


def default_save_path(battle: Any) -> Path:
    """The first default name no file has now (what a save would be called)."""
    return next(p for p in default_save_names(battle) if not p.exists())


def save_battle(battle: Any, sides: dict[int, str], fog: bool, squads=None, path: Path | None = None,
                levels: dict[int, str] | None = None) -> Path:
    """Write a save and return its path. A `path` the user chose is written over; a
    default name never is: it is created only as a new file, the next name taken when
    another window got there first (issue 33.11: two windows saving the same battle
    at the same moment both said "Saved" and one save was lost)."""
    from game.replay import save_replay
    folder = Path(path).parent if path else saves_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(folder, f"cannot be created ({exc.strerror or exc})") from None
    # The window's choices (who plays each side, at which AI level, fog) travel inside
    # the save itself, so the two can never disagree.
    window = {"sides": {str(k): v for k, v in sorted(sides.items())}, "fog": bool(fog)}
    if levels:
        window["levels"] = {str(k): v for k, v in sorted(levels.items())}
    if path:
        path = Path(path)
        save_replay(battle, path, squads=squads, window=window)
    else:
        path = _save_new(battle, squads, window)
    try:
        meta_path(path).unlink()  # an old side file beside it would only disagree
    except OSError:
        pass
    return path


def _save_new(battle: Any, squads, window: dict) -> Path:
    """The save under the first default name that is free at the moment of writing."""
    from game.replay import save_replay
    for candidate in default_save_names(battle):
        if candidate.exists():
            continue
        try:
            save_replay(battle, candidate, squads=squads, window=window, exclusive=True)
        except FileExistsError:
            continue  # taken between the look and the write: by another window
        return candidate
    raise SaveError(saves_dir(), f"has no free name left for this battle ({MAX_SAVE_NAMES:,} tried)")


class _Window(BaseModel):
    """The window's choices in a save (or an old `.ui.json`), bounded."""

    model_config = ConfigDict(strict=True, extra="ignore")

    sides: dict[Annotated[str, Field(pattern=r"^[0-9]{1,9}$")], Literal["human", "ai"]] | None = None
    fog: bool | None = None
    levels: dict[Annotated[str, Field(pattern=r"^[0-9]{1,9}$")],
                 Literal["random", "easy", "greedy", "normal", "hard"]] | None = None


def _window_choices(data: Any) -> dict:
    from game.validation import Invalid, check
    try:
        w = check(_Window, data)
    except Invalid:
        return {}
    out: dict[str, Any] = {}
    if w.sides is not None:
        out["sides"] = {int(k): v for k, v in w.sides.items()}
    if w.fog is not None:
        out["fog"] = w.fog
    if w.levels:
        out["levels"] = {int(k): v for k, v in w.levels.items()}
    return out


def read_meta(path: Path, window: Any = None) -> dict:
    """The window's choices for a save: its own "window" key, else (a save written
    before) the `.ui.json` beside it; {} when missing or unusable."""
    if window is not None:
        return _window_choices(window)
    from game.validation import Invalid, parse_json, read_text
    try:
        data = parse_json(read_text(meta_path(Path(path)), limit=64 * 1024))
    except (OSError, Invalid):
        return {}
    return _window_choices(data)


def load_battle(path: Path) -> tuple[Any, dict]:
    """(the Battle re-simulated from the file, the window's saved choices)."""
    from game.replay import read_replay, replay_battle
    replay = read_replay(path)
    battle = replay_battle(replay)
    meta = read_meta(path, replay.window)
    if "sides" not in meta:  # nothing saved by the window: the replay's own record of who was a person
        meta["sides"] = {t: "human" if t in battle.player_sides else "ai" for t in battle.teams()}
    meta["squads"] = replay.squads
    return battle, meta


def list_saves(folder: Path | None = None) -> list[Path]:
    """Replay files in the saves folder, newest first: regular files only (a broken
    link, a FIFO or a folder named `*.json` is skipped, never opened)."""
    import stat
    folder = folder or saves_dir()
    try:
        candidates = [p for p in folder.glob("*.json") if not p.name.endswith(META_SUFFIX)]
    except (OSError, ValueError):
        return []
    found = []
    for p in candidates:
        try:
            st = p.stat()
        except (OSError, ValueError):
            continue
        if stat.S_ISREG(st.st_mode):
            found.append((st.st_mtime, p.name, p))
    return [p for _, _, p in sorted(found, reverse=True)]


def latest_save() -> Path | None:
    saves = list_saves()
    return saves[0] if saves else None
