"""What standing on a tile is worth to a unit, by a scenario's objectives (issue 28).

The ground of game/ai/missions.py, in victory points, over a battle it only reads: a
hold zone's points (scored, or denied to the enemy standing in it), an exit of the
unit's side, the walk toward the best of them; a VIP's exposure to the enemies' sight
counts against. A zone's points weigh more as the battle's end and the round's end
near, and more when they decide the battle; when the sides race to the victory points
for a draw (`tied_race`), every unit goes to deny a zone the enemy holds alone; when
a contested zone's point would decide the battle and the side is not ahead (`flush`),
every unit goes to see the enemy standing in it. A VIP holds no zone while an ally
stands, and a captain (a VIP with points) backs no holder up (game/ai/mission_vip.py
says which unit is what). `threat` is the other
way round: what an enemy is about to score or deny, for the hunt of missions.hunted.
Ties between tiles go the same way for both sides of a point-mirrored map: the
mission's move reads them in the side's own frame (game/ai/side_frame.py, `turned`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.ai import mission_clock, mission_defence
from game.ai.mission_clock import round_limit
from game.ai.mission_vip import (ESCORT, VIP_STAKE, captain, escorting, evacuates, exposure_stake, guarded,
                                 kept_back)
from game.engine import objectives
from game.world.paths import UNREACHABLE, distance_field
from game.world.scenario import Scenario, Zone
from game.world.sight import fov, terrain_memo

BACKUP = 0.3  # a second unit in a zone its side already holds: a guard against a contest
# ... but not in a zone an enemy stands in: a second body there scores nothing (taking
# the enemy out does: the hunt of missions.hunted). Watched (mahou, Hold the Well): the
# marksman and the gunner walked into the contested crossing beside the holder and fell
# in the melee there. Measured (tests.mission_ladder --shipped, 100 battles a pairing,
# aware vs blind): d20, mahou, fate, fivebyfive, actionblock 58, 44, 59, 89, 90% with
# the backup kept in a contested zone; 57, 69, 60, 87, 90% without.
BACKUP_CONTESTED = 0.0
# ... unless the race is tied: when, the zones held as they stand, both sides would reach
# the victory points in the same round (a draw), every unit counts a zone the enemy
# holds alone at this many times its points: stepping in stops their score there and
# breaks the tie. Watched (actionblock, Three Farms mirror): each side's guardian held
# the lane nearer its spawn, the crossing stood contested, and 6-6 ended 14 of 100
# battles. Measured (tests.mission_ladder --shipped, Three Farms, 100 battles a
# pairing): actionblock mirror draws 14% -> 8, 3, 0 at 2, 4, 8; mahou 6% -> 3, 4, 4.
# Counted whenever the race is not won (behind too), at 4: draws 2% and 1%, but aware
# vs blind fell in mahou from 71 to 64% (a blind side holds a zone by chance, and the
# whole squad ran into its melee).
DENY_TIED = 4.0
# A contested zone whose point decides the battle, the side not ahead: the tiles that see
# an enemy standing in it, this share of its worth (`flush`). Measured (tests.mission_ladder
# --shipped, Two Captains, fate, 100 battles, before it waited for the side not to be
# ahead): 0.3, 0.6, 1.2 played the same battles (aware 58%, mirror 44-45% / 15-16% drawn).
FLUSH = 0.6
DENY_ONLY = 0.5  # standing in an enemy-only zone nobody holds: it cannot score while we stand there
APPROACH = 0.5  # walking toward the best zone: this share of its worth, fading with the distance
APPROACH_TILES = 4.0  # ... halved at this many tiles of walking
LATE = 1.0  # a zone's worth grows by this share over the battle, to the last round ...
WITHIN = 0.5  # ... and by up to this share within a round, the later the unit acts
DECIDES = 2.0  # ... and is multiplied by this when its points decide the battle


def scenario_of(battle: Any) -> Scenario | None:
    return objectives.scenario_of(battle)


def lateness(battle: Any, scenario: Scenario) -> float:
    """How much a zone's points weigh now: 1 + LATE x (round / round limit), so the
    last round weighs 1 + LATE; plus WITHIN x the share of the round's turn order
    already played (a unit acting later has fewer turns left before the round ends that
    could undo its stand)."""
    limit = max(1, round_limit(battle, scenario))
    order = list(getattr(battle, "turn_order", ()) or ())
    actor = getattr(battle.pending, "actor", None) if getattr(battle, "pending", None) else None
    within = order.index(actor) / len(order) if actor in order else 0.0
    return 1.0 + LATE * min(1.0, max(1, battle.round) / limit) + WITHIN * within


def decides(battle: Any, scenario: Scenario, side: int, totals: dict[int, int], gain: int) -> bool:
    """Would `gain` more points for `side` decide the battle: reach the victory points,
    or, on the last round, change who leads?"""
    if scenario.victory_points is not None and totals.get(side, 0) + gain >= scenario.victory_points:
        return True
    if battle.round >= round_limit(battle, scenario):
        best_other = max((p for t, p in totals.items() if t != side), default=0)
        return totals.get(side, 0) <= best_other < totals.get(side, 0) + gain + 1
    return False


def zone_worth(battle: Any, scenario: Scenario, side: int, zone: Zone, totals: dict[int, int]) -> float:
    """What standing in `zone` at this round's end is worth to `side`, in points."""
    worth = zone.points * lateness(battle, scenario)
    if decides(battle, scenario, side, totals, zone.points):
        worth *= DECIDES
    return worth


