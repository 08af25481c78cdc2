"""`price --write`: the fitted costs written back into a ruleset's units.toml.

Only the `cost = N` line of each template changes (replaced, or added after the
template's `archetype` line, else after its header): the file's comments, order and
every other value stay as the designer wrote them. The text is checked by parsing it
before it replaces the old file, and written atomically (game.files).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Mapping

HEADER = re.compile(r"^\[([A-Za-z0-9_-]+)\]\s*(#.*)?$")
COST = re.compile(r"^cost\s*=")
ARCHETYPE = re.compile(r"^archetype\s*=")


def units_file(ruleset_id: str) -> Path:
    import game.rulesets
    return Path(game.rulesets.__file__).parent / ruleset_id / "units.toml"


def with_costs(text: str, costs: Mapping[str, int]) -> str:
    """`text` (a units.toml) with each named template's cost set."""
    lines = text.splitlines()
    out: list[str] = []
    section: str | None = None
    pending: dict[str, int] = dict(costs)

    def close_section() -> None:
        # a template with no cost line and no archetype line: the cost goes after its header
        if section in pending:
            at = next(i for i in range(len(out) - 1, -1, -1) if HEADER.match(out[i].strip()))
            out.insert(at + 1, f"cost = {pending.pop(section)}")

    for line in lines:
        stripped = line.strip()
        header = HEADER.match(stripped)
        if header:
            close_section()
            section = header.group(1)
            out.append(line)
            continue
        if section in pending and COST.match(stripped):
            out.append(f"cost = {pending.pop(section)}")
            continue
        out.append(line)
        if section in pending and ARCHETYPE.match(stripped) and not _has_cost_line(lines, section):
            out.append(f"cost = {pending.pop(section)}")
    close_section()
    if pending:
        raise KeyError(f"no template {sorted(pending)[0]!r} in the file")
    new = "\n".join(out) + "\n"
    parsed = tomllib.loads(new)  # the edited text must still read, with the costs in place
    if any(parsed[name].get("cost") != cost for name, cost in costs.items()):
        raise ValueError("the costs could not be placed in units.toml")  # pragma: no cover
    return new


def _has_cost_line(lines: list[str], section: str) -> bool:
    """Whether `section` already has a cost line (then it is replaced where it stands)."""
    inside = False
    for line in lines:
        stripped = line.strip()
        header = HEADER.match(stripped)
        if header:
            inside = header.group(1) == section
        elif inside and COST.match(stripped):
            return True
    return False


def write_costs(ruleset_id: str, costs: Mapping[str, int], path: Path | None = None) -> Path:
    """Write `costs` into the ruleset's units.toml, or into `path` (a designer's own
    units file, game.custom_units: the same form)."""
    from game.files import write_text
    path = path if path is not None else units_file(ruleset_id)
    write_text(path, with_costs(path.read_text(encoding="utf-8"), costs))
    return path
