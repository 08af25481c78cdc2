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


# --- seeds: |seed| < 2**63 for every battle a command plays, offsets included (33.7) ---------
LAST = 2 ** 63 - 1  # the largest seed a replay file records


def test_soak_refuses_battles_past_the_last_seed_instead_of_failing_them(cli):
    """The case of the issue: seeds 2**63 - 2, 2**63 - 1 and 2**63; the third replay
    was refused by the reader, a false FAIL. Now one line, nothing played."""
    run = cli("soak", "--seed", str(LAST - 1), "--battles", "3", "--verify-every", "1")
    assert_one_error_line(run, "--seed", f"seeds {LAST - 1} to {LAST + 1}", f"start at {LAST - 2} or lower")
    assert run.out == ""


def test_soak_plays_and_verifies_the_last_two_seeds(cli):
    run = cli("soak", "--seed", str(LAST - 1), "--battles", "2", "--verify-every", "1",
              "--ruleset", "fivebyfive", "--map", "arena", "--max-rounds", "2")
    assert run.status == 0, run.out
    assert run.out.splitlines()[-1].startswith("soak: 2 battles,") and "0 failures" in run.out


def test_a_soak_without_a_battle_count_stops_at_the_last_seed():
    from game import soak
    from game.replay import maps_dir
    lines = []
    totals = soak.run_soak(60, LAST - 1, None, ["fivebyfive"], [str(maps_dir() / "arena.tmx")], 1, 2,
                           report=lines.append)
    assert (totals.battles, totals.verified, totals.failures) == (2, 2, [])
    assert lines == ["soak: stopped at the largest seed, 2**63 - 1"]


@pytest.mark.parametrize("seed, battles", [(LAST, 2), (LAST - 9, 11), (LAST - 999_998, 1_000_000)])
def test_simulate_refuses_seeds_past_the_last_in_one_line(cli, seed, battles):
    run = cli("simulate", "--seed", str(seed), "--battles", str(battles))
    assert_one_error_line(run, "--seed", "past the largest seed 2**63 - 1")
    assert run.out == ""


def test_simulate_plays_up_to_the_last_seed(cli, tmp_path):
    import json
    out = tmp_path / "s.json"
    run = cli("simulate", "--ruleset", "fivebyfive", "--map", "arena", "--seed", str(LAST - 1),
              "--battles", "2", "--max-rounds", "2", "--json", str(out))
    assert run.status == 0, run.err
    assert [b["seed"] for b in json.loads(out.read_text())["battles"]] == [LAST - 1, LAST]


def test_ladder_counts_its_seeds_as_it_plays_them(cli):
    """--battles 3 plays (3 + 1) // 2 = 2 seeds, each from both sides: LAST and LAST + 1."""
    run = cli("ladder", "--seed", str(LAST), "--battles", "3")
    assert_one_error_line(run, "--seed", f"seeds {LAST} to {LAST + 1}", f"start at {LAST - 1} or lower")


def test_the_windows_next_battle_stays_in_range():
    from game.engine.dice import next_seed
    assert next_seed(41) == 42 and next_seed(-1) == 0 and next_seed(LAST - 1) == LAST
    assert next_seed(LAST) == 0
