"""Looking ahead over the unit's turn (the `hard` level's depth 1): the round's
position and hand actions planned together.

At each decision of its own turn (talk, standing up, holds and escapes are left to
the turn's own order) it weighs two kinds of plan, each from exact odds:

* strike from here with the hands it has left, then walk to the end tile that
  costs it least;
* walk to a tile first, then strike from there.

A plan is worth the exact expected damage it deals (each blow's hit, critical and
soak tables, `attack_profile(origin=...)` from the tile it is struck from; a second
blow on the same foe counts only if the first did not knock it out, and a knock-out
is worth KNOCKOUT_WEIGHT more) plus the turn's tile value of its end tile (weight
"position"), less, with the extra term "taken", the damage it is expected to take
there before its next turn (weight "taken"): every foe that can reach that tile (a
clear line of fire, or a walk beside it within its moves, walls counted) with its
best stance against the unit standing there (`attack_profile(at=...)`, the cover of
that tile counted), shared out over the foe's possible targets. The first step of
the best plan is played; the plan is made again at the next decision, with the
dice's results known.
"""

from __future__ import annotations

from typing import Any

from game.ai.mahou_moves import foe_tiles, ideal_range, tile_values
from game.ai.mahou_odds import (FAR_SHARE, NEAR_SHARE, Threat, best_skill, blow_of, hit_damage,
                                pair_state, threat_spec)
from game.ai.mahou_place import fire_clear, tile_scores, walk_to_nearest
from game.ai.mahou_read import URGENT, answered, cheb
from game.engine.decisions import Choice, Decision
from game.rulesets.mahou import talk
from game.rulesets.mahou.attacks import WEAPON, AttackSpec, attack_profile, stance_profiles
from game.rulesets.mahou.economy import usable
from game.rulesets.mahou.grapples import holds_of, is_held
from game.rulesets.mahou.stats import fist_weapon, free_hands, held_weapons, is_fallen, stat

DESTINATIONS = 8  # end tiles weighed: the best by the turn's tile values ...
SHELTERS = 4  # ... and the nearest out of the most shooters' lines of fire
PLAN_FIRST = 40.0  # the plan's first step is scored above the turn's own candidates
Scored = list[tuple[float, Choice]]


def plan_first(ai: Any, battle: Any, decision: Decision, scored: Scored) -> Scored:
    """The turn's scored choices with the best plan's first step put first, unless the
    turn has something urgent, or a defence is worth more than the plan's blow."""
    if max(s for s, _ in scored) >= URGENT:
        return scored  # talk, standing up, a hold's last hand: the turn's own order
    step = first_step(ai, battle, decision)
    if step is None:
        return scored
    choice, blow_value = step
    guard = max((sc for sc, c in scored if c.option.startswith("active_")), default=0.0)
    if blow_value is not None and guard > blow_value:
        # the hand is worth more raising a defence (the exact prevented damage) than
        # on this blow
        return scored
    return [(PLAN_FIRST, choice)] + scored


