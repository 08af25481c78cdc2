"""Rollouts of the 5x5 battle, to measure what a search could gain over normal (a tool
for the analysis of issue 13, not a level and not a test: pytest does not collect it).

A rollout forks the battle (a fresh Battle on the same map, ruleset, units and seed,
every choice so far replayed, then a fresh dice stream: the engine's determinism makes
that an exact copy of the position), plays one candidate, lets normal play both sides
to the end of the next round, and reads the material: each figure still in the fight
counts 1 plus a little for its Ability Scores, plus for its own side, minus for the
enemy's. The battle itself is only read; its dice are never touched.

    python -m tests.fivebyfive.rollouts noise [--seeds 2] [--seed 40000] [--rollouts 30]
        For turn decisions of rounds 1-2 (normal against normal, side 1, every other
        one), normal's two best candidates, each played out `--rollouts` times with the
        same dice seeds (common random numbers): one rollout's CPU time, the spread of
        one candidate's material and of the paired difference, the difference itself,
        and how many rollouts per candidate a call at 2 standard errors would need.
    python -m tests.fivebyfive.rollouts paired [--seeds 4] [--seed 31000] [--rollouts 12]
        A probe that ignores the 300 ms budget, against normal as the ladder pairs them
        (each seed from both sides, the four maps): in rounds 1-2 it plays normal's best
        candidate unless the second best gains over 2 standard errors in
        `--rollouts` paired rollouts each.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

from game.ai.fivebyfive import FiveByFiveAI
from game.engine.battle import Battle
from game.engine.components import OutOfFight
from game.engine.decisions import PICK, Choice, Decision
from game.engine.setup import new_battle
from game.ladder import DEFAULT_MAPS as ALL_MAPS
from game.rulesets.fivebyfive.components import AbilityScores

MAPS = Path(__file__).parents[2] / "maps"


def fork(battle: Battle, dice_seed: int) -> Battle:
    """The same position on a fresh Battle, with a fresh dice stream from here on."""
    copy = Battle(battle.map, battle.ruleset, battle.orders, seed=battle.seed,
                  max_rounds=battle.max_rounds, player_sides=battle.player_sides)
    for choice in battle.choices:
        copy.submit(choice)
    copy.dice._rng = random.Random(dice_seed)
    return copy


def material(battle: Battle, team: int) -> float:
    """Figures in the fight, own side minus the enemy's: 1 each, plus 0.1 per point of
    the lowest Ability and 0.03 per point of all three (hits not yet taken)."""
    value = 0.0
    for unit in battle.units():
        if battle.has(unit, OutOfFight):
            continue
        s = battle.get(unit, AbilityScores)
        v = (s.rage, s.grace, s.precognition)
        w = 1.0 + 0.1 * min(v) + 0.03 * sum(v)
        value += w if battle.team(unit) == team else -w
    return value


def rollout(battle: Battle, choice: Choice, team: int, dice_seed: int, horizon: int = 1) -> float:
    """`choice` played on a fork, then normal on both sides to the end of the round
    `horizon` rounds after this one: the material for `team`."""
    f = fork(battle, dice_seed)
    try:
        ctl = {t: FiveByFiveAI(dice_seed + 17 * t) for t in f.teams()}
        f.submit(choice)
        last = battle.round + horizon
        while f.pending is not None and f.round <= last:
            d = f.pending
            f.submit(ctl[d.side].decide(f, d))
        return material(f, team)
    finally:
        f.close()


def paired_samples(battle: Battle, decision: Decision, candidates: list, n: int,
                   base: int = 0) -> list[list[float]]:
    """Each candidate (score, choice) played out `n` times, rollout i of every
    candidate on dice seed base + i."""
    return [[rollout(battle, choice, decision.side, base + i) for i in range(n)]
            for _, choice in candidates]


class RolloutProbe(FiveByFiveAI):
    """Normal, but in rounds 1..`rounds` normal's second-best candidate replaces its best
    when its paired mean gain in rollouts is over `z` standard errors. Analysis only:
    about 1 s a decision, far over hard's 300 ms."""

    def __init__(self, seed: int = 0, rollouts: int = 12, rounds: int = 2, z: float = 2.0) -> None:
        super().__init__(seed, "normal")
        self.seed, self.n, self.rounds, self.z = seed, rollouts, rounds, z
        self.asked = self.overridden = 0

    def decide(self, battle: Any, decision: Decision) -> Choice:
        if decision.kind == PICK or battle.round > self.rounds:
            return super().decide(battle, decision)
        top = sorted(self.scored_choices(battle, decision), key=lambda c: -c[0])[:2]
        if len(top) < 2:
            return super().decide(battle, decision)
        self.asked += 1
        best, second = paired_samples(battle, decision, top, self.n, self.seed * 100_003 + self.asked * 101)
        diff = [b - a for a, b in zip(best, second)]
        mean, sd = statistics.mean(diff), statistics.stdev(diff)
        take = 1 if mean > self.z * sd / self.n ** 0.5 else 0
        self.overridden += take
        return top[take][1]


