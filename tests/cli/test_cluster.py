"""`--cluster` never hangs the client (issue 32, item 5).

A Dask scheduler on 127.0.0.1 with workers that cannot play: one that cannot import
the game (a real worker process in which `import game` fails, as on a machine where
the package is not installed), one whose game is other code (a copy of the package
with one line added), and none at all. Each run ends with one `error: --cluster ...`
line and exit status 2 within the wait it was given, before any battle; a worker that
passes the check and then dies leaves the study with no live worker, which also ends
it, and so does a scheduler lost in the middle of a study. (The working cluster, results equal to --jobs 1: tests/cli/test_ladder.py.)
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli.conftest import assert_one_error_line

distributed = pytest.importorskip("distributed")

GAME = Path(__file__).resolve().parents[2] / "game"
STUDY = ("simulate", "--ruleset", "d20", "--map", "arena", "--battles", "2", "--seed", "1",
         "--max-rounds", "2")
# A worker process in which `import game` fails as it does where the package is not
# installed: a finder ahead of all others answers "No module named 'game'".
NO_GAME = """
import sys
class NotInstalled:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name.partition(".")[0] == "game":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, NotInstalled)
from distributed.cli.dask_worker import main
main()
"""
PLAIN = "from distributed.cli.dask_worker import main; main()"


@pytest.fixture
def scheduler():
    """A scheduler with no workers, on TCP so that worker processes can join it (its
    dashboard on any free port: 8787 may be taken)."""
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp", host="127.0.0.1",
                                  dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


@pytest.fixture
def processes(tmp_path):
    """Starts `python -c code args...` in `cwd` with `env`, its output in a log file;
    every process started is stopped after the test."""
    started = []

    def start(code: str, *args: str, cwd: Path, env: dict[str, str]) -> subprocess.Popen:
        with open(tmp_path / f"process{len(started)}.log", "wb") as log:
            started.append(subprocess.Popen([sys.executable, "-c", code, *args], cwd=cwd, env=env,
                                            stdout=log, stderr=subprocess.STDOUT))
        return started[-1]
    yield start
    for process in started:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _join(processes, scheduler: str, code: str, cwd: Path, env: dict[str, str], workers: int = 1) -> None:
    """One worker process (no nanny: the process is the worker); returns once the
    scheduler has `workers` workers."""
    processes(code, scheduler, "--nthreads", "1", "--no-nanny", "--no-dashboard", cwd=cwd, env=env)
    with distributed.Client(scheduler, timeout=30) as client:
        client.wait_for_workers(workers, timeout=120)


@pytest.fixture
def start_worker(tmp_path, scheduler, processes):
    """start_worker(code, cwd, env): a worker of the `scheduler` fixture's."""
    return lambda code, cwd, env: _join(processes, scheduler, code, cwd, env)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(extra, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return env


def test_no_worker_is_one_line_after_the_wait(cli, scheduler):
    t0 = time.monotonic()
    run = cli(*STUDY, "--cluster", scheduler, "--cluster-wait", "1")
    assert_one_error_line(run, f"--cluster {scheduler}", "no worker joined the scheduler within 1 s")
    assert time.monotonic() - t0 < 30  # the wait, not forever


def test_a_worker_without_the_game_is_named_before_the_first_battle(cli, scheduler, start_worker, tmp_path):
    start_worker(NO_GAME, tmp_path, _env())
    run = cli(*STUDY, "--cluster", scheduler, "--cluster-wait", "5")
    assert_one_error_line(run, "cannot import the game", "No module named 'game",
                          "install this package on every worker")
    assert run.out == ""  # no battle, no summary


def test_a_worker_with_other_game_code_is_refused(cli, scheduler, start_worker, tmp_path):
    """A copy of the package with one comment added to a rule module: the battles might
    differ, so the worker is refused and both code hashes are named."""
    other = tmp_path / "other"
    shutil.copytree(GAME, other / "game", ignore=shutil.ignore_patterns("__pycache__", "maps", "assets"))
    with open(other / "game" / "rulesets" / "d20" / "__init__.py", "a") as f:
        f.write("\n# another version\n")
    # PYTHONPATH is searched before the editable install's finder: the worker plays the copy.
    start_worker(PLAIN, tmp_path, _env(PYTHONPATH=str(other)))
    from game.study_db import code_hash
    run = cli(*STUDY, "--cluster", scheduler, "--cluster-wait", "5")
    assert_one_error_line(run, "runs other game code", f"here {code_hash()[:12]}",
                          "install this version on every worker")


def test_a_study_whose_workers_all_die_stops_after_the_wait(cli, scheduler, start_worker, tmp_path,
                                                            monkeypatch):
    """The check passed (forced here), then the worker dies on its first battle, as a
    worker that joins after the check without the game would: the study stops."""
    import game.cluster
    monkeypatch.setattr(game.cluster, "check_workers", lambda client, address, wait: 1)
    start_worker(NO_GAME, tmp_path, _env())
    t0 = time.monotonic()
    run = cli(*STUDY, "--cluster", scheduler, "--cluster-wait", "2")
    assert_one_error_line(run, "no live worker for 2 s after 0 battles")
    assert time.monotonic() - t0 < 60


@pytest.mark.parametrize("wait", ["0", "-1", "nan", "inf", "soon", "86401"])
def test_a_bad_wait_is_one_line(cli, wait):
    assert_one_error_line(cli(*STUDY, "--cluster", "tcp://127.0.0.1:1", "--cluster-wait", wait),
                          "--cluster-wait")


def test_a_lost_scheduler_is_one_line(cli, tmp_path, processes, monkeypatch):
    """A scheduler process that stops after the study's second battle (stopped by the
    test, as a machine lost): Dask cancels the battles out, the study says so."""
    info = tmp_path / "scheduler.json"
    scheduler = processes("from distributed.cli.dask_scheduler import main; main()", "--host", "127.0.0.1",
                          "--port", "0", "--no-dashboard", "--scheduler-file", str(info),
                          cwd=tmp_path, env=_env())
    for _ in range(600):
        if info.exists() and info.stat().st_size:
            break
        time.sleep(0.2)
    address = json.loads(info.read_text())["address"]
    _join(processes, address, PLAIN, tmp_path, _env(PYTHONPATH=str(GAME.parent)))  # this checkout's game

    import game.cluster
    real = game.cluster._result

    def stop_after_two(client, future, spec, address, wait, done):
        if done == 2:
            scheduler.terminate()
            scheduler.wait(timeout=60)
        return real(client, future, spec, address, wait, done)
    monkeypatch.setattr(game.cluster, "_result", stop_after_two)
    run = cli("simulate", "--ruleset", "d20", "--map", "arena", "--battles", "100", "--max-rounds", "2",
              "--cluster", address, "--cluster-wait", "5")
    assert_one_error_line(run, f"--cluster {address}", "lost the scheduler after 2 battles")
