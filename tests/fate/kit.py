"""Building 4dF test battles: forced Fudge dice, units on ASCII maps, declarations.

A Fudge die is rolled as a d3 (face 1 → −1, 2 → 0, 3 → +1): `df(+1, 0, 0, -1)` gives
the scripted d3 faces of one 4dF roll, `total(n)` four faces summing to n.
"""

from __future__ import annotations

from game.engine.battle import Battle, UnitOrder
from game.engine.dice import ScriptedDice
from game.rulesets.fate import FateRuleset
from game.rulesets.fate.wounds import WoundTrack
from tests.helpers import ascii_map, events_of, open_map  # noqa: F401  (re-exported)

FASTEST, SLOWEST = (1, 1, 1, 1), (-1, -1, -1, -1)


def df(*faces: int) -> list[tuple[int, int]]:
    assert len(faces) == 4 and all(f in (-1, 0, 1) for f in faces)
    return [(3, f + 2) for f in faces]


def total(n: int) -> list[tuple[int, int]]:
    """Four Fudge dice summing to n (−4..+4)."""
    assert -4 <= n <= 4
    faces = [1] * max(n, 0) + [-1] * max(-n, 0)
    return df(*(faces + [0] * (4 - len(faces))))


def initiative(*totals: int) -> list:
    """Initiative dice for the units in order (4dF each)."""
    out: list = []
    for t in totals:
        out += total(t)
    return out


def battle(units: list[tuple[int, str, int, int]], dice: list, tmap=None, ruleset=None,
           max_rounds: int = 40) -> Battle:
    """A fate battle; `dice` starts with the first turn's initiative rolls."""
    orders = [UnitOrder(team, template, x, y) for team, template, x, y in units]
    return Battle(tmap if tmap is not None else open_map(12, 5), ruleset or FateRuleset(), orders,
                  dice=ScriptedDice(list(dice)), max_rounds=max_rounds)


def declare(b: Battle, unit: int, key: str, target=None, **params) -> None:
    """Answer the pending declaration of `unit` (it must be the one asked)."""
    d = b.pending
    assert d is not None and d.actor == unit, f"expected {b.name(unit)} to declare, got {d and b.name(d.actor)}"
    opt = d.option(key)
    assert opt is not None, f"{key!r} not offered to {b.name(unit)}: {[o.key for o in d.options]}"
    b.submit(opt.choice(target, **params))


def hold(b: Battle, unit: int, times: int = 2) -> None:
    for _ in range(times):
        declare(b, unit, "hold")


def attack(b: Battle, unit: int, target: int, weapon: str) -> None:
    declare(b, unit, "attack", target, **{"with": weapon})


def wounds(b: Battle, unit: int) -> WoundTrack:
    return b.get(unit, WoundTrack)


def more_dice(b: Battle, faces: list) -> None:
    """Append faces to a scripted battle's dice (for rolls made after construction)."""
    b.dice._queue.extend(faces)
