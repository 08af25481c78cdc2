"""Pieces of battle flow every ruleset shares: victory checks and turn bookkeeping."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import BattleEnded

if TYPE_CHECKING:
    from game.engine.battle import Battle


#: The most rounds a battle may be given (`max_rounds`): what a replay file may record,
#: so every command that takes --max-rounds refuses more where it reads it (issue 33.6).
MAX_ROUNDS = 10_000


def check_victory(battle: "Battle") -> bool:
    """End the battle when at most one side still has units in the fight."""
    if battle.over:
        return True
    standing = battle.standing_teams()
    if len(standing) <= 1:
        winner = standing[0] if standing else None
        battle.emit(BattleEnded(winner, battle.round, "last side standing"))
        return True
    return False


def check_round_limit(battle: "Battle") -> bool:
    """A battle that reaches the round limit ends in a draw (every battle must end)."""
    if battle.round > battle.max_rounds:
        battle.emit(BattleEnded(None, battle.max_rounds, f"round limit {battle.max_rounds}"))
        return True
    return False
