"""The one writer (`game.files.write_text`) and what every output command gets from it
(issue 17.5, 17.6): regular files atomically with their mode kept, symlinks followed,
special files written in place, a folder refused in one line, temporary files never
left behind by an error and removed when stale.
"""

import os
import stat
import threading
import time

import pytest

from game.cli import main
from game.files import TEMP_MARK, clean_stale_temps, write_text


def test_an_existing_file_keeps_its_mode_and_a_new_one_follows_the_umask(tmp_path):
    old = tmp_path / "old.json"
    old.write_text("x")
    old.chmod(0o640)
    write_text(old, "new")
    assert old.read_text() == "new" and stat.S_IMODE(old.stat().st_mode) == 0o640
    mask = os.umask(0o027)
    try:
        write_text(tmp_path / "fresh.json", "y")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "fresh.json").stat().st_mode) == 0o640


def test_a_symlink_is_followed_and_stays_a_link(tmp_path):
    target = tmp_path / "real.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_text(link, "new")
    assert link.is_symlink() and target.read_text() == "new"


def test_a_fifo_is_written_in_place_not_replaced(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo).read()))
    reader.start()
    write_text(fifo, "through the pipe")
    reader.join(10)
    assert got == ["through the pipe"] and stat.S_ISFIFO(fifo.stat().st_mode)


def test_a_device_is_written_in_place_not_replaced():
    write_text("/dev/null", "nothing")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_simulate_json_to_a_folder_is_one_line_and_leaves_nothing(tmp_path, capsys):
    status = main(["simulate", "--ruleset", "fivebyfive", "--map", "arena", "--battles", "1",
                   "--max-rounds", "1", "--json", str(tmp_path)])
    err = capsys.readouterr().err
    assert status == 2 and err.startswith("error: ") and err.count("\n") == 1
    assert ("folder" in err or "directory" in err) and list(tmp_path.iterdir()) == []


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text("good")

    def disk_full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError):
        write_text(path, "bad")
    assert path.read_text() == "good" and [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_save_settings_leaves_no_temporary_on_error(tmp_path, monkeypatch):
    from game.ui.settings import Settings, save_settings

    def disk_full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", disk_full)
    note = save_settings(Settings(), tmp_path / "settings.json")
    assert "No space left" in note and list(tmp_path.iterdir()) == []


def test_stale_temporaries_are_cleaned_and_fresh_ones_kept(tmp_path):
    stale = tmp_path / f".save.json{TEMP_MARK}abc.tmp"
    fresh = tmp_path / f".save.json{TEMP_MARK}def.tmp"
    other = tmp_path / ".someone-elses.tmp"
    for p in (stale, fresh, other):
        p.write_text("half")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    assert clean_stale_temps(tmp_path) == 1
    assert not stale.exists() and fresh.exists() and other.exists()


def test_the_window_start_cleans_the_config_folder(tmp_path):
    from game.ui.settings import load_settings
    stale = tmp_path / f".settings.json{TEMP_MARK}x.tmp"
    stale.write_text("{")
    os.utime(stale, (0, 0))
    load_settings(tmp_path / "settings.json")
    assert not stale.exists()


def test_save_replay_through_a_symlink_writes_the_target(tmp_path, capsys):
    target = tmp_path / "real.json"
    target.write_text("")
    target.chmod(0o644)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert main(["demo", "--headless", "--ruleset", "fivebyfive", "--map", "arena",
                 "--max-rounds", "1", "--save-replay", str(link)]) == 0
    capsys.readouterr()
    assert link.is_symlink() and '"rulebook-skirmish-replay"' in target.read_text()
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
