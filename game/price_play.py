"""The battles `price` plays: mixed random squads at normal over several maps, then
battles of equal points under the costs fitted so far (the refits).

Battle `k` of a run seeded `S` draws its squads from a stream seeded by the ruleset,
`S` and `k` (sha256, stable across platforms), plays with dice seed `S + k` on map
`k mod len(maps)`: each battle is a pure function of its spec, so `--jobs` does not
change the result. A refit's battle `k` draws its pair from a stream named by the
ruleset, `S`, the refit and `k` (never balance's stream: the check is not fitted on
its own pairs).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence

from game.price import Outcome, Priced, price
from game.simulate import BattleSpec

SIZES = (4, 5, 6)
#: Most battles are between squads of one size, which is where the templates' relative
#: worth shows; one in four gives one side a unit more or less, which shows what a
#: unit is worth at all (the scale of the points). A larger gap decides the battle
#: before the templates matter.
UNEVEN = 0.25


#: Equal points (issue 29's balance target): within 5%.
TOLERANCE = 0.05
#: The sizes tried for the second squad of an equal-points pair (the first has five).
PAIR_SIZES = range(3, 8)
PAIR_TRIES = 10_000


def stream(*words: object) -> random.Random:
    """A random stream named by `words` (no hash(): the same on every run)."""
    digest = hashlib.sha256(" ".join(["rulebook-skirmish price", *map(str, words)]).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def random_squad(rng: random.Random, templates: Sequence[str], size: int) -> tuple[str, ...]:
    return tuple(rng.choice(templates) for _ in range(size))


def counts(squad: Sequence[str], templates: Sequence[str]) -> tuple[int, ...]:
    return tuple(squad.count(t) for t in templates)


@dataclass(frozen=True)
class Pair:
    """Two squads (sorted template ids) and their points."""

    a: tuple[str, ...]
    b: tuple[str, ...]
    cost_a: int
    cost_b: int


def equal_points_pair(rng: random.Random, costs: Mapping[str, int], templates: Sequence[str],
                      ruleset_id: str, size: int = 5, closest: bool = False) -> Pair:
    """Squad A: `size` random templates; squad B: random templates of a random size
    (PAIR_SIZES), drawn until its points (`costs`) are within TOLERANCE of A's and its
    contents differ. With `closest`, drawn until its points equal A's; if none of
    PAIR_TRIES draws does, the closest within TOLERANCE (the first of equals). Both
    squads keep `ruleset_id`'s squad rule (game.squads.copies_problem): A is drawn again,
    B passed over, when it breaks it."""
    from game.squads import copies_problem, max_copies
    cap = max_copies(ruleset_id)
    if len(set(templates)) * cap < size:
        from game.errors import InputError
        raise InputError("costs", f"a squad of {size} units needs more than {len(set(templates))} templates "
                                  f"(at most {cap} of one)")
    a = tuple(sorted(rng.choice(templates) for _ in range(size)))
    while copies_problem(a, ruleset_id):
        a = tuple(sorted(rng.choice(templates) for _ in range(size)))
    cost_a = sum(costs[t] for t in a)
    best: Pair | None = None
    for _ in range(PAIR_TRIES):
        b = tuple(sorted(rng.choice(templates) for _ in range(rng.choice(PAIR_SIZES))))
        cost_b = sum(costs[t] for t in b)
        gap = abs(cost_b - cost_a)
        if b != a and gap <= TOLERANCE * cost_a and copies_problem(b, ruleset_id) is None:
            if not closest or gap == 0:
                return Pair(a, b, cost_a, cost_b)
            if best is None or gap < abs(best.cost_b - cost_a):
                best = Pair(a, b, cost_a, cost_b)
    if best is not None:
        return best
    from game.errors import InputError
    raise InputError("costs", f"no squad of {PAIR_SIZES[0]} to {PAIR_SIZES[-1]} units other than "
                              f"{'+'.join(a)} is within {TOLERANCE:.0%} of its {cost_a} points "
                              f"({', '.join(f'{t} {c}' for t, c in costs.items())})")


def price_specs(ruleset: str, templates: Sequence[str], maps: Sequence[str], battles: int, seed: int,
                max_rounds: int | None) -> list[BattleSpec]:
    specs = []
    for k in range(battles):
        rng = stream(ruleset, seed, k)
        size = rng.choice(SIZES)
        other = size + rng.choice((-1, 1)) if rng.random() < UNEVEN else size
        squads = ((1, random_squad(rng, templates, size)), (2, random_squad(rng, templates, other)))
        specs.append(BattleSpec(maps[k % len(maps)], ruleset, seed + k, max_rounds, (), squads))
    return specs


def refit_specs(ruleset: str, costs: Mapping[str, int], maps: Sequence[str], battles: int, seed: int,
                refit: int, max_rounds: int | None) -> list[BattleSpec]:
    """A refit's battles: each a fresh equal-points pair under `costs` (the fit so far),
    drawn as balance draws them, on map `k mod len(maps)`, squad A on side 1 and side 2
    in turn by round of maps, dice seed `S + k`."""
    return pair_battles(ruleset, costs, maps, battles, seed, max_rounds, ("refit", seed, refit), closest=False)


def tune_specs(ruleset: str, costs: Mapping[str, int], maps: Sequence[str], battles: int, seed: int,
               max_rounds: int | None) -> list[BattleSpec]:
    """The tune's battles (game.price_tune): as a refit's, each pair of exactly equal
    points where the costs allow, as the balance check draws its pairs."""
    return pair_battles(ruleset, costs, maps, battles, seed, max_rounds, ("tune", seed), closest=True)


def pair_battles(ruleset: str, costs: Mapping[str, int], maps: Sequence[str], battles: int, seed: int,
                 max_rounds: int | None, words: tuple, closest: bool) -> list[BattleSpec]:
    """Battle `k`: an equal-points pair from the stream named by the ruleset, `words` and
    `k`, on map `k mod len(maps)`, squad A on side 1 and side 2 in turn by round of maps,
    dice seed `seed + k`."""
    templates = list(costs)
    specs = []
    for k in range(battles):
        pair = equal_points_pair(stream(ruleset, *words, k), costs, templates, ruleset, closest=closest)
        a_side = 1 if (k // len(maps)) % 2 == 0 else 2
        squads = tuple(sorted(((a_side, pair.a), (3 - a_side, pair.b))))
        specs.append(BattleSpec(maps[k % len(maps)], ruleset, seed + k, max_rounds, (), squads))
    return specs


def score(winner: int | None, side: int = 1) -> float:
    """A side's score in one battle: 1 a win, 0.5 a draw, 0 a loss."""
    return 0.5 if winner is None else float(winner == side)


