"""Blows and holds: what the Mahou AI's hands can do to a foe, scored in hit points.

* Attacks: every target and stance with the best skill, the primary hand first (the
  text's first hand action is the primary; the offhand rolls one die fewer): the
  exact expected damage after this round's soak plus a weight on the chance of a
  knock-out (`mahou_odds.Blow`). An unconscious foe can be struck, but nothing comes
  of it.
* Grapples when the hold is worth more than a blow (the foe loses most of its
  actions), pins when an ally can strike the helpless foe, escapes when held.
* Arming: drawing a weapon when only fists are in hand, picking one up.

Each scorer is `(ai, battle, decision, option) -> (score, choice or None)`.
"""

from __future__ import annotations

from typing import Any

from game.ai.missions import hunted
from game.ai.mahou_odds import best_skill, blow, pair_state, stance_blows, threat_profiles
from game.ai.mahou_read import answered, cheb
from game.engine.components import Archetype
from game.engine.decisions import Choice, Decision, Option
from game.rulesets.mahou import attack_spec_of
from game.rulesets.mahou.grapples import holds_of
from game.rulesets.mahou.stats import held_weapons

Scored = tuple[float, Choice | None]
NOTHING: Scored = (0.0, None)
GRAPPLE_KEEPS = {"strong": 0.9, "fast": 0.6, "precise": 0.5}  # share of the foe's threat a hold stops
KICK_COST = 0.8  # a kick's value is kept at this share: it costs all the movement
DRAW, PICK_UP, THROW = 2.5, 3.0, 0.3  # arming scores, in hit points


def is_attack(opt: Option) -> bool:
    return opt.key.startswith("attack_") or opt.key in ("punch", "kick")


def best_attack(ai: Any, battle: Any, decision: Decision, opt: Option) -> Scored:
    unit = decision.actor
    best: Scored = NOTHING
    best_weighed = NOTHING[0]
    skill = best_skill(battle, unit, opt.params["skill"])
    for target in opt.targets:
        if not battle.active(target):
            continue  # an unconscious foe can be struck, but nothing comes of it
        limits = opt.params_for(target)
        choices = []
        for stance in limits["stance"]:
            params = {"stance": stance, "skill": skill}
            if "hand" in limits:
                params["hand"] = limits["hand"][0]  # the primary first
            choices.append(opt.choice(target, **params))
        blows = stance_blows(battle, [attack_spec_of(battle, unit, c) for c in choices],
                             pair_state(battle, unit, target))
        for stance, choice, b in zip(limits["stance"], choices, blows):
            score = b.value * answered(battle, target, stance)
            if opt.key == "kick":
                score *= KICK_COST
            # A mission's enemy VIP is the target to pick (missions.hunted); the base's
            # mission_terms weighs the picked blow's score with the same factor.
            weighed = score * hunted(ai, battle, battle.team(unit), target)
            if weighed > best_weighed:
                best, best_weighed = (score, choice), weighed
    return best


def threat_of(battle: Any, foe: int, target: int) -> float:
    """The foe's best expected blow on `target` now (hit points)."""
    return max((a.now for a in threat_profiles(battle, foe, target)), default=0.0)


def grapple(ai: Any, battle: Any, decision: Decision, opt: Option) -> Scored:
    """A hold takes most of the foe's actions (by stance) and gives +4 on it."""
    unit = decision.actor
    if holds_of(battle, unit):
        return NOTHING
    skill = best_skill(battle, unit, opt.params["skill"])
    brawler = battle.get(unit, Archetype).id == "brawler"
    best: Scored = NOTHING
    for target in opt.targets:
        threat = threat_of(battle, target, unit)
        for stance in opt.params["stance"]:
            choice = opt.choice(target, stance=stance, skill=skill, hand=opt.params["hand"][0])
            hit = blow(battle, attack_spec_of(battle, unit, choice)).hit
            worth = GRAPPLE_KEEPS[stance] * threat + (2.0 if brawler else 1.0)
            score = hit * worth * answered(battle, target, stance)
            if score > best[0]:
                best = (score, choice)
    return best


