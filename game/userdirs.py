"""The player's folders: settings, saves and their own maps (issue 32, item 8).

platformdirs gives each system its own place (Windows: %LOCALAPPDATA%, macOS:
~/Library/Application Support, ~/Library/Preferences) and on Linux and other Unix
exactly today's XDG paths: $XDG_CONFIG_HOME or ~/.config, $XDG_DATA_HOME or
~/.local/share, each followed by `rulebook-skirmish`. It is a declared dependency;
should it be missing (an environment made before it was), the XDG paths are used,
which on Linux are the same.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_DIR = "rulebook-skirmish"


def _xdg(variable: str, *default: str) -> Path:
    return Path(os.environ.get(variable) or os.path.join(os.path.expanduser("~"), *default)) / APP_DIR


def config_dir() -> Path:
    try:
        import platformdirs
    except ImportError:
        return _xdg("XDG_CONFIG_HOME", ".config")
    return Path(platformdirs.user_config_dir(APP_DIR, appauthor=False))


def data_dir() -> Path:
    try:
        import platformdirs
    except ImportError:
        return _xdg("XDG_DATA_HOME", ".local", "share")
    return Path(platformdirs.user_data_dir(APP_DIR, appauthor=False))


def user_maps_dir() -> Path:
    """Where the player's own maps go (game/world/catalog.py offers them in the menu
    and finds them by name)."""
    return data_dir() / "maps"
