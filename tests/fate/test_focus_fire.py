"""Hard never judges worse than normal (issue 27): focus fire on a Hurt enemy.

Rule (fate-4df.txt; DIGEST 4.4, 4.6, 4.8): every attack of a turn is rolled against the
target's track as it was before the turn and the wounds land together; a hit's damage
value is its margin plus damage modifiers (Very Hurt at 4-5, Incapacitated at 6+), and a
Very Hurt unit that takes another Very Hurt is Incapacitated: out of the fight. Its
Very Hurt penalty (−2) counts against its Defense.

Position: an ally (slower, so it declared first) has declared a shot at a Very Hurt
enemy A; A is faster than the unit to declare and has not declared. Adding the unit's
shot raises the chance that A is out from what the ally's shot alone gives; a shot at
the fresh enemy B takes B out only with v ≥ 6. Worked out by exact probability from the
4dF differences (out of 6561: 0:1107, ±1:1016, ±2:784, ±3:504, ±4:266, ±5:112, ±6:36,
±7:8, ±8:1), the focus is clearly right, and normal takes it.

The cause hard split fire: its guess at A's reply (dropping prone under the declared
shot) met the unit's own shot at A prone while the ally's shot still met A standing, so
its shot looked to add little beside a full-strength one. The side's shots now meet
the guessed target where and how it is guessed to be (fate_hard.side_attacks_at).
"""

from fractions import Fraction

import pytest

from game.ai import fate_team, make_ai
from game.engine.components import STANDING
from game.rulesets.fate.attacks import Situation, attack_odds, attack_profile
from tests.fate.kit import ascii_map, attack, battle, hold, initiative, wounds

OPEN = ["." * 16] * 7
DIFF = {0: 1107, 1: 1016, 2: 784, 3: 504, 4: 266, 5: 112, 6: 36, 7: 8, 8: 1}


def at_least(n: int) -> Fraction:
    """P(4dF − 4dF ≥ n), exactly."""
    return Fraction(sum(w for d, w in DIFF.items() for s in ((d, -d) if d else (0,)) if s >= n), 6561)


def position(me: str, ally: str, ally_weapon: str, fresh: str, where: tuple, inits: tuple):
    """me, an ally who declared `ally_weapon` at A (a Very Hurt soldier), A, the fresh B."""
    b = battle([(1, me, *where[0]), (1, ally, *where[1]), (2, "soldier", *where[2]), (2, fresh, *where[3])],
               initiative(*inits), ascii_map(OPEN))
    me_, ally_, a, fresh_b = b.units()
    wounds(b, a).very_hurt = 1
    while b.pending.actor != me_:
        u = b.pending.actor
        if u == ally_:
            attack(b, ally_, a, ally_weapon)
            if b.pending.actor == ally_:
                hold(b, ally_, 1)
        else:
            hold(b, u, 1)
    return b, me_, ally_, a, fresh_b


def chance_out(b, shots, boxes) -> float:
    """P(the target is out) after these shots (attacker, target, weapon), by the rules' odds."""
    outs = tuple(sorted(fate_team.outcome(attack_odds(b, attack_profile(
        b, Situation(u, t, w, b.tile(u), b.tile(t), STANDING, STANDING)))) for u, t, w in shots))
    return fate_team.expected(boxes, outs)[1]


def check(b, me, ally, a, fresh, ally_weapon, mine, alone, together, fresh_out):
    """The rules' own odds give the exact chances; both levels focus on A."""
    assert chance_out(b, [(ally, a, ally_weapon)], (0, 0, 1, 0)) == pytest.approx(float(alone), abs=1e-12)
    assert chance_out(b, [(ally, a, ally_weapon), (me, a, mine)], (0, 0, 1, 0)) == \
        pytest.approx(float(together), abs=1e-12)
    assert chance_out(b, [(me, fresh, mine)], (0, 0, 0, 0)) == pytest.approx(float(fresh_out), abs=1e-12)
    for level in ("normal", "hard"):
        choice = make_ai("fate", 0, level).decide(b, b.pending)
        assert (choice.option, choice.target) == ("attack", a), (level, choice)


def test_a_gunner_adds_its_shot_to_the_allys_on_the_very_hurt_enemy():
    """Issue 27's position. A Very Hurt soldier (Defense 0 − 2) under a soldier's declared
    pistol shot (Attack 1: Δ +3, out at margin ≥ 4, P(diff ≥ 1) = 2727/6561 ≈ 0.416); the
    gunner's AP machine pistol (Δ +3, damage +1: out at margin ≥ 3, P(diff ≥ 0) ≈ 0.584)
    makes it 1 − (3834/6561)(2727/6561) ≈ 0.757, nearly double. Its shot at a fresh
    sharpshooter (Δ +1, out only at v ≥ 6: margin ≥ 5, P(diff ≥ 4) ≈ 0.064) is far less."""
    b, me, ally, a, fresh = position("gunner", "soldier", "pistol", "marksman",
                                     ((2, 3), (2, 1), (8, 2), (8, 5)), (2, -2, 4, 3))
    alone, mine = at_least(1), at_least(0)
    check(b, me, ally, a, fresh, "pistol", "machine_pistol",
          alone, 1 - (1 - alone) * (1 - mine), at_least(4))


def test_a_soldier_adds_its_shot_to_a_sharpshooters_on_the_very_hurt_enemy():
    """A sharpshooter declared its rifle (Attack 2: Δ +4, out at margin ≥ 4, P(diff ≥ 0)
    ≈ 0.584) at the Very Hurt soldier ten tiles off; a soldier's pistol (Δ +3: P(diff ≥ 1)
    ≈ 0.416) makes it ≈ 0.757. The fresh soldier nearby is out only at v ≥ 6 (Δ +1:
    P(diff ≥ 5) ≈ 0.024)."""
    b, me, ally, a, fresh = position("soldier", "marksman", "rifle", "soldier",
                                     ((2, 3), (2, 1), (12, 2), (4, 5)), (2, -2, 4, -3))
    alone, mine = at_least(0), at_least(1)
    check(b, me, ally, a, fresh, "rifle", "pistol", alone, 1 - (1 - alone) * (1 - mine), at_least(5))
