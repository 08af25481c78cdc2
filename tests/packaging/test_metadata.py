"""Licence, version and user-facing metadata (issue 32, item 8)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import game

ROOT = Path(__file__).resolve().parents[2]


def test_mit_licence_file():
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n")
    assert "Copyright (c) 2026 The Rulebook Skirmish developers" in text


def test_metadata_names_the_licence_and_reads_the_one_version():
    toml = tomllib.loads((ROOT / "pyproject.toml").read_text())
    project = toml["project"]
    assert project["license"] == "MIT"
    assert set(project["license-files"]) == {"LICENSE", "game/assets/fonts/OFL.txt"}
    assert "version" in project["dynamic"] and "version" not in project
    assert toml["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "game.__version__"}
    assert game.__version__.count(".") == 2


def test_assets_beside_maps_at_the_top_level():
    for name in ("maps", "assets"):
        assert (ROOT / name).resolve() == (ROOT / "game" / name).resolve()
    assert (ROOT / "assets" / "tileset.tsx").is_file()
