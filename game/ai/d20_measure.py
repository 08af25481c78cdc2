"""Measuring the d20 AI: battle CPU time, decision time, and damage by whose hand.

A measuring tool, not a test (nothing here runs in the default test run):

    python -m game.ai.d20_measure --map woodland --seeds 0-9 --ai 1=normal,2=normal

prints the median CPU time of a whole battle (every unit the map fields; each battle
pays for its own sight queries, as `game.bench` does), the p95 CPU time of one AI
decision per level, and the share of all damage that landed on the attacker's own
side (friendly damage). Damage is attributed by the log: a Damaged event belongs to
the attack whose roll preceded it, or to the cone named in its explanation.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass, field


@dataclass
class Tally:
    battle_ms: list[float] = field(default_factory=list)
    decision_ms: dict[str, list[float]] = field(default_factory=dict)
    damage: int = 0
    friendly: int = 0
    friendly_ko: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    battles: int = 0
    rounds: list[int] = field(default_factory=list)
    damage_by: dict[str, int] = field(default_factory=dict)
    friendly_by: dict[str, int] = field(default_factory=dict)

    def line(self) -> str:
        out = [f"battles {self.battles}",
               f"battle CPU median {statistics.median(self.battle_ms):.1f} ms"]
        for level, times in sorted(self.decision_ms.items()):
            times = sorted(times)
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            out.append(f"{level} decision p95 {p95:.2f} ms (n={len(times)})")
        share = self.friendly / self.damage if self.damage else 0.0
        out.append(f"friendly damage {self.friendly}/{self.damage} = {share:.2%}")
        for level in sorted(self.damage_by):
            dealt, own = self.damage_by[level], self.friendly_by.get(level, 0)
            out.append(f"  by {level}: friendly {own}/{dealt} = {own / max(1, dealt):.2%}")
        out.append(f"allies knocked out by own side {self.friendly_ko / max(1, self.battles):.2f}/battle")
        out.append(f"rounds median {statistics.median(self.rounds)}, max {max(self.rounds)}")
        out.append("wins " + ", ".join(f"{k}: {v}" for k, v in sorted(self.wins.items())))
        return "\n".join(out)


def attribute(battle, events, tally: Tally, levels: dict[int, str] | None = None) -> None:
    """Add the damage in `events` to the tally, by attacker side against victim side."""
    from game.engine.events import Damaged, OutOfFightEvent
    from game.rulesets.d20.events import AttackRolled
    names = {battle.name(u): u for u in battle.units()}
    attacker = None
    last_friendly_victim = None
    for ev in events:
        if isinstance(ev, AttackRolled):
            attacker = ev.attacker
        elif isinstance(ev, Damaged):
            source = attacker
            if ev.explain.startswith("suppressing fire of "):
                source = names.get(ev.explain[len("suppressing fire of "):].split(":")[0])
            tally.damage += ev.amount
            level = (levels or {}).get(battle.team(source), "normal") if source is not None else "?"
            tally.damage_by[level] = tally.damage_by.get(level, 0) + ev.amount
            if source is not None and battle.team(source) == battle.team(ev.unit):
                tally.friendly += ev.amount
                tally.friendly_by[level] = tally.friendly_by.get(level, 0) + ev.amount
                last_friendly_victim = ev.unit
            else:
                last_friendly_victim = None
        elif isinstance(ev, OutOfFightEvent) and ev.unit == last_friendly_victim:
            tally.friendly_ko += 1


def play(tmap, ruleset, orders, seed: int, levels: dict[int, str], tally: Tally) -> None:
    from game.engine.battle import Battle
    from game.simulate import ai_seed, play_timed
    from game.world.sight import forget

    forget(tmap)
    battle = Battle(tmap, ruleset, orders, seed=seed)
    ais = {team: _ai(ai_seed(seed, team), levels.get(team, "normal")) for team in battle.teams()}
    events_seen = len(battle.log)
    try:
        seconds, decisions = play_timed(battle, ais)
        tally.battle_ms.append(seconds * 1000)
        attribute(battle, battle.log[events_seen:], tally, levels)
        winner = battle.winner
        tally.wins[str(winner)] = tally.wins.get(str(winner), 0) + 1
        tally.battles += 1
        tally.rounds.append(battle.round)
    finally:
        battle.close()
    for side, t in decisions:
        tally.decision_ms.setdefault(levels.get(side, "normal"), []).append(t * 1000)


def _ai(seed: int, level: str):
    """A level of this AI, or `module:level` for another implementation to compare."""
    import importlib
    from game.ai.d20 import make_ai
    if ":" in level:
        module, _, name = level.partition(":")
        return importlib.import_module(module).make_ai(seed, name)
    return make_ai(seed, level)


def main(argv: list[str] | None = None) -> int:
    from game.bench import _map
    from game.engine.setup import orders_for
    from game.rulesets import load_ruleset

    p = argparse.ArgumentParser(prog="python -m game.ai.d20_measure")
    p.add_argument("--map", default="woodland")
    p.add_argument("--seeds", default="0-9")
    p.add_argument("--ai", default="1=normal,2=normal")
    args = p.parse_args(argv)
    lo, _, hi = args.seeds.partition("-")
    seeds = range(int(lo), int(hi or lo) + 1)
    levels = {int(k): v for k, v in (part.split("=") for part in args.ai.split(","))}
    tmap = _map(f"{args.map}.tmx")
    ruleset = load_ruleset("d20")
    orders = orders_for(tmap, ruleset)
    tally = Tally()
    for seed in seeds:
        play(tmap, ruleset, orders, seed, levels, tally)
    print(tally.line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
