"""Output files of a study (`--json`, `--csv`, `--plot`, `--db`), checked before the
first battle (issue 32, item 2): an hour of battles must not end in "cannot write".

`check_outputs` raises one InputError naming the option and the path for the first
path that cannot be written: a folder, a missing or non-folder parent, no permission,
or (for --plot) no matplotlib or an image format it does not know.
"""

from __future__ import annotations

import csv
import importlib.util
import io
import os
import stat
from datetime import datetime, timezone
from pathlib import Path

from game.errors import InputError


def _problem(path: Path) -> str | None:
    """Why `path` cannot be written as the game writes files, or None."""
    target = Path(os.path.realpath(path))  # the writer follows symlinks to their target
    try:
        st = os.stat(target)
    except (FileNotFoundError, NotADirectoryError):
        st = None  # the folder checks below say why
    except OSError as exc:
        return f"cannot be reached ({exc.strerror or exc})"
    if st is not None and stat.S_ISDIR(st.st_mode):
        return "is a directory, not a file"
    if st is not None and not stat.S_ISREG(st.st_mode):
        # a FIFO or a device (/dev/null) is written in place
        return None if os.access(target, os.W_OK) else "is not writable"
    folder = target.parent
    if not folder.exists():
        return f"its folder {str(folder)[:200]} does not exist"
    if not folder.is_dir():
        return f"{str(folder)[:200]} is not a folder"
    # A regular file is replaced through a temporary file beside it: the folder must
    # take new files.
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"its folder {str(folder)[:200]} is not writable"
    if st is not None and not os.access(target, os.W_OK):
        return "is not writable"
    return None


def check_output(option: str, path: Path | None) -> None:
    if path is None:
        return
    problem = _problem(Path(path))
    if problem:
        raise InputError(option, f"{str(path)[:200]}: {problem}")


def check_plot(path: Path | None) -> None:
    """--plot needs matplotlib and a format it can write (the suffix; none means png)."""
    if path is None:
        return
    if importlib.util.find_spec("matplotlib") is None:
        raise InputError("--plot", "needs matplotlib: pip install 'rulebook-skirmish[lab]'")
    suffix = Path(path).suffix.lstrip(".").lower() or "png"
    from matplotlib.figure import Figure
    formats = Figure().canvas.get_supported_filetypes()
    if suffix not in formats:
        raise InputError("--plot", f"{str(path)[:200]}: matplotlib cannot write .{suffix} "
                                   f"(it writes {', '.join(sorted(formats))})")


def check_outputs(args) -> None:
    """Every output option of a study command that is set, in the order of its help."""
    for option in ("json", "csv", "plot", "db"):
        check_output(f"--{option}", getattr(args, option, None))
    check_plot(getattr(args, "plot", None))


# --- what made a file ----------------------------------------------------------------------
def provenance(command_line: str, now: datetime | None = None) -> dict[str, str]:
    """The game's version, the date (UTC) and the command line, for every JSON and CSV
    a study writes: a result file says what made it."""
    from game import __version__
    now = now or datetime.now(timezone.utc)
    return {"game_version": __version__,
            "date_utc": now.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "command": command_line}


def csv_text(header: list[str], rows: list[list]) -> str:
    """CSV with the csv module's quoting (a command line has spaces and quotes)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


PROVENANCE_KEYS = ("game_version", "date_utc", "command")


def without_provenance(doc: dict) -> dict:
    """A JSON output without what made it: two runs of one study compare equal."""
    return {k: v for k, v in doc.items() if k not in PROVENANCE_KEYS}
