"""A scenario's objectives: the engine's rules, written once for every ruleset.

The map's scenario (game.world.scenario) names zones, VIPs and the ways to win; these
rules score them. No ruleset text says anything about missions, so none has code of
its own here: every ruleset's flow already calls `check_round_limit` as a round
begins and `check_victory` after anything that can take a unit out (game.engine.flow),
and those call in here.

- **Hold** (each round's end): a side with a standing unit inside a zone and no
  standing enemy inside scores the zone's points (only the zone's `side`, if it names
  one). A zone both sides stand in scores nothing.
- **Victory points**: a side that reaches the scenario's `victory_points` at a round's
  end wins at once; if both reach it together, the one with more wins, and with equal
  points the battle plays on, the next round's end or the round limit deciding
  [choice: the issue says "the first side to reach it wins", and tied, neither was
  first; until stop 40 a tie was a draw, 5% of fate's Three Farms mirrors at 4 points].
- **VIP**: when a VIP is taken out, the other side wins at once, or scores the VIP's
  points where the map gives it some. A VIP that leaves by its side's exit is safe,
  not taken out [choice: the issue says a unit that leaves "counts as safe"].
- **Survive**: with an attacker and `survive_rounds` N, the defending side wins if it
  still has a standing unit when round N ends.
- **Exit**: a unit of the exit's side that stands in it when its turn (or its
  declaration) comes may leave the battle: the engine offers it one more option,
  "leave". It is safe, not a casualty: it leaves the board and its side scores the
  exit's points. Off the board it holds no tile: `Battle.units()` no longer lists it,
  so no ruleset counts its tile taken, blocks a move with it or targets it. Its turn then ends as the ruleset's own "end turn" (or "hold")
  would end it [choice: the issue says "ends its move there"; offering the exit at
  the start of a turn and after each move reaches the same tiles, and needs no
  ruleset to change].
- **Round limit**: the side with more points wins; equal points is a draw.
- Elimination still ends a battle (the last side standing wins), before any of these;
  but once units have left by an exit, a battle with at most one side still standing
  is decided as its end would decide it (`holds_out_alone`): the side holding out of a
  survive mission, standing, wins, unless the points have already reached the victory
  points (nothing is left on the board that could stop it standing when its round
  ends, and that round's end gives it the win whatever the points); else the points
  decide [choice: a breakthrough whose runners all escaped is the attacker's win, not
  the defender's; one whose runners fell short of the victory points, some out and
  the rest fallen, is the guards' win, as it would be when round N ends].
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.engine.components import OutOfFight
from game.engine.decisions import DECLARE, TARGET_NONE, TURN, Choice, Decision, Option
from game.engine.events import BattleEnded, LeftBattle, PointsScored

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.world.scenario import Scenario, Zone


@dataclass(frozen=True)
class Vip:
    """This unit is its side's VIP. `points`: what its fall scores the other side;
    None: its fall ends the battle at once."""

    points: int | None = None


@dataclass(frozen=True)
class Left:
    """This unit left the battle by an exit: safe, not a casualty."""

    zone: str


LEAVE = "leave"
#: The ruleset options that end a unit's turn (or its declaration) doing nothing more:
#: what the engine answers the ruleset with once a unit has left.
ENDERS = ("end_turn", "hold", "pass", "end", "wait")


def scenario_of(battle: "Battle") -> "Scenario | None":
    """The battle's mission as its ruleset plays it (`Battle.scenario`), or None."""
    return battle.scenario


def setup(battle: "Battle") -> None:
    """Mark the VIPs: the unit each VIP spawn fielded (its team, on its tile)."""
    scenario = scenario_of(battle)
    if scenario is None:
        return
    for mark in scenario.vips:
        for unit in battle.units(mark.team):
            if battle.tile(unit) == (mark.x, mark.y):
                battle.add(unit, Vip(mark.points))
                break


