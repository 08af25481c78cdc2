"""Compatible ranges in pyproject.toml, exact hashed versions in the lock files that
CI installs from (issue 32, item 4)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _declared(extra: str | None = None) -> list[Requirement]:
    project = _project()
    reqs = list(project["dependencies"])
    if extra:
        reqs += project["optional-dependencies"][extra]
    return [Requirement(r) for r in reqs]


def _locked(name: str) -> dict[str, tuple[str, list[str]]]:
    """{name: (version, hashes)} of a lock file."""
    text = (ROOT / "requirements" / name).read_text()
    out = {}
    for block in re.split(r"\n(?=[A-Za-z0-9])", text):
        match = re.match(r"([A-Za-z0-9._-]+)==([^\s\\;]+)", block)
        if match:
            out[canonicalize_name(match[1])] = (match[2], re.findall(r"--hash=sha256:([0-9a-f]{64})", block))
    return out


def test_published_dependencies_are_ranges_not_pins():
    for extra in (None, "test", "cluster", "lab"):
        for req in _declared(extra):
            assert not any(spec.operator in ("==", "===") for spec in req.specifier), req
            assert any(spec.operator in (">=", ">") for spec in req.specifier), req


def test_every_declared_dependency_is_locked_within_its_range_with_hashes():
    for name, extra in (("play.txt", None), ("test.txt", "test")):
        locked = _locked(name)
        for req in _declared(extra):
            version, hashes = locked[canonicalize_name(req.name)]
            assert req.specifier.contains(version, prereleases=True), (req, version)
        assert all(hashes for _, hashes in locked.values()), name
        # the build backend is locked too: CI builds the editable install without isolation
        assert {"setuptools", "wheel"} <= set(locked), name


def test_ci_installs_from_the_lock_then_the_game_without_dependencies():
    script = (ROOT / ".ci" / "run").read_text()
    assert "pip install --quiet --require-hashes -r requirements/test.txt" in script
    assert "pip install --quiet --no-deps --no-build-isolation -e ." in script
