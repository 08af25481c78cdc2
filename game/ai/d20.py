"""The d20 AI: scores every legal option with the ruleset's exact odds.

On the one AI base (game.ai.base.ScoringAI): its candidate actions are plain
functions `(ai, battle, decision) -> [(score, Choice)]`, each valued in hit points of
damage to the enemy, ally damage counting against (game/ai/d20_values.py):

* attacks, contests and suppressing fire (game/ai/d20_attacks.py);
* getting free, holding a captive, reloading, swapping (game/ai/d20_upkeep.py);
* moving and dragging a Grapple, by a tile-value grid (game/ai/d20_movement.py,
  d20_ground.py): the fire the unit can return from a tile against the fire the
  enemies can put on it there.

`decide` takes the best (the base's pick_best: ties from the AI's own stream).
`hard` is the same scores with a look-ahead of one turn (depth 1): the unit's moves,
shots, reloads and cones weighed as whole-turn plans (game/ai/d20_plan.py), with the
weights of the terms a turn adds.
"""

from __future__ import annotations

from typing import Any

from game.ai import d20_attacks as attacks
from game.ai import d20_movement as movement
from game.ai import d20_upkeep as upkeep
from game.ai.base import Level, ScoringAI, Scored, levels
from game.ai.d20_plan import WEIGHTS, hard_choices
from game.engine.decisions import REACTION, Decision

#: Easy's softmax temperature in score units (hit points). Measured against greedy (the
#: yardstick easy must rank below), both sides, the four battle maps: T=1.5 easy won 80%
#: of 80 (ladder), T=4 56% of 64, T=6 42% and T=8 28% of 128. At 8 easy still prefers
#: good moves, often misses the best, and beats random play every time.
EASY_TEMPERATURE = 8.0

#: normal: each step valued on its own; hard: the rest of the unit's turn planned
#: (depth 1) with the plan's terms weighed (d20_plan.WEIGHTS).
AI_LEVELS = levels(Level("normal"), Level("hard", weights=WEIGHTS, depth=1))
LEVELS = tuple(AI_LEVELS)  # the levels this module builds (game.ai.levels)

#: A turn's candidates, in the order their choices are listed (the order breaks ties:
#: keep it). The move is only worked out when it may beat the others (best_choices).
TURN = (upkeep.getting_free, upkeep.holding, attacks.attacks, attacks.contests,
        attacks.suppressing_fire, upkeep.upkeep, movement.movement, movement.dragging,
        upkeep.ending)
REACTIONS = (attacks.reaction,)


class D20AI(ScoringAI):
    LEVELS = AI_LEVELS
    # A victory point, in hit points. Most d20 battles end by elimination, so a point is
    # worth less than a unit dropped: at 10 the aware AI won 30% of 20 "hold the well"
    # battles against the blind one (its zone-taker walked into fire), at 4 it won 19
    # of 40 (tests.mission_ladder); on the last round a deciding point still beats a shot.
    POINT_VALUE = 4.0

    def candidates(self, battle: Any, decision: Decision):
        own = REACTIONS if decision.kind == REACTION else TURN
        return (*own, *self.shared_candidates(battle, decision))

    def candidate_choices(self, battle: Any, decision: Decision) -> Scored:
        """Every candidate's choices, each step valued on its own (the normal scores)."""
        return ScoringAI.scored_choices(self, battle, decision)

    def scored_choices(self, battle: Any, decision: Decision) -> Scored:
        """Every candidate considered, with its value (higher is better)."""
        if self.profile.depth:
            return hard_choices(self, battle, decision)
        return self.candidate_choices(battle, decision)

    def best_choices(self, battle: Any, decision: Decision) -> Scored:
        """As scored_choices, but a move that cannot beat the best other choice is left
        out unweighed (at depth 0: the planner weighs every move it plans)."""
        if self.profile.depth:
            return hard_choices(self, battle, decision)
        parts: list[Scored | None] = []
        for candidate in self.candidates(battle, decision):
            parts.append(None if candidate is movement.movement else candidate(self, battle, decision))
        others = [sc for part in parts if part for sc in part]
        if None in parts and decision.option("move") is not None:
            if not others or movement.move_may_win(battle, decision, max(s for s, _ in others)):
                parts[parts.index(None)] = movement.movement(self, battle, decision)
        # The mission's terms (a move's ground): the base's pass, once over every part.
        return self.mission_terms(battle, decision, [sc for part in parts if part for sc in part])


def make_ai(seed: int = 0, level: str = "normal") -> D20AI:
    if level not in AI_LEVELS:
        # easy, greedy and random are built by game.ai.levels from these scores
        raise ValueError(f"game.ai.d20 builds only {', '.join(LEVELS)}, not {level!r}")
    return D20AI(seed, level)