def exit_worth(battle: Any, scenario: Scenario, unit: int, side: int, zone: Zone,
               totals: dict[int, int]) -> float:
    """What leaving by `zone` is worth to `unit`, in points: the exit's points; a VIP
    whose fall ends the battle adds its stake (once off the board it cannot fall); while
    such a VIP of its side is still on the board, another unit's exit counts ESCORT of
    its worth until the last round. Watched ("Evacuation", d20, aware side 1): the
    runners left first, scored the three points, and the officer, left alone, fell
    before the round's end in 6 of 10 battles: a loss at once."""
    worth = zone_worth(battle, scenario, side, zone, totals) if zone.points > 0 else 0.0
    if guarded(battle, unit):
        return worth + VIP_STAKE
    return worth * ESCORT if escorting(battle, scenario, unit, side) else worth


def _distances(battle: Any, zone: Zone) -> np.ndarray:
    """Walking distance (terrain only) from every tile to the zone: kept with the map."""
    key = ("mission zone distances", zone.kind, zone.name, zone.tiles)
    return terrain_memo(battle.map, key, lambda: distance_field(battle.map, sorted(zone.tiles)))


def _mask(battle: Any, tiles: frozenset) -> np.ndarray:
    mask = np.zeros(battle.map.shape, bool)
    xs, ys = zip(*tiles)
    mask[list(xs), list(ys)] = True
    return mask


def nearest_of_side(battle: Any, zone: Zone, unit: int, side: int) -> bool:
    """Is `unit` the standing unit of its side nearest the zone (walking)? Only that one
    goes for it: the others back it up and fight on, not the whole squad in the open.
    A VIP (`kept_back`) is never the one while another unit stands (watched: in "The
    Envoy" the envoy, the squad's fastest, ran ahead to the radio room as its holder
    and fell there, in 18 of 20 actionblock battles)."""
    if kept_back(battle, unit):
        return all(kept_back(battle, u) for u in battle.units(side, active_only=True))
    dist = _distances(battle, zone)

    def rank(u: int) -> tuple:
        # Equals by walk go by name, then entity: a side's entities are numbered in the
        # file's spawn order, which the mirrored side reads the other way round (its
        # scout first where side 1's brawler is), so the entity alone favoured a side
        # (mahou's Three Farms mirror, 100 battles: side 1 won 37, 11 drawn; by name 47, 6).
        return int(dist[battle.tile(u)]), battle.name(u), u
    mine = rank(unit)
    return not any(rank(u) < mine for u in battle.units(side, active_only=True)
                   if u != unit and not kept_back(battle, u))


