"""Exact odds of Strike, Aim and Focus: the same definitions the roll uses, checked by
hand for a few cases and against 20,000 sampled actions for a varied set."""

from fractions import Fraction

import pytest

from game.engine.dice import Dice
from game.rulesets.fivebyfive import rolls
from game.rulesets.fivebyfive.actions import control_result, roll_action
from game.rulesets.fivebyfive.combat import (BLOCKED, CONTROLLED, NOT_CONTROLLED, Profile,
                                              control_chances, exact_outlook, profile)
from tests.fivebyfive.kit import ascii_map, duel


def bare_profile(target_number: int, defence_target: int) -> Profile:
    return Profile(0, 1, "strike", 1, "rage", 1, (), target_number, "parry", 1, "rage", 1,
                   defence_target)


def test_odds_of_an_option_read_the_profile():
    """`odds` gives the hit and Double Hit chances, the points lost, every modifier."""
    tmap = ascii_map(["........",
                      ".....h..",
                      "........"])
    b = duel(dict(aim=3, grace=4), dict(dodge=2, grace=3), [], gap=5, tmap=tmap)
    a, d = b.units()
    opt = b.pending.option("aim")
    assert opt.offensive
    o = b.ruleset.odds(b, b.pending, opt.choice(d))
    # Aim 3 −2 (heavy cover) → 1 × Grace 4 = 4: 19/36 to hit, 3/36 Double Hit.
    assert o.target_number == 4
    assert o.breakdown == (("Aim rank", 3), ("Grace", 4), ("heavy cover (rank shift)", -2))
    assert o.hit == pytest.approx(19 / 36) and o.crit == pytest.approx(3 / 36)
    # Dodge 2 × Grace 3 = 6: Blocked 3/36 per Control roll.
    pb = 3 / 36
    single, double = 16 / 36, 3 / 36
    assert o.damage[0] == pytest.approx(17 / 36 + single * pb + double * pb * pb)
    assert o.damage[2] == pytest.approx(double * (1 - pb) ** 2)
    assert any("Control the Hit: Dodge 2 × Grace 3 = 6" in n for n in o.notes)
    assert b.ruleset.odds(b, b.pending, b.pending.option("end_turn").choice()) is None


def test_takes_out_by_hand():
    """Chance to leave the target out of the fight, both sides choosing well."""
    hit, double = rolls.chances(9)
    single = hit - double
    c = control_chances(4)
    pb, pn = c[BLOCKED], c[NOT_CONTROLLED]
    # All abilities at 1: any unblocked hit takes it out.
    o = exact_outlook(9, 4, (1, 1, 1))
    assert o.takes_out == single * (1 - pb) + double * (1 - pb * pb)
    # 3/3/3: only a Double Hit the attacker places twice (both not Controlled): Instant KO.
    assert exact_outlook(9, 4, (3, 3, 3)).takes_out == double * pn * pn
    # 1/3/3: any hit not Controlled goes on the 1.
    assert exact_outlook(9, 4, (1, 3, 3)).takes_out == single * pn + double * (1 - (1 - pn) ** 2)
    # 2/3/3, Double Hit, attacker's hit then a Controlled one: the defender avoids Rage.
    o = exact_outlook(9, 4, (2, 3, 3))
    assert o.takes_out == double * pn * pn


CASES = [(6, 2), (9, 4), (12, 9), (0, 6), (-1, 3), (20, 16), (4, -1), (16, 0)]


@pytest.mark.parametrize("target_number,defence_target", CASES)
def test_exact_outlook_agrees_with_sampled_actions(target_number, defence_target):
    """20,000 actions rolled by `roll_action` (the resolution's own dice) land within 3
    standard errors of the exact hit, Double Hit and points-lost chances."""
    p = bare_profile(target_number, defence_target)
    o = exact_outlook(target_number, defence_target, (2, 2, 2))
    dice = Dice(7919 * (target_number + 3) + defence_target)
    n = 20_000
    hits = doubles = 0
    points = {0: 0, 1: 0, 2: 0}
    for _ in range(n):
        attack, controls = roll_action(dice, p)
        hits += attack.success
        doubles += attack.critical
        points[sum(control_result(c) != BLOCKED for c in controls)] += 1
    checks = [(hits, o.hit), (doubles, o.double_hit)] + \
        [(points[k], o.points.get(k, Fraction(0))) for k in points]
    for count, exact in checks:
        exact = float(exact)
        se = (exact * (1 - exact) / n) ** 0.5
        assert abs(count / n - exact) <= 3 * se + 1e-12, (count / n, exact)


def test_control_chances_split_a_success_into_blocked_and_controlled():
    c = control_chances(6)
    assert c == {BLOCKED: Fraction(3, 36), CONTROLLED: Fraction(20, 36), NOT_CONTROLLED: Fraction(13, 36)}


def test_the_profile_is_what_the_roll_uses():
    """The target shown in the odds is the one the log shows after the roll."""
    from game.rulesets.fivebyfive.events import OffensiveRolled
    from tests.fivebyfive.kit import attack, pair
    from tests.helpers import events_of
    b = duel(dict(aim=2, grace=3), dict(dodge=1, grace=2), pair(4, 4), gap=4)
    a, d = b.units()
    p = profile(b, a, d, "aim")
    attack(b, "aim", d)
    assert events_of(b, OffensiveRolled)[-1].roll.target == p.target_number == 6
