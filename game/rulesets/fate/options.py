"""What a unit may declare for one of its two actions: the options of its DECLARE decision.

Rule text: "During your turn, you can make 2 actions – either move or attack actions.
You can move and attack once, or move twice, or attack once with each hand (for two
attacks)." Every legality rule is checked here once, against the planned positions
(plans.py); the Battle refuses anything else, so resolve.py may trust a declaration.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.engine.components import KNEELING, PRONE, STANDING
from game.engine.decisions import (DECLARE, TARGET_TILE, TARGET_UNIT, Decision, LazyContext, LazyTargets,
                                   Later, Option)
from game.rulesets.fate.attacks import in_reach
from game.rulesets.fate.components import Initiative
from game.rulesets.fate.cover import protection, sight_from
from game.rulesets.fate.plans import (_actions, attacks_declared, plan_of, posture_after, tile_after,
                                      tiles_after)
from game.rulesets.fate.stats import hand_attacks, template, track, weapon
from game.world.paths import reach
from game.world.reach_repair import first_steps, open_distances, reach_around

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.world.paths import Reach

Tile = tuple[int, int]
MOVE_TILES = 6  # [PROP] 30 ft (6 tiles of 5 ft) per move action; rough ground costs more


def enemies(battle: "Battle", unit: int) -> list[int]:
    """Enemies that can still be attacked: in the fight, or down but not dead."""
    team = battle.team(unit)
    return [u for u in battle.units() if battle.team(u) != team and not track(battle, u).dead]


def known_to_side(battle: "Battle", team: int) -> frozenset[int]:
    """[PROP] The enemies a side knows the place of: those any of its units in the fight
    can see at the start of the turn (before anyone moves)."""
    return battle.memo(("fate-known", team), lambda: _known_to_side(battle, team))


def _known_to_side(battle: "Battle", team: int) -> frozenset[int]:
    eyes = tuple(sorted({battle.tile(u) for u in battle.units(team, active_only=True)}))
    others = tuple((u, battle.tile(u)) for u in battle.units() if battle.team(u) != team)

    def compute():
        seen: set[int] = set()
        for eye in eyes:
            view = sight_from(battle, eye)
            seen |= {u for u, tile in others if view[tile]}
        return frozenset(seen)
    # Sight is terrain only: who sees whom follows from where everyone stands.
    return battle.cached(("fate-known", eyes, others), compute)


def move_reach(battle: "Battle", unit: int, slot: int):
    """Tiles within one move action from where the unit will be before this beat; units
    in the fight block the way, fallen ones only their tile."""
    start = tile_after(battle, unit, slot - 1)
    return one_move_reach(battle, start, [tile_after(battle, u, slot - 1)
                                          for u in battle.units(active_only=True) if u != unit])


def one_move_reach(battle: "Battle", start: Tile, blockers) -> "Reach":
    """One move action's reach from `start` past these blockers (kept by every input: the
    resolution of a move often asks what its declaration asked)."""
    return _kept_reach(battle, start, blockers)[0]


def move_tiles(battle: "Battle", start: Tile, blockers) -> tuple[Tile, ...]:
    """The tiles that reach can end on (start excluded), kept with it."""
    return _kept_tiles(_kept_reach(battle, start, blockers))


def _kept_tiles(kept: list) -> tuple[Tile, ...]:
    """A kept reach's tiles: a blocked one's are listed when first asked (a move's
    resolution needs only the reach)."""
    tiles = kept[1]
    if tiles is None:
        tiles0, gone, height = kept[3]
        tiles = kept[1] = tuple(t for t in tiles0 if t[0] * height + t[1] not in gone)
    return tiles


def _tiles(r: "Reach") -> tuple[Tile, ...]:
    """`r.tiles()` read from the square one move can span (each step costs at least 1):
    sorted by x, then y, as the whole map's would be."""
    (sx, sy), budget = r.start, r.budget
    x0, y0 = max(0, sx - budget), max(0, sy - budget)
    inside = r.cost[x0:sx + budget + 1, y0:sy + budget + 1] <= budget
    inside[sx - x0, sy - y0] = False
    xs, ys = np.nonzero(inside)  # row-major: sorted by x, then y
    return tuple(zip((xs + x0).tolist(), (ys + y0).tolist()))