def noise(seed: int, seeds: int, n: int) -> None:
    rows, count, start = [], 0, time.process_time()
    for map_name in ALL_MAPS:
        for s in range(seed, seed + seeds):
            b = new_battle(MAPS / f"{map_name}.tmx", "fivebyfive", seed=s)
            ai = {t: FiveByFiveAI(s + t) for t in b.teams()}
            k = 0
            while b.pending is not None and b.round <= 2:
                d = b.pending
                if d.kind != PICK and d.side == 1:
                    top = sorted(ai[1].scored_choices(b, d), key=lambda c: -c[0])[:2]
                    if k % 2 == 0 and len(top) == 2:
                        first, second = paired_samples(b, d, top, n)
                        count += 2 * n
                        diff = [y - x for x, y in zip(first, second)]
                        rows.append({"sd": statistics.stdev(first), "diff": statistics.mean(diff),
                                     "sd_diff": statistics.stdev(diff), "gap": top[0][0] - top[1][0]})
                    k += 1
                b.submit(ai[d.side].decide(b, d))
            b.close()
    need = sorted((2 * r["sd_diff"] / abs(r["diff"])) ** 2 for r in rows if r["diff"])
    print(json.dumps({
        "decisions": len(rows), "rollouts_per_candidate": n,
        "rollout_cpu_ms": round((time.process_time() - start) / max(1, count) * 1000, 1),
        "sd_one_candidate_median": round(statistics.median(r["sd"] for r in rows), 3),
        "sd_paired_difference_median": round(statistics.median(r["sd_diff"] for r in rows), 3),
        "abs_difference_median": round(statistics.median(abs(r["diff"]) for r in rows), 3),
        "normal_score_gap_median": round(statistics.median(r["gap"] for r in rows), 3),
        "rollouts_per_candidate_for_2se_median": round(statistics.median(need)) if need else None,
    }))


def paired(seed: int, seeds: int, n: int) -> None:
    from tests.fivebyfive import measure

    probes: list[RolloutProbe] = []

    def controller(level: str, s: int):
        if level != "hard":
            return measure.make_ai("fivebyfive", s, level)
        probes.append(RolloutProbe(s, n))
        return probes[-1]

    measure.controller = controller
    stats: dict = {}
    shares = measure.paired_shares("hard", "normal", seed, seeds, stats)
    print(json.dumps({"probe": "rollouts", "seeds": [seed, seed + seeds - 1], "battles": 8 * seeds,
                      "share": round(sum(shares.values()) / len(shares), 3), "per_map": shares,
                      "asked": sum(p.asked for p in probes), "overridden": sum(p.overridden for p in probes),
                      "p95_ms_probe": measure.p95_ms(stats["hard"]),
                      "battle_cpu_median_s": round(statistics.median(stats["battle_cpu"]), 2)}))


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m tests.fivebyfive.rollouts")
    sub = ap.add_subparsers(dest="what", required=True)
    for name, seed, seeds, n in (("noise", 40000, 2, 30), ("paired", 31000, 4, 12)):
        p = sub.add_parser(name)
        p.add_argument("--seed", type=int, default=seed)
        p.add_argument("--seeds", type=int, default=seeds)
        p.add_argument("--rollouts", type=int, default=n)
    args = ap.parse_args()
    (noise if args.what == "noise" else paired)(args.seed, args.seeds, args.rollouts)


if __name__ == "__main__":
    main()
