"""Grapples (rule text "Grapple" and "Escape"; digest 0.10; worked examples 0.13 #13,
#14): the grapple attack and its bonuses, Hold Difficulty, actions turned into
Escape actions by stance, escapes, upkeep and reinforcing, +4 on the held foe,
hitting oneself, pin, slam, throw, pulling items off, dragging."""

from game.engine import grapple
from game.engine.components import FALLEN, Posture
from game.rulesets.mahou.attacks import AttackSpec, attack_profile
from game.rulesets.mahou.components import (Actions, ActiveDefences, EscapeBonus, Hold,
                                            HoldUpkeep, Pool)
from game.rulesets.mahou.damage import knock_out
from game.rulesets.mahou.events import AttackRolled, CheckRolled, HoldChanged
from game.rulesets.mahou.grapples import make_hold, pull_penalty, reinforce
from game.rulesets.mahou.throwing import throw_limit, throw_max_ft
from game.rulesets.mahou.options import turn_options
from game.engine.events import Damaged
from tests.mahou.kit import battle, choose, events_of, last, offered


def hold_of(b):
    (_, h), = b.query(Hold)
    return h


def grappled(stance="strong", roll=(7, 1, 1), extra=(), defender="dummy", rows=None):
    """The boxer grapples the defender on its first action (reactions passed)."""
    b = battle([(1, "boxer", 0, 0), (2, defender, 1, 0)], [5, 5, 1, 1, *roll, *extra], rows=rows)
    boxer, other = b.units()
    choose(b, "grapple", other, stance=stance, skill="martial_arts", hand="primary")
    choose(b, "pass")
    if b.pending.kind == "reaction" and b.pending.context.get("phase") == "after":
        choose(b, "pass")
    return b, boxer, other


def test_a_successful_grapple_roll_becomes_the_hold_difficulty():
    b, boxer, dummy = grappled(roll=(7, 1, 1))
    h = hold_of(b)
    assert (h.holder, h.held, h.stance, h.difficulty) == (boxer, dummy, "strong", 7)
    assert grapple.consistency_errors(b) == [] and dummy in grapple.group(b, boxer)


def test_strong_grapple_keeps_only_speech():
    """Strong: the held character keeps its speak action; the rest becomes ONE Escape."""
    b, boxer, dummy = grappled("strong", roll=(7, 1, 1))
    spare = b.get(dummy, Actions).spare
    assert (spare.primary, spare.offhand, spare.speak, spare.move, spare.escape) == (0, 0, 1, 0, 1)


def test_fast_grapple_keeps_only_movement():
    b, boxer, dummy = grappled("fast", roll=(7, 1, 1))
    spare = b.get(dummy, Actions).spare
    assert (spare.primary, spare.offhand, spare.speak, spare.move, spare.escape) == (0, 0, 0, 8, 1)


def test_precise_grapple_keeps_only_the_offhand():
    b, boxer, dummy = grappled("precise", roll=(5, 1, 1))  # 3d6 Accuracy vs Passive Parry 4
    spare = b.get(dummy, Actions).spare
    assert (spare.primary, spare.offhand, spare.speak, spare.move, spare.escape) == (0, 1, 0, 0, 1)


def test_plus_2_and_plus_2_when_the_targets_hands_and_moves_are_spent():
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1])
    boxer, dummy = b.units()
    spec = AttackSpec(boxer, dummy, "grapple", "fists", "strong", "martial_arts", ("primary",))
    assert not any(l.startswith("its") for l, _ in attack_profile(b, spec).roll.modifiers)
    b.get(dummy, Actions).spare = Pool(speak=1)
    mods = dict(attack_profile(b, spec).roll.modifiers)
    assert mods["its hands are spent"] == 2 and mods["its moves are spent"] == 2


def test_plus_4_on_attacks_against_the_held_foe():
    b, boxer, dummy = grappled()
    spec = AttackSpec(boxer, dummy, "weapon", "fists", "fast", "martial_arts", ("offhand",))
    assert ("grappling it", 4) in attack_profile(b, spec).roll.modifiers
    kick = AttackSpec(boxer, dummy, "kick", "fists", "fast", "martial_arts", ())
    assert ("grappling it", 4) not in attack_profile(b, kick).roll.modifiers  # kicks get no bonuses


def test_example_14_each_escape_attempt_lowers_the_hold_by_2():
    """Worked example 14: Hold Difficulty 9 → after two escape attempts, 5."""
    dice = [8, 1, 1, 1,  # the grapple: 3d8 with 8+1 = 9
            3,  # dummy's escape (Strength d6, Martial Arts 1): 3 against 9
            5, 5, 1, 1,  # round 2 initiative
            2]  # second escape: 2 against 7
    b, boxer, dummy = grappled(roll=dice)
    assert hold_of(b).difficulty == 9
    choose(b, "end_turn")
    assert b.pending.actor == dummy
    choose(b, "escape", boxer, stat="strength", skill="martial_arts")
    assert hold_of(b).difficulty == 7
    choose(b, "end_turn")
    assert b.round == 2 and b.pending.actor == boxer
    choose(b, "maintain", hand="offhand")
    choose(b, "end_turn")
    choose(b, "escape", boxer, stat="strength", skill="martial_arts")
    assert hold_of(b).difficulty == 5