def _kept_reach(battle: "Battle", start: Tile, blockers) -> list:
    """[reach, its tiles (start excluded, by x then y; read them by `_kept_tiles`), and
    for the open ground's: its tie-weighted distances by flat index (of the tiles it
    reaches)]."""
    tmap = battle.map
    start = (int(start[0]), int(start[1]))
    # The terrain's reach alone, kept per map across battles. A blocker only changes
    # the answer if it stands on a tile that reach can get to (every path of one move
    # action stays on such tiles): else it is the same search, reused.
    open_ground = tmap.kept.get("fate-reach-open", start, lambda: _open_ground(tmap, start))
    reached, height = open_ground[2], tmap.height
    near = tuple(sorted({(int(x), int(y)) for x, y in blockers
                         if (x, y) != start and 0 <= y < height and x * height + y in reached}))
    if not near:
        return open_ground
    # With units on `near`, the terrain and those tiles still decide it: kept with the
    # map too, across battles (the same units on the same tiles recur, deployments most).
    return tmap.kept.get("fate-reach-blocked", (start, near), lambda: _blocked(tmap, open_ground, near))


def _open_ground(tmap, start: Tile) -> list:
    r = reach(tmap, start, MOVE_TILES, limit=MOVE_TILES)
    r.cost.flags.writeable = False  # shared: by later decisions, and battles
    return [r, _tiles(r), open_distances(r)]


def _blocked(tmap, open_ground: list, near: tuple) -> list:
    """The one-move reach with units on `near` (tiles the open ground's reach gets to),
    repaired from the open ground's (game/world/reach_repair.py): [reach, None (its
    tiles, by `_kept_tiles`), None, what they are listed from]."""
    r0, tiles0, old = open_ground[:3]
    r, gone = reach_around(tmap, r0, old, near, MOVE_TILES)
    return [r, None if gone else tiles0, None, (tiles0, gone, tmap.height)]


def move_option(battle: "Battle", unit: int, slot: int, before: dict[int, Tile] | None = None) -> Option | None:
    """`before`: `tiles_after(battle, slot - 1)`, when the caller has it already."""
    if posture_after(battle, unit, slot - 1) == PRONE:
        return None  # [PROP] a prone unit must stand up (a move action) before it moves
    # A move in this beat cannot end where another unit stands after the beats before
    # (moves resolve fastest first, so a slower unit leaving this beat is still there
    # when this unit moves); those in the fight block the way (as `move_reach`).
    if before is None:
        before = tiles_after(battle, slot - 1)
    taken = {tile for u, tile in before.items() if u != unit}
    start = (int(before[unit][0]), int(before[unit][1]))
    blockers = [before[u] for u in battle.units(active_only=True) if u != unit]

    def tiles() -> tuple[Tile, ...]:  # reads only what is captured here: it may run later
        return tuple(t for t in move_tiles(battle, start, blockers) if t not in taken)
    # A free tile that one step from the start enters within the move is a legal end
    # (every unit's tile is taken, so none blocks that step): then the option is offered
    # and the reach is searched only when someone reads its tiles (often no one does:
    # a unit that attacks, an AI replaying its plan). Validating a move asks `in`:
    # mostly answered from the open ground's reach without the search.
    if any(t not in taken for t in first_steps(battle.map, start, MOVE_TILES)):
        targets = LazyTargets(tiles, lambda t: _surely_reached(battle.map, start, blockers, taken, t))
    else:
        targets = tiles()
        if not targets:
            return None
    return Option("move", "Move", "move action", TARGET_TILE, targets, hotkey="m",
                  description=f"Up to {MOVE_TILES} tiles (rough ground costs more). Moves happen "
                              "fastest first; a tile taken by then stops you short.")


def _surely_reached(tmap, start: Tile, blockers, taken, target) -> bool | None:
    """Whether a move from `start` past `blockers` may end on `target` (a tile not in
    `taken`), when the open ground's reach tells for sure (`_clear_way`): None when it
    cannot. Blocking only takes steps away, so a tile the open ground's move does not
    reach stays out of reach."""
    if type(target) is not tuple or len(target) != 2 or type(target[0]) is not int or type(target[1]) is not int:
        return None  # an odd target: the tuple's own `in` answers
    if target == start or target in taken:
        return False
    x, y = target
    if not (0 <= x < tmap.width and 0 <= y < tmap.height):
        return False
    cost = _open_reach(tmap, start).cost
    if int(cost[x, y]) > MOVE_TILES:
        return False
    return True if _clear_way(cost, start, blockers, target) else None


def _open_reach(tmap, start: Tile) -> "Reach":
    return tmap.kept.get("fate-reach-open", start, lambda: _open_ground(tmap, start))[0]


def _clear_way(cost, start: Tile, blockers, target: Tile) -> bool:
    """No blocker can stand on a cheapest way from `start` to `target` (`cost`: the open
    ground's reach): a way through b costs at least b's cost plus one per tile from b on.
    Then the blocked reach gives `target` the open ground's cost, and every tile on its
    cheapest ways keeps its distance, so the path to it is the same too."""
    x, y = target
    c = int(cost[x, y])
    for bx, by in blockers:
        if (bx, by) != start and int(cost[bx, by]) + max(abs(bx - x), abs(by - y)) <= c:
            return False
    return True


