"""Building small 5x5 battles for rule tests: heroes with chosen numbers, forced dice.

Dice: every d5 is a d6 whose six reads 0, so `d5(0)` scripts a 6. The first faces of a
battle are the round's Initiative rolls, one per unit in the order given.
"""

from __future__ import annotations

from game.engine.battle import Battle, UnitOrder
from game.engine.decisions import PICK, TURN
from game.engine.dice import ScriptedDice
from game.rulesets.fivebyfive import FiveByFiveRuleset
from game.rulesets.fivebyfive.components import AbilityScores
from game.rulesets.fivebyfive.data import FiveByFiveData, UnitTemplate
from tests.helpers import ascii_map, open_map

BASE = dict(name="Hero", archetype="brawler", combat_class="Brawler", rage=2, grace=2,
            precognition=2, strike=1, parry=1, aim=1, dodge=1, focus=1, resist=1,
            focuses_with="mind blast")


def d5(value: int) -> tuple[int, int]:
    """The scripted d6 face that a d5 reads as `value` (a six is a zero)."""
    return (6, 6 if value == 0 else value)


def pair(a: int, b: int) -> list[tuple[int, int]]:
    """The two faces of a 5x5 roll showing d5 values a and b."""
    return [d5(a), d5(b)]


def hero(tid: str, **numbers) -> UnitTemplate:
    return UnitTemplate(id=tid, **{**BASE, "name": tid.capitalize(), **numbers})


def ruleset_with(*templates: UnitTemplate) -> FiveByFiveRuleset:
    """The ruleset with the shipped templates and these (its own data: the shared one
    is read-only)."""
    return FiveByFiveRuleset(FiveByFiveData(extra=templates) if templates else None)


def battle(units: list[tuple[int, object, int, int]], dice: list, tmap=None,
           max_rounds: int = 40, player_sides=frozenset()) -> Battle:
    """Units are (team, template id or UnitTemplate, x, y); dice are scripted faces."""
    templates = [t for _, t, _, _ in units if isinstance(t, UnitTemplate)]
    rs = ruleset_with(*templates)
    orders = [UnitOrder(team, t.id if isinstance(t, UnitTemplate) else t, x, y)
              for team, t, x, y in units]
    return Battle(tmap or open_map(12, 8), rs, orders, dice=ScriptedDice(list(dice)),
                  max_rounds=max_rounds, player_sides=player_sides)


def duel(attacker: dict, defender: dict, dice: list, gap: int = 1, tmap=None) -> Battle:
    """Attacker (side 1) at (1, 1) acts first (Initiative 5 against 1), defender (side 2)
    `gap` tiles east. `dice` follow the two Initiative rolls."""
    a, d = hero("attacker", **attacker), hero("defender", **defender)
    return battle([(1, a, 1, 1), (2, d, 1 + gap, 1)], [d5(5), d5(1)] + list(dice), tmap)


def attack(b: Battle, action: str, target: int | None = None):
    opt = b.pending.option(action)
    assert opt is not None, f"{action} not offered: {[o.key for o in b.pending.options]}"
    target = target if target is not None else opt.targets[0]
    return b.submit(opt.choice(target))


def pick(b: Battle, ability: str):
    assert b.pending.kind == PICK, b.pending.prompt
    return b.submit(b.pending.option(ability).choice())


def values(b: Battle, unit: int) -> dict[str, int]:
    return b.get(unit, AbilityScores).values()


__all__ = ["ascii_map", "open_map", "PICK", "TURN"]
