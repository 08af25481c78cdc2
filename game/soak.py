"""The soak: many headless battles, every shared invariant checked after every decision.

``python -m game soak --minutes M`` plays battles round-robin over every ruleset,
every shipped map and every pairing of AI levels (random, easy once the level registry
offers it, normal), until the time is up or ``--battles`` are done. After every
answered decision it checks `game.engine.invariants.battle_errors` (HP within bounds,
nobody acting out of the fight, nobody on a wall, tiles shared only inside a grapple,
grapple links mutual, nothing after BattleEnded). Every ``--verify-every``-th battle
is also written as a replay file, read back and re-simulated (the digest must match),
and the read-only queries are probed on one of its decisions (`game.readonly`).

Battle ``i`` uses seed ``S + i`` (``--seed S``) and the ``i``-th combination, so a
failure line names everything needed to play it again (``FAIL actionblock warehouse
easy-vs-normal seed 500344`` is ``soak --ruleset actionblock --map warehouse --pairing
easy-normal --seed 500344 --battles 1``); a run continues from any
``--seed`` (chunks of a long soak use consecutive ranges). A failure is a line on
stdout; the summary is the last line; exit status 1 if anything failed.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from game.engine.dice import seed_in_range
from game.engine.invariants import battle_errors

PAIRINGS = (("random", "random"), ("normal", "normal"), ("random", "normal"),
            ("easy", "normal"), ("easy", "easy"))
#: Rounds per battle: the ruleset default, but the 128 x 128 benchmark map only a few
#: (its battles are mostly walking; they would take most of the soak's time).
ROUNDS = {"bench128": 4}
DEFAULT_ROUNDS = 12  # a cap, not the rules' end: most decided battles end sooner
MAX_DECISIONS = 50_000  # a battle asking more is a hang


@dataclass(frozen=True)
class SoakBattle:
    """One soak battle: everything needed to play it again."""

    ruleset: str
    map_path: str
    levels: tuple[str, str]
    seed: int
    verify: bool

    def label(self) -> str:
        return f"{self.ruleset} {Path(self.map_path).stem} {self.levels[0]}-vs-{self.levels[1]} seed {self.seed}"


@dataclass
class SoakTotals:
    battles: int = 0
    decisions: int = 0
    verified: int = 0
    probed: int = 0
    failures: list[str] = field(default_factory=list)
    per_ruleset: dict[str, int] = field(default_factory=dict)
    interrupted: bool = False
    #: Resident memory in MB after the first battle, after the 100th, the highest seen
    #: after any battle, and after the last (0 where nothing was measured).
    memory_first: float = 0.0
    memory_at_100: float = 0.0
    memory_peak: float = 0.0
    memory_last: float = 0.0

    def line(self, seconds: float) -> str:
        per = ", ".join(f"{k} {v}" for k, v in sorted(self.per_ruleset.items()))
        # The memory line first: the summary stays the last line printed.
        return (self.memory_line() + "\n"
                + f"soak: {self.battles} battles, {self.decisions} decisions, {self.verified} replays "
                f"verified, {self.probed} query probes, {len(self.failures)} failures "
                f"in {seconds:.0f} s ({per})" + (" (interrupted)" if self.interrupted else ""))

    def memory_line(self) -> str:
        at_100 = f", after 100 battles {self.memory_at_100:.0f} MB" if self.memory_at_100 else ""
        return (f"memory: after the first battle {self.memory_first:.0f} MB{at_100}, "
                f"peak {self.memory_peak:.0f} MB, at the end {self.memory_last:.0f} MB")

    def measure_memory(self) -> None:
        """Note the resident memory after a battle (issue 33: a soak's must stay flat)."""
        now = resident_mb()
        if self.battles == 1:
            self.memory_first = now
        if self.battles == 100:
            self.memory_at_100 = now
        self.memory_peak = max(self.memory_peak, now)
        self.memory_last = now


def resident_mb() -> float:
    """This process's resident memory now, in MB (Linux's /proc; elsewhere the peak)."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        import resource
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def available_levels(ruleset_id: str) -> tuple[str, ...]:
    try:
        from game.ai.levels import ai_levels
    except ImportError:  # before the level registry: random and the ruleset's own AI
        return ("random", "normal")
    return ai_levels(ruleset_id)


def controller(ruleset_id: str, level: str, seed: int) -> Any:
    if level == "random":
        from game.ai import RandomController
        return RandomController(seed)
    try:
        from game.ai.levels import make_ai
    except ImportError:
        from game.ai import make_ai
    return make_ai(ruleset_id, seed, level)


def combinations(rulesets: list[str], maps: list[str],
                 pairings: list[tuple[str, str]] | None = None) -> list[tuple[str, str, tuple[str, str]]]:
    """Every (ruleset, map, pairing), the ruleset changing fastest, then the map: a
    short soak still plays every ruleset on several maps."""
    offered = {rid: available_levels(rid) for rid in rulesets}
    return [(rid, m, p) for p in (pairings or PAIRINGS) for m in maps for rid in rulesets
            if p[0] in offered[rid] and p[1] in offered[rid]]


def schedule(rulesets: list[str], maps: list[str], seed: int, verify_every: int,
             pairings: list[tuple[str, str]] | None = None) -> Iterator[SoakBattle]:
    """The battles of a soak, lazily, until the caller stops or the seeds run out (the
    last is 2**63 - 1: a seed past it could not be replayed, issue 33.7)."""
    combos = combinations(rulesets, maps, pairings)
    if not combos:
        from game.errors import InputError
        raise InputError("--pairing", "no ruleset offers those AI levels")
    i = 0
    while seed_in_range(seed + i):
        rid, m, levels = combos[i % len(combos)]
        yield SoakBattle(rid, m, levels, seed + i, verify_every > 0 and i % verify_every == 0)
        i += 1


def play_checked(spec: SoakBattle, max_rounds: int = DEFAULT_ROUNDS) -> tuple[int, list[str], int]:
    """Play one battle, checking the invariants after every decision.
    Returns (decisions, failures, probes)."""
    from game.engine.setup import new_battle
    from game.simulate import ai_seed

    rounds = min(max_rounds, ROUNDS.get(Path(spec.map_path).stem, max_rounds))
    battle = new_battle(spec.map_path, spec.ruleset, seed=spec.seed, max_rounds=rounds)
    failures: list[str] = []
    probes = 0
    try:
        teams = battle.teams()
        ctrl = {t: controller(spec.ruleset, spec.levels[i % 2], ai_seed(spec.seed, t))
                for i, t in enumerate(teams)}
        errors = battle_errors(battle)
        decisions = 0
        probe_at = 7 if spec.verify else -1
        while battle.pending is not None and not errors:
            if decisions >= MAX_DECISIONS:
                errors = [f"no end after {MAX_DECISIONS} decisions"]
                break
            if decisions == probe_at:
                from game.readonly import probe_queries
                errors = probe_queries(battle, [controller(spec.ruleset, "normal", 1)])
                probes += 1
            decision = battle.pending
            battle.submit(ctrl[decision.side].decide(battle, decision))
            decisions += 1
            errors = errors or battle_errors(battle)
        if not errors and not battle.over:
            errors = ["the battle stopped asking before it ended"]
        failures += [f"after decision {decisions}: {e}" for e in errors[:3]]
        if spec.verify and not errors:
            failures += _verify(battle)
        return decisions, failures, probes
    finally:
        battle.close()


def _verify(battle: Any) -> list[str]:
    """Write the replay, read it back, re-simulate: the digest must match."""
    from game.errors import InputError
    from game.replay import read_replay, replay_battle, save_replay

    with tempfile.TemporaryDirectory(prefix="skirmish-soak-") as folder:
        path = Path(folder) / "replay.json"
        save_replay(battle, path)
        try:
            again = replay_battle(read_replay(path))
        except InputError as exc:
            return [f"replay: {exc.problem}"]
        try:
            if again.digest() != battle.digest():
                return ["replay: digest mismatch"]
        finally:
            again.close()
    return []


def _crash_line(exc: BaseException) -> str:
    frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    where = f" at {Path(frame.filename).name}:{frame.lineno}" if frame else ""
    return f"{type(exc).__name__}: {exc}"[:300] + where


def run_soak(minutes: float, seed: int = 0, battles: int | None = None,
             rulesets: list[str] | None = None, maps: list[str] | None = None,
             verify_every: int = 10, max_rounds: int = DEFAULT_ROUNDS, report: Callable[[str], None] = print,
             clock: Callable[[], float] = time.monotonic,
             pairings: list[tuple[str, str]] | None = None) -> SoakTotals:
    """Play until `minutes` have passed (or `battles` are done); the totals."""
    from game.replay import maps_dir
    from game.rulesets import ruleset_ids

    rulesets = rulesets or ruleset_ids()
    maps = maps or [str(p) for p in sorted(maps_dir().glob("*.tmx"))]
    totals = SoakTotals()
    deadline = clock() + minutes * 60
    for spec in schedule(rulesets, maps, seed, verify_every, pairings):
        if (battles is not None and totals.battles >= battles) or clock() >= deadline:
            break
        try:
            decisions, failures, probes = play_checked(spec, max_rounds)
        except KeyboardInterrupt:  # Ctrl+C: stop, and still give the totals so far
            totals.interrupted = True
            break
        except Exception as exc:  # a crash is a finding, not the end of the soak
            decisions, failures, probes = 0, [_crash_line(exc)], 0
        totals.battles += 1
        totals.decisions += decisions
        totals.probed += probes
        totals.verified += int(spec.verify and not failures)
        totals.per_ruleset[spec.ruleset] = totals.per_ruleset.get(spec.ruleset, 0) + 1
        totals.measure_memory()
        for f in failures:
            line = f"FAIL {spec.label()}: {f}"
            totals.failures.append(line)
            report(line)
    else:
        report("soak: stopped at the largest seed, 2**63 - 1")  # the schedule ran out
    return totals


def json_text(totals: SoakTotals, seconds: float, seed: int) -> str:
    doc = {"seed": seed, "battles": totals.battles, "decisions": totals.decisions,
           "verified": totals.verified, "probed": totals.probed, "seconds": round(seconds, 1),
           "per_ruleset": totals.per_ruleset, "failures": totals.failures,
           "memory_mb": {"first_battle": round(totals.memory_first, 1),
                         "after_100": round(totals.memory_at_100, 1),
                         "peak": round(totals.memory_peak, 1), "end": round(totals.memory_last, 1)}}
    return json.dumps(doc, indent=2) + "\n"


def write_json(path: Path, totals: SoakTotals, seconds: float, seed: int) -> None:
    from game.replay import atomic_write_text
    atomic_write_text(path, json_text(totals, seconds, seed))