def reach_for_move(battle: "Battle", start: Tile, blockers, dest: Tile) -> "Reach":
    """`one_move_reach`, or for a move to a free `dest` within it that no blocker can
    stand in the way of (`_surely_reached`), the open ground's reach, which gives that
    move the same cost and path without the blocked search."""
    tmap = battle.map
    start = (int(start[0]), int(start[1]))
    if _surely_reached(tmap, start, blockers, (), (int(dest[0]), int(dest[1]))):
        return _open_reach(tmap, start)
    return one_move_reach(battle, start, blockers)


def attack_targets(battle: "Battle", unit: int, slot: int, weapons: list[str],
                   lines: list | None = None) -> dict[int, tuple[str, ...]]:
    """Each attackable enemy and the weapons that reach it in this beat, from the
    planned positions. A thrown or projectile attack needs no wall in the way; melee
    and unarmed need the target next to the attacker."""
    out: dict[int, tuple[str, ...]] = {}
    # Which of these weapons reach follows from the line's distance and wall alone: kept
    # for the battle by weapons, a look-up per line.
    kept = battle.cached(("fate-weapons-reaching", tuple(weapons)), dict)
    for e, prot in (target_lines(battle, unit, slot) if lines is None else lines):
        line = (prot.distance, prot.blocked)
        ok = kept.get(line)
        if ok is None:
            ok = kept[line] = _reaching(battle, weapons, *line)
        if ok:
            out[e] = ok
    return out


def _reaching(battle: "Battle", weapons: list[str], distance: int, blocked: bool) -> tuple[str, ...]:
    """The weapons that reach a target `distance` away, past a wall if `blocked`."""
    return tuple(w for w in weapons
                 if in_reach(weapon(battle, w), distance) and not (weapon(battle, w).missile and blocked))


def target_lines(battle: "Battle", unit: int, slot: int, known: frozenset[int] | None = None,
                 origin: Tile | None = None) -> list:
    """(enemy, protection from this unit's planned tile to the enemy's) for each enemy it
    may attack in this beat: one the side has seen, or that the unit will see from
    where its declared move takes it. `origin`: the unit's `tile_after` slot - 1, when
    the caller has it already."""
    if origin is None:
        origin = tile_after(battle, unit, slot - 1)
    if known is None:
        known = known_to_side(battle, battle.team(unit))
    # [PROP] After a declared move it will also see what is in sight from where it arrives.
    arriving = sight_from(battle, origin) if origin != battle.tile(unit) else None
    out = []
    for e in enemies(battle, unit):
        if e not in known and (arriving is None or not arriving[battle.tile(e)]):
            continue
        there = tile_after(battle, e, slot)
        out.append((e, protection(battle, origin, there)))
    return out


def attack_option(battle: "Battle", unit: int, slot: int, lines: list | None = None) -> Option | None:
    weapons = hand_attacks(battle, unit, attacks_declared(battle, unit, slot))
    targets = attack_targets(battle, unit, slot, weapons, lines)
    if not targets:
        return None
    reaching = set().union(*targets.values())
    order = tuple(w for w in weapons if w in reaching)
    names = ", ".join(weapon(battle, w).name for w in order)
    return Option("attack", "Attack", "attack action (one hand; two hands for a two-handed weapon)",
                  TARGET_UNIT, tuple(targets), params={"with": order},
                  param_limits={e: {"with": ok} for e, ok in targets.items()}, hotkey="a",
                  offensive=True,
                  description=f"4dF + Attack against her 4dF + Defense: beat it to hit; the margin "
                              f"sets the wound. With: {names}.")


def aim_option(battle: "Battle", unit: int, slot: int, lines: list | None = None) -> Option | None:
    """[PROP] Aiming is one action at one target, for a thrown or projectile attack."""
    missiles = [w for w in hand_attacks(battle, unit, []) if weapon(battle, w).missile]
    if not missiles:
        return None
    targets = attack_targets(battle, unit, slot, missiles, lines)
    live = tuple(e for e in targets if battle.active(e))
    if not live:
        return None
    return Option("aim", "Aim", "action", TARGET_UNIT, live, hotkey="i",
                  description="+1 to your next thrown or projectile attack on this target, this "
                              "turn or the next, unless you move or change posture first.")


def posture_options(battle: "Battle", unit: int, slot: int) -> list[Option]:
    """[PROP] Kneeling, lying prone and standing up each take a move action."""
    now = posture_after(battle, unit, slot - 1)
    out = []
    if now != KNEELING:
        out.append(KNEEL)
    if now != PRONE:
        out.append(PRONE_OPTION)
    if now != STANDING:
        out.append(STAND)
    return out


# The posture options never change: built once (like HOLD).
KNEEL = Option("kneel", "Kneel", "move action", hotkey="k",
               description="On your knees: −1 to your melee attacks; defending, −1 "
                           "against melee but +1 against thrown and projectile attacks.")
