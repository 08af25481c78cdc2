"""Controllers every ruleset can use: random legal play and scripted answers."""

from __future__ import annotations

import random
from typing import Any, Iterable

from game.engine.decisions import TARGET_NONE, Choice, Decision


def random_choice(rng: random.Random, decision: Decision, end_bias: float = 0.1) -> Choice:
    """A uniformly chosen legal answer (ending the turn only now and then)."""
    options = list(decision.options)
    enders = [o for o in options if o.key in ("end_turn", "pass")]
    others = [o for o in options if o not in enders]
    if others and (not enders or rng.random() > end_bias):
        opt = rng.choice(others)
    else:
        opt = rng.choice(enders or options)
    target = None if opt.target_kind == TARGET_NONE else rng.choice(list(opt.targets))
    params = {name: rng.choice(list(values)) for name, values in opt.params_for(target).items()}
    return opt.choice(target, **params)


class RandomController:
    """Plays a random legal option; used by property tests and as the weakest AI."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, battle: Any, decision: Decision) -> Choice:
        return random_choice(self.rng, decision)


class ScriptedController:
    """Answers from a list, for tests; `fallback` answers once the list runs out."""

    def __init__(self, choices: Iterable[Choice], fallback: Any = None) -> None:
        self.choices = list(choices)
        self.fallback = fallback

    def decide(self, battle: Any, decision: Decision) -> Choice:
        if self.choices:
            return self.choices.pop(0)
        if self.fallback is not None:
            return self.fallback.decide(battle, decision)
        raise AssertionError(f"script exhausted at: {decision.prompt}")
