"""Measuring the 5x5 AI (a tool, not a test: pytest does not collect it).

    python -m tests.fivebyfive.measure speed [--battles 10] [--map woodland]
        CPU time (time.process_time) of whole AI-against-AI battles, seeds 0..N-1, and
        the AI's decision times; the median is the issue's figure.
    python -m tests.fivebyfive.measure duel A B [--map M] [--battles N] [--seed S]
        level A against level B (normal, hard, easy, greedy, random); A takes side 1 in
        even battles and side 2 in odd ones (a mirror when A == B: side 1 always A).
        Also counts deaths a defender chose when another choice existed.
    python -m tests.fivebyfive.measure paired A B [--seeds N] [--seed S]
        as the ladder plays a pairing, for a level it does not offer yet (hard): seeds
        S..S+N-1, each from both sides, on the ladder's four maps; A's share (draws
        half) per map and overall, and each level's decision p95.

Seeds as `game.simulate`: battle i uses seed S + i, each side's AI `ai_seed(seed, side)`.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from game.ai.fivebyfive import make_ai as own_ai
from game.ai.fivebyfive_values import fate_rank
from game.ai.levels import make_ai
from game.engine.decisions import PICK
from game.engine.setup import new_battle
from game.rulesets.fivebyfive.components import AbilityScores
from game.simulate import ai_seed, play_timed

MAPS = Path(__file__).parents[2] / "maps"


def controller(level: str, seed: int):
    # hard is built by the module even while it is not offered in LEVELS
    return own_ai(seed, "hard") if level == "hard" else make_ai("fivebyfive", seed, level)


def play(map_name: str, seed: int, levels: dict[int, str], stats: dict) -> int | None:
    b = new_battle(MAPS / f"{map_name}.tmx", "fivebyfive", seed=seed)
    ctl = {side: controller(levels[side], ai_seed(seed, side)) for side in b.teams()}

    def count_deaths_chosen(d, choice) -> None:
        if d.kind == PICK and d.context.get("chooser") == "defender":
            vals = b.get(d.context["defender"], AbilityScores).values()
            later, earlier = tuple(d.context["later_choosers"]), tuple(d.context["earlier"])
            ranks = {o.key: fate_rank(vals, later, earlier + (o.key,)) for o in d.options}
            stats["defender_choices"] = stats.get("defender_choices", 0) + 1
            if ranks[choice.option] == 2 and min(ranks.values()) < 2:
                stats["deaths_chosen"] = stats.get("deaths_chosen", 0) + 1

    seconds, decisions = play_timed(b, ctl, count_deaths_chosen)
    for side, s in decisions:
        stats.setdefault(levels[side], []).append(s)
    stats.setdefault("battle_cpu", []).append(seconds)
    winner = b.winner
    b.close()
    return winner


def p95_ms(times: list[float]) -> float:
    ordered = sorted(times)
    return round(ordered[int(len(ordered) * 0.95)] * 1000, 2) if ordered else 0.0


def paired_shares(a: str, b: str, seed: int, seeds: int, stats: dict) -> dict[str, float]:
    """A's share against b per ladder map: each seed played with a on either side (a
    draw is half), printed map by map as it comes; decision times go into `stats`."""
    from game.ladder import DEFAULT_MAPS
    shares = {}
    for map_name in DEFAULT_MAPS:
        score = 0.0
        for s in range(seed, seed + seeds):
            for a_side in (1, 2):
                winner = play(map_name, s, {a_side: a, 3 - a_side: b}, stats)
                score += 0.5 if winner is None else float(winner == a_side)
        shares[map_name] = round(score / (2 * seeds), 3)
        print(json.dumps({"map": map_name, "share": shares[map_name]}), flush=True)
    return shares


def paired(a: str, b: str, seed: int, seeds: int) -> None:
    stats: dict = {}
    shares = paired_shares(a, b, seed, seeds, stats)
    print(json.dumps({"a": a, "b": b, "seeds": [seed, seed + seeds - 1], "battles": 8 * seeds,
                      "share": round(sum(shares.values()) / len(shares), 3), "per_map": shares,
                      **{f"p95_ms_{lv}": p95_ms(stats[lv]) for lv in {a, b}}}))


def study(seed: int, seeds: int) -> None:
    from collections import Counter

    from game.engine.events import OutOfFightEvent, RoundStarted
    from game.ladder import DEFAULT_MAPS
    from game.rulesets.fivebyfive.events import OffensiveRolled

    battles = first_ko_won = 0
    ahead = {r: [0, 0] for r in range(1, 5)}  # round: [battles with a side ahead, its wins]
    first_out: dict[str, Counter] = {}
    fired_at: dict[str, Counter] = {}
    for map_name in DEFAULT_MAPS:
        first_out[map_name], fired_at[map_name] = Counter(), Counter()
        for s in range(seed, seed + seeds):
            b = new_battle(MAPS / f"{map_name}.tmx", "fivebyfive", seed=s)
            b.run({side: make_ai("fivebyfive", ai_seed(s, side), "normal") for side in b.teams()})
            template = {u: b.name(u).split()[0] for u in b.units()}
            out_by_round: Counter = Counter()  # (round, side that lost the figure)
            first = None
            rnd = 0
            for e in b.log:
                if isinstance(e, RoundStarted):
                    rnd = e.round
                elif isinstance(e, OffensiveRolled) and rnd == 1:
                    fired_at[map_name][template[e.target]] += 1
                elif isinstance(e, OutOfFightEvent):
                    out_by_round[(rnd, b.team(e.unit))] += 1
                    if first is None:
                        first = e.unit
                        first_out[map_name][template[e.unit]] += 1
            battles += 1
            if first is not None and b.winner is not None:
                first_ko_won += b.winner != b.team(first)
            for r in ahead:
                lost = {side: sum(n for (k, t), n in out_by_round.items() if k <= r and t == side)
                        for side in (1, 2)}
                if lost[1] != lost[2]:
                    ahead[r][0] += 1
                    ahead[r][1] += b.winner == (1 if lost[1] < lost[2] else 2)
            b.close()
    print(json.dumps({"battles": battles, "first_figure_out_its_enemies_win": first_ko_won,
                      "ahead_after_round": {r: {"battles": a, "ahead_side_won": w} for r, (a, w) in ahead.items()},
                      "first_figure_out": {m: dict(c) for m, c in first_out.items()},
                      "round_1_attacks_at": {m: dict(c) for m, c in fired_at.items()}}))


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m tests.fivebyfive.measure")
    sub = ap.add_subparsers(dest="what", required=True)
    sp = sub.add_parser("speed")
    sp.add_argument("--battles", type=int, default=10)
    sp.add_argument("--map", default="woodland")
    sp.add_argument("--level", default="normal")
    dp = sub.add_parser("duel")
    dp.add_argument("a")
    dp.add_argument("b")
    dp.add_argument("--map", default="woodland")
    dp.add_argument("--battles", type=int, default=100)
    dp.add_argument("--seed", type=int, default=0)
    pp = sub.add_parser("paired")
    pp.add_argument("a")
    pp.add_argument("b")
    pp.add_argument("--seeds", type=int, default=25)
    pp.add_argument("--seed", type=int, default=0)
    st = sub.add_parser("study")
    st.add_argument("--seeds", type=int, default=50)
    st.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    if args.what == "study":
        study(args.seed, args.seeds)
        return
    stats: dict = {}
    if args.what == "speed":
        for seed in range(args.battles):
            play(args.map, seed, {1: args.level, 2: args.level}, stats)
        print(json.dumps({"map": args.map, "level": args.level, "battles": args.battles,
                          "median_battle_ms": round(statistics.median(stats["battle_cpu"]) * 1000, 1),
                          "decision_p95_ms": p95_ms(stats[args.level])}))
        return
    if args.what == "paired":
        paired(args.a, args.b, args.seed, args.seeds)
        return
    result = {"a": 0, "b": 0, "draw": 0, "side1": 0}
    for i in range(args.battles):
        a_side = 1 if args.a == args.b or i % 2 == 0 else 2
        levels = {a_side: args.a, 3 - a_side: args.b}
        winner = play(args.map, args.seed + i, levels, stats)
        result["side1"] += winner == 1
        result["draw" if winner is None else "a" if winner == a_side else "b"] += 1
    print(json.dumps({"map": args.map, "a": args.a, "b": args.b, "battles": args.battles, **result,
                      "defender_choices": stats.get("defender_choices", 0),
                      "deaths_chosen_by_defender": stats.get("deaths_chosen", 0),
                      **{f"p95_ms_{lv}": p95_ms(stats[lv]) for lv in {args.a, args.b}}}))


if __name__ == "__main__":
    main()
