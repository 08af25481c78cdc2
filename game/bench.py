"""Benchmarks: the medians of a few timed runs, each against its target.

This is a measuring tool, not a test: figures vary with the machine and nothing
fails on a slow one. Each run is timed twice: CPU time (``time.process_time``, what
this process spent, steady on a shared machine) and wall time; the target is judged
on CPU time, since a busy neighbour swings the wall clock. A bench is a named *setup* function that does its untimed
preparation and returns the callable to time. Other modules add their own with
``@register(...)``; the window's frame-time bench lives in ``game.ui.bench`` (owned
by the UI) and is registered simply by being imported when it exists.
"""

from __future__ import annotations

import importlib
import math
import statistics
import time
from dataclasses import dataclass
from typing import Callable

#: Modules that register more benches when they exist (missing ones are skipped).
EXTRA_BENCH_MODULES = ("game.ui.bench",)


@dataclass(frozen=True)
class Bench:
    """A named measurement: `setup()` returns the thing to time, `target_ms` the goal."""

    name: str
    target_ms: float
    setup: Callable[[], Callable[[int], object]]
    description: str = ""


BENCHES: list[Bench] = []


def register(name: str, target_ms: float, description: str = ""):
    """Decorator: add a bench. The decorated function prepares (untimed) and returns a
    callable taking the run number (0, 1, ...) whose every call is timed."""
    def wrap(setup: Callable[[], Callable[[int], object]]):
        BENCHES[:] = [b for b in BENCHES if b.name != name] + [Bench(name, target_ms, setup, description)]
        return setup
    return wrap


@dataclass(frozen=True)
class Measurement:
    name: str
    target_ms: float
    median_ms: float | None  # CPU time; None when the bench could not run
    note: str = ""
    failed: bool = False  # it ran and raised (a bug), as opposed to a missing piece
    wall_ms: float | None = None

    @property
    def ok(self) -> bool:
        return self.median_ms is not None and self.median_ms <= self.target_ms

    def line(self) -> str:
        if self.median_ms is None:
            verdict = "FAILED" if self.failed else "SKIPPED"
            return f"{self.name:<42} {'-':>9}   {verdict} ({self.note})"
        note = f"  {self.note}" if self.note else ""
        wall = f" (wall {self.wall_ms:.3f})" if self.wall_ms is not None else ""
        if math.isinf(self.target_ms):
            return f"{self.name:<42} cpu {self.median_ms:>9.3f} ms{wall}   (no target){note}"
        verdict = "OK" if self.ok else "SLOW"
        return (f"{self.name:<42} cpu {self.median_ms:>9.3f} ms{wall}   target <= {self.target_ms:g} ms   "
                f"{verdict}{note}")


def load_extra_benches() -> None:
    for module in EXTRA_BENCH_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name is None or not (module == exc.name or module.startswith(exc.name + ".")):
                raise  # the module exists but something it imports does not: a real bug


def measure(bench: Bench, repeats: int) -> Measurement:
    times, walls = [], []
    try:
        timed = bench.setup()
        timed(0)  # warm-up: imports, caches, first-call costs are not the steady figure
        for run in range(repeats):
            start, cpu = time.perf_counter(), time.process_time()
            timed(run)
            times.append((time.process_time() - cpu) * 1000)
            walls.append((time.perf_counter() - start) * 1000)
    except (ModuleNotFoundError, FileNotFoundError) as exc:
        # A piece another developer has not delivered yet: say so, measure the rest.
        return Measurement(bench.name, bench.target_ms, None, f"{type(exc).__name__}: {exc}")
    except Exception as exc:
        return Measurement(bench.name, bench.target_ms, None, f"{type(exc).__name__}: {exc}", failed=True)
    return Measurement(bench.name, bench.target_ms, statistics.median(times),
                       wall_ms=statistics.median(walls))


def run_benches(repeats: int = 7, only: list[str] | None = None,
                report: Callable[[Measurement], None] | None = None) -> list[Measurement]:
    load_extra_benches()
    out = []
    for bench in BENCHES:
        if only and bench.name not in only:
            continue
        result = measure(bench, repeats)
        out.append(result)
        if report is not None:
            report(result)
    return out


# --- the engine's and the world's benches -----------------------------------------------
def _first_per_team(items, n: int) -> list:
    """The first `n` spawns or unit orders of each team, in their order."""
    seen: dict[int, int] = {}
    out = []
    for item in items:
        seen[item.team] = seen.get(item.team, 0) + 1
        if seen[item.team] <= n:
            out.append(item)
    return out


def _map(name: str):
    from game.replay import maps_dir
    from game.world.tiled import load_map

    path = maps_dir() / name
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing")
    return load_map(path)