def _aims(battle: Any, scenario: Scenario, unit: int, side: int) -> list[tuple[Zone, float]]:
    """Every zone the unit may go to, with what standing in it is worth (points)."""
    totals = objectives.points(battle)
    aims = []
    for zone, worth in _zone_aims(battle, scenario, unit, side, totals):
        # Every unit that leaves by an exit scores it; a hold zone needs one unit.
        goes = zone.kind == "exit" or nearest_of_side(battle, zone, unit, side)
        if not goes and captain(battle, unit):
            continue  # a captain backs no holder up: it keeps out of the zones' fights
        if not goes:
            inside = objectives.standing_in(battle, zone)
            contested = any(t != side for t in inside)
            theirs_alone = contested and not any(u != unit for u in inside.get(side, []))
            if theirs_alone and tied_race(battle, scenario, side):
                worth *= DENY_TIED
            else:
                worth *= BACKUP_CONTESTED if contested else BACKUP
        aims.append((zone, worth))
    return aims


def _zone_aims(battle: Any, scenario: Scenario, unit: int, side: int,
               totals: dict[int, int]) -> list[tuple[Zone, float]]:
    aims = []
    for zone in scenario.zones:
        if zone.kind == "exit":
            if zone.side == side and _sets_out(battle, scenario, unit, side, zone):
                worth = exit_worth(battle, scenario, unit, side, zone, totals)
                if worth > 0:
                    aims.append((zone, worth))
            continue
        inside = objectives.standing_in(battle, zone)
        ours = [u for u in inside.get(side, []) if u != unit]
        theirs = [t for t in inside if t != side]
        if zone.side in (None, side):
            # Ours already: the nearest (one inside) keeps it, others guard it (BACKUP).
            # Theirs: stepping in denies them.
            aims.append((zone, zone_worth(battle, scenario, side, zone, totals)))
        elif theirs and not ours:  # their zone, held by them: our stand there denies it
            aims.append((zone, zone_worth(battle, scenario, zone.side, zone, totals)))
        elif not ours and mission_defence.denies_empty(battle, scenario, side):
            aims.append((zone, zone.points * DENY_ONLY))
    return aims


def _sets_out(battle: Any, scenario: Scenario, unit: int, side: int, zone: Zone) -> bool:
    """Does `zone`, an exit of the unit's side, count now (game/ai/mission_clock.py)?
    For a side whose VIP must get out by its own exit, when the clock calls (from
    anywhere: its officer must get out); for any other, within this turn's reach, or
    from anywhere for the side's unit nearest it when one unit out wins the battle."""
    walk = float(_distances(battle, zone)[battle.tile(unit)])
    if walk >= UNREACHABLE:
        return False
    if evacuates(scenario, side) and any(guarded(battle, u) for u in battle.units(side, active_only=True)):
        return mission_clock.time_to_go(battle, unit, walk, round_limit(battle, scenario) - battle.round + 1)
    if mission_clock.wins_by_leaving(scenario, objectives.points(battle).get(side, 0), zone.points):
        return nearest_of_side(battle, zone, unit, side)  # one runner, from anywhere; the rest fight
    return mission_clock.in_reach(battle, unit, walk)


def pace(battle: Any, scenario: Scenario, side: int) -> int:
    """The points `side` would score at this round's end, the zones held as they stand:
    those it stands in alone (and may score)."""
    return sum(zone.points for zone in scenario.zones
               if zone.kind == "hold" and zone.side in (None, side)
               and list(objectives.standing_in(battle, zone)) == [side])


