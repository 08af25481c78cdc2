"""The baseline d20 AI: scores every legal option with the ruleset's exact odds.

It shoots where the expected damage (and the chance to drop the target) is best,
bursts and suppresses when that pays, reloads when dry, grapples, trips and
disarms when the contest odds favour it, and moves to cover from which an enemy is
in its first range. It has its own seeded random stream for ties.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from game.ai.controllers import random_choice
from game.engine.decisions import REACTION, Choice, Decision, Option, TileSet
from game.world.sight import seen_from
from game.world.tactical_map import Cover

LEVELS = ("easy", "normal")
EASY_BLUNDER = 0.35  # share of decisions the easy AI takes at random
KILL_WEIGHT = 6.0  # value of dropping an enemy, on top of the damage itself
PIN_VALUE = 8.0  # a pinned enemy loses its turn: about two of its attacks
# Positions: how much of an enemy's fire each cover kind turns away, what being seen
# costs, what a shot from the tile is worth, and the pull toward the enemy per tile.
PROTECTION = {Cover.NONE: 0.0, Cover.CONCEALMENT: 0.4, Cover.LIGHT: 0.7, Cover.HEAVY: 0.95}
EXPOSURE = 0.8
SHOT_VALUE = 1.5
RANGE_PULL = 0.3
CLOSE_IN = 0.05  # a mild pull toward the enemy even in range, so nobody waits forever


class D20AI:
    def __init__(self, seed: int = 0, level: str = "normal") -> None:
        self.rng = random.Random(seed)
        self.level = level

    # --- entry point -------------------------------------------------------------
    def decide(self, battle: Any, decision: Decision) -> Choice:
        if self.level == "easy" and self.rng.random() < EASY_BLUNDER:
            return random_choice(self.rng, decision)
        if decision.kind == REACTION:
            strike = decision.option("reaction_strike")
            if strike is not None:
                return self._best_attack(battle, decision, [strike])[1]
            return decision.options[-1].choice()
        opts = {o.key: o for o in decision.options}
        unit = decision.actor
        for key in ("break_free", "manacle", "stand", "shake_off"):
            if key in opts:
                opt = opts[key]
                return opt.choice(opt.targets[0] if opt.targets else None)
        if "release" in opts and "end_turn" in opts:
            return opts["end_turn"].choice()
        if "approach_strike" in opts:
            return self._best_attack(battle, decision, [opts["approach_strike"]])[1]

        candidates: list[tuple[float, Choice]] = []
        attacks = [opts[k] for k in ("shoot", "melee") if k in opts]
        if attacks:
            candidates.append(self._best_attack(battle, decision, attacks))
        for key in ("trip", "disarm", "restrain"):
            if key in opts:
                candidates.append(self._best_contest(battle, decision, opts[key]))
        if "suppress" in opts:
            candidates.append(self._suppress(battle, unit, opts["suppress"]))
        if "reload" in opts:
            candidates.append((self._reload_value(battle, unit), opts["reload"].choice()))
        if "exit_grapple" in opts and self._prefers_range(battle, unit):
            candidates.append((1.2, opts["exit_grapple"].choice(opts["exit_grapple"].targets[0])))
        if "pick_up" in opts:
            opt = opts["pick_up"]
            candidates.append((2.5, opt.choice(None, item=opt.params["item"][0])))
        if "swap" in opts:
            candidates.append(self._swap(battle, unit, opts["swap"]))
        if "move" in opts:
            candidates.append(self._move(battle, unit, opts["move"]))
        candidates = [c for c in candidates if c[1] is not None]
        end = opts.get("end_turn")
        if end is None:
            # Ending the turn is not allowed (e.g. pinned and made to move out):
            # take the best thing on offer, however poor.
            if candidates:
                return max(candidates, key=lambda c: c[0])[1]
            return random_choice(self.rng, decision)
        if not candidates:
            return end.choice()
        best = max(c[0] for c in candidates)
        if best <= 0.05:
            return end.choice()
        top = [c for c in candidates if c[0] >= best - 1e-9]
        return self.rng.choice(top)[1]

    # --- attacks -----------------------------------------------------------------
    def _best_attack(self, battle: Any, decision: Decision, options: list[Option]) -> tuple[float, Choice]:
        from game.rulesets.d20.components import Health
        best: tuple[float, Choice] | None = None
        for opt in options:
            for target in opt.targets:
                hp = battle.get(target, Health).hp
                limits = opt.params_for(target)
                modes = limits.get("mode") or limits.get("kind") or (None,)
                if "burst" in modes:
                    # A burst beats a single shot outright (+3 to hit and an extra die)
                    # for two more rounds: the single shot is not worth weighing.
                    modes = tuple(m for m in modes if m != "single")
                locations = [l for l in limits.get("location", (None,)) if l in ("torso", "head", "untargeted", None)]
                for mode in modes:
                    for loc in locations:
                        params = {}
                        if "mode" in limits:
                            params["mode"] = mode
                        if "kind" in limits:
                            params["kind"] = mode
                        if loc is not None:
                            params["location"] = loc
                        choice = opt.choice(target, **params)
                        o = battle.ruleset.odds(battle, decision, choice)
                        score = o.expected_damage + KILL_WEIGHT * o.chance_at_least(hp)
                        if mode == "double_burst":
                            score -= 0.6  # ammunition is finite
                        elif mode == "burst":
                            score -= 0.25
                        if best is None or score > best[0]:
                            best = (score, choice)
        return best if best is not None else (0.0, None)

    def _best_contest(self, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice]:
        value = {"trip": 1.5, "disarm": 3.0, "restrain": 2.5}[opt.key]
        best = (0.0, None)
        for target in opt.targets:
            choice = opt.choice(target)
            p = battle.ruleset.odds(battle, decision, choice).hit
            score = p * value if p >= 0.45 else 0.0
            if score > best[0]:
                best = (score, choice)
        return best

    def _suppress(self, battle: Any, unit: int, opt: Option) -> tuple[float, Choice | None]:
        from game.rulesets.d20.checks import chance_check
        from game.rulesets.d20.stats import held_weapon, template
        from game.rulesets.d20.suppression import cone, dc_for
        enemies = [e for e in battle.units(active_only=True) if battle.team(e) != battle.team(unit)]
        tiles = set(opt.targets)
        aims = [battle.tile(e) for e in enemies if battle.tile(e) in tiles]
        if len(aims) < 2:
            return (0.0, None)
        weapon = held_weapon(battle, unit)
        reach_tiles = weapon.ranges_ft[0] // battle.map.feet_per_tile
        dc = dc_for(battle, unit)
        count, sides = weapon.dice
        avg_damage = count * (sides + 1) / 2
        best = (0.0, None)
        for aim in aims:
            covered = cone(battle, battle.tile(unit), aim, reach_tiles)
            caught = [e for e in enemies if battle.tile(e) in covered]
            if len(caught) < 2:
                continue
            # Each caught enemy makes the Willpower save (exact chances): a failure pins
            # it for its turn, a partial success costs it the weapon's damage. The
            # cone costs the whole turn, so it is weighed against two attacks.
            value = 0.0
            for e in caught:
                mod = template(battle, e).willpower
                p_pass = chance_check(mod, dc)
                p_full = chance_check(mod, dc + 4)
                value += PIN_VALUE * (1 - p_pass) + avg_damage * (p_pass - p_full)
            score = value / 2
            if score > best[0]:
                best = (score, opt.choice(aim))
        return best

    def _reload_value(self, battle: Any, unit: int) -> float:
        from game.rulesets.d20.components import Loadout
        from game.rulesets.d20.stats import held_weapon
        weapon = held_weapon(battle, unit)
        loaded = battle.get(unit, Loadout).loaded.get(weapon.id, 0)
        if loaded == 0:
            return 3.0
        return 0.8 * (1 - loaded / weapon.magazine)

    def _prefers_range(self, battle: Any, unit: int) -> bool:
        from game.rulesets.d20.stats import held_weapon
        weapon = held_weapon(battle, unit)
        return weapon is not None and weapon.ranged

    def _swap(self, battle: Any, unit: int, opt: Option) -> tuple[float, Choice | None]:
        from game.rulesets.d20.components import Loadout
        from game.rulesets.d20.stats import held_weapon
        held = held_weapon(battle, unit)
        loadout = battle.get(unit, Loadout)
        weapons = battle.ruleset.data.weapons
        if held is None:
            return (2.0, opt.choice(None, weapon=opt.params["weapon"][0]))
        if held.ranged and loadout.loaded.get(held.id, 0) == 0 and loadout.spare_magazines == 0:
            for w in opt.params["weapon"]:
                if not weapons[w].ranged or loadout.loaded.get(w, 0) > 0:
                    return (2.0, opt.choice(None, weapon=w))
        return (0.0, None)

    # --- movement ----------------------------------------------------------------
    def _move(self, battle: Any, unit: int, opt: Option) -> tuple[float, Choice | None]:
        from game.rulesets.d20.components import TurnState
        from game.rulesets.d20.options import move_reach
        from game.rulesets.d20.stats import held_weapon, speed_ft
        enemies = [e for e in battle.units(active_only=True) if battle.team(e) != battle.team(unit)]
        if not enemies:
            return (0.0, None)
        weapon = held_weapon(battle, unit)
        tmap = battle.map
        fpt = tmap.feet_per_tile
        ideal = (weapon.ranges_ft[0] // fpt) if weapon is not None and weapon.ranged else 1
        enemy_tiles = tuple(battle.tile(e) for e in enemies)
        grid = battle.cached(("ai-positions", enemy_tiles, ideal),
                             lambda: self._position_scores(battle, enemy_tiles, ideal))
        ts = battle.get(unit, TurnState)
        r = move_reach(battle, unit)
        # Score the whole grid at once, then keep the tiles the option offers.
        feet = r.cost.astype(np.int64) * fpt - ts.move_left_ft
        actions = np.maximum(0, -(-feet // speed_ft(battle, unit)))
        # Keep two Actions after the move so the unit can still attack.
        gain = grid + np.where(ts.actions - actions >= 2, 0.8, 0.0) - 0.15 * actions
        # Staying put keeps the current tile's score and every Action.
        gain -= grid[battle.tile(unit)] + (0.8 if ts.actions >= 2 else 0.0)
        if isinstance(opt.targets, TileSet):
            offered = opt.targets.mask
        else:
            offered = np.zeros(tmap.shape, bool)
            offered[tuple(np.array(list(opt.targets)).T)] = True
        gain = np.where(offered, gain, -np.inf)
        best = np.unravel_index(int(np.argmax(gain)), gain.shape)
        tile = (int(best[0]), int(best[1]))
        if gain[tile] <= 0:
            return (0.0, None)
        return (float(gain[tile]), opt.choice(tile))

    def _position_scores(self, battle: Any, enemy_tiles: list, ideal: int) -> np.ndarray:
        """How good each tile is to stand on: a shot from there at an enemy within the
        weapon's first range, minus the exposure to every enemy that sees it (less in
        cover), minus the distance still to close to the nearest enemy."""
        tmap = battle.map
        nearest = np.full(tmap.shape, 10 ** 6)
        best_shot = np.zeros(tmap.shape)
        score = np.zeros(tmap.shape)
        for enemy in enemy_tiles:
            seen, dist, exposure, open_to = battle.cached(("ai-threat", enemy),
                                                          lambda: _threat(tmap, enemy))
            nearest = np.minimum(nearest, dist)
            # A shot is worth what the enemy's cover leaves of it: flanking pays.
            best_shot = np.maximum(best_shot, np.where(seen & (dist <= ideal), open_to, 0.0))
            score -= exposure
        score -= RANGE_PULL * np.maximum(0, nearest - ideal) + CLOSE_IN * nearest
        score += SHOT_VALUE * best_shot
        return score


def _threat(tmap: Any, enemy: tuple[int, int]) -> tuple[np.ndarray, ...]:
    """What an enemy standing on `enemy` means for every tile (terrain only, so cached):
    whether it sees the tile, how far it is, how exposed the tile is to it, and how
    open the enemy is to a shot from the tile (1 = no cover on that side)."""
    ex, ey = enemy
    X, Y = np.indices(tmap.shape)
    seen = seen_from(tmap, enemy)
    dist = np.maximum(abs(X - ex), abs(Y - ey))
    protection = np.array([PROTECTION[c] for c in Cover])
    # Cover shields from the side it stands on: the neighbour toward the enemy.
    nx = np.clip(X + np.sign(ex - X), 0, tmap.width - 1)
    ny = np.clip(Y + np.sign(ey - Y), 0, tmap.height - 1)
    shield = np.maximum(protection[tmap.cover[nx, ny].astype(np.intp)],
                        protection[tmap.cover.astype(np.intp)])
    # The enemy's own shelter against a shooter on each tile: its neighbour toward it.
    tx = np.clip(ex + np.sign(X - ex), 0, tmap.width - 1)
    ty = np.clip(ey + np.sign(Y - ey), 0, tmap.height - 1)
    enemy_shield = np.maximum(protection[tmap.cover[tx, ty].astype(np.intp)],
                              protection[int(tmap.cover[ex, ey])])
    return seen, dist, np.where(seen, EXPOSURE * (1 - shield), 0.0), 1 - enemy_shield

def make_ai(seed: int = 0, level: str = "normal") -> D20AI:
    return D20AI(seed, level)
