"""`serve`, `open` and `join` from the shell (issue 31), on loopback.

What is tested: a server started with `serve --port 0` prints its address; `open`
prints one `seat N: CODE` line per person seat; two `join` processes play the seats
headless and exit 0 printing the same result line
(on a scenario map with how it was won and the points); the replay one of them saved
verifies with `replay --verify`. Bad input is one `error:` line and exit status 2.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}


def game(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=ENV, capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture()
def server(tmp_path):
    errors = open(tmp_path / "serve.err", "w")  # a file, not a pipe nobody reads (it could fill)
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--max-battles", "2",
                             "--state", str(tmp_path / "state")], cwd=ROOT,
                            env=ENV, stdout=subprocess.PIPE, stderr=errors, text=True)
    try:
        line = proc.stdout.readline()
        match = re.fullmatch(r"serving on 127\.0\.0\.1:(\d+) \(at most 2 battles\)\n", line)
        assert match, (line, (tmp_path / "serve.err").read_text())
        yield f"127.0.0.1:{match.group(1)}"
    finally:
        proc.terminate()
        proc.wait(10)
        errors.close()
    assert (tmp_path / "serve.err").read_text() == ""  # no traceback, nothing logged


#: The result line: the log's last line, then how the battle was won and, on a scenario
#: map, each side's points.
RESULT = r"(Side \d wins|Draw) after \d+ rounds.*\. \(how: ({hows})({points})\)\n"
HOWS = "elimination|round limit|victory points"


@pytest.mark.parametrize("map_, points", [("maps/arena.tmx", ""),
                                          ("maps/crossroads_farms.tmx", "; points side 1: \\d+, side 2: \\d+")])
def test_open_and_two_joins_play_a_battle(server, tmp_path, map_, points):
    opened = game("open", server, "--map", map_, "--ruleset", "actionblock", "--seats",
                  "person,person", "--fog", "--max-rounds", "2")
    assert opened.returncode == 0, opened.stderr
    lines = opened.stdout.splitlines()
    assert [line[:8] for line in lines] == ["seat 1: ", "seat 2: "]
    codes = [line[8:] for line in lines]
    assert all(re.fullmatch(r"[A-Za-z0-9]{22}", c) for c in codes)  # 22 of 62 letters and digits: 131 bits
    replay = tmp_path / "net.json"
    joins = [subprocess.Popen([sys.executable, "-m", "game", "join", server, "--code", code,
                               *(["--save-replay", str(replay)] if side == 0 else [])],
                              cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for side, code in enumerate(codes)]
    try:  # a few seconds on a quiet machine; bounded generously for a loaded one
        # a join that fails ends the test at once (the other would wait for its seat)
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and any(p.poll() is None for p in joins) \
                and all(p.poll() in (None, 0) for p in joins):
            time.sleep(0.1)
    finally:
        for p in joins:  # a join that did not end is not left running
            if p.poll() is None:
                p.kill()
        outs = [p.communicate() for p in joins]
    assert [p.returncode for p in joins] == [0, 0], outs
    assert outs[0][0] == outs[1][0] and re.fullmatch(RESULT.format(hows=HOWS, points=points), outs[0][0]), outs
    verified = game("replay", str(replay), "--verify")
    assert verified.returncode == 0 and verified.stdout.startswith("verified: "), verified.stderr


@pytest.mark.parametrize("args, where", [
    (("open", "nohost"), "error: address: expected HOST:PORT"),
    (("open", "127.0.0.1:1"), "error: 127.0.0.1:1: cannot connect"),
    (("open", "{server}", "--seats", "person,robot"), "error: open: "),
    (("open", "{server}", "--ruleset", "chess"), "error: --ruleset: unknown ruleset 'chess'"),
    (("open", "{server}", "--map", "maps/none.tmx"), "error: {server}: refused: open: maps/none.tmx"),
    (("open", "{server}", "--seats", "person,ai:superb"), "error: {server}: refused: open: seat: unknown AI level"),
    (("join", "{server}", "--code", "A" * 22), "error: {server}: refused: join: no seat has this code"),
    (("join", "{server}", "--code", "A" * 22, "--ai", "hard"), "error: --ai: a network seat plays at random"),
    (("serve", "--port", "70000"), "error: python -m game serve: argument --port"),
    (("open", "{server}", "--squad", "1=nobody"), "error: --squad: d20 has no unit template or archetype 'nobody'"),
    (("open", "{server}", "--squad", "3=scout"),
     "error: {server}: refused: open: squads: the map has no side 3 (its sides: 1, 2)"),
    (("open", "{server}", "--squad", "2=ai:godlike"), "error: {server}: refused: open: squads: "),
    (("open", "{server}", "--spectators", "9"), "error: open: "),
    (("join", "{server}", "--code", "A" * 22, "--when-away", "panic"), "error: python -m game join: argument --when-away"),
    (("serve", "--away-after", "0"), "error: python -m game serve: argument --away-after"),
    (("serve", "--demo-pace", "soon"), "error: python -m game serve: argument --demo-pace"),
    (("serve", "--port", "0", "--state", "pyproject.toml"), "error: pyproject.toml: is not a folder"),
])
def test_bad_input_is_one_line_and_status_2(server, args, where):
    done = game(*(a.replace("{server}", server) for a in args))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(where.replace("{server}", server)), done.stderr


def test_open_prints_seats_and_spectators_and_takes_squads(server):
    opened = game("open", server, "--map", "maps/arena.tmx", "--squad", "1=scout,scout", "--squad", "2=ai",
                  "--spectators", "2")
    assert opened.returncode == 0, opened.stderr
    lines = opened.stdout.splitlines()
    assert [line[:line.index(":") + 2] for line in lines] == ["seat 1: ", "seat 2: ", "spectator: ", "spectator: "]


def test_serve_reports_a_bad_state_file_in_one_line_and_serves(tmp_path):
    state = tmp_path / "state"
    state.mkdir()
    (state / "battle-7.json").write_text("[]", encoding="utf-8")
    errors = open(tmp_path / "serve.err", "w")
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--state", str(state)], cwd=ROOT,
                            env=ENV, stdout=subprocess.PIPE, stderr=errors, text=True)
    try:
        line = proc.stdout.readline()
        address = re.fullmatch(r"serving on (127\.0\.0\.1:\d+) \(at most 16 battles\)\n", line).group(1)
        opened = game("open", address, "--map", "maps/arena.tmx")
        assert opened.returncode == 0, opened.stderr
    finally:
        proc.terminate()
        proc.wait(10)
        errors.close()
    assert (tmp_path / "serve.err").read_text() == \
        f"error: {state / 'battle-7.json'}: not a network battle's state of version 1\n"
    assert (state / "battle-7.json").read_text(encoding="utf-8") == "[]"
    assert len(list(state.glob("battle-*.json"))) == 2  # the one opened is kept too


def test_seat_codes_are_letters_and_digits_so_the_command_line_takes_them():
    """A base64 code began with "-" one time in 64, and `join --code -Xy...` read it as an
    option: that seat could not join (it showed as a stalled test). Codes are letters and
    digits now; 22 of 62 is 131 bits."""
    from game.cli import build_parser
    from game.net.opening import new_code
    codes = {new_code() for _ in range(2000)}
    assert len(codes) == 2000 and all(re.fullmatch(r"[A-Za-z0-9]{22}", c) for c in codes)
    for code in list(codes)[:50]:
        assert build_parser().parse_args(["join", "127.0.0.1:1", "--code", code]).code == code
