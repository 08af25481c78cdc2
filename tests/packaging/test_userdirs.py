"""The player's folders: platformdirs' on every system, today's XDG paths on Linux
(issue 32, item 8)."""

from __future__ import annotations

import builtins
import sys
from pathlib import Path

import pytest

from game import userdirs
from game.ui import settings


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


def test_platformdirs_decides_where_it_is_installed(monkeypatch):
    platformdirs = pytest.importorskip("platformdirs")
    monkeypatch.setattr(platformdirs, "user_config_dir", lambda app, appauthor: f"/C/{app}/{appauthor}")
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app, appauthor: f"/D/{app}/{appauthor}")
    assert settings.config_dir() == Path("/C/rulebook-skirmish/False")
    assert settings.saves_dir() == Path("/D/rulebook-skirmish/False/saves")