def points(battle: "Battle") -> dict[int, int]:
    """Each side's victory points so far, from the log (every point is an event)."""
    totals = {team: 0 for team in battle.teams()}
    for event in battle.log:
        if isinstance(event, PointsScored):
            totals[event.side] = totals.get(event.side, 0) + event.points
    return totals


def standing_in(battle: "Battle", zone: "Zone") -> dict[int, list[int]]:
    """The standing units inside `zone`, by side (units sorted)."""
    found: dict[int, list[int]] = {}
    for unit in battle.units(active_only=True):
        if battle.tile(unit) in zone.tiles:
            found.setdefault(battle.team(unit), []).append(unit)
    return found


def score_line(totals: dict[int, int]) -> str:
    return "–".join(str(totals[t]) for t in sorted(totals))


def round_ended(battle: "Battle", round_no: int) -> bool:
    """Score the round that just ended, then end the battle if a mission says so.
    True when the battle is over."""
    scenario = scenario_of(battle)
    if scenario is None or battle.over:
        return battle.over
    for zone in scenario.zones_of("hold"):
        inside = standing_in(battle, zone)
        if len(inside) == 1:
            (side, units), = inside.items()
            if zone.side in (None, side) and zone.points > 0:
                battle.emit(PointsScored(side, zone.points, zone.name, round_no,
                                         tuple(battle.name(u) for u in units)))
    totals = points(battle)
    target = scenario.victory_points
    if target is not None:
        best = max(totals.values())
        ahead = [t for t, p in totals.items() if p == best]
        if best >= target and len(ahead) == 1:  # tied at the target: nobody was first, play on
            _end_on_points(battle, totals, round_no, f"victory points {score_line(totals)}",
                           "victory points")
            return True
    if round_no == scenario.survive_rounds:
        defender = scenario.holder(battle.teams())
        if defender is not None and battle.units(defender, active_only=True):
            battle.emit(BattleEnded(defender, round_no, f"survived {round_no} rounds", how="survived"))
            return True
    return False


def at_round_limit(battle: "Battle") -> bool:
    """The round limit in a scenario: more points wins, equal points is a draw. False
    in a plain battle (the engine's draw applies)."""
    if scenario_of(battle) is None:
        return False
    totals = points(battle)
    _end_on_points(battle, totals, battle.max_rounds,
                   f"round limit {battle.max_rounds}, points {score_line(totals)}", "round limit")
    return True


def _end_on_points(battle: "Battle", totals: dict[int, int], rounds: int, reason: str, how: str) -> None:
    best = max(totals.values())
    leaders = [t for t, p in totals.items() if p == best]
    winner = leaders[0] if len(leaders) == 1 else None
    battle.emit(BattleEnded(winner, rounds, reason, how=how))


def vip_fallen(battle: "Battle") -> bool:
    """A VIP out of the fight: its side loses at once, or the other side scores its
    points (once). True when the battle is over."""
    if scenario_of(battle) is None or battle.over:
        return battle.over
    for unit, vip in battle.query(Vip):
        if battle.active(unit) or has_left(battle, unit):
            continue  # standing, or safe off the board by an exit: not fallen
        side = battle.team(unit)
        others = [t for t in battle.teams() if t != side]
        if vip.points is None:
            winner = others[0] if len(others) == 1 else None
            battle.emit(BattleEnded(winner, battle.round, f"the VIP {battle.name(unit)} fell", how="vip"))
            return True
        if not any(isinstance(e, PointsScored) and e.zone == _vip_label(battle, unit) for e in battle.log):
            for other in others:
                battle.emit(PointsScored(other, vip.points, _vip_label(battle, unit), battle.round, ()))
    return False


def _vip_label(battle: "Battle", unit: int) -> str:
    return f"VIP {battle.name(unit)}"


