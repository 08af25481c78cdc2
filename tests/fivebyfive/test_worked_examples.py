"""Every worked example of digest 1.9 (five-by-five.txt), with forced dice.

Each test is a duel from tests/fivebyfive/kit.py: the attacker (side 1) has Initiative
5 and acts first; its first choice is the Offensive Action named in the example.
"""

from fractions import Fraction

from game.engine.components import OutOfFight
from game.engine.decisions import PICK
from game.engine.events import BattleEnded, ConditionChanged, OutOfFightEvent
from game.rulesets.fivebyfive import rolls
from game.rulesets.fivebyfive.actions import fate_of, take_hit
from game.rulesets.fivebyfive.combat import profile
from game.rulesets.fivebyfive.components import DEAD, UNCONSCIOUS, AbilityScores, TurnState
from game.rulesets.fivebyfive.events import (AbilityDamaged, ControlRolled, InitiativeRolled,
                                              OffensiveRolled, VictoryRush)
from tests.fivebyfive.kit import ascii_map, attack, d5, duel, hero, pair, pick, values, battle
from tests.helpers import events_of


def test_example_1_strike_2_times_rage_3_needs_6_or_less():
    """1.9 #1 (rule text's own example): Strike 2 × Rage 3 → roll 6 or less; P = 23/36."""
    b = duel(dict(strike=2, rage=3), dict(parry=1, rage=2), pair(2, 3) + pair(5, 5))
    a, d = b.units()
    assert profile(b, a, d, "strike").target_number == 6
    assert b.ruleset.odds(b, b.pending, b.pending.option("strike").choice(d)).hit == 23 / 36
    attack(b, "strike", d)
    roll = events_of(b, OffensiveRolled)[-1]
    assert roll.roll.result == 6 and roll.hit and not roll.double_hit
    assert roll.explain == "Strike 2 × Rage 3 = 6"

    b = duel(dict(strike=2, rage=3), dict(parry=1, rage=2), pair(2, 4))
    attack(b, "strike")
    assert not events_of(b, OffensiveRolled)[-1].hit  # 8 > 6


def test_example_2_resist_1_times_precognition_2_controls_on_2_or_less():
    """1.9 #2 (rule text's example): Resist 1 × Precognition 2 → 2 or less; P = 14/36."""
    from game.rulesets.fivebyfive.combat import CONTROLLED, BLOCKED, control_chances
    b = duel(dict(focus=2, precognition=3), dict(resist=1, precognition=2),
             pair(1, 2) + pair(1, 2))
    a, d = b.units()
    p = profile(b, a, d, "focus")
    assert p.defence == "resist" and p.defence_target == 2
    c = control_chances(2)
    assert c[CONTROLLED] + c[BLOCKED] == Fraction(14, 36)
    attack(b, "focus", d)
    control = events_of(b, ControlRolled)[0]
    assert control.roll.result == 2 and control.result == "controlled"
    assert control.explain == "Resist 1 × Precognition 2 = 2"

    b = duel(dict(focus=2, precognition=3), dict(resist=1, precognition=2), pair(2, 1) + pair(1, 3))
    attack(b, "focus")
    assert events_of(b, ControlRolled)[0].result == "not controlled"  # 3 > 2
    assert b.pending.kind == PICK and b.pending.actor == b.units()[0]  # the attacker picks


def test_example_3_initiative_six_reads_zero_and_still_moves_one_tile():
    """1.9 #3: the Initiative die shows 6 → 0; the figure may still move 1 inch (tile)."""
    b = battle([(1, hero("slow"), 5, 4), (2, hero("foe"), 11, 7)], [d5(0), d5(3)])
    slow, foe = b.units()
    first = events_of(b, InitiativeRolled)
    assert (first[0].face, first[0].value, first[0].allowance) == (6, 0, 1)
    assert b.pending.actor == foe  # 3 beats 0
    b.submit(b.pending.option("end_turn").choice())
    assert b.pending.actor == slow
    tiles = b.pending.option("move").targets
    assert tiles and all(max(abs(x - 5), abs(y - 4)) == 1 for x, y in tiles)
    assert len(tiles) == 8
    assert b.get(slow, TurnState).allowance == 1


