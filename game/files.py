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

With `exclusive=True` the target must not exist yet: the finished temporary file is
hard-linked to its name, which fails if anything took the name first (issue 33.11: two
windows saving the same battle at the same moment both chose the same free name and
one save replaced the other). The caller picks another name on FileExistsError.

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


def write_text(path: str | Path, text: str, regular_only: bool = False, exclusive: bool = False) -> None:
    write_bytes(path, text.encode("utf-8"), regular_only, exclusive)


def write_bytes(path: str | Path, data: bytes, regular_only: bool = False, exclusive: bool = False) -> None:
    try:
        if exclusive:
            _write_new(path, data)
        else:
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
    # Read-only: no write bit for anyone (root included, whom os.access always lets
    # write), or none for this user.
    if st is not None and (not st.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
                           or not os.access(target, os.W_OK)):
        raise PermissionError(errno.EACCES, "the file is read-only; it was kept as it is", str(path))
    clean_stale_temps(target.parent)  # what a killed write to this folder left
    mode = stat.S_IMODE(st.st_mode) if st is not None else 0o666 & ~_umask()
    tmp = _finished_temp(target, data, mode)
    try:
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_folder(target.parent)


def _write_new(path: str | Path, data: bytes) -> None:
    """Write a file that must not exist yet, whole or not at all; FileExistsError if
    the name is taken, even by a writer that took it a moment ago."""
    target = Path(path)
    if os.path.lexists(target):
        raise FileExistsError(errno.EEXIST, "already exists", str(path))
    clean_stale_temps(target.parent)
    tmp = _finished_temp(target, data, 0o666 & ~_umask())
    try:
        _claim(tmp, target)
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    _sync_folder(target.parent)


def _finished_temp(target: Path, data: bytes, mode: int) -> str:
    """`data` written whole and synced to a new temporary file beside `target` (which a
    later start-up or write cleans up if the process dies before the rename)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}{TEMP_MARK}", suffix=TEMP_SUFFIX,
                               dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fchmod(out.fileno(), mode)
            os.fsync(out.fileno())
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return tmp


def _claim(tmp: str, target: Path) -> None:
    """Give the finished `tmp` the name `target` only if no file has it (atomic)."""
    try:
        os.link(tmp, target)  # EEXIST if the name is taken: nothing is replaced
    except FileExistsError:
        raise
    except OSError as exc:  # hard links refused
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            raise
        # A file system without hard links: reserve the name (exclusive create), then
        # rename the finished file over the empty reservation.
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        os.replace(tmp, target)


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
