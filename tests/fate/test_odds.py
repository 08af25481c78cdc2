"""Exact odds agree with the dice: 20,000 seeded rolls of the same profile, within three
standard errors, for a varied sample of attacks (cover and locating, armour, bonus
damage, blinding, wound roll-ups). And the preview of a declared attack is computed at
the planned positions."""

import math
import zlib

import pytest

from game.engine.components import KNEELING, Posture
from game.engine.dice import Dice
from game.rulesets.fate.attacks import Situation, attack_odds, attack_profile, roll_attack
from game.rulesets.fate.stats import posture
from game.rulesets.fate.wounds import LEVELS, SCRATCH, mark
from tests.fate.kit import ascii_map, battle, declare, hold, initiative, wounds

N = 20_000


def within(observed: int, p: float, n: int = N) -> bool:
    se = math.sqrt(max(p * (1 - p), 1e-12) / n)
    return abs(observed / n - p) <= 3 * se + 1e-9


def setup(rows, units, prep=None):
    b = battle(units, initiative(*[4] + [-4 + i for i in range(len(units) - 1)]), ascii_map(rows))
    ids = b.units()
    if prep:
        prep(b, ids)
    return b, ids


def situation(b, a, d, weapon):
    return Situation(a, d, weapon, b.tile(a), b.tile(d), posture(b, a), posture(b, d))


def sample(b, profile, seed):
    """Roll the profile N times with seeded dice: outcome counts, extra Scratches, drops."""
    b.dice = Dice(seed)
    counts = {"none": 0, "blinded": 0, **{lv: 0 for lv in LEVELS}}
    extra_sum = drops = hits = 0
    base = wounds(b, profile.situation.target)
    for _ in range(N):
        r = roll_attack(b, profile)
        if r.blinds:
            counts["blinded"] += 1
            continue
        if not r.hit:
            counts["none"] += 1
            continue
        hits += 1
        counts[r.level] += 1
        extra_sum += r.extra_scratches
        t = base.copy()
        mark(t, r.level)
        for _ in range(r.extra_scratches):
            mark(t, SCRATCH)
        drops += t.out
    b.log.clear()
    return counts, extra_sum, hits, drops


OPEN = ["............"] * 3
COVERED = ["............", "....h.......", "............"]


def _cases():
    def hurt_target(b, ids):
        wounds(b, ids[1]).hurt = 2

    def nearly_out(b, ids):
        t = wounds(b, ids[1])
        t.scratch, t.hurt, t.very_hurt = 5, 2, 1

    def kneel(b, ids):
        b.add(ids[1], Posture(KNEELING))

    return [
        ("equal skills, pistol", OPEN, [(1, "soldier", 0, 1), (2, "soldier", 5, 1)], "pistol", None),
        ("knife against chainmail", OPEN, [(1, "scout", 0, 1), (2, "knight", 1, 1)], "knife", None),
        ("total cover: locate first", COVERED, [(1, "marksman", 0, 1), (2, "soldier", 5, 1)], "rifle", None),
        ("power with bonus damage on a Hurt target", OPEN, [(1, "pyro", 0, 1), (2, "soldier", 3, 1)],
         "fire_throwing", hurt_target),
        ("AP rounds at long range on kneeling riot gear", OPEN, [(1, "gunner", 0, 1), (2, "guardian", 8, 1)],
         "machine_pistol", kneel),
        ("flashbang", OPEN, [(1, "guardian", 0, 1), (2, "soldier", 2, 1)], "flashbang", None),
        ("giant rock on a nearly full track", OPEN, [(1, "strongman", 0, 1), (2, "soldier", 2, 1)],
         "giant_rock", nearly_out),
    ]


@pytest.mark.parametrize("case", _cases(), ids=lambda c: c[0])
def test_exact_odds_agree_with_20000_rolls(case):
    """The preview's numbers are the dice's: hit, every wound level (or blinding), the mean
    of the bonus-damage Scratches, and the chance to take the target out."""
    name, rows, units, weapon, prep = case
    b, (a, d) = setup(rows, units, prep)
    profile = attack_profile(b, situation(b, a, d, weapon))
    exact = attack_odds(b, profile)
    counts, extra_sum, hits, drops = sample(b, profile, seed=zlib.crc32(name.encode()))
    assert within(N - counts["none"], exact.hit), name
    if profile.weapon.effect == "blind":
        assert within(counts["blinded"], exact.blind)
        return
    for level, p in exact.levels:
        assert within(counts[level], p), (name, level)
    assert within(drops, exact.drop), name
    if profile.bonus is not None and hits:
        mean = sum(n * p for n, p in exact.extra_scratches)
        var = sum(n * n * p for n, p in exact.extra_scratches) - mean ** 2
        assert abs(extra_sum / hits - mean) <= 3 * math.sqrt(var / hits) + 1e-9


def test_locating_chance_is_notice_against_stealth():
    """Behind total cover the marksman (Notice +2) must find the soldier (Stealth 0):
    P(4dF − 4dF + 2 ≥ 0) = (6561 − P(diff ≤ −3)) = 1 − (504 + 266 + 112 + 36 + 8 + 1) / 6561."""
    b, (a, d) = setup(COVERED, [(1, "marksman", 0, 1), (2, "soldier", 5, 1)])
    odds = attack_odds(b, attack_profile(b, situation(b, a, d, "rifle")))
    assert odds.locate == pytest.approx(1 - 927 / 6561)


def test_drop_chance_on_a_fresh_target_is_the_incapacitated_chance():
    """Without bonus damage a fresh track drops only on an Incapacitated result."""
    b, (a, d) = setup(OPEN, [(1, "soldier", 0, 1), (2, "soldier", 5, 1)])
    odds = attack_odds(b, attack_profile(b, situation(b, a, d, "pistol")))
    assert odds.drop == pytest.approx(dict(odds.levels)["Incapacitated"])
    # Attack +1 against Defense 0: margin 6+ is a dice difference of 5+: 112 + 36 + 8 + 1.
    assert odds.drop == pytest.approx(157 / 6561)


def test_declared_attack_odds_use_the_planned_positions():
    """The odds of an attack declared after a move are reckoned from the destination:
    at 12 tiles the machine pistol is at long range (−1), after a move to 6 tiles it is not."""
    b = battle([(1, "gunner", 0, 1), (2, "soldier", 12, 1)], initiative(4, -4), ascii_map(["." * 16] * 3))
    g, s = b.units()
    hold(b, s)
    decision = b.pending
    far = b.ruleset.odds(b, decision, decision.option("attack").choice(s, **{"with": "machine_pistol"}))
    assert ("long range", -1) in far.breakdown
    declare(b, g, "move", (6, 1))
    decision = b.pending
    near = b.ruleset.odds(b, decision, decision.option("attack").choice(s, **{"with": "machine_pistol"}))
    assert ("long range", -1) not in near.breakdown
    # Attack +1 against Defense 0: P(diff ≥ 0) = (1107 + 2727) / 6561.
    assert near.hit == pytest.approx(3834 / 6561)


def test_odds_of_anything_but_an_attack_are_none():
    b = battle([(1, "soldier", 0, 1), (2, "soldier", 5, 1)], initiative(4, -4))
    a, d = b.units()
    assert b.ruleset.odds(b, b.pending, b.pending.option("hold").choice()) is None
