"""Loading a ruleset's TOML data files, validated by pydantic models.

An error names the file, the entry and the field: `weapons.toml: [smg] damage_sides:
Input should be a valid integer`.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Callable, Iterable, TypeVar

from pydantic import BaseModel, ValidationError

from game.errors import DataError
from game.kept import DATA_STORE

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


def read_toml(path: Path) -> dict:
    """The file's tables, through the one validation layer's reader (regular files
    only, bounded size, UTF-8); any bytes give a dict or one DataError."""
    from game.validation import Invalid, read_text
    try:
        return tomllib.loads(read_text(path, limit=4 * 1024 * 1024))
    except FileNotFoundError:
        raise DataError(path, "file not found") from None
    except OSError as exc:
        raise DataError(path, f"cannot be read ({exc.strerror or exc})") from None
    except Invalid as exc:
        raise DataError(path, str(exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(path, f"not valid TOML: {str(exc)[:200]}") from None
    except RecursionError:
        raise DataError(path, "not valid TOML: nested too deeply") from None
    except ValueError:  # an integer over 4,300 digits
        raise DataError(path, "not valid TOML: a number too long to read") from None


def load_table(path: Path, model: type[M]) -> dict[str, M]:
    """Each top-level table of the file is one entry, validated as `model`."""
    raw = read_toml(path)
    out: dict[str, M] = {}
    for key, entry in raw.items():
        if not isinstance(entry, dict):
            raise DataError(path, f"[{key}] must be a table")
        try:
            out[key] = model.model_validate({"id": key, **entry})
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err["loc"]) or "(entry)"
            raise DataError(path, f"[{str(key)[:60]}] {field[:80]}: {err['msg'][:200]}") from None
    if not out:
        raise DataError(path, "no entries")
    return out


def kept_while_unchanged(kind: object, paths: Iterable[Path], build: Callable[[], T]) -> T:
    """`build()`, kept for the process while the files `paths` keep their size and
    change time (the table "ruleset-data", game.kept). Definitions never change in play, and parsing and validating the tables
    again cost every battle several ms of its setup (`simulate`, `ladder` and the bench
    build a ruleset per battle). What is kept is shared: callers hand out frozen entries
    or copies. A file that cannot be read is never kept: `build()` then names it."""
    try:
        stamp = tuple((str(p), st.st_mtime_ns, st.st_size) for p in paths for st in (p.stat(),))
    except OSError:
        return build()
    return DATA_STORE.get("ruleset-data", (kind, stamp), build)