def outcomes(specs: Sequence[BattleSpec], templates: Sequence[str], maps: Sequence[str],
             run: Callable[[Iterable[BattleSpec]], Iterable[dict]],
             on_battle: Callable[[int], None] | None = None) -> list[Outcome]:
    """Play the specs through `run` (results in order) and read each as an Outcome."""
    out = []
    for done, (spec, result) in enumerate(zip(specs, run(specs)), start=1):
        squads = dict(spec.squads)
        out.append(Outcome(counts(squads[1], templates), counts(squads[2], templates),
                           list(maps).index(spec.map_path), score(result["winner"])))
        if on_battle is not None:
            on_battle(done)
    return out


def refitted(played: list[Outcome], templates: Sequence[str], maps: int, refits: int, seed: int,
             play_refit: Callable[[dict[str, int], int], list[Outcome]]) -> tuple[list[Priced], list[Outcome]]:
    """The first fit on `played`, then `refits` times: play equal-points battles under
    the costs fitted so far (`play_refit(costs, refit)`) and fit again on every battle
    played. Returns each stage's fit (without intervals) and every battle.

    Why: the costs must make equal-points pairs even, and those pairs are of varied
    sizes (cheap units in numbers against fewer dear ones), unlike the first battles'
    squads of mostly one size. On the first fit's pairs the side with more units won
    more than its points said (docs/squads.md); a refit weighs such pairs in, and on
    the next pairs that lean is gone."""
    stages = [price(played, templates, maps, seed, bootstrap=0)]
    for refit in range(1, refits + 1):
        costs = dict(zip(templates, stages[-1].costs))
        played = played + play_refit(costs, refit)
        stages.append(price(played, templates, maps, seed, bootstrap=0))
    return stages, played
