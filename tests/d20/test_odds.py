"""Exact odds agree with the dice (STYLE.md lesson 5: the odds come from the same
definitions as the roll; a test holds the two together).

For a varied set of attacks the exact hit chance and mean damage of
`attack_odds(attack_profile(...))` are first checked against a hand calculation
(d20 ≥ k has probability (21 − k)/20, natural 20 always hits), then against 20,000
rolls of `roll_attack` with seeded dice: each sampled value must lie within 3
standard errors of the exact one.
"""

import math

import pytest

from game.engine.dice import Dice
from game.engine.odds import mean
from game.rulesets.d20.attacks import attack_odds, attack_profile, roll_attack
from tests.d20.util import do, end_turn, prepared_battle
from tests.helpers import ascii_map, battle_with, open_map

N = 20_000


def _plain(attacker, target, apos=(0, 0), tpos=(2, 0), weapon=None, rows=None):
    tmap = ascii_map(rows) if rows else open_map(30, 6)
    b = prepared_battle(tmap, [(1, attacker, *apos), (2, target, *tpos)], [20, 1],
                        arms={0: weapon} if weapon else None)
    return b, b.units()[0], b.units()[1]


def _grappled():
    """Brawler (side 1) grapples the gunner (miss); the side-2 scout shoots at them."""
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5), (2, "scout", 6, 8)],
                    [20, 1, 2, 1])
    brawler, gunner, scout = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    end_turn(b)
    return b, scout, brawler


def _melee_of_three():
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5), (1, "brawler", 7, 5),
                                 (2, "scout", 6, 9)], [20, 1, 15, 2, 1, 1])
    a, gunner, c, scout = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    end_turn(b)
    do(b, "melee", gunner, kind="melee", location="torso")
    return b, scout, a


# (id, battle factory, kind, location, exact hit chance by hand, exact mean damage by
#  hand or None when only the sampling check is made)
CASES = [
    # Gunner SMG 1d6 at the marksman (Dodge 13): d20 ≥ 9 → 12/20. Damage: faces 9–19
    # 1d6 (3.5), face 20 torso crit 2d8 (9): (11 × 3.5 + 9) / 20.
    ("single torso", lambda: _plain("gunner", "marksman"), "single", "torso", 12 / 20,
     (11 * 3.5 + 9) / 20),
    # Burst to the head: +3 −5 → d20 ≥ 11 → 10/20. Head doubles: 2d6 + 2d4 (12);
    # crit also upgrades: 2d8 + 2d6 (16): (9 × 12 + 16) / 20.
    ("burst head", lambda: _plain("gunner", "marksman"), "burst", "head", 10 / 20, (9 * 12 + 16) / 20),
    # Double burst to the arms: +6 −3 → d20 ≥ 6 → 15/20. 1d6 + 1d4 (6); crit 1d8 + 1d6 (8).
    ("double burst arms", lambda: _plain("gunner", "marksman"), "double_burst", "arms", 15 / 20,
     (14 * 6 + 8) / 20),
    # Scout pistol, legs, 55 ft (band 2, −3): 4 − 3 − 3 → d20 ≥ 15 vs Dodge 13 → 6/20.
    # 1d8 (4.5); crit 1d10 (5.5): (5 × 4.5 + 5.5) / 20.
    ("legs extended range", lambda: _plain("scout", "gunner", tpos=(11, 0)), "single", "legs", 6 / 20,
     (5 * 4.5 + 5.5) / 20),
    # Guardian coach gun (buckshot 2d6 + 1d6, +3) at the brawler 50 ft away (−3):
    # d20 ≥ 14 − 4 = 10 → 11/20; crits 2d8 + 1d8.
    ("buckshot untargeted", lambda: _plain("guardian", "brawler", tpos=(10, 0)), "single", "untargeted",
     11 / 20, (10 * 10.5 + 13.5) / 20),
    # Pistol at the guardian (DT 2) behind light cover (+3): hits d20 ≥ 9; damage is
    # max(0, roll − 5): sampling check only.
    ("light cover + DT", lambda: _plain("scout", "guardian", tpos=(6, 0),
                                        rows=[".....l......", "............"]),
     "single", "torso", 12 / 20, None),
    # Heavy cover: hits as usual, never any damage.
    ("heavy cover", lambda: _plain("scout", "gunner", tpos=(6, 0), rows=[".....h......", "............"]),
     "single", "torso", 12 / 20, 0.0),
    # Machete (Melee +5) at the brawler (Dodge 14, slashing DT 1): d20 ≥ 9 → 12/20.
    # 1d8 − 1 → mean 3.5 (0 on a 1 is already max(0, 0)); crit 2d10 − 1 = 10.
    ("melee machete vs DT", lambda: _plain("brawler", "brawler", tpos=(1, 0)), "melee", "torso",
     12 / 20, (11 * 3.5 + 10) / 20),
    # Unarmed strike 1d4 crushing at the gunner: d20 + 5 ≥ 13 → 13/20; crit torso 2d6.
    ("unarmed", lambda: _plain("brawler", "gunner", tpos=(1, 0)), "unarmed", "torso", 13 / 20,
     (12 * 2.5 + 7) / 20),
    # Shot at a Grapple: Dodge 12, d20 ≥ 8 → 13/20; either victim, no armour vs ballistic.
    ("grapple victims", _grappled, "single", "torso", 13 / 20, (12 * 4.5 + 11) / 20),
    # Shot at a Melee of three: Dodge 12; the brawlers have no ballistic DT either.
    ("melee of three victims", _melee_of_three, "single", "torso", 13 / 20, (12 * 4.5 + 11) / 20),
]


