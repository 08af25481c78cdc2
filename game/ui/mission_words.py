"""A scenario in words: the lines the CLI, the briefing, the HUD and a zone's hover say.

No pygame here (the `scenarios` command reads it headless). Everything is read from the
map's scenario (game.world.scenario), the window's snapshot of the units and the log.

Fog [choice: the issue says a side "sees a zone and its score always, but not which
hidden enemy stands in it"]: who holds a zone is the score's state, shown to every side
like a tabletop objective marker; the units named inside it are only those the side
sees, hidden enemies are counted, not named.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from game.world.tactical_map import own_spawns

#: A zone's state at this moment: held by one side, contested, or empty.
HELD, CONTESTED, EMPTY = "held", "contested", "empty"


def kinds(scenario: Any) -> list[str]:
    """The kinds of objective a scenario plays, in the words of the issue."""
    holds = scenario.zones_of("hold")
    out = []
    if holds:
        out.append("hold" if len(holds) == 1 else f"hold x{len(holds)}")
    if scenario.victory_points is not None:
        out.append(f"{scenario.victory_points} points win")
    if scenario.zones_of("exit"):
        out.append("exit")
    if scenario.vips:
        out.append("vip")
    if scenario.survive_rounds is not None:
        out.append(f"survive {scenario.survive_rounds} rounds")
    return out or ["no objectives"]


def side_sizes(tmap: Any, ruleset: str | None = None) -> dict[int, int]:
    """Units a side fields when no squad is chosen: its spawns, or in `ruleset` the
    scenario's default squad where the map sets one (``squad_<side>.<ruleset>``)."""
    counts = Counter(s.team for s in own_spawns(tmap.spawns, ruleset or ""))  # drawn each frame: no map copy
    scenario = tmap.scenario
    if ruleset is not None and scenario is not None:
        for team in counts:
            squad = scenario.squad_for(team, ruleset)
            if squad is not None:
                counts[team] = len(squad)
    return dict(sorted(counts.items()))


def sides(tmap: Any, sizes: dict[int, int] | None = None) -> str:
    """"side 1: 5 units (attacker), side 2: 3 units": `sizes` per side (default: the
    map's spawns)."""
    sizes = side_sizes(tmap) if sizes is None else sizes
    attacker = tmap.scenario.attacker if tmap.scenario is not None else None
    return ", ".join(f"side {t}: {n} unit{'s' if n != 1 else ''}" + (" (attacker)" if t == attacker else "")
                     for t, n in sorted(sizes.items()))


def other_squads(tmap: Any) -> str:
    """The rulesets whose default squads field other numbers than the spawns, as
    "d20 5 v 5, fate 5 v 6" (sides in order); "" when every ruleset fields the spawns'."""
    spawned = side_sizes(tmap)
    out = []
    for ruleset in sorted({s.ruleset for s in tmap.scenario.squads}):
        sizes = side_sizes(tmap, ruleset)
        if sizes != spawned:
            out.append(f"{ruleset} " + " v ".join(str(n) for _, n in sorted(sizes.items())))
    return ", ".join(out)


def scenario_line(tmap: Any, ref: str) -> str:
    """The `scenarios` command's line: name, map file, kinds, sides, the rulesets that
    field other numbers or deploy elsewhere, and their own terms (" | " between)."""
    s = tmap.scenario
    parts = [s.name, ref, ", ".join(kinds(s)), sides(tmap)]
    other = other_squads(tmap)
    if other:
        parts.append("other squads: " + other)
    own = own_deployments(tmap)
    if own:
        parts.append("own spawns: " + own)
    if s.terms:
        parts.append("own terms: " + own_terms(s))
    return " | ".join(parts)


def own_deployments(tmap: Any) -> str:
    """The rulesets in which a side deploys on spawns of its own, as "actionblock side 1,
    fivebyfive side 1" (maps/README.md, "A deployment of a ruleset's own")."""
    return ", ".join(f"{r} side {t}" for r, t in sorted({(r, s.team) for s in tmap.spawns for r in s.rulesets}))


def own_terms(scenario: Any) -> str:
    """The terms rulesets set for themselves, as "d20 victory points 1, survive rounds 5;
    fate round limit 14" (maps/README.md, "Terms per ruleset")."""
    rulesets = sorted({t.ruleset for t in scenario.terms})
    return "; ".join(f"{r} " + ", ".join(f"{t.name.replace('_', ' ')} {t.value}"
                                         for t in scenario.terms if t.ruleset == r) for r in rulesets)


def rules_lines(scenario: Any, round_limit: int | None, vip_names: dict[int, str] | None = None) -> list[str]:
    """How the mission is won, one rule a line (the briefing screen's list). A VIP is
    named by `vip_names` (side: the unit's name) where the battle is at hand: in a squad
    of the player's own the VIP is whichever unit takes the VIP's spawn."""
    out = []
    for z in scenario.zones_of("hold"):
        who = f"side {z.side}" if z.side is not None else "a side"
        out.append(f"{z.name}: {who} alone in it at a round's end scores {_pts(z.points)}.")
    for z in scenario.zones_of("exit"):
        out.append(f"{z.name}: side {z.side} may leave the battle here, scoring {_pts(z.points)} each.")
    for v in scenario.vips:
        fall = "loses the battle" if v.points is None else f"gives the enemy {_pts(v.points)}"
        name = (vip_names or {}).get(v.team)
        who = f" is {name}" if name else f" (the unit that starts at {v.x},{v.y})"
        out.append(f"Side {v.team}'s VIP{who}: its fall {fall}.")
    if scenario.victory_points is not None:
        level = " (reached together and level, play goes on)" if _both_score(scenario) else ""
        verb = "wins" if scenario.victory_points == 1 else "win"  # "1 point wins", "2 points win"
        out.append(f"{_pts(scenario.victory_points).capitalize()} {verb} at once{level}.")
    if scenario.survive_rounds is not None:
        out.append(f"Side {scenario.attacker} attacks: the defenders win if one still stands "
                   f"when round {scenario.survive_rounds} ends.")
    if round_limit is not None and not _held_to_the_end(scenario, round_limit):
        out.append(f"After round {round_limit}, more points win; equal points is a draw.")
    out.append("Taking out every enemy still wins.")
    return out