def first_step(ai: Any, battle: Any, decision: Decision) -> tuple[Choice, float | None] | None:
    """The first step of the best plan, with the value of its blow (None for a step)."""
    unit = decision.actor
    opts = {o.key: o for o in decision.options}
    if (talk.state(battle, unit) is not None or is_held(battle, unit) or holds_of(battle, unit)
            or is_fallen(battle, unit)):
        return None
    pool = usable(battle, unit)
    hands = [h for h, n in (("primary", pool.primary), ("offhand", pool.offhand)) if n]
    here = battle.tile(unit)
    foes = [e for e in battle.units(active_only=True) if battle.team(e) != battle.team(unit)]
    if not foes:
        return None
    ends = [here]
    ideal, ranged = ideal_range(battle, unit)
    pos = {here: 0.0}
    if "move" in opts:
        tiles = tuple(opts["move"].targets)
        near = foe_tiles(battle, unit)
        scores = tile_values(battle, tiles, here, near, ideal, ranged)
        order = sorted(range(len(tiles)), key=lambda i: (-scores[i], tiles[i]))[:DESTINATIONS]
        ends += [tiles[i] for i in order]
        ends += _beside_foes(battle, unit, tiles, foes)
        ends += _sheltered(battle, unit, tiles, foes)
        ends = list(dict.fromkeys(ends))
        # the turn's tile value (approach, shelter, a shot) of each end tile, every one
        # judged by the exact line of fire, against standing still
        exact = tile_scores(battle, ends[1:] + [here], near, ideal, ranged, exact=len(ends))
        pos.update({t: float(exact[i] - exact[-1]) for i, t in enumerate(ends[1:])})
    ends = list(dict.fromkeys(ends))
    position, taken = ai.weight("position"), ai.weight("taken")
    if ai.profile.uses("taken"):
        ground = {t: position * pos[t] - taken * _taken(battle, unit, t, foes) for t in ends}
    else:
        ground = {t: position * pos[t] for t in ends}
    strike_here, first_here = _dealt(battle, unit, here, hands, foes)
    best_end = max(ends, key=lambda t: (ground[t], t == here, t))
    plans: list[tuple[float, str, Any]] = [
        (strike_here + ground[best_end], "strike", (first_here, best_end))]
    for t in ends:
        if t == here:
            continue
        dealt, first = _dealt(battle, unit, t, hands, foes)
        plans.append((dealt + ground[t], "move", (first, t)))
    value, kind, (first, end) = max(plans, key=lambda p: (p[0], p[1] == "strike"))
    if kind == "strike" and first is not None:
        choice = _attack_choice(decision, first)
        return None if choice is None else (choice, first[5])
    target = end if kind == "move" else (end if first is None and end != here else None)
    if target is not None and "move" in opts and target in opts["move"].targets:
        return opts["move"].choice(target), None
    return None


def _dealt(battle: Any, unit: int, tile: tuple, hands: list[str], foes: list[int]):
    """(expected damage plus knock-out value of the best use of the hands from
    `tile`, the first blow as (key, target, stance, skill, hand, its value) or None)."""
    if not hands:
        return 0.0, None
    weapons = [w for w in held_weapons(battle, unit) if not w.fist]
    if not weapons:
        weapons = [fist_weapon(battle, unit)] if free_hands(battle, unit) else []
    best: tuple[float, Any] = (0.0, None)
    for w in weapons:
        if w.hands == 2 and len(hands) < 2:
            continue
        key = "punch" if w.fist else f"attack_{w.id}"
        reachable = [f for f in foes if _can_hit(battle, tile, battle.tile(f), w)]
        if not reachable:
            continue
        skill = best_skill(battle, unit, w.skills)
        blows = {}
        for hand in (("both",) if w.hands == 2 else tuple(hands)):
            for f in reachable:
                # a stance the foe can meet with a +5 spot defence is worth less
                blows[(hand, f)] = max(
                    ((v * answered(battle, f, st), ko, st)
                     for st in w.stances
                     for v, ko in (_blow_from(battle, unit, f, w, st, skill, hand, tile),)),
                    key=lambda b: (b[0], b[2]))
        if w.hands == 2:
            for f in reachable:
                v, ko, st = blows[("both", f)]
                if v > best[0]:
                    best = (v, (key, f, st, skill, "both", v))
            continue
        first_hand = hands[0]
        for f in reachable:
            v1, ko1, st1 = blows[(first_hand, f)]
            total = v1
            if len(hands) > 1:
                second = max(((blows[(hands[1], g)][0] * ((1.0 - ko1) if g == f else 1.0))
                              for g in reachable), default=0.0)
                total += second
            if total > best[0]:
                best = (total, (key, f, st1, skill, first_hand, v1))
    return best


