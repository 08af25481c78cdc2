"""Squads as data: who fights for a side, as a small TOML file (issue 29).

A squad file names its ruleset, its own name and the unit templates it fields, in
deployment order, with optional names for the units::

    ruleset = "d20"
    name = "Fire team"
    units = ["gunner", "gunner", "marksman"]
    names = ["Ada", "", "Kim"]   # optional: one per unit, "" keeps the game's name

It is read through the one validation layer (game.rulesets.data.read_toml) and checked
against the ruleset's templates; any problem is one line `<file>: <problem>` (an
InputError: the command line prints `error: ...` and exits 2). It is saved atomically
(game.files). A squad's cost is the sum of its templates' `cost` (units.toml, fitted by
`python -m game price`); a map's `points_1`, `points_2` properties are each side's
budget.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from game.errors import DataError, InputError
from game.limits import MAX_SQUAD

MAX_UNITS = MAX_SQUAD  # one side's units (game.limits)
MAX_NAME = 64
KEYS = ("ruleset", "name", "units", "names")
#: The squad rule (docs/squads.md): at most this many units of one template in a chosen
#: squad. The points are fitted on mixed squads; five of one template are outside what
#: they can price (mahou's five marksmen won 14% against a mixed squad of equal points,
#: actionblock's five drillers 14%, five scouts 77%), while four or fewer stayed priced.
#: It binds every side alike, as tabletop games cap copies of one profile.
MAX_COPIES = 4
#: Rulesets whose points price fewer copies: in Mahou Galaxy (five templates) the
#: equal-points pairs where a squad had 3 or more of one template deviated 10.1 to 12.1
#: points from 50% (32 pairs of 60 over balance seeds 0 to 2), those with at most 2, 4.5
#: (noise alone); at most 2 of one template, its pairs deviate 4.3 / 6.1 / 6.6 points
#: (seeds 0 / 1 / 2) against 6.4 / 9.4 / 7.1 (docs/squads.md).
FEWER_COPIES = {"mahou": 2}


def max_copies(ruleset_id: str) -> int:
    """The squad rule's cap for a ruleset: the most units of one template a chosen squad fields."""
    return FEWER_COPIES.get(ruleset_id, MAX_COPIES)


@dataclass(frozen=True)
class Squad:
    """One side's units: template ids in deployment order, and their optional names."""

    ruleset: str
    name: str
    units: tuple[str, ...]
    #: One per unit ("" for the game's own name), or empty: no names chosen.
    names: tuple[str, ...] = ()


def _text(value: object, what: str, where: str | Path, allow_empty: bool = False) -> str:
    if not isinstance(value, str):
        raise DataError(where, f"{what}: must be text (it is {type(value).__name__})")
    if (not value.strip() and not allow_empty) or len(value) > MAX_NAME:
        raise DataError(where, f"{what}: must be 1 to {MAX_NAME} characters (it is {value[:40]!r})")
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise DataError(where, f"{what}: holds a control character")
    return value


def check_squad(raw: Mapping, where: str | Path, ruleset_id: str | None = None, custom=None) -> Squad:
    """A squad from its parsed tables, every field checked; the first problem is one
    DataError naming `where`, the field and the fix. `custom`: a designer's units
    (game.custom_units) the squad may field beside the ruleset's own."""
    from game.rulesets import load_ruleset, ruleset_ids

    for key in raw:
        if key not in KEYS:
            raise DataError(where, f"{str(key)[:40]}: unknown field (fields: {', '.join(KEYS)})")
    for key in ("ruleset", "name", "units"):
        if key not in raw:
            raise DataError(where, f"{key}: missing")
    rid = _text(raw["ruleset"], "ruleset", where)
    if rid not in ruleset_ids():
        raise DataError(where, f"ruleset: unknown ruleset {rid[:40]!r} (known: {', '.join(ruleset_ids())})")
    if ruleset_id is not None and rid != ruleset_id:
        raise DataError(where, f"ruleset: the squad is for {rid}, the battle plays {ruleset_id}")
    name = _text(raw["name"], "name", where)
    units = raw["units"]
    if not isinstance(units, list) or not 1 <= len(units) <= MAX_UNITS:
        raise DataError(where, f"units: must be a list of 1 to {MAX_UNITS} template ids")
    templates = load_ruleset(rid, custom if custom is not None and custom.ruleset == rid else None).data.templates
    for i, unit in enumerate(units, 1):
        _text(unit, f"units[{i}]", where)
        if unit not in templates:
            raise DataError(where, f"units[{i}]: {rid} has no unit template {unit[:40]!r} "
                                   f"(templates: {', '.join(templates)})")
    problem = copies_problem(units, rid)
    if problem:
        raise DataError(where, f"units: {problem}")
    names = raw.get("names", [])
    if not isinstance(names, list) or (names and len(names) != len(units)):
        raise DataError(where, f"names: must be a list of {len(units)} names, one per unit (\"\" for none)")
    for i, text in enumerate(names, 1):
        _text(text, f"names[{i}]", where, allow_empty=True)
    return Squad(rid, name, tuple(units), tuple(names))


