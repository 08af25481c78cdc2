"""A lean install (issue 32, item 7): scipy served one call, the movement search, and
is gone; the search is the game's own compiled kernel, built by every install."""

from __future__ import annotations

import importlib.machinery
import re
import tomllib
from pathlib import Path

import game.world._search as kernel

ROOT = Path(__file__).resolve().parents[2]


def test_the_movement_search_is_the_compiled_kernel():
    assert kernel.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    setup = (ROOT / "setup.py").read_text()
    assert 'Extension("game.world._search", ["game/world/_search.c"])' in setup


def test_no_module_of_the_game_imports_scipy():
    importing = re.compile(r"^\s*(import|from)\s+scipy\b", re.MULTILINE)
    found = [str(p.relative_to(ROOT)) for p in (ROOT / "game").rglob("*.py")
             if importing.search(p.read_text())]
    assert found == []


def test_scipy_is_neither_declared_nor_locked():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = project["dependencies"] + sum(project["optional-dependencies"].values(), [])
    assert not [d for d in declared if re.match(r"scipy\b", d)]
    for lock in ("play.txt", "test.txt"):
        assert not re.search(r"^scipy==", (ROOT / "requirements" / lock).read_text(), re.MULTILINE)
