"""Dice mechanics (digest 0.3; worked examples 0.13 #3, #4, #5): stat dice, explosions
with per-die modifiers, XdY keeping the highest, non-skilled rolls, added sets, and
exact distributions that agree with sampling."""

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.dice import Dice, ScriptedDice
from game.rulesets.mahou import dice as md
from game.rulesets.mahou.dice import Die, DiceSet, RollSpec


def test_stat_die_table():
    """Skills and Stats: ≤2 d4−1, 3–4 d4, 5–6 d6, 7–8 d8, 9–10 d10, 11–12 d12, then +1 per 2."""
    expected = {1: Die(4, -1), 2: Die(4, -1), 3: Die(4), 4: Die(4), 5: Die(6), 6: Die(6),
                7: Die(8), 8: Die(8), 9: Die(10), 10: Die(10), 11: Die(12), 12: Die(12),
                13: Die(12, 1), 14: Die(12, 1), 15: Die(12, 2), 16: Die(12, 2), 17: Die(12, 3)}
    for value, die in expected.items():
        assert md.stat_die(value) == die, value


def test_example_3_xdy_keeps_the_highest_single_die():
    """Worked example 3: 2d8 rolling {3, 7} → 7 (not the sum)."""
    rolled = md.roll(ScriptedDice([(8, 3), (8, 7)]), RollSpec((DiceSet(2, Die(8)),)))
    assert rolled.total == 7


def test_example_4_explosion_applies_the_modifier_to_every_roll():
    """Worked example 4: d12+1 rolling 12 then 3 → (12+1) + (3+1) = 17."""
    rolled = md.roll(ScriptedDice([(12, 12), (12, 3)]), RollSpec((DiceSet(1, Die(12, 1)),)))
    assert rolled.total == 17
    assert "12!+3" in str(rolled)


def test_explosions_chain_until_a_non_maximum():
    rolled = md.roll(ScriptedDice([6, 6, 6, 2]), RollSpec((DiceSet(1, Die(6)),)))
    assert rolled.total == 20


def test_example_5_added_sets_each_keep_their_highest():
    """Worked example 5: 2d6+2dAcc (Acc 8: d8) = highest d6 + highest d8."""
    spec = RollSpec((DiceSet(2, Die(6)), DiceSet(2, md.stat_die(8))))
    rolled = md.roll(ScriptedDice([(6, 2), (6, 5), (8, 7), (8, 1)]), spec)
    assert rolled.total == 5 + 7


def test_non_skilled_rolls_two_and_keeps_the_lower():
    """A 0-skill roll: two of the stat's dice, keep the lower."""
    rolled = md.roll(ScriptedDice([(10, 9), (10, 4)]), RollSpec((md.skill_set(0, Die(10)),)))
    assert rolled.total == 4


def test_flat_modifier_is_added_once_and_never_explodes():
    """A flat "+N" after the roll is added once; a natural maximum still explodes."""
    rolled = md.roll(ScriptedDice([(6, 5)]), RollSpec((DiceSet(1, Die(6)),), (("bonus", 1),)))
    assert rolled.total == 6  # 5 + 1: the die showed 5, so no explosion


def test_non_exploding_single_die():
    rolled = md.roll(ScriptedDice([(8, 8)]), RollSpec((md.single(Die(8), explode=False),)))
    assert rolled.total == 8


def test_best_of_non_skilled_pairs():
    """Spot Dodge: a non-skilled roll per 4 moves, highest of them kept."""
    spec = RollSpec((md.best_nonskilled(2, Die(8)),))
    rolled = md.roll(ScriptedDice([7, 2, 5, 6]), spec)
    assert rolled.total == 5  # min(7,2)=2, min(5,6)=5 → 5


