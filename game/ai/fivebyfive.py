"""The baseline 5x5 AI: plans each turn with the ruleset's exact odds.

* Turn: for every tile it may end its move on (staying put included), the best
  Offensive Action from there (chance to take the target out, Ability points it is
  expected to lose, how dangerous the target is) plus how exposed the tile is to the
  enemies' own Strikes, Aims and Focuses next round. It moves to the best tile, then
  attacks from it.
* Damage picks: as attacker it takes the target out when the remaining hits allow
  (an Ability at 1, or the same Ability twice for an Instant KO), else lowers the
  target's lowest Ability (the one that ends the fight soonest); as defender the
  reverse: it stays in the fight if it can, and gives up the point it misses least.
* Victory Rush: the Damaged Ability that makes it strongest again.

It has its own seeded random stream for ties and the easy level's blunders, never
the battle's dice.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from game.ai.controllers import random_choice
from game.engine.decisions import PICK, Choice, Decision, Option
from game.rulesets.fivebyfive import rolls
from game.rulesets.fivebyfive.combat import (COVER_SHIFT, enemies, legal, outlook, profile, sight,
                                              taken_out, template)
from game.rulesets.fivebyfive.components import AbilityScores
from game.rulesets.fivebyfive.data import ABILITY_FOR, DEFENCE_FOR, OFFENSIVE, UnitTemplate
from game.world.paths import chebyshev
from game.world.tactical_map import Cover

LEVELS = ("easy", "normal")
EASY_BLUNDER = 0.35  # share of decisions the easy AI takes at random
TAKE_OUT = 10.0  # value of taking an enemy out of the fight, on top of the points
DANGER = 1.2  # weight of the hits the enemies may land on the tile next round
EXPECTED_MOVE = 3  # tiles an enemy is taken to cover before Striking (Initiative 0..5)
APPROACH = 0.35  # value per tile closer to the nearest enemy, for figures that Strike best
DRIFT = 0.035  # every figure edges toward the enemy, so that hidden shooters come into sight


def best_chance(t: UnitTemplate, values: Mapping[str, int], actions=OFFENSIVE) -> float:
    """The best success chance among a figure's usable actions, unmodified."""
    best = 0.0
    for action in actions:
        if action == "focus" and t.rank(action) == 0:
            continue
        best = max(best, rolls.success_chance(rolls.target_number(t.rank(action),
                                                                  values[ABILITY_FOR[action]])))
    return best


def worth(t: UnitTemplate, values: Mapping[str, int]) -> float:
    """How much fight is left in a figure: its lowest Ability (hits until Unconscious)
    first, then its second lowest (a Double Hit it Controls spreads over two), then how
    well it attacks and Controls Hits."""
    ordered = sorted(values.values())
    if ordered[0] <= 0:
        return 0.0
    defence = sum(rolls.success_chance(rolls.target_number(t.rank(d), values[ABILITY_FOR[d]]))
                  for d in DEFENCE_FOR.values()) / 3
    return 3.0 * ordered[0] + 0.5 * ordered[1] + 2.0 * best_chance(t, values) + defence


