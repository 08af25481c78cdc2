"""The ladder: rates a ruleset's AI levels by playing them against each other.

Every pair of levels meets on every map, ``battles`` times per pair per map: half as
many seeds, each played twice with the sides swapped, so a map's or a side's edge
cancels out. The table gives each pairing's win share for the stronger-listed level
(draws count half) with a Wilson 95% interval; the ratings are a Bradley–Terry fit on
all games, on the Elo scale (400 points: 10 to 1 odds), centred on their mean, with a
bootstrap 95% interval from resampling every pairing's games.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Mapping

from game.simulate import BattleSpec, wilson_interval

BOOTSTRAP = 200  # resamples for the rating intervals
PRIOR_DRAWS = 1.0  # a virtual drawn game per pairing, so a level that wins every game keeps a finite rating
# Each pairing's battles are resampled from its own games plus one won and one lost
# pseudo-game: resampling the games alone gives a zero-width interval whenever a
# pairing's games all ended alike (8 losses resample to 8 losses), although 8 games
# say little. Two pseudo-games matter for a handful of battles and vanish for many.
PSEUDO_GAMES = (1.0, 0.0)
FEW_BATTLES = 30  # a rating resting on fewer battles than this is flagged as rough
DEFAULT_MAPS = ("arena", "warehouse", "woodland", "ridge")


@dataclass
class Pairing:
    """One pair of levels on one map: `a` is the one listed later (expected stronger)."""

    a: str
    b: str
    map: str
    a_wins: int = 0
    b_wins: int = 0
    draws: int = 0
    rounds: int = 0
    games: list[float] = field(default_factory=list)  # a's score per game: 1, 0.5 or 0

    @property
    def battles(self) -> int:
        return self.a_wins + self.b_wins + self.draws

    @property
    def share(self) -> float:
        return (self.a_wins + 0.5 * self.draws) / self.battles if self.battles else 0.0

    @property
    def mean_rounds(self) -> float:
        return self.rounds / self.battles if self.battles else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.a_wins + 0.5 * self.draws, self.battles)

    def record(self, a_side: int, winner: int | None, rounds: int) -> None:
        self.rounds += rounds
        if winner is None:
            self.draws += 1
            self.games.append(0.5)
        elif winner == a_side:
            self.a_wins += 1
            self.games.append(1.0)
        else:
            self.b_wins += 1
            self.games.append(0.0)

    def to_json(self) -> dict:
        return {"a": self.a, "b": self.b, "map": self.map, "a_wins": self.a_wins,
                "b_wins": self.b_wins, "draws": self.draws, "mean_rounds": round(self.mean_rounds, 4)}


def pairs(levels: list[str]) -> list[tuple[str, str]]:
    """(stronger, weaker) for every pair, in the order the levels were listed."""
    return [(levels[j], levels[i]) for i in range(len(levels)) for j in range(i + 1, len(levels))]


def seeds_for(battles: int) -> int:
    """How many seeds give `battles` battles with every seed played from both sides."""
    return (battles + 1) // 2


def ladder_specs(ruleset: str, maps: list[tuple[str, str]], levels: list[str], battles: int,
                 seed: int, max_rounds: int | None,
                 squads: Mapping[str, tuple] | None = None) -> Iterator[tuple[int, int, BattleSpec]]:
    """(pairing index, the side the stronger level plays, spec) for every battle, lazily.
    `maps` are (name, path) pairs; `squads` (map path -> BattleSpec.squads) stay with
    the map's sides while the levels swap sides."""
    index = 0
    for a, b in pairs(levels):
        for _, path in maps:
            for k in range(seeds_for(battles)):
                for a_side in (1, 2):
                    b_side = 3 - a_side
                    yield index, a_side, BattleSpec(path, ruleset, seed + k, max_rounds,
                                                     ((a_side, a), (b_side, b)), (squads or {}).get(path, ()))
            index += 1


def play_ladder(ruleset: str, maps: list[tuple[str, str]], levels: list[str], battles: int, seed: int,
                max_rounds: int | None, run: Callable[[Iterable[BattleSpec]], Iterable[dict]],
                on_battle: Callable[[int], None] | None = None,
                squads: Mapping[str, tuple] | None = None) -> list[Pairing]:
    """Play the whole ladder through `run` (which yields results in the order of the
    specs it is given) and return the pairings with their results."""
    table = [Pairing(a, b, name) for a, b in pairs(levels) for name, _ in maps]
    plan = ladder_specs(ruleset, maps, levels, battles, seed, max_rounds, squads)
    meta: list[tuple[int, int]] = []

    def specs() -> Iterator[BattleSpec]:
        for index, a_side, spec in plan:
            meta.append((index, a_side))
            yield spec

    for done, result in enumerate(run(specs()), start=1):
        index, a_side = meta[done - 1]
        table[index].record(a_side, result["winner"], result["rounds"])
        if on_battle is not None:
            on_battle(done)
    return table


