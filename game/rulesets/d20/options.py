"""What a d20 unit may do right now: the options of its turn Decision.

Every legality rule of the text is checked here once; the Battle then refuses any
choice outside these options, so actions.py may assume a choice is legal.
"""

from __future__ import annotations


import numpy as np
from typing import TYPE_CHECKING

from game.engine import grapple
from game.engine.decisions import TARGET_TILE, TARGET_UNIT, Option, TileSet
from game.world.paths import reach
from game import kept
from game.world.sight import line_of_fire
from game.rulesets.d20 import suppression
from game.rulesets.d20.attacks import MODE_AMMO, distance_ft, range_band, sees_tile, spotted_by
from game.rulesets.d20.components import (Afflictions, DroppedWeapon, Loadout, Restraining,
                                          Restraint, TurnState)
from game.rulesets.d20.data import LOCATIONS
from game.rulesets.d20.grappling import drag_targets, exit_tiles
from game.rulesets.d20.stats import held_weapon, is_prone, speed_ft, template

if TYPE_CHECKING:
    from game.engine.battle import Battle

Tile = tuple[int, int]
SIZES = {"small": 0, "medium": 1, "large": 2}


def enemies(battle: "Battle", unit: int) -> list[int]:
    team = battle.team(unit)
    return [u for u in battle.units(active_only=True) if battle.team(u) != team]


def adjacent(battle: "Battle", a: int, b: int) -> bool:
    """Within 5 feet: the same or a neighbouring space."""
    return distance_ft(battle, battle.tile(a), battle.tile(b)) <= 5 or b in grapple.group(battle, a)


def melee_targets(battle: "Battle", unit: int) -> list[int]:
    """Enemies within 5 ft; someone in a Grapple may only attack those in it."""
    group = grapple.group(battle, unit)
    if len(group) > 1:
        return [u for u in sorted(group - {unit}) if battle.active(u)]
    # Outside a Grapple, `adjacent` is the distance alone (read every decision).
    here = battle.tile(unit)
    return [e for e in enemies(battle, unit) if distance_ft(battle, here, battle.tile(e)) <= 5]


def blocked_tiles(battle: "Battle", unit: int) -> set[Tile]:
    return {battle.tile(u) for u in battle.units(active_only=True) if u != unit}


def pinned_tiles(battle: "Battle", unit: int) -> frozenset[Tile]:
    """Tiles the unit may not step into: cones whose save it failed this turn ("cannot
    move through the area"), except one it stands in, which it may walk out through."""
    here = battle.tile(unit)
    out: set[Tile] = set()
    for _, zone in suppression.failed_zones(battle, unit):
        if here not in zone.tiles:
            out |= zone.tiles
    return frozenset(out)


def move_reach(battle: "Battle", unit: int, whole_turn: bool = False):
    """The unit's reach this turn: what is left of its last Move plus its Actions.
    Costs above that budget read UNREACHABLE; with `whole_turn` (a preview that also
    prices tiles it cannot afford) the search goes on to a full turn's walk."""
    ts = battle.get(unit, TurnState)
    budget = (ts.move_left_ft + ts.actions * speed_ft(battle, unit)) // battle.map.feet_per_tile
    blocked = frozenset(blocked_tiles(battle, unit))
    if ts.suppression_results:
        blocked |= pinned_tiles(battle, unit)
    limit = _turn_limit(battle, unit) if whole_turn else budget
    return _search(battle, battle.tile(unit), blocked, limit, budget)


def _search(battle: "Battle", start: Tile, blocked: frozenset[Tile], limit: int, budget: int):
    """The move costs from `start` up to `limit`, for a unit whose move budget is
    `budget` (kept while nothing in the way moves). The search stops at the budget:
    the search costs about eight times as much over a whole 32x32 map as over the dozens
    of tiles around a unit with 2 Actions left, and no move may end beyond it (a
    path to a tile within it never passes a costlier one, so its tiles and paths are
    those of a longer search)."""
    return battle.cached(("reach", start, blocked, limit, budget),
                         lambda: reach(battle.map, start, budget, blocked=blocked, limit=limit))


