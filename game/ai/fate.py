"""The baseline 4dF AI: declares each action by the ruleset's exact odds.

It reads what declaring slowest-first lets it see: attacks are scored at the planned
positions of slower units (where their declared moves take them), a unit that a
slower enemy has declared an attack on values getting out of reach, out of sight or
down on the ground, and attacks already declared by slower allies on one target make
it less urgent to pile on. It has its own seeded random stream for ties and never
touches the battle's dice. It knows where enemies are only as its side has seen them.
"""

from __future__ import annotations

import random
from typing import Any

from game.ai.controllers import random_choice
from game.engine.components import KNEELING, PRONE, STANDING
from game.engine.decisions import Choice, Decision, Option
from game.world.paths import chebyshev

LEVELS = ("easy", "normal")
EASY_BLUNDER = 0.35  # share of decisions the easy AI takes at random
# What a wound is worth (in "Hurts"), and taking a unit out on top of that.
LEVEL_VALUE = {"Scratch": 0.3, "Hurt": 1.0, "Very Hurt": 1.8, "Incapacitated": 3.0}
DROP_VALUE = 3.0
BLIND_VALUE = 1.0
COVER_VALUE = {None: 0.0, "partial": 0.35, "total": 0.7}
PILE_ON = 0.7  # each attack allies already declared on a target keeps 70 % of the value


