"""A built wheel, installed into a fresh virtual environment, plays from any directory.

Issue 16: maps and art ship inside the package and are found with importlib.resources,
so a plain ``pip install .``, a wheel or pipx give a game that finds its own maps.
This test builds the wheel from this checkout, installs it (without dependencies)
into a new venv that sees this environment's packages (a ``.pth`` naming them, so
nothing but the build backend is downloaded), and runs the installed ``skirmish``
from an unrelated directory: ``rulesets``, ``check-map woodland``, ``simulate`` and
``demo --headless``. It takes about half a minute, most of it building the wheel, and
may need the package index (an isolated build fetches setuptools), so it is an install
check under the ``slow`` marker: ``python -m pytest -m slow`` runs it, the default run
stays offline-safe.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import site
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from tests.world.worldkit import ROOT

pytestmark = pytest.mark.slow


def _can_build_without_isolation() -> bool:
    """True when this environment already has a new enough setuptools and wheel."""
    if importlib.util.find_spec("wheel") is None:
        return False
    import setuptools
    return int(setuptools.__version__.split(".")[0]) >= 77


def _run(args, cwd, env, timeout=300) -> str:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(map(str, args))} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(skirmish script, python, env, an empty working directory) of the fresh install."""
    base = tmp_path_factory.mktemp("install")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PIP_DISABLE_PIP_VERSION_CHECK="1",
               XDG_DATA_HOME=str(base / "data"), XDG_CONFIG_HOME=str(base / "config"))
    # Build from a copy of what the wheel is made of, so the build leaves nothing in
    # the checkout (setuptools writes build/ and *.egg-info beside pyproject.toml).
    source = base / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, source / name)
    # Not the checkout's compiled search (built in place by `pip install -e .`): the
    # wheel must compile its own.
    shutil.copytree(ROOT / "game", source / "game",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.pyd"))
    wheels = base / "wheels"
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(source)]
    if _can_build_without_isolation():
        build.insert(4, "--no-build-isolation")
    _run(build, cwd=base, env=env)
    (wheel,) = wheels.glob("rulebook_skirmish-*.whl")

    target = base / "venv"
    venv.EnvBuilder(with_pip=False).create(target)
    bindir = target / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")
    # The new venv sees this environment's packages (pygame-ce, numpy, tcod...) through a
    # .pth listing its site directories: after the venv's own, so the wheel's `game`
    # wins, and (unlike --system-site-packages from inside a venv) whichever environment
    # runs the tests. A path line in a .pth is not itself scanned for .pth files, so an
    # editable install of this checkout there stays out of the way.
    purelib = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                   cwd=base, env=env).strip()
    outer = dict.fromkeys(p for p in (*site.getsitepackages(), sysconfig.get_paths()["purelib"],
                                      sysconfig.get_paths()["platlib"]) if Path(p).is_dir())
    Path(purelib, "outer_environment.pth").write_text("\n".join(outer) + "\n", encoding="utf-8")
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
          "--force-reinstall", str(wheel)], cwd=base, env=env)
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    return bindir / ("skirmish.exe" if os.name == "nt" else "skirmish"), python, env, elsewhere


def test_the_installed_game_is_the_wheel_not_this_checkout(installed):
    _, python, env, cwd = installed
    where = _run([str(python), "-c", "import game; print(game.__file__)"], cwd, env).strip()
    assert Path(where).resolve().is_relative_to(python.parent.parent.resolve()), where
    # the movement search's kernel, compiled into the wheel
    kernel = _run([str(python), "-c", "import game.world._search as k; print(k.__file__)"], cwd, env).strip()
    assert Path(kernel).resolve().is_relative_to(python.parent.parent.resolve()), kernel


def test_installed_rulesets_and_check_map_by_name(installed):
    skirmish, _, env, cwd = installed
    assert "d20\t" in _run([str(skirmish), "rulesets"], cwd, env)
    out = _run([str(skirmish), "check-map", "woodland"], cwd, env)
    assert out.startswith("Woodland Crossing: 32x32 tiles")


def test_installed_simulate_and_headless_demo(installed):
    skirmish, _, env, cwd = installed
    out = _run([str(skirmish), "simulate", "--ruleset", "d20", "--map", "woodland", "--battles", "2"],
               cwd, env)
    assert "battles" in out.lower()
    out = _run([str(skirmish), "demo", "--headless"], cwd, env)
    assert "wins" in out or "draw" in out.lower()
    assert list(cwd.iterdir()) == []  # nothing written to the working directory
