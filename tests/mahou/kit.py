"""Small Mahou battles for rule tests: fixed test characters (tests/mahou/data), an
ASCII map, forced dice, and short ways to answer the pending decision.

Initiative comes first in every battle: each unit, in the order given, rolls two
Accuracy dice and keeps the lower (boxer d6, dummy d8, fencer d8, shooter d10,
rifleman d10, knight d6).
"""

from __future__ import annotations

from pathlib import Path

from game.engine.battle import Battle, UnitOrder
from game.engine.dice import ScriptedDice
from game.rulesets.mahou import MahouRuleset
from game.rulesets.mahou.data import MahouData
from tests.helpers import ascii_map, events_of, open_map  # noqa: F401 (re-exported)

DATA = MahouData(Path(__file__).parent / "data")


def rules() -> MahouRuleset:
    return MahouRuleset(DATA)


def battle(units, dice, rows=None, max_rounds=40) -> Battle:
    """`units`: (team, template, x, y) each; `dice`: every face the test forces."""
    tmap = ascii_map(rows) if rows else open_map(12, 6)
    orders = [UnitOrder(team, tpl, x, y) for team, tpl, x, y in units]
    return Battle(tmap, rules(), orders, dice=ScriptedDice(list(dice)), max_rounds=max_rounds)


def choose(b: Battle, key: str, target=None, **params):
    """Answer the pending decision with option `key` (checked by the Battle)."""
    opt = b.pending.option(key)
    assert opt is not None, f"{key} not offered: {[o.key for o in b.pending.options]} ({b.pending.prompt})"
    return b.submit(opt.choice(target, **params))


def offered(b: Battle) -> list[str]:
    return [o.key for o in b.pending.options]


def last(b: Battle, kind):
    found = events_of(b, kind)
    assert found, f"no {kind.__name__} in the log"
    return found[-1]