def escape(ai: Any, battle: Any, decision: Decision, opt: Option) -> Scored:
    unit = decision.actor
    skill = best_skill(battle, unit, opt.params["skill"])
    best: Scored = NOTHING
    for holder in opt.targets:
        for stat_name in opt.params["stat"]:
            choice = opt.choice(holder, stat=stat_name, skill=skill)
            p = battle.ruleset.odds(battle, decision, choice).hit
            score = 0.5 + 6.0 * p  # each attempt also loosens the hold by 2
            if score > best[0]:
                best = (score, choice)
    return best


def reinforce(ai: Any, battle: Any, decision: Decision, opt: Option) -> Scored:
    weak = [h.held for _, h in holds_of(battle, decision.actor) if h.difficulty < 8]
    if not weak:
        return NOTHING
    return (1.5, opt.choice(weak[0], skill=best_skill(battle, decision.actor, opt.params["skill"])))


def pin(ai: Any, battle: Any, decision: Decision, opt: Option) -> Scored:
    """Pinned, the foe is helpless (hit on a 5) while an ally can reach it."""
    unit = decision.actor
    victim = opt.targets[0]
    allies = [u for u in battle.units(battle.team(unit), active_only=True) if u != unit]
    near = sum(1 for u in allies if cheb(battle.tile(u), battle.tile(victim)) <= 6)
    if not near:
        return NOTHING
    return (1.5 + 1.0 * near, opt.choice(victim, follow="go_prone", hand=opt.params["hand"][-1]))


def slam(ai: Any, battle: Any, decision: Decision, opt: Option) -> Scored:
    choice = opt.choice(opt.targets[0], then="hold_on", hand=opt.params["hand"][-1])
    return (battle.ruleset.odds(battle, decision, choice).expected_damage * 0.6, choice)


def pull(ai: Any, battle: Any, decision: Decision, opt: Option) -> Scored:
    best: Scored = NOTHING
    for target in opt.targets:
        if "weapon" not in opt.params_for(target)["what"]:
            continue
        for stance in opt.params["stance"]:
            choice = opt.choice(target, what="weapon", stance=stance, skill=opt.params["skill"][-1])
            p = battle.ruleset.odds(battle, decision, choice).hit
            if p * 4.0 > best[0]:
                best = (p * 4.0, choice)
    return best


def draw(ai: Any, battle: Any, decision: Decision, opt: Option) -> Scored:
    if any(not w.fist for w in held_weapons(battle, decision.actor)):
        return NOTHING
    return (DRAW, opt.choice(None, weapon=opt.params["weapon"][0]))


def pick_up(ai: Any, battle: Any, decision: Decision, opt: Option) -> Scored:
    return (PICK_UP, opt.choice(None, item=opt.params["item"][0]))


def throw(ai: Any, battle: Any, decision: Decision, opt: Option) -> Scored:
    return (THROW, opt.choice(opt.targets[0], skill=opt.params["skill"][-1], hand=opt.params["hand"][-1]))


#: The hands' other options, weighed in this order after the attacks.
BY_OPTION = (("grapple", grapple), ("escape", escape), ("reinforce", reinforce), ("pin", pin),
             ("slam", slam), ("pull", pull), ("draw", draw), ("pick_up", pick_up), ("throw", throw))


def blows(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """The candidate: each attack option's best blow (in the options' order), then the
    hands' other options that find something worth doing."""
    out = [best_attack(ai, battle, decision, opt) for opt in decision.options if is_attack(opt)]
    opts = {o.key: o for o in decision.options}
    out += [scorer(ai, battle, decision, opts[key]) for key, scorer in BY_OPTION if key in opts]
    return [(s, c) for s, c in out if c is not None]
