"""Headless AI-against-AI battles in bulk, and their summary.

Battle ``i`` of a run with seed ``S`` uses seed ``S + i`` for the battle's dice and
a seed derived from that one (and the side) for each side's AI, so every battle can
be replayed on its own, and the results do not depend on how many processes ran them
(``--jobs``) or where (``--cluster``): each battle is a pure function of its spec.
"""

from __future__ import annotations

import hashlib
import math
import itertools
import multiprocessing
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

Z95 = 1.959963984540054  # the standard normal quantile for a two-sided 95% interval
MAX_BATTLES = 1_000_000  # one run's bound: battles are generated lazily, but a run this long is a typo


def ai_seed(battle_seed: int, team: int) -> int:
    """The seed of `team`'s AI in the battle seeded `battle_seed` (stable across runs,
    Python versions and platforms: no ``hash()``)."""
    digest = hashlib.sha256(f"rulebook-skirmish ai {battle_seed} {team}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class BattleSpec:
    """Everything one simulated battle needs; picklable for worker processes."""

    map_path: str
    ruleset: str
    seed: int
    max_rounds: int | None = None
    #: (side, AI level) pairs; a side not named plays "normal".
    levels: tuple[tuple[int, str], ...] = ()
    #: (side, template ids) pairs (issue 29's --squad); a side not named fields the map's default.
    squads: tuple[tuple[int, tuple[str, ...]], ...] = ()
    #: (side, unit names) pairs: a squad file's names for its units, "" for the game's own.
    names: tuple[tuple[int, tuple[str, ...]], ...] = ()
    #: A designer's units the squads may field (game.custom_units.CustomUnits: plain data).
    custom: Any = None

    def level(self, team: int) -> str:
        return dict(self.levels).get(team, "normal")


def play_ai_battle(spec: BattleSpec, on_event: Callable | None = None):
    """Start a battle and let both sides' AIs play it out. Returns the open Battle
    (the caller closes it). `on_event` is called with each event as it happens."""
    from game.ai import make_ai
    from game.engine.setup import new_battle

    kwargs = {} if spec.max_rounds is None else {"max_rounds": spec.max_rounds}
    if spec.squads:
        kwargs["squads"] = dict(spec.squads)
    if spec.names:
        kwargs["names"] = dict(spec.names)
    if spec.custom is not None:
        kwargs["custom"] = spec.custom
    battle = new_battle(spec.map_path, spec.ruleset, seed=spec.seed, **kwargs)
    try:
        controllers = {team: make_ai(spec.ruleset, ai_seed(spec.seed, team), spec.level(team))
                       for team in battle.teams()}
        if on_event is None:
            battle.run(controllers)
        else:
            for event in battle.log:
                on_event(event)
            while battle.pending is not None:
                decision = battle.pending
                for event in battle.submit(controllers[decision.side].decide(battle, decision)):
                    on_event(event)
    except BaseException:
        battle.close()
        raise
    return battle


def play_timed(battle, controllers: Mapping[int, Any], on_choice: Callable | None = None,
               max_decisions: int = 20_000) -> tuple[float, list[tuple[int, float]]]:
    """Play `battle` to its end decision by decision, timing it in CPU time (the
    measuring tools' loop): (seconds for the whole battle, [(side, seconds) for each
    decision]). `on_choice(decision, choice)` sees each choice before it is submitted,
    in the state it was made in."""
    decisions: list[tuple[int, float]] = []
    start = time.process_time()
    while battle.pending is not None:
        if len(decisions) >= max_decisions:
            raise RuntimeError(f"battle seed {battle.seed} does not end (a decision loop?)")
        decision = battle.pending
        t0 = time.process_time()
        choice = controllers[decision.side].decide(battle, decision)
        decisions.append((decision.side, time.process_time() - t0))
        if on_choice is not None:
            on_choice(decision, choice)
        battle.submit(choice)
    return time.process_time() - start, decisions


def battle_result(battle, spec: BattleSpec | None = None) -> dict:
    """One battle's line in the JSON: seed, AI level per side, winner, how it ended
    (BattleEnded.how; None if it has not), rounds, casualties and victory points per
    side (all 0 in a plain battle), digest."""
    from game.engine.components import OutOfFight
    from game.engine.events import BattleEnded
    from game.engine.objectives import points

    ended = battle.log[-1] if battle.log and isinstance(battle.log[-1], BattleEnded) else None
    return {
        "seed": battle.seed,
        "levels": {str(team): spec.level(team) if spec is not None else "normal" for team in battle.teams()},
        "winner": battle.winner,
        "how": ended.how if ended is not None else None,
        "rounds": ended.rounds if ended is not None else battle.round,
        "casualties": {str(team): sum(1 for u in battle.units(team) if battle.has(u, OutOfFight))
                       for team in battle.teams()},
        "points": {str(team): p for team, p in sorted(points(battle).items())},
        "digest": battle.digest(),
    }


def run_one(spec: BattleSpec) -> dict:
    """Play one battle to the end and return its result (runs in worker processes)."""
    try:
        battle = play_ai_battle(spec)
    except Exception as exc:
        # An engine or AI failure, not bad input: keep the traceback, say which battle.
        exc.add_note(f"while simulating {spec.ruleset} on {spec.map_path} with seed {spec.seed}")
        raise
    try:
        return battle_result(battle, spec)
    finally:
        battle.close()


def _warm_worker() -> None:
    """A worker imports the engine, the rulesets and the AIs once, before its first battle."""
    import game.ai.levels  # noqa: F401
    import game.engine.setup  # noqa: F401
    from game.rulesets import REGISTRY, available
    import importlib
    for info in REGISTRY.values():
        if available(info):
            importlib.import_module(info.module)


def run_battles(specs: Iterable[BattleSpec], jobs: int = 1, chunk: int = 4) -> Iterator[dict]:
    """Results in the order of `specs`, whatever the number of processes (on other
    machines: ``game.cluster.run_on_cluster``).

    `specs` is consumed lazily, a window at a time, so a long run starts at once and
    holds only a window in memory. Workers take battles `chunk` at a time and keep
    their map caches (sight, paths, line of fire) from battle to battle.
    """
    specs = iter(specs)
    if jobs <= 1:
        for spec in specs:
            yield run_one(spec)
        return
    window = jobs * chunk * 8
    with _context().Pool(jobs, initializer=_warm_worker) as pool:
        while batch := list(itertools.islice(specs, window)):
            yield from pool.imap(run_one, batch, chunksize=max(1, min(chunk, len(batch) // jobs)))


def _context():
    """How workers start. Where the platform has it, "forkserver": one clean server
    process (no window, no sound thread, no lock held by another thread) imports the
    engine, rulesets and AIs once, and each worker is forked from it, so no worker pays
    the imports again (about 0.6 s of CPU each). Elsewhere "spawn": fresh interpreters.
    Either way a battle is a pure function of its spec (no esper world outlives its
    battle, caches are pure), so the results are the same."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["game.simulate", "game.ai.levels", "game.engine.setup",
                                        "game.world.tiled", "game.world.paths", "game.world.sight"])
        return context
    return multiprocessing.get_context("spawn")


# --- statistics ------------------------------------------------------------------------
def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (sound for small counts and 0 or n)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize_results(results: list[dict]) -> dict:
    """Wins per side (with 95% Wilson intervals), draws, mean rounds, mean casualties."""
    n = len(results)
    sides = sorted({int(side) for r in results for side in r["casualties"]})
    wins = {}
    for side in sides:
        count = sum(1 for r in results if r["winner"] == side)
        low, high = wilson_interval(count, n)
        wins[str(side)] = {"count": count, "rate": _round(count / n if n else 0.0),
                           "ci95": [_round(low), _round(high)]}
    draws = sum(1 for r in results if r["winner"] is None)
    return {
        "battles": n,
        "wins": wins,
        "draws": draws,
        "mean_rounds": _round(sum(r["rounds"] for r in results) / n if n else 0.0),
        "mean_casualties": {str(side): _round(sum(r["casualties"].get(str(side), 0) for r in results) / n
                                              if n else 0.0) for side in sides},
    }


def battles_csv(results: list[dict], ruleset: str, map_ref: str, max_rounds: int, made: dict) -> str:
    """`simulate --csv`: one row per battle (levels and casualties per side), then the
    version, date and command line that made it, on every row."""
    from game.outputs import csv_text
    sides = sorted({int(side) for r in results for side in r["casualties"]})
    header = ["ruleset", "map", "max_rounds", "seed", *(f"level_{s}" for s in sides), "winner", "rounds",
              *(f"casualties_{s}" for s in sides), "digest", *made]
    rows = [[ruleset, map_ref, max_rounds, r["seed"], *(r["levels"].get(str(s), "") for s in sides),
             "" if r["winner"] is None else r["winner"], r["rounds"],
             *(r["casualties"].get(str(s), "") for s in sides), r["digest"], *made.values()]
            for r in results]
    return csv_text(header, rows)


def _round(x: float) -> float:
    return round(x, 6)


def summary_text(ruleset: str, map_path: str | Path, seed: int, summary: dict) -> str:
    """The summary `simulate` prints."""
    n = summary["battles"]
    lines = [f"{ruleset} on {Path(map_path).name}: {n} battles, seeds {seed}..{seed + n - 1}"]
    for side, w in summary["wins"].items():
        lo, hi = w["ci95"]
        lines.append(f"side {side} wins: {w['count']:>5}  {w['rate']:6.1%}  "
                     f"(95% CI {lo:.1%} to {hi:.1%})")
    draws = summary["draws"]
    lines.append(f"draws:       {draws:>5}  {draws / n if n else 0:6.1%}")
    lines.append(f"mean rounds: {summary['mean_rounds']:.2f}")
    lines.append("mean casualties: " + ", ".join(
        f"side {side} {value:.2f}" for side, value in summary["mean_casualties"].items()))
    return "\n".join(lines)
