"""The Mahou AI: every legal option scored in one currency, hit points, by exact odds.

It is the one AI base's `ScoringAI` (game.ai.base): `decide` picks the best of
`scored_choices`, ties broken by its own seeded stream. Its candidates live in small
modules, one per part of the rules:

* blows and holds (`mahou_blows`): attacks by exact expected damage and knock-out
  chance, grapples, pins, escapes, arming;
* talk (`mahou_talk`): distractions first in a turn, baits and demands, and the AI's
  own distraction state played;
* defences (`mahou_guard`): active defences by the damage they are expected to
  prevent, spot defences by the chance of turning a seen hit into a miss;
* moving (`mahou_moves`): the tile values of `mahou_place` (the attack rules' line
  of fire);
* picks and small reactions (`mahou_picks`);
* the look-ahead over the unit's turn (`mahou_plan`), the `hard` level's depth 1.

A turn weighs what is urgent first (standing up, the last hand on a hold, a demand
obeyed, talk); then blows, and only when no blow is worth pressing with the primary
hand (both hands still unspent), movement and active defences: the primary attacks
first, and the offhand weighs a second blow against a defence afterwards.

Levels are data (`Level`): `normal` is the turn's own order; `hard` looks ahead over
the turn (depth 1: `mahou_plan`), with the extra term "taken" (the damage expected on
the plan's end tile) weighted against the tile's value.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from game.ai.base import Candidate, Level, ScoringAI, levels
from game.ai.mahou_blows import blows
from game.ai.mahou_guard import ACTIVE_KEYS, active_turn, defend
from game.ai.mahou_moves import MOST, jump, move
from game.ai.mahou_picks import held, pick, pulled
from game.ai.mahou_plan import plan_first
from game.ai.mahou_read import URGENT, can_strike, hands_left, pass_on
from game.ai.mahou_talk import BY_OPTION as TALK_OPTIONS
from game.ai.mahou_talk import comply, play_state
from game.engine.decisions import PICK, REACTION, Choice, Decision
from game.rulesets.mahou import talk
from game.rulesets.mahou.economy import usable

#: The easy level's softmax temperature, in hit points: a choice 5 hit points worse
#: than the best is still taken e^-1, about 37%, as often. Measured against greedy (the
#: yardstick easy must rank below), 64 battles over the four battle maps from both
#: sides: T=2 easy won 62%, T=3 54%, T=4 45%; T=5 won 28% of 32 on arena and ridge.
#: At 1.0 easy won 35% of 80 battles against normal: not clearly weaker.
EASY_TEMPERATURE = 5.0
END = 0.05  # ending or holding scores this: anything better is done first
LAST_HAND = 30.0  # the last hand action kept on a hold: spent on it before anything else
SPARE_HAND = 0.5  # a hold maintained with a hand to spare
PRESSING = 1.0  # a blow worth this much, both hands unspent: movement and defences wait
WANTS_TO_MOVE = 0.3  # a step worth more than this comes before raising an active defence

Scored = list[tuple[float, Choice]]


class MahouAI(ScoringAI):
    """Mahou's scorer; its levels differ only in depth, extra terms and weights."""

    POINT_VALUE = 10.0  # a victory point, in hit points: about a foe knocked out

    LEVELS = levels(
        Level("normal"),
        # hard: 64.8% of 400 battles against normal; woodland 54%
        Level("hard", weights=MappingProxyType({"position": 1.0, "taken": 0.8}),
              extra_terms=frozenset({"taken"}), depth=1),
    )

    def candidates(self, battle: Any, decision: Decision) -> tuple[Candidate, ...]:
        """The candidate for this kind of decision (scored in hit points by the base's
        `scored_choices`), then the shared ones."""
        if decision.kind == REACTION:
            own = REACTIONS.get(decision.context.get("trigger"), passing)
        elif decision.kind == PICK:
            own = pick
        else:
            own = turn
        return (own, *self.shared_candidates(battle, decision))


