"""Rounds (rule text "Combat", steps 1–4; digest 0.4, 0.5; worked example 7): initiative
every round, full turns, partial turns at −10 steps with a refund, held actions,
knocked-out units not acting."""

from game.engine.components import OutOfFight
from game.engine.events import RoundStarted
from game.rulesets.mahou import economy
from game.rulesets.mahou.components import Actions, Health, Pool
from game.rulesets.mahou.events import InitiativeRolled, TurnBegan
from game.rulesets.mahou.flow import partial_turns
from tests.mahou.kit import battle, choose, events_of, offered


def turns(b):
    return [(e.unit, e.kind, e.initiative) for e in events_of(b, TurnBegan)]


def test_initiative_is_a_non_skilled_accuracy_roll_with_speed_ratings():
    """Step 1: non-skilled Accuracy (two dice, keep the lower), modified by the speed
    ratings of the primary hand's weapon (rifle −1) and the armour (vest −1)."""
    b = battle([(1, "rifleman", 0, 0), (2, "dummy", 5, 0)], [(10, 9), (10, 8), (8, 2), (8, 3)])
    rifleman, dummy = b.units()
    first = events_of(b, InitiativeRolled)
    assert [e.total for e in first] == [8 - 1 - 1, 2]
    assert "Rifle speed" in first[0].roll and "Vest speed" in first[0].roll
    assert b.pending.actor == rifleman


def test_initiative_is_rolled_again_every_round():
    """Step 4: "the process restarts at #1"."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 11, 0)], [5, 5, 2, 2, 1, 1, 7, 7])
    boxer, dummy = b.units()
    choose(b, "end_turn")
    choose(b, "end_turn")
    assert len(events_of(b, RoundStarted)) == 2
    assert [e.total for e in events_of(b, InitiativeRolled)] == [5, 2, 1, 7]
    assert b.pending.actor == dummy  # 7 beats 1 this round


def test_initiative_ties_go_to_higher_accuracy_first():
    """[PROP] ties: higher Accuracy first."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 11, 0)], [3, 3, 3, 3])
    boxer, dummy = b.units()
    assert b.pending.actor == dummy  # Accuracy 7 beats 6


def test_initiative_ties_of_equal_accuracy_go_to_a_roll_off_not_the_side():
    """Issue 12: after Accuracy, a d20 roll-off breaks the tie (never the lower side
    number, which gave side 1 a systematic edge). Side 2 rolls higher and goes first."""
    b = battle([(1, "boxer", 0, 0), (2, "boxer", 11, 0)], [3, 3, 3, 3, 4, 17])
    first, second = b.units()
    assert b.pending.actor == second
    b = battle([(1, "boxer", 0, 0), (2, "boxer", 11, 0)], [3, 3, 3, 3, 17, 4])
    first, second = b.units()
    assert b.pending.actor == first


def test_example_7_partial_turn_counts():
    """Worked example 7: init 25 → 2 partial turns (at 15 and 5); 10 → none; 11 → one."""
    assert partial_turns(25) == 2
    assert partial_turns(10) == 0
    assert partial_turns(11) == 1
    assert partial_turns(1) == 0


def test_initiative_25_gets_a_full_turn_and_partial_turns_at_15_and_5():
    """Step 3 in play: the shooter rolls 25 (two exploding d10s), spends 3 moves, and its
    partial turn at 15 refunds up to Agility moves but never above its 8."""
    dice = [10, 10, 5, 10, 10, 7,  # shooter: 25 and 27, keep the lower: 25
            1, 1,  # dummy: 1
            1, 1, 1, 1]  # round 2
    b = battle([(1, "shooter", 0, 0), (2, "dummy", 11, 0)], dice)
    shooter, dummy = b.units()
    choose(b, "move", (3, 0))
    assert economy.usable(b, shooter).move == 5
    choose(b, "end_turn")
    choose(b, "end_turn")  # dummy
    assert b.pending.kind == "pick" and b.pending.actor == shooter
    assert offered(b) == ["refund_move"]
    move = b.pending.option("refund_move")
    assert move.cost == "3"  # 8 base − 5 still unspent
    choose(b, "refund_move")
    assert economy.usable(b, shooter).move == 3
    choose(b, "end_turn")
    assert turns(b) == [(shooter, "full", 25), (dummy, "full", 1), (shooter, "partial", 15),
                        (shooter, "partial", 5), (shooter, "full", 1)]


