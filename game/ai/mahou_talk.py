"""Talk: distracting, baiting and making demands, and playing the AI's own state.

Talk goes first in a turn (its penalty also weakens the foe's defence rolls): the
kind and target with the best exact expected effect; enraged foes are baited into
the AI's best-defended stance, terrified or smitten ones told to drop their weapons.
Distracted itself, the AI plays its state: what goes against it needs an
Intelligence roll, and an enraged unit goes for its distractor.
"""

from __future__ import annotations

from typing import Any

from game.ai.mahou_odds import distraction_worth
from game.engine.components import Archetype
from game.engine.decisions import Choice, Decision, Option
from game.rulesets.mahou import talk
from game.rulesets.mahou.actions import intent_of
from game.rulesets.mahou.stats import held_weapons, passive

Scored = tuple[float, Choice | None]
TALK_FIRST = 20.0  # talk is scored above any blow: its penalty helps the blows that follow
STATE_VALUE = {"smitten": 8.0, "terrified": 7.0, "enraged": 3.0}
STURDY_BAIT = 3.0  # an enraged foe's blows drawn onto a sturdy unit
PENALTY_VALUE = 0.35  # a point of penalty (summed over the rounds it lasts), in hit points
OBEY = 10.0  # a demand obeyed comes before anything but talk
CONTRARY = 0.05  # what goes against its own state keeps this share of its score
ENRAGED_PULL = 5.0  # an enraged unit's choices at its distractor gain this


def distract(ai: Any, battle: Any, decision: Decision, opt: Option) -> Scored:
    """The exact expected penalty (each point off the foe's attack and defence rolls)
    and the chance of a state, worth more the more the state disarms the foe."""
    unit = decision.actor
    sturdy = battle.get(unit, Archetype).id in ("guardian", "brawler")
    best: Scored = (0.0, None)
    for target in opt.targets:
        for kind in opt.params_for(target)["kind"]:
            mean, p_state = distraction_worth(battle, unit, target, kind)
            state = talk.STATE_OF.get(kind, "")
            worth = STATE_VALUE.get(state, 0.0)
            if state == "enraged" and sturdy:
                worth += STURDY_BAIT
            score = PENALTY_VALUE * mean + worth * p_state
            if score > best[0]:
                best = (score, opt.choice(target, kind=kind))
    if best[1] is None or best[0] < 0.1:
        return best
    return (TALK_FIRST + best[0], best[1])


def bait(ai: Any, battle: Any, decision: Decision, opt: Option) -> Scored:
    unit = decision.actor
    stance = max(opt.params["stance"], key=lambda s: (passive(battle, unit, s)[0], s))
    return (TALK_FIRST + 1.0, opt.choice(opt.targets[0], stance=stance))


def demand(ai: Any, battle: Any, decision: Decision, opt: Option) -> Scored:
    target = opt.targets[0]
    entry = talk.strongest(battle, target)
    if entry is None or entry.demand:
        return (0.0, None)
    armed = any(not w.fist for w in held_weapons(battle, target))
    if armed:
        return (TALK_FIRST + 3.0, opt.choice(target, demand="drop_weapon"))
    what = "back_off" if entry.state == "terrified" else "get_down"
    return (TALK_FIRST + 1.0, opt.choice(target, demand=what))


def comply(battle: Any, unit: int, opts: dict) -> Scored:
    """A terrified or smitten AI does what its distractor demanded."""
    entry = talk.strongest(battle, unit)
    if entry is None or not entry.state or not entry.demand:
        return (0.0, None)
    if entry.demand == "drop_weapon" and "drop" in opts:
        return (OBEY, opts["drop"].choice(None, item=opts["drop"].params["item"][0]))
    if entry.demand == "get_down" and "get_down" in opts:
        return (OBEY, opts["get_down"].choice())
    return (0.0, None)


#: The talk options, weighed in this order.
BY_OPTION = (("distract", distract), ("bait", bait), ("demand", demand))


def play_state(battle: Any, unit: int, state: tuple | None, scored: list) -> list:
    """Its own distraction state: what goes against it needs an Intelligence roll."""
    if state is None:
        return scored
    out = []
    for score, choice in scored:
        if talk.contrary(battle, unit, intent_of(battle, unit, choice)) is not None:
            score *= CONTRARY
        elif state[0] == "enraged" and choice.target == state[1]:
            score += ENRAGED_PULL
        out.append((score, choice))
    return out
