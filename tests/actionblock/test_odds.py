"""Exact odds (attacks.attack_odds) against hand-computed probabilities and against
sampling: 20,000 rolls through the same roll functions the battle uses, for a varied
set of attacks, must agree within 3 standard errors."""

import math
from dataclasses import replace

import pytest

from game.engine.dice import Dice
from game.rulesets.actionblock.attacks import (attack_odds, attack_profile, roll_chances,
                                               roll_damage, roll_to_hit)
from game.rulesets.actionblock.components import Barrier, TurnState
from tests.actionblock.kit import battle, open_map, set_pdr

SAMPLES = 20_000


def sample(b, profile, n=SAMPLES):
    """Damage of n attacks rolled with the battle's roll functions (no state changes)."""
    b.dice = Dice(12345)
    hits, total, totals = 0, 0.0, []
    for _ in range(n):
        start = len(b.log)
        rolls = roll_to_hit(b, profile)
        dealt = 0
        for r in rolls:
            if r.hit and profile.deals_damage:
                dealt += roll_damage(b, profile, r.critical)
        hits += any(r.hit for r in rolls)
        totals.append(dealt)
        del b.log[start:]
    return hits / n, totals


def agree(exact_p, sampled_p, exact_dist, totals):
    se_p = math.sqrt(max(exact_p * (1 - exact_p), 1e-12) / len(totals))
    assert abs(exact_p - sampled_p) <= 3 * se_p + 1e-9
    mean = sum(v * p for v, p in exact_dist.items())
    var = sum((v - mean) ** 2 * p for v, p in exact_dist.items())
    se = math.sqrt(max(var, 1e-12) / len(totals))
    assert abs(sum(totals) / len(totals) - mean) <= 3 * se + 1e-9
    # the chance of at least the median damage agrees too
    cut = sorted(totals)[len(totals) // 2]
    p_cut = sum(p for v, p in exact_dist.items() if v >= cut)
    s_cut = sum(1 for t in totals if t >= cut) / len(totals)
    assert abs(p_cut - s_cut) <= 3 * math.sqrt(max(p_cut * (1 - p_cut), 1e-12) / len(totals)) + 1e-9


def profile_for(attacker, target, action, item, tmap=None, setup=None, at=(1, 0)):
    b = battle([(1, attacker, 0, 0), (2, target, at[0], at[1])], [], tmap=tmap)
    me, foe = b.units()
    if setup:
        setup(b, me, foe)
    return b, attack_profile(b, me, foe, action, item)


CASES = {
    "longsword with Melee Boost vs light armour": ("swordsman", "target", "melee", "longsword", None),
    "claymore after a Fast Charge vs heavy armour":
        ("charger", "heavy", "melee", "claymore",
         lambda b, me, foe: setattr(b.get(me, TurnState), "charge", 2)),
    "aimed palm pistol at 20 ft": ("pistoleer", "target", "aimed", "palm_pistol", None),
    "boosted shotgun, 6 bullets": ("boosted_shotgunner", "target", "gun", "shotgun", None),
    "aimed boosted shotgun vs dodging medium armour": ("boosted_shotgunner", "dodger", "aimed", "shotgun", None),
    "war hammer vs light armour": ("hammerer_t", "target", "melee", "war_hammer", None),
    "grapple attack (automatic)": ("grappler", "target", "grapple_attack", "gauntlet", None),
    "star drill vs heavy armour": ("star_driller", "heavy", "melee", "star_drill", None),
    "tesla vs a spell barrier": ("tesla_gunner", "target", "gun", "tesla_pistol",
                                 lambda b, me, foe: b.add(foe, Barrier(3, 99))),
}


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_exact_odds_agree_with_sampling(case):
    """The preview's odds are the odds of the roll (same definitions)."""
    attacker, target, action, item, setup = CASES[case]
    at = (3, 0) if action in ("gun", "aimed") else (1, 0)
    b, profile = profile_for(attacker, target, action, item, setup=setup, at=at)
    if "dodging" in case:
        profile = replace(profile, dodging=True)
    o = attack_odds(profile)
    assert abs(sum(o.damage.values()) - 1) < 1e-9
    # About the same number of rolls whatever the bullets (a shotgun rolls 6 a shot).
    p, totals = sample(b, profile, SAMPLES // profile.bullets)
    agree(o.hit, p, o.damage, totals)


def test_sniper_at_long_range_with_steady_shot_agrees_with_sampling():
    """A Hunting Rifle at 120 ft (−4) with the Steady Shot (+2)."""
    b, profile = profile_for("sniper", "target", "gun", "hunting_rifle", tmap=open_map(30, 3), at=(24, 0))
    assert ("long range", -4) in profile.to_hit and ("Steady Shot", 2) in profile.to_hit
    o = attack_odds(profile)
    p, totals = sample(b, profile)
    agree(o.hit, p, o.damage, totals)


def test_hit_chances_by_hand():
    """2d6 + 2 (Longsword +1, Melee Boost +1) ≥ 7 ⇔ 2d6 ≥ 5: 30/36; a Critical Hit
    (both dice 6) 1/36. Palm Pistol aimed (+3) ≥ 7 ⇔ 2d6 ≥ 4: 33/36."""
    _, melee = profile_for("swordsman", "target", "melee", "longsword")
    assert roll_chances(melee) == (pytest.approx(30 / 36), pytest.approx(1 / 36))
    _, aimed = profile_for("pistoleer", "target", "aimed", "palm_pistol", at=(3, 0))
    assert roll_chances(aimed)[0] == pytest.approx(33 / 36)


def test_damage_distribution_by_hand():
    """Longsword 1d6+1 + Melee Boost 1d6 − PDR 2 on a normal hit: 2d6 − 1 (min 0),
    so P(damage = 1) = 1/36 (both dice 1) and the mean is 6; a crit doubles: mean 12."""
    from game.rulesets.actionblock.attacks import hit_damage
    from game.engine.odds import mean
    _, melee = profile_for("swordsman", "target", "melee", "longsword")
    normal = hit_damage(melee, False)
    assert normal[1] == pytest.approx(1 / 36) and mean(normal) == pytest.approx(6.0)
    assert mean(hit_damage(melee, True)) == pytest.approx(12.0)


def test_damage_never_below_zero_in_the_odds():
    """Against a huge reduction the only outcome is 0."""
    b, melee = profile_for("swordsman", "target", "melee", "longsword",
                           setup=lambda b, me, foe: set_pdr(b, foe, 30))
    damage = attack_odds(melee).damage
    assert list(damage) == [0] and damage[0] == pytest.approx(1.0)
