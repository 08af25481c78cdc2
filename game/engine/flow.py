"""Pieces of battle flow every ruleset shares: victory checks and turn bookkeeping."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import objectives
from game.engine.events import BattleEnded

if TYPE_CHECKING:
    from game.engine.battle import Battle


from game.limits import MAX_ROUNDS  # noqa: F401  (the one round limit; callers import it from here too)


def check_victory(battle: "Battle") -> bool:
    """End the battle when at most one side still has units in the fight, or a
    scenario's VIP has fallen (game.engine.objectives)."""
    if battle.over:
        return True
    standing = battle.standing_teams()
    if len(standing) <= 1:
        if objectives.decided_by_points(battle):
            return True
        winner = standing[0] if standing else None
        battle.emit(BattleEnded(winner, battle.round, "last side standing"))
        return True
    return objectives.vip_fallen(battle)


def check_round_limit(battle: "Battle") -> bool:
    """Called as each round begins (`battle.round` already counts it): the round before
    has ended, so a scenario scores it and may end the battle; then a battle that
    reaches the round limit ends: on points in a scenario, else in a draw (every
    battle must end)."""
    if battle.round > 1 and objectives.round_ended(battle, battle.round - 1):
        return True
    if battle.round > battle.max_rounds:
        if not objectives.at_round_limit(battle):
            battle.emit(BattleEnded(None, battle.max_rounds, f"round limit {battle.max_rounds}",
                                    how="round limit"))
        return True
    return False
