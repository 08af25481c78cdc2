"""A study's battles on a Dask distributed scheduler (``simulate``/``ladder --cluster``).

Each battle is a pure function of its spec (``game.simulate.run_one``), so a cluster
gives the same results as ``--jobs 1``; docs/cluster.md says how to start one.

Two failures used to hang the client forever (issue 32, item 5), and both are now
one ``error: --cluster: ...`` line before anything waits without end:

* a worker that cannot import the game dies on its first battle (Dask unpickles the
  task in the worker's comm loop, so the worker process fails, not the task), and the
  scheduler keeps the battle waiting for a worker that never comes. So, before the
  first battle, every worker is asked to import the game and say its code hash (the
  study key's ``code_hash``: the engine's, rulesets' and AI's source and data), and a
  worker that cannot, or that runs other code (other results), stops the study;
* a study with no live worker (none joined, or all died on the way) waits at most
  ``wait`` seconds, then stops with how many battles it finished.

The wait is wall-clock time on the client; it never reaches a battle.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import time
from concurrent.futures import CancelledError
from typing import Iterator

from game.errors import InputError
from game.simulate import BattleSpec, run_one
from game.study_db import code_hash

WORKER_WAIT = 60.0  # seconds a study waits for a live worker (--cluster-wait)
POLL = 0.5  # seconds between looks at the scheduler while a battle is out
BATCH = 512  # battles handed to the scheduler at a time (specs are consumed lazily)


# Asked of every worker before the first battle. The first question is built from the
# standard library alone (`eval` is a builtin, pickled by name), so it reaches a worker
# that has no game at all and comes back as that worker's ModuleNotFoundError; the
# second is the study key's own function, pickled by reference: a worker whose game is
# too old to have it fails to load it, and is named as running another version.
GAME_VERSION = "__import__('game').__version__"


def _where(address: str) -> str:
    return f"--cluster {address[:200]}"


def connect(address: str):
    """A client of the scheduler at `address`; bad address or none there: InputError."""
    try:
        from distributed import Client
    except ImportError:
        raise InputError("--cluster", "needs Dask distributed: pip install 'rulebook-skirmish[cluster]'") from None
    try:
        return Client(address, timeout=10)
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError("--cluster", f"no scheduler at {address[:200]!r} ({exc})") from None


def check_workers(client, address: str, wait: float = WORKER_WAIT) -> int:
    """Before the first battle: at least one worker within `wait` seconds, and every
    worker imports this game with this code. Returns the number of workers."""
    try:
        client.wait_for_workers(1, timeout=wait)
    except TimeoutError:
        raise InputError(_where(address), f"no worker joined the scheduler within {wait:g} s "
                                          f"(start one: dask worker {address[:200]})") from None
    versions = client.run(eval, GAME_VERSION, on_error="return")
    if not versions:  # the workers left between the two calls
        raise InputError(_where(address), "every worker left the scheduler before the first battle")
    for worker, answer in sorted(versions.items()):
        if isinstance(answer, BaseException):
            raise InputError(_where(address), f"worker {worker} cannot import the game "
                                              f"({_one_line(answer)}); install this package on every worker")
    ours = code_hash()
    answers = client.run(code_hash, on_error="return")
    for worker, answer in sorted(answers.items()):
        if answer != ours:
            theirs = (f"code hash {answer[:12]}" if isinstance(answer, str)
                      else f"game {versions.get(worker)}, {_one_line(answer)}")
            raise InputError(_where(address), f"worker {worker} runs other game code ({theirs}; here "
                                              f"{ours[:12]}); install this version on every worker")
    return len(answers)


def run_on_cluster(specs: Iterator[BattleSpec], address: str, wait: float | None = None) -> Iterator[dict]:
    """Results in the order of `specs`, played on the scheduler's workers; `wait`
    (default WORKER_WAIT) bounds every wait for a live worker."""
    wait = WORKER_WAIT if wait is None else wait
    client = connect(address)
    with _quiet_client(), client:  # quiet until the client is closed too
        check_workers(client, address, wait)
        done = 0
        while batch := list(itertools.islice(specs, BATCH)):
            # pure=False: two equal specs are still two battles to play.
            for spec, future in zip(batch, client.map(run_one, batch, pure=False)):
                yield _result(client, future, spec, address, wait, done)
                done += 1


def _result(client, future, spec: BattleSpec, address: str, wait: float, done: int) -> dict:
    """One battle's result, or InputError once no worker has been alive for `wait` s."""
    from distributed import KilledWorker

    last_alive = time.monotonic()
    while True:
        try:
            return future.result(timeout=POLL)
        except TimeoutError:
            pass
        except CancelledError as exc:
            # Dask cancels every battle out when the client loses the scheduler.
            raise InputError(_where(address), f"lost the scheduler after {done} battles "
                                              f"({_one_line(exc)})") from None
        except KilledWorker as exc:
            # The battle killed every worker that took it (Dask retries it on others).
            raise InputError(_where(address), f"the battle seeded {spec.seed} killed its workers "
                                              f"({_one_line(exc)}); see the workers' logs") from None
        if _live_workers(client):
            last_alive = time.monotonic()
        elif time.monotonic() - last_alive > wait:
            raise InputError(_where(address), f"no live worker for {wait:g} s after {done} battles "
                                              "(a worker that cannot import the game dies at its "
                                              "first battle: see the workers' logs)")


@contextlib.contextmanager
def _quiet_client():
    """While a study runs, Dask's client does not log its own tracebacks (a lost
    scheduler, a failed reconnect): the study says what went wrong in one line."""
    logger = logging.getLogger("distributed.client")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)


def _live_workers(client) -> int:
    try:
        return len(client.scheduler_info().get("workers", {}))
    except (OSError, TimeoutError):
        return 0  # no scheduler, so no live worker either: the wait runs out


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:300]