# --- exits ---------------------------------------------------------------------------
def exit_here(battle: "Battle", unit: int) -> "Zone | None":
    """The exit zone of the unit's side it stands in, if any."""
    scenario = scenario_of(battle)
    if scenario is None or not battle.active(unit):
        return None
    tile, side = battle.tile(unit), battle.team(unit)
    for zone in scenario.zones_of("exit"):
        if zone.side == side and tile in zone.tiles:
            return zone
    return None


def offer_exit(battle: "Battle", decision: Decision | None) -> Decision | None:
    """The decision, with "leave" added where its unit stands in its side's exit and the
    ruleset lets it end its turn (a turn or a declaration)."""
    if decision is None or decision.kind not in (TURN, DECLARE) or decision.option(LEAVE) is not None:
        return decision
    zone = exit_here(battle, decision.actor)
    if zone is None or _ender(decision) is None:
        return decision
    unit = "point" if zone.points == 1 else "points"
    leave = Option(LEAVE, "Leave the battle", f"scores {zone.points} {unit}", hotkey="x",
                   description=f"Leave by {zone.name}: safe, not a casualty; "
                               f"side {zone.side} scores {zone.points} {unit}.")
    return replace(decision, options=decision.options + (leave,))


def leave(battle: "Battle", decision: Decision) -> Choice:
    """Carry out "leave": the unit is safe off the board and its side scores the
    exit's points. Returns the ruleset's own choice that ends the unit's turn."""
    unit = decision.actor
    zone = exit_here(battle, unit)
    battle.add(unit, Left(zone.name))
    battle.add(unit, OutOfFight("left the battle"))
    battle.emit(LeftBattle(unit, battle.name(unit), zone.name))
    if zone.points > 0:
        battle.emit(PointsScored(zone.side, zone.points, zone.name, battle.round, (battle.name(unit),)))
    return _ender(decision).choice()


def has_left(battle: "Battle", unit: int) -> bool:
    return battle.try_get(unit, Left) is not None


def left_units(battle: "Battle", team: int) -> list[int]:
    """The units of `team` that left the battle by an exit (safe, off the board), sorted."""
    return sorted(u for u, _ in battle.query(Left) if battle.team(u) == team)


def passing(decision: Decision) -> Choice:
    """The answer that does nothing more for a unit that has left: the ruleset's own
    end (or pass), else its first option that needs no target."""
    opt = _ender(decision) or next((o for o in decision.options if o.target_kind == TARGET_NONE),
                                   decision.options[0])
    return opt.choice(None if opt.target_kind == TARGET_NONE else opt.targets[0])


def _ender(decision: Decision) -> Option | None:
    for key in ENDERS:
        opt = decision.option(key)
        if opt is not None and opt.target_kind == TARGET_NONE and not opt.params:
            return opt
    return None


def decided_by_points(battle: "Battle") -> bool:
    """At most one side stands and units have left by an exit: the battle ends as its
    end would decide it (`holds_out_alone`; True, the battle ended); else False
    (elimination decides)."""
    if scenario_of(battle) is None or battle.over or not battle.query(Left):
        return False
    totals = points(battle)
    holder = holds_out_alone(battle, battle.standing_teams(), totals)
    if holder is not None:
        battle.emit(BattleEnded(holder, battle.round, f"no attacker left on the board, points "
                                f"{score_line(totals)}: side {holder} holds out", how="survived"))
        return True
    _end_on_points(battle, totals, battle.round, f"no side left to fight, points {score_line(totals)}",
                   "victory points")
    return True


def holds_out_alone(battle: "Battle", standing: list[int], totals: dict[int, int]) -> int | None:
    """The side holding out of a survive mission, when it alone is `standing` and no
    side has reached the victory points: nothing is left on the board that could stop
    it standing when its round ends, and that round's end is its win (`round_ended`
    checks the victory points first). Else None: the points decide."""
    scenario = scenario_of(battle)
    defender = scenario.holder(battle.teams()) if scenario is not None else None
    if defender is None or standing != [defender]:
        return None
    target = scenario.victory_points
    if target is not None and any(p >= target for p in totals.values()):
        return None
    return defender
