"""The d20 AI on the one AI base and the one cache layer (issue 27).

What is tested: the AI is game.ai.base's ScoringAI with its levels as data (hard is
depth and weights over the same scores, not a subclass); its candidate actions are
plain functions of (ai, battle, decision); the pruned list `decide` picks from
(a move that cannot win is never worked out) always holds the best of the full list;
every cache of the d20 rules and AI is a named table of game.kept's d20 section, and
a battle's tables are empty once it is closed.
"""

import inspect

import pytest

from game import kept
from game.ai import (base, d20, d20_attacks, d20_ground, d20_movement, d20_plan, d20_upkeep,
                     d20_values)
from game.engine.setup import new_battle
from game.replay import maps_dir
from game.rulesets.d20 import attacks, checks, dicepool, options, suppression

AI_MODULES = (d20, d20_attacks, d20_ground, d20_movement, d20_plan, d20_upkeep, d20_values)
RULES_MODULES = (attacks, checks, dicepool, options, suppression)


def test_the_ai_is_the_base_with_its_levels_as_data():
    assert issubclass(d20.D20AI, base.ScoringAI)
    assert "decide" not in vars(d20.D20AI)  # the base's pick of the best, ties included
    assert d20.LEVELS == ("normal", "hard")
    normal, hard = d20.AI_LEVELS["normal"], d20.AI_LEVELS["hard"]
    assert normal.depth == 0 and not normal.weights
    assert hard.depth == 1 and dict(hard.weights) == dict(d20_plan.WEIGHTS)
    assert type(d20.make_ai(1, "hard")) is type(d20.make_ai(1, "normal"))
    with pytest.raises(ValueError):
        d20.make_ai(0, "easy")  # built by game.ai.levels from normal's scores


def test_candidates_are_plain_functions_of_ai_battle_and_decision():
    for candidate in d20.TURN + d20.REACTIONS:
        assert inspect.isfunction(candidate)
        assert list(inspect.signature(candidate).parameters) == ["ai", "battle", "decision"]


@pytest.mark.parametrize("seed", [1, 2])
def test_the_pruned_choices_keep_the_best_of_every_choice(seed):
    """Over a played battle (woodland, 3 rounds): at every decision the best score of
    `best_choices` (a move left out when it cannot win) is the best of every choice."""
    battle = new_battle(maps_dir() / "woodland.tmx", "d20", seed=seed, max_rounds=3)
    ais = {team: d20.make_ai(team) for team in battle.teams()}
    try:
        decisions = 0
        while battle.pending is not None:
            decision = battle.pending
            ai = ais[decision.side]
            pruned = ai.best_choices(battle, decision)
            every = ai.scored_choices(battle, decision)
            assert max(s for s, _ in pruned) == pytest.approx(max(s for s, _ in every), abs=1e-9)
            assert {c for _, c in pruned} <= {c for _, c in every}
            battle.submit(ai.decide(battle, decision))
            decisions += 1
        assert decisions > 20
    finally:
        battle.close()


def test_every_cache_is_a_named_d20_table():
    """No lru_cache of its own and no module-level table filled in play: every kept
    function is a `kept.pure` of the catalogue's d20 section."""
    for module in AI_MODULES + RULES_MODULES:
        for name, value in vars(module).items():
            if hasattr(value, "cache_info"):
                spec = getattr(value, "kept_spec", None)
                assert spec is not None, f"{module.__name__}.{name} is an lru_cache, not a kept table"
                assert spec.name.startswith("d20-") and spec.owner == kept.DATA
            if isinstance(value, (dict, list, set)) and not name.isupper() and not name.startswith("__"):
                pytest.fail(f"{module.__name__}.{name}: a module-level table")
    names = [s for s in kept.CATALOGUE if s.startswith("d20-")]
    assert "d20-ai-values" not in names and len(names) == len(set(names))


def test_a_closed_battle_keeps_nothing_of_the_d20_tables():
    battle = new_battle(maps_dir() / "ridge.tmx", "d20", seed=4, max_rounds=2)
    battle.run({team: d20.make_ai(team, "hard") for team in battle.teams()})
    used = [t for name, t in battle.kept.tables.items() if name.startswith("d20-")]
    assert used and any(len(t) for t in used)
    battle.close()
    assert all(len(t) == 0 for t in battle.kept.tables.values())