def passing(ai: Any, battle: Any, decision: Decision) -> Scored:
    return [(0.0, pass_on(decision))]


#: The reactions it weighs, by what triggered them (any other is let pass).
REACTIONS = MappingProxyType({"attack": defend, "held": held, "pull": pulled})


def turn(ai: Any, battle: Any, decision: Decision) -> Scored:
    """The unit's turn, in the order the module's docstring gives; looking ahead over
    it (depth 1) puts the best plan's first step first."""
    scored = _turn(ai, battle, decision)
    return plan_first(ai, battle, decision, scored) if ai.profile.depth >= 1 else scored


def _turn(ai: Any, battle: Any, decision: Decision) -> Scored:
    unit = decision.actor
    opts = {o.key: o for o in decision.options}
    # Hold only hand actions that wait for a foe to come within reach: every held
    # action means a question at every turn and every step nearby.
    waiting = "hold" in opts and hands_left(battle, unit) > 0 and not can_strike(battle, unit)
    end = (END, (opts["hold"] if waiting else opts["end_turn"]).choice())
    state = talk.state(battle, unit)
    first = urgent(ai, battle, decision)
    if state is None and any(s >= URGENT for s, _ in first):
        # talk's penalty helps the blows that follow: the rest of the turn is weighed
        # at the next decision, once the urgent things are done
        return first + [end]
    cands = play_state(battle, unit, state, blows(ai, battle, decision))
    pressing = max((s for s, _ in cands), default=0.0)
    cands += play_state(battle, unit, state, first)
    pool = usable(battle, unit)
    if not (pressing >= PRESSING and pool.primary and pool.offhand):
        cands += play_state(battle, unit, state, moves_and_guards(ai, battle, decision))
    return cands + [end]


def urgent(ai: Any, battle: Any, decision: Decision) -> Scored:
    """The candidate of what comes first: standing up, a hold maintained, a demand
    obeyed, talk."""
    unit = decision.actor
    opts = {o.key: o for o in decision.options}
    out: list[tuple[float, Choice | None]] = []
    if "stand" in opts:
        out.append((URGENT, opts["stand"].choice()))
    if "maintain" in opts:
        hand = opts["maintain"].params["hand"]
        last_hand = len(hand) <= 1 and hands_left(battle, unit) <= 1
        out.append((LAST_HAND if last_hand else SPARE_HAND, opts["maintain"].choice(None, hand=hand[-1])))
    out.append(comply(battle, unit, opts))
    for key, scorer in TALK_OPTIONS:
        if key in opts:
            out.append(scorer(ai, battle, decision, opts[key]))
    return [(s, c) for s, c in out if c is not None]


def moves_and_guards(ai: Any, battle: Any, decision: Decision) -> Scored:
    """The candidate of a step (a jump only when walking reaches no tile worth the
    most a move may score) and, only once it stands where it means to end, an active
    defence: the foes that can strike it there are the ones it must stop (and an
    Active Dodge spends every move). Moving spends no hand, so raising it after the
    move loses nothing."""
    opts = {o.key: o for o in decision.options}
    moving = [move(ai, battle, decision, opts[k]) for k in ("move", "drag") if k in opts]
    if "jump" in opts and not any(c is not None and s >= MOST for s, c in moving):
        moving.append(jump(ai, battle, decision, opts["jump"]))
    more = list(moving)
    if not any(c is not None and s > WANTS_TO_MOVE for s, c in moving):
        for key in ACTIVE_KEYS:
            if key in opts:
                more.append(active_turn(ai, battle, decision, opts[key]))
    return [(s, c) for s, c in more if c is not None]


#: The levels this module builds (game.ai.levels reads them by name).
LEVELS = tuple(MahouAI.LEVELS)


def make_ai(seed: int = 0, level: str = "normal") -> MahouAI:
    """normal, or hard (the same scorer looking ahead over the turn)."""
    return MahouAI(seed, level)
