"""The player's folders: platformdirs' on every system, today's XDG paths on Linux
(issue 32, item 8); the player's maps (game/world/catalog.py) live in the same data
folder as the saves."""

from __future__ import annotations

import builtins
import sys
from pathlib import Path

import pytest

from game import userdirs
from game.ui import settings
from game.world import catalog
from tests.world.worldkit import copy_map


@pytest.fixture(params=["platformdirs", "fallback"])
def which(request, monkeypatch):
    if request.param == "platformdirs":
        pytest.importorskip("platformdirs")
    else:
        real = builtins.__import__

        def no_platformdirs(name, *args, **kwargs):
            if name == "platformdirs":
                raise ImportError(name)
            return real(name, *args, **kwargs)
        monkeypatch.setattr(builtins, "__import__", no_platformdirs)
    return request.param


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG paths are Linux's")
def test_linux_keeps_todays_paths(which, monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert settings.config_dir() == tmp_path / ".config" / "rulebook-skirmish"
    assert settings.data_dir() == tmp_path / ".local" / "share" / "rulebook-skirmish"
    assert settings.saves_dir() == tmp_path / ".local" / "share" / "rulebook-skirmish" / "saves"
    monkeypatch.setenv("XDG_CONFIG_HOME", "/srv/conf")
    monkeypatch.setenv("XDG_DATA_HOME", "/srv/data")
    assert settings.config_dir() == Path("/srv/conf/rulebook-skirmish")
    assert userdirs.user_maps_dir() == Path("/srv/data/rulebook-skirmish/maps")
    assert catalog.user_maps_dir() == Path("/srv/data/rulebook-skirmish/maps")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG paths are Linux's")
def test_the_players_maps_stay_where_they_were_on_linux(which, monkeypatch, tmp_path):
    """Before platformdirs the catalogue computed ~/.local/share/rulebook-skirmish/maps
    itself: a player's maps there are still found."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    folder = tmp_path / ".local" / "share" / "rulebook-skirmish" / "maps"
    assert catalog.user_maps_dir() == folder
    folder.mkdir(parents=True)
    copy_map(folder, "arena").rename(folder / "mine.tmx")
    assert catalog.resolve_map("mine") == folder / "mine.tmx"
    assert catalog.map_ref(folder / "mine.tmx") == "user-maps/mine.tmx"


def test_the_players_maps_follow_platformdirs(monkeypatch, tmp_path):
    """Where platformdirs puts the data folder (here a Windows-like one), the catalogue
    looks for the player's maps, offers them in the menu and names them in replays."""
    platformdirs = pytest.importorskip("platformdirs")
    appdata = tmp_path / "AppData" / "Local"
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app, appauthor: str(appdata / app))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "not-here"))  # platformdirs decides, not XDG
    folder = appdata / "rulebook-skirmish" / "maps"
    assert catalog.user_maps_dir() == folder
    folder.mkdir(parents=True)
    copy_map(folder, "arena").rename(folder / "mine.tmx")
    assert catalog.resolve_map("mine") == folder / "mine.tmx"
    assert catalog.resolve_map("user-maps/mine.tmx") == folder / "mine.tmx"
    assert catalog.map_ref(folder / "mine.tmx") == "user-maps/mine.tmx"
    assert folder / "mine.tmx" in catalog.menu_maps()


def test_platformdirs_decides_where_it_is_installed(monkeypatch):
    platformdirs = pytest.importorskip("platformdirs")
    monkeypatch.setattr(platformdirs, "user_config_dir", lambda app, appauthor: f"/C/{app}/{appauthor}")
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app, appauthor: f"/D/{app}/{appauthor}")
    assert settings.config_dir() == Path("/C/rulebook-skirmish/False")
    assert settings.saves_dir() == Path("/D/rulebook-skirmish/False/saves")