def test_example_4_doubles_on_a_success_is_a_double_hit():
    """1.9 #4: attack (3, 3) = 9 vs target 9 → success with doubles → two Control rolls."""
    b = duel(dict(strike=3, rage=3), dict(parry=1, rage=1), pair(3, 3) + pair(4, 4) + pair(5, 5))
    attack(b, "strike")
    roll = events_of(b, OffensiveRolled)[-1]
    assert roll.hit and roll.double_hit
    assert [c.hit_number for c in events_of(b, ControlRolled)] == [1, 2]
    assert b.pending.kind == PICK


def test_example_5_doubles_on_a_failure_do_nothing():
    """1.9 #5: attack (2, 2) = 4 vs target 3 → failure; doubles do not matter."""
    b = duel(dict(strike=1, rage=3), dict(), pair(2, 2))
    attack(b, "strike")
    roll = events_of(b, OffensiveRolled)[-1]
    assert roll.explain.endswith("= 3")
    assert not roll.hit and not roll.double_hit
    assert events_of(b, ControlRolled) == []
    assert b.pending.kind != PICK  # the turn passed on


def test_example_6_defensive_doubles_block_the_hit():
    """1.9 #6: defence (1, 1) = 1 vs target 2 → Blocked: no Ability Score reduced."""
    b = duel(dict(strike=2, rage=3), dict(parry=1, rage=2), pair(1, 2) + pair(1, 1))
    a, d = b.units()
    attack(b, "strike", d)
    assert events_of(b, ControlRolled)[-1].result == "blocked"
    assert events_of(b, AbilityDamaged) == []
    assert values(b, d) == {"rage": 2, "grace": 2, "precognition": 2}
    assert b.pending.kind != PICK


def test_example_7_zero_is_unconscious_and_below_zero_is_dead():
    """1.9 #7: an Ability at 1 damaged → 0: Unconscious; another hit on it → −1: Dead.

    Unconscious figures are no longer legal targets ([PROP], docs), so the later hit is
    dealt through `take_hit`, the function every Hit goes through."""
    b = duel(dict(strike=2, rage=3), dict(parry=1, rage=1, grace=3), pair(1, 2) + pair(5, 5))
    a, d = b.units()
    attack(b, "strike", d)
    assert b.pending.actor == a  # not Controlled: the attacker picks
    pick(b, "rage")
    assert values(b, d)["rage"] == 0
    assert fate_of(b, d) == UNCONSCIOUS and not b.active(d)
    take_hit(b, d, "rage", a, False)
    assert values(b, d)["rage"] == -1 and fate_of(b, d) == DEAD
    # The duel is won at "Unconscious"; the later hit's event is kept aside, not logged
    # after BattleEnded (issue 17.8).
    later = [e for e in b.late_events if isinstance(e, ConditionChanged)]
    assert [e.condition for e in events_of(b, ConditionChanged) + later] == ["Unconscious", "Dead"]
    assert len(events_of(b, OutOfFightEvent)) == 1


def test_example_7_in_one_action_a_double_hit_kills_an_ability_at_1():
    """1.9 #7 within one action: a Double Hit putting both points on Rage 1 → −1: Dead."""
    b = duel(dict(strike=3, rage=3), dict(parry=1, rage=1, grace=3, precognition=3),
             pair(3, 3) + pair(5, 4) + pair(4, 5))
    a, d = b.units()
    attack(b, "strike", d)
    pick(b, "rage")
    pick(b, "rage")
    assert values(b, d)["rage"] == -1
    assert fate_of(b, d) == DEAD


def test_example_8_two_abilities_at_zero_is_dead():
    """1.9 #8: two Ability Scores at 0 at the same time → Dead."""
    b = duel(dict(strike=3, rage=3), dict(parry=1, rage=1, grace=1, precognition=3),
             pair(3, 3) + pair(5, 4) + pair(4, 5))
    a, d = b.units()
    attack(b, "strike", d)
    pick(b, "rage")
    pick(b, "grace")
    assert values(b, d) == {"rage": 0, "grace": 0, "precognition": 3}
    assert fate_of(b, d) == DEAD
    assert b.get(d, OutOfFight).reason == "dead: Rage and Grace both at 0"


