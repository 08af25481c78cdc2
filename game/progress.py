"""Progress of a long study on stderr (issue 32, item 8).

On a terminal: one line redrawn in place, with the rate and the time left. Anywhere
else (a pipe, a log file, CI): a plain line every `every_s` seconds, so a log shows
the study is alive without filling up. Nothing else goes to stderr, so one-line errors
stay one line for short runs.
"""

from __future__ import annotations

import sys
import time
from typing import Callable, TextIO

EVERY_S = 30.0  # seconds between two plain lines when stderr is not a terminal
WIDTH = 30  # the bar's characters


def duration(seconds: float) -> str:
    """h:mm:ss (m:ss under an hour)."""
    seconds = max(0, int(round(seconds)))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class Progress:
    """`update(done)` after each battle; `close()` at the end."""

    def __init__(self, total: int, stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic,
                 every_s: float = EVERY_S, what: str = "battles") -> None:
        self.total, self.what, self.clock, self.every_s = total, what, clock, every_s
        self.stream = stream or sys.stderr
        self.terminal = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.start = clock()
        self.last_line = self.start  # when the last plain line was written
        self.drawn = False

    def figures(self, done: int) -> str:
        """`12/100 battles, 3.0/s, 0:29 left` (the rate and time left once known)."""
        text = f"{done}/{self.total} {self.what}"
        elapsed = self.clock() - self.start
        if done and elapsed > 0:
            rate = done / elapsed
            text += f", {rate:.3g}/s, {duration((self.total - done) / rate)} left"
        return text

    def update(self, done: int) -> None:
        if self.terminal:
            filled = WIDTH * done // self.total if self.total else WIDTH
            self.stream.write(f"\r[{'#' * filled}{'.' * (WIDTH - filled)}] {self.figures(done)}\033[K")
            self.stream.flush()
            self.drawn = True
        elif 0 < done < self.total and self.clock() - self.last_line >= self.every_s:
            self.last_line = self.clock()
            self.stream.write(f"progress: {self.figures(done)}\n")
            self.stream.flush()

    def close(self) -> None:
        if self.terminal and self.drawn:
            self.stream.write("\r\033[K")
            self.stream.flush()
