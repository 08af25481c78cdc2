"""Where maps live: the ones shipped inside the package, and the player's own folder.

Shipped maps and their art are package data (``game/maps``, ``game/assets``), found
with ``importlib.resources``, so an editable checkout, a wheel, or pipx all find them
from any working directory (the package must be installed unpacked, as pip and pipx
always do: pytmx and the window read the files by path).

The player's maps go in ``<data dir>/maps`` — the same data directory the window
keeps its saves in, from ``game.userdirs`` (platformdirs: on Linux
``$XDG_DATA_HOME/rulebook-skirmish``, by default ``~/.local/share/rulebook-skirmish``,
as before; ``%LOCALAPPDATA%`` on Windows, ``~/Library/Application Support`` on
macOS). Every ``.tmx`` there appears in the menu beside the shipped ones
and is found by ``--map NAME``; a shipped map of the same name wins, so a replay that
names ``maps/woodland.tmx`` always means the shipped one.

How a replay names a map (``map_ref``): ``maps/<file>`` for a shipped map,
``user-maps/<file>`` for one in the player's folder, else the absolute path.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from game.userdirs import user_maps_dir  # the player's own map folder (it may not exist yet)

SHIPPED_PREFIX = "maps"
USER_PREFIX = "user-maps"


def shipped_maps_dir() -> Path:
    """The ``maps`` folder inside the installed ``game`` package."""
    return Path(str(resources.files("game") / "maps"))


def _tmx_in(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.glob("*.tmx") if p.is_file() and not p.name.startswith("."))
    except OSError:
        return []


def menu_maps() -> list[Path]:
    """Maps to offer in the menu: the shipped battle maps (not the bench map), then the
    player's own, each list sorted by file name."""
    shipped = [p for p in _tmx_in(shipped_maps_dir()) if not p.stem.startswith("bench")]
    names = {p.name for p in shipped}
    return shipped + [p for p in _tmx_in(user_maps_dir()) if p.name not in names]


def resolve_map(ref: str | Path) -> Path:
    """The map file a user or a replay names.

    A path that exists as given (or an absolute one) is taken as it is. Otherwise
    ``maps/<file>`` is a shipped map, ``user-maps/<file>`` one in the player's folder,
    and a bare name (``woodland`` or ``woodland.tmx``) is looked up among the shipped
    maps, then the player's. An unknown name comes back as given, so the loader's
    error names it.
    """
    path = Path(ref)
    if path.exists() or path.is_absolute() or "\0" in str(ref):
        return path
    parts = path.parts
    if len(parts) > 1 and parts[0] == SHIPPED_PREFIX:
        folders, inside = [shipped_maps_dir()], Path(*parts[1:])
    elif len(parts) > 1 and parts[0] == USER_PREFIX:
        folders, inside = [user_maps_dir()], Path(*parts[1:])
    else:
        folders, inside = [shipped_maps_dir(), user_maps_dir()], path
    for folder in folders:
        try:
            candidates = (folder / inside, folder / inside.with_name(inside.name + ".tmx"))
        except ValueError:  # "." or "": no file name to look for
            return path
        for candidate in candidates:
            try:
                if candidate.is_file():
                    return candidate
            except (OSError, ValueError):
                continue
    return path


def map_ref(path: str | Path) -> str:
    """How a replay names a map, so the file plays from any directory and any install."""
    full = Path(path).resolve()
    for prefix, folder in ((SHIPPED_PREFIX, shipped_maps_dir()), (USER_PREFIX, user_maps_dir())):
        try:
            return f"{prefix}/" + full.relative_to(folder.resolve()).as_posix()
        except (ValueError, OSError):
            continue
    return full.as_posix()