# --- exact odds ------------------------------------------------------------------------------
TABLE = [  # digest 0.3: P(highest of k exploding dice >= N); sk0 = two keep lower
    (4, 3, (.250, .500, .750, .875, .937)),
    (4, 5, (.062, .250, .437, .578, .684)),
    (6, 3, (.444, .667, .889, .963, .988)),
    (6, 5, (.111, .333, .556, .704, .802)),
    (6, 7, (.028, .167, .306, .421, .518)),
    (8, 5, (.250, .500, .750, .875, .937)),
    (8, 7, (.062, .250, .437, .578, .684)),
    (8, 9, (.016, .125, .234, .330, .414)),
    (10, 5, (.360, .600, .840, .936, .974)),
    (10, 7, (.160, .400, .640, .784, .870)),
    (10, 11, (.010, .100, .190, .271, .344)),
    (12, 7, (.250, .500, .750, .875, .937)),
    (12, 9, (.111, .333, .556, .704, .802)),
]


@pytest.mark.parametrize("sides,target,row", TABLE)
def test_exact_chances_match_the_digest_table(sides, target, row):
    """The digest's exact table, rounded to 3 places."""
    for skill, expected in enumerate(row):
        p = md.chance_at_least(RollSpec((md.skill_set(skill, Die(sides)),)), target)
        assert abs(p - expected) < 0.0011, (sides, target, skill, p)


def test_an_exploding_die_never_totals_its_own_size():
    """Consequence of exploding: dS can never total exactly S; P(>= S) = P(>= S+1) = 1/S."""
    dist = md.distribution(RollSpec((DiceSet(1, Die(6)),)))
    assert 6 not in dist
    assert math.isclose(md.chance_at_least(RollSpec((DiceSet(1, Die(6)),)), 6), 1 / 6, rel_tol=1e-6)


def test_explosions_are_carried_until_less_than_1e_9_is_left():
    dist = md.distribution(RollSpec((DiceSet(3, Die(4, -1)),)))
    assert 1 - sum(dist.values()) < 1e-8


def _sample(spec, n, seed):
    dice = Dice(seed)
    return [md.roll(dice, spec).total for _ in range(n)]


SAMPLED = [
    RollSpec((md.skill_set(3, Die(8)),), (("bonus", 2),)),
    RollSpec((md.skill_set(0, Die(12, 1)),)),
    RollSpec((DiceSet(2, Die(4, -1)), DiceSet(1, Die(10)))),
    RollSpec((md.best_nonskilled(3, Die(6)),), (("against Strong", 5),)),
    RollSpec((md.single(Die(6), explode=False),), (("failed long jump", -1),)),
]


@pytest.mark.parametrize("spec", SAMPLED, ids=str)
def test_exact_distribution_agrees_with_20000_samples(spec):
    """Mean and a tail probability within 3 standard errors of 20,000 samples."""
    n = 20_000
    samples = _sample(spec, n, seed=7)
    dist = md.distribution(spec)
    mean = sum(v * p for v, p in dist.items())
    var = sum((v - mean) ** 2 * p for v, p in dist.items())
    assert abs(sum(samples) / n - mean) <= 3 * math.sqrt(var / n)
    cut = sorted(dist)[len(dist) // 3]
    p = sum(q for v, q in dist.items() if v >= cut)
    freq = sum(1 for s in samples if s >= cut) / n
    assert abs(freq - p) <= 3 * math.sqrt(p * (1 - p) / n) + 1e-9


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), st.sampled_from([4, 6, 8, 10, 12]),
                          st.integers(-1, 2), st.sampled_from(["high", "low"])), min_size=1, max_size=3),
       st.integers(-5, 5), st.integers(0, 10_000))
def test_every_roll_lands_inside_its_exact_distribution(sets, flat, seed):
    """Property: any roll's total is a value the exact distribution gives a chance to."""
    spec = RollSpec(tuple(DiceSet(2 if keep == "low" else n, Die(s, m), keep)
                          for n, s, m, keep in sets), (("flat", flat),))
    dist = md.distribution(spec)
    rng = random.Random(seed)
    total = md.roll(Dice(rng.randint(0, 10 ** 6)), spec).total
    assert total in dist or (total > max(dist))  # beyond the 1e-9 tail is allowed
    assert abs(sum(dist.values()) - 1) < 1e-6


def test_chance_beats_strictly_and_with_ties():
    a = RollSpec((md.single(Die(4), explode=False),))
    # two independent d4: P(a > b) = 6/16, P(a >= b) = 10/16
    assert math.isclose(md.chance_beats(a, a), 6 / 16)
    assert math.isclose(md.chance_beats(a, a, ties_win=True), 10 / 16)
