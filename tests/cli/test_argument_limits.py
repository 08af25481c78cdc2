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


# --- --max-rounds: at most 10,000, what a replay file may record (33.6) ----------------------
ROUND_COMMANDS = [("demo", "--headless"), ("simulate",), ("ladder",), ("soak",)]


@pytest.mark.parametrize("command", ROUND_COMMANDS, ids=lambda c: c[0])
def test_max_rounds_beyond_what_a_replay_records_is_one_line(cli, command):
    run = cli(*command, "--max-rounds", "10001", "--battles" if command[0] != "demo" else "--seed", "1")
    assert_one_error_line(run, "--max-rounds", "10001 is more than 10,000")


def test_demo_does_not_write_a_replay_that_replay_refuses(cli, tmp_path):
    """The case of the issue: nothing is played and no file is written."""
    target = tmp_path / "F.json"
    run = cli("demo", "--headless", "--max-rounds", "10001", "--save-replay", str(target))
    assert_one_error_line(run, "--max-rounds")
    assert run.out == "" and not target.exists()


@pytest.mark.parametrize("command", ROUND_COMMANDS, ids=lambda c: c[0])
def test_max_rounds_at_the_limit_is_read(command):
    args = cli_module.build_parser().parse_args([*command, "--max-rounds", "10000"])
    assert args.max_rounds == 10_000


def test_a_demo_at_the_round_limit_replays(cli, tmp_path):
    target = tmp_path / "F.json"
    run = cli("demo", "--headless", "--ruleset", "fivebyfive", "--map", "arena", "--max-rounds", "10000",
              "--save-replay", str(target))
    assert run.status == 0, run.err
    again = cli("replay", str(target), "--verify")
    assert again.status == 0 and again.out.startswith("verified: "), again.err
