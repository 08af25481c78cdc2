"""The AI's joint valuation of a side's attacks on one target (game/ai/fate_team.py).

Every wound of a turn lands at the end, on the track as it was: two wounds together can
roll a track up where one cannot. Expected values here are worked by hand from the
damage-capacity roll-ups, and the AI's outcome distribution is held to the ruleset's
exact odds of the same attack.
"""

import pytest

from game.ai import fate_team
from game.rulesets.fate.attacks import Situation, attack_odds, attack_profile
from tests.fate.kit import ascii_map, battle, initiative

HALF_HURT = ((("", 0), 0.5), (("Hurt", 0), 0.5))  # a hit that Hurts, half the time


def test_two_hurts_together_drop_a_target_one_hurt_cannot():
    """Hurt boxes 2/2 and Very Hurt 1/1: one more Hurt rolls up to a second Very Hurt,
    Incapacitated. With Hurt 1/2 a single Hurt only fills the box; two together roll up to
    Very Hurt 2/1 → Incapacitated. So with Hurt 1/2 and two half-chance attacks, the
    target drops only when both hit: 1/4; either one alone: never."""
    assert fate_team.joint_drop((0, 2, 1, 0), (HALF_HURT,)) == pytest.approx(0.5)
    assert fate_team.joint_drop((0, 2, 1, 0), (HALF_HURT, HALF_HURT)) == pytest.approx(0.75)
    assert fate_team.joint_drop((0, 1, 1, 0), (HALF_HURT,)) == 0.0
    assert fate_team.joint_drop((0, 1, 1, 0), (HALF_HURT, HALF_HURT)) == pytest.approx(0.25)


def test_an_attack_is_worth_what_it_adds_to_the_others():
    """Against Hurt 1/2, Very Hurt 1/1: alone, a half-chance Hurt is worth half of
    (worth with Hurt 2/2) − (worth now); beside another such attack it also drops her a
    quarter of the time, worth OUT_WORTH."""
    now = fate_team.worth((0, 1, 1, 0), False)
    full = fate_team.worth((0, 2, 1, 0), False)
    alone = fate_team.gain((0, 1, 1, 0), (), HALF_HURT)
    assert alone == pytest.approx(0.5 * (full - now))
    together = fate_team.gain((0, 1, 1, 0), (HALF_HURT,), HALF_HURT)
    # Both: out (1/4). Exactly one: Hurt 2/2 (1/2). Neither: unchanged (1/4).
    expected_both = 0.25 * fate_team.OUT_WORTH + 0.5 * full + 0.25 * now
    assert together == pytest.approx(expected_both - (0.5 * full + 0.5 * now))
    assert together > alone


@pytest.mark.parametrize("weapon,x", [("machine_pistol", 5), ("fist", 2), ("fire_throwing", 4), ("flashbang", 3)])
def test_the_ai_outcome_is_the_rulesets_exact_odds(weapon, x):
    """`profile_outcome` (from the profile's numbers) equals `outcome(attack_odds(...))`."""
    units = {"machine_pistol": "gunner", "fist": "soldier", "fire_throwing": "scout", "flashbang": "guardian"}
    b = battle([(1, units[weapon], 1, 1), (2, "knight", x, 1)], initiative(4, -4), ascii_map(["." * 10] * 3))
    me, knight = b.units()
    profile = attack_profile(b, Situation(me, knight, weapon, (1, 1), (x, 1), "standing", "standing"))
    mine = dict(fate_team.profile_outcome(profile))
    exact = dict(fate_team.outcome(attack_odds(b, profile)))
    if weapon == "flashbang":  # a blinding hit: only the chance to hit matters
        assert fate_team.hit_chance(tuple(mine.items())) == pytest.approx(attack_odds(b, profile).blind)
        return
    assert mine.keys() == exact.keys()
    for k in mine:
        assert mine[k] == pytest.approx(exact[k], abs=1e-12)