def copies_problem(units: Sequence[str], ruleset_id: str) -> str | None:
    """The squad rule: which template a squad fields more than `max_copies(ruleset_id)` of,
    in words, or None (the builder, --squad, squad files, the AI's pick and balance all
    ask here)."""
    cap = max_copies(ruleset_id)
    for template in dict.fromkeys(units):
        if units.count(template) > cap:
            return f"at most {cap} units of one template, the squad has {units.count(template)} of {template}"
    return None


def load_squad(path: str | Path, ruleset_id: str | None = None, custom=None) -> Squad:
    """Read and check a squad file (for `ruleset_id`'s battle, when given)."""
    from game.rulesets.data import read_toml
    return check_squad(read_toml(Path(path)), path, ruleset_id, custom)


def squad_text(squad: Squad) -> str:
    """The TOML a squad is saved as (json strings are valid TOML basic strings)."""
    lines = [f"ruleset = {json.dumps(squad.ruleset)}", f"name = {json.dumps(squad.name)}",
             "units = [" + ", ".join(json.dumps(u) for u in squad.units) + "]"]
    if squad.names:
        lines.append("names = [" + ", ".join(json.dumps(n) for n in squad.names) + "]")
    return "\n".join(lines) + "\n"


def save_squad(squad: Squad, path: str | Path) -> None:
    """Write the squad atomically: a failed write leaves the old file whole."""
    from game.files import write_text
    write_text(path, squad_text(squad))


# --- the command line's --squad ----------------------------------------------------------
def parse_squad_arg(text: str, ruleset_id: str, custom=None) -> tuple[int, Squad]:
    """`--squad SIDE=FILE` or `--squad SIDE=TEMPLATE,TEMPLATE,...` (template ids or
    archetypes): the side and its squad, checked for `ruleset_id`."""
    side_text, sep, what = text.partition("=")
    if not sep or not side_text.strip().isdecimal() or not what.strip():
        raise InputError("--squad", f"{text[:60]!r} is not SIDE=FILE or SIDE=TEMPLATE,TEMPLATE,...")
    side = int(side_text)
    what = what.strip()
    path = Path(what)
    if what.endswith(".toml") or path.exists():
        return side, load_squad(path, ruleset_id, custom)
    from game.rulesets import load_ruleset
    ruleset = load_ruleset(ruleset_id, custom)
    units = []
    for word in (w.strip() for w in what.split(",")):
        try:
            units.append(ruleset.template_for(word))
        except InputError:
            raise InputError("--squad", f"{ruleset_id} has no unit template or archetype {word[:40]!r} "
                                        f"(templates: {', '.join(ruleset.data.templates)})") from None
    if len(units) > MAX_UNITS:
        raise InputError("--squad", f"side {side}: more than {MAX_UNITS} units")
    problem = copies_problem(units, ruleset_id)
    if problem:
        raise InputError("--squad", f"side {side}: {problem}")
    return side, Squad(ruleset_id, f"side {side}", tuple(units))


