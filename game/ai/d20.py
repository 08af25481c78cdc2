"""The d20 AI: scores every legal option with the ruleset's exact odds.

`scored_choices` lists each candidate with its value (in hit points of damage to the
enemy, ally damage counting against: game/ai/d20_values.py); `decide` takes the best.
Attacks count every possible victim of the shot with its sign, so a burst into a
Grapple that holds an ally, or a cone over a friend, pays for the risk. Movement
reads a tile-value grid (game/ai/d20_ground.py): the fire the unit can return from a
tile against the fire the enemies can put on it there. Trip, restrain and disarm are
weighed by their exact contest odds against the attacks on offer.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from game import kept
from game.ai import d20_values as values
from game.ai.d20_ground import best_dealt, ground, ground_at
from game.ai.controllers import random_choice
from game.engine import grapple
from game.rulesets.d20.checks import chance_check
from game.rulesets.d20.components import Loadout, TurnState
from game.rulesets.d20.options import move_reach
from game.rulesets.d20.stats import held_weapon, speed_ft, template
from game.rulesets.d20.suppression import cone, zones
from game.engine.decisions import REACTION, Choice, Decision, Option, TileSet

LEVELS = ("normal", "hard")
#: Easy's softmax temperature in score units (hit points). Measured against greedy (the
#: yardstick easy must rank below), both sides, the four battle maps: T=1.5 easy won 80%
#: of 80 (ladder), T=4 56% of 64, T=6 42% and T=8 28% of 128. At 8 easy still prefers
#: good moves, often misses the best, and beats random play every time.
EASY_TEMPERATURE = 8.0
END_SCORE = 0.05  # ending the turn: anything worth less is not done
KEEP_ATTACK = 0.8  # a move that leaves two Actions for an attack
ACTION_COST = 0.4  # each Action a move spends
BURST_COST = {"single": 0.0, "burst": 0.25, "double_burst": 0.6}  # rounds are finite
LOCATIONS = ("torso", "head", "untargeted")


class D20AI:
    def __init__(self, seed: int = 0, level: str = "normal") -> None:
        self.rng = random.Random(seed)
        self.level = level

    # --- the level contract ------------------------------------------------------
    def decide(self, battle: Any, decision: Decision) -> Choice:
        if self.level == "hard":
            scored = self.scored_choices(battle, decision)
        else:
            scored = self.normal_choices(battle, decision, prune=True)
        if not scored:
            return random_choice(self.rng, decision)
        best = max(s for s, _ in scored)
        top = [c for s, c in scored if s >= best - 1e-9]
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def scored_choices(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        """Every candidate considered, with its value (higher is better)."""
        if self.level == "hard":
            from game.ai.d20_plan import hard_choices
            return hard_choices(self, battle, decision)
        return self.normal_choices(battle, decision)

    def normal_choices(self, battle: Any, decision: Decision,
                       prune: bool = False) -> list[tuple[float, Choice]]:
        """The normal level's candidates: each step valued on its own. With `prune`
        (the best choice is all that is wanted), a move that cannot beat the best other
        choice is left out."""
        side = battle.team(decision.actor)
        if decision.kind == REACTION:
            out = [(0.0, decision.options[-1].choice())]
            strike = decision.option("reaction_strike")
            if strike is not None:
                out += self._attacks(battle, side, decision.actor, strike)
            return out
        opts = {o.key: o for o in decision.options}
        unit = decision.actor
        out: list[tuple[float, Choice]] = []
        for key in ("break_free", "stand", "shake_off"):
            if key in opts:
                out.append((5.0, opts[key].choice()))
        if "manacle" in opts:
            opt = opts["manacle"]
            out += [(20.0, opt.choice(t)) for t in opt.targets]
        if "release" in opts:
            out.append((0.0, opts["release"].choice()))
        if "approach_strike" in opts:
            out += self._attacks(battle, side, unit, opts["approach_strike"])
        for key in ("shoot", "melee"):
            if key in opts:
                out += self._attacks(battle, side, unit, opts[key])
        out += self._contests(battle, side, unit, opts)
        if "suppress" in opts:
            out += self._suppress(battle, side, unit, opts["suppress"])
        if "reload" in opts:
            out.append((self._reload_value(battle, unit), _plain_choice("reload")))
        if "exit_grapple" in opts:
            out += self._exit(battle, side, unit, opts["exit_grapple"])
        if "pick_up" in opts:
            opt = opts["pick_up"]
            out.append((2.5, opt.choice(None, item=opt.params["item"][0])))
        if "swap" in opts:
            out += self._swap(battle, unit, opts["swap"])
        at = len(out)  # the move goes here (the order breaks ties: keep it)
        if "drag" in opts:
            out += self._drag(battle, side, unit, opts["drag"])
        if "end_turn" in opts:
            out.append((END_SCORE, _plain_choice("end_turn")))
        if "move" in opts:
            best = max((sc for sc, _ in out), default=-np.inf)
            # A move that cannot beat the best other choice is not worked out: its
            # tiles (the costliest part of a turn's options) are never read.
            if not prune or not out or self._move_may_win(battle, side, unit, best):
                out[at:at] = self._move(battle, side, unit, opts["move"])
        return out

    # --- attacks -----------------------------------------------------------------
    def _attacks(self, battle: Any, side: int, unit: int, opt: Option) -> list[tuple[float, Choice]]:
        """Every target × fire mode × location (torso, head or untargeted), each valued
        by the expected damage to every victim with its sign (values.attack_value)."""
        out = []
        for target in opt.targets:
            if battle.team(target) == side and len(grapple.group(battle, target)) < 2:
                continue  # never an attack on an ally (one in a Grapple is a target's mate)
            limits = opt.params_for(target)
            if "mode" in limits:
                modes = limits["mode"]
                if "burst" in modes:
                    modes = tuple(m for m in modes if m != "single")  # a burst dominates it
                kinds = [("mode", m) for m in modes]
            elif "kind" in limits:
                kinds = [("kind", k) for k in limits["kind"]]
            else:
                kinds = [(None, "melee")]
            locations = [l for l in limits.get("location", ("torso",)) if l in LOCATIONS]
            setup = values.attack_setup(battle, unit, target)
            for param, kind in kinds:
                for loc in locations:
                    score = values.attack_value(battle, side, unit, target, kind, loc, setup)
                    score -= BURST_COST.get(kind, 0.0)
                    out.append((score, _attack_choice(opt.key, target, "location" in limits and loc,
                                                      param, kind)))
        return out

    def _contests(self, battle: Any, side: int, unit: int, opts: dict) -> list[tuple[float, Choice]]:
        out = []
        left = battle.get(unit, TurnState).actions - 2
        for key in ("trip", "disarm", "restrain"):
            opt = opts.get(key)
            if opt is None:
                continue
            for target in opt.targets:
                if key == "trip":
                    v = values.trip_value(battle, side, unit, target)
                elif key == "disarm":
                    v = values.disarm_value(battle, side, unit, target)
                else:
                    v = values.restrain_value(battle, side, unit, target, left)
                out.append((v, _plain_choice(key, target)))
        return out

    def _suppress(self, battle: Any, side: int, unit: int, opt: Option) -> list[tuple[float, Choice]]:
        """A cone aimed at each enemy in the field of fire, valued by the exact Willpower
        odds of everyone caught (allies against); it costs the whole turn, so it is
        weighed against two attacks (halved)."""
        weapon = held_weapon(battle, unit)
        reach_tiles = weapon.ranges_ft[0] // battle.map.feet_per_tile
        here = battle.tile(unit)
        out = []
        aims = sorted({battle.tile(e) for e in battle.units(active_only=True)
                       if battle.team(e) != side and battle.tile(e) in opt.targets})
        for aim in aims:
            tiles = cone(battle, here, aim, reach_tiles)
            value, caught = values.cone_value(battle, side, unit, tiles, weapon)
            if caught:
                out.append((value / 2 - 1.0, opt.choice(aim)))
        return out

    def _reload_value(self, battle: Any, unit: int) -> float:
        weapon = held_weapon(battle, unit)
        loaded = battle.get(unit, Loadout).loaded.get(weapon.id, 0)
        if loaded == 0:
            return 3.0
        if weapon.fire_mode == "auto" and loaded < 15:
            return 1.0  # not enough for suppressing fire
        return 0.8 * (1 - loaded / weapon.magazine)

    def _exit(self, battle: Any, side: int, unit: int, opt: Option) -> list[tuple[float, Choice]]:
        """A gunner caught in a Grapple steps out to shoot; a brawler stays."""
        weapon = held_weapon(battle, unit)
        mates = grapple.group(battle, unit) - {unit}
        if all(battle.team(m) == side for m in mates):
            return [(3.0, opt.choice(opt.targets[0]))]  # nothing to fight here
        if weapon is not None and weapon.ranged:
            return [(1.2, opt.choice(opt.targets[0]))]
        return []

    def _swap(self, battle: Any, unit: int, opt: Option) -> list[tuple[float, Choice]]:
        held = held_weapon(battle, unit)
        loadout = battle.get(unit, Loadout)
        weapons = battle.ruleset.data.weapons
        if held is None:
            return [(2.0, opt.choice(None, weapon=opt.params["weapon"][0]))]
        if held.ranged and loadout.loaded.get(held.id, 0) == 0 and loadout.spare_magazines == 0:
            for w in opt.params["weapon"]:
                if not weapons[w].ranged or loadout.loaded.get(w, 0) > 0:
                    return [(2.0, opt.choice(None, weapon=w))]
        return []

    # --- movement ----------------------------------------------------------------
    def _move(self, battle: Any, side: int, unit: int, opt: Option) -> list[tuple[float, Choice]]:
        grid = unit_ground(battle, side, unit)
        if grid is None:
            return []
        gain = move_gains(battle, unit, grid)
        if isinstance(opt.targets, TileSet):
            offered = opt.targets.mask
        else:
            offered = np.zeros(battle.map.shape, bool)
            offered[tuple(np.array(list(opt.targets)).T)] = True
        gain = np.where(offered, gain, -np.inf)
        best = np.unravel_index(int(np.argmax(gain)), gain.shape)
        tile = (int(best[0]), int(best[1]))
        if not np.isfinite(gain[tile]):
            return []
        return [(float(gain[tile]), _plain_choice("move", tile))]


    def _move_may_win(self, battle: Any, side: int, unit: int, best: float) -> bool:
        """Could a move score at least `best` (see move_gains)? First against the most
        any tile can be worth (its value's other terms are costs), over staying (one
        tile's value); then against the best tile value within the reach's square (each
        step costs at least one tile of movement)."""
        inputs = ground_inputs(battle, side, unit)
        if inputs is None:
            return False
        x, y = battle.tile(unit)
        cones = cone_costs(battle, unit)
        # (kept per tile and inputs: a unit that shoots, or waits, asks again next Action)
        here = battle.kept.get("d20-ai-grounds", ("at", x, y, inputs),
                               lambda: ground_at(battle.map, (x, y), *inputs))
        here -= cones[x, y] if isinstance(cones, np.ndarray) else cones
        if best_dealt(inputs[1], inputs[2]) - here < best - 1e-9:
            return False
        grid = ground(battle, *inputs)
        if isinstance(cones, np.ndarray):
            grid = grid - cones
        ts = battle.get(unit, TurnState)
        speed, fpt = speed_ft(battle, unit), battle.map.feet_per_tile
        r = (ts.move_left_ft + ts.actions * speed) // fpt
        x0, y0 = max(0, x - r), max(0, y - r)
        window = grid[x0:x + r + 1, y0:y + r + 1]
        # A path is never shorter than the Chebyshev distance: the fewest Actions any
        # tile can cost, so move_gains's terms for them are bounds too.
        keep, spent = _square_terms(r, fpt, ts.move_left_ft, speed, ts.actions)
        part = (slice(x0 - x + r, x0 - x + r + window.shape[0]), slice(y0 - y + r, y0 - y + r + window.shape[1]))
        gain = window + keep[part] - spent[part]
        # Nobody ends a move on a wall.
        gain = np.where(battle.map.walkable[x0:x + r + 1, y0:y + r + 1], gain, -np.inf)
        gain[x - x0, y - y0] = -np.inf  # staying is not a move
        return float(gain.max()) - (grid[x, y] + (KEEP_ATTACK if ts.actions >= 2 else 0.0)) >= best - 1e-9

    def _drag(self, battle: Any, side: int, unit: int, opt: Option) -> list[tuple[float, Choice]]:
        """Hauling the Grapple one tile (1 Action): worth what the tile gains on the
        ground grid (cover, out of the enemies' sight), less the Action; a Melee's
        Athletics DC 13 check is weighed by its exact odds."""
        grid = unit_ground(battle, side, unit)
        if grid is None:
            return []
        here = grid[battle.tile(unit)]
        p = 1.0 if len(grapple.group(battle, unit)) <= 2 else chance_check(template(battle, unit).athletics, 13)
        return [(p * float(grid[t] - here) - ACTION_COST, opt.choice(t)) for t in opt.targets]


@kept.pure("d20-ai-plain-choices")
def _plain_choice(key: str, target=None) -> Choice:
    """The Choice of an option with no parameters (`Option.choice(target)`), built once
    for every decision that offers it: ending the turn, a reload, a contest, a move."""
    return Choice(key, target)


@kept.pure("d20-ai-attack-choices")
def _attack_choice(key: str, target: int, loc, param, kind) -> Choice:
    """The Choice of an attack (a Choice never changes: the same one serves every
    decision that weighs this attack); `loc` False when the option has no location."""
    params = {"location": loc} if loc is not False else {}
    if param is not None:
        params[param] = kind
    return Choice(key, target, tuple(sorted(params.items())))


def enemies_described(battle: Any, side: int) -> tuple:
    """Every enemy as (tile, reach in tiles, threat): what the grids depend on."""
    out = []
    for e in battle.units(active_only=True):
        if battle.team(e) != side:
            out.append((battle.tile(e),) + _reach_and_threat(battle, e))
    out.sort()
    return tuple(out)


def _reach_and_threat(battle: Any, unit: int) -> tuple[int, float]:
    """(reach in tiles, threat rounded) of a unit: kept per what they read (the key of
    values.threat; the reach reads the held weapon, which that key names)."""
    return battle.kept.get("d20-ai-threats", ("reach", values.threat_key(battle, unit)),
                           lambda: (_reach_tiles(battle, unit), round(values.threat(battle, unit), 2)))


@kept.pure("d20-ai-chebyshev-squares")
def _chebyshev_square(r: int) -> np.ndarray:
    """Chebyshev distance from the centre of a (2r+1)-square (read-only, shared)."""
    X, Y = np.ogrid[-r:r + 1, -r:r + 1]
    out = np.maximum(abs(X), abs(Y))
    out.setflags(write=False)
    return out


@kept.pure("d20-ai-move-terms")
def move_terms(fpt: int, move_left_ft: int, speed: int, actions_left: int, most: int):
    """For a move of each move cost 0..`most` tiles: the Actions it spends (after the
    movement left over), move_gains's bonus for keeping two Actions for an attack, and
    its charge for the Actions spent (read-only, shared: one short table per turn state
    read by index, instead of the same sums over every tile of the map)."""
    feet = np.arange(most + 1, dtype=np.int64) * fpt - move_left_ft
    actions = np.maximum(0, -(-feet // speed))
    out = actions, np.where(actions_left - actions >= 2, KEEP_ATTACK, 0.0), ACTION_COST * actions
    for a in out:
        a.setflags(write=False)
    return out


@kept.pure("d20-ai-square-terms")
def _square_terms(r: int, fpt: int, move_left_ft: int, speed: int, actions_left: int):
    """move_gains's terms over a (2r+1)-square at the fewest Actions each tile can cost
    (its Chebyshev distance): keeping two Actions for an attack, and the Actions spent
    (read-only, shared)."""
    _, keep, spent = move_terms(fpt, move_left_ft, speed, actions_left, r)
    out = keep.take(_chebyshev_square(r)), spent.take(_chebyshev_square(r))
    for a in out:
        a.setflags(write=False)
    return out


def ground_inputs(battle: Any, side: int, unit: int) -> tuple | None:
    """What `unit`'s tile-value grid depends on: (its reach in tiles, its punch, its
    melee punch, the enemies described); None when no enemy is left."""
    def compute():
        described = enemies_described(battle, side)
        if not described:
            return None
        return (_reach_tiles(battle, unit), round(values.threat(battle, unit), 2),
                round(values.melee_threat(battle, unit), 2), described)
    return battle.memo(("d20-ai-ground-inputs", side, unit), compute)


def unit_ground(battle: Any, side: int, unit: int):
    """The tile-value grid for `unit` against the enemies where they stand now."""
    inputs = ground_inputs(battle, side, unit)
    return None if inputs is None else ground(battle, *inputs)


def _reach_tiles(battle: Any, unit: int) -> int:
    weapon = held_weapon(battle, unit)
    return weapon.ranges_ft[-1] // battle.map.feet_per_tile if weapon is not None and weapon.ranged else 1


def move_gains(battle: Any, unit: int, grid: np.ndarray) -> np.ndarray:
    """What moving to each tile gains over staying: the tiles' values, plus keeping two
    Actions for an attack, less a little per Action spent. Only the tiles a move may
    end on (move cost within the budget) are meaningful: the others read one tile
    beyond the budget's terms."""
    ts = battle.get(unit, TurnState)
    cost, (_, keep, spent) = reach_terms(battle, unit)
    cones = cone_costs(battle, unit)
    if isinstance(cones, np.ndarray):
        grid = grid - cones
    gain = grid + keep.take(cost) - spent.take(cost)
    return gain - (grid[battle.tile(unit)] + (KEEP_ATTACK if ts.actions >= 2 else 0.0))


def reach_terms(battle: Any, unit: int) -> tuple[np.ndarray, tuple]:
    """The unit's move costs, those beyond its budget cut to one tile past it (indices
    of `move_terms`), and its `move_terms` over the budget."""
    ts = battle.get(unit, TurnState)
    r = move_reach(battle, unit)
    terms = move_terms(battle.map.feet_per_tile, ts.move_left_ft, speed_ft(battle, unit), ts.actions,
                       r.budget + 1)
    return np.minimum(r.cost, r.budget + 1), terms


def cone_costs(battle: Any, unit: int) -> np.ndarray | float:
    """What standing in each active cone of suppressing fire costs the unit (anyone's
    cone, its own side's too): by the exact Willpower odds, a failure pins it (a turn
    of its fire), a partial success costs the weapon's mean damage. (Asked twice a
    decision: kept while it is pending.)"""
    return battle.memo(("d20-ai-cone-costs", unit), lambda: _cone_costs(battle, unit))


def _cone_costs(battle: Any, unit: int) -> np.ndarray | float:
    found = [(z, zone) for z, zone in zones(battle) if zone.shooter != unit]
    if not found:
        return 0.0
    cost = np.zeros(battle.map.shape)
    mod = template(battle, unit).willpower
    for _, zone in found:
        weapon = battle.ruleset.data.weapons[zone.weapon]
        p_pass, p_full = chance_check(mod, zone.dc), chance_check(mod, zone.dc + 4)
        worth = values.threat(battle, unit) * (1 - p_pass) + values.weapon_mean(weapon) * (p_pass - p_full)
        idx = tuple(np.array(sorted(zone.tiles)).T)
        cost[idx] += worth
    return cost


def make_ai(seed: int = 0, level: str = "normal") -> D20AI:
    if level not in LEVELS:
        # easy, greedy and random are built by game.ai.levels from these scores
        raise ValueError(f"game.ai.d20 builds only {', '.join(LEVELS)}, not {level!r}")
    return D20AI(seed, level)