@pytest.mark.parametrize("name, make, kind, location, hit, dmg", CASES, ids=[c[0] for c in CASES])
def test_exact_odds_match_the_hand_calculation_and_20000_rolls(name, make, kind, location, hit, dmg):
    """Rule text "Attacks" (d20 + modifiers ≥ Dodge hits; damage dice − DT) with every
    modifier family: fire mode, hit location, critical, range band, buckshot, cover, DT,
    melee, unarmed, and the random victim of a Grapple or Melee.

    Exact: hit chance (and mean damage where worked by hand above) equal the hand
    calculation. Sampled: 20,000 seeded rolls give a hit rate, critical rate, mean
    damage and (for several victims) per-victim share within 3 standard errors.
    """
    b, attacker, target = make()
    profile = attack_profile(b, attacker, target, kind, location)
    odds = attack_odds(profile)
    assert odds.hit == pytest.approx(hit)
    assert odds.crit == pytest.approx(1 / 20)
    if dmg is not None:
        assert odds.expected_damage == pytest.approx(dmg)
    assert sum(odds.damage.values()) == pytest.approx(1.0)

    b.dice = Dice(sum(map(ord, name)))
    hits = crits = total = 0
    by_victim: dict[int, int] = {}
    for i in range(N):
        out = roll_attack(b, profile)
        hits += out.hit
        crits += out.critical
        total += out.dealt
        if out.hit:
            by_victim[out.victim] = by_victim.get(out.victim, 0) + 1
        if i % 2000 == 0:
            b.log.clear()  # the events are not under test here; keep memory flat

    def close(sampled, p_exact, sd):
        return abs(sampled - p_exact) <= 3 * sd / math.sqrt(N) + 1e-12

    assert close(hits / N, odds.hit, math.sqrt(odds.hit * (1 - odds.hit)))
    assert close(crits / N, odds.crit, math.sqrt(odds.crit * (1 - odds.crit)))
    mu = odds.expected_damage
    sd = math.sqrt(mean({v * v: p for v, p in odds.damage.items()}) - mu * mu)
    assert close(total / N, mu, sd)
    if len(profile.victims) > 1:
        share = 1 / len(profile.victims)
        assert {v.unit for v in profile.victims} == set(by_victim)
        for count in by_victim.values():
            assert close(count / hits, share, math.sqrt(share * (1 - share)) * math.sqrt(N / hits))


def test_contest_odds_by_hand_and_by_sampling():
    """Contests ("Make an Athletics contest", [PROP] the actor must beat the defender, ties
    to the defender): brawler Athletics +6 against the gunner's +2.

    By hand: the actor loses when d_defender − d_actor ≥ 4, which happens in
    16 + 15 + ... + 1 = 136 of 400 pairs, so P(win) = 264/400 = 0.66. The Trip odds the
    window shows say the same, and 20,000 sampled contests agree within 3 standard errors.
    """
    from game.rulesets.d20.checks import contest
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5)], [20, 1])
    brawler, gunner = b.units()
    opt = b.pending.option("trip")
    odds = b.ruleset.odds(b, b.pending, opt.choice(gunner))
    assert odds.hit == pytest.approx(264 / 400)
    b.dice = Dice(7)
    wins = 0
    for i in range(N):
        wins += contest(b, brawler, gunner, "athletics", 0, "trip")
        if i % 2000 == 0:
            b.log.clear()
    assert abs(wins / N - 0.66) <= 3 * math.sqrt(0.66 * 0.34 / N)
