"""`.ci/run` on a fresh machine (issue 32, item 3): only `python3` is there (a stock
Debian has no `python`), the script makes its own venv with it, and then runs the
README's test command; the default test run needs no package index."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / ".ci" / "run"


def _lines() -> list[str]:
    return [line.strip() for line in SCRIPT.read_text().splitlines()
            if line.strip() and not line.strip().startswith("#")]


def test_no_bare_python_before_the_venv_is_on_path():
    lines = _lines()
    activated = next(i for i, line in enumerate(lines) if line.startswith('export PATH="$VIRTUAL_ENV/bin'))
    before = [line for line in lines[:activated] if re.search(r"(^|[\s;(])python(\s|$)", line)]
    assert before == []
    assert any('"$PYTHON3" -m venv' in line for line in lines[:activated])


def test_ci_runs_exactly_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Run the tests", 1)[1].split("\n## ", 1)[0]
    block = section.split("```", 2)[1]
    command = block.strip().splitlines()[-1].strip()
    assert command == "python -m pytest"
    last = [line for line in _lines() if line.startswith("exec ")]
    assert last and all(line.endswith(command) for line in last)


def _bin_with(tmp_path: Path, python3: str | None) -> str:
    folder = tmp_path / "bin"
    folder.mkdir()
    for tool in ("bash", "dirname", "env"):
        os.symlink(f"/usr/bin/{tool}" if Path(f"/usr/bin/{tool}").exists() else f"/bin/{tool}", folder / tool)
    if python3 is not None:
        os.symlink(python3, folder / "python3")
    return str(folder)


@pytest.mark.skipif(not Path("/usr/bin/bash").exists() and not Path("/bin/bash").exists(), reason="no bash")
def test_without_python3_one_error_line(tmp_path):
    done = subprocess.run(["bash", str(SCRIPT)], env={"PATH": _bin_with(tmp_path, None)},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["error: .ci/run: no python3 on PATH (install Python 3.11 or newer)"]


def _old_python() -> str | None:
    for candidate in sorted(Path.home().glob(".pyenv/versions/3.1[0]*/bin/python3")) + \
            [Path("/usr/bin/python3.9"), Path("/usr/bin/python3.10")]:
        if candidate.exists():
            return str(candidate)
    return None


@pytest.mark.skipif(_old_python() is None, reason="no Python older than 3.11 here")
def test_an_old_python3_is_refused_in_one_line(tmp_path):
    done = subprocess.run(["bash", str(SCRIPT)], env={"PATH": _bin_with(tmp_path, _old_python())},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("error: .ci/run: python3 is Python 3.") and line.endswith("needs 3.11 or newer")


def test_install_checks_are_slow_so_the_default_run_is_offline():
    from tests.world import test_install
    marks = test_install.pytestmark if isinstance(test_install.pytestmark, list) else [test_install.pytestmark]
    assert any(mark.name == "slow" for mark in marks)
