"""The standalone build for players without Python (issue 32): one folder with the
`skirmish` program, Python, every library, the maps, the art and the fonts (the sound
effects are made by the game with numpy: there are no sound files), made by PyInstaller.

    python3 tools/build_bundle.py                  # -> dist/skirmish/skirmish
    python3 tools/build_bundle.py --out /tmp/dist  # -> /tmp/dist/skirmish/skirmish

Run it from any directory with Python 3.11 or newer. It makes (once, then reuses) a
build venv, `build/bundle/venv` in the checkout, with the locked versions of the
game's dependencies (requirements/play.txt, hashes checked), the game itself (a plain,
non-editable install: the bundle holds what a wheel ships) and PyInstaller, which is
not part of the game's lock or its test extra. The folder is built for the system it
runs on (build on Windows for Windows). Copy or zip the whole folder; a player runs
`skirmish` (`skirmish.exe`) inside it, with the same commands as the installed game.

Exit status: 0 built, 2 bad arguments or a folder it will not overwrite, 1 a step
failed (its output is above the error line).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENTRY = ROOT / "tools" / "bundle" / "skirmish_main.py"
NAME = "skirmish"
PYINSTALLER = "pyinstaller>=6.10,<7"  # onedir layout with _internal/ since 6.0


class BuildError(Exception):
    """A step failed or an argument is wrong: the one line to print, and the status."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class Parser(argparse.ArgumentParser):
    """A usage mistake is one line like every other error."""

    def error(self, message: str):  # type: ignore[override]
        raise BuildError(f"{message} (see --help)", 2)


def venv_python(folder: Path) -> Path:
    return folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def run(*command: str | Path, cwd: Path = ROOT) -> None:
    print("+", " ".join(map(str, command)), flush=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_ROOT_USER_ACTION="ignore")
    status = subprocess.call([str(c) for c in command], cwd=cwd, env=env)
    if status != 0:
        raise BuildError(f"{Path(str(command[0])).name} {' '.join(map(str, command[1:4]))} ... "
                         f"exited with status {status} (its output is above)", 1)


def build_venv(folder: Path) -> Path:
    """The build venv with the locked dependencies, this checkout's game and PyInstaller."""
    python = venv_python(folder)
    if not python.exists():
        print(f"making the build venv {folder}", flush=True)
        venv.EnvBuilder(with_pip=True, clear=(folder / "pyvenv.cfg").exists()).create(folder)
        run(python, "-m", "pip", "install", "--quiet", "--require-hashes", "-r", ROOT / "requirements" / "play.txt")
    if subprocess.call([str(python), "-c", "import PyInstaller"], stderr=subprocess.DEVNULL) != 0:
        run(python, "-m", "pip", "install", "--quiet", PYINSTALLER)
    # Always reinstalled: the bundle must hold this checkout's code and data as they are now.
    run(python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
        "--force-reinstall", ROOT)
    return python


def check_venv(folder: Path) -> None:
    """The build venv: missing, empty, or a venv (a broken one is made again)."""
    if folder.is_file() or folder.is_dir() and any(folder.iterdir()) and not (folder / "pyvenv.cfg").exists():
        raise BuildError(f"--venv {folder}: exists and is not a venv; not overwriting it", 2)


def check_out(out: Path) -> Path:
    """The folder the bundle goes to, OUT/skirmish: new, or an earlier bundle (replaced)."""
    target = out / NAME
    if out.exists() and not out.is_dir():
        raise BuildError(f"--out {out}: not a folder", 2)
    if target.exists() and not (target / "_internal").is_dir():
        raise BuildError(f"--out {out}: {target} exists and is not an earlier bundle; "
                         f"not overwriting it", 2)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BuildError(f"--out {out}: cannot make the folder ({exc.strerror})", 2) from None
    if not os.access(out, os.W_OK):
        raise BuildError(f"--out {out}: not writable", 2)
    return target


def pyinstaller(python: Path, out: Path, work: Path) -> None:
    work.mkdir(parents=True, exist_ok=True)
    run(python, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
        "--onedir", "--console", "--name", NAME,
        "--distpath", out, "--workpath", work / "work", "--specpath", work,
        # The rulesets and AI levels are imported by name (game.rulesets.REGISTRY), and
        # the maps, art, fonts and rule data are package data found with
        # importlib.resources: PyInstaller sees neither by itself.
        "--collect-submodules", "game", "--collect-data", "game",
        # Not needed by the program; left out to keep the folder small.
        "--exclude-module", "pytest", "--exclude-module", "hypothesis",
        "--exclude-module", "distributed", "--exclude-module", "matplotlib",
        "--exclude-module", "tkinter",
        ENTRY, cwd=work)


def folder_size(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_size for p in files), len(files)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="tools/build_bundle.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist",
                        help="where the folder `skirmish` goes (default: dist/ in the checkout)")
    parser.add_argument("--venv", type=Path, default=ROOT / "build" / "bundle" / "venv",
                        help="the build venv (made if missing; default build/bundle/venv)")
    try:
        args = parser.parse_args(argv)
        if sys.version_info < (3, 11):
            raise BuildError(f"Python {sys.version.split()[0]}: the game needs 3.11 or newer", 2)
        out, folder = args.out.resolve(), args.venv.resolve()
        check_venv(folder)  # both checked before anything is made
        target = check_out(out)
        python = build_venv(folder)
        pyinstaller(python, out, ROOT / "build" / "bundle")
    except BuildError as exc:
        print(f"error: tools/build_bundle.py: {exc}", file=sys.stderr)
        return exc.status
    size, count = folder_size(target)
    program = target / (NAME + (".exe" if os.name == "nt" else ""))
    print(f"built {program}: {size / 1e6:.0f} MB in {count} files "
          f"(try: {program} demo --headless --max-rounds 2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
