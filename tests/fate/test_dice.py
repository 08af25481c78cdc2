"""4dF and its exact odds (rule text: "4dF (4d3-8)"; digest 4.3's tables, computed by hand)."""

from types import SimpleNamespace

import pytest

from game.engine.dice import ScriptedDice
from game.rulesets.fate import fudge
from game.rulesets.fate.attacks import level_dist

# Digest 4.3: P(hit) and the wound level of the margin, before damage-value modifiers.
DIGEST_TABLE = {
    -3: (.064, .041, .023, .001, .000),
    -2: (.141, .077, .058, .007, .000),
    -1: (.261, .119, .117, .023, .001),
    0: (.416, .155, .196, .058, .007),
    1: (.584, .169, .274, .117, .024),
    2: (.739, .155, .324, .196, .064),
    3: (.859, .119, .324, .274, .141),
}


def test_4df_is_four_d3_each_shifted_to_minus_1_0_plus_1():
    """"4dF (4d3-8)": each d3 face 1, 2, 3 reads −1, 0, +1."""
    roll = fudge.roll_4df(ScriptedDice([(3, 1), (3, 2), (3, 3), (3, 3)]))
    assert roll.faces == (-1, 0, 1, 1) and roll.total == 1
    assert str(roll) == "4dF [− 0 + +] +1"


def test_4df_distribution_out_of_81():
    """Digest 4.3: −4:1, −3:4, −2:10, −1:16, 0:19, +1:16, +2:10, +3:4, +4:1."""
    assert fudge.four_df_counts() == {-4: 1, -3: 4, -2: 10, -1: 16, 0: 19, 1: 16, 2: 10, 3: 4, 4: 1}


def test_opposed_difference_out_of_6561():
    """Digest 4.3: A − D of two 4dF: 0:1107, ±1:1016, ±2:784, ±3:504, ±4:266, ±5:112, ±6:36, ±7:8, ±8:1."""
    expected = {0: 1107, 1: 1016, 2: 784, 3: 504, 4: 266, 5: 112, 6: 36, 7: 8, 8: 1}
    counts = fudge.opposed_counts()
    for d, c in expected.items():
        assert counts[d] == c and counts[-d] == c
    assert sum(counts.values()) == 6561


@pytest.mark.parametrize("edge", sorted(DIGEST_TABLE))
def test_hit_and_wound_level_table_of_the_digest(edge):
    """Digest 4.3: P(hit) = P(dice diff + Δ ≥ 1) and the Scratch / Hurt / Very Hurt /
    Incapacitated split of the margin (1 / 2-3 / 4-5 / 6+)."""
    levels = level_dist(SimpleNamespace(edge=edge, damage_bonus=0))
    got = (1 - levels["miss"], levels["Scratch"], levels["Hurt"], levels["Very Hurt"], levels["Incapacitated"])
    for value, want in zip(got, DIGEST_TABLE[edge]):
        assert abs(value - want) <= 0.0005 + 1e-9


def test_equal_skills_hurt_chance_by_hand():
    """Δ = 0: Hurt is a margin of 2 or 3: (784 + 504) / 6561."""
    levels = level_dist(SimpleNamespace(edge=0, damage_bonus=0))
    assert levels["Hurt"] == pytest.approx((784 + 504) / 6561)


def test_chance_against_a_difficulty():
    """A roll against a fixed difficulty: P(4dF + 0 ≥ 0) = (19 + 16 + 10 + 4 + 1) / 81."""
    assert fudge.chance_at_least(0, 0) == pytest.approx(50 / 81)
    assert fudge.chance_at_least(3, 6) == pytest.approx(5 / 81)


def test_ladder_words():
    """FUDGE ladder [REC basic-rules]: 0 Fair, +1 Good, +3 Superb, −1 Mediocre."""
    assert fudge.ladder(0) == "Fair (+0)"
    assert fudge.ladder(1) == "Good (+1)"
    assert fudge.ladder(3) == "Superb (+3)"
    assert fudge.ladder(-1) == "Mediocre (-1)"
