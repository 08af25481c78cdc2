"""Progress lines with rate and time left; plain periodic lines when not a terminal
(issue 32, item 8). Figures worked out by hand from a fake clock."""

from __future__ import annotations

import io

from game.progress import Progress, duration


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_duration():
    assert [duration(s) for s in (0, 0.4, 13.3, 90, 3600 + 61)] == ["0:00", "0:00", "0:13", "1:30", "1:01:01"]


def test_a_terminal_gets_one_redrawn_line_with_rate_and_time_left():
    clock, out = Clock(), Terminal()
    progress = Progress(100, out, clock)
    progress.update(0)
    clock.now = 10.0
    progress.update(25)  # 25 in 10 s: 2.5 a second, 75 left: 30 s
    progress.close()
    assert out.getvalue() == ("\r[" + "." * 30 + "] 0/100 battles\033[K"
                              "\r[" + "#" * 7 + "." * 23 + "] 25/100 battles, 2.5/s, 0:30 left\033[K"
                              "\r\033[K")


def test_a_pipe_gets_a_plain_line_every_30_seconds():
    clock, out = Clock(), io.StringIO()
    progress = Progress(100, out, clock)
    for now, done in ((0, 0), (10, 25), (31, 70), (40, 80), (61, 99), (62, 100)):
        clock.now = now
        progress.update(done)
    progress.close()
    # at 31 s: 70/31 = 2.258/s, 30 left: 13.3 s; at 61 s: 99/61 = 1.623/s, 1 left: 0.6 s
    assert out.getvalue().splitlines() == ["progress: 70/100 battles, 2.26/s, 0:13 left",
                                           "progress: 99/100 battles, 1.62/s, 0:01 left"]