def _both_score(scenario: Any) -> bool:
    """Can more than one side score? Where only one can (a hold zone or an exit of the
    attacker's alone), no tie at the victory points can happen, and the briefing does not
    speak of one."""
    if any(z.side is None and z.points > 0 for z in scenario.zones) or any(v.points for v in scenario.vips):
        return True  # a zone any side scores; a VIP whose fall scores for the other side
    return len({z.side for z in scenario.zones if z.points > 0}) > 1


def _held_to_the_end(scenario: Any, round_limit: int) -> bool:
    """Does the survive rule decide the battle's last round (its round is the round
    limit or later)? Then the points never decide at the limit: the defenders win by
    standing, and a side with none standing has lost already."""
    return scenario.survive_rounds is not None and scenario.survive_rounds >= round_limit


def _pts(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def standing(view: Any, zone: Any) -> dict[int, list[Any]]:
    """The standing units inside `zone` by side, read from the window's snapshot
    (game.ui.snapshot.BoardView): the window never touches the Battle while the AI
    thinks. The same rule as game.engine.objectives.standing_in."""
    found: dict[int, list[Any]] = {}
    for u in sorted(view.units.values(), key=lambda u: u.id):
        if u.active and u.tile in zone.tiles:
            found.setdefault(u.team, []).append(u)
    return found


def zone_state(view: Any, zone: Any) -> tuple[str, int | None]:
    """(HELD, side) / (CONTESTED, None) / (EMPTY, None) as the round's end would score
    it now."""
    inside = standing(view, zone)
    if len(inside) == 1:
        return HELD, next(iter(inside))
    return (CONTESTED, None) if inside else (EMPTY, None)


def holder_words(zone: Any, state: str, side: int | None) -> str:
    """Who holds a zone, in words: "held by side 1", "contested", "empty"; a side alone in
    a zone that scores for the other side only "blocks" it (it scores nothing there, and
    stops the other scoring): "held by side 1" on Hold Out's bunker (side 2 only) read
    as if side 1 scored it."""
    if state == HELD and zone.side is not None and side != zone.side:
        return f"blocked by side {side}"
    return {HELD: f"held by side {side}", CONTESTED: "contested", EMPTY: "empty"}[state]


def zone_hover(view: Any, zone: Any, shown: Iterable[int] | None) -> str:
    """What a zone is worth and who holds it, for the pointer over it. `shown`: the
    units the side at the keyboard sees (None: no fog): others are not named."""
    if zone.kind == "exit":
        return f"{zone.name}: exit for side {zone.side}, {_pts(zone.points)} for each unit that leaves"
    worth = f"{zone.name}: {_pts(zone.points)} a round" + (f" (side {zone.side} only)" if zone.side else "")
    state, side = zone_state(view, zone)
    seen = None if shown is None else set(shown)
    names, hidden = [], 0
    for _, units in sorted(standing(view, zone).items()):
        for u in units:
            if seen is None or u.id in seen:
                names.append(u.name)
            else:
                hidden += 1
    who = holder_words(zone, state, side)
    inside = ", ".join(names + ([f"{hidden} unseen"] if hidden else []))
    return f"{worth}; {who}" + (f": {inside}" if inside else "")


def scored(log: Iterable[Any], teams: Iterable[int]) -> dict[int, int]:
    """Each side's points in `log` (the events so far): game.engine.objectives.points
    over a log the window holds, not the battle it may not touch while the AI thinks."""
    totals = {team: 0 for team in teams}
    for event in log:
        if type(event).__name__ == "PointsScored":
            totals[event.side] = totals.get(event.side, 0) + event.points
    return totals


def last_round(log: Iterable[Any], round_no: int) -> int:
    """The round to name: `round_no`, or once the battle has ended the round it ended
    in (BattleEnded.rounds). A mission decided at a round's end (points, holding out)
    ends after the engine has counted on to the next round: the tracker said "Round 7
    of 6" and the results "7 rounds" of a battle won when round 6 ended."""
    for event in reversed(list(log)):
        if type(event).__name__ == "BattleEnded":
            return event.rounds
    return round_no


def score_text(scenario: Any, round_no: int, max_rounds: int, totals: dict[int, int]) -> str:
    """The HUD's tracker: "Round 3 of 8 · points 1: 1 – 2: 0 · 3 to win"."""
    parts = [f"Round {max(1, round_no)} of {max_rounds}",
             "points " + " – ".join(f"{t}: {p}" for t, p in sorted(totals.items()))]
    if scenario.victory_points is not None:
        parts.append(f"{scenario.victory_points} to win")
    if scenario.survive_rounds is not None:
        defender = scenario.defender(sorted(totals))
        parts.append(f"side {defender} holds out to round {scenario.survive_rounds}")
    return " · ".join(parts)
