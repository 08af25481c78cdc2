"""The AI levels, one registry for every ruleset.

Every ruleset offers the same names, weakest first:

* ``random``: a uniformly chosen legal option, target and parameters.
* ``easy``: normal's own scores, chosen by a softmax with the ruleset's temperature
  (``EASY_TEMPERATURE`` in its AI module), so it makes plausible, weaker choices.
* ``greedy``: the yardstick, written once in the engine's terms (``game.ai.greedy``).
* ``normal``: the ruleset's own scorer (``game/ai/<id>.py``).
* ``hard``: the ruleset's planner, offered only where its module lists it in ``LEVELS``;
  elsewhere asking for it is refused with a clear message, never silently normal.

A ruleset's AI module provides ``LEVELS`` (the levels it builds itself),
``make_ai(seed, level)``, and on its normal AI ``scored_choices(battle, decision)``.
"""

from __future__ import annotations

import importlib
import math
import random
from types import ModuleType
from typing import Any

from game.ai.controllers import RandomController
from game.engine.decisions import Choice, Decision
from game.errors import InputError

LEVELS = ("random", "easy", "greedy", "normal", "hard")
GENERIC = ("random", "easy", "greedy")  # built here for every ruleset


def _module(ruleset_id: str) -> ModuleType | None:
    from game.rulesets import REGISTRY
    if ruleset_id not in REGISTRY:
        from game.rulesets import ruleset_ids
        raise InputError("--ruleset", f"unknown ruleset {ruleset_id!r} (known: {', '.join(ruleset_ids())})")
    try:
        return importlib.import_module(f"game.ai.{ruleset_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"game.ai.{ruleset_id}":
            raise
        return None


def ai_levels(ruleset_id: str) -> tuple[str, ...]:
    """The levels this ruleset offers, weakest first."""
    module = _module(ruleset_id)
    own = tuple(getattr(module, "LEVELS", ("normal",))) if module is not None else ()
    return tuple(level for level in LEVELS if level in GENERIC or level in own)


def check_level(ruleset_id: str | None, level: str, where: str = "--ai") -> str:
    """`level` if the ruleset offers it, else InputError naming what it offers. With no
    ruleset (the window's menu picks it later) only the level's name is checked."""
    offered = LEVELS if ruleset_id is None else ai_levels(ruleset_id)
    if level in offered:
        return level
    if level in LEVELS:
        problem = (f"{ruleset_id} has no {level!r} AI yet "
                   f"(its levels: {', '.join(offered)})")
    else:
        problem = f"unknown AI level {level!r} (levels: {', '.join(LEVELS)})"
    raise InputError(where, problem)


def make_ai(ruleset_id: str, seed: int = 0, level: str = "normal") -> Any:
    """A controller for one side at `level` (its own seeded stream, never the battle's dice)."""
    check_level(ruleset_id, level, "AI level")
    module = _module(ruleset_id)
    if level == "random" or module is None:
        return RandomController(seed)
    if level == "greedy":
        from game.ai.greedy import GreedyAI
        return GreedyAI(seed, picker=module.make_ai(seed, "normal"))
    if level == "easy":
        normal = module.make_ai(seed, "normal")
        if not hasattr(normal, "scored_choices"):
            # A module not yet on the scored-choices contract keeps its own easy.
            return module.make_ai(seed, "easy")
        return SoftmaxAI(normal, float(getattr(module, "EASY_TEMPERATURE", 1.0)), seed)
    return module.make_ai(seed, level)


class SoftmaxAI:
    """Normal's candidates, picked with probability proportional to exp(score / T).

    A low temperature plays like normal; a high one spreads its picks over every
    candidate normal weighed, never over options normal would not consider.
    """

    def __init__(self, scorer: Any, temperature: float, seed: int = 0) -> None:
        self.scorer = scorer
        self.temperature = max(1e-6, temperature)
        # Its own stream, distinct from the scorer's tie-breaking one.
        self.rng = random.Random(f"easy {seed}")

    def decide(self, battle: Any, decision: Decision) -> Choice:
        scored = self.scorer.scored_choices(battle, decision)
        if not scored:
            return self.scorer.decide(battle, decision)
        return softmax_pick(self.rng, scored, self.temperature)


def softmax_pick(rng: random.Random, scored: list[tuple[float, Choice]], temperature: float) -> Choice:
    """One choice drawn with weight exp((score - best) / temperature)."""
    finite = [(s, c) for s, c in scored if math.isfinite(s)] or [(0.0, c) for _, c in scored]
    best = max(s for s, _ in finite)
    weights = [math.exp((s - best) / temperature) for s, _ in finite]
    pick = rng.random() * sum(weights)
    for weight, (_, choice) in zip(weights, finite):
        pick -= weight
        if pick <= 0:
            return choice
    return finite[-1][1]


def parse_ai_sides(text: str | None, where: str = "--ai") -> dict[int, str]:
    """``"1=hard,2=normal"`` -> {1: "hard", 2: "normal"} (levels checked later, per ruleset)."""
    sides: dict[int, str] = {}
    if not text:
        return sides
    for part in text.split(","):
        side, sep, level = part.strip().partition("=")
        if not sep or not side.strip().isascii() or not side.strip().isdigit() or not level.strip():
            raise InputError(where, f"{part.strip()[:40]!r} is not SIDE=LEVEL (e.g. 1=hard,2=normal)")
        n = int(side)
        if n in sides:
            raise InputError(where, f"side {n} is given twice")
        sides[n] = level.strip()
    return sides
