"""Controllers: answer Decisions for one side. The turn loop never knows which it has."""

from __future__ import annotations

import importlib

from game.ai.controllers import RandomController, ScriptedController


def make_ai(ruleset_id: str, seed: int = 0, level: str = "normal"):
    """The baseline AI for a ruleset (its own seeded stream, never the battle's dice)."""
    try:
        module = importlib.import_module(f"game.ai.{ruleset_id}")
    except ModuleNotFoundError:
        return RandomController(seed)
    return module.make_ai(seed, level)


__all__ = ["RandomController", "ScriptedController", "make_ai"]
