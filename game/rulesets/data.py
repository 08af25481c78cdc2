"""Loading a ruleset's TOML data files, validated by pydantic models.

An error names the file, the entry and the field: `weapons.toml: [smg] damage_sides:
Input should be a valid integer`.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, TypeVar

from pydantic import BaseModel, ValidationError

from game.errors import DataError
from game.kept import DATA_STORE

if TYPE_CHECKING:
    from game.custom_units import CustomUnits

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
    return check_entries(read_toml(path), model, path)


def check_entries(raw: dict, model: type[M], path: Path | str) -> dict[str, M]:
    """Each top-level table of `raw` (read from `path`) is one entry, validated as `model`;
    the first problem is one DataError: `[entry] field: problem`."""
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


def with_custom(shipped: Mapping[str, M], path: Path, model: type[M],
                custom: "CustomUnits | None") -> tuple[dict[str, M], Callable[[str], Path | str]]:
    """The shipped unit templates (read from `path`) followed by a designer's own
    (game.custom_units), each of those validated as `model` like the shipped ones, and
    `where(id)`: the file a template came from, for the cross-checks' messages. An id
    the ruleset already has is refused: a custom unit adds, it never replaces (a plain
    battle must field exactly what it fielded before)."""
    templates = dict(shipped)
    if custom is None:
        return templates, lambda _id: path
    own = check_entries(custom.tables(), model, custom.source)
    for key in own:
        if key in templates:
            raise DataError(custom.source, f"[{key[:60]}] id: duplicate: the ruleset already has a "
                                           f"unit template {key[:60]!r} (choose another id)")
    templates.update(own)
    return templates, lambda unit_id: custom.source if unit_id in own else path


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


def kept_data(kind: object, paths: Iterable[Path], custom: "CustomUnits | None", build: Callable[[], T]) -> T:
    """`kept_while_unchanged`, the designer's units (their text) part of the key: the
    same files and the same custom units share one set of definitions."""
    return kept_while_unchanged(kind if custom is None else (kind, custom.key), paths, build)