def _turn_limit(battle: "Battle", unit: int) -> int:
    """A turn never walks farther than 4 Actions at full speed plus a spare Move's worth."""
    return (flow_actions() + 1) * speed_ft(battle, unit) // battle.map.feet_per_tile


def flow_actions() -> int:
    from game.rulesets.d20.flow import ACTIONS_PER_TURN
    return ACTIONS_PER_TURN


def move_actions_needed(battle: "Battle", unit: int, cost_tiles: int) -> int:
    """Actions a move of `cost_tiles` (move-cost weighted) costs after movement left over."""
    ts = battle.get(unit, TurnState)
    feet = cost_tiles * battle.map.feet_per_tile - ts.move_left_ft
    if feet <= 0:
        return 0
    speed = speed_ft(battle, unit)
    return -(-feet // speed)


def failed_suppression_here(battle: "Battle", unit: int) -> bool:
    ts = battle.get(unit, TurnState)
    return any(ts.suppression_results.get(z) == suppression.FAIL
               for z, _ in suppression.zones_at(battle, unit, battle.tile(unit)))


class LazyTiles(TileSet):
    """A TileSet whose grid is worked out only when someone reads it (a move's reach is
    the costliest part of a turn's options, and a unit that shoots does not need it)."""

    def __init__(self, compute) -> None:
        self._compute = compute
        self._mask: np.ndarray | None = None
        self._list = None

    @property
    def mask(self) -> np.ndarray:
        if self._mask is None:
            self._mask = self._compute()
        return self._mask


def can_step(battle: "Battle", unit: int, budget: int, blocked: set[Tile] | frozenset[Tile]) -> bool:
    """Some tile is a legal end for a move within `budget`: then one of the 8 neighbours
    is (a step costs the entered tile's move cost, at least 1, and the first tile a
    path enters is itself a tile a move may end on when no cone forbids it)."""
    tmap = battle.map
    x, y = battle.tile(unit)
    walkable, cost = _terrain_rows(tmap)
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            nx, ny = x + dx, y + dy
            if (dx, dy) == (0, 0) or not (0 <= nx < tmap.width and 0 <= ny < tmap.height):
                continue
            if not walkable[nx][ny] or (nx, ny) in blocked or cost[nx][ny] > budget:
                continue
            # The corner rule (game/world/paths.py): a diagonal may not cut a corner.
            if dx and dy and not (walkable[x + dx][y] and walkable[x][y + dy]):
                continue
            return True
    return False


def _terrain_rows(tmap) -> tuple[list, list]:
    """The map's walkable and move-cost grids as nested lists (a few neighbours are
    read per decision: a list index costs far less than a numpy scalar read)."""
    return tmap.kept.get("d20-terrain-rows", "walking", lambda: (tmap.walkable.tolist(), tmap.move_cost.tolist()))


def move_option(battle: "Battle", unit: int) -> Option | None:
    ts = battle.get(unit, TurnState)
    if grapple.in_grapple(battle, unit) or is_prone(battle, unit):
        return None
    if ts.actions == 0 and ts.move_left_ft < battle.map.feet_per_tile:
        return None
    if not ts.suppression_results:
        # No cone shapes the move: whether any tile is reachable is a look at the
        # neighbours, and the reach itself waits until someone reads the tiles.
        budget = (ts.move_left_ft + ts.actions * speed_ft(battle, unit)) // battle.map.feet_per_tile
        blocked = frozenset(blocked_tiles(battle, unit))
        if not can_step(battle, unit, budget, blocked):
            return None
        return _move(LazyTiles(_frozen_mask(battle, unit, budget, blocked)), battle, unit)
    mask = move_mask(battle, unit)
    if not mask.any():
        return None
    return _move(TileSet(mask), battle, unit)


def _frozen_mask(battle: "Battle", unit: int, budget: int, blocked: frozenset[Tile]):
    """`move_mask` with no cone in play, from the state as it is now (read later, after
    the battle has gone on, it still answers for this decision)."""
    start = battle.tile(unit)

    def compute() -> np.ndarray:
        mask = _search(battle, start, blocked, budget, budget).cost <= budget
        for tile in blocked | {start}:
            mask[tile] = False
        return mask
    return compute


def _move(tiles: TileSet, battle: "Battle", unit: int) -> Option:
    return Option("move", "Move", "1 Action per move (split allowed)", TARGET_TILE, tiles,
                  hotkey="m", description=f"Walk up to {speed_ft(battle, unit)} ft per Action.")


def move_mask(battle: "Battle", unit: int) -> np.ndarray:
    """Every tile a move may end on now."""
    r = move_reach(battle, unit)
    mask = r.cost <= r.budget
    for tile in blocked_tiles(battle, unit) | {battle.tile(unit)}:
        mask[tile] = False
    # After a failed save no move may end in that cone: it may only lead out of it.
    for _, zone in suppression.failed_zones(battle, unit):
        for tile in zone.tiles:
            mask[tile] = False
    return mask


def shoot_option(battle: "Battle", unit: int) -> Option | None:
    ts = battle.get(unit, TurnState)
    weapon = held_weapon(battle, unit)
    if weapon is None or not weapon.ranged or ts.actions < 2:
        return None
    loaded = battle.get(unit, Loadout).loaded.get(weapon.id, 0)
    if loaded < 1:
        return None
    modes = ["single"]
    if weapon.fire_mode in ("semi", "auto"):
        modes.append("burst")
    if weapon.fire_mode == "auto":
        modes.append("double_burst")
    limits = shot_limits(battle, unit, battle.tile(unit), modes, loaded)
    targets = list(limits)
    if not targets:
        return None
    return Option("shoot", f"Shoot ({weapon.name})", "2 Actions", TARGET_UNIT, tuple(targets),
                  params={"mode": tuple(modes), "location": LOCATIONS + ("untargeted",)},
                  param_limits=limits, hotkey="f", offensive=True,
                  description="d20 + Firearms vs Dodge. Burst +3 (3 rounds), double burst +6 (5).")


def shot_limits(battle: "Battle", unit: int, here: Tile, modes: list[str],
                loaded: int) -> dict[int, dict[str, tuple[str, ...]]]:
    """Who the unit could shoot from `here` with its held weapon, and with which fire
    modes and locations (a planner may ask about a tile it does not stand on)."""
    weapon = held_weapon(battle, unit)
    group = grapple.group(battle, unit)
    pool = sorted(group - {unit}) if len(group) > 1 else enemies(battle, unit)
    limits = {}
    tmap = battle.map
    for e in pool:
        if not battle.active(e):
            continue
        there = battle.tile(e)
        line = _shot_line(tmap, here, there)
        if line is None:
            continue
        seen, dist_ft = line
        if not seen and not spotted_by(battle, e, battle.team(unit)):
            continue  # hidden, and nobody on its side saw it go there
        band = range_band(weapon, dist_ft)
        if band is None:
            continue
        ok_modes = tuple(m for m in modes if MODE_AMMO[m] <= loaded and (m == "single" or band == 0))
        # Concealed targets and shot loads allow no targeted attack: the torso only.
        locs = ("untargeted",) if not seen or weapon.torso_only else LOCATIONS
        limits[e] = {"mode": ok_modes, "location": locs}
    return limits


def _shot_line(tmap, here: Tile, there: Tile) -> tuple[bool, int] | None:
    """None when a wall stops bullets between the tiles, else (the target is seen, the
    distance in feet): terrain alone decides it, so it is kept per map (a shot's
    legality is asked for every enemy at every decision, by the AI at many tiles)."""
    return tmap.kept.get("d20-shot-lines", (here, there), lambda: _shot_line_of(tmap, here, there))


def _shot_line_of(tmap, here: Tile, there: Tile) -> tuple[bool, int] | None:
    if here == there:
        return True, 0
    if line_of_fire(tmap, here, there).blocked:
        return None
    dist_ft = max(abs(here[0] - there[0]), abs(here[1] - there[1])) * tmap.feet_per_tile
    return sees_tile(tmap, here, there), dist_ft


def melee_option(battle: "Battle", unit: int, near: list[int] | None = None) -> Option | None:
    ts = battle.get(unit, TurnState)
    if ts.actions < 2:
        return None
    targets = melee_targets(battle, unit) if near is None else near
    if not targets:
        return None
    weapon = held_weapon(battle, unit)
    kinds = ("melee", "unarmed") if weapon is not None and not weapon.ranged else ("unarmed",)
    return Option("melee", "Melee attack", "2 Actions", TARGET_UNIT, tuple(targets),
                  params={"kind": kinds, "location": LOCATIONS}, hotkey="r", offensive=True,
                  description="d20 + Melee vs Dodge; both enter a Grapple. Unarmed: 1d4 crushing.")


def approach_option(battle: "Battle", unit: int, near: list[int] | None = None) -> Option | None:
    ts = battle.get(unit, TurnState)
    weapon = held_weapon(battle, unit)
    if ts.free_strike_used or not ts.moved_near or weapon is None or weapon.ranged:
        return None
    near = melee_targets(battle, unit) if near is None else near
    targets = [e for e in ts.moved_near if e in near]
    if not targets:
        return None
    return Option("approach_strike", "Strike on approach", "Free Action", TARGET_UNIT,
                  tuple(targets), params={"location": LOCATIONS}, hotkey="g", offensive=True,
                  description="You moved within 5 ft: one free melee weapon attack, entering a Grapple.")


def suppress_option(battle: "Battle", unit: int) -> Option | None:
    ts = battle.get(unit, TurnState)
    weapon = held_weapon(battle, unit)
    if (weapon is None or weapon.fire_mode != "auto" or ts.actions < 4 or not ts.reaction
            or battle.get(unit, Loadout).loaded.get(weapon.id, 0) < 15
            or grapple.in_grapple(battle, unit)):
        return None
    reach_tiles = weapon.ranges_ft[0] // battle.map.feet_per_tile
    # Aim at any tile the bullets can reach (through concealment, not through walls).
    field = suppression.field_of_fire(battle.map, battle.tile(unit), reach_tiles)
    if not field.any():
        return None
    return Option("suppress", "Suppressing fire", "4 Actions + Reaction, 15 rounds", TARGET_TILE,
                  TileSet(field), hotkey="z", offensive=True,
                  description="A 90° cone to the first range: Willpower vs 12 + Firearms or be pinned.")


def contest_options(battle: "Battle", unit: int, near: list[int] | None = None) -> list[Option]:
    ts = battle.get(unit, TurnState)
    if ts.actions < 2:
        return []
    near = melee_targets(battle, unit) if near is None else near
    out = []
    disarmable = tuple(e for e in near if battle.get(e, Loadout).held)
    if disarmable:
        out.append(Option("disarm", "Disarm", "2 Actions", TARGET_UNIT, disarmable, hotkey="d",
                          description="Athletics contest: the target drops its weapon."))
    me = SIZES[template(battle, unit).size]
    restrainable = tuple(e for e in near if not battle.has(e, Restraint)
                         and SIZES[template(battle, e).size] <= me)
    if restrainable:
        out.append(Option("restrain", "Restrain", "2 Actions", TARGET_UNIT, restrainable, hotkey="h",
                          description="Athletics contest vs your size or smaller: it can do nothing but struggle."))
    trippable = tuple(e for e in near if not is_prone(battle, e))
    if trippable:
        out.append(Option("trip", "Trip", "2 Actions", TARGET_UNIT, trippable, hotkey="t",
                          description="Athletics contest: knock the target prone."))
    return out


def manacle_option(battle: "Battle", unit: int) -> Option | None:
    ts = battle.get(unit, TurnState)
    if ts.actions < 1 or battle.get(unit, Loadout).manacles < 1:
        return None
    targets = tuple(e for e in enemies(battle, unit)
                    if battle.has(e, Restraint) and adjacent(battle, unit, e))
    if not targets:
        return None
    return Option("manacle", "Apply manacles", "1 Action", TARGET_UNIT, targets, hotkey="c",
                  description="Dexterity contest: a manacled creature is captured.")


def upkeep_options(battle: "Battle", unit: int) -> list[Option]:
    """Reload, swap, pick up, stand, shake off a crippling hit, leave or drag a Grapple."""
    ts = battle.get(unit, TurnState)
    out: list[Option] = []
    if ts.actions < 1:
        return out
    loadout = battle.get(unit, Loadout)
    weapon = held_weapon(battle, unit)
    if (weapon is not None and weapon.ranged and loadout.spare_magazines > 0
            and loadout.loaded.get(weapon.id, 0) < weapon.magazine):
        out.append(_reload_option(loadout.spare_magazines))
    others = tuple(w for w in loadout.weapons if w != loadout.held)
    if others:
        out.append(_swap_option(others))
    here = battle.tile(unit)
    items = tuple(e for e, d in battle.query(DroppedWeapon) if battle.tile(e) == here)
    if items:
        out.append(Option("pick_up", "Pick up weapon", "1 Action", params={"item": items}, hotkey="p"))
    if is_prone(battle, unit):
        out.append(Option("stand", "Stand up", "1 Action", hotkey="u"))
    aff = battle.get(unit, Afflictions)
    if aff.arm_until_check or aff.leg_until_check:
        out.append(Option("shake_off", "Shake off wound", "1 Action", hotkey="b",
                          description="DC 15 Body check to end a critical arm or leg penalty."))
    if grapple.in_grapple(battle, unit):
        exits = exit_tiles(battle, unit)
        if exits:
            melee = len(grapple.group(battle, unit)) > 2
            out.append(Option("exit_grapple", "Exit Melee" if melee else "Exit Grapple", "1 Action",
                              TARGET_TILE, tuple(exits), hotkey="x",
                              description="No opportunity attacks." if melee else
                              "Your opponent may strike at you as a Reaction."))
        if not is_prone(battle, unit):
            drags = drag_targets(battle, unit)
            if drags:
                melee = len(grapple.group(battle, unit)) > 2
                out.append(Option("drag", "Move the Melee" if melee else "Drag the Grapple",
                                  "1 Action" + (", Athletics DC 13" if melee else ""),
                                  TARGET_TILE, tuple(drags), hotkey="v"))
    return out


END = Option("end_turn", "End turn", "", hotkey="e")


# Options offered at nearly every decision, the same for the same few inputs: built
# once each (an Option never changes; END is shared the same way).
@kept.pure("d20-reload-options")
def _reload_option(spares: int) -> Option:
    return Option("reload", "Reload", "1 Action", hotkey="l", description=f"A fresh magazine ({spares} spare).")


@kept.pure("d20-swap-options")
def _swap_option(others: tuple[str, ...]) -> Option:
    return Option("swap", "Swap weapon", "1 Action", params={"weapon": others}, hotkey="w")


def turn_options(battle: "Battle", unit: int) -> tuple[Option, ...]:
    ts = battle.get(unit, TurnState)
    restraint = battle.try_get(unit, Restraint)
    pinned = failed_suppression_here(battle, unit)
    if restraint is not None:
        # A restrained creature may only struggle free (not while pinned in the fire).
        if ts.actions >= 2 and not restraint.manacled and not pinned:
            return (Option("break_free", "Struggle free", "2 Actions", hotkey="b",
                           description="Athletics contest against your captor."), END)
        return (END,)
    holding = battle.try_get(unit, Restraining)
    if holding is not None:
        # The restrainer may only apply restraints (or let go).
        opts = [Option("release", "Let go", "Free Action", hotkey="x")]
        m = None if pinned else manacle_option(battle, unit)
        if m is not None:
            opts.insert(0, m)
        return tuple(opts) + (END,)
    if pinned:
        m = move_option(battle, unit)
        if m is not None and ts.must_leave:
            return (m,)  # started its turn unprotected and failed: it must move out
        return ((m,) if m else ()) + (END,)
    near = melee_targets(battle, unit)  # the same for every melee option: asked once
    opts = [approach_option(battle, unit, near), move_option(battle, unit), shoot_option(battle, unit),
            melee_option(battle, unit, near), suppress_option(battle, unit)]
    opts += contest_options(battle, unit, near)
    opts.append(manacle_option(battle, unit))
    opts += upkeep_options(battle, unit)
    return tuple(o for o in opts if o is not None) + (END,)
