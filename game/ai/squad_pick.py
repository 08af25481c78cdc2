"""The AI picks its squad to a budget (issue 29), by level.

The price model (game.price) is additive: a squad's predicted chance against another
rises with its points and nothing else, so "the best squad the model predicts against
the opponent's" is one that spends the most of the budget, whatever the opponent
fields. Levels:

* `hard`: a squad of the highest affordable cost (among equals, a draw from the AI's
  own stream);
* `normal` (and `greedy`): a varied good one: any squad within NORMAL_SLACK of that
  cost, drawn at random, so two battles do not meet the same squad;
* `easy` (and `random`): random affordable: random templates added while one fits.

Every draw comes from the `rng` handed in (the AI's own stream, never the battle's
dice): the same seed picks the same squad.
"""

from __future__ import annotations

import itertools
import random
from typing import Sequence

NORMAL_SLACK = 0.05  # normal takes any squad within 5% of the best affordable cost
MAX_PICK = 8  # the most units the AI fields: the shipped maps hold 4 or 5 a side, and some room around


def affordable(costs: dict[str, int], budget: int, ruleset_id: str,
               max_units: int = MAX_PICK) -> list[tuple[str, ...]]:
    """Every squad (a multiset of templates, in the templates' order) of 1 to
    `max_units` units costing at most `budget` that the ruleset's squad rule allows."""
    from game.squads import copies_problem
    names = list(costs)
    out = []
    for size in range(1, max_units + 1):
        for squad in itertools.combinations_with_replacement(names, size):
            if sum(costs[t] for t in squad) <= budget and copies_problem(squad, ruleset_id) is None:
                out.append(squad)
    return out


def pick_squad(costs: dict[str, int], budget: int, level: str, rng: random.Random, ruleset_id: str,
               max_units: int = MAX_PICK) -> tuple[str, ...]:
    """A squad for `level` within `budget` under `ruleset_id`'s squad rule; `costs` are
    the templates' points."""
    cheapest = min(costs.values())
    if budget < cheapest:
        from game.errors import InputError
        raise InputError("squad", f"a budget of {budget} points buys no unit (the cheapest costs {cheapest})")
    if level in ("easy", "random"):
        return _random_fill(costs, budget, rng, ruleset_id, max_units)
    squads = affordable(costs, budget, ruleset_id, max_units)
    best = max(sum(costs[t] for t in s) for s in squads)
    floor = best if level == "hard" else best * (1 - NORMAL_SLACK)
    good = [s for s in squads if sum(costs[t] for t in s) >= floor]
    return good[rng.randrange(len(good))] if len(good) > 1 else good[0]


def _random_fill(costs: dict[str, int], budget: int, rng: random.Random, ruleset_id: str,
                 max_units: int) -> tuple[str, ...]:
    from game.squads import copies_problem
    names = list(costs)
    squad: list[str] = []
    left = budget
    while len(squad) < max_units:
        fits = [t for t in names if costs[t] <= left and copies_problem(squad + [t], ruleset_id) is None]
        if not fits:
            break
        pick = fits[rng.randrange(len(fits))]
        squad.append(pick)
        left -= costs[pick]
    return tuple(squad)


def ai_pick(ruleset: object, tmap: object, side: int, level: str, seed: int) -> tuple[str, ...]:
    """The AI's squad for `side` on the map: its `points_<side>` budget, else BUDGET, by
    `level`, from a stream named by the seed and the side (the command line's
    `--squad SIDE=ai` and the window's "AI's pick" give the same squad)."""
    from game.price import BUDGET
    from game.squads import budgets
    return pick_squad(ruleset_costs(ruleset), budgets(tmap).get(side, BUDGET), level,
                      random.Random(f"rulebook-skirmish squad {seed} {side}"), ruleset.id)  # type: ignore[attr-defined]


def ruleset_costs(ruleset: object, templates: Sequence[str] | None = None) -> dict[str, int]:
    """The priced templates' costs (an unpriced one is refused in one line). Of all the
    templates (`templates` None), a designer's unit not priced yet is left out: the AI
    fields what it can weigh, and a new unit must not stop every AI pick."""
    from game.squads import template_cost
    if templates is None:
        custom = getattr(ruleset, "custom", None)
        unpriced = {t for t in (custom.ids if custom is not None else ())
                    if ruleset.data.templates[t].cost is None}  # type: ignore[attr-defined]
        templates = [t for t in ruleset.data.templates if t not in unpriced]  # type: ignore[attr-defined]
    names = templates
    return {t: template_cost(ruleset, t) for t in names}
