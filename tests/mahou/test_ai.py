"""The Mahou AI: it answers every kind of decision legally, waits to see an attack roll
before spending a spot defence, and plays its own distraction states."""

from game.ai import make_ai
from game.rulesets.mahou import talk
from game.rulesets.mahou.components import Distraction, Distractions
from tests.mahou.kit import battle, choose


def test_ai_defends_after_seeing_a_hit_it_can_turn_into_a_miss():
    """Before the roll it passes; seeing a 7 against its 5 it dodges: two non-skilled
    Agility rolls +5 against a Strong attack beat 7 with chance 1 − (1 − 9/16)² ≈ 0.81."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1, 7, 1, 1, 3, 4, 6, 7])
    boxer, dummy = b.units()
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="primary")
    ai = make_ai("mahou", 1)
    first = ai.decide(b, b.pending)
    assert first.option == "pass"  # waits for the roll
    b.submit(first)
    assert b.pending.context["phase"] == "after"
    answer = ai.decide(b, b.pending)
    assert answer.option == "spot_dodge" and answer.param("rolls") == 2
    b.submit(answer)
    from game.rulesets.mahou.events import AttackRolled
    assert not [e for e in b.log if isinstance(e, AttackRolled)][-1].hit


def test_ai_enraged_goes_for_its_distractor():
    b = battle([(1, "shooter", 0, 0), (2, "fencer", 3, 0), (2, "dummy", 2, 1)], [9, 9, 1, 1, 2, 2])
    shooter, fencer, dummy = b.units()
    b.add(shooter, Distractions([Distraction("infuriate", fencer, 12, "enraged")]))
    b.kept_now.clear()
    from game.rulesets.mahou.options import turn_options
    from game.engine.decisions import Decision, TURN
    decision = Decision(shooter, 1, TURN, turn_options(b, shooter), "test")
    choice = make_ai("mahou", 2).decide(b, decision)
    assert choice.target == fencer
    assert talk.contrary(b, shooter, ("attack", choice.target, choice.param("stance"))) is None


def test_ai_terrified_keeps_away_from_its_distractor():
    b = battle([(1, "shooter", 5, 2), (2, "fencer", 6, 2)], [9, 9, 1, 1])
    shooter, fencer = b.units()
    b.add(shooter, Distractions([Distraction("intimidate", fencer, 12, "terrified")]))
    from game.rulesets.mahou.options import turn_options
    from game.engine.decisions import Decision, TURN
    decision = Decision(shooter, 1, TURN, turn_options(b, shooter), "test")
    choice = make_ai("mahou", 3).decide(b, decision)
    assert choice.option == "move"
    assert abs(choice.target[0] - 6) > 1


def test_ai_answers_partial_turn_and_critical_picks():
    from game.engine.decisions import PICK, Decision, Option
    b = battle([(1, "boxer", 0, 0), (2, "fencer", 1, 0)], [5, 5, 1, 1])
    ai = make_ai("mahou", 4)
    precise = Decision(1, 1, PICK, (Option("lose_speak", "x"), Option("drop_weapon", "y")), "",
                       {"trigger": "precise_critical"})
    assert ai.decide(b, precise).option == "drop_weapon"
    refund = Decision(1, 1, PICK, (Option("refund_move", "m"), Option("refund_primary", "p")), "",
                      {"trigger": "partial_turn"})
    assert ai.decide(b, refund).option == "refund_primary"
