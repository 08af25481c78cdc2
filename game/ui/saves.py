"""Saving and loading a battle in progress: the replay file, plus the window's own
choices (who plays each side, fog of war) in a small file beside it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.errors import SaveError
from game.ui.settings import saves_dir

META_SUFFIX = ".ui.json"


def meta_path(path: Path) -> Path:
    return path.with_name(path.stem + META_SUFFIX)


def default_save_path(battle: Any) -> Path:
    stem = Path(str(battle.map.path)).stem
    base = saves_dir() / f"{stem}-{battle.ruleset.id}-seed{battle.seed}-round{battle.round}"
    path, n = base.with_suffix(".json"), 2
    while path.exists():
        path = Path(f"{base}-{n}.json")
        n += 1
    return path


def save_battle(battle: Any, sides: dict[int, str], fog: bool, squads=None, path: Path | None = None,
                levels: dict[int, str] | None = None) -> Path:
    from game.replay import save_replay
    path = Path(path) if path else default_save_path(battle)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(path.parent, f"cannot be created ({exc.strerror or exc})") from None
    save_replay(battle, path, squads=squads)
    try:
        meta = {"sides": {str(k): v for k, v in sides.items()}, "fog": fog,
                "levels": {str(k): v for k, v in (levels or {}).items()}}
        meta_path(path).write_text(json.dumps(meta), encoding="utf-8")
    except OSError:
        pass  # the battle itself is saved; who played which side is a convenience
    return path


def read_meta(path: Path) -> dict:
    """The window's choices saved beside a replay; {} when missing or unreadable."""
    try:
        data = json.loads(meta_path(Path(path)).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    if not isinstance(data, dict):
        return {}
    out: dict[str, Any] = {}
    sides = data.get("sides")
    if isinstance(sides, dict):
        out["sides"] = {int(k): v for k, v in sides.items() if str(k).isdigit() and v in ("human", "ai")}
    if isinstance(data.get("fog"), bool):
        out["fog"] = data["fog"]
    levels = data.get("levels")
    if isinstance(levels, dict):
        out["levels"] = {int(k): v for k, v in levels.items() if str(k).isdigit() and isinstance(v, str)}
    return out


def load_battle(path: Path) -> tuple[Any, dict]:
    """(the Battle re-simulated from the file, the window's saved choices)."""
    from game.replay import load_replay, read_replay
    battle = load_replay(path)
    meta = read_meta(path)
    if "sides" not in meta:  # no window file beside it: the replay's own record of who was a person
        meta["sides"] = {t: "human" if t in battle.player_sides else "ai" for t in battle.teams()}
    try:
        meta["squads"] = read_replay(path).squads
    except SaveError:
        meta["squads"] = None
    return battle, meta


def list_saves(folder: Path | None = None) -> list[Path]:
    """Replay files in the saves folder, newest first."""
    folder = folder or saves_dir()
    try:
        files = [p for p in folder.glob("*.json") if not p.name.endswith(META_SUFFIX)]
    except OSError:
        return []
    return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def latest_save() -> Path | None:
    saves = list_saves()
    return saves[0] if saves else None
