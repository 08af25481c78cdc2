"""The standalone build for players without Python (tools/build_bundle.py, issue 32).

Slow (`python -m pytest -m slow tests/packaging/test_bundle.py`; a few minutes, and the
first run fetches PyInstaller and fills the build venv): build the folder, then from
another directory, with no PYTHONPATH, run its `demo --headless --max-rounds 2` and
`check-map` (a shipped map by name, a player's map by path), (the demo's log equal to
the checkout's, line for line), and find the maps, art and fonts inside it. Quick: the tool refuses an --out it must not overwrite, in one
line, before building anything.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.world.worldkit import copy_map

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "build_bundle.py"


def _tool(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)


def _bundled(program: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(HOME=str(cwd), XDG_DATA_HOME=str(cwd / "data"), XDG_CONFIG_HOME=str(cwd / "config"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([str(program), *args], capture_output=True, text=True, timeout=300,
                          cwd=cwd, env=env)


def test_an_out_that_is_a_file_is_refused_in_one_line(tmp_path):
    out = tmp_path / "dist"
    out.write_text("mine")
    run = _tool("--out", str(out))
    assert run.returncode == 2, run
    assert run.stderr.splitlines() == [f"error: tools/build_bundle.py: --out {out}: not a folder"]
    assert out.read_text() == "mine"


def test_a_folder_that_is_not_an_earlier_bundle_is_not_overwritten(tmp_path):
    mine = tmp_path / "dist" / "skirmish"
    mine.mkdir(parents=True)
    (mine / "notes.txt").write_text("mine")
    run = _tool("--out", str(tmp_path / "dist"))
    assert run.returncode == 2, run
    assert len(run.stderr.splitlines()) == 1 and "is not an earlier bundle; not overwriting it" in run.stderr
    assert (mine / "notes.txt").read_text() == "mine"


def test_a_venv_folder_that_is_not_a_venv_is_not_overwritten(tmp_path):
    mine = tmp_path / "work"
    mine.mkdir()
    (mine / "notes.txt").write_text("mine")
    run = _tool("--out", str(tmp_path / "dist"), "--venv", str(mine))
    assert run.returncode == 2, run
    assert run.stderr.splitlines() == [f"error: tools/build_bundle.py: --venv {mine}: exists and is not "
                                       f"a venv; not overwriting it"]
    assert (mine / "notes.txt").read_text() == "mine"
    assert not (tmp_path / "dist").exists()  # refused before anything was made


def test_a_usage_mistake_is_one_line():
    run = _tool("--bogus")
    assert run.returncode == 2
    assert run.stderr.splitlines() == ["error: tools/build_bundle.py: unrecognized arguments: --bogus (see --help)"]


@pytest.mark.slow
def test_the_bundle_plays_from_another_directory(tmp_path):
    build = _tool("--out", str(tmp_path / "dist"), timeout=3600)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    folder = tmp_path / "dist" / "skirmish"
    program = folder / ("skirmish.exe" if os.name == "nt" else "skirmish")
    assert "built " in build.stdout and " MB in " in build.stdout

    inside = folder / "_internal" / "game"
    for name in ("maps/arena.tmx", "maps/woodland.tmx", "assets/tileset.png", "assets/tileset.tsx",
                 "assets/props.png", "assets/fonts/NotoSans-Regular.ttf", "assets/fonts/OFL.txt",
                 "rulesets/d20/weapons.toml"):
        assert (inside / name).is_file(), name

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    demo = _bundled(program, "demo", "--headless", "--max-rounds", "2", cwd=elsewhere)
    assert demo.returncode == 0, demo.stderr
    # The same battle, event for event, as the game run from this checkout.
    here = subprocess.run([sys.executable, "-m", "game", "demo", "--headless", "--max-rounds", "2"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert here.returncode == 0, here.stderr
    assert demo.stdout == here.stdout
    assert len(demo.stdout.splitlines()) > 10  # a battle was played, not just a banner

    shipped = _bundled(program, "check-map", "arena", cwd=elsewhere)
    assert shipped.returncode == 0, shipped.stderr
    assert shipped.stdout.startswith("The Pit: 12x12 tiles")

    mine = copy_map(elsewhere, "woodland").rename(elsewhere / "mine.tmx")
    own = _bundled(program, "check-map", mine.name, cwd=elsewhere)
    assert own.returncode == 0, own.stderr
    missing = _bundled(program, "check-map", "atlantis.tmx", cwd=elsewhere)
    assert missing.returncode == 2 and missing.stderr.startswith("error: ") and "Traceback" not in missing.stderr


def test_the_bundles_code_is_part_of_a_study_key(tmp_path, monkeypatch):
    """In the standalone build the code is inside the program file, not in .py files:
    `--db` keys on that file, so a row from another build is never reused."""
    from game.study_db import PACKAGE_ROOT, code_hash
    plain = code_hash.__wrapped__(PACKAGE_ROOT)  # not the kept answer: each call hashes
    program = tmp_path / "skirmish"
    program.write_bytes(b"build 1")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(program))
    first = code_hash.__wrapped__(PACKAGE_ROOT)
    program.write_bytes(b"build 2")
    second = code_hash.__wrapped__(PACKAGE_ROOT)
    assert len({plain, first, second}) == 3
