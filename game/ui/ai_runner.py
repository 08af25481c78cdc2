"""The AI thinks in a worker thread so the window never freezes.

The worker only reads the Battle (`controller.decide`); the main thread alone calls
`submit`, and it does not touch the Battle while a worker is thinking (it draws from
its snapshot). One worker at a time, for one decision.
"""

from __future__ import annotations

import threading
from typing import Any


class AIRunner:
    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._done = threading.Event()
        self._result: Any = None
        self._error: BaseException | None = None
        self.decision = None

    @property
    def thinking(self) -> bool:
        return self._thread is not None and not self._done.is_set()

    @property
    def busy(self) -> bool:
        """A decision was handed out and its answer not yet collected."""
        return self._thread is not None

    def start(self, controller: Any, battle: Any, decision: Any) -> None:
        assert self._thread is None, "one AI decision at a time"
        self._done.clear()
        self._result, self._error, self.decision = None, None, decision

        def work() -> None:
            try:
                self._result = controller.decide(battle, decision)
            except BaseException as exc:  # handed to the main thread, which reports it
                self._error = exc
            finally:
                self._done.set()

        self._thread = threading.Thread(target=work, name="ai-decide", daemon=True)
        self._thread.start()

    def wait(self, timeout: float) -> bool:
        return self._done.wait(timeout) if self._thread is not None else False

    def collect(self) -> tuple[Any, BaseException | None] | None:
        """(choice, error) once the worker is done, else None."""
        if self._thread is None or not self._done.is_set():
            return None
        self._thread.join()
        self._thread = None
        return self._result, self._error

    def abandon(self) -> None:
        """Wait for a worker still thinking (it must not read a battle being closed)."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None
