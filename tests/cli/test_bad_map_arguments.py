"""Issue 33.8: a map that cannot be played is one line and exit status 2 for every
command, soak included (it used to print a FAIL line per battle and exit 1), and a
folder or a device given as a map is called what it is, not "no such map file"."""

from __future__ import annotations

import os

import pytest

from tests.cli.conftest import assert_one_error_line

COMMANDS = [("soak", "--battles", "2"), ("simulate", "--battles", "1"), ("demo", "--headless")]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_missing_map_is_one_line(cli, command):
    run = cli(*command, "--map", "nosuch")
    assert_one_error_line(run, "error: nosuch: no such map file")
    assert run.out == ""  # no FAIL lines, no summary


@pytest.mark.parametrize("command", COMMANDS + [("check-map",)], ids=lambda c: c[0])
def test_a_character_device_is_called_one(cli, command):
    args = (*command, "/dev/zero") if command == ("check-map",) else (*command, "--map", "/dev/zero")
    run = cli(*args)
    assert_one_error_line(run, "error: /dev/zero: is not a regular file (a character device)")
    assert run.out == ""


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_folder_is_called_one(cli, command, tmp_path):
    run = cli(*command, "--map", str(tmp_path))
    assert_one_error_line(run, f"error: {tmp_path}: is a directory, not a map file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_named_without_waiting_on_it(cli, tmp_path):
    fifo = tmp_path / "pipe.tmx"
    os.mkfifo(fifo)
    run = cli("soak", "--map", str(fifo), "--battles", "1")
    assert_one_error_line(run, f"error: {fifo}: is not a regular file (a FIFO)")


def test_a_soak_map_that_is_not_a_map_is_one_line(cli, tmp_path):
    bad = tmp_path / "broken.tmx"
    bad.write_text("<map version='1.10' width='3'", encoding="utf-8")
    run = cli("soak", "--map", str(bad), "--battles", "3")
    assert_one_error_line(run, f"error: {bad}: is not well-formed XML")
    assert run.out == ""


def test_a_missing_tileset_file_still_says_where_it_looked(cli, tmp_path):
    from tests.world.worldkit import copy_map
    path = copy_map(tmp_path, "warehouse", lambda t: t.replace("tileset.tsx", "gone.tsx"))
    run = cli("check-map", str(path))
    assert_one_error_line(run, "tileset file gone.tsx does not exist (looked at ")