def test_an_escape_that_meets_the_hold_breaks_it_and_refunds_an_action():
    b, boxer, dummy = grappled(roll=(5, 1, 1), extra=(5,))
    choose(b, "end_turn")
    choose(b, "escape", boxer, stat="strength", skill="martial_arts")
    assert b.query(Hold) == [] and grapple.consistency_errors(b) == []
    assert b.pending.kind == "pick" and "reverse" not in offered(b)
    choose(b, "refund_primary")
    assert b.get(dummy, Actions).turn.primary == 1


def test_beating_the_hold_by_5_allows_a_free_grapple_back_with_that_roll():
    """"beats that roll by 5 or more can instead … get a free grapple roll against the one
    who was grappling them, with the grapple roll replaced by the escape roll"."""
    b, boxer, dummy = grappled(roll=(5, 1, 1), extra=(6, 4))  # escape 10 vs 5
    choose(b, "end_turn")
    choose(b, "escape", boxer, stat="strength", skill="martial_arts")
    choose(b, "reverse")
    if b.pending is not None and b.pending.kind == "reaction":
        choose(b, "pass")  # the boxer does not defend after seeing the 10
    h = hold_of(b)
    assert (h.holder, h.held, h.difficulty, h.stance) == (dummy, boxer, 10, "strong")


def test_the_hold_lapses_without_a_hand_action_on_the_holders_full_turn():
    dice = [5, 5, 1, 1]  # round 2
    b, boxer, dummy = grappled(extra=dice)
    choose(b, "end_turn")
    choose(b, "end_turn")  # dummy
    assert b.round == 2 and b.pending.actor == boxer
    choose(b, "end_turn")  # no hand spent on the hold
    assert b.query(Hold) == []
    assert "no hand action" in last(b, HoldChanged).text


def test_reinforcing_replaces_a_lower_hold_difficulty():
    """"a new grapple roll to reinforce their hold. If this roll is higher than the
    current Hold Difficulty, it becomes the grapple's new Hold Difficulty"."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1, 7, 2, 1])
    boxer, dummy = b.units()
    make_hold(b, boxer, dummy, "strong", 5)
    b.get(boxer, HoldUpkeep).done = False
    opts = {o.key: o for o in turn_options(b, boxer)}
    assert opts["reinforce"].cost == "primary + offhand actions"  # keeping it up, plus the primary
    reinforce(b, boxer, dummy, "martial_arts")
    assert hold_of(b).difficulty == 7


def test_a_held_attacker_missing_its_holder_by_5_hits_itself():
    """"A grappled character who attempts to hit their grappler and misses by 5 or more
    hits themselves instead", without the stance's special effect."""
    dice = [1, 1,  # dummy's offhand punch: Martial Arts 1 − 1 = non-skilled 2d6: 1
            4,  # its own 1dStr (d6)
            1, 1]  # its soak
    b, boxer, dummy = grappled("precise", roll=(5, 1, 1), extra=dice)
    b.get(boxer, ActiveDefences).block = 9
    choose(b, "end_turn")
    choose(b, "punch", boxer, stance="strong", skill="martial_arts", hand="offhand")
    choose(b, "pass")  # the boxer does not defend
    roll = last(b, AttackRolled)
    assert roll.needed == 9 and roll.total == 1 and "hits itself" in roll.note
    assert last(b, Damaged).unit == dummy and last(b, Damaged).amount == 3


def test_pin_going_prone_leaves_the_foe_helpless():
    b, boxer, dummy = grappled()
    choose(b, "pin", dummy, follow="go_prone", hand="offhand")
    assert b.get(dummy, Posture).value == FALLEN and b.get(boxer, Posture).value == FALLEN
    assert hold_of(b).pinned
    spec = AttackSpec(boxer, dummy, "kick", "fists", "strong", "gym", ())
    assert attack_profile(b, spec).target_number == 5


def test_pin_and_release_drops_the_foe_and_lets_go():
    b, boxer, dummy = grappled()
    choose(b, "pin", dummy, follow="release", hand="offhand")
    assert b.get(dummy, Posture).value == FALLEN and b.get(boxer, Posture).value != FALLEN
    assert b.query(Hold) == []


def test_slam_into_a_hazard_doubles_its_damage_and_the_holder_takes_half():
    """Slam: the foe takes double the hazard's damage ([PROP] a 5 ft fall: 1d6); holding
    on, the grappler takes half."""
    rows = ["..#...", "......", "......"]
    dice = [3,  # the hazard's d6
            1, 1,  # dummy soak (d10 pair)
            1, 1]  # boxer soak (d6 pair)
    b, boxer, dummy = grappled(extra=dice, rows=rows)
    choose(b, "slam", dummy, then="hold_on", hand="offhand")
    hurt = {e.unit: e.amount for e in events_of(b, Damaged)}
    assert hurt[dummy] == 6 - 1
    assert boxer not in hurt  # half of 3 is 1, soaked
    assert b.query(Hold) != []


