"""Exact odds agree with sampling: for a varied set of attacks (stances, ranges, cover,
armour and shields, criticals, explosions), the exact chance to hit, to crit and the
damage distribution from `attack_odds` match 20,000 attacks resolved by the same code
that plays them, within 3 standard errors."""

import math

import pytest

from game.engine.dice import Dice
from game.rulesets.mahou.attacks import AttackSpec, attack_odds, attack_profile
from game.rulesets.mahou.combat import strike
from game.rulesets.mahou.components import Actions, Health, Hold, Pool, Soak
from game.rulesets.mahou.events import AttackRolled
from tests.mahou.kit import battle

N = 20_000
ROWS = ["................", "..........h.....", "................"]

CASES = {
    "gun at range into heavy cover vs armour and shield": (
        "shooter", (0, 1), "knight", (11, 1), ("weapon", "gun", "precise", "math", ("primary",))),
    "rifle, Precise, vs a buckler's soak": ("rifleman", (0, 1), "fencer", (8, 1),
                                            ("weapon", "rifle", "precise", "math", ("primary", "offhand"))),
    "kick, Fast": ("boxer", (0, 1), "fencer", (1, 1), ("kick", "fists", "fast", "martial_arts", ())),
    "club with skill −1 against a pinned (helpless) foe": (
        "knight", (0, 1), "boxer", (1, 1), ("weapon", "club", "strong", "gym", ("primary",))),
}


def _setup(attacker, at, target, tt):
    b = battle([(1, attacker, *at), (2, target, *tt)], [5, 4, 1, 1], rows=ROWS)
    a, t = b.units()
    b.get(t, Actions).spare = Pool()  # no defences: the odds are against standing defences
    if attacker == "knight":
        b.create(Hold(a, t, "strong", 9, pinned=True))
    return b, a, t


@pytest.mark.parametrize("name", sorted(CASES))
def test_exact_attack_odds_agree_with_20000_resolved_attacks(name):
    attacker, at, target, tt, (mode, weapon, stance, skill, hands) = CASES[name]
    b, a, t = _setup(attacker, at, target, tt)
    spec = AttackSpec(a, t, mode, weapon, stance, skill, hands)
    odds = attack_odds(b, attack_profile(b, spec))
    b.dice = Dice(12345)
    hits = crits = 0
    damage = []
    for _ in range(N):
        health, soak = b.get(t, Health), b.get(t, Soak)
        health.hp, soak.pool = 1000, None
        b.get(t, Actions).lost.clear()
        flow = strike(b, spec)
        try:
            decision = next(flow)
            while True:  # only a precise critical asks (the attacker's pick)
                decision = flow.send(decision.options[0].choice())
        except StopIteration:
            pass
        rolled = b.log[-1] if isinstance(b.log[-1], AttackRolled) else \
            next(e for e in reversed(b.log) if isinstance(e, AttackRolled))
        hits += rolled.hit
        crits += rolled.critical
        damage.append(1000 - b.get(t, Health).hp)
        if len(b.log) > 5000:
            b.log.clear()

    def close(freq, p):
        return abs(freq - p) <= 3 * math.sqrt(max(p * (1 - p), 1e-12) / N) + 1e-9

    assert close(hits / N, odds.hit), (hits / N, odds.hit)
    assert close(crits / N, odds.crit), (crits / N, odds.crit)
    mean = odds.expected_damage
    var = sum((v - mean) ** 2 * p for v, p in odds.damage.items())
    assert abs(sum(damage) / N - mean) <= 3 * math.sqrt(var / N), (sum(damage) / N, mean)
    cut = max(1, round(mean))
    assert close(sum(1 for d in damage if d >= cut) / N, odds.chance_at_least(cut))
