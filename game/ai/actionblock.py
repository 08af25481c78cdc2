"""The Action Block AI: scores every legal option with the ruleset's exact odds and
a point economy, since Strength and Speed Points never come back on their own.

* Attacks are worth their expected damage plus a bonus for the chance to drop the
  target, less what their points are worth now (points grow dearer as they run low).
* Restore Strength / Speed Points take the Offensive / Movement slot: the AI restores
  when it has no attack worth making (or cannot pay for one), and restores Speed when
  it is where it wants to be.
* Dodge when the drop in expected damage beats a Speed Point; Block (and the Shield
  Block) when the damage it saves, and the drop it prevents, beat its Strength;
  Obstruct Movement when a foe tries to charge or to slip out of a melee unit's reach.
* It moves to where it can attack next (melee: next to an enemy, charging when the
  charge lands adjacent; guns: in range and sight, in cover, not next to a brute),
  grapples and keeps grapples, casts and channels spells, taunts, screams and hides
  when the contest odds are good.

It has its own seeded random stream (equal scores are drawn from it), never the
battle's dice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from game.engine.decisions import PICK, REACTION, TARGET_NONE, Choice, Decision, Option
from game.world.paths import UNREACHABLE, chebyshev, distance_field, reach
from game.world.sight import line_of_fire
from game.world.tactical_map import Cover
from game.rulesets.actionblock.actions import spinning_targets
from game.rulesets.actionblock.attacks import attack_odds, attack_odds_reduced, attack_profile
from game.rulesets.actionblock.fastinit import fast_init
from game.rulesets.actionblock.components import (Casting, Conditions, Ghost, Health, Loadout, Points,
                                                  TurnState)
from game.rulesets.actionblock.movement import NAMES, direction_to
from game.rulesets.actionblock.options import enemies, nearest_enemy
from game.rulesets.actionblock.previews import skill_chance
from game.rulesets.actionblock.reactions import shield_available
from game.rulesets.actionblock.stats import (distance_ft, grappling_item, gun_items, items,
                                             melee_items, template, weapon_of)

LEVELS = ("normal", "hard")
#: The easy level (built by game.ai.levels) is a softmax over the normal scores at this
#: temperature (score units are about one point of expected damage): it mostly takes
#: good moves, sometimes a lesser one, never a uniformly random one.
EASY_TEMPERATURE = 1.5
END_TURN_SCORE = 0.05
FINISH_VALUE = 1.5     # a fallen foe finished: it cannot be healed back into the fight
BODY_IN_THE_WAY = 4.0  # ... and its body no longer closes the way to the others
KILL_WEIGHT = 8.0      # worth of dropping an enemy, on top of the damage
STR_VALUE = 1.2        # worth of one Strength Point when the pool is empty, in damage
SPD_VALUE = 0.8        # worth of one Speed Point when the pool is empty
COVER_VALUE = {Cover.NONE: 0.0, Cover.CONCEALMENT: 0.6, Cover.LIGHT: 0.8, Cover.HEAVY: 1.4}
FORCED_BLOCK = 1.6     # worth of making a target spend 2 Strength on a Block
ATTACK_COST_SHARE = 0.5  # attacks are what points are for: only half their worth counts
#: A second attack costs what the first of its kind costs.
SECOND_COSTS = {"second_melee": "melee", "second_gun": "gun", "second_aimed": "aimed"}
ATTACK_KEYS = ("melee", "combo", "gun", "aimed", "second_melee", "second_gun", "second_aimed",
               "grapple_attack")

#: Option key → the method that scores it, in the order they are scored.
SCORERS = (("grapple", "_grapple"), ("break_grapple", "_break"), ("maintain_grapple", "_maintain"),
           ("reload", "_reload"), ("restore_strength", "_restore_strength"),
           ("restore_speed", "_restore_speed"), ("channel", "_channel"), ("activate", "_activate"),
           ("cast", "_cast"), ("echo", "_cast"), ("healing_word", "_healing_word"),
           ("cancel_spell", "_cancel"), ("turn", "_turn_facing"),
           ("battle_communication", "_communicate"), ("stance", "_stance"))


def point_value(full: float, now: int, most: int) -> float:
    """One Strength or Speed Point, `full` its worth with the pool empty: nearly free
    while the pool is full (a Restore would be wasted anyway) and dear when it runs dry
    (a Restore costs a whole Offensive Action)."""
    return full * (0.15 + 0.85 * (1 - now / max(1, most)))


class ActionBlockAI:
    def __init__(self, seed: int = 0, level: str = "normal") -> None:
        self.rng = random.Random(seed)
        self.level = level
        #: The scorer of each option key, in the order they are scored (bound once).
        self._scorers = tuple((key, getattr(self, name)) for key, name in SCORERS)

    # --- entry point -------------------------------------------------------------------
    def decide(self, battle: Any, decision: Decision) -> Choice:
        scored = self.scored_choices(battle, decision)
        top = max(score for score, _ in scored)
        best = [choice for score, choice in scored if score >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def scored_choices(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        """Every answer considered, with its score (higher is better). Only reads."""
        if decision.kind == REACTION:
            trigger = decision.context.get("trigger")
            if trigger == "dodge":
                return self._dodge(battle, decision)
            if trigger == "block":
                return self._block(battle, decision)
            if trigger == "obstruct":
                return self._obstruct(battle, decision)
            return [(0.0, decision.option("pass").choice() if decision.option("pass") else self._first(decision))]
        if decision.kind == PICK:
            if decision.option("redirect") is not None:
                # Following a moved target is what the spell was cast for.
                out = [(1.0, decision.option("redirect").choice())]
                if decision.option("release") is not None:
                    out.append((0.0, decision.option("release").choice()))
                return out
            return [(0.0, self._first(decision))]
        return self._turn(battle, decision)

    def _first(self, decision: Decision) -> Choice:
        opt = decision.options[0]
        return opt.choice(None if opt.target_kind == TARGET_NONE else opt.targets[0])

    # --- point economy -----------------------------------------------------------------
    def spd_value(self, battle: Any, unit: int) -> float:
        p = battle.get(unit, Points)
        return point_value(SPD_VALUE, p.speed, p.max_speed)

    def cost_value(self, battle: Any, unit: int, action: str) -> float:
        c = battle.ruleset.data.actions[action]
        p = battle.get(unit, Points)
        return (c.strength * point_value(STR_VALUE, p.strength, p.max_strength)
                + c.speed * point_value(SPD_VALUE, p.speed, p.max_speed))

    # --- reactions -----------------------------------------------------------------------
    def _dodge(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        ctx = decision.context
        saved = ctx["expected_damage_passive"] - ctx["expected_damage_dodging"]
        hp = battle.get(decision.actor, Health).hp
        saved += KILL_WEIGHT * 0.3 * (ctx["hit_passive"] - ctx["hit_dodging"]) * (
            1.0 if ctx["expected_damage_passive"] / max(ctx["hit_passive"], 1e-9) >= hp else 0.0)
        return [(saved - self.cost_value(battle, decision.actor, "dodge"), decision.option("dodge").choice()),
                (0.0, decision.option("pass").choice())]

    def _block(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        ctx = decision.context
        unit = decision.actor
        base_damage = ctx["expected_damage"]["pass"]
        base_drop = ctx["drop_chance"]["pass"]
        out = [(0.0, decision.option("pass").choice())]
        for key, expected in ctx["expected_damage"].items():
            if key == "pass":
                continue
            option_key, shield = key.split("+")[0], key.endswith("+shield")
            cost = self.cost_value(battle, unit, option_key)
            gain = (base_damage - expected) + KILL_WEIGHT * (base_drop - ctx["drop_chance"][key]) - cost
            opt = decision.option(option_key)
            params = {"shield": "yes" if shield else "no"} if opt.params.get("shield") else {}
            out.append((gain, opt.choice(None, **params)))
        return out

    def _obstruct(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        unit = decision.actor
        action, to = decision.context["action"], decision.context["to"]
        stopping = action in ("charge", "fast_charge")
        if self._is_melee(battle, unit) and chebyshev(battle.tile(unit), to) > 1:
            stopping = True  # it is slipping out of reach
        worth = 1.0 if stopping and battle.get(unit, Points).strength >= 1 + 2 else -1.0
        return [(worth, decision.option("obstruct").choice()), (0.0, decision.option("pass").choice())]

    # --- the Turn ------------------------------------------------------------------------
    def _turn(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        opts = {o.key: o for o in decision.options}
        candidates: list[tuple[float, Choice]] = []
        attacks = self._attacks(battle, decision, [opts[k] for k in ATTACK_KEYS if k in opts])
        candidates += attacks
        best_attack = (max((sc for sc, _ in attacks), default=0.0), None)
        for key, scorer in self._scorers:
            if key in opts:
                found = scorer(battle, decision, opts[key], best_attack[0])
                candidates += found if isinstance(found, list) else [found]
        for key in ("taunt", "stunning_scream", "battle_strategy", "stealth"):
            if key in opts:
                found = self._charisma(battle, decision, opts[key])
                candidates += found if isinstance(found, list) else [found]
        moves = [opts[k] for k in ("sidestep", "fast_sidestep", "charge", "fast_charge", "teleport") if k in opts]
        if moves:
            candidates.append(self._move(battle, decision, moves))
        # Ending the Turn is worth a little: nothing is done for less.
        return [c for c in candidates if c[1] is not None] + [(END_TURN_SCORE, opts["end_turn"].choice())]

    # --- attacks -----------------------------------------------------------------------
    def _attack_value(self, battle: Any, decision: Decision, choice: Choice, o: Any, profile: Any = None,
                      memo: dict | None = None) -> float:
        """Expected damage and the chance to drop the target; a target that can Block
        is expected to take the cheaper of the hit or the Block's damage plus its cost."""
        target = choice.target
        h = battle.get(target, Health)
        if h.unconscious:
            # Finishing a fallen foe: it can no longer be healed back, and its body no
            # longer stops a move (it may be stepped over, never stood on), which ends
            # corridor stand-offs across a body.
            p_kill = o.chance_at_least(1)
            if p_kill <= 0:
                return 0.0
            return p_kill * (FINISH_VALUE + (BODY_IN_THE_WAY if self._body_blocks(battle, decision.actor, target) else 0.0))
        value = o.expected_damage + KILL_WEIGHT * o.chance_at_least(max(1, h.hp))
        if battle.get(target, Points).strength >= 2 and o.expected_damage > 0 and choice.option in ATTACK_KEYS:
            blocked = self._blocked_odds(battle, decision, choice, profile, memo)
            if blocked is not None:
                guarded = (blocked.expected_damage + KILL_WEIGHT * blocked.chance_at_least(max(1, h.hp))
                           + FORCED_BLOCK)
                value = min(value, guarded)
        return value

    def _body_blocks(self, battle: Any, unit: int, body: int) -> bool:
        """The fallen `body` stands between `unit` and the standing foes: with its tile
        closed the walk to the nearest foe grows by more than a step (or is cut)."""
        foes = self._foes(battle, unit)
        if not foes or chebyshev(battle.tile(unit), battle.tile(body)) > 2:
            return False  # only a body next to it (or a step away) stands in its way
        others = tuple(sorted(battle.tile(u) for u in battle.units(active_only=True) if u != unit))
        key = (battle.tile(unit), battle.tile(body), others, tuple(sorted(battle.tile(f) for f in foes)))
        return battle.kept.get("actionblock-ai-body", key, lambda: self._body_blocks_now(battle, unit, body, list(others), foes))

    def _body_blocks_now(self, battle: Any, unit: int, body: int, others: list, foes: list[int]) -> bool:
        goals = [(battle.tile(f)[0] + dx, battle.tile(f)[1] + dy) for f in foes
                 for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
        goals = [g for g in goals if battle.map.in_bounds(*g)]

        def walk(closed, limit=None):
            cost = reach(battle.map, battle.tile(unit), 10 ** 6, others + closed, limit=limit).cost
            return min((int(cost[g]) for g in goals), default=UNREACHABLE)
        open_way = walk([])
        if open_way >= UNREACHABLE:
            return True  # cut off already: closing the body's tile cannot open a way
        # Only whether the closed way exceeds open_way + 1 matters: the search stops
        # there (costs beyond it read UNREACHABLE, which answers the same).
        closed_way = walk([battle.tile(body)], limit=open_way + 1)
        return closed_way >= UNREACHABLE or closed_way > open_way + 1

    def _blocked_odds(self, battle: Any, decision: Decision, choice: Choice, profile: Any = None,
                      memo: dict | None = None):
        """`memo`: the caller's dict for one decision, where the target's expected Block
        parts are kept (the same for every attack at it)."""
        unit, target = decision.actor, choice.target
        if profile is None:
            item = choice.param("weapon") or grappling_item(battle, unit)
            profile = attack_profile(battle, unit, target, choice.option, item)
        extra = None if memo is None else memo.get(("block", target))
        if extra is None:
            extra = (("Block Stance (expected)", 5),)
            shield = shield_available(battle, target)
            if shield is not None:
                extra += (("Shield Block (expected)", weapon_of(battle, target, shield).block_bonus[0]),)
            if memo is not None:
                memo[("block", target)] = extra
        return attack_odds_reduced(profile, extra)

    def _attacks(self, battle: Any, decision: Decision, options: list[Option]) -> list[tuple[float, Choice]]:
        """Every attack (target, weapon, modifier) with its score; equal ones are left to
        the caller's random tie-break (taking the first in unit-id order made one side's
        AI focus differently from the other's on a point-symmetric map)."""
        unit = decision.actor
        out: list[tuple[float, Choice]] = []
        # Each target's parts of the profiles and its expected Block, shared by every
        # attack at it (nothing changes meanwhile).
        memo: dict = {}
        for opt in options:
            key = opt.key
            cost = ATTACK_COST_SHARE * self.cost_value(battle, unit, SECOND_COSTS.get(key, key))
            for target in opt.targets:
                params = opt.params_for(target)
                spinning = "spinning_strike" in params.get("modifier", ())
                for w in params.get("weapon", (None,)):
                    # What opt.choice(target, weapon=w) gives, built directly.
                    choice = Choice(key, target, (("weapon", w),) if w is not None else ())
                    # The same numbers as ruleset.odds, the profile kept for the Block check.
                    profile = attack_profile(battle, unit, target, key, w or grappling_item(battle, unit),
                                             memo=memo)
                    o = attack_odds(profile)
                    out.append((self._attack_value(battle, decision, choice, o, profile, memo) - cost, choice))
                    if spinning:
                        spin = opt.choice(target, weapon=w, modifier="spinning_strike")
                        out.append((self._spinning_value(battle, decision, spin) - cost, spin))
        return out

    def _spinning_value(self, battle: Any, decision: Decision, choice: Choice) -> float:
        """Spinning Strike: the sum over every enemy in reach (no Charge bonus)."""
        total = 0.0
        for t in spinning_targets(battle, decision.actor):
            one = Choice(choice.option, t, (("weapon", choice.param("weapon")),))
            o = attack_odds(attack_profile(battle, decision.actor, t, choice.option,
                                           choice.param("weapon"), charge=False))
            total += self._attack_value(battle, decision, one, o)
        return total

    def _grapple(self, battle, decision, opt, attack_score):
        unit = decision.actor
        w = weapon_of(battle, unit, grappling_item(battle, unit))
        if w.id == "unarmed":
            return (0.0, None)  # an unarmed grapple does no damage worth a Turn
        follow = (w.grapple_dice.count * 3.5 + w.grapple_dice.modifier) * 0.8 + 1.0
        best: list = []
        for target in opt.targets:
            choice = opt.choice(target)
            p = battle.ruleset.odds(battle, decision, choice).hit
            score = p * follow - self.cost_value(battle, unit, "grapple")
            best.append((score, choice))
        return best

    def _break(self, battle, decision, opt, attack_score):
        choice = opt.choice(opt.targets[0])
        p = battle.ruleset.odds(battle, decision, choice).hit
        # Held, it cannot move and takes an automatic Grapple Attack every Turn.
        return (p * 10.0 - self.cost_value(battle, decision.actor, "break_grapple"), choice)

    def _maintain(self, battle, decision, opt, attack_score):
        return (4.0, opt.choice())

    def _reload(self, battle, decision, opt, attack_score):
        unit = decision.actor
        loaded = battle.get(unit, Loadout).loaded
        empty = [w for w in opt.params["weapon"] if loaded.get(w, 0) == 0]
        if empty:
            return (2.5 if attack_score <= 0.5 else 1.0, opt.choice(None, weapon=empty[0]))
        if attack_score <= 0.2:
            return (0.4, opt.choice(None, weapon=opt.params["weapon"][0]))
        return (0.0, None)

    def _restore_strength(self, battle, decision, opt, attack_score):
        p = battle.get(decision.actor, Points)
        missing = p.max_strength - p.strength
        if attack_score > 0.5:
            return (0.0, None)  # keep the Offensive slot for the attack
        return (0.3 + 0.35 * min(missing, 5), opt.choice())

    def _restore_speed(self, battle, decision, opt, attack_score):
        p = battle.get(decision.actor, Points)
        missing = p.max_speed - p.speed
        urgent = 1.5 if p.speed < 3 else 0.0
        return (0.2 * min(missing, 5) + urgent, opt.choice())

    def _turn_facing(self, battle, decision, opt, attack_score):
        unit = decision.actor
        if not self._is_melee(battle, unit):
            return (0.0, None)
        foe = nearest_enemy(battle, unit)
        if foe is None:
            return (0.0, None)
        toward = direction_to(battle.tile(unit), battle.tile(foe))
        if toward == battle.get(unit, TurnState).block_facing or NAMES[toward] not in opt.params["facing"]:
            return (0.0, None)
        return (0.1, opt.choice(None, facing=NAMES[toward]))

    def _stance(self, battle, decision, opt, attack_score):
        """A Block taken in advance pays only against a Gale Burst about to go off (a
        stance ignores knock-back); against attacks a Block after the hit is cheaper."""
        unit = decision.actor
        team = battle.team(unit)
        for caster, casting in battle.query(Casting):
            spell = battle.ruleset.data.spells[casting.spell]
            if (spell.effect == "knockback" and battle.team(caster) != team and casting.remaining <= 1
                    and distance_ft(battle, battle.tile(caster), battle.tile(unit)) <= spell.range_ft):
                kind = opt.params["kind"][-1]
                params = {"kind": kind}
                if "shield" in opt.params:
                    params["shield"] = "yes"
                return (2.0, opt.choice(None, **params))
        return (0.0, None)

    # --- spells ----------------------------------------------------------------------------
    def _channel(self, battle, decision, opt, attack_score):
        return (3.0, opt.choice())

    def _activate(self, battle, decision, opt, attack_score):
        return (10.0, opt.choice())

    def _cancel(self, battle, decision, opt, attack_score):
        c = battle.get(decision.actor, Casting)
        spell = battle.ruleset.data.spells[c.spell]
        if c.target is not None and spell.effect == "damage" and battle.get(c.target, Health).unconscious:
            return (0.5, opt.choice())
        return (0.0, None)

    def _cast(self, battle, decision, opt, attack_score):
        unit = decision.actor
        data = battle.ruleset.data
        team = battle.team(unit)
        best: list = []
        ghost = battle.get(unit, Ghost).ghost
        p = battle.get(unit, Points)
        threat = None  # `_spell_threat`, asked once (it is the same for every target)
        for target in opt.targets:
            for spell_id in opt.params_for(target)["spell"]:
                spell = data.spells[spell_id]
                value = 0.0
                h = battle.get(target, Health)
                if spell.effect == "damage" and battle.team(target) != team and not h.unconscious:
                    o = battle.ruleset.odds(battle, decision, opt.choice(target, spell=spell_id))
                    value = 0.6 * (o.expected_damage + KILL_WEIGHT * o.chance_at_least(h.hp))
                elif spell.effect == "heal" and battle.team(target) == team and not h.dead:
                    missing = h.max_hp - h.hp
                    value = 0.6 * min(missing, 21) + (6.0 if h.unconscious else 0.0)
                    if missing < 8:
                        value = 0.0
                elif spell.effect == "gather_mist":
                    value = 0.3 * (battle.get(unit, Ghost).max_ghost - ghost) - 2
                elif spell.effect == "barrier" and battle.team(target) == team:
                    # It absorbs spell damage only (a Tesla's, a spell's): worth casting
                    # when the other side can deal some.
                    if threat is None:
                        threat = self._spell_threat(battle, unit)
                    value = 0.6 * threat * (1.0 if target != unit else 0.5)
                elif spell.effect == "knockback":
                    value = self._gale_value(battle, unit, spell)
                if value <= 0:
                    continue
                mods = opt.params["speed_modifiers"]
                shorten = next((m for m in mods if m.startswith("Shorten Spell 1") and "+" not in m), "none")
                if p.speed - 5 - 5 < 3:
                    shorten = "none"
                choice = opt.choice(target, spell=spell_id, ghost=opt.params["ghost"][0],
                                    speed_modifiers=shorten, recover_strength=0)
                score = value - self.cost_value(battle, unit, "cast") * 0.6
                best.append((score, choice))
        return best

    def _spell_threat(self, battle: Any, unit: int) -> int:
        """Standing enemies that deal spell damage (a Tesla, or a damaging spell and the
        Ghost HP to cast it)."""
        data = battle.ruleset.data
        count = 0
        for foe in self._foes(battle, unit):
            if any(data.weapons[w].damage_type == "spell" for w in items(battle, foe).values()):
                count += 2
            elif battle.get(foe, Ghost).ghost >= 1 and any(
                    data.spells[s].effect == "damage" for s in template(battle, foe).spells):
                count += 1
        return count

    def _gale_value(self, battle, unit, spell) -> float:
        team = battle.team(unit)
        value = 0.0
        for u in battle.units(active_only=True):
            if u != unit and distance_ft(battle, battle.tile(unit), battle.tile(u)) <= spell.range_ft:
                value += 1.5 if battle.team(u) != team else -1.5
        return value

    def _healing_word(self, battle, decision, opt, attack_score):
        best: list = []
        for target in opt.targets:
            h = battle.get(target, Health)
            missing = h.max_hp - h.hp
            if missing >= 4:
                score = min(missing, 3.5 * 2) * 0.6 + (5.0 if h.unconscious else 0) - self.cost_value(
                    battle, decision.actor, "healing_word")
                best.append((score, opt.choice(target)))
        return best

    # --- Charisma ----------------------------------------------------------------------------
    def _charisma(self, battle, decision, opt):
        unit = decision.actor
        worth = {"taunt": 1.0, "stunning_scream": 5.0, "battle_strategy": 1.0, "stealth": 1.5}[opt.key]
        cost = self.cost_value(battle, unit, opt.key)
        spare = battle.get(unit, Points).strength - battle.ruleset.data.cost(opt.key).strength
        if opt.key in ("taunt", "battle_strategy") and spare < 3:
            return (0.0, None)  # keep Strength for Blocks and attacks
        if opt.target_kind == TARGET_NONE:
            # Stealth: worth the attacks it is likely to spare (each fooled enemy that
            # could otherwise reach this unit), not a fixed amount.
            hit = skill_chance(battle, unit, opt.key, None)  # the `hit` of its odds
            return (hit * 1.2 * self._stealth_threats(battle, unit) - cost, opt.choice())
        best: list = []
        for target in opt.targets:
            hit = skill_chance(battle, unit, opt.key, target)  # the `hit` of its odds
            bonus = 1.0
            if opt.key == "battle_strategy":
                bonus = max(1, len(battle.units(battle.team(unit), active_only=True)) - 1)
            score = hit * worth * bonus - cost
            best.append((score, opt.choice(target)))
        return best

    def _communicate(self, battle, decision, opt, attack_score):
        """Worth what it changes: each ally who gets back a standing enemy to shoot at."""
        unit = decision.actor
        team = battle.team(unit)
        pairs = 0
        for enemy in battle.units(active_only=True):
            if battle.team(enemy) == team or battle.get(enemy, Health).unconscious:
                continue
            cond = battle.get(enemy, Conditions)
            if unit not in cond.fooled:
                pairs += sum(1 for a in cond.fooled if battle.team(a) == team and battle.active(a))
        return (min(2.5, 0.8 * pairs), opt.choice())

    def _stealth_threats(self, battle: Any, unit: int) -> int:
        """Enemies that could attack this unit on their next Turn (what Stealth hides it from)."""
        fooled = battle.get(unit, Conditions).fooled
        here = battle.tile(unit)
        count = 0
        for foe in self._foes(battle, unit):
            if foe in fooled:
                continue
            d = chebyshev(here, battle.tile(foe))
            if self._is_melee(battle, foe):
                count += d <= 5  # a Fast Charge and a step
            elif d * battle.map.feet_per_tile <= self._gun_reach_ft(battle, foe):
                lof = line_of_fire(battle.map, battle.tile(foe), here)
                count += lof.visible and not lof.blocked
        return count

    # --- movement ------------------------------------------------------------------------------
    def _is_melee(self, battle: Any, unit: int) -> bool:
        return self._arms(battle, unit)[0]

    def _foes(self, battle: Any, unit: int) -> list[int]:
        return enemies(battle, unit, include_down=False)

    def _gun_reach_ft(self, battle: Any, unit: int) -> int:
        return self._arms(battle, unit)[1]

    def _arms(self, battle: Any, unit: int) -> tuple[bool, int]:
        """(fights only in melee, the longest gun Range in feet): a unit's items never
        change in a battle, so kept per unit."""

        def arms() -> tuple[bool, int]:
            guns = gun_items(battle, unit)
            return not guns, max((weapon_of(battle, unit, g).max_range_ft for g in guns), default=5)
        return battle.kept.get("actionblock-ai-arms", unit, arms)

    def _position(self, battle: Any, unit: int, foes: list[int]) -> "Position":
        """Everything a tile's score needs that does not depend on the tile, with the
        tile scores made from it: kept by the foes' tiles, the reach and whether the unit
        fights in melee, so every decision until a foe moves (and every unit of the side
        with the same reach) shares it."""
        foe_tiles = tuple(sorted(battle.tile(f) for f in foes))
        melee = self._is_melee(battle, unit)
        reach = 1 if melee else self._gun_reach_ft(battle, unit) // battle.map.feet_per_tile
        return battle.kept.get("actionblock-ai-position", (foe_tiles, melee, reach),
                               lambda: self._new_position(battle, foe_tiles, melee, reach))

    def _new_position(self, battle: Any, foe_tiles: tuple, melee: bool, reach: int) -> "Position":
        tmap = battle.map
        cover = tmap.kept.get("actionblock-ai-cover-worth", None, lambda: [
            [COVER_VALUE[Cover(c)] for c in column] for column in tmap.cover.tolist()])
        return Position(foe_tiles, melee, reach, Walk(tmap, foe_tiles), cover, tmap.kept.table("actionblock-ai-shot"), {})

    def _tile_base(self, battle: Any, pos: "Position", tile) -> tuple[float, int]:
        """A tile's worth apart from whether an attack is still to come, and the
        distance to the nearest foe."""
        x, y = tile
        if pos.melee:
            nearest = min([max(abs(x - fx), abs(y - fy)) for fx, fy in pos.foe_tiles])
            walk = 1.0 if nearest <= 1 else float(min(pos.walk(x, y), 10 ** 4))
            return -1.0 * walk, nearest
        near = [(max(abs(x - ft[0]), abs(y - ft[1])), ft) for ft in pos.foe_tiles]
        near.sort()
        nearest = near[0][0]
        reach = pos.reach
        shots = 0
        cover_best = 0.0
        # The nearest foes in reach decide it: two open shots are enough to know.
        for d, ft in near:
            if d > reach or shots >= 2:
                break
            found = pos.shots.get((tile, ft), lambda: _shot(battle.map, tile, ft))  # noqa: B023 (called at once)
            if found[0]:
                shots += 1
                cover_best = max(cover_best, found[1])
        # No shot from here: close in along the walking distance until one opens up.
        score = 3.0 if shots else -0.3 * (1.0 if nearest <= 1 else float(min(pos.walk(x, y), 10 ** 4)))
        score += cover_best + 0.6 * pos.cover[x][y]
        if nearest <= 1:
            score -= 2.0
        score += 0.05 * min(nearest, reach)  # a little distance is safer
        return score, nearest

    def _can_melee_after(self, battle: Any, unit: int, move: str) -> bool:
        p = battle.get(unit, Points)
        data = battle.ruleset.data
        return (p.strength >= data.cost("melee").strength
                and p.speed >= data.cost(move).speed + data.cost("melee").speed)

    def _move(self, battle: Any, decision: Decision, moves: list[Option]) -> tuple[float, Choice | None]:
        unit = decision.actor
        foes = self._foes(battle, unit)
        if not foes:
            return (0.0, None)
        ts = battle.get(unit, TurnState)
        can_attack = ts.offensive is None
        pos = self._position(battle, unit, foes)
        top = 0.0  # the best gain so far
        tied: list = []
        # A tile's worth is the same whichever move reaches it, and on every decision of
        # the Turn while the foes stand still: kept with the position.
        scores = pos.scores
        # A melee unit next to a foe (more if it can still strike this Turn).
        adjacent_bonus = (2.5 if can_attack else 1.0) if pos.melee else 0.0
        # Where it stands now, scored as the tiles it could move to are.
        at = battle.tile(unit)
        found = scores.get(at)
        if found is None:
            found = scores[at] = self._tile_base(battle, pos, at)
        here = found[0] + adjacent_bonus if found[1] == 1 else found[0]
        charge_bonus = 0.0
        if pos.melee and can_attack:
            charge_bonus = 0.6 * max(weapon_of(battle, unit, k).weight for k in melee_items(battle, unit))
        for opt in moves:
            cost = self.cost_value(battle, unit, opt.key)
            if opt.key == "teleport":
                cost += 2.0
            bonus = 0.0
            if opt.key in ("charge", "fast_charge") and charge_bonus and self._can_melee_after(battle, unit, opt.key):
                bonus = charge_bonus * (1 if opt.key == "charge" else 2)
            for tile in opt.targets:
                found = scores.get(tile)
                if found is None:
                    found = scores[tile] = self._tile_base(battle, pos, tile)
                score, nearest = found
                gain = score + (adjacent_bonus if nearest == 1 else 0.0) - here - cost
                if bonus and nearest == 1:
                    gain += bonus
                if gain > top + 1e-9:
                    top, tied = gain, []
                if gain >= top - 1e-9 and gain > 0:
                    tied.append((opt, tile))
        if not tied:
            return (0.0, None)
        # Equal tiles are drawn by the AI's own stream: taking the first in the options'
        # (y, x) order made the side that moves toward lower x bolder, which decided
        # mirrored battles (the left side won 70% of them on a mirrored arena).
        opt, tile = tied[0] if len(tied) == 1 else self.rng.choice(tied)
        params = {"facing": "moved"} if "facing" in opt.params else {}
        return (top, opt.choice(tile, **params))


@fast_init
@dataclass(frozen=True)
class Position:
    """The tile-independent part of scoring where to stand, and the tile scores made
    from it (kept by the foes' tiles, the melee flag and the reach)."""

    foe_tiles: tuple
    melee: bool
    reach: int
    walk: Any  # (x, y) -> the walking distance to the nearest foe (a `Walk`)
    cover: list  # [x][y] -> the worth of the tile's own cover
    shots: Any  # the map's table (tile, foe tile) -> `_shot`
    scores: dict  # tile -> `_tile_base` (its worth, the distance to the nearest foe)


class Walk:
    """Move cost from a tile to the nearest of `sources` (the foes' tiles; units do not
    block it: they move), asked tile by tile: the minimum of each source's own field.
    Each source's field depends on the terrain alone (the engine's Dijkstra on its
    compiled graph of the map, corner rule included), so it is kept with the map and
    battles on one map share them; unreachable tiles get a large number."""

    def __init__(self, tmap: Any, sources: tuple) -> None:
        self.tmap, self.sources, self.fields = tmap, sources, None

    def __call__(self, x: int, y: int) -> int:
        fields = self.fields
        if fields is None:
            fields = self.fields = [walk_from(self.tmap, src) for src in self.sources]
        return min([field[x][y] for field in fields])


def walk_from(tmap: Any, source: tuple) -> list:
    """The move cost from every tile to `source`, as nested lists [x][y] (kept with the map)."""
    return tmap.kept.get("actionblock-ai-walk", tuple(source), lambda: _walk_from(tmap, source).tolist())


def _shot(tmap: Any, tile: tuple, foe_tile: tuple) -> tuple[bool, float]:
    """(an open shot from `tile` at `foe_tile`, half the worth of the cover between)."""
    lof = line_of_fire(tmap, tile, foe_tile)
    return lof.visible and not lof.blocked, COVER_VALUE[lof.cover] * 0.5


def _walk_from(tmap: Any, source: tuple):
    return np.minimum(distance_field(tmap, [source]), 10 ** 6).astype(np.int32)


def make_ai(seed: int = 0, level: str = "normal") -> ActionBlockAI:
    if level not in LEVELS:
        raise ValueError(f"actionblock AI has no level {level!r} (it builds {', '.join(LEVELS)})")
    if level == "hard":
        from game.ai.actionblock_hard import HardActionBlockAI  # the planner (its own module)
        return HardActionBlockAI(seed)
    return ActionBlockAI(seed, level)
