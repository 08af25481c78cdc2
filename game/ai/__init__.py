"""Controllers: answer Decisions for one side. The turn loop never knows which it has."""

from __future__ import annotations

from game.ai.controllers import RandomController, ScriptedController


def make_ai(ruleset_id: str, seed: int = 0, level: str = "normal"):
    """The baseline AI for a ruleset (its own seeded stream, never the battle's dice)."""
    if ruleset_id == "d20":
        from game.ai.d20 import D20AI
        return D20AI(seed, level)
    return RandomController(seed)


__all__ = ["RandomController", "ScriptedController", "make_ai"]
