"""The window's Noto Sans ships in the package with its OFL licence; pygame-gui, which
the game never imports, is no longer a dependency (issue 32, item 7)."""

from __future__ import annotations

import fnmatch
import importlib.util
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "game" / "assets" / "fonts"


def test_fonts_are_found_in_the_package_without_pygame_gui(monkeypatch):
    from game.ui import theme
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name.startswith("pygame_gui") else real(name, *a))
    folder = theme._font_dir()
    assert folder.resolve() == FONTS.resolve()
    for name in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"):
        assert (folder / name).stat().st_size > 100_000
    assert "SIL OPEN FONT LICENSE Version 1.1" in (folder / "OFL.txt").read_text()


def test_the_fonts_and_their_licence_are_package_data():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["game"]
    for name in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "OFL.txt"):
        assert any(fnmatch.fnmatch(f"assets/fonts/{name}", pattern) for pattern in data), name


def test_pygame_gui_is_neither_imported_nor_required():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    everything = project["dependencies"] + sum(project["optional-dependencies"].values(), [])
    assert not [r for r in everything if re.match(r"pygame[-_]gui", r, re.I)]
    importers = [p for p in (ROOT / "game").rglob("*.py")
                 if re.search(r"^\s*(import|from)\s+pygame_gui", p.read_text(), re.M)]
    assert importers == []
