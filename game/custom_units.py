"""A designer's own units (issue 29): unit templates beside a ruleset's shipped ones.

A custom units file has the same form as the ruleset's `units.toml` (one table per
template, the same fields), and lives in the player's data folder as
`units/<ruleset>.toml` (game.userdirs) or is named by `--units FILE`. Its entries are
validated by the ruleset's own model and cross-checks (game.rulesets.data.with_custom):
an unknown weapon, a stat outside the range the rules allow, an id the ruleset already
has, each one line `<file>: [<unit>] <field>: <problem>` (a DataError: the command line
prints `error: ...` and exits 2; the window shows the line and goes on without the file).

The definitions travel as plain data (`CustomUnits`: canonical JSON of the tables), so
a battle spec crosses to a worker process unchanged, and a replay stores the
definitions its squads field (`only`): it verifies on a machine without the file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from game.errors import DataError, InputError


@dataclass(frozen=True)
class CustomUnits:
    """One ruleset's custom unit templates, as plain data."""

    ruleset: str
    #: Where the definitions came from, as error lines name it (a file, or a replay's key).
    source: str
    #: The tables, {id: {field: value}}, as canonical JSON (sorted keys): hashable, picklable.
    text: str

    def tables(self) -> dict:
        return json.loads(self.text)

    @property
    def key(self) -> str:
        """What makes two sets of custom units the same definitions (game.kept's key)."""
        return self.text

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self.tables())

    def only(self, ids: Iterable[str]) -> "CustomUnits | None":
        """The definitions of the templates among `ids` (what a replay stores), or None."""
        wanted = set(ids)
        kept = {k: v for k, v in self.tables().items() if k in wanted}
        return from_tables(self.ruleset, self.source, kept) if kept else None


def from_tables(ruleset_id: str, source: str | Path, tables: Mapping) -> CustomUnits:
    """CustomUnits from parsed tables (a TOML file's, a replay's), not yet validated."""
    try:
        text = json.dumps(tables, sort_keys=True, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):  # a TOML date or time: no unit field takes one
        raise DataError(source, "a value is a date or time; unit fields take numbers, text and lists") from None
    return CustomUnits(ruleset_id, str(source), text)


def check_units(units: CustomUnits) -> CustomUnits:
    """Validate the definitions with the ruleset's own checks (building its data with
    them); the first problem is one DataError naming the file, the unit and the field."""
    from game.rulesets import load_ruleset
    load_ruleset(units.ruleset, units)
    return units


def read_units(path: str | Path, ruleset_id: str) -> CustomUnits:
    """Read and validate a custom units file for `ruleset_id`."""
    from game.rulesets.data import read_toml
    return check_units(from_tables(ruleset_id, path, read_toml(Path(path))))


def user_units_file(ruleset_id: str) -> Path:
    """Where the player's own units for a ruleset live: `<data folder>/units/<ruleset>.toml`."""
    from game.userdirs import data_dir
    return data_dir() / "units" / f"{ruleset_id}.toml"


def units_for(ruleset_id: str, path: str | Path | None = None) -> CustomUnits | None:
    """The custom units a battle of `ruleset_id` may field: the file `--units` names,
    else the player's `units/<ruleset>.toml` when there is one, else None. A file that
    is named but missing is refused; a bad file is one DataError."""
    if path is not None:
        if not Path(path).exists():
            raise InputError("--units", f"{str(path)[:200]}: no such file")
        return read_units(path, ruleset_id)
    own = user_units_file(ruleset_id)
    if not own.exists():
        return None
    return read_units(own, ruleset_id)


def units_or_problem(ruleset_id: str, path: str | Path | None = None) -> tuple[CustomUnits | None, str | None]:
    """For the window: the custom units for `ruleset_id` (`play --units FILE`, else the
    data folder's) and None, or None and the one line saying what is wrong with the
    file: the window goes on without it."""
    try:
        return units_for(ruleset_id, path), None
    except InputError as exc:
        return None, f"{exc.where}: {exc.problem}"
