"""The Mahou AI: scores every legal option with the ruleset's exact odds.

* Attacks: every target and stance, with the skill of highest rank, scored by the
  exact expected damage plus the chance to knock the target out; a stance the
  target can answer with a +5 spot defence is marked down.
* Defences: it waits to see the attack roll, then spends a spot defence when its
  exact chance of turning the hit into a miss is worth the action (nearly free once
  its own full turn is over).
* Talk: the speak action goes to the distraction with the best exact expected
  penalty; it baits enraged foes into the stance it defends best and tells
  terrified or smitten ones to back off or get down.
* Grapples: brawlers grapple, keep the hold up, reinforce a weak hold, pin, slam
  into walls; held units escape.
* It plays its own states: enraged, it goes for its distractor; terrified, it keeps
  away and obeys; smitten, it does nothing hostile to its distractor's side.
* Movement: melee units close in; ranged ones look for cover within range.
It has its own seeded random stream (ties, the easy level's blunders).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from game.ai.controllers import random_choice
from game.engine.components import Archetype
from game.engine.decisions import PICK, REACTION, TARGET_NONE, Choice, Decision, Option
from game.world.paths import reach
from game.world.sight import fov
from game.world.tactical_map import Cover

LEVELS = ("easy", "normal")
EASY_BLUNDER = 0.35
KNOCKOUT_WEIGHT = 6.0
COVER_VALUE = {Cover.NONE: 0.0, Cover.CONCEALMENT: 0.8, Cover.LIGHT: 1.2, Cover.HEAVY: 2.0}


class MahouAI:
    def __init__(self, seed: int = 0, level: str = "normal") -> None:
        self.rng = random.Random(seed)
        self.level = level

    # --- entry point -------------------------------------------------------------------
    def decide(self, battle: Any, decision: Decision) -> Choice:
        if self.level == "easy" and self.rng.random() < EASY_BLUNDER:
            return random_choice(self.rng, decision)
        trigger = decision.context.get("trigger")
        if decision.kind == REACTION:
            if trigger == "attack":
                return self._defend(battle, decision)
            if trigger == "held":
                return self._held(battle, decision)
            if trigger == "pull" and decision.option("grab_on"):
                opt = decision.option("grab_on")
                return opt.choice(None, hand=opt.params["hand"][-1])
            return self._pass(decision)
        if decision.kind == PICK:
            return self._pick(battle, decision)
        return self._turn(battle, decision)

    @staticmethod
    def _pass(decision: Decision) -> Choice:
        for key in ("pass", "end_turn", "hold"):
            if decision.option(key):
                return decision.option(key).choice()
        opt = decision.options[0]
        return opt.choice(opt.targets[0] if opt.target_kind != TARGET_NONE else None)

    # --- the turn ------------------------------------------------------------------------
    def _turn(self, battle: Any, decision: Decision) -> Choice:
        from game.rulesets.mahou import talk
        from game.rulesets.mahou.actions import intent_of
        unit = decision.actor
        opts = {o.key: o for o in decision.options}
        candidates: list[tuple[float, Choice]] = []
        if "stand" in opts:
            candidates.append((20.0, opts["stand"].choice()))
        if "maintain" in opts and self._hands_left(battle, unit) <= 1:
            candidates.append((30.0, opts["maintain"].choice(None, hand=opts["maintain"].params["hand"][-1])))
        for o in decision.options:
            if o.key.startswith("attack_") or o.key in ("punch", "kick"):
                candidates.append(self._best_attack(battle, decision, o))
        for key, scorer in (("grapple", self._grapple), ("escape", self._escape),
                            ("reinforce", self._reinforce), ("pin", self._pin), ("slam", self._slam),
                            ("pull", self._pull), ("distract", self._distract), ("bait", self._bait),
                            ("demand", self._demand), ("draw", self._draw), ("pick_up", self._pick_up),
                            ("throw", self._throw)):
            if key in opts:
                candidates.append(scorer(battle, decision, opts[key]))
        if "maintain" in opts:
            candidates.append((0.5, opts["maintain"].choice(None, hand=opts["maintain"].params["hand"][-1])))
        for key in ("move", "drag"):
            if key in opts:
                candidates.append(self._move(battle, unit, opts[key]))
        if "jump" in opts:
            candidates.append(self._jump(battle, unit, opts["jump"]))
        for key in ("active_block", "active_parry", "active_dodge"):
            if key in opts:
                candidates.append(self._active(battle, decision, opts[key]))
        candidates.append(self._comply(battle, unit, opts))
        candidates = [c for c in candidates if c[1] is not None]
        if any(c[1].option in ("move", "drag", "jump") and c[0] > 0.3 for c in candidates):
            # an Active Dodge spends every move: not while it still wants to go somewhere
            candidates = [c for c in candidates if c[1].option != "active_dodge"]
        # Play its own distraction state: what goes against it is worth little.
        state = talk.state(battle, unit)
        if state is not None:
            adjusted = []
            for score, choice in candidates:
                if talk.contrary(battle, unit, intent_of(battle, unit, choice)) is not None:
                    score *= 0.05
                elif state[0] == "enraged" and choice.target == state[1]:
                    score += 5.0
                adjusted.append((score, choice))
            candidates = adjusted
        end = opts.get("hold") or opts["end_turn"]
        if not candidates:
            return end.choice()
        best = max(c[0] for c in candidates)
        if best <= 0.05:
            return end.choice()
        top = [c for c in candidates if c[0] >= best - 1e-9]
        return self.rng.choice(top)[1]

    @staticmethod
    def _hands_left(battle: Any, unit: int) -> int:
        from game.rulesets.mahou.economy import usable
        p = usable(battle, unit)
        return p.primary + p.offhand

    # --- attacks ----------------------------------------------------------------------------
    def _best_attack(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        from game.rulesets.mahou.components import Health
        from game.rulesets.mahou.stats import rank, stat
        unit = decision.actor
        best: tuple[float, Choice | None] = (0.0, None)
        skills = opt.params["skill"]
        skill = max(skills, key=lambda s: rank(battle, unit, s))
        for target in opt.targets:
            if not battle.active(target):
                continue  # an unconscious foe can be struck, but nothing comes of it
            hp = battle.get(target, Health).hp
            knockout = hp + stat(battle, target, "defense") + 1
            limits = opt.params_for(target)
            for stance in limits["stance"]:
                params = {"stance": stance, "skill": skill}
                if "hand" in limits:
                    params["hand"] = limits["hand"][0]
                choice = opt.choice(target, **params)
                o = battle.ruleset.odds(battle, decision, choice)
                score = o.expected_damage + KNOCKOUT_WEIGHT * o.chance_at_least(knockout)
                score *= 1.0 - 0.35 * self._answerable(battle, target, stance)
                if opt.key == "kick":
                    score *= 0.8  # it costs all the movement
                if score > best[0]:
                    best = (score, choice)
        return best

    @staticmethod
    def _answerable(battle: Any, target: int, stance: str) -> float:
        """1 if the target can meet this stance with a +5 spot defence, else 0."""
        from game.rulesets.mahou.defences import block_ways, parry_ways
        from game.rulesets.mahou.economy import defence_pool
        pool = defence_pool(battle, target)
        hands = pool.primary + pool.offhand
        if stance == "precise":
            return 1.0 if hands and block_ways(battle, target) else 0.0
        if stance == "fast":
            return 1.0 if hands and parry_ways(battle, target) else 0.0
        return 1.0 if pool.move >= 4 else 0.0

    def _grapple(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        from game.rulesets.mahou.stats import rank
        from game.rulesets.mahou.grapples import holds_of
        unit = decision.actor
        if holds_of(battle, unit):
            return (0.0, None)
        skill = max(opt.params["skill"], key=lambda s: rank(battle, unit, s))
        best: tuple[float, Choice | None] = (0.0, None)
        for target in opt.targets:
            for stance in opt.params["stance"]:
                choice = opt.choice(target, stance=stance, skill=skill, hand=opt.params["hand"][0])
                p = battle.ruleset.odds(battle, decision, choice).hit
                weight = 4.5 if battle.get(unit, Archetype).id == "brawler" else 1.5
                score = p * weight * (1.0 - 0.35 * self._answerable(battle, target, stance))
                if score > best[0]:
                    best = (score, choice)
        return best

    def _escape(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        from game.rulesets.mahou.stats import rank
        unit = decision.actor
        skill = max(opt.params["skill"], key=lambda s: rank(battle, unit, s))
        best: tuple[float, Choice | None] = (0.0, None)
        for holder in opt.targets:
            for stat_name in opt.params["stat"]:
                choice = opt.choice(holder, stat=stat_name, skill=skill)
                p = battle.ruleset.odds(battle, decision, choice).hit
                score = 0.5 + 6.0 * p
                if score > best[0]:
                    best = (score, choice)
        return best

    def _reinforce(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        from game.rulesets.mahou.grapples import holds_of
        unit = decision.actor
        weak = [h.held for _, h in holds_of(battle, unit) if h.difficulty < 8]
        if not weak:
            return (0.0, None)
        return (1.5, opt.choice(weak[0], skill=opt.params["skill"][-1]))

    def _pin(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        unit = decision.actor
        victim = opt.targets[0]
        allies = [u for u in battle.units(battle.team(unit), active_only=True) if u != unit]
        near = any(max(abs(a - b) for a, b in zip(battle.tile(u), battle.tile(victim))) <= 6 for u in allies)
        if not near:
            return (0.0, None)
        return (2.0, opt.choice(victim, follow="go_prone", hand=opt.params["hand"][-1]))

    def _slam(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        target = opt.targets[0]
        choice = opt.choice(target, then="hold_on", hand=opt.params["hand"][-1])
        return (battle.ruleset.odds(battle, decision, choice).expected_damage * 0.6, choice)

    def _throw(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        return (0.3, opt.choice(opt.targets[0], skill=opt.params["skill"][-1], hand=opt.params["hand"][-1]))

    def _pull(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        best: tuple[float, Choice | None] = (0.0, None)
        for target in opt.targets:
            whats = opt.params_for(target)["what"]
            if "weapon" not in whats:
                continue
            for stance in opt.params["stance"]:
                choice = opt.choice(target, what="weapon", stance=stance, skill=opt.params["skill"][-1])
                p = battle.ruleset.odds(battle, decision, choice).hit
                if p * 4.0 > best[0]:
                    best = (p * 4.0, choice)
        return best

    # --- talk ------------------------------------------------------------------------------
    def _distract(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        from game.rulesets.mahou import talk
        unit = decision.actor
        best: tuple[float, Choice | None] = (0.0, None)
        for target in opt.targets:
            for kind in opt.params_for(target)["kind"]:
                mean, state = talk.expected_effect(battle, unit, target, kind)
                score = 0.4 * mean + 4.0 * state
                if score > best[0]:
                    best = (score, opt.choice(target, kind=kind))
        return best

    def _bait(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        from game.rulesets.mahou.stats import passive
        unit = decision.actor
        stance = max(opt.params["stance"], key=lambda s: passive(battle, unit, s)[0])
        return (1.0, opt.choice(opt.targets[0], stance=stance))

    def _demand(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        from game.rulesets.mahou import talk
        target = opt.targets[0]
        entry = talk.strongest(battle, target)
        if entry is None or entry.demand:
            return (0.0, None)
        what = "back_off" if entry.state == "terrified" else "get_down"
        return (1.0, opt.choice(target, demand=what))

    def _comply(self, battle: Any, unit: int, opts: dict) -> tuple[float, Choice | None]:
        """A terrified or smitten AI does what its distractor demanded."""
        from game.rulesets.mahou import talk
        entry = talk.strongest(battle, unit)
        if entry is None or not entry.state or not entry.demand:
            return (0.0, None)
        if entry.demand == "drop_weapon" and "drop" in opts:
            return (10.0, opts["drop"].choice(None, item=opts["drop"].params["item"][0]))
        if entry.demand == "get_down" and "get_down" in opts:
            return (10.0, opts["get_down"].choice())
        return (0.0, None)

    def _active(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        """An active defence pays when several foes can strike before the next full turn:
        its exact expected rise over the passive defence, times those foes."""
        from game.rulesets.mahou import dice as md
        from game.rulesets.mahou.defences import roll_spec, spec_from
        from game.rulesets.mahou.stats import base_passive, held_weapons
        unit = decision.actor
        defence = opt.key.split("_")[1]
        here = battle.tile(unit)
        threats = 0
        for e in battle.units(active_only=True):
            if battle.team(e) == battle.team(unit):
                continue
            near = max(abs(a - b) for a, b in zip(battle.tile(e), here)) <= 2
            ranged = any(w.ranged for w in held_weapons(battle, e))
            threats += 1 if near or ranged else 0
        if threats < 2:
            return (0.0, None)
        passive = base_passive(battle, unit, defence)
        best: tuple[float, Choice | None] = (0.0, None)
        for params in self._param_sets(opt):
            dist = md.distribution(roll_spec(battle, spec_from(battle, unit, opt.key, params), None))
            rise = sum(p * (v - passive) for v, p in dist.items() if v > passive)
            score = 0.2 * rise * threats
            if score > best[0]:
                best = (score, opt.choice(None, **params))
        return best

    # --- items -----------------------------------------------------------------------------
    def _draw(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        from game.rulesets.mahou.stats import held_weapons
        if any(not w.fist for w in held_weapons(battle, decision.actor)):
            return (0.0, None)
        return (2.5, opt.choice(None, weapon=opt.params["weapon"][0]))

    def _pick_up(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
        return (3.0, opt.choice(None, item=opt.params["item"][0]))

    # --- movement ----------------------------------------------------------------------------
    def _move(self, battle: Any, unit: int, opt: Option) -> tuple[float, Choice | None]:
        from game.rulesets.mahou import talk
        from game.rulesets.mahou.stats import held_weapons
        enemies = [e for e in battle.units(active_only=True) if battle.team(e) != battle.team(unit)]
        if not enemies:
            return (0.0, None)
        weapons = [w for w in held_weapons(battle, unit) if not w.fist]
        ranged = [w for w in weapons if w.ranged]
        fpt = battle.map.feet_per_tile
        ideal = max(1, ranged[0].range_ft // fpt) if ranged else 1
        state = talk.state(battle, unit)
        tiles = list(opt.targets)
        xs, ys = np.array(tiles).T
        if state is not None and state[0] == "terrified":
            sx, sy = battle.tile(state[1])
            gain = np.maximum(abs(xs - sx), abs(ys - sy)).astype(float)
            best = int(np.argmax(gain))
            return (3.0, opt.choice(tiles[best]))
        if state is not None and state[0] == "enraged":
            enemies = [state[1]]
            ideal = 1
        grid = self._position_scores(battle, [battle.tile(e) for e in enemies], ideal)
        here = battle.tile(unit)
        steps = np.maximum(abs(xs - here[0]), abs(ys - here[1]))
        gain = grid[xs, ys] - grid[here] - 0.02 * steps
        best = int(np.argmax(gain))
        if gain[best] <= 0.05:
            return (0.0, None)
        return (float(min(gain[best], 2.5)), opt.choice(tiles[best]))

    def _jump(self, battle: Any, unit: int, opt: Option) -> tuple[float, Choice | None]:
        """Jump where walking cannot take it as well: no-roll jumps only."""
        from game.rulesets.mahou.stats import held_weapons
        enemies = [e for e in battle.units(active_only=True) if battle.team(e) != battle.team(unit)]
        if not enemies:
            return (0.0, None)
        ranged = [w for w in held_weapons(battle, unit) if w.ranged]
        ideal = max(1, ranged[0].range_ft // battle.map.feet_per_tile) if ranged else 1
        grid = self._position_scores(battle, [battle.tile(e) for e in enemies], ideal)
        here = battle.tile(unit)
        best: tuple[float, Choice | None] = (0.0, None)
        for t in opt.targets:
            kinds = [k for k in opt.params_for(t)["kind"] if k != "long"]
            if not kinds:
                continue
            gain = float(grid[t] - grid[here]) - 0.3
            if gain > best[0] + 0.05:
                best = (min(gain, 2.5), opt.choice(t, kind=kinds[0], skill=opt.params["skill"][0]))
        return best

    def _position_scores(self, battle: Any, enemy_tiles: list, ideal: int) -> np.ndarray:
        tmap = battle.map
        X, Y = np.indices(tmap.shape)
        cover_value = np.array([COVER_VALUE[c] for c in Cover])[tmap.cover.astype(np.intp)]
        nearest = np.full(tmap.shape, 10 ** 6)
        walk_nearest = np.full(tmap.shape, 10 ** 6)
        in_reach = np.zeros(tmap.shape, bool)
        score = np.zeros(tmap.shape)
        for ex, ey in enemy_tiles:
            seen = battle.memo(("mahou-ai-fov", (ex, ey)), lambda: fov(tmap, (ex, ey)))
            # walking distance, so that a stream or a wall between does not trap a unit
            walk = battle.memo(("mahou-ai-walk", (ex, ey)),
                               lambda: np.minimum(reach(tmap, (ex, ey), 0).cost, 10 ** 5))
            dist = np.maximum(abs(X - ex), abs(Y - ey))
            nearest = np.minimum(nearest, dist)
            walk_nearest = np.minimum(walk_nearest, walk)
            in_reach |= seen & (dist <= ideal)
            if ideal > 1:
                nx = np.clip(X + np.sign(ex - X), 0, tmap.width - 1)
                ny = np.clip(Y + np.sign(ey - Y), 0, tmap.height - 1)
                score += np.where(seen, cover_value[nx, ny], 0.2)
        score += np.where(nearest > ideal, -0.3 * (walk_nearest - ideal), -0.08 * (ideal - nearest))
        score += in_reach * 1.5
        return score

    # --- reactions ----------------------------------------------------------------------------
    def _defend(self, battle: Any, decision: Decision) -> Choice:
        """Wait for the roll; then spot-defend when the chance of a miss is worth it."""
        from game.rulesets.mahou import dice as md
        from game.rulesets.mahou.defences import roll_spec, spec_from
        ctx = decision.context
        if ctx.get("phase") != "after":
            return self._pass(decision)
        unit = decision.actor
        total, cover = ctx["roll"], ctx["cover"]
        done = self._full_turn_done(battle, unit)
        threat = 6.0
        best: tuple[float, Choice | None] = (0.0, None)
        for opt in decision.options:
            if not opt.key.startswith("spot_"):
                continue
            for params in self._param_sets(opt):
                spec = spec_from(battle, unit, opt.key, params)
                p = md.chance_at_least(roll_spec(battle, spec, ctx["stance"]), total + 1 - cover)
                cost = (0.4 if done else 2.0) * (1 if opt.key != "spot_dodge" else params["rolls"] * 0.6)
                score = p * threat - cost
                if score > best[0]:
                    best = (score, opt.choice(None, **params))
        return best[1] if best[1] is not None else self._pass(decision)

    @staticmethod
    def _param_sets(opt: Option) -> list[dict]:
        if opt.key == "spot_dodge":
            return [{"rolls": r} for r in opt.params["rolls"]]
        if opt.key == "active_dodge":
            return [{"skill": k} for k in opt.params["skill"]]
        return [{"with": w, "hand": opt.params["hand"][-1]} for w in opt.params["with"]]

    @staticmethod
    def _full_turn_done(battle: Any, unit: int) -> bool:
        from game.engine.events import RoundStarted
        from game.rulesets.mahou.events import TurnBegan
        for event in reversed(battle.log):
            if isinstance(event, RoundStarted):
                return False
            if isinstance(event, TurnBegan) and event.unit == unit and event.kind == "full":
                return True
        return False

    def _held(self, battle: Any, decision: Decision) -> Choice:
        """Use held actions when a foe is within reach of an attack now."""
        from game.rulesets.mahou.options import turn_options
        unit = decision.actor
        attacks = [o for o in turn_options(battle, unit)
                   if (o.key.startswith("attack_") or o.key in ("punch", "grapple")) and o.targets]
        if attacks and (decision.context.get("mover") is not None or self.rng.random() < 0.5):
            return decision.option("act_now").choice()
        return decision.option("pass").choice()

    # --- picks ------------------------------------------------------------------------------
    def _pick(self, battle: Any, decision: Decision) -> Choice:
        trigger = decision.context.get("trigger")
        keys = [o.key for o in decision.options]
        if trigger == "precise_critical":
            for key in ("drop_weapon", "lose_primary", "drop_shield", "fall", "lose_moves"):
                if key in keys:
                    return decision.option(key).choice()
        if trigger == "escaped" and "reverse" in keys:
            return decision.option("reverse").choice()
        if trigger == "throw":
            opt = decision.options[0]
            walls = [t for t in opt.targets if not battle.map.walkable[t]]
            pool = walls or list(opt.targets)
            here = battle.tile(decision.actor)
            far = max(pool, key=lambda t: (max(abs(t[0] - here[0]), abs(t[1] - here[1])), t))
            return opt.choice(far)
        for key in ("refund_escape", "refund_primary", "refund_offhand", "refund_move", "refund_speak"):
            if key in keys:
                return decision.option(key).choice()
        opt = decision.options[0]
        return opt.choice(opt.targets[0] if opt.target_kind != TARGET_NONE else None)


def make_ai(seed: int = 0, level: str = "normal") -> MahouAI:
    return MahouAI(seed, level)
