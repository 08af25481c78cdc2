"""One validation layer for every file the game reads (issue 17.3): replays and saves,
the window's side/fog file, settings, ruleset data (TOML; maps have their own loader).

Every reader goes the same way, so any bytes give a value or one clean error:

1. `read_text(path)`: only a regular file is opened for reading (a FIFO or a device
   would block or never end; it is refused before it is read), at most `limit` bytes,
   UTF-8;
2. `parse_json(text)`: JSON, where an integer too long for Python (over 4,300
   digits), nesting too deep, or a NUL are one error each, never a traceback;
3. `check(model, data)`: a pydantic model with bounded fields, its first error
   turned into one line naming the field.

Errors carry user data only through `clip`, so an error line stays short however
large the value in the file.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypeVar

if TYPE_CHECKING:
    from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound="BaseModel")
MAX_JSON_BYTES = 32 * 1024 * 1024  # the longest replay of a 40-round battle is well under 1 MB
QUOTE_LIMIT = 60  # characters of user data quoted in an error line


class Invalid(ValueError):
    """What is wrong with a file's contents, as one line (the caller names the file)."""


def clip(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """`repr(value)` cut to `limit` characters: user data quoted in an error line."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"an integer of {value.bit_length()} bits"
    try:
        text = repr(value) if not isinstance(value, str) else repr(value[: limit + 1])
    except ValueError:  # an integer too long to print
        return "a value too long to print"
    return text if len(text) <= limit else text[: limit - 1] + "…"


_ESCAPES = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def printable(text: str) -> str:
    """`text` safe to print on a terminal: every control or other non-printing character
    (ESC, BEL, CR, DEL, the C1 controls, bidi overrides) written as an escape like
    ``\\x1b`` (issue 33.9: a replay's `map` or `option` text could rewrite the user's
    terminal). Used for every line the command line prints that may hold text from a
    file; printable text comes back unchanged."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


def printable_lines(text: str) -> str:
    """`printable`, line by line: a report of several lines keeps its line breaks."""
    return "\n".join(printable(line) for line in text.split("\n"))


def _escape(ch: str) -> str:
    code = ord(ch)
    if ch in _ESCAPES:
        return _ESCAPES[ch]
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def read_text(path: str | Path, limit: int = MAX_JSON_BYTES) -> str:
    """The file's text, or Invalid/OSError. Only regular files (symlinks followed)
    are read: a FIFO, a device or a folder is refused without blocking on it."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except ValueError:  # "embedded null byte"
        raise Invalid("is not a usable file name (it holds a NUL byte)") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise Invalid("is not a regular file" + (" (a folder)" if stat.S_ISDIR(mode) else ""))
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise Invalid(f"is larger than {limit // (1024 * 1024)} MB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Invalid("is not a text file (not UTF-8)") from None


def parse_json(text: str) -> Any:
    """JSON to a value, or Invalid naming the problem."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise Invalid(f"is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise Invalid("is not valid JSON (nested too deeply)") from None
    except ValueError:  # "Exceeds the limit (4300 digits) for integer string conversion"
        raise Invalid("holds a number too long to read (over 4,300 digits)") from None


def first_error(exc: "ValidationError", name: Callable[[tuple], str] | None = None) -> str:
    """A pydantic error as one line: `key 'seed': Input should be ... (it is ...)`."""
    err = exc.errors()[0]
    loc = tuple(err.get("loc", ()))
    where = name(loc) if name else ("key " + ".".join(repr(p) if i == 0 else str(p)
                                                      for i, p in enumerate(loc)) if loc else "the file")
    given = err.get("input")
    shown = "" if isinstance(given, (dict, list)) else f" (it is {clip(given)})"
    return f"{where}: {err['msg']}{shown}"


def check(model: type[M], data: Any, name: Callable[[tuple], str] | None = None) -> M:
    """`data` validated as `model`, or Invalid with the first problem in one line."""
    from pydantic import ValidationError  # only a reader that validates pays for pydantic
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise Invalid(first_error(exc, name)) from None
    except RecursionError:
        raise Invalid("is nested too deeply") from None
