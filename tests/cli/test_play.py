"""`play` (the default) and `demo` without --headless open the window, lazily.

With no display they say so in one line and point at `demo --headless`; the window
module (game.ui.app, the UI's) is only imported when there is a display.
"""

from __future__ import annotations

import sys
import types

import pytest

from tests.cli.conftest import assert_one_error_line


@pytest.fixture
def no_display(monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setattr(sys, "platform", "linux")


@pytest.mark.parametrize("args", [(), ("play",), ("demo",)])
def test_no_display_is_one_line_naming_the_headless_demo(cli, no_display, args):
    run = cli(*args)
    assert_one_error_line(run, "no display", "python -m game demo --headless")


def test_no_display_does_not_import_the_window(cli, no_display, monkeypatch):
    monkeypatch.delitem(sys.modules, "game.ui.app", raising=False)
    cli("play")
    assert "game.ui.app" not in sys.modules


def test_play_hands_its_arguments_to_the_window(cli, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    seen = {}
    fake = types.ModuleType("game.ui.app")
    fake.run = lambda args: seen.setdefault("play", args) and 0
    fake.run_demo = lambda args: seen.setdefault("demo", args) and 0
    monkeypatch.setitem(sys.modules, "game.ui.app", fake)

    assert cli().status == 0
    assert cli("demo", "--seed", "7").status == 0
    assert seen["play"].command == "play"
    # Nothing named but the seed: the window's demo loops over maps and rulesets.
    assert seen["demo"].seed == 7 and seen["demo"].ruleset is None and seen["demo"].map is None


def test_a_window_module_without_the_entry_point_is_one_line(cli, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setitem(sys.modules, "game.ui.app", types.ModuleType("game.ui.app"))
    assert_one_error_line(cli("play"), "python -m game demo --headless")


def test_save_replay_needs_headless(cli, tmp_path):
    assert_one_error_line(cli("demo", "--save-replay", str(tmp_path / "r.json")), "--headless")
