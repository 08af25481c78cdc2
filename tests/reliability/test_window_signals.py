"""Issue 33.10: quitting hung when settings.json was a FIFO (opening it to write
blocks until someone reads), and neither SIGTERM nor Ctrl-C ended the window: SDL's
handler turns SIGTERM into a QUIT event the blocked main thread never reads.

Now settings go only to a regular file (game.files, regular_only), and while the
window's loop runs SIGTERM raises SystemExit(143) in the main thread, so the window
ends (its clean-up still saving the settings) even when the main thread is stuck.
Each test runs the window in a child process with SDL's dummy video driver.
"""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX signals and FIFOs")

RUNNING_WINDOW = """
import sys
from pathlib import Path
from game.ui.app import App
app = App(settings_path=Path(sys.argv[1]))
tick = app.tick
def first_tick():
    print("running", flush=True)  # in the loop: the test may signal now
    app.tick = tick
    return tick()
app.tick = first_tick
app.loop()
"""
STUCK_WINDOW = """
import sys, time
from pathlib import Path
from game.ui.app import App
app = App(settings_path=Path(sys.argv[1]))
def stuck():
    print("stuck", flush=True)
    time.sleep(120)  # the main thread busy or blocked: no event is read
    return True
app.tick = stuck
app.loop()
"""


def _env(tmp_path):
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}


def _terminate(child: subprocess.Popen, ready: str) -> int:
    """SIGTERM once the child's window loop says `ready`; its exit status, or a
    failure (the child killed) if it is still running 20 s later."""
    assert child.stdout.readline().strip() == ready
    child.send_signal(signal.SIGTERM)
    try:
        return child.wait(20)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        pytest.fail("the window did not end within 20 s of SIGTERM")


def test_sigterm_ends_a_window_whose_main_thread_is_stuck(tmp_path):
    settings = tmp_path / "settings.json"
    child = subprocess.Popen([sys.executable, "-c", STUCK_WINDOW, str(settings)], cwd=REPO,
                             env=_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert _terminate(child, ready="stuck") == 128 + signal.SIGTERM
    assert settings.is_file()  # the clean-up still ran: the settings were saved


def test_quitting_with_a_fifo_for_settings_ends_and_keeps_the_fifo(tmp_path):
    folder = tmp_path / "config" / "rulebook-skirmish"
    folder.mkdir(parents=True)
    fifo = folder / "settings.json"
    os.mkfifo(fifo)
    child = subprocess.Popen([sys.executable, "-c", RUNNING_WINDOW, str(fifo)], cwd=REPO, env=_env(tmp_path),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    status = _terminate(child, ready="running")
    err = child.stderr.read()
    assert status == 128 + signal.SIGTERM, err
    assert "is not a regular file" in err and err.count("\n") == 1
    assert stat.S_ISFIFO(fifo.stat().st_mode)
