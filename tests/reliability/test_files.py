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


# --- issue 33.12 (and the settings half of 33.10) ---------------------------------------------
def _stale_and_fresh(folder, name):
    """A temporary file a killed write of `name` left two minutes ago, and one being
    written right now (a running write: it must be kept)."""
    stale = folder / f".{name}{TEMP_MARK}killed.tmp"
    fresh = folder / f".{name}{TEMP_MARK}running.tmp"
    for p in (stale, fresh):
        p.write_text("half")
    old = time.time() - 120
    os.utime(stale, (old, old))
    return stale, fresh


@pytest.mark.parametrize("command", [
    ["simulate", "--ruleset", "fivebyfive", "--map", "arena", "--battles", "1", "--max-rounds", "1", "--json"],
    ["demo", "--headless", "--ruleset", "fivebyfive", "--map", "arena", "--max-rounds", "1", "--save-replay"],
], ids=["simulate --json", "demo --save-replay"])
def test_writing_a_target_cleans_what_a_killed_write_left_beside_it(tmp_path, capsys, command):
    out = tmp_path / "elsewhere" / "out.json"
    out.parent.mkdir()
    stale, fresh = _stale_and_fresh(out.parent, "out.json")
    assert main([*command, str(out)]) == 0
    capsys.readouterr()
    assert out.exists() and not stale.exists() and fresh.exists()


def test_a_read_only_file_is_refused_and_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("mine")
    path.chmod(0o444)
    with pytest.raises(PermissionError) as caught:
        write_text(path, "theirs")
    assert caught.value.filename == str(path) and "read-only" in caught.value.strerror
    assert path.read_text() == "mine" and stat.S_IMODE(path.stat().st_mode) == 0o444
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_a_read_only_settings_file_is_kept_with_one_note(tmp_path):
    from game.ui.settings import Settings, save_settings
    path = tmp_path / "settings.json"
    path.write_text('{"seed": 7}')
    path.chmod(0o444)
    note = save_settings(Settings(seed=9), path)
    assert note == f"cannot write settings to {path} (the file is read-only; it was kept as it is)"
    assert path.read_text() == '{"seed": 7}'


def test_a_read_only_json_target_is_one_line(tmp_path, capsys):
    out = tmp_path / "out.json"
    out.write_text("keep")
    out.chmod(0o444)
    status = main(["simulate", "--ruleset", "fivebyfive", "--map", "arena", "--battles", "1",
                   "--max-rounds", "1", "--json", str(out)])
    err = capsys.readouterr().err
    assert status == 2 and err == f"error: {out}: cannot be written (the file is read-only; it was kept as it is)\n"
    assert out.read_text() == "keep"


def test_settings_are_never_written_into_a_fifo(tmp_path):
    """Issue 33.10: opening a FIFO to write blocks until someone reads it, so quitting
    hung. Settings go only to a regular file: the FIFO is left alone, at once."""
    from game.ui.settings import Settings, save_settings
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    notes = []
    writer = threading.Thread(target=lambda: notes.append(save_settings(Settings(), fifo)), daemon=True)
    writer.start()
    writer.join(10)
    if writer.is_alive():  # blocked in open(): release it before failing
        open(fifo, "rb").close()
        writer.join(10)
        pytest.fail("save_settings blocked on a FIFO")
    assert notes == [f"cannot write settings to {fifo} (is not a regular file (a FIFO or a device); not written there)"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_a_full_disk_names_the_file_not_system(tmp_path, monkeypatch):
    """The temporary file's write fails with no file name of its own (ENOSPC)."""
    def disk_full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError) as caught:
        write_text(tmp_path / "out.json", "x")
    assert caught.value.filename == str(tmp_path / "out.json")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_soak_json_on_a_full_disk_names_the_file(capsys):
    status = main(["soak", "--ruleset", "fivebyfive", "--map", "arena", "--battles", "1",
                   "--max-rounds", "1", "--verify-every", "0", "--json", "/dev/full"])
    err = capsys.readouterr().err
    assert status == 2 and err == "error: /dev/full: cannot be written (No space left on device)\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_ladder_plot_on_a_full_disk_names_the_file(capsys):
    pytest.importorskip("matplotlib")
    status = main(["ladder", "--ruleset", "fivebyfive", "--levels", "random,easy", "--maps", "arena",
                   "--battles", "1", "--max-rounds", "1", "--plot", "/dev/full"])
    err = capsys.readouterr().err
    assert status == 2 and err == "error: /dev/full: cannot be written (No space left on device)\n"
