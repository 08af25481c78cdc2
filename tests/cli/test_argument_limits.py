"""Issue 33: every numeric argument has one bound, checked where it is read, for
every command that takes it; beyond it, one line and exit status 2.

--jobs: at most 4 processes per CPU this process may use (33.5).
"""

from __future__ import annotations

import pytest

from game import cli as cli_module
from tests.cli.conftest import assert_one_error_line


@pytest.fixture
def two_cpus(monkeypatch):
    """The machine as the bound sees it: 2 usable CPUs, so --jobs is at most 4 x 2 = 8."""
    monkeypatch.setattr(cli_module, "usable_cpus", lambda: 2)


@pytest.mark.parametrize("command", ["simulate", "ladder"])
@pytest.mark.parametrize("jobs", ["9", "200", "100000", "9" * 50])
def test_jobs_beyond_four_per_cpu_is_one_line(cli, two_cpus, command, jobs):
    run = cli(command, "--jobs", jobs, "--battles", "1")
    shown = jobs if len(jobs) < 10 else ""
    assert_one_error_line(run, "--jobs", f"{shown} is more than 8", "4 per CPU, 2 CPUs here")


@pytest.mark.parametrize("command", ["simulate", "ladder"])
@pytest.mark.parametrize("jobs", ["0", "1", "8"])
def test_jobs_up_to_the_bound_is_read(two_cpus, command, jobs):
    args = cli_module.build_parser().parse_args([command, "--jobs", jobs])
    assert args.jobs == int(jobs)


def test_the_bound_follows_the_cpus(monkeypatch):
    monkeypatch.setattr(cli_module, "usable_cpus", lambda: 16)
    assert cli_module.max_jobs() == 64
    assert cli_module.build_parser().parse_args(["simulate", "--jobs", "64"]).jobs == 64
