"""A scenario's terms in one ruleset: map properties ``round_limit.<ruleset>``,
``victory_points.<ruleset>`` and ``survive_rounds.<ruleset>`` (maps/README.md, "Terms
per ruleset").

The five rulesets cross a map at paces six times apart (a d20 soldier walks 16-24
tiles a turn, a fate character 6-12, a mahou girl 4-8, a fivebyfive or Action Block
figure about 4) and take units out at different rates, so a clock or a points target
that makes one ruleset's battle a mission makes another's a race nobody can finish,
or a fight the clock never reaches. A designer may give a ruleset its own:
``round_limit.fate = 14`` is the round limit in fate alone; the plain ``round_limit``
stays every other ruleset's. The battle reads the scenario as its ruleset sees it
(`Scenario.for_ruleset`), and so do the briefing, the tracker and the AI. A briefing
says the numbers of the ruleset at hand by naming them: ``{round_limit}``,
``{victory_points}`` and ``{survive_rounds}`` in its text are filled in (`fill`).

This module reads what the map alone can check: the property's form and its number.
Whether the ruleset exists is checked by the engine when it loads the map
(`game.engine.setup.check_scenario_rulesets`): the world does not import the rulesets.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.errors import MapError
from game.limits import MAX_ROUNDS
from game.world.scenario_squads import plain_name

#: The terms a ruleset may set for itself, with their bounds.
TERMS = {"round_limit": (1, MAX_ROUNDS), "victory_points": (1, None), "survive_rounds": (1, None)}


@dataclass(frozen=True)
class Term:
    """`name` (one of TERMS) is `value` in ruleset `ruleset`."""

    ruleset: str
    name: str
    value: int

    @property
    def key(self) -> str:
        return f"{self.name}.{self.ruleset}"


def whole_number(path: Path, where: str, props: dict, key: str, default: Any,
                 minimum: int | None = None, maximum: int | None = None) -> Any:
    """Property `key` of `props` as an int within its bounds, or `default` when unset;
    anything else is one line naming it."""
    if key not in props:
        return default
    value = props[key]
    text = str(value).strip()
    if isinstance(value, bool) or not text.lstrip("-").isdecimal() or len(text) > 9:
        raise MapError(path, f"{where}: '{key}' must be a whole number (it is {text[:40]!r})")
    number = int(text)
    if minimum is not None and number < minimum:
        raise MapError(path, f"{where}: '{key}' must be at least {minimum} (it is {number})")
    if maximum is not None and number > maximum:
        raise MapError(path, f"{where}: '{key}' must be at most {maximum} (it is {number})")
    return number


def read_terms(path: Path, props: dict) -> tuple[Term, ...]:
    """Every ``<term>.<ruleset>`` property, checked; sorted by ruleset, then term."""
    found = []
    for key in sorted(str(k) for k in props):
        name, dot, ruleset = key.partition(".")
        if not dot or name not in TERMS:
            continue
        if not plain_name(ruleset):
            raise MapError(path, f"{key[:60]}: a ruleset's own term is {name}.<ruleset>, like {name}.fate")
        low, high = TERMS[name]
        found.append(Term(ruleset, name, whole_number(path, "map property", props, key, None, low, high)))
    return tuple(sorted(found, key=lambda t: (t.ruleset, t.name)))



def fill(briefing: str, values: dict[str, int | None]) -> str:
    """The briefing with ``{round_limit}``, ``{victory_points}``, ``{survive_rounds}``
    replaced by `values` (a ruleset's terms); other braces are the designer's text."""
    for name in TERMS:
        if values.get(name) is not None:
            briefing = briefing.replace("{" + name + "}", str(values[name]))
    return briefing


def check_briefing(path: Path, briefing: str, values: dict[str, int | None]) -> None:
    """A term the briefing names must be set by the map (the plain property)."""
    for name in TERMS:
        if "{" + name + "}" in briefing and values.get(name) is None:
            raise MapError(path, f"map property 'briefing' names {{{name}}}, but the map sets no '{name}'")