def parse_squad_args(texts: Sequence[str] | None, ruleset_id: str, custom=None) -> dict[int, Squad]:
    """Every --squad option, each side at most once."""
    squads: dict[int, Squad] = {}
    for text in texts or ():
        side, squad = parse_squad_arg(text, ruleset_id, custom)
        if side in squads:
            raise InputError("--squad", f"side {side} is given two squads")
        squads[side] = squad
    return squads


# --- points ----------------------------------------------------------------------------
def template_cost(ruleset: object, template_id: str) -> int:
    """A template's points (units.toml `cost`); a template not priced yet is refused."""
    cost = ruleset.data.templates[template_id].cost  # type: ignore[attr-defined]
    if cost is None:
        custom = getattr(ruleset, "custom", None)
        where = custom.source if custom is not None and template_id in custom.ids else f"{ruleset.id} units.toml"  # type: ignore[attr-defined]
        raise InputError(where, f"[{template_id}] cost: not priced yet "  # type: ignore[attr-defined]
                                                     f"(run python -m game price --ruleset {ruleset.id} --write)")  # type: ignore[attr-defined]
    return cost


def squad_cost(ruleset: object, units: Sequence[str]) -> int:
    return sum(template_cost(ruleset, u) for u in units)


def budgets(tmap: object) -> dict[int, int]:
    """Each side's budget from the map's `points_<side>` properties (a scenario's)."""
    out: dict[int, int] = {}
    for key, value in getattr(tmap, "properties", {}).items():
        if not str(key).startswith("points_"):
            continue
        side = str(key)[len("points_"):]
        if not side.isdecimal() or isinstance(value, bool) or not str(value).strip().isdecimal():
            raise InputError(getattr(tmap, "path", "map"), f"property {str(key)[:40]}: must be points_<side> "
                                                            f"with a whole number (it is {str(value)[:40]!r})")
        out[int(side)] = int(str(value).strip())
    return out


def check_budgets(tmap: object, ruleset: object, squads: Mapping[int, Sequence[str]]) -> None:
    """Refuse, in one line, a chosen squad that costs more than its side's budget."""
    limits = budgets(tmap)
    for side, units in sorted(squads.items()):
        if side in limits:
            cost = squad_cost(ruleset, units)
            if cost > limits[side]:
                raise InputError("--squad", f"side {side}'s squad costs {cost} points, over the map's "
                                            f"budget of {limits[side]} (points_{side})")


# --- the window's squads: the data folder, and why a squad cannot be fielded ---------------
def squads_dir() -> Path:
    """Where the player's squads are saved: `<data folder>/squads` (game.userdirs)."""
    from game.userdirs import data_dir
    return data_dir() / "squads"


def saved_squads(ruleset_id: str, custom=None, folder: Path | None = None) -> tuple[list[tuple[Path, Squad]], list[str]]:
    """The saved squads for `ruleset_id`, by file name, and one line for each file that
    cannot be read (a bad file is listed as its problem, never a crash). Files for
    other rulesets are left out silently: they are fine, just not for this battle."""
    from game.rulesets.data import read_toml
    folder = folder if folder is not None else squads_dir()
    found: list[tuple[Path, Squad]] = []
    problems: list[str] = []
    try:
        paths = sorted(p for p in folder.glob("*.toml") if p.is_file())
    except OSError:
        return [], []
    for path in paths[:200]:  # a folder of thousands lists its first 200
        try:
            raw = read_toml(path)
            if raw.get("ruleset") != ruleset_id:
                continue
            found.append((path, check_squad(raw, path, ruleset_id, custom)))
        except InputError as exc:
            problems.append(f"{exc.where}: {exc.problem}")
    return found, problems


def squad_file_name(name: str, folder: Path | None = None) -> Path:
    """A file for a squad called `name` in the squads folder: its letters and digits,
    `-` for the rest (never a path outside the folder)."""
    stem = "".join(c if c.isalnum() else "-" for c in name.strip().lower()).strip("-")[:48] or "squad"
    return (folder if folder is not None else squads_dir()) / f"{stem}.toml"
