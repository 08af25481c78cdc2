"""The hard fate AI (game/ai/fate_hard.py, fate_threat.py): the wounds a unit can expect to take where it
stands, in the same units as the wounds it deals, and what it does with them."""

import pytest

from game.ai import fate_team
from game.ai.fate import make_ai
from game.ai.fate_hard import HARD
from game.ai.fate_threat import UNDECLARED_AIM, threat
from game.engine.components import KNEELING, PRONE, STANDING
from game.rulesets.fate.attacks import Situation, attack_odds, attack_profile
from game.world.paths import chebyshev
from tests.fate.kit import ascii_map, attack, battle, initiative
from tests.helpers import assert_level_only_reads

OPEN = ["." * 14] * 5


def blade_at_my_side():
    """A faster marksman (team 1) next to a slower brawler who declared both his blows at
    it: the machete, then a fist."""
    b = battle([(1, "marksman", 1, 2), (2, "brawler", 2, 2)], initiative(4, -4), ascii_map(OPEN))
    me, brute = b.units()
    attack(b, brute, me, "machete")
    attack(b, brute, me, "fist")
    return b, me, brute


def exact_worth(b, me, situations) -> float:
    """The expected worth of these attacks on `me` by the rules' own odds (attack_odds)."""
    outs = tuple(sorted(fate_team.outcome(attack_odds(b, attack_profile(b, s))) for s in situations))
    return fate_team.expected((0, 0, 0, 0), outs)[0] - fate_team.worth((0, 0, 0, 0), False)


def test_threat_is_the_worth_of_the_declared_blows_that_still_reach():
    b, me, brute = blade_at_my_side()
    look = make_ai(0, "hard").look(b, b.pending, HARD)
    blows = [Situation(brute, me, w, (2, 2), (1, 2), STANDING, STANDING) for w in ("machete", "fist")]
    assert threat(look, (1, 2)) == pytest.approx(exact_worth(b, me, blows))
    assert threat(look, (1, 2)) > 0
    # Two tiles away the brawler's blows are lost: nothing else can reach it.
    assert threat(look, (5, 2)) == 0.0
    # Only the second beat's blow (the fist) counts for a move made with the second action.
    fist = [blows[1]]
    assert threat(look, (1, 2), from_slot=2) == pytest.approx(exact_worth(b, me, fist))


def test_threat_against_a_blade_grows_on_the_ground():
    """Against melee, kneeling (−1) and prone (−2) make the defender's roll worse."""
    b, me, brute = blade_at_my_side()
    look = make_ai(0, "hard").look(b, b.pending, HARD)
    standing, kneeling, prone = (threat(look, (1, 2), p) for p in (STANDING, KNEELING, PRONE))
    assert standing < kneeling < prone


def test_hard_steps_out_of_the_declared_blows():
    b, me, brute = blade_at_my_side()
    choice = make_ai(0, "hard").decide(b, b.pending)
    assert choice.option == "move" and chebyshev(choice.target, b.tile(brute)) >= 2


def test_a_faster_shooter_threatens_where_it_sees_at_a_guessed_chance():
    """A faster, undeclared marksman: its rifle counts at UNDECLARED_AIM where it sees the
    tile, not at all behind a wall."""
    rows = ["......#.......",
            "......#.......",
            ".............."]
    b = battle([(1, "brawler", 2, 2), (2, "marksman", 12, 2)], initiative(-4, 4), ascii_map(rows))
    me, shooter = b.units()
    look = make_ai(0, "hard").look(b, b.pending, HARD)
    shot = Situation(shooter, me, "rifle", (12, 2), (2, 2), STANDING, STANDING)
    out = fate_team.outcome(attack_odds(b, attack_profile(b, shot)))
    hit = fate_team.hit_chance(out)
    # The worth of a shot that comes with chance p is p times the shot's (one attack on a
    # fresh track: the worth is linear in the outcome's probabilities).
    alone = fate_team.expected((0, 0, 0, 0), (out,))[0] - fate_team.worth((0, 0, 0, 0), False)
    assert hit > 0
    assert threat(look, (2, 2)) == pytest.approx(UNDECLARED_AIM * alone, rel=1e-9)
    assert threat(look, (2, 0)) == 0.0  # behind the wall from (12, 2)


def test_hard_only_reads_the_battle():
    """Hard's scoring and decide change nothing (game.readonly.probe_queries) while it plays
    normal on woodland for a few turns."""
    assert_level_only_reads("fate", "hard", decisions=60)
