"""The Mahou AI: every legal option scored in one currency, hit points, by exact odds.

* Attacks: every target and stance with the best skill, the primary hand first (the
  text's first hand action is the primary; the offhand rolls one die fewer): the
  exact expected damage after this round's soak plus a weight on the chance of a
  knock-out. An unconscious foe can be struck, but nothing comes of it.
* Active defences (on its turn or as a reaction): the damage they are expected to
  prevent, exactly, from the foes that can strike before the defence lapses, each
  foe free to switch to its best stance; a roll that cannot beat the defence already
  held prevents nothing, so a lower one is never raised.
* Spot defences: seeing the roll, the chance the defence beats it times the damage
  of this hit, against what the action is still worth.
* Grapples when the hold is worth more than a blow (the foe loses most of its
  actions), pins when an ally can strike the helpless foe, escapes when held.
* Talk goes first in a turn (its penalty also weakens the foe's defence rolls), the
  kind and target with the best exact expected effect; enraged foes are baited into
  its best-defended stance, terrified or smitten ones told to drop their weapons.
* Position: the line of fire the attack rules use (mahou_place).
* It plays its own distraction states. Its own seeded stream breaks ties.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from game.ai.mahou_odds import (Threats, _unit_state, at_least, best_skill, blow, distraction_worth,
                                pair_state, stance_blows, survival, threat_profiles)
from game.ai.mahou_place import fire_clear, tile_array, tile_scores
from game.engine.components import Archetype
from game.engine.decisions import PICK, REACTION, TARGET_NONE, Choice, Decision, Option
from game.engine.events import RoundStarted
from game.kept import pure
from game.rulesets.mahou import attack_spec_of, talk
from game.rulesets.mahou.actions import intent_of
from game.rulesets.mahou.combat import first_params
from game.rulesets.mahou.components import ActiveDefences
from game.rulesets.mahou.defences import block_ways, parry_ways, roll_spec, spec_from
from game.rulesets.mahou.economy import defence_pool, usable
from game.rulesets.mahou.events import TurnBegan
from game.rulesets.mahou.grapples import holds_of
from game.rulesets.mahou.options import enemies, reaches
from game.rulesets.mahou.stats import (DEFENCE_OF_STANCE, base_passive, fist_weapon, free_hands,
                                       held_weapons, is_fallen, passive, stat)

LEVELS = ("normal", "hard")  # hard: game/ai/mahou_hard.py (64.8% of 400 against normal; woodland 54%)
#: The easy level's softmax temperature, in hit points: a choice 5 hit points worse
#: than the best is still taken e^-1, about 37%, as often. Measured against greedy (the
#: yardstick easy must rank below), 64 battles over the four battle maps from both
#: sides: T=2 easy won 62%, T=3 54%, T=4 45%; T=5 won 28% of 32 on arena and ridge.
#: At 1.0 easy won 35% of 80 battles against normal: not clearly weaker.
EASY_TEMPERATURE = 5.0
TALK_FIRST = 20.0  # talk is scored above any blow: its penalty helps the blows that follow
STATE_VALUE = {"smitten": 8.0, "terrified": 7.0, "enraged": 3.0}
GRAPPLE_KEEPS = {"strong": 0.9, "fast": 0.6, "precise": 0.5}  # share of the foe's threat a hold stops
HAND_LATER = 1.2  # what a hand action still to be used on its own turn is worth (hit points)
HAND_SPARE = 0.2  # ... once its full turn is over (only later defences remain for it)
MOVE_BACK = 0.5  # a step toward the foe is worth this a tile while out of reach
END = 0.05  # ending or holding scores this: anything better is done first
BEAT_AT_LEAST = 0.5  # an active defence is raised only if its roll more likely than not beats the held one
KEEP_FOR_SPOT = 0.4  # a hand kept back is worth a spot defence after seeing a roll later


class MahouAI:
    def __init__(self, seed: int = 0, level: str = "normal") -> None:
        self.rng = random.Random(seed)
        self.level = level

    # --- the contract ---------------------------------------------------------------
    def decide(self, battle: Any, decision: Decision) -> Choice:
        scored = self.scored_choices(battle, decision)
        best = max(s for s, _ in scored)
        top = [c for s, c in scored if s >= best - 1e-9]
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def scored_choices(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        """Every candidate weighed, with its score (hit points; higher is better)."""
        trigger = decision.context.get("trigger")
        if decision.kind == REACTION:
            if trigger == "attack":
                return self._defend(battle, decision)
            if trigger == "held":
                return self._held(battle, decision)
            if trigger == "pull" and decision.option("grab_on"):
                opt = decision.option("grab_on")
                return [(1.0, opt.choice(None, hand=opt.params["hand"][-1])), (0.0, _pass(decision))]
            return [(0.0, _pass(decision))]
        if decision.kind == PICK:
            return [(1.0, self._pick(battle, decision))]
        return self._turn(battle, decision)

    # --- the turn ----------------------------------------------------------------------
    def _turn(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        """Urgent things first (standing up, the last hand on a hold, a demand obeyed,
        talk); then blows, and only when no blow is worth pressing with the primary hand
        (both hands still unspent), movement and active defences: the primary attacks
        first, and the offhand weighs a second blow against a defence afterwards."""
        unit = decision.actor
        opts = {o.key: o for o in decision.options}
        # Hold only hand actions that wait for a foe to come within reach: every held
        # action means a question at every turn and every step nearby.
        waiting = "hold" in opts and _hands_left(battle, unit) > 0 and not _can_strike(battle, unit)
        end = (END, (opts["hold"] if waiting else opts["end_turn"]).choice())
        state = talk.state(battle, unit)
        urgent: list[tuple[float, Choice | None]] = []
        if "stand" in opts:
            urgent.append((6.0, opts["stand"].choice()))
        if "maintain" in opts:
            hand = opts["maintain"].params["hand"]
            last_hand = len(hand) <= 1 and _hands_left(battle, unit) <= 1
            urgent.append((30.0 if last_hand else 0.5, opts["maintain"].choice(None, hand=hand[-1])))
        urgent.append(self._comply(battle, unit, opts))
        for key, scorer in (("distract", self._distract), ("bait", self._bait), ("demand", self._demand)):
            if key in opts:
                urgent.append(scorer(battle, decision, opts[key]))
        urgent = [(s, c) for s, c in urgent if c is not None]
        if state is None and any(s >= 6.0 for s, _ in urgent):
            # standing up, the last hand on a hold, a demand obeyed and talk come
            # before any blow (talk's penalty helps the blows that follow): the rest of
            # the turn is weighed at the next decision, once they are done
            return urgent + [end]
        cands: list = []
        for o in decision.options:
            if o.key.startswith("attack_") or o.key in ("punch", "kick"):
                cands.append(self._best_attack(battle, unit, o))
        for key, scorer in (("grapple", self._grapple), ("escape", self._escape),
                            ("reinforce", self._reinforce), ("pin", self._pin), ("slam", self._slam),
                            ("pull", self._pull), ("draw", self._draw), ("pick_up", self._pick_up),
                            ("throw", self._throw)):
            if key in opts:
                cands.append(scorer(battle, decision, opts[key]))
        cands = [(s, c) for s, c in cands if c is not None]
        if state is not None:
            cands = _play_state(battle, unit, state, cands)
        pool = usable(battle, unit)
        pressing = max((s for s, _ in cands), default=0.0)
        cands += _play_state(battle, unit, state, urgent) if state is not None else urgent
        if not (pressing >= 1.0 and pool.primary and pool.offhand):
            more: list[tuple[float, Choice | None]] = []
            moving = [self._move(battle, unit, opts[k]) for k in ("move", "drag") if k in opts]
            if "jump" in opts and not any(c[1] is not None and c[0] >= 2.5 for c in moving):
                # a jump is weighed only when walking does not already reach a tile
                # worth the most a move may score
                moving.append(self._jump(battle, unit, opts["jump"]))
            more += moving
            wants_to_move = any(c[1] is not None and c[0] > 0.3 for c in moving)
            if not wants_to_move:
                # An active defence is weighed once it stands where it means to end:
                # the foes that can strike it there are the ones it must stop (and an
                # Active Dodge spends every move). Moving spends no hand, so raising it
                # after the move loses nothing.
                for key in ("active_block", "active_parry", "active_dodge"):
                    if key in opts:
                        more.append(self._active_turn(battle, unit, opts[key]))
            more = [(s, c) for s, c in more if c is not None]
            cands += _play_state(battle, unit, state, more) if state is not None else more
        return cands + [end]

    # --- attacks -----------------------------------------------------------------------
    def _best_attack(self, battle: Any, unit: int, opt: Option) -> tuple[float, Choice | None]:
        best: tuple[float, Choice | None] = (0.0, None)
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
                score = b.value * (1.0 - 0.3 * _answerable(battle, target, stance))
                if opt.key == "kick":
                    score *= 0.8  # it costs all the movement
                if score > best[0]:
                    best = (score, choice)
        return best

    def _grapple(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        """A hold takes most of the foe's actions (by stance) and gives +4 on it."""
        unit = decision.actor
        if holds_of(battle, unit):
            return (0.0, None)
        skill = best_skill(battle, unit, opt.params["skill"])
        brawler = battle.get(unit, Archetype).id == "brawler"
        best: tuple[float, Choice | None] = (0.0, None)
        for target in opt.targets:
            threat = _threat_of(battle, target, unit)
            for stance in opt.params["stance"]:
                choice = opt.choice(target, stance=stance, skill=skill, hand=opt.params["hand"][0])
                hit = blow(battle, attack_spec_of(battle, unit, choice)).hit
                worth = GRAPPLE_KEEPS[stance] * threat + (2.0 if brawler else 1.0)
                score = hit * worth * (1.0 - 0.3 * _answerable(battle, target, stance))
                if score > best[0]:
                    best = (score, choice)
        return best

    def _escape(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        unit = decision.actor
        skill = best_skill(battle, unit, opt.params["skill"])
        best: tuple[float, Choice | None] = (0.0, None)
        for holder in opt.targets:
            for stat_name in opt.params["stat"]:
                choice = opt.choice(holder, stat=stat_name, skill=skill)
                p = battle.ruleset.odds(battle, decision, choice).hit
                score = 0.5 + 6.0 * p  # each attempt also loosens the hold by 2
                if score > best[0]:
                    best = (score, choice)
        return best

    def _reinforce(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        weak = [h.held for _, h in holds_of(battle, decision.actor) if h.difficulty < 8]
        if not weak:
            return (0.0, None)
        return (1.5, opt.choice(weak[0], skill=best_skill(battle, decision.actor, opt.params["skill"])))

    def _pin(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        """Pinned, the foe is helpless (hit on a 5) while an ally can reach it."""
        unit = decision.actor
        victim = opt.targets[0]
        allies = [u for u in battle.units(battle.team(unit), active_only=True) if u != unit]
        near = sum(1 for u in allies if _cheb(battle.tile(u), battle.tile(victim)) <= 6)
        if not near:
            return (0.0, None)
        return (1.5 + 1.0 * near, opt.choice(victim, follow="go_prone", hand=opt.params["hand"][-1]))

    def _slam(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        choice = opt.choice(opt.targets[0], then="hold_on", hand=opt.params["hand"][-1])
        return (battle.ruleset.odds(battle, decision, choice).expected_damage * 0.6, choice)

    def _throw(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        return (0.3, opt.choice(opt.targets[0], skill=opt.params["skill"][-1], hand=opt.params["hand"][-1]))

    def _pull(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        best: tuple[float, Choice | None] = (0.0, None)
        for target in opt.targets:
            if "weapon" not in opt.params_for(target)["what"]:
                continue
            for stance in opt.params["stance"]:
                choice = opt.choice(target, what="weapon", stance=stance, skill=opt.params["skill"][-1])
                p = battle.ruleset.odds(battle, decision, choice).hit
                if p * 4.0 > best[0]:
                    best = (p * 4.0, choice)
        return best

    # --- talk --------------------------------------------------------------------------
    def _distract(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        """The exact expected penalty (each point off the foe's attack and defence rolls)
        and the chance of a state, worth more the more the state disarms the foe."""
        unit = decision.actor
        sturdy = battle.get(unit, Archetype).id in ("guardian", "brawler")
        best: tuple[float, Choice | None] = (0.0, None)
        for target in opt.targets:
            for kind in opt.params_for(target)["kind"]:
                mean, p_state = distraction_worth(battle, unit, target, kind)
                state = talk.STATE_OF.get(kind, "")
                worth = STATE_VALUE.get(state, 0.0)
                if state == "enraged" and sturdy:
                    worth += 3.0  # drawing a foe's blows onto a sturdy unit
                score = 0.35 * mean + worth * p_state
                if score > best[0]:
                    best = (score, opt.choice(target, kind=kind))
        if best[1] is None or best[0] < 0.1:
            return best
        return (TALK_FIRST + best[0], best[1])

    def _bait(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        unit = decision.actor
        stance = max(opt.params["stance"], key=lambda s: (passive(battle, unit, s)[0], s))
        return (TALK_FIRST + 1.0, opt.choice(opt.targets[0], stance=stance))

    def _demand(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        target = opt.targets[0]
        entry = talk.strongest(battle, target)
        if entry is None or entry.demand:
            return (0.0, None)
        armed = any(not w.fist for w in held_weapons(battle, target))
        if armed:
            return (TALK_FIRST + 3.0, opt.choice(target, demand="drop_weapon"))
        what = "back_off" if entry.state == "terrified" else "get_down"
        return (TALK_FIRST + 1.0, opt.choice(target, demand=what))

    def _comply(self, battle: Any, unit: int, opts: dict) -> tuple[float, Choice | None]:
        """A terrified or smitten AI does what its distractor demanded."""
        entry = talk.strongest(battle, unit)
        if entry is None or not entry.state or not entry.demand:
            return (0.0, None)
        if entry.demand == "drop_weapon" and "drop" in opts:
            return (10.0, opts["drop"].choice(None, item=opts["drop"].params["item"][0]))
        if entry.demand == "get_down" and "get_down" in opts:
            return (10.0, opts["get_down"].choice())
        return (0.0, None)

    # --- active defences -----------------------------------------------------------------
    def _active_turn(self, battle: Any, unit: int, opt: Option) -> tuple[float, Choice | None]:
        """Raised on its own turn it lasts until its next full turn: the damage it is
        expected to prevent from every foe that can strike before then."""
        threats = _threats(battle, unit)
        if not threats:
            return (0.0, None)
        params = _best_way(battle, unit, opt)
        if _beats_held(battle, unit, opt.key, params) < BEAT_AT_LEAST:
            return (0.0, None)  # more likely than not to change nothing
        saved = prevented(battle, unit, opt.key, params, threats) - KEEP_FOR_SPOT
        return (saved, opt.choice(None, **params)) if saved > 0 else (0.0, None)

    # --- items -----------------------------------------------------------------------------
    def _draw(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        if any(not w.fist for w in held_weapons(battle, decision.actor)):
            return (0.0, None)
        return (2.5, opt.choice(None, weapon=opt.params["weapon"][0]))

    def _pick_up(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        return (3.0, opt.choice(None, item=opt.params["item"][0]))

    # --- movement ----------------------------------------------------------------------------
    def _move(self, battle: Any, unit: int, opt: Option) -> tuple[float, Choice | None]:
        foes = _foe_tiles(battle, unit)
        if not foes:
            return (0.0, None)
        tiles = list(opt.targets)
        here = battle.tile(unit)
        state = talk.state(battle, unit)
        if state is not None and state[0] == "terrified":
            sx, sy = battle.tile(state[1])
            far = max(tiles, key=lambda t: (max(abs(t[0] - sx), abs(t[1] - sy)), t))
            return (3.0, opt.choice(far))
        ideal, ranged = _ideal(battle, unit)
        if state is not None and state[0] == "enraged":
            foes, ideal, ranged = (battle.tile(state[1]),), 1, False
        gains, ties = _move_gains(battle, opt.targets, here, foes, ideal, ranged)
        # ties broken by its own stream: any fixed order (lowest or highest tile first)
        # pulls one side toward the foe and the other away
        i = ties[0] if len(ties) == 1 else self.rng.choice(ties)
        if not gains[i] > 0.05:
            return (0.0, None)
        return (min(float(gains[i]), 2.5), opt.choice(tiles[i]))

    def _jump(self, battle: Any, unit: int, opt: Option) -> tuple[float, Choice | None]:
        """Jump where walking cannot take it as well: no-roll jumps only."""
        foes = _foe_tiles(battle, unit)
        if not foes:
            return (0.0, None)
        ideal, ranged = _ideal(battle, unit)
        tiles = tuple(t for t in opt.targets if any(k != "long" for k in _param(opt, t, "kind")))
        if not tiles:
            return (0.0, None)
        here = battle.tile(unit)
        scores = _scores(battle, tiles, here, foes, ideal, ranged)
        best = float(np.max(scores[:-1]))
        ties = np.flatnonzero(scores[:-1] >= best - 1e-9)
        i = int(ties[0] if len(ties) == 1 else self.rng.choice(ties.tolist()))
        gain = float(scores[i] - scores[-1]) - 0.3
        if gain <= 0.05:
            return (0.0, None)
        kind = next(k for k in opt.params_for(tiles[i])["kind"] if k != "long")
        return (min(gain, 2.5), opt.choice(tiles[i], kind=kind, skill=opt.params["skill"][0]))

    # --- reactions ----------------------------------------------------------------------------
    def _defend(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        """Before the roll: an active defence when it prevents more (this attack and
        the foes to come before it lapses) than waiting; after it: a spot defence when
        its chance of turning this hit into a miss is worth the action."""
        ctx = decision.context
        unit = decision.actor
        done = _full_turn_done(battle, unit)
        out: list[tuple[float, Choice]] = [(0.0, _pass(decision))]
        if ctx.get("phase") != "after":
            threats = _threats(battle, unit, until_turn=not done, exclude=ctx["attacker"])
            for opt in decision.options:
                if not opt.key.startswith("active_"):
                    continue
                for params in _param_sets(opt):
                    if _beats_held(battle, unit, opt.key, params) < BEAT_AT_LEAST:
                        continue
                    now = _prevented_now(battle, decision, opt, params)
                    later = prevented(battle, unit, opt.key, params, threats)
                    cost = _hand_cost(opt.key, params, done, battle, unit)
                    out.append((now + later - cost, opt.choice(None, **params)))
            return out
        total, cover = ctx["roll"], ctx["cover"]
        stake = ctx.get("expected_damage_passive")
        if stake is None:
            stake = 3.0  # a grapple or a pull: worth stopping, but no damage to count
        for opt in decision.options:
            if not opt.key.startswith("spot_"):
                continue
            for params in _param_sets(opt):
                p = at_least(_defence_roll(battle, unit, opt.key, params, ctx["stance"]), total + 1 - cover)
                cost = _hand_cost(opt.key, params, done, battle, unit)
                out.append((p * stake - cost, opt.choice(None, **params)))
        return out

    def _held(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        """Use held hand actions when a foe can be struck now."""
        can = _hands_left(battle, decision.actor) > 0 and _can_strike(battle, decision.actor)
        act, wait = decision.option("act_now").choice(), decision.option("pass").choice()
        return [(1.0 if can else 0.0, act), (0.5, wait)]

    # --- picks ------------------------------------------------------------------------------
    def _pick(self, battle: Any, decision: Decision) -> Choice:
        trigger = decision.context.get("trigger")
        keys = [o.key for o in decision.options]
        if trigger == "precise_critical":
            # Fallen, the foe is −2 to its passive defences at once (and spends 20 ft
            # rising): best while allies stand next to it to strike this round;
            # otherwise a weapon knocked loose costs it a hand to pick up, and a lost
            # primary costs it its next blow.
            target = decision.context.get("target")
            order = ("drop_weapon", "lose_primary", "drop_shield", "fall", "lose_moves")
            if target is not None and "fall" in keys:
                team = battle.team(decision.actor)
                allies = [u for u in battle.units(team, active_only=True) if u != decision.actor
                          and _cheb(battle.tile(u), battle.tile(target)) <= 1]
                if len(allies) >= 1:
                    order = ("fall",) + order
            for key in order:
                if key in keys:
                    return decision.option(key).choice()
        if trigger == "escaped" and "reverse" in keys:
            return decision.option("reverse").choice()
        if trigger == "throw":
            opt = decision.options[0]
            walls = [t for t in opt.targets if not battle.map.walkable[t]]
            pool = walls or list(opt.targets)
            here = battle.tile(decision.actor)
            return opt.choice(max(pool, key=lambda t: (_cheb(t, here), t)))
        for key in ("refund_escape", "refund_primary", "refund_offhand", "refund_move", "refund_speak"):
            if key in keys:
                return decision.option(key).choice()
        opt = decision.options[0]
        return opt.choice(opt.targets[0] if opt.target_kind != TARGET_NONE else None)


# --- shared readings ---------------------------------------------------------------------
def _pass(decision: Decision) -> Choice:
    for key in ("pass", "end_turn", "hold"):
        if decision.option(key):
            return decision.option(key).choice()
    opt = decision.options[0]
    return opt.choice(opt.targets[0] if opt.target_kind != TARGET_NONE else None)


def _play_state(battle: Any, unit: int, state: tuple, scored: list) -> list:
    """Its own distraction state: what goes against it needs an Intelligence roll."""
    out = []
    for score, choice in scored:
        if talk.contrary(battle, unit, intent_of(battle, unit, choice)) is not None:
            score *= 0.05
        elif state[0] == "enraged" and choice.target == state[1]:
            score += 5.0
        out.append((score, choice))
    return out


def _move_gains(battle: Any, targets: tuple, here: tuple, foes: tuple, ideal: int, ranged: bool):
    """(what walking to each offered tile gains over standing, less 0.02 a step; the
    indices of the best, ties together), kept like `_scores`."""

    def compute():
        scores = _scores(battle, targets, here, foes, ideal, ranged)
        arr = tile_array(targets)
        steps = np.maximum(np.abs(arr[:, 0] - here[0]), np.abs(arr[:, 1] - here[1]))
        gains = scores[:-1] - scores[-1] - 0.02 * steps
        best = float(np.max(gains))
        return gains, np.flatnonzero(gains >= best - 1e-9).tolist()
    return battle.kept.get("mahou-ai-tiles", ("move-gains", tuple(targets), here, foes, ideal, ranged), compute)


def _scores(battle: Any, targets: tuple, here: tuple, foes: tuple, ideal: int, ranged: bool):
    """`tile_scores` of the offered tiles and its own, kept per battle by every input
    (a turn's later decisions often offer the same tiles against the same foes)."""
    key = ("tiles", tuple(targets), here, foes, ideal, ranged)
    return battle.kept.get("mahou-ai-tiles", key, lambda: tile_scores(battle, list(targets) + [here], foes, ideal, ranged))


def _param(opt: Option, target: Any, name: str) -> tuple:
    """`opt.params_for(target)[name]` without merging the whole dict (a jump asks it of
    every landing tile)."""
    limits = opt.param_limits.get(target)
    if limits and name in limits:
        return limits[name]
    return opt.params[name]


def _cheb(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _hands_left(battle: Any, unit: int) -> int:
    p = usable(battle, unit)
    return p.primary + p.offhand


def _can_strike(battle: Any, unit: int) -> bool:
    """Whether a held weapon (or a fist) reaches a foe still in the fight (stopping at
    the first: the foes out of the fight, and the rest once one is found, go unread)."""
    weapons = [w for w in held_weapons(battle, unit) if not w.fist]
    if free_hands(battle, unit):
        weapons.append(fist_weapon(battle, unit))
    foes = enemies(battle, unit)
    return any(reaches(battle, unit, w, t) for w in weapons for t in foes)


def _foe_tiles(battle: Any, unit: int) -> tuple:
    """Where the unit's foes still in the fight stand, sorted (read once a decision)."""
    team = battle.team(unit)
    return battle.memo(("mahou-ai-foe-tiles", team), lambda: tuple(sorted(
        battle.tile(e) for e in battle.units(active_only=True) if battle.team(e) != team)))


def _ideal(battle: Any, unit: int) -> tuple[int, bool]:
    """The distance it wants to fight at (tiles) and whether it shoots."""
    ranged = [w for w in held_weapons(battle, unit) if w.ranged]
    if ranged:
        return max(1, ranged[0].range_ft // battle.map.feet_per_tile), True
    return 1, False


def _answerable(battle: Any, target: int, stance: str) -> float:
    """1 if the target can meet this stance with a +5 spot defence, else 0 (read once a
    decision: every attack option asks it of each target and stance)."""
    return battle.memo(("mahou-ai-answerable", target, stance), lambda: _can_answer(battle, target, stance))


def _can_answer(battle: Any, target: int, stance: str) -> float:
    pool = defence_pool(battle, target)
    hands = pool.primary + pool.offhand
    if stance == "precise":
        return 1.0 if hands and block_ways(battle, target) else 0.0
    if stance == "fast":
        return 1.0 if hands and parry_ways(battle, target) else 0.0
    return 1.0 if pool.move >= 4 else 0.0


def _param_sets(opt: Option) -> list[dict]:
    """Each way to make a defence, with the first hand the option offers (the primary
    while it is unspent)."""
    if opt.key == "spot_dodge":
        return [{"rolls": r} for r in opt.params["rolls"]]
    if opt.key == "active_dodge":
        return [{"skill": k} for k in opt.params["skill"]]
    return [{"with": w, "hand": opt.params["hand"][0]} for w in opt.params["with"]]


def _best_way(battle: Any, unit: int, opt: Option) -> dict:
    """The way to make an active defence whose roll rises highest above what is held."""
    held = _held_defence(battle, unit, opt.key.split("_")[1])

    def rise(params: dict) -> tuple[float, str]:
        return _rise(_defence_roll(battle, unit, opt.key, params), held), _way_text(tuple(params.items()))
    return max(_param_sets(opt), key=rise)


@pure("mahou-ai-rises")
def _rise(spec, held: int) -> float:
    """The chance the roll `spec` comes out above `held` (kept by value)."""
    low, surv = survival(spec)
    return float(surv[max(0, held + 1 - low):].sum())


@pure("mahou-ai-ways")
def _way_text(items: tuple) -> str:
    """A way's parameters as text, sorted: the tie-break between equal rises."""
    return str(sorted(items))


def _beats_held(battle: Any, unit: int, key: str, params: dict) -> float:
    """The chance the active defence's roll beats the defence already held."""
    return at_least(_defence_roll(battle, unit, key, params), _held_defence(battle, unit, key.split("_")[1]) + 1)


def _held_defence(battle: Any, unit: int, defence: str) -> int:
    """The defence the unit holds now: its passive one, or a higher active roll."""
    return max(base_passive(battle, unit, defence), getattr(battle.get(unit, ActiveDefences), defence) or 0)


def _defence_roll(battle: Any, unit: int, key: str, params: dict, against: str | None = None):
    """The roll of the defence `key` made with `params` (the rules' own RollSpec), kept
    by every input (the unit's template, and its state as `_unit_state` reads it:
    posture, wounds and the distraction whose penalty counts), so that the decisions
    of a turn, which weigh each way several times, build it once."""
    return battle.kept.get("mahou-ai-defence-rolls", (unit, key, tuple(params.items()), against,
                                                      _unit_state(battle, unit)),
                           lambda: roll_spec(battle, spec_from(battle, unit, key, params), against))


def _full_turn_done(battle: Any, unit: int) -> bool:
    for event in reversed(battle.log):
        if isinstance(event, RoundStarted):
            return False
        if isinstance(event, TurnBegan) and event.unit == unit and event.kind == "full":
            return True
    return False


def _hand_cost(key: str, params: dict, done: bool, battle: Any, unit: int) -> float:
    """What spending this defence's actions gives up."""
    if key == "spot_dodge":
        return (0.1 if done else 0.5) * params["rolls"]
    if key == "active_dodge":
        return 0.3 if done else 1.0
    hands = 2 if params.get("hand") == "both" else 1
    return hands * (HAND_SPARE if done else HAND_LATER)


def _threat_of(battle: Any, foe: int, target: int) -> float:
    """The foe's best expected blow on `target` now (hit points)."""
    return max((a.now for a in threat_profiles(battle, foe, target)), default=0.0)


def _threats(battle: Any, unit: int, until_turn: bool = False, exclude: int | None = None) -> list[tuple[int, float]]:
    """Foes that can strike `unit` before a defence raised now lapses, each with the
    chance it does (a foe spreads its blows over the targets it can reach). A foe that
    has had its full turn this round and will act again only next round counts half
    when the defence lapses at the unit's own turn."""
    return battle.memo(("mahou-ai-threats", unit, until_turn, exclude),
                       lambda: _find_threats(battle, unit, until_turn, exclude))


def _find_threats(battle: Any, unit: int, until_turn: bool, exclude: int | None) -> list[tuple[int, float]]:
    team = battle.team(unit)
    here = battle.tile(unit)
    out = []
    for foe in battle.units(active_only=True):
        if battle.team(foe) == team or foe == exclude:
            continue
        there = battle.tile(foe)
        ranged = any(w.ranged for w in held_weapons(battle, foe))
        if ranged:
            near = fire_clear(battle.map, there, here)
        else:
            near = _cheb(there, here) <= 1 + stat(battle, foe, "agility")
        if not near:
            continue
        share = 0.6 if _cheb(there, here) <= 1 or ranged else 0.35
        if until_turn:
            share *= 0.5
        out.append((foe, share))
    return out


def prevented(battle: Any, unit: int, key: str, params: dict, threats: list) -> float:
    """Exact damage an active defence is expected to prevent from `threats`: each foe
    picks its best stance before and after; the roll replaces the defence only when it
    beats what is held (so a lower roll prevents nothing)."""
    if not threats:
        return 0.0
    defence = key.split("_")[1]
    held = _held_defence(battle, unit, defence)
    above = _above_held(_defence_roll(battle, unit, key, params), held)
    if above is None:
        return 0.0
    totals, probs = above
    fallen = -2 if is_fallen(battle, unit) else 0
    total = 0.0
    for foe, share in threats:
        raised, best_now, best_other = _raised(threat_profiles(battle, foe, unit), defence)
        if not raised:
            continue
        best_after = np.full(len(totals), best_other)
        for a in raised:
            best_after = np.maximum(best_after, a.curve(totals + fallen + a.profile.cover))
        total += share * float((probs * (best_now - best_after)).sum())
    return total


@pure("mahou-ai-above-held")
def _above_held(spec, held: int):
    """(the totals of the roll `spec` above `held`, their chances), leaving out chances
    below 1e-7, or None if it cannot beat `held` (kept by value: specs are values)."""
    low, surv = survival(spec)
    pmf = surv[:-1] - surv[1:]
    totals = np.arange(low, low + len(pmf))
    keep = (totals > held) & (pmf > 1e-7)
    if not keep.any():
        return None
    totals, probs = totals[keep], pmf[keep]
    totals.flags.writeable = False
    probs.flags.writeable = False
    return totals, probs


def _raised(attacks: Threats, defence: str) -> tuple[list, float, float]:
    """(the foe's attacks that `defence` meets, not on a helpless target; its best
    expected damage now; its best with the other stances), read once per threat list
    (kept in its `by_defence`)."""
    found = attacks.by_defence.get(defence)
    if found is None:
        raised = [a for a in attacks if DEFENCE_OF_STANCE[a.profile.spec.stance] == defence and not a.helpless]
        found = attacks.by_defence[defence] = (
            raised, max((a.now for a in attacks), default=0.0),
            max((a.now for a in attacks if a not in raised), default=0.0))
    return found


def _prevented_now(battle: Any, decision: Decision, opt: Option, params: dict) -> float:
    """This attack's expected damage prevented by the defence (exact, from the
    prompt's own odds when the parameters are the first ones)."""
    ctx = decision.context
    before = ctx.get("expected_damage_passive")
    if before is None:
        return 0.0
    if params == first_params(opt):
        return before - ctx.get(f"expected_damage_{opt.key}", before)
    return 0.0


def make_ai(seed: int = 0, level: str = "normal") -> MahouAI:
    """normal, or the hard planner (mahou_hard)."""
    if level == "hard":
        from game.ai.mahou_hard import MahouHardAI
        return MahouHardAI(seed)
    if level not in LEVELS:
        raise ValueError(f"mahou builds no {level!r} AI here (its levels: {', '.join(LEVELS)})")
    return MahouAI(seed, level)
