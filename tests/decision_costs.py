"""What one AI decision costs as squads and maps grow (issue 27's scale targets).

    python -m tests.decision_costs [RULESET ...] [--levels normal,hard] [--sides 32,64,128]
                                   [--squads 5,10,20] [--rounds 3] [--seed 0]

Plays short battles on generated open maps (a square of side L with a lattice of
light cover and sight-blocking brush, so sight and cover matter), N units a side
deployed in rows at opposite edges, each side at LEVEL, and times every decision
(CPU, `time.process_time`, around `decide` alone: the rules' own work is not in it).
Prints per ruleset, level, L and N: decisions, median, p99 and max ms. A decision's
cost should grow at most linearly in N and in L: the last columns give the p50
relative to the smallest size measured in that row's family.
"""

from __future__ import annotations

import argparse
import statistics
import time

from game.ai import ai_levels, make_ai
from game.engine.battle import Battle, UnitOrder
from game.rulesets import load_ruleset
from game.world.tactical_map import TacticalMap
from tests.helpers import ascii_map

RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")
ARCHETYPES = ("brawler", "gunner", "marksman", "guardian", "scout")


def open_field(side: int) -> TacticalMap:
    """A side x side field (tests.helpers' legend): floor, light cover every 6 tiles,
    brush (walkable, blocks sight, concealment) every 6 tiles offset by 3."""
    cells = [["."] * side for _ in range(side)]
    for x in range(3, side - 3, 6):
        for y in range(3, side - 3, 6):
            cells[y][x] = "l"
            if x + 3 < side - 3 and y + 3 < side - 3:
                cells[y + 3][x + 3] = "c"
    return ascii_map(["".join(row) for row in cells])


def squads(tmap: TacticalMap, ruleset, per_side: int) -> list[UnitOrder]:
    """`per_side` units a side in rows from the west and east edges, on walkable tiles."""
    orders = []
    for team, xs in ((1, range(0, tmap.width)), (2, range(tmap.width - 1, -1, -1))):
        placed = 0
        for x in xs:
            for y in range(tmap.height // 2 - per_side, tmap.height // 2 + per_side):
                if placed < per_side and 0 <= y < tmap.height and tmap.walkable[x, y]:
                    template = ruleset.template_for(ARCHETYPES[placed % len(ARCHETYPES)])
                    orders.append(UnitOrder(team, template, x, y))
                    placed += 1
            if placed == per_side:
                break
    return orders


def decision_times(ruleset_id: str, level: str, side: int, per_side: int, rounds: int, seed: int) -> list[float]:
    """CPU ms of every AI decision in one battle of `rounds` rounds."""
    tmap = open_field(side)
    ruleset = load_ruleset(ruleset_id)
    battle = Battle(tmap, ruleset, squads(tmap, ruleset, per_side), seed=seed, max_rounds=rounds)
    ais = {team: make_ai(ruleset_id, seed * 10 + team, level) for team in battle.teams()}
    times = []
    try:
        for _ in range(100_000):
            if battle.pending is None:
                break
            decision = battle.pending
            start = time.process_time()
            choice = ais[decision.side].decide(battle, decision)
            times.append((time.process_time() - start) * 1000)
            battle.submit(choice)
    finally:
        battle.close()
    return times


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.decision_costs")
    parser.add_argument("rulesets", nargs="*", default=list(RULESETS))
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--sides", default="32,64,128")
    parser.add_argument("--squads", default="5,10,20")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    sides = [int(s) for s in args.sides.split(",")]
    sizes = [int(n) for n in args.squads.split(",")]
    print(f"{'ruleset':<12}{'level':<8}{'L':>5}{'N':>4}{'decisions':>10}{'p50 ms':>9}{'p99 ms':>9}"
          f"{'max ms':>9}{'p50 vs L0':>10}{'p50 vs N0':>10}", flush=True)
    for rid in args.rulesets:
        for level in args.levels.split(","):
            if level not in ai_levels(rid):
                continue
            medians: dict[tuple[int, int], float] = {}
            decision_times(rid, level, 16, 3, 2, args.seed + 1)  # warm-up: imports, data, first calls
            for side in sides:
                for n in sizes:
                    times = decision_times(rid, level, side, n, args.rounds, args.seed)
                    if not times:
                        continue
                    p50 = statistics.median(times)
                    medians[side, n] = p50
                    vs_l = p50 / medians[sides[0], n] if (sides[0], n) in medians else float("nan")
                    vs_n = p50 / medians[side, sizes[0]] if (side, sizes[0]) in medians else float("nan")
                    print(f"{rid:<12}{level:<8}{side:>5}{n:>4}{len(times):>10}{p50:>9.2f}{p99(times):>9.2f}"
                          f"{max(times):>9.2f}{vs_l:>10.2f}{vs_n:>10.2f}", flush=True)


if __name__ == "__main__":
    main()
