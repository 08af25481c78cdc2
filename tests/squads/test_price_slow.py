"""A real pricing run per ruleset (slow: `python -m pytest -m slow tests/squads`):
400 battles of mixed squads at normal over the four battle maps fit every template a
positive cost, each inside its own bootstrap interval."""

from __future__ import annotations

import pytest

from game.ladder import DEFAULT_MAPS
from game.price import price
from game.price_play import outcomes, price_specs
from game.replay import resolve_map
from game.rulesets import load_ruleset
from game.simulate import run_battles


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", ["d20", "mahou", "fivebyfive", "actionblock", "fate"])
def test_a_real_pricing_run_prices_every_template(ruleset_id):
    templates = list(load_ruleset(ruleset_id).data.templates)
    maps = [str(resolve_map(m)) for m in DEFAULT_MAPS]
    specs = price_specs(ruleset_id, templates, maps, 400, 0, None)
    priced = price(outcomes(specs, templates, maps, lambda s: run_battles(s, 1)), templates, len(maps), 0,
                   bootstrap=50)
    assert all(cost >= 1 for cost in priced.costs)
    assert all(low <= cost <= high for cost, low, high in zip(priced.costs, priced.low, priced.high))
