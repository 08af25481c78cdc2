"""The Action Block AI: scores every legal option with the ruleset's exact odds and
a point economy, since Strength and Speed Points never come back on their own.

It is the one AI base's `ScoringAI` (game/ai/base.py): the candidate actions of each
kind of decision are plain functions ``(ai, battle, decision) -> [(score, Choice)]``
in small modules named for the rules they weigh:

* actionblock_attacks: attacks (expected damage plus a bonus for the chance to drop
  the target, less what their points are worth now) and grapples;
* actionblock_points: the points' price, Restores (taken when there is no attack
  worth making, or none it can pay for) and reloads;
* actionblock_defence: Dodge, Block and Obstruct Movement, and the Block stance;
* actionblock_moves: where to stand (melee: next to an enemy, charging when the
  charge lands adjacent; guns: in range and sight, in cover, not next to a brute);
* actionblock_spells and actionblock_verbal: spells, Charisma Skills, Battle
  Communication.

Its levels are data (`LEVELS`): normal, and hard (actionblock_hard: the same scorer
with Strength priced as state). Equal scores are drawn from the AI's own seeded
stream, never the battle's dice.
"""

from __future__ import annotations

from typing import Any, Iterable

from game.ai.base import Candidate, Level, ScoringAI, Scored, levels
from game.engine.decisions import PICK, REACTION, Decision
from game.ai import actionblock_attacks as attacks
from game.ai import actionblock_defence as defence
from game.ai import actionblock_moves as moves
from game.ai import actionblock_points as points
from game.ai import actionblock_spells as spells
from game.ai import actionblock_verbal as verbal
from game.ai.actionblock_hard import HARD
from game.ai.actionblock_terms import END_TURN_SCORE

#: The easy level (built by game.ai.levels) is a softmax over the normal scores at this
#: temperature (score units are about one point of expected damage): it mostly takes
#: good moves, sometimes a lesser one, never a uniformly random one.
EASY_TEMPERATURE = 1.5

#: Option key → its scorer ``(ai, battle, decision, option, best attack score)``, in the
#: order they are scored (the order equal scores are drawn from).
OPTION_SCORERS = (("grapple", attacks.grapple), ("break_grapple", attacks.break_grapple),
                  ("maintain_grapple", attacks.maintain_grapple), ("reload", points.reload),
                  ("restore_strength", points.restore_strength), ("restore_speed", points.restore_speed),
                  ("channel", spells.channel), ("activate", spells.activate), ("cast", spells.cast),
                  ("echo", spells.cast), ("healing_word", spells.healing_word), ("cancel_spell", spells.cancel),
                  ("turn", moves.turn_facing), ("battle_communication", verbal.communicate),
                  ("stance", defence.stance))


def options(ai: Any, battle: Any, decision: Decision) -> Scored:
    """Every other option of the Turn with a scorer of its own; Restores and reloads
    weigh the best attack (the Offensive slot is kept for one worth making)."""
    offered = {o.key: o for o in decision.options}
    best = attacks.best_attack(ai, battle, decision)
    out: Scored = []
    for key, scorer in OPTION_SCORERS:
        if key in offered:
            out += scorer(ai, battle, decision, offered[key], best)
    return out


def end_turn(ai: Any, battle: Any, decision: Decision) -> Scored:
    return [(END_TURN_SCORE, decision.option("end_turn").choice())]


def redirect(ai: Any, battle: Any, decision: Decision) -> Scored:
    """A PICK: following a moved target is what the spell was cast for; any other
    prompt takes its first answer."""
    if decision.option("redirect") is None:
        return [(0.0, defence.first_answer(decision))]
    out = [(1.0, decision.option("redirect").choice())]
    if decision.option("release") is not None:
        out.append((0.0, decision.option("release").choice()))
    return out


#: The Turn's candidate actions, in the order they are scored.
TURN: tuple[Candidate, ...] = (attacks.attacks, options, verbal.charisma_skills, moves.move, end_turn)
LEVELS_BY_NAME = levels(Level("normal"), HARD)
LEVELS = tuple(LEVELS_BY_NAME)


class ActionBlockAI(ScoringAI):
    LEVELS = LEVELS_BY_NAME
    POINT_VALUE = 10.0  # a victory point: about a foe dropped (KILL_WEIGHT plus its damage)

    def candidates(self, battle: Any, decision: Decision) -> Iterable[Candidate]:
        if decision.kind == REACTION:
            own: tuple[Candidate, ...] = (
                defence.REACTIONS.get(decision.context.get("trigger"), defence.other_reaction),)
        elif decision.kind == PICK:
            own = (redirect,)
        else:
            own = TURN
        return (*own, *self.shared_candidates(battle, decision))

    def cost_value(self, battle: Any, unit: int, action: str) -> float:
        """What `action`'s points are worth to `unit` now, at this level."""
        return points.cost_value(self, battle, unit, action)


def make_ai(seed: int = 0, level: str = "normal") -> ActionBlockAI:
    return ActionBlockAI(seed, level)
