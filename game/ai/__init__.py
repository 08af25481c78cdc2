"""Controllers: answer Decisions for one side. The turn loop never knows which it has.

`make_ai(ruleset_id, seed, level)` builds an AI at one of the levels of
`game.ai.levels` (random, easy, greedy, normal, hard); `ai_levels(ruleset_id)` lists
what a ruleset offers.
"""

from __future__ import annotations

from game.ai.controllers import RandomController, ScriptedController
from game.ai.levels import LEVELS, ai_levels, make_ai

__all__ = ["LEVELS", "RandomController", "ScriptedController", "ai_levels", "make_ai"]