class FateAI:
    def __init__(self, seed: int = 0, level: str = "normal") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
        self.rng = random.Random(seed)
        self.level = level
        self.last_seen: dict[int, tuple[int, int]] = {}

    # --- entry point ---------------------------------------------------------------
    def decide(self, battle: Any, decision: Decision) -> Choice:
        if self.level == "easy" and self.rng.random() < EASY_BLUNDER:
            return random_choice(self.rng, decision)
        from game.rulesets.fate.options import known_to_side
        unit = decision.actor
        for e in known_to_side(battle, battle.team(unit)):
            self.last_seen[e] = battle.tile(e)
        opts = {o.key: o for o in decision.options}
        slot = decision.context.get("slot", 1)
        view = _View(battle, unit, slot)
        candidates: list[tuple[float, Choice]] = [(0.0, opts["hold"].choice())]
        ground = 0.0
        if "move" in opts:
            move, ground = self._best_move(battle, decision, opts["move"], view)
            candidates.append(move)
        if "attack" in opts:
            value, choice = self._best_attack(battle, decision, opts["attack"], view)
            # Attacking first still leaves the second action to gain ground.
            candidates.append((value + (ground if slot == 1 else 0.0), choice))
        if "aim" in opts:
            candidates.append(self._aim(battle, decision, opts["aim"], view))
        for key in ("kneel", "prone", "stand"):
            if key in opts:
                candidates.append((self._posture_value(view, key), opts[key].choice()))
        # Anything not clearly worth an action loses to holding.
        candidates = [c for c in candidates if c[1] is not None and (c[0] > 0.01 or c[1].option == "hold")]
        best = max(c[0] for c in candidates)
        top = [c for c in candidates if c[0] >= best - 1e-9]
        return self.rng.choice(top)[1]

    # --- attacks -------------------------------------------------------------------
    def _attack_value(self, battle: Any, odds: Any, target: int, view: "_View") -> float:
        value = sum(LEVEL_VALUE[name] * p for name, p in odds.levels)
        value += DROP_VALUE * odds.drop + BLIND_VALUE * odds.blind
        value += 0.3 * sum(n * p for n, p in odds.extra_scratches) * odds.hit
        if not battle.active(target):
            return 0.0  # finishing a helpless enemy does not change the fight
        value *= PILE_ON ** view.allied_attacks_on(target)
        return value

    def _best_attack(self, battle: Any, decision: Decision, opt: Option, view: "_View") -> tuple[float, Choice | None]:
        best: tuple[float, Choice | None] = (0.0, None)
        for target in opt.targets:
            for w in opt.params_for(target)["with"]:
                choice = opt.choice(target, **{"with": w})
                odds = battle.ruleset.odds(battle, decision, choice)
                value = self._attack_value(battle, odds, target, view)
                weapon = battle.ruleset.data.weapons[w]
                if weapon.uses is not None:
                    value -= 0.25  # a limited item is worth keeping for a better moment
                if weapon.melee and not view.declared(target):
                    value *= 0.8  # a faster target may still step away
                if value > best[0]:
                    best = (value, choice)
        return best

    def _aim(self, battle: Any, decision: Decision, opt: Option, view: "_View") -> tuple[float, Choice | None]:
        """Aiming as a plan. First action, for a unit with a single attack to make: aim now
        and take the aimed shot with the second (its value, a little less for the chance the
        target moves away). Second action: the aim's gain for next turn's shot, discounted."""
        from game.rulesets.fate.attacks import Situation, attack_odds, attack_profile
        if view.slot == 1 and view.has_two_attacks():
            return (0.0, None)  # two attacks beat aiming for one
        best: tuple[float, Choice | None] = (0.0, None)
        for target in opt.targets:
            where, how = view.where(target, view.slot + 1), view.posture_of(target, view.slot + 1)
            for w in view.missiles():
                plain = Situation(view.unit, target, w, view.origin, where, view.posture, how)
                aimed = Situation(view.unit, target, w, view.origin, where, view.posture, how, aimed=True)
                with_aim = self._attack_value(battle, attack_odds(battle, attack_profile(battle, aimed)), target, view)
                if view.slot == 1:
                    score = with_aim * (0.95 if view.declared(target) else 0.85)
                else:
                    without = self._attack_value(battle, attack_odds(battle, attack_profile(battle, plain)),
                                                 target, view)
                    score = 0.4 * (with_aim - without)  # next turn's aim may not survive
                if score > best[0]:
                    best = (score, opt.choice(target))
        return best

    # --- movement ------------------------------------------------------------------
    def _best_move(self, battle: Any, decision: Decision, opt: Option,
                   view: "_View") -> tuple[tuple[float, Choice | None], float]:
        """The best move, scored as a plan: the ground gained, plus (first action) the
        attack it sets up for the second. Also returns the best ground gain alone, which
        an attack now could still take with the second action."""
        goal = self._goal(battle, view)
        view.set_goal(goal)
        ranked = sorted(opt.targets, key=lambda t: (view.quick_score(t, goal), t), reverse=True)[:10]
        base = view.spot_value(view.origin, goal, follow_up=False)
        best: tuple[float, Choice | None] = (0.0, None)
        ground_only = 0.0
        for tile in ranked:
            ground = view.spot_value(tile, goal, follow_up=False) - base - 0.05
            ground_only = max(ground_only, ground)
            plan = ground + (view.follow_up_value(tile) if view.slot == 1 else 0.0)
            if plan > best[0]:
                best = (plan, opt.choice(tile))
        return best, ground_only

    def _goal(self, battle: Any, view: "_View") -> tuple[int, int]:
        """Where to head when no enemy is in reach: the nearest enemy last seen, else the
        middle of the enemy's deployment (the map is public)."""
        if view.enemies:
            return min((view.where(e, view.slot) for e in view.enemies),
                       key=lambda t: (chebyshev(t, view.origin), t))
        live = {e: t for e, t in self.last_seen.items()
                if battle.active(e) and battle.team(e) != battle.team(view.unit)}
        if live:
            return min(live.values(), key=lambda t: (chebyshev(t, view.origin), t))
        spawns = [(s.x, s.y) for s in battle.map.spawns if s.team != battle.team(view.unit)]
        if not spawns:
            return view.origin
        return (sum(x for x, _ in spawns) // len(spawns), sum(y for _, y in spawns) // len(spawns))

    # --- postures ------------------------------------------------------------------
    def _posture_value(self, view: "_View", key: str) -> float:
        """Kneel or drop prone under fire from thrown and projectile attacks (not when a
        melee blow is coming); stand up to get moving. Never undo this turn's posture.
        Shots a slower enemy has declared at this unit always count; shots a faster enemy
        might make count only when this unit means to stay and shoot (an enemy in reach)."""
        if view.posture_changed():
            return 0.0
        declared_missiles, declared_melee, possible_missiles, possible_melee = view.threats()
        melee = declared_melee + possible_melee
        now = view.posture
        if key == "stand":
            if melee or view.prefers_melee() or not view.enemy_in_reach(view.origin):
                return 0.6 if not declared_missiles else 0.0
            return 0.0
        if view.prefers_melee() or melee:
            return 0.0
        missiles = declared_missiles + (possible_missiles if view.enemy_in_reach(view.origin) else 0)
        gain = {"kneel": 1, "prone": 2}[key] - {STANDING: 0, KNEELING: 1, PRONE: 2}[now]
        if gain <= 0:
            return 0.0
        value = 0.22 * gain * missiles
        if key == "prone" and view.throws():
            value -= 0.4  # −2 to its own thrown attacks
        return value


class _View:
    """What one unit sees while declaring one action, computed once per decision."""

    def __init__(self, battle: Any, unit: int, slot: int) -> None:
        from game.rulesets.fate.options import enemies, known_to_side
        from game.rulesets.fate.plans import posture_after, tile_after
        self.battle, self.unit, self.slot = battle, unit, slot
        self.origin = tile_after(battle, unit, slot - 1)
        self.posture = posture_after(battle, unit, slot - 1)
        known = known_to_side(battle, battle.team(unit))
        self.enemies = [e for e in enemies(battle, unit) if e in known and battle.active(e)]
        self._tile_after, self._posture_after = tile_after, posture_after
        self._where: dict[tuple[int, int], tuple[int, int]] = {}
        from game.rulesets.fate.stats import hand_attacks
        weapons = battle.ruleset.data.weapons
        self._missiles = [w for w in hand_attacks(battle, unit, []) if weapons[w].missile
                          and weapons[w].uses is None]
        self._reach = max((weapons[w].short_range for w in self._missiles), default=1)

    def set_goal(self, goal: tuple[int, int]) -> None:
        """Walking distances to the goal (around water and walls, ignoring units)."""
        from game.world.paths import UNREACHABLE, reach
        battle = self.battle
        cost = battle.memo(("fate-ai-goal", goal),
                           lambda: reach(battle.map, goal, 10 ** 6).cost)
        self.walk = cost
        self.walk_far = int(cost[cost < UNREACHABLE].max(initial=0)) + 1
        self.unreachable = UNREACHABLE

    def walk_to_goal(self, tile: tuple[int, int]) -> int:
        c = int(self.walk[tile])
        return self.walk_far if c >= self.unreachable else c

    def where(self, unit: int, slot: int) -> tuple[int, int]:
        key = (unit, min(slot, 2))
        if key not in self._where:
            self._where[key] = self._tile_after(self.battle, unit, key[1])
        return self._where[key]

    def posture_of(self, unit: int, slot: int) -> str:
        return self._posture_after(self.battle, unit, min(slot, 2))

    def declared(self, unit: int) -> bool:
        from game.rulesets.fate.plans import plan_of
        return bool(plan_of(self.battle, unit))

    def allied_attacks_on(self, target: int) -> int:
        from game.rulesets.fate.plans import plan_of
        team = self.battle.team(self.unit)
        return sum(1 for u in self.battle.units() if self.battle.team(u) == team
                   for d in plan_of(self.battle, u) if d.kind == "attack" and d.target == target)

    def posture_changed(self) -> bool:
        from game.rulesets.fate.plans import plan_of
        return any(d.kind in ("kneel", "prone", "stand") for d in plan_of(self.battle, self.unit))

    def enemy_in_reach(self, tile: tuple[int, int]) -> bool:
        """Some known enemy is in sight within this unit's short range of `tile`."""
        reach = self.reach_of()
        return any(chebyshev(tile, self.where(e, self.slot)) <= reach and self._sees(e, tile)
                   for e in self.enemies)

    def attacked_this_turn(self) -> bool:
        from game.rulesets.fate.plans import plan_of
        return any(d.kind == "attack" for d in plan_of(self.battle, self.unit))

    def has_two_attacks(self) -> bool:
        from game.rulesets.fate.stats import hand_attacks
        first = hand_attacks(self.battle, self.unit, [])
        return any(hand_attacks(self.battle, self.unit, [w]) for w in first)

    def missiles(self) -> list[str]:
        """Its thrown and projectile attacks (limited items aside)."""
        return self._missiles

    def throws(self) -> bool:
        weapons = self.battle.ruleset.data.weapons
        return any(weapons[w].kind == "thrown" for w in self.missiles())

    def prefers_melee(self) -> bool:
        return not self.missiles()

    def reach_of(self) -> int:
        return self._reach

    def threats(self) -> tuple[int, int, int, int]:
        """Attacks that may come at this unit in this beat or later: (missile, melee) ones
        slower enemies have declared, then (missile, melee) ones faster enemies, who have
        not declared yet, could make (they see it and it is in their reach)."""
        from game.rulesets.fate.plans import plan_of
        weapons = self.battle.ruleset.data.weapons
        declared = [0, 0]
        possible = [0, 0]
        for e in self.enemies:
            plan = plan_of(self.battle, e)
            if plan:
                for d in plan:
                    if d.kind == "attack" and d.target == self.unit and d.slot >= self.slot:
                        declared[1 if weapons[d.weapon].melee else 0] += 1
                continue
            dist = chebyshev(self.battle.tile(e), self.origin)
            if dist <= 1:
                possible[1] += 1
            elif dist <= 14 and self._sees(e, self.origin):
                possible[0] += 1
        return declared[0], declared[1], possible[0], possible[1]

    def _sees(self, enemy: int, tile: tuple[int, int]) -> bool:
        from game.rulesets.fate.cover import sight_from
        return bool(sight_from(self.battle, self.where(enemy, self.slot))[tile])

    def quick_score(self, tile: tuple[int, int], goal: tuple[int, int]) -> float:
        """A cheap first cut of the move targets, before the exact scoring."""
        reach = self.reach_of()
        score = -0.1 * self.walk_to_goal(tile)
        for e in self.enemies:
            d = chebyshev(tile, self.where(e, self.slot))
            if self.prefers_melee():
                score += 2.0 if d <= 1 else 0.0
            elif self._sees(e, tile) and d <= reach:
                score += 1.0
        score += 0.5 * int(self.battle.map.cover[tile] > 0)
        return score

    def spot_value(self, tile: tuple[int, int], goal: tuple[int, int], follow_up: bool) -> float:
        """How good it is to stand on `tile` after this action: closing on the goal,
        exposure to enemy fire and, with `follow_up`, the best attack from there."""
        from game.rulesets.fate.cover import protection
        battle = self.battle
        # Close to the distance this unit fights at: next to the enemy, or its short range.
        wanted = 1 if self.prefers_melee() else self.reach_of()
        value = -0.15 * max(0, min(self.walk_to_goal(tile), 3 * chebyshev(tile, goal)) - wanted)
        if not self.prefers_melee() and self.enemy_in_reach(tile):
            value += 0.5
        if follow_up:
            value += self.follow_up_value(tile)
        # Exposure: every enemy that will see this tile and could shoot or strike there.
        for e in self.enemies:
            there = self.where(e, self.slot)
            prot = protection(battle, there, tile)
            d = prot.distance
            if d <= 1:
                # In reach of its blows: what a brawler wants, a shooter does not.
                value -= 0.0 if self.prefers_melee() else 0.45
            elif prot.visible and not prot.blocked and d <= 14:
                # A brawler must cross open ground to fight at all: it minds it less.
                shield = COVER_VALUE[prot.cover] + COVER_VALUE[prot.concealment]
                value -= (0.1 if self.prefers_melee() else 0.3) * max(0.0, 1.0 - shield)
        return value

    def follow_up_value(self, tile: tuple[int, int]) -> float:
        """The best attack (exact odds) this unit could make from `tile` in the next beat."""
        from game.rulesets.fate.attacks import Situation, attack_odds, attack_profile, in_reach
        from game.rulesets.fate.cover import protection
        from game.rulesets.fate.plans import attacks_declared, is_charge
        from game.rulesets.fate.stats import hand_attacks
        battle = self.battle
        weapons = battle.ruleset.data.weapons
        usable = hand_attacks(battle, self.unit, attacks_declared(battle, self.unit))
        best = 0.0
        for e in self.enemies:
            there = self.where(e, 2)
            prot = protection(battle, tile, there)
            for w in usable:
                wd = weapons[w]
                if wd.uses is not None or not in_reach(wd, prot.distance) or (wd.missile and prot.blocked):
                    continue
                s = Situation(self.unit, e, w, tile, there, STANDING, self.posture_of(e, 2),
                              charging=wd.melee and is_charge(self.origin, tile, there))
                odds = attack_odds(battle, attack_profile(battle, s))
                v = sum(LEVEL_VALUE[name] * p for name, p in odds.levels) + DROP_VALUE * odds.drop
                best = max(best, v * PILE_ON ** self.allied_attacks_on(e))
        return best


def make_ai(seed: int = 0, level: str = "normal") -> FateAI:
    return FateAI(seed, level)
