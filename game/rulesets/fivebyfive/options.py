"""What a 5x5 figure may do right now: the options of each Decision.

Every legality rule is checked here once; the Battle refuses any choice outside these
options, so actions.py may assume a choice is legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Sequence

import numpy as np

from game.engine.decisions import TARGET_TILE, TARGET_UNIT, Option
from game.world.paths import UNREACHABLE, Reach, reach
from game.rulesets.fivebyfive import fate
from game.rulesets.fivebyfive.combat import enemies, targets, template
from game.rulesets.fivebyfive.components import DEAD, UNCONSCIOUS, AbilityScores, TurnState
from game.rulesets.fivebyfive.data import ABILITIES, ABILITY_FOR, ABILITY_NAMES, RANK_NAMES

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.world.tactical_map import TacticalMap

Tile = tuple[int, int]
HOTKEYS = {"strike": "s", "aim": "a", "focus": "f"}
DESCRIPTIONS = {
    "strike": "Attack an adjacent enemy: 5x5 roll ≤ Strike × Rage. It Parries (Parry × Rage).",
    "aim": "Attack a distant enemy in line of sight: 5x5 roll ≤ Aim × Grace. It Dodges "
           "(Dodge × Grace). Cover shifts your Aim rank down.",
    "focus": "Attack any visible enemy, near or far: 5x5 roll ≤ Focus × Precognition. It Resists "
             "(Resist × Precognition).",
}
END = Option("end_turn", "End turn", "", hotkey="e",
             description="Make no (further) move and no Offensive Action this turn.")


# --- movement ------------------------------------------------------------------------
def occupied(battle: "Battle", unit: int) -> set[Tile]:
    """Tiles a move may not end on: every other figure's, standing or fallen."""
    return {battle.tile(u) for u in battle.units() if u != unit}


def move_reach(battle: "Battle", unit: int) -> Reach:
    """[PROP] Enemies in the fight block the way; allies and fallen figures may be
    passed but not stood on. A tile costs its move cost in inches (rough ground 2).

    "If a 0 was rolled for Initiative the character can still move 1 inch": a figure
    that has not moved yet may always take one step, whatever the ground costs
    (`one_step`); [PROP] the same for a roll of 1, which must never be worse than a 0.
    """
    ts = battle.get(unit, TurnState)
    start, left, fresh = battle.tile(unit), ts.movement_left, ts.moved == 0
    walls = tuple(sorted(battle.tile(e) for e in enemies(battle, unit)))
    # Keyed by every input, so the move itself (resolved outside the memo) reuses the
    # search its options came from. Its own table: a search holds a few grids the size
    # of the map, and only this turn's are asked again.
    return battle.kept.get("fivebyfive-reach", (start, left, fresh, walls),
                           lambda: walk_reach(battle.map, start, left, fresh, walls))


def walk_reach(tmap: "TacticalMap", start: Tile, left: int, fresh: bool,
               walls: tuple[Tile, ...]) -> Reach:
    """The costs of a move from `start` with `left` tiles of movement around the enemies
    on `walls`, the one step included for a figure that has not moved (`fresh`).

    The search stops at what a move can spend (a move looks at the few dozen tiles
    around it, not a whole 128x128 map): every tile within the budget reads its exact
    cost and path. The one step reaches any neighbour the figure can enter at all, so a
    fresh figure's search reaches the dearest neighbour's entry cost too, and the whole
    map when a neighbour is only reached the long way round."""
    if not (fresh and left >= 1):
        return reach(tmap, start, left, blocked=walls, limit=left)
    x, y = start
    near = (slice(max(0, x - 1), x + 2), slice(max(0, y - 1), y + 2))
    limit = max(left, int(tmap.move_cost[near][tmap.walkable[near]].max()))
    r = reach(tmap, start, left, blocked=walls, limit=limit)
    if _neighbour_beyond(r, tmap, near, walls):
        r = reach(tmap, start, left, blocked=walls)
    return one_step(r)


def _neighbour_beyond(r: Reach, tmap: "TacticalMap", near: tuple[slice, slice], walls: tuple[Tile, ...]) -> bool:
    """Whether a walkable neighbour no enemy stands on read UNREACHABLE in a bounded search."""
    beyond = tmap.walkable[near] & (r.cost[near] == UNREACHABLE)
    if not beyond.any():
        return False
    x0, y0 = near[0].start, near[1].start
    for dx, dy in np.argwhere(beyond).tolist():
        if (x0 + dx, y0 + dy) not in walls:
            return True
    return False


