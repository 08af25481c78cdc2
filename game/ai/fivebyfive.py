"""The 5x5 AI: plans each turn with the ruleset's exact odds (game.ai.base's ScoringAI).

Candidate actions (plain functions ``(ai, battle, decision) -> [(score, Choice)]``):

* **attacks**, **end_turn**, **moves** (a turn): every tile it may end its move on
  (staying put included) is scored by `fivebyfive_tiles.score_tiles` (the best attack
  from there now, closing in over the next turns, the enemies' hits next round); an
  attack from where it stands is worth its own value plus that tile's later and danger.
  It moves to the best tile, then attacks from it (an attack costs nothing).
* **damage_pick**: as attacker it takes the target out when the remaining hits allow
  (an Ability at 1, or the same Ability twice for an Instant KO), else lowers the
  target's lowest Ability; as defender it stays in the fight when it can, and when it
  cannot it ends Unconscious rather than Dead; then it gives up the point it misses
  least (`values.pick_score`, the same weighing hard's chance nodes use).
* **victory_rush**: the Damaged Ability that makes it strongest again.

Levels are data (`FiveByFiveAI.LEVELS`): normal is the scorer alone; hard is the same
scorer looking one step further, over the rest of the round whose Initiative order is
known (`fivebyfive_round`), with weights for its two extra terms. easy is normal's
scores through the registry's softmax (game.ai.levels). Ties are broken by the base
with the AI's own seeded stream, never the battle's dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from game.ai.base import Level, Scored, ScoringAI, levels
from game.ai.fivebyfive_round import ALLIES, REPLIES, look_ahead
from game.ai.fivebyfive_tiles import (Board, Figure, Tile, attack_here, figure, score_tiles,
                                      situational_threat)
from game.ai.fivebyfive_values import TAKE_OUT, best_chance, pick_score, ranks_of, worth
from game.ai.levels import SoftmaxAI
from game.ai.side_frame import in_frame, turned
from game.engine.decisions import PICK, TURN, Decision, Option
from game.rulesets.fivebyfive.combat import enemies, template
from game.rulesets.fivebyfive.components import AbilityScores
from game.rulesets.fivebyfive.data import ABILITIES, OFFENSIVE

#: The levels this module offers the registry (game.ai.levels). Hard is built
#: (make_ai(seed, "hard")) but not offered: it does not beat normal yet.
LEVELS = ("normal",)
#: easy = a softmax over normal's scores at this temperature (score units: an attack is
#: worth ~0.3..3, taking an enemy out 10). At 0.6 it mostly picks a good tile or target
#: but often a second-best one, and rarely a clearly bad one.
EASY_TEMPERATURE = 0.6


# --- a turn: where to stand, whom to attack -------------------------------------------
@dataclass(frozen=True)
class Turn:
    """What a turn's candidates read, worked out once per decision (battle.memo)."""

    me: Figure
    foes: list[Figure]
    options: dict[str, Option]
    tiles: list[Tile]  # where it stands (index 0), then every tile it may move to
    board: Board  # the tiles' scores
    here_rest: float  # the later attacks minus the danger where it stands

    def foe_index(self, unit: int) -> int:
        return next(i for i, f in enumerate(self.foes) if f.unit == unit)


def turn(battle: Any, decision: Decision) -> Turn:
    """The Turn of `decision`'s figure, kept for the decision."""
    def compute() -> Turn:
        me = figure(battle, decision.actor)
        foes = [figure(battle, u) for u in enemies(battle, me.unit)]
        options = {o.key: o for o in decision.options}
        move = options.get("move")
        # the tiles in the side's own frame (side_frame): the draw among equal moves
        # (pick_best) then goes the same way for both sides of a mirror match
        tiles = [me.tile] + (in_frame(move.targets, turned(battle.map, battle.team(me.unit)))
                             if move is not None else [])
        board = score_tiles(battle, me, foes, tiles)
        return Turn(me, foes, options, tiles, board, board.later[0] - board.danger[0])
    return battle.memo(("5x5 turn", decision.actor), compute)