def tied_race(battle: Any, scenario: Scenario, side: int) -> bool:
    """Would `side` and an enemy side, holding the zones as they stand, reach the victory
    points in the same round with equal points (the engine plays on then, and neither
    gains by the race; if one has more, it wins)?"""
    if scenario.victory_points is None:
        return False
    totals = objectives.points(battle)

    def race(team: int) -> tuple[float, float]:
        """(rounds to reach the victory points, the points then)"""
        step = pace(battle, scenario, team)
        if not step:
            return float("inf"), 0.0
        rounds = -(-(scenario.victory_points - totals.get(team, 0)) // step)
        return rounds, totals.get(team, 0) + rounds * step
    mine = race(side)
    return mine[0] < float("inf") and any(race(t) == mine for t in battle.teams() if t != side)


def threat(battle: Any, scenario: Scenario, enemy: int) -> float:
    """What `enemy` is about to do to the mission, in points: standing in a hold zone it
    scores or contests (taking it out there gives the zone back), or near its exit (the
    exit's points, fading with the walk like APPROACH). The hunt of game/ai/missions.py
    weighs an attack on it by this."""
    side = battle.team(enemy)
    tile = battle.tile(enemy)
    totals = objectives.points(battle)
    worst = 0.0
    for zone in scenario.zones:
        if zone.points <= 0:
            continue
        if zone.kind == "hold" and tile in zone.tiles:
            inside = objectives.standing_in(battle, zone)
            # it scores the zone (its side alone there), or denies it to the other side
            scorers = [t for t in ([side] if len(inside) == 1 else inside) if zone.side in (None, t)]
            worst = max([worst] + [zone_worth(battle, scenario, t, zone, totals) for t in scorers])
        elif zone.kind == "exit" and zone.side == side:
            dist = float(_distances(battle, zone)[tile])
            if dist < UNREACHABLE:
                near = zone_worth(battle, scenario, side, zone, totals) / (1.0 + dist / APPROACH_TILES)
                worst = max(worst, near)
    return worst


def ground(battle: Any, unit: int) -> np.ndarray:
    """What standing on each tile at the round's end is worth to `unit`, in points
    (the grid of the map; kept for the decision)."""
    def compute() -> np.ndarray:
        scenario = scenario_of(battle)
        side = battle.team(unit)
        grid = np.zeros(battle.map.shape, float)
        for zone, worth in _aims(battle, scenario, unit, side):
            dist = _distances(battle, zone).astype(float)
            walk = np.where(dist >= UNREACHABLE, 0.0, APPROACH * worth / (1.0 + dist / APPROACH_TILES))
            grid = np.maximum(grid, np.where(_mask(battle, zone.tiles), worth, walk))
        grid += flush(battle, scenario, side)
        stake, share = exposure_stake(battle, scenario, unit, side)
        if stake and share:
            grid -= stake * share * seen_by_enemies(battle, side)
        return grid
    return battle.memo(("mission ground", unit), compute)


def seen_by_enemies(battle: Any, side: int) -> np.ndarray:
    """How many standing enemies see each tile (sight is symmetric: their fields of view)."""
    def compute() -> np.ndarray:
        count = np.zeros(battle.map.shape, float)
        for enemy in battle.units(active_only=True):
            if battle.team(enemy) != side:
                count += fov(battle.map, battle.tile(enemy))
        return count
    return battle.memo(("mission seen by enemies", side), compute)


def flush(battle: Any, scenario: Scenario, side: int) -> np.ndarray:
    """A zone held against an enemy standing in it, whose point would decide the battle
    while `side` is not ahead: the tiles that see an enemy in it are worth FLUSH of the
    zone to every unit of the side (go and find the one who contests it; the holder too,
    inside). Watched (fate, Two Captains mirror, 13 of 60 drawn): both captains had
    fallen, 3-3, one point in the courtyard would win, and from round 12 to 20 a unit
    of each side stood in it on either side of its inner walls, none seeing another,
    while the others stood outside counting the contested zone at nothing. Only then:
    drawn to them at every score (tried, issue 28's third pass), the aware side lost
    more than the mirror gained. The same for every unit of the side: kept for the
    decision, as `seen_by_enemies`."""
    return battle.memo(("mission flush", side), lambda: _flush(battle, scenario, side))


def _flush(battle: Any, scenario: Scenario, side: int) -> np.ndarray:
    totals = objectives.points(battle)
    ahead = totals.get(side, 0) > max((p for t, p in totals.items() if t != side), default=0)
    extra = np.zeros(battle.map.shape, float)
    if ahead:
        return extra  # ahead, holding on is enough
    for zone in scenario.zones:
        if zone.kind != "hold" or zone.side not in (None, side):
            continue
        inside = objectives.standing_in(battle, zone)
        enemies = [u for team, units in inside.items() if team != side for u in units]
        if side not in inside or not enemies or not decides(battle, scenario, side, totals, zone.points):
            continue
        sees = np.zeros(battle.map.shape, bool)
        for enemy in enemies:
            sees |= fov(battle.map, battle.tile(enemy)).astype(bool)
        extra += FLUSH * zone_worth(battle, scenario, side, zone, totals) * sees
    return extra