class FiveByFiveAI:
    def __init__(self, seed: int = 0, level: str = "normal") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
        self.rng = random.Random(seed)
        self.level = level

    def decide(self, battle: Any, decision: Decision) -> Choice:
        if self.level == "easy" and self.rng.random() < EASY_BLUNDER:
            return random_choice(self.rng, decision)
        if decision.kind == PICK:
            if decision.context.get("victory_rush"):
                return self._rush(battle, decision)
            return self._damage_pick(battle, decision)
        return self._turn(battle, decision)

    # --- which Ability drops ---------------------------------------------------------
    def _damage_pick(self, battle: Any, decision: Decision) -> Choice:
        ctx = decision.context
        target = ctx["defender"]
        attacking = ctx["chooser"] == "attacker"
        earlier = tuple(ctx.get("earlier", ()))
        later = tuple(ctx.get("later_choosers", ()))
        values = battle.get(target, AbilityScores).values()
        t = template(battle, target)

        def score(ability: str) -> float:
            picks = earlier + (ability,)
            out = taken_out(values, later, picks)
            after = dict(values)
            for a in picks:
                after[a] -= 1
            value = worth(t, after)
            if attacking:
                return (100.0 if out else 0.0) - value
            return (-100.0 if out else 0.0) + value

        return self._best(decision, score)

    def _rush(self, battle: Any, decision: Decision) -> Choice:
        unit = decision.actor
        values = battle.get(unit, AbilityScores).values()
        t = template(battle, unit)

        def score(ability: str) -> float:
            after = dict(values)
            after[ability] += 1
            return worth(t, after)

        return self._best(decision, score)

    def _best(self, decision: Decision, score) -> Choice:
        scored = [(score(o.key), o) for o in decision.options]
        top = max(s for s, _ in scored)
        return self.rng.choice([o for s, o in scored if s >= top - 1e-9]).choice()

    # --- the turn --------------------------------------------------------------------
    def _turn(self, battle: Any, decision: Decision) -> Choice:
        unit = decision.actor
        opts = {o.key: o for o in decision.options}
        foes = enemies(battle, unit)
        here = battle.tile(unit)
        attacks = [opts[a] for a in OFFENSIVE if a in opts]
        stay_value, stay_choice = self._attack_here(battle, decision, attacks)
        best_value = stay_value + self._position(battle, unit, here, foes)
        best: Choice = stay_choice if stay_choice is not None else opts["end_turn"].choice()
        if "move" in opts:
            for tile in opts["move"].targets:
                value = self._attack_from(battle, unit, tile, foes) + self._position(battle, unit, tile, foes)
                if value > best_value + 1e-9:
                    best_value, best = value, opts["move"].choice(tile)
        return best  # attacking costs nothing and risks nothing: always attack if able

    def _target_value(self, battle: Any, p, target: int) -> float:
        values = battle.get(target, AbilityScores).values()
        o = outlook(p, values)
        t = template(battle, target)
        threat = best_chance(t, values)
        progress = o.expected_points * (1.0 + threat) / max(1, min(values.values()))
        return TAKE_OUT * float(o.takes_out) + progress

    def _attack_here(self, battle: Any, decision: Decision, attacks: list[Option]) -> tuple[float, Choice | None]:
        best: tuple[float, Choice | None] = (0.0, None)
        for opt in attacks:
            for target in opt.targets:
                p = profile(battle, decision.actor, target, opt.key)
                value = self._target_value(battle, p, target)
                if best[1] is None or value > best[0]:
                    best = (value, opt.choice(target))
        return best

    def _attack_from(self, battle: Any, unit: int, tile, foes: list[int]) -> float:
        best = 0.0
        t = template(battle, unit)
        for action in OFFENSIVE:
            if action == "focus" and t.rank("focus") == 0:
                continue
            for foe in foes:
                if legal(battle, action, tile, battle.tile(foe)):
                    p = profile(battle, unit, foe, action, here=tile)
                    best = max(best, self._target_value(battle, p, foe))
        return best

    def _position(self, battle: Any, unit: int, tile, foes: list[int]) -> float:
        """Minus the hits the enemies may land here next round, plus closeness to the
        nearest enemy (much more for a figure whose Strike is its best attack)."""
        mine = template(battle, unit)
        my_values = battle.get(unit, AbilityScores).values()
        danger = 0.0
        for foe in foes:
            danger += self._threat(battle, foe, tile, mine, my_values)
        nearest = min((chebyshev(tile, battle.tile(f)) for f in foes), default=0)
        return -DANGER * danger - DRIFT * nearest - self._far_penalty(battle, unit, tile, foes, nearest)

    def _far_penalty(self, battle: Any, unit: int, tile, foes: list[int], nearest: int) -> float:
        """A figure whose best attack is the Strike wants to close in."""
        t = template(battle, unit)
        values = battle.get(unit, AbilityScores).values()
        strike = best_chance(t, values, ("strike",))
        ranged = best_chance(t, values, ("aim", "focus"))
        if strike > ranged + 0.1:
            return APPROACH * max(0, nearest - 1)
        return 0.0

    def _threat(self, battle: Any, foe: int, tile, mine: UnitTemplate, my_values: Mapping[str, int]) -> float:
        """The chance `foe` lands an uncontrolled hit on a figure standing on `tile`."""
        ft = template(battle, foe)
        fvalues = battle.get(foe, AbilityScores).values()
        there = battle.tile(foe)
        dist = chebyshev(tile, there)
        best = 0.0
        lof = sight(battle, there, tile)
        for action in OFFENSIVE:
            rank = ft.rank(action)
            if action == "focus" and rank == 0:
                continue
            shift = 0
            if action == "strike":
                if dist > EXPECTED_MOVE + 1:
                    continue
            elif not lof.visible or (action == "aim" and (lof.blocked or dist < 2)):
                continue
            if action == "aim":
                shift = COVER_SHIFT[Cover(lof.cover)]
            hit = rolls.success_chance(rolls.target_number(rank, fvalues[ABILITY_FOR[action]], shift))
            d = DEFENCE_FOR[action]
            control = rolls.success_chance(rolls.target_number(mine.rank(d), my_values[ABILITY_FOR[d]]))
            best = max(best, hit * (1 - control * 0.5))
        return best


def make_ai(seed: int = 0, level: str = "normal") -> FiveByFiveAI:
    return FiveByFiveAI(seed, level)
