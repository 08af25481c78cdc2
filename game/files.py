"""The one writer for every file the game writes (issue 17.5 and 17.6): replays and
saves, `--json` summaries, settings.

`write_text(path, text)` treats the target as what it is:

* a regular file, or nothing yet: written atomically, through a temporary file in the
  same folder, flushed and fsynced, then renamed over the target (readers see the old
  file or the new one, never half of either; a failed write leaves the old one). An
  existing file keeps its permission bits; a new one gets 0666 less the umask, like
  any other program's output;
* a symlink: followed, and its final target written as above (the link stays a link);
* a FIFO, a character device or another special file: written directly (renaming over
  it would replace the device with a plain file);
* a folder: refused, as an OSError that callers turn into one line;
* a read-only file (no write permission bit set): refused and kept, as `cp` or a shell's
  `>` would refuse it (issue 33.12: a mode-444 settings file was silently replaced).

Callers that must only ever write a regular file (settings: a FIFO there would block
the window's exit, issue 33.10) pass `regular_only=True`.

Every OSError raised names the target (`filename`): on a full disk, the write of the
temporary file fails with no file name of its own, and the user must be told which
file was not written, not "system".

Temporary files are named `.<name>.skirmish-<random>.tmp`; `clean_stale_temps(folder)`
removes those a killed process left behind: called when the window starts, and beside
every target before it is written (a `--json` or `--save-replay` target may be in any
folder, where the start-up clean-up never looks).
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
import time
from pathlib import Path

TEMP_MARK = ".skirmish-"
TEMP_SUFFIX = ".tmp"
STALE_AFTER_S = 60.0  # a temporary file older than this belongs to no running write


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_text(path: str | Path, text: str, regular_only: bool = False) -> None:
    write_bytes(path, text.encode("utf-8"), regular_only)


def write_bytes(path: str | Path, data: bytes, regular_only: bool = False) -> None:
    try:
        _write_bytes(path, data, regular_only)
    except OSError as exc:
        if exc.filename is None or str(exc.filename).endswith(TEMP_SUFFIX):
            exc.filename, exc.filename2 = str(path), None  # name the target, never "system"
        raise


def _write_bytes(path: str | Path, data: bytes, regular_only: bool) -> None:
    target = Path(os.path.realpath(path))  # symlinks followed to what they name
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(path))
    if st is not None and not stat.S_ISREG(st.st_mode):
        if regular_only:
            raise OSError(errno.EINVAL, "is not a regular file (a FIFO or a device); not written there",
                          str(path))
        # A FIFO, a terminal, /dev/null, /dev/full: written in place, never replaced.
        with open(target, "wb") as out:
            out.write(data)
            out.flush()
        return
    if st is not None and (not st.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
                           or not os.access(target, os.W_OK)):  # (root may write anything: the bits say)
        raise PermissionError(errno.EACCES, "the file is read-only; it was kept as it is", str(path))
    clean_stale_temps(target.parent)  # what a killed write to this folder left
    mode = stat.S_IMODE(st.st_mode) if st is not None else 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}{TEMP_MARK}", suffix=TEMP_SUFFIX,
                               dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fchmod(out.fileno(), mode)
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (best effort: not every system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def clean_stale_temps(folder: str | Path, now: float | None = None) -> int:
    """Remove this game's temporary files older than a minute from `folder`; how many."""
    now = time.time() if now is None else now
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and TEMP_MARK in name and name.endswith(TEMP_SUFFIX)):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and \
                    now - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER_S:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed
