"""Measuring the fate AI (not a test): CPU per woodland battle, decision times, and
how its declarations fare. Run: python -m tests.fate.measure [--map woodland] [--seeds 0-9]
[--ai 1=normal,2=normal] [--digest]

Prints per battle: CPU ms, rounds, winner, holds, duplicate move destinations per side
per turn, "way is taken" stops, attacks lost because the target left, and at the end
the medians and the decision-time p95 per level.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
from collections import Counter

from game.engine.setup import new_battle
from game.simulate import ai_seed, play_timed


def make(level: str, seed: int):
    from game.ai.fate import make_ai
    return make_ai(seed, level)


def log_digest(battle) -> str:
    """A short hash of every logged event: a pure speed change must leave it unchanged."""
    h = hashlib.sha1()
    for e in battle.log:
        h.update(repr(e).encode())
    return h.hexdigest()[:16]


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--map", default="woodland")
    p.add_argument("--seeds", default="0-9")
    p.add_argument("--ai", default="1=normal,2=normal")
    p.add_argument("--quiet", action="store_true")
    p.add_argument("--digest", action="store_true",
                   help="print each battle's log digest (equal digests: the same choices and dice)")
    a = p.parse_args()
    lo, _, hi = a.seeds.partition("-")
    seeds = range(int(lo), int(hi or lo) + 1)
    levels = {int(k): v for k, v in (x.split("=") for x in a.ai.split(","))}
    cpu, rounds, wins = [], [], Counter()
    dtimes: dict[str, list[float]] = {}
    totals = Counter()
    for seed in seeds:
        battle = new_battle(f"maps/{a.map}.tmx", "fate", seed=seed)
        ais = {t: make(levels[t], ai_seed(seed, t)) for t in battle.teams()}
        seconds, decisions = play_timed(battle, ais)
        for side, s in decisions:
            dtimes.setdefault(levels[side], []).append(s)
        ms = seconds * 1000
        stats = Counter()
        dests: dict[tuple, Counter] = {}
        rnd = 0
        for e in battle.log:
            name = type(e).__name__
            if name == "RoundStarted":
                rnd = e.round
            elif name == "Declared":
                stats["declared"] += 1
                if e.kind == "hold":
                    stats["hold"] += 1
                if e.kind == "attack":
                    stats["attack"] += 1
                if e.kind in ("kneel", "prone"):
                    stats[e.kind] += 1
                if e.kind == "move":
                    dests.setdefault((rnd, battle.team(e.unit), e.slot), Counter())[e.text] += 1
            elif name == "AttackLost":
                stats["lost"] += 1
                if "no longer" in e.reason or "beyond" in e.reason or "wall" in e.reason:
                    stats["lost_moved"] += 1
            elif name == "Note" and "way to" in e.text:
                stats["taken"] += 1
            elif name == "AttackRolled":
                if "Stealth" in e.attack_skill[0] or "Acrobatics" in e.attack_skill[0]:
                    stats["subst"] += 1
        stats["dup"] = sum(n - 1 for c in dests.values() for n in c.values() if n > 1)
        totals.update(stats)
        cpu.append(ms)
        rounds.append(battle.round)
        wins[battle.winner] += 1
        if a.digest:
            print(f"seed {seed}: digest {log_digest(battle)}")
        if not a.quiet:
            print(f"seed {seed}: {ms:7.0f} ms  rounds {battle.round:2d}  winner {battle.winner}  "
                  + " ".join(f"{k}={stats[k]}" for k in ("declared", "hold", "attack", "lost_moved",
                                                          "dup", "taken", "kneel", "prone", "subst")))
        battle.close()
    print(f"median CPU {statistics.median(cpu):.0f} ms  (min {min(cpu):.0f}, max {max(cpu):.0f}); "
          f"median rounds {statistics.median(rounds)}; wins {dict(wins)}")
    print("totals: " + " ".join(f"{k}={v}" for k, v in sorted(totals.items())))
    for lv, ts in dtimes.items():
        ts = sorted(ts)
        print(f"{lv}: {len(ts)} decisions, median {1000 * ts[len(ts) // 2]:.2f} ms, "
              f"p95 {1000 * ts[int(len(ts) * 0.95)]:.2f} ms, max {1000 * ts[-1]:.1f} ms")


if __name__ == "__main__":
    main()