def one_step(r: Reach) -> Reach:
    """`r` with every neighbour it can step onto at all costing at most its budget: the
    one step a figure may always take. (The direct step is the cheapest path to a
    neighbour, so `path_to` is unchanged; the move then spends the whole budget.)"""
    x, y = r.start
    cost = r.cost.copy()
    near = cost[max(0, x - 1):x + 2, max(0, y - 1):y + 2]
    np.minimum(near, r.budget, out=near, where=near != UNREACHABLE)
    return r.with_costs(cost)


def move_tiles(battle: "Battle", unit: int) -> list[Tile]:
    ts = battle.get(unit, TurnState)
    if ts.movement_left <= 0:
        return []
    taken = occupied(battle, unit)
    return [t for t in move_reach(battle, unit).tiles() if t not in taken]


def move_option(battle: "Battle", unit: int) -> Option | None:
    tiles = move_tiles(battle, unit)
    if not tiles:
        return None
    ts = battle.get(unit, TurnState)
    return Option("move", "Move", f"{ts.movement_left} of {ts.allowance} tiles left",
                  TARGET_TILE, tuple(tiles), hotkey="m",
                  description=("Move up to your Initiative roll in tiles (1 tile = 1 inch; at least "
                               "1 when you rolled 0), before your Offensive Action. Rough ground "
                               "costs more; enemies block the way."))


# --- Offensive Actions ---------------------------------------------------------------
def attack_option(battle: "Battle", unit: int, action: str) -> Option | None:
    found = targets(battle, unit, action)
    if not found:
        return None
    t = template(battle, unit)
    rank = t.rank(action)
    ability = ABILITY_FOR[action]
    using = {"strike": t.strikes_with, "aim": t.aims_with, "focus": t.focuses_with}[action]
    skill = f"rank {rank}" if rank else f"Unskilled: {ABILITY_NAMES[ability]} − 1"
    return Option(action, f"{RANK_NAMES[action]} ({using})" if using else RANK_NAMES[action],
                  f"Offensive Action, ends the turn ({skill})", TARGET_UNIT, tuple(found),
                  hotkey=HOTKEYS[action], description=DESCRIPTIONS[action], offensive=True)


def turn_options(battle: "Battle", unit: int) -> tuple[Option, ...]:
    opts = [move_option(battle, unit)]
    opts += [attack_option(battle, unit, a) for a in ("strike", "aim", "focus")]
    return tuple(o for o in opts if o is not None) + (END,)


# --- choosing the Damaged ability ----------------------------------------------------
ABILITY_HOTKEYS = {"rage": "r", "grace": "g", "precognition": "p"}


def uses_of(ability: str) -> str:
    ranks = [RANK_NAMES[r] for r, a in ABILITY_FOR.items() if a == ability]
    return " and ".join(ranks)


def damage_options(battle: "Battle", defender: int, earlier: Sequence[str]) -> tuple[Option, ...]:
    """One option per Ability Score of `defender`: which one this Hit reduces by 1.

    `earlier` are the abilities already chosen for earlier Hits of the same Offensive
    Action (a Double Hit); their points count as lost when showing what follows.
    """
    now = fate.after_hits(battle.get(defender, AbilityScores).values(), earlier)
    out = []
    for ability in ABILITIES:
        value = now[ability]
        result = fate.outcome(battle.get(defender, AbilityScores).values(), list(earlier) + [ability])
        if result == DEAD:
            warning = " The figure would be Dead."
        elif result == UNCONSCIOUS:
            warning = (" Unconscious: Instant KO, two Hits on it from one action."
                       if ability in earlier and value - 1 > 0 else " The figure would be Unconscious.")
        else:
            warning = ""
        out.append(Option(ability, f"{ABILITY_NAMES[ability]} {value} → {value - 1}",
                          "1 point of Damage", hotkey=ABILITY_HOTKEYS[ability],
                          description=f"{ABILITY_NAMES[ability]} powers {uses_of(ability)}.{warning}"))
    return tuple(out)


def rush_options(battle: "Battle", unit: int) -> tuple[Option, ...]:
    """Victory Rush: one option per Damaged Ability Score."""
    s = battle.get(unit, AbilityScores)
    return tuple(Option(a, f"{ABILITY_NAMES[a]} {s.get(a)} → {s.get(a) + 1}", "Victory Rush",
                        hotkey=ABILITY_HOTKEYS[a],
                        description=f"Regain 1 point of {ABILITY_NAMES[a]} (started the fight at "
                                    f"{s.start[a]}).")
                 for a in s.damaged())


def describe_values(values: Mapping[str, int]) -> str:
    return ", ".join(f"{ABILITY_NAMES[a]} {values[a]}" for a in ABILITIES)