def total_battles(levels: list[str], maps: list, battles: int) -> int:
    return len(pairs(levels)) * len(maps) * 2 * seeds_for(battles)


# --- ratings ---------------------------------------------------------------------------
def bradley_terry(levels: list[str], results: list[tuple[str, str, float, float]],
                  iterations: int = 500) -> dict[str, float]:
    """Elo-scale strengths from (a, b, a's score, games) rows, by the MM algorithm
    (Hunter 2004), draws counting half a win each; centred on the mean."""
    wins = {level: 0.0 for level in levels}
    games: dict[tuple[str, str], float] = {}
    for a, b, score, n in results:
        wins[a] += score + PRIOR_DRAWS / 2
        wins[b] += n - score + PRIOR_DRAWS / 2
        key = (a, b) if a < b else (b, a)
        games[key] = games.get(key, 0.0) + n + PRIOR_DRAWS
    strength = {level: 1.0 for level in levels}
    for _ in range(iterations):
        new = {}
        for level in levels:
            denom = 0.0
            for (x, y), n in games.items():
                if level in (x, y):
                    other = y if level == x else x
                    denom += n / (strength[level] + strength[other])
            new[level] = wins[level] / denom if denom else strength[level]
        norm = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {level: v / norm for level, v in new.items()}
    return {level: 400 * math.log10(v) for level, v in strength.items()}


def ratings(levels: list[str], table: list[Pairing], seed: int) -> dict[str, dict[str, float]]:
    """Each level's rating with a bootstrap 95% interval (same seed, same intervals)."""
    def rows(resample: Callable[[list[float]], list[float]]) -> list[tuple[str, str, float, float]]:
        out = []
        for p in table:
            games = resample(p.games)
            out.append((p.a, p.b, sum(games), float(len(games))))
        return out

    point = bradley_terry(levels, rows(lambda g: g))
    rng = random.Random(f"ladder bootstrap {seed}")
    samples: dict[str, list[float]] = {level: [] for level in levels}
    for _ in range(BOOTSTRAP):
        fit = bradley_terry(levels, rows(lambda g: resample_battles(g, rng)), iterations=200)
        for level, value in fit.items():
            samples[level].append(value)
    played = battles_per_level(levels, table)
    out = {}
    for level in levels:
        ordered = sorted(samples[level])
        low = ordered[int(0.025 * (len(ordered) - 1))]
        high = ordered[int(math.ceil(0.975 * (len(ordered) - 1)))]
        out[level] = {"rating": round(point[level], 1), "low": round(low, 1), "high": round(high, 1),
                      "battles": played[level], "few_battles": played[level] < FEW_BATTLES}
    return out


def resample_battles(games: list[float], rng: random.Random) -> list[float]:
    """As many battles as `games`, drawn with replacement from them and the pseudo-games."""
    if not games:
        return games
    pool = games + list(PSEUDO_GAMES)
    return [rng.choice(pool) for _ in games]


def battles_per_level(levels: list[str], table: list[Pairing]) -> dict[str, int]:
    played = {level: 0 for level in levels}
    for p in table:
        played[p.a] += p.battles
        played[p.b] += p.battles
    return played


def rating_warnings(rated: dict[str, dict]) -> list[str]:
    """A line for each rating that rests on too few battles."""
    return [f"warning: {level}'s rating rests on {r['battles']} battles (fewer than {FEW_BATTLES}): "
            f"read it and its interval as rough; more --battles narrow it"
            for level, r in rated.items() if r.get("few_battles")]


# --- output ----------------------------------------------------------------------------
def pooled(table: list[Pairing]) -> list[Pairing]:
    """Each pairing over all maps together."""
    out: dict[tuple[str, str], Pairing] = {}
    for p in table:
        q = out.setdefault((p.a, p.b), Pairing(p.a, p.b, "all maps"))
        q.a_wins += p.a_wins
        q.b_wins += p.b_wins
        q.draws += p.draws
        q.rounds += p.rounds
        q.games.extend(p.games)
    return list(out.values())


