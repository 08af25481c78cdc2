"""The quick commands: `rulesets`, `check-map`, usage errors, and the one-line error rule.

Every bad input ends with exit status 2 and exactly one line on stderr that names
the file or the argument, never a traceback.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.replay import maps_dir
from game.rulesets import REGISTRY
from tests.cli.conftest import assert_one_error_line

REPO = Path(__file__).resolve().parents[2]


def test_rulesets_lists_id_tab_name(cli):
    run = cli("rulesets")
    assert run.status == 0
    assert run.out.splitlines() == [f"{info.id}\t{info.name}" for info in REGISTRY.values()]
    assert "d20\t" in run.out


def test_python_dash_m_game_rulesets_runs_as_a_program():
    done = subprocess.run([sys.executable, "-m", "game", "rulesets"], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].startswith("d20\t")
    assert done.stderr == ""  # no pygame banner or warnings on a headless command


def test_check_map_summarizes_a_good_map(cli):
    run = cli("check-map", str(maps_dir() / "woodland.tmx"))
    assert run.status == 0, run.err
    assert run.err == ""
    assert len(run.out.splitlines()) >= 1 and "spawns" in run.out


def test_check_map_finds_a_bundled_map_by_name(cli):
    assert cli("check-map", "woodland").status == 0


def test_check_map_refuses_a_broken_map_in_one_line(cli, tmp_path):
    bad = tmp_path / "broken.tmx"
    bad.write_text("<map version='1.10' width='3'", encoding="utf-8")  # cut off mid-tag
    assert_one_error_line(cli("check-map", str(bad)), "broken.tmx")


def test_check_map_refuses_a_missing_file_in_one_line(cli, tmp_path):
    assert_one_error_line(cli("check-map", str(tmp_path / "nowhere.tmx")), "nowhere.tmx")


def test_check_map_refuses_a_file_that_is_not_a_map(cli, tmp_path):
    bad = tmp_path / "notes.tmx"
    bad.write_text("<notes>hello</notes>", encoding="utf-8")
    assert_one_error_line(cli("check-map", str(bad)), "notes.tmx")


def test_check_map_refuses_a_tileset_declaring_a_huge_image_in_one_line(cli, tmp_path):
    """Issue 33.3: a tileset declaring a 10^9 px image: one line naming the map, exit 2."""
    from tests.world.test_tiled_refusals import _tileset_image_sized
    path = _tileset_image_sized(tmp_path, "1000000000", "32", name="huge.tmx")
    run = cli("check-map", str(path))
    assert_one_error_line(run, f"error: {path}: ", "1000000000x32 px", "at most 4096 px")


def test_usage_mistakes_are_one_line_too(cli):
    assert_one_error_line(cli("simulate", "--battles", "many"), "--battles")
    assert_one_error_line(cli("simulate", "--battles", "0"), "--battles")
    assert_one_error_line(cli("frobnicate"), "frobnicate")


def test_unknown_ruleset_is_one_line(cli):
    assert_one_error_line(cli("demo", "--headless", "--ruleset", "chess"), "chess")


def test_help_exits_zero(cli):
    run = cli("--help")
    assert run.status == 0
    assert "simulate" in run.out and "check-map" in run.out
