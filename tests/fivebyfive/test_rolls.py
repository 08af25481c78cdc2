"""The d5, the 5x5 roll and its exact odds (digest 1.3), checked against hand counts."""

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from game.engine.dice import Dice, ScriptedDice
from game.rulesets.fivebyfive import rolls

# Digest 1.3: successes out of 36 for each listed target; unlisted targets take the next
# lower listed value (e.g. 7 -> 23).
LISTED = {-1: 6, 0: 11, 1: 12, 2: 14, 3: 16, 4: 19, 5: 21, 6: 23, 8: 25, 9: 26, 10: 28,
          12: 30, 15: 32, 16: 33, 20: 35}


def table_value(target: int) -> int:
    if target >= 25:
        return 35  # 25 always fails: everything else succeeds
    return LISTED[max(t for t in LISTED if t <= target)]


@pytest.mark.parametrize("target", range(-1, 26))
def test_success_table_of_digest_1_3(target):
    """P(success) for every target from −1 to 25 is the digest's table (counts of 36)."""
    assert rolls.chances(target)[0] == Fraction(table_value(target), 36)


@pytest.mark.parametrize("target,crits", [(0, 1), (1, 2), (2, 2), (3, 2), (4, 3), (8, 3), (9, 4),
                                          (15, 4), (16, 5), (20, 5), (24, 5), (25, 5)])
def test_critical_chances_of_digest_1_3(target, crits):
    """Critical = success AND doubles: (number of d with d² ≤ T)/36; 0·0 counts at T = 0."""
    assert rolls.chances(target)[1] == Fraction(crits, 36)


def test_target_minus_one_rolls_one_d5_and_never_crits():
    """Target −1: "roll −1 dice": one d5, success only on 0 (1/6); no pair, no doubles."""
    assert rolls.chances(-1) == (Fraction(1, 6), Fraction(0))
    assert rolls.dice_for(-1) == 1 and rolls.dice_for(0) == 2


def test_targets_below_minus_one_are_rolled_like_minus_one():
    """[PROP] −2 and below: one d5 as at −1, so a worse target is never likelier."""
    assert rolls.chances(-2) == rolls.chances(-1) == rolls.chances(-5)


def test_product_counts_match_the_digest():
    """Counts out of 36 of each product (digest 1.3)."""
    assert rolls.product_counts() == {0: 11, 1: 1, 2: 2, 3: 2, 4: 3, 5: 2, 6: 2, 8: 2, 9: 1,
                                      10: 2, 12: 2, 15: 2, 16: 1, 20: 2, 25: 1}


def test_d5_reads_a_six_as_zero():
    """"Roll one six-sided die and count the six as a zero.\""""
    assert [rolls.d5(f) for f in range(1, 7)] == [1, 2, 3, 4, 5, 0]
    dice = ScriptedDice([(6, 6), (6, 3)])
    assert rolls.roll_d5(dice) == (6, 0)
    assert rolls.roll_d5(dice) == (3, 3)


def test_zero_always_succeeds_and_twenty_five_always_fails():
    """A roll of 0 succeeds even against a negative-looking target; 25 fails even at 25."""
    assert rolls.judge((0, 5), 0).success
    assert rolls.judge((0, 0), 0).critical  # doubles on a success
    assert not rolls.judge((5, 5), 25).success
    assert not rolls.judge((5, 5), 30).success
    assert rolls.judge((4, 5), 20).success


def test_rank_ladder():
    """Rank × Ability; Unskilled Ability − 1; Weak (Unskilled shifted −1) Ability − 2;
    rank 5 only via +1 on rank 4; [PROP] shifts stop at Weak."""
    assert rolls.target_number(2, 3) == 6
    assert rolls.target_number(0, 3) == 2
    assert rolls.target_number(0, 3, -1) == 1
    assert rolls.target_number(1, 3, -1) == 2  # rank 1 shifted down is Unskilled
    assert rolls.target_number(1, 3, -5) == 1  # no lower than Weak
    assert rolls.target_number(4, 4, +1) == 20
    assert rolls.target_number(4, 4, +3) == 20
    assert rolls.target_number(0, 0) == -1  # Unskilled with a 0 ability: the −1 rule


@given(st.integers(0, 5), st.integers(0, 5), st.integers(-3, 26))
def test_judge_is_the_rule(a, b, target):
    """Success iff product 0, or product ≤ target and not 25 (two dice)."""
    v = rolls.judge((a, b), target)
    expected = a * b == 0 or (a * b <= target and a * b != 25)
    assert v.success == expected
    assert v.critical == (expected and a == b)


def test_roll_uses_one_die_at_minus_one_and_two_otherwise():
    r = rolls.roll(ScriptedDice([(6, 6)]), -1)
    assert r.values == (0,) and r.success and not r.critical
    r = rolls.roll(ScriptedDice([(6, 3), (6, 3)]), 9)
    assert r.values == (3, 3) and r.result == 9 and r.success and r.critical
    assert str(r) == "5x5 (3, 3) = 9"


@pytest.mark.parametrize("target", [-1, 0, 3, 6, 12, 20])
def test_sampled_rolls_agree_with_exact_odds(target):
    """20,000 seeded rolls land within 3 standard errors of the exact chances."""
    dice = Dice(1000 + target)
    n = 20_000
    wins = crits = 0
    for _ in range(n):
        r = rolls.roll(dice, target)
        wins += r.success
        crits += r.critical
    for count, exact in ((wins, rolls.success_chance(target)), (crits, rolls.critical_chance(target))):
        se = (exact * (1 - exact) / n) ** 0.5
        assert abs(count / n - exact) <= 3 * se + 1e-12