def attacks(ai: Any, battle: Any, decision: Decision) -> Scored:
    """Every Offensive Action open from where the figure stands."""
    if decision.kind != TURN:
        return []
    t = turn(battle, decision)
    out: Scored = []
    for action in OFFENSIVE:
        option = t.options.get(action)
        if option is None:
            continue
        for target in option.targets:
            foe = t.foes[t.foe_index(target)]
            out.append((attack_here(battle, t.me, foe, action) + t.here_rest, option.choice(target)))
    return out


def end_turn(ai: Any, battle: Any, decision: Decision) -> Scored:
    """Staying put without attacking: the tile's later attacks minus its danger."""
    option = decision.option("end_turn") if decision.kind == TURN else None
    if option is None:
        return []
    return [(turn(battle, decision).here_rest, option.choice(None))]


def moves(ai: Any, battle: Any, decision: Decision) -> Scored:
    """Every tile the figure may move to, by its Board total."""
    option = decision.option("move") if decision.kind == TURN else None
    if option is None:
        return []
    t = turn(battle, decision)
    scores = t.board.total().tolist()
    return [(scores[i], option.choice(tile)) for i, tile in enumerate(t.tiles) if i]


# --- picks: which Ability drops, which one a Victory Rush restores ----------------------
def damage_pick(ai: Any, battle: Any, decision: Decision) -> Scored:
    """Each Ability the Hit may lower, weighed by the chooser's side (`pick_score`)."""
    if decision.kind != PICK or decision.context.get("victory_rush"):
        return []
    ctx = decision.context
    target = ctx["defender"]
    earlier = tuple(ctx.get("earlier", ()))
    later = tuple(ctx.get("later_choosers", ()))
    scores = battle.get(target, AbilityScores)
    values = tuple(scores.get(a) for a in ABILITIES)
    ranks = ranks_of(template(battle, target))
    return [(pick_score(ranks, values, ctx["chooser"], earlier + (o.key,), later), o.choice())
            for o in decision.options]


def victory_rush(ai: Any, battle: Any, decision: Decision) -> Scored:
    """Each Damaged Ability a Victory Rush may restore, by how strong it leaves the figure."""
    if decision.kind != PICK or not decision.context.get("victory_rush"):
        return []
    values = battle.get(decision.actor, AbilityScores).values()
    ranks = ranks_of(template(battle, decision.actor))
    out: Scored = []
    for o in decision.options:
        after = dict(values)
        after[o.key] += 1
        out.append((worth(ranks, tuple(after[a] for a in ABILITIES)), o.choice()))
    return out


class FiveByFiveAI(ScoringAI):
    """The 5x5 AI at one of its levels: the candidates above, weighed by `LEVELS`."""

    LEVELS = levels(
        Level("normal"),
        # The rest of the round: the allies' best attacks after this one and the
        # enemies' replies, in normal's units (fivebyfive_round).
        Level("hard", weights=MappingProxyType({ALLIES: 1.0, REPLIES: 1.0}),
              extra_terms=frozenset({ALLIES, REPLIES}), depth=1),
    )
    CANDIDATES = (damage_pick, victory_rush, attacks, end_turn, moves)
    POINT_VALUE = TAKE_OUT  # a victory point: about an enemy taken out

    def scored_choices(self, battle: Any, decision: Decision) -> Scored:
        """Every candidate weighed, with its score (higher is better); only reads."""
        scored = super().scored_choices(battle, decision)
        if self.profile.depth and decision.kind == TURN:
            return look_ahead(self, battle, turn(battle, decision), scored)
        return scored


def make_ai(seed: int = 0, level: str = "normal") -> Any:
    if level == "easy":
        # The registry builds easy itself (a softmax over scored_choices); this keeps a
        # direct call working the same way.
        return SoftmaxAI(FiveByFiveAI(seed), EASY_TEMPERATURE, seed)
    return FiveByFiveAI(seed, level)


__all__ = ["FiveByFiveAI", "make_ai", "LEVELS", "EASY_TEMPERATURE", "TAKE_OUT", "best_chance", "worth",
           "figure", "situational_threat", "turn"]