def _taken(battle: Any, unit: int, tile: tuple, foes: list[int]) -> float:
    """Expected damage the foes deal the unit on `tile` before its next turn."""
    total = 0.0
    for f in foes:
        there = battle.tile(f)
        weapons = [w for w in held_weapons(battle, f) if not w.fist]
        ranged = any(w.ranged for w in weapons)
        d = cheb(there, tile)
        if ranged:
            if not fire_clear(battle.map, there, tile):
                continue
        elif d > 1 and walk_to_nearest(battle, (there,))[tile] > 1 + stat(battle, f, "agility"):
            continue  # it cannot walk beside the tile this round (walls counted)
        share = NEAR_SHARE if d <= 1 or ranged else FAR_SHARE
        total += share * _threat_at(battle, f, unit, tile)
    return total


# --- exact values from other tiles ----------------------------------------------------------
def _blow_from(battle: Any, unit: int, target: int, weapon, stance: str, skill: str, hand: str,
               tile: tuple) -> tuple[float, float]:
    """(expected damage + knock-out value, knock-out chance) of one blow from `tile`."""
    hands = ("primary", "offhand") if hand == "both" else (hand,)
    spec = AttackSpec(unit, target, WEAPON, weapon.id, stance, skill, hands)

    def compute() -> tuple[float, float]:
        b = blow_of(battle, attack_profile(battle, spec, origin=tile))
        return b.value, b.knockout
    return battle.kept.get("mahou-ai-plan-blows", (spec, tile) + pair_state(battle, unit, target), compute)


def _threat_at(battle: Any, foe: int, unit: int, tile: tuple) -> float:
    """The foe's best expected blow on the unit standing on `tile` (its best weapon)."""
    def compute() -> float:
        spec, stances = threat_spec(battle, foe, unit)
        return max([0.0] + [Threat(p, *hit_damage(battle, p)[:2]).now
                            for p in stance_profiles(battle, spec, stances, at=tile)])
    return battle.kept.get("mahou-ai-plan-threats", (foe, unit, tile) + pair_state(battle, foe, unit), compute)


def _can_hit(battle: Any, tile: tuple, there: tuple, weapon) -> bool:
    if weapon.ranged:
        return fire_clear(battle.map, tile, there)
    reach = max(1, weapon.reach_ft // battle.map.feet_per_tile)
    return cheb(tile, there) <= reach and fire_clear(battle.map, tile, there)


def _beside_foes(battle: Any, unit: int, tiles: tuple, foes: list[int]) -> list:
    """Reachable tiles next to a foe (where a melee unit can strike), nearest first."""
    if any(w.ranged for w in held_weapons(battle, unit)):
        return []
    here = battle.tile(unit)
    spots = {battle.tile(f) for f in foes}
    near = [t for t in tiles if any(cheb(t, s) <= 1 for s in spots)]
    near.sort(key=lambda t: (cheb(t, here), t))
    return near[:DESTINATIONS]


def _sheltered(battle: Any, unit: int, tiles: tuple, foes: list[int]) -> list:
    """Reachable tiles that the fewest shooting foes have a clear line of fire to,
    nearest first (where return fire cannot follow)."""
    shooters = [battle.tile(f) for f in foes if any(w.ranged for w in held_weapons(battle, f))]
    if not shooters:
        return []
    here = battle.tile(unit)
    exposed = {t: sum(fire_clear(battle.map, t, s) for s in shooters) for t in tiles}
    least = min(exposed.values(), default=0)
    calm = [t for t in tiles if exposed[t] == least]
    calm.sort(key=lambda t: (cheb(t, here), t))
    return calm[:SHELTERS]


def _attack_choice(decision: Decision, first) -> Choice | None:
    key, target, stance, skill, hand, _ = first
    opt = decision.option(key)
    if opt is None or target not in opt.targets:
        return None
    limits = opt.params_for(target)
    if stance not in limits.get("stance", ()) or hand not in limits.get("hand", ()) \
            or skill not in limits.get("skill", opt.params.get("skill", ())):
        return None
    return opt.choice(target, stance=stance, skill=skill, hand=hand)