def test_example_9_instant_ko_two_hits_on_one_ability():
    """1.9 #9: Double Hit, both not Controlled, attacker picks Rage twice: 3 → 1, and the
    defender is Unconscious (Instant KO) though no Ability is at 0."""
    b = duel(dict(strike=3, rage=3), dict(parry=1, rage=3, grace=3, precognition=3),
             pair(3, 3) + pair(5, 4) + pair(4, 5))
    a, d = b.units()
    attack(b, "strike", d)
    assert b.pending.actor == a and b.pending.context["later_choosers"] == ("attacker",)
    pick(b, "rage")
    assert b.pending.actor == a and b.pending.context["earlier"] == ("rage",)
    pick(b, "rage")
    assert values(b, d) == {"rage": 1, "grace": 3, "precognition": 3}
    assert fate_of(b, d) == UNCONSCIOUS
    assert "Instant KO" in events_of(b, OutOfFightEvent)[-1].reason


def test_example_10_target_0_and_target_minus_1():
    """1.9 #10: target 0 succeeds only on a product of 0 (11/36); target −1 rolls one d5
    that must show 0 (1/6)."""
    # Unskilled Aim with Grace 1: 1 − 1 = 0.
    b = duel(dict(aim=0, grace=1), dict(), pair(1, 1), gap=3)
    a, d = b.units()
    assert profile(b, a, d, "aim").target_number == 0
    assert b.ruleset.odds(b, b.pending, b.pending.option("aim").choice(d)).hit == 11 / 36
    attack(b, "aim", d)
    assert not events_of(b, OffensiveRolled)[-1].hit  # 1 > 0
    b = duel(dict(aim=0, grace=1), dict(), pair(0, 4) + pair(5, 5), gap=3)
    attack(b, "aim")
    assert events_of(b, OffensiveRolled)[-1].hit
    # Weak Aim (Unskilled, −1 rank for light cover) with Grace 1: 1 − 2 = −1, one d5.
    tmap = ascii_map(["........",
                      ".....l..",
                      "........"])
    b = duel(dict(aim=0, grace=1), dict(), [d5(2)], gap=5, tmap=tmap)
    a, d = b.units()
    p = profile(b, a, d, "aim")
    assert p.shifts == (("light cover", -1),) and p.target_number == -1
    assert b.ruleset.odds(b, b.pending, b.pending.option("aim").choice(d)).hit == 1 / 6
    attack(b, "aim", d)
    roll = events_of(b, OffensiveRolled)[-1]
    assert roll.roll.values == (2,) and not roll.hit


def test_example_11_a_roll_of_zero_always_succeeds_against_a_negative_target():
    """1.9 #11: a 0 succeeds even when modifiers push the target below 0."""
    tmap = ascii_map(["........",
                      ".....l..",
                      "........"])
    b = duel(dict(aim=0, grace=1), dict(dodge=1, grace=2), [d5(0)] + pair(5, 5), gap=5, tmap=tmap)
    attack(b, "aim")
    roll = events_of(b, OffensiveRolled)[-1]
    assert roll.roll.target == -1 and roll.roll.values == (0,) and roll.hit
    assert rolls.judge((0, 3), -4).success


def test_example_12_victory_rush_restores_a_damaged_ability_never_above_its_start():
    """1.9 #12: a winner with Grace damaged 3 → 2 regains 1 → 3 (never above its start)."""
    b = duel(dict(strike=3, rage=3, grace=3), dict(parry=1, rage=1), pair(1, 2) + pair(5, 5))
    a, d = b.units()
    b.get(a, AbilityScores).grace = 2  # Damaged earlier in the fight
    attack(b, "strike", d)
    pick(b, "rage")  # Rage 1 → 0: the last enemy is Unconscious
    rush = events_of(b, VictoryRush)
    assert [(e.ability, e.before, e.after) for e in rush] == [("grace", 2, 3)]
    assert values(b, a)["grace"] == 3 == b.get(a, AbilityScores).start["grace"]
    assert isinstance(b.log[-1], BattleEnded) and b.winner == 1 and b.pending is None
