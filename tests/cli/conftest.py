"""Fixtures for the command-line tests: run `main([...])` in-process and capture it."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.cli import main


@dataclass
class Run:
    status: int
    out: str
    err: str

    @property
    def err_lines(self) -> list[str]:
        return self.err.splitlines()


@pytest.fixture
def cli(capsys, monkeypatch):
    """Call the command line as `skirmish ARGS...`; returns status, stdout, stderr."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")

    def run(*args: str) -> Run:
        capsys.readouterr()
        status = main(list(args))
        captured = capsys.readouterr()
        return Run(status, captured.out, captured.err)
    return run


def assert_one_error_line(run: Run, *mentions: str) -> None:
    """Bad input: exit status 2, exactly one line on stderr, no traceback."""
    assert run.status == 2, run
    assert len(run.err_lines) == 1, run.err
    line = run.err_lines[0]
    assert line.startswith("error: "), line
    assert "Traceback" not in run.err
    for text in mentions:
        assert text in line, (text, line)