def test_example_13_throw_distances():
    """Worked example 13: difficulty 8, roll 18 (10 over) → 30 ft; upward 15; downward 45."""
    assert throw_max_ft(18, 8) == 30
    assert throw_limit(30, +1) == 15
    assert throw_limit(30, -1) == 45
    assert throw_max_ft(8, 8) == 10 and throw_max_ft(12, 8) == 10 and throw_max_ft(13, 8) == 20


def test_a_throw_in_play_lands_the_foe_fallen_and_ends_the_hold():
    dice = [8, 8, 3, 1, 1]  # Strength d8, Martial Arts 3: 8+8+3 = 19 vs its Defense 9
    b, boxer, dummy = grappled(extra=dice)
    choose(b, "throw", dummy, skill="martial_arts", hand="offhand")
    assert last(b, CheckRolled).total == 19
    assert b.pending.context["max_ft"] == 30
    assert (7, 0) in b.pending.options[0].targets and (8, 0) not in b.pending.options[0].targets
    choose(b, "throw_to", (5, 0))
    assert b.tile(dummy) == (5, 0) and b.get(dummy, Posture).value == FALLEN
    assert b.query(Hold) == []


def test_a_failed_throw_gives_plus_5_on_the_next_escape():
    b, boxer, dummy = grappled(extra=[2, 1, 1])
    choose(b, "throw", dummy, skill="martial_arts", hand="offhand")
    assert b.get(dummy, EscapeBonus).bonus == 5


def test_pulling_items_off_is_harder_the_better_they_are_secured():
    """−5 per hand holding it; armour: torso +3, +2 per part past the first, crafted +3."""
    b = battle([(1, "boxer", 0, 0), (2, "fencer", 1, 0), (2, "rifleman", 0, 1),
                (2, "knight", 1, 1)], [5, 5, 1, 1, 2, 2, 3, 3])
    boxer, fencer, rifleman, knight = b.units()
    assert pull_penalty(b, fencer, "weapon") == [("Sword in 1 hand(s)", -5)]
    assert pull_penalty(b, rifleman, "weapon") == [("Rifle in 2 hand(s)", -10)]
    assert sum(v for _, v in pull_penalty(b, knight, "armour")) == -(3 + 4 + 3)
    assert pull_penalty(b, knight, "shield") == [("Tower shield", -10)]


def test_dragging_moves_both_when_strong_enough():
    b, boxer, dummy = grappled()
    choose(b, "drag", (0, 1))
    assert b.tile(boxer) == (0, 1) and b.tile(dummy) == (0, 0)


def test_a_unit_out_of_the_fight_lets_go():
    b, boxer, dummy = grappled()
    knock_out(b, boxer, "test")
    assert b.query(Hold) == [] and grapple.consistency_errors(b) == []


def test_regaining_an_action_the_grapple_takes_gives_an_escape_action_instead():
    """"If a grappled character chooses to regain an action that they would normally lose
    due to the grapple, they instead gain an Escape action" (a partial turn's refund)."""
    from game.rulesets.mahou.economy import refund_choices
    b, boxer, dummy = grappled("strong")
    b.get(dummy, Actions).spare = Pool()  # everything spent
    assert refund_choices(b, dummy) == {"speak": 1, "escape": 1}


def test_a_held_unit_gets_its_new_round_actions_converted_too():
    """[PROP] the conversion applies to the actions given at the start of a round too."""
    from game.rulesets.mahou.economy import grant_round
    b, boxer, dummy = grappled("fast")
    grant_round(b, dummy)
    spare = b.get(dummy, Actions).spare
    assert (spare.primary, spare.offhand, spare.speak, spare.move, spare.escape) == (0, 0, 0, 8, 1)


def test_a_fast_grapple_leaves_the_held_its_moves_to_drag_the_pair():
    """"Characters grappled with a fast grapple retain their move actions": the held
    fencer (Strength 8, as strong as the boxer) spends them moving the pair, pulling
    its grappler into its place; the hold stays."""
    b, boxer, fencer = grappled("fast", defender="fencer")
    choose(b, "end_turn")
    assert b.pending.actor == fencer
    choose(b, "drag", (2, 1))
    assert b.tile(fencer) == (2, 1) and b.tile(boxer) == (1, 0)
    assert hold_of(b).held == fencer and b.get(fencer, Actions).turn.move == 7


def test_a_strong_grapple_leaves_no_moves_to_drag_with():
    b, boxer, fencer = grappled("strong", defender="fencer")
    choose(b, "end_turn")
    assert b.pending.actor == fencer and "drag" not in offered(b)


def test_too_weak_to_drag_its_grappler():
    """The dummy (Strength 6) cannot drag the boxer (Strength 8)."""
    b, boxer, dummy = grappled("fast")
    choose(b, "end_turn")
    assert b.pending.actor == dummy and "drag" not in offered(b)