def test_partial_turn_refund_never_exceeds_the_base_allotment():
    """"A character cannot have more than their base actions available after a refund":
    a held primary hand action cannot be refunded a second time."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 11, 0)], [5, 5, 2, 2])
    boxer, _ = b.units()
    a = b.get(boxer, Actions)
    a.turn = Pool()
    a.held = Pool(primary=1)
    a.spare = Pool(move=8)
    choices = economy.refund_choices(b, boxer)
    assert "primary" not in choices
    assert choices == {"speak": 1, "offhand": 1}


def test_a_unit_knocked_out_before_its_turn_does_not_act():
    """Step 1: "a character that is knocked out before their turn comes up in a round
    may not act"."""
    dice = [5, 5, 2, 2, 1, 1,  # initiative: boxer 5, dummy A 2, dummy B 1
            7, 3, 2,  # punch: 3d8 Martial Arts, keep 7 vs Passive Block 5
            6,  # 1dStr (d8) damage
            1, 1]  # dummy A soak: non-skilled Defense (d10)
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0), (2, "dummy", 11, 5)], dice)
    boxer, a, c = b.units()
    b.get(a, Health).hp = -8
    choose(b, "punch", a, stance="strong", skill="martial_arts", hand="primary")
    choose(b, "pass")  # dummy A takes no defence before the roll
    choose(b, "pass")  # nor after seeing it
    assert b.has(a, OutOfFight)
    choose(b, "end_turn")
    assert [t[0] for t in turns(b)] == [boxer, c]


def test_held_actions_can_be_used_before_another_units_turn():
    """Hold: "they may choose at any time before their next full turn to use their held
    actions"."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 11, 0)], [5, 5, 2, 2])
    boxer, dummy = b.units()
    choose(b, "hold")
    assert b.pending.kind == "reaction" and b.pending.actor == boxer
    assert b.pending.context["before"] == dummy
    choose(b, "act_now")
    assert turns(b)[-1] == (boxer, "held", 5)
    choose(b, "move", (2, 0))
    choose(b, "hold")
    assert b.get(boxer, Actions).held.move == 6
    assert b.pending.actor == dummy  # the dummy's turn goes on


def test_held_actions_carry_into_the_next_round_until_the_full_turn():
    """A held action may be used at the start of the next round, before the unit's full
    turn even if that turn comes first; at the full turn they are gone."""
    dice = [5, 5, 2, 2,  # round 1
            4, 4, 1, 1]  # round 2: boxer first again
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 11, 0)], dice)
    boxer, dummy = b.units()
    choose(b, "hold")
    choose(b, "pass")  # keep holding before the dummy's turn
    choose(b, "end_turn")  # dummy
    assert b.pending.context.get("trigger") == "held" and b.pending.context["before"] is None
    assert b.round == 2
    choose(b, "act_now")
    choose(b, "move", (1, 0))
    choose(b, "end_turn")
    choose(b, "pass")  # the window before its own full turn
    a = b.get(boxer, Actions)
    assert a.held.total() == 0
    assert a.turn.move == 8 and a.turn.primary == 1  # a fresh allotment, not 8 + 7


def test_unspent_actions_expire_at_the_next_round():
    """[PROP] unused, unheld actions do not carry over: each round gives the base."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 11, 0)], [5, 5, 2, 2, 5, 5, 2, 2])
    boxer, _ = b.units()
    choose(b, "end_turn")
    choose(b, "end_turn")
    a = b.get(boxer, Actions)
    assert (a.turn.primary, a.turn.offhand, a.turn.speak, a.turn.move) == (1, 1, 1, 8)
    assert a.spare.total() == 0 and a.held.total() == 0


def test_a_holder_may_act_when_a_foe_moves_in_next_to_it():
    """Hold is "useful if your character is being attacked by someone who moves in and out
    too fast": [PROP] a foe ending a move within 5 ft opens a chance to use held actions."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 5, 0)], [1, 1, 5, 5])
    boxer, dummy = b.units()
    assert b.pending.actor == dummy
    choose(b, "hold")
    choose(b, "pass")  # not before the boxer's turn
    choose(b, "move", (4, 0))
    assert b.pending.kind == "reaction" and b.pending.actor == dummy
    assert b.pending.context["mover"] == boxer
    choose(b, "act_now")
    assert "punch" in offered(b)
