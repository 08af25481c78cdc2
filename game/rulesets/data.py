"""Loading a ruleset's TOML data files, validated by pydantic models.

An error names the file, the entry and the field: `weapons.toml: [smg] damage_sides:
Input should be a valid integer`.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from game.errors import DataError

M = TypeVar("M", bound=BaseModel)


def read_toml(path: Path) -> dict:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(path, "file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(path, f"not valid TOML: {exc}") from None


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
            raise DataError(path, f"[{key}] {field}: {err['msg']}") from None
    if not out:
        raise DataError(path, "no entries")
    return out