def table_text(ruleset: str, map_names: list[str], battles: int, seed: int, table: list[Pairing],
               rated: dict[str, dict[str, float]]) -> str:
    n_seeds = seeds_for(battles)
    lines = [f"ladder: {ruleset} on {', '.join(map_names)}: {2 * n_seeds} battles per pairing per map "
             f"(seeds {seed}..{seed + n_seeds - 1}, each played from both sides)",
             "",
             f"{'pairing':<20} {'map':<10} {'wins':>5} {'losses':>6} {'draws':>5}  "
             f"{'share':>6}  {'95% CI':<15} {'rounds':>6}"]
    for p in table + pooled(table):
        lo, hi = p.interval()
        lines.append(f"{p.a + ' v ' + p.b:<20} {p.map:<10} {p.a_wins:>5} {p.b_wins:>6} {p.draws:>5}  "
                     f"{p.share:>6.1%}  {lo:>6.1%} to {hi:<6.1%} {p.mean_rounds:>6.1f}")
    lines += ["", "ratings (Bradley-Terry, Elo scale, centred; 95% bootstrap interval):"]
    for level, r in sorted(rated.items(), key=lambda item: item[1]["rating"]):
        lines.append(f"  {level:<8} {r['rating']:>7.1f}  ({r['low']:.1f} to {r['high']:.1f})")
    warnings = rating_warnings(rated)
    return "\n".join(lines + ([""] + warnings if warnings else []))


def to_json(ruleset: str, map_names: list[str], seed: int, battles: int, table: list[Pairing],
            rated: dict, made: dict | None = None) -> dict:
    """The ladder's JSON; `made`: the version, date and command line that made it."""
    return {"ruleset": ruleset, "maps": map_names, "seed": seed,
            "battles_per_pairing": 2 * seeds_for(battles),
            "pairings": [p.to_json() for p in table], "ratings": rated, **(made or {})}


def to_csv(table: list[Pairing], made: dict | None = None) -> str:
    """One row per pairing and map; `made`'s fields (version, date, command line) end
    every row, so rows copied out of the file still say where they came from."""
    from game.outputs import csv_text
    made = made or {}
    rows = []
    for p in table:
        lo, hi = p.interval()
        rows.append([p.a, p.b, p.map, p.a_wins, p.b_wins, p.draws, f"{p.mean_rounds:.4f}",
                     f"{p.share:.4f}", f"{lo:.4f}", f"{hi:.4f}", *made.values()])
    return csv_text(["a", "b", "map", "a_wins", "b_wins", "draws", "mean_rounds", "a_share", "ci_low",
                     "ci_high", *made], rows)


def plot(path, ruleset: str, levels: list[str], table: list[Pairing], rated: dict) -> None:
    """Ratings with their intervals beside the pairwise win-share matrix (matplotlib,
    the optional extra ``[lab]``)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        from game.errors import InputError
        raise InputError("--plot", "needs matplotlib: pip install 'rulebook-skirmish[lab]'") from None
    import numpy as np

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    order = sorted(levels, key=lambda level: rated[level]["rating"])
    values = [rated[level]["rating"] for level in order]
    errors = [[v - rated[level]["low"] for level, v in zip(order, values)],
              [rated[level]["high"] - v for level, v in zip(order, values)]]
    left.errorbar(values, range(len(order)), xerr=errors, fmt="o", capsize=4)
    left.set_yticks(range(len(order)), order)
    left.set_xlabel("rating (Elo scale, 95% bootstrap interval)")
    left.set_title(f"{ruleset}: AI level ratings")
    left.grid(axis="x", alpha=0.3)

    index = {level: i for i, level in enumerate(order)}
    matrix = np.full((len(order), len(order)), np.nan)
    for p in pooled(table):
        matrix[index[p.a], index[p.b]] = p.share
        matrix[index[p.b], index[p.a]] = 1 - p.share
    image = right.imshow(matrix, vmin=0, vmax=1, cmap="RdBu")
    right.set_xticks(range(len(order)), order)
    right.set_yticks(range(len(order)), order)
    for (i, j), value in np.ndenumerate(matrix):
        if not np.isnan(value):
            right.text(j, i, f"{value:.0%}", ha="center", va="center", fontsize=9)
    right.set_title("row level's win share against column (all maps)")
    fig.colorbar(image, ax=right, fraction=0.046)
    fig.tight_layout()
    import io
    from pathlib import Path

    from game.files import write_bytes
    image_bytes = io.BytesIO()  # through the game's one writer (atomic, modes kept)
    fig.savefig(image_bytes, dpi=110, format=Path(path).suffix.lstrip(".").lower() or "png")
    plt.close(fig)
    write_bytes(path, image_bytes.getvalue())  # an OSError: the command names the path asked for