#: A battle's CPU has no target any more (issue 27: players never feel it; what holds
#: is that no change makes a bench battle more than 10% costlier, measured by
#: tests.instructions and tests.cpu_pair). Its figure is still printed.
NO_TARGET = math.inf
BATTLE_RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")


def _battle_bench(ruleset_id: str):
    def setup():
        from game.ai import make_ai
        from game.engine.setup import new_battle
        from game.simulate import ai_seed

        def battle(run: int) -> None:
            # Seeds 1.., the warm-up plays seed 0; maps are shared across battles as in
            # `simulate`, so terrain caches are warm after the first.
            b = new_battle(_map_path("woodland.tmx"), ruleset_id, seed=run + 1)
            try:
                b.run({team: make_ai(ruleset_id, ai_seed(run + 1, team)) for team in b.teams()})
            finally:
                b.close()
        return battle
    return setup


def _map_path(name: str):
    from game.replay import maps_dir
    path = maps_dir() / name
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing")
    return path


for _rid in BATTLE_RULESETS:
    register(f"battle: {_rid} 5v5 woodland, AI vs AI", NO_TARGET,
             "one whole headless battle at the normal level, CPU time")(_battle_bench(_rid))


@register("fov: 8 units on bench128", 2, "game.world.sight.fov from 4 spawns of each side")
def _bench_fov():
    from game.world.sight import forget, fov

    tmap = _map("bench128.tmx")
    origins = [(s.x, s.y) for s in _first_per_team(tmap.spawns, 4)]

    def all_fov(run: int) -> None:
        forget(tmap)  # computed afresh, not served from the memo
        for origin in origins:
            fov(tmap, origin)
    return all_fov


@register("reach: one query on bench128", 1, "game.world.paths.reach bounded by the move budget")
def _bench_reach():
    from game.world.paths import reach

    tmap = _map("bench128.tmx")
    start = (tmap.spawns[0].x, tmap.spawns[0].y)
    budget = 12  # [PROP] two d20 moves of 30 ft on a 5 ft grid: a generous query

    def one(run: int) -> None:
        reach(tmap, start, budget, limit=budget)
    return one


@register("load: bench128.tmx", 300, "game.world.tiled.load_map")
def _bench_load():
    from game.replay import maps_dir
    from game.world.tiled import load_map

    path = maps_dir() / "bench128.tmx"
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing")

    def load(run: int) -> None:
        load_map(path)
    return load


# --- what the kept tables earn ------------------------------------------------------------
def kept_report(ruleset_id: str, battles: int = 3) -> list[str]:
    """Every kept table a few woodland battles of `ruleset_id` used (game.kept): the
    battle's own (summed over the battles), the map's and the data's, with answers held,
    hits, misses and hit rate, so every cache justifies itself."""
    from game.ai import make_ai
    from game.engine.setup import new_battle
    from game.kept import DATA_STORE, pure_stats
    from game.rulesets import load_ruleset
    from game.simulate import ai_seed

    totals: dict[tuple[str, str], list[int]] = {}

    def add(owner: str, stats) -> None:
        for name, held, hits, misses in stats:
            row = totals.setdefault((owner, name), [0, 0, 0])
            row[0] = max(row[0], held)
            row[1] += hits
            row[2] += misses

    tmap = None
    for seed in range(1, battles + 1):
        battle = new_battle(_map_path("woodland.tmx"), ruleset_id, seed=seed)
        try:
            battle.run({team: make_ai(ruleset_id, ai_seed(seed, team)) for team in battle.teams()})
            add("battle", battle.kept.stats())
            add("decision", battle.kept_now.stats())
            tmap = battle.map
        finally:
            battle.close()
    add("map", tmap.kept.stats())
    data_store = getattr(load_ruleset(ruleset_id).data, "kept", None)  # the ruleset data's own tables
    add("data", DATA_STORE.stats() + pure_stats(_pure_functions())
        + (data_store.stats() if data_store is not None else []))
    lines = [f"kept tables, {ruleset_id}, {battles} woodland battles (owner, name: held, hits, misses, hit rate)"]
    for (owner, name), (held, hits, misses) in sorted(totals.items()):
        rate = hits / (hits + misses) if hits + misses else 0.0
        lines.append(f"  {owner:<8} {name:<28} {held:>7} {hits:>9} {misses:>8} {rate:>6.1%}")
    return lines


def _pure_functions() -> list:
    """Every `game.kept.pure` function of the game's loaded modules."""
    import sys
    found = {}
    for name, module in sorted(sys.modules.items()):
        if name.startswith("game.") and module is not None:
            for value in vars(module).values():
                if hasattr(value, "kept_spec") and hasattr(value, "cache_info"):
                    found[value.kept_spec.name] = value
    return list(found.values())
