"""The one AI base: what every ruleset's AI does the same way.

In the way of Wesnoth's RCA AI, a ruleset's AI is a list of *candidate actions*:
plain functions ``candidate(ai, battle, decision) -> list[(score, Choice)]``, each
proposing the choices of one kind (attacks, moves, reactions, ...) with their
scores, in the ruleset's own units. The base gathers the candidates that apply to a
decision, picks the best, and breaks ties with the AI's own random stream (never the
battle's dice, so an AI's thinking never changes a roll).

Scoring terms are plain functions over a read-only battle: they may keep answers in
the battle's or the map's tables (game.kept), never change the battle.

A level is data, not a subclass that rewrites the scorer (`Level`): the weights of
the ruleset's terms, extra terms it switches on, and how far it looks ahead. `easy`
is normal's scores picked by a softmax (game.ai.levels.SoftmaxAI); `random` and
`greedy` are the engine's, for every ruleset (game.ai.levels).

Missions add candidates shared by every ruleset (go to a zone, hold it, leave by an
exit): `shared_candidates` is where they join a ruleset's own, and `mission_terms`
adds the mission's worth to every scored choice (game/ai/missions.py). A ruleset's AI
sets `POINT_VALUE`, what a victory point is worth in its score units.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, Sequence

from game.ai import missions
from game.ai.controllers import random_choice
from game.engine.decisions import Choice, Decision

Scored = list[tuple[float, Choice]]
Candidate = Callable[[Any, Any, Decision], Scored]

#: Scores this close count as equal (float sums of the same terms in another order).
TIE = 1e-9


def pick_best(rng: random.Random, scored: Sequence[tuple[float, Choice]]) -> Choice:
    """The best-scored choice; among equals, one drawn from the AI's own stream (a
    single best draws nothing, so adding a worse candidate never changes the stream)."""
    best = max(s for s, _ in scored)
    top = [c for s, c in scored if s >= best - TIE]
    return top[0] if len(top) == 1 else rng.choice(top)


@dataclass(frozen=True)
class Level:
    """What makes one level of a ruleset's AI: weights of its scoring terms (a term
    not named weighs 1), the extra terms it switches on, and its look-ahead."""

    name: str
    weights: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    extra_terms: frozenset[str] = frozenset()
    depth: int = 0  # 0: this decision alone; 1: the rest of the unit's turn; ...

    def weight(self, term: str) -> float:
        return self.weights.get(term, 1.0)

    def uses(self, term: str) -> bool:
        return term in self.extra_terms


class ScoringAI:
    """Base of every ruleset's AI: `decide` picks the best of `scored_choices`.

    A ruleset sets `LEVELS` (its levels by name) and either lists `CANDIDATES` (the
    candidate actions, tried in order, each returning [] when it has nothing to
    offer) or overrides `scored_choices` where its decisions dispatch otherwise.
    `best_choices` may leave out candidates that cannot win (a cheaper `decide`);
    `scored_choices` always weighs every candidate (easy's softmax draws from it).
    """

    LEVELS: Mapping[str, Level] = MappingProxyType({"normal": Level("normal")})
    CANDIDATES: tuple[Candidate, ...] = ()
    #: A victory point in this ruleset's score units (about taking an enemy out).
    POINT_VALUE = 1.0
    #: Off: the AI ignores a mission's objectives (the yardstick of tests.mission_ladder).
    plays_mission = True

    def __init__(self, seed: int = 0, level: str = "normal") -> None:
        if level not in self.LEVELS:
            raise ValueError(f"{type(self).__name__} has no level {level!r} "
                             f"(its levels: {', '.join(self.LEVELS)})")
        self.rng = random.Random(seed)
        self.level = level
        self.profile = self.LEVELS[level]

    # --- the controller's contract ----------------------------------------------------
    def decide(self, battle: Any, decision: Decision) -> Choice:
        scored = self.best_choices(battle, decision)
        if not scored:
            return random_choice(self.rng, decision)  # nothing weighed: any legal answer
        return pick_best(self.rng, scored)

    def scored_choices(self, battle: Any, decision: Decision) -> Scored:
        """Every candidate considered, with its score (higher is better). Reads only."""
        out: Scored = []
        for candidate in self.candidates(battle, decision):
            out += candidate(self, battle, decision)
        return self.mission_terms(battle, decision, out)

    def best_choices(self, battle: Any, decision: Decision) -> Scored:
        """The candidates `decide` picks from: all of them unless a ruleset prunes."""
        return self.scored_choices(battle, decision)

    # --- what a ruleset fills in --------------------------------------------------------
    def candidates(self, battle: Any, decision: Decision) -> Iterable[Candidate]:
        """The candidate actions for this decision: the ruleset's, then the shared ones."""
        return (*self.CANDIDATES, *self.shared_candidates(battle, decision))

    def shared_candidates(self, battle: Any, decision: Decision) -> tuple[Candidate, ...]:
        """Candidates every ruleset shares (a mission's objectives); none in a plain battle."""
        return missions.candidates(self, battle)

    def mission_terms(self, battle: Any, decision: Decision, scored: Scored) -> Scored:
        """`scored` with the mission's terms added (a move's ground, a hit on a VIP);
        unchanged in a plain battle. A ruleset that gathers its candidates itself
        passes its scores through here once."""
        return missions.weigh(self, battle, decision, scored)

    def weight(self, term: str) -> float:
        """This level's weight of a scoring term."""
        return self.profile.weight(term)


def levels(*defined: Level) -> Mapping[str, Level]:
    """A ruleset's levels by name (read-only)."""
    return MappingProxyType({level.name: level for level in defined})