PRONE_OPTION = Option("prone", "Drop prone", "move action", hotkey="p",
                      description="Prone: −2 to your melee and thrown attacks; defending, −2 "
                                  "against melee but +2 against thrown and projectile attacks.")
STAND = Option("stand", "Stand up", "move action", hotkey="u",
               description="Back on your feet (a prone unit must stand before moving).")


HOLD = Option("hold", "Hold", "no action", hotkey="h", description="Do nothing with this action.")


def declaration_options(battle: "Battle", unit: int, slot: int, known: frozenset[int] | None = None,
                        before: dict[int, Tile] | None = None) -> tuple[Option, ...]:
    """`known`: known_to_side for the unit's side, `before`: `tiles_after(battle, slot - 1)`,
    when the caller has them already."""
    if before is None:
        before = tiles_after(battle, slot - 1)
    lines = target_lines(battle, unit, slot, known, before[unit])
    opts = [move_option(battle, unit, slot, before), attack_option(battle, unit, slot, lines),
            aim_option(battle, unit, slot, lines)]
    opts += posture_options(battle, unit, slot)
    return tuple(o for o in opts if o is not None) + (HOLD,)


def declared_so_far(battle: "Battle") -> tuple[dict, ...]:
    """Everything declared this turn so far (public: later declarers may see it)."""
    return _declared_rows(battle, _plans_now(battle))


def _plans_now(battle: "Battle") -> list[tuple[int, list, int]]:
    """(unit, its declared actions this turn, how many so far) for each unit that has
    declared: a turn's Plan list only grows (a new Plan each turn), so its first `count`
    stay as they are when read later."""
    out = []
    for u in battle.units():
        acts = _actions(battle, u)
        if acts:
            out.append((u, acts, len(acts)))
    return out


def _declared_rows(battle: "Battle", plans: list[tuple[int, list, int]]) -> tuple[dict, ...]:
    """`declared_so_far` from `_plans_now` (names, teams and weapons never change)."""
    weapons = battle.ruleset.data.weapons
    out = []
    for u, acts, count in plans:
        name, team = battle.name(u), battle.team(u)
        for d in acts[:count]:
            out.append({"unit": u, "name": name, "team": team, "slot": d.slot,
                        "kind": d.kind, "target": d.target, "with": d.weapon,
                        "with_name": weapons[d.weapon].name if d.weapon else None})
    return tuple(out)


def initiative_order(battle: "Battle") -> tuple[tuple[int, str, int], ...]:
    """This turn's initiative, fastest first: (unit, name, total) for each unit in the
    fight (the declaration context's "initiative")."""
    return _initiative_rows(battle, battle.round, [(u, battle.get(u, Initiative))
                                                   for u in battle.units(active_only=True)])


def _initiative_rows(battle: "Battle", round_: int, inits: list) -> tuple[tuple[int, str, int], ...]:
    """`initiative_order` from (unit, Initiative) pairs: a turn's Initiative is a new
    component, left as it is once the order is set (names never change)."""
    order = sorted(((i.place, u, i.total) for u, i in inits if i.round == round_))
    return tuple((u, battle.name(u), total) for _, u, total in order)


def declaration(battle: "Battle", unit: int, slot: int,
                initiative: tuple[tuple[int, str, int], ...] | None = None,
                known: frozenset[int] | None = None) -> Decision:
    """`initiative`: this turn's `initiative_order`, `known`: `known_to_side` for the
    unit's side, when the caller has them already (the flow works them out once a turn:
    nobody moves while the turn is declared)."""
    init = battle.get(unit, Initiative)
    if known is None:
        known = known_to_side(battle, battle.team(unit))
    t = template(battle, unit)
    if initiative is None:
        # Read only if someone asks (the AI reads "slot" and "sees"); from what stands now.
        inits = [(u, battle.get(u, Initiative)) for u in battle.units(active_only=True)]
        initiative = Later(lambda round_=battle.round: _initiative_rows(battle, round_, inits))
    plans = _plans_now(battle)
    before = tiles_after(battle, slot - 1)
    context = LazyContext({
        "phase": "declare", "slot": slot, "round": battle.round,
        "initiative": initiative,
        "declared": Later(lambda: _declared_rows(battle, plans)),
        "planned_tile": before[unit],
        "planned_posture": posture_after(battle, unit, slot - 1),
        "sees": tuple(sorted(known)),
    })
    first = "" if slot == 1 else f" (action 1: {_actions(battle, unit)[0].kind})"
    prompt = (f"{battle.name(unit)} ({t.name}, initiative {init.total}): declare action {slot} of 2"
              f"{first}. Slower units have declared; faster ones will see this.")
    return Decision(unit, battle.team(unit), DECLARE, declaration_options(battle, unit, slot, known, before),
                    prompt, context)
