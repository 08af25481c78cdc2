"""Output paths are checked before the first battle, in one line naming the path, and
the summary is printed even when writing a file fails (issue 32, item 2)."""

from __future__ import annotations

import errno

import pytest

import game.files
import game.simulate
from tests.cli.conftest import assert_one_error_line

SHORT = ("--ruleset", "d20", "--map", "arena", "--max-rounds", "2")


@pytest.fixture
def battles_played(monkeypatch):
    """How many battles were played (the in-process runner, --jobs 1)."""
    played = []
    real = game.simulate.run_one

    def counting(spec):
        played.append(spec.seed)
        return real(spec)
    monkeypatch.setattr(game.simulate, "run_one", counting)
    return played


@pytest.mark.parametrize("command, option", [
    ("simulate", "--json"), ("simulate", "--db"),
    ("ladder", "--json"), ("ladder", "--csv"), ("ladder", "--plot"), ("ladder", "--db"),
])
def test_a_missing_folder_is_one_line_before_any_battle(cli, tmp_path, battles_played, command, option):
    path = tmp_path / "nonexistent" / "dir" / "out.png"
    extra = ("--maps", "arena", "--levels", "random,easy", "--battles", "2") if command == "ladder" \
        else ("--battles", "20")
    run = cli(command, *extra, "--max-rounds", "2", option, str(path))
    assert_one_error_line(run, f"error: {option}: {path}: its folder {path.parent} does not exist")
    assert battles_played == []
    assert run.out == ""


def test_a_folder_given_as_the_file_is_one_line(cli, tmp_path, battles_played):
    run = cli("simulate", *SHORT, "--battles", "5", "--json", str(tmp_path))
    assert_one_error_line(run, f"error: --json: {tmp_path}: is a directory, not a file")
    assert battles_played == []


def test_a_parent_that_is_a_file_is_one_line(cli, tmp_path, battles_played):
    (tmp_path / "plain").write_text("x")
    run = cli("ladder", "--maps", "arena", "--levels", "random,easy", "--battles", "2",
              "--csv", str(tmp_path / "plain" / "t.csv"))
    assert_one_error_line(run, f"{tmp_path / 'plain'} is not a folder")
    assert battles_played == []


def test_an_unknown_plot_format_is_one_line_before_any_battle(cli, tmp_path, battles_played):
    pytest.importorskip("matplotlib")
    run = cli("ladder", "--maps", "arena", "--levels", "random,easy", "--battles", "2",
              "--plot", str(tmp_path / "r.docx"))
    assert_one_error_line(run, "--plot", "r.docx: matplotlib cannot write .docx")
    assert battles_played == []


def _full_disk(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device", str(args[0]) + ".skirmish-tmp")


def test_the_summary_is_printed_when_the_json_cannot_be_written(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(game.files, "write_bytes", _full_disk)
    run = cli("simulate", *SHORT, "--battles", "2", "--json", str(tmp_path / "s.json"))
    assert_one_error_line(run, "s.json", "No space left on device")
    assert "d20 on arena.tmx: 2 battles" in run.out and "mean rounds:" in run.out
    assert not (tmp_path / "s.json").exists()


def test_a_plot_that_cannot_be_written_names_its_path_not_a_temporary_file(cli, tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    monkeypatch.setattr(game.files, "write_bytes", _full_disk)
    target = tmp_path / "r.png"
    run = cli("ladder", "--maps", "arena", "--levels", "random,easy", "--battles", "2", "--max-rounds", "2",
              "--plot", str(target))
    assert_one_error_line(run, f"error: {target}: cannot be written (No space left on device)")
    assert "ratings (Bradley-Terry" in run.out
