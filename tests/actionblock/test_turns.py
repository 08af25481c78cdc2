"""A character's Turn (Battle Order step 2): one Offensive, one Movement and one Verbal
action in any order, any skipped; unlimited Bonus Actions whose conditions hold; every
cost paid and no action beyond the points left; illegal choices change nothing."""

import pytest

from game.engine.decisions import Choice
from game.errors import IllegalChoice
from game.rulesets.actionblock.components import Points, Stance, TurnState
from game.rulesets.actionblock.events import ActionTaken, TurnBegan
from tests.actionblock.kit import answer, battle, events_of, offered, set_points


def test_one_of_each_kind_in_any_order():
    """After a Movement Action no other Movement Action is offered, but the Offensive
    and Verbal ones are; the Offensive Action may come after the movement."""
    b = battle([(1, "talker", 0, 0), (2, "target", 2, 0)], [6, 6, 1, 1, 1, 1])
    me, foe = b.units()
    assert {"sidestep", "charge", "turn", "taunt"} <= set(offered(b))
    assert "melee" not in offered(b)  # 10 ft away
    answer(b, "sidestep", (1, 0), facing="moved")
    assert not {"sidestep", "fast_sidestep", "charge", "turn"} & set(offered(b))
    assert "taunt" in offered(b) and "restore_strength" not in offered(b)  # full Strength
    answer(b, "taunt", foe)
    assert "taunt" not in offered(b)
    answer(b, "melee", foe, weapon="longsword")
    assert set(offered(b)) <= {"stance", "end_turn"}  # only Bonus Actions are left


def test_actions_may_all_be_skipped():
    """Ending the Turn at once is always allowed."""
    b = battle([(1, "talker", 0, 0), (2, "target", 3, 0)], [])
    me, foe = b.units()
    answer(b, "end_turn")
    assert b.pending.actor == foe


def test_costs_are_paid_and_logged():
    b = battle([(1, "pistoleer", 0, 0), (2, "target", 3, 0)], [1, 1])
    me, foe = b.units()
    p = b.get(me, Points)
    before = (p.strength, p.speed)
    answer(b, "aimed", foe, weapon="palm_pistol")
    assert (p.strength, p.speed) == (before[0], before[1] - 3)
    taken = events_of(b, ActionTaken)[-1]
    assert (taken.action, taken.strength_cost, taken.speed_cost) == ("Aimed Attack", 0, 3)


def test_no_option_costs_more_than_is_left():
    """With 0 Strength and 0 Speed only the free actions remain: Restore Strength /
    Speed Points, Turn, End Turn."""
    b = battle([(1, "talker", 0, 0), (2, "target", 1, 0)], [])
    me, foe = b.units()
    set_points(b, me, 0, 0)
    answer(b, "end_turn")
    answer(b, "end_turn")
    assert set(offered(b)) == {"restore_strength", "turn", "restore_speed", "end_turn"}


def test_restore_speed_points_capped():
    """Restore Speed Points: +5 [PROP], never above Maximum Battle Speed Points."""
    b = battle([(1, "talker", 0, 0), (2, "target", 8, 0)], [])
    me, _ = b.units()
    set_points(b, me, speed=7)
    answer(b, "end_turn")
    answer(b, "end_turn")
    answer(b, "restore_speed")
    assert b.get(me, Points).speed == 10


def test_illegal_choices_raise_and_change_nothing():
    """Unknown options, bad targets, bad parameters: IllegalChoice, digest unchanged."""
    b = battle([(1, "talker", 0, 0), (2, "target", 5, 0)], [])
    me, foe = b.units()
    before = b.digest()
    bad = [Choice("melee", foe, (("weapon", "longsword"),)),    # out of Melee Range
           Choice("sidestep", (5, 5), (("facing", "moved"),)),   # not a straight 5 ft
           Choice("sidestep", (1, 0), (("facing", "up"),)),      # not a facing
           Choice("turn", None, (("facing", "e"),)) if "e" not in b.pending.option("turn").params["facing"]
           else Choice("turn", foe),                              # takes no target
           Choice("fly")]
    for choice in bad:
        with pytest.raises(IllegalChoice):
            b.submit(choice)
        assert b.digest() == before


def test_hotkeys_single_unique_letters():
    """Every option of a decision has its own single lowercase letter; End Turn is e."""
    b = battle([(1, "caster", 0, 0), (2, "target", 3, 0)], [])
    keys = [o.hotkey for o in b.pending.options]
    assert len(keys) == len(set(keys)) and all(len(k) == 1 and k.islower() for k in keys)
    assert b.pending.option("end_turn").hotkey == "e"
    for opt in b.pending.options:
        assert opt.label and opt.description or opt.key in ("end_turn",)


def test_out_of_fight_units_never_decide():
    """An Unconscious unit's Turns are skipped."""
    from game.rulesets.actionblock.health import knock_out
    b = battle([(1, "talker", 0, 0), (2, "target", 5, 0), (2, "slow", 7, 0)], [])
    me, foe, other = b.units()
    knock_out(b, foe)
    answer(b, "end_turn")
    assert b.pending.actor == other
    started = [e.unit for e in events_of(b, TurnBegan)]
    assert foe not in started


def test_block_stance_as_bonus_action_lasts_until_next_turn():
    """Block can be performed on one's own Turn as a Bonus Action; [PROP] the stance
    lasts until the start of the blocker's next Turn unless a blow ends it first."""
    b = battle([(1, "talker", 0, 0), (2, "target", 5, 0)], [])
    me, foe = b.units()
    answer(b, "stance", kind="heavy_block")
    assert b.get(me, Stance).level == 2
    assert b.get(me, Points).strength == 12 - 2 - 4
    answer(b, "end_turn")
    assert b.get(me, Stance).level == 2  # still up during the enemy's Turn
    answer(b, "end_turn")
    assert b.get(me, Stance).level == 0  # dropped at the start of its own Turn


def test_block_stance_in_advance_stops_the_next_blow_only():
    """[PROP] house rule: a stance taken in advance stops the first attack that hits and
    then ends."""
    from game.rulesets.actionblock.events import DamageRolled
    from tests.actionblock.kit import events_of
    b = battle([(1, "talker", 0, 0), (2, "swordsman", 1, 0)], [6, 6, 6, 1, 1, 1, 4, 4, 1, 1])
    me, foe = b.units()
    answer(b, "stance", kind="block")
    answer(b, "end_turn")
    answer(b, "melee", me, weapon="longsword")  # 8 + 2 hits; the stance takes the blow
    if b.pending.actor == me:
        answer(b, "pass")  # a higher stance would be on offer
    assert ("Block Stance", 5) in events_of(b, DamageRolled)[-1].reductions
    assert b.get(me, Stance).level == 0


def test_melee_combo_needs_a_melee_attack_in_the_previous_block():
    """Melee Combo Attack: only if the previous Action Block's Offensive Action was a
    Melee Attack ([PROP] or a Melee Combo Attack)."""
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)], [1, 1, 1, 1, 1, 1])
    me, foe = b.units()
    assert "combo" not in offered(b)
    answer(b, "melee", foe, weapon="longsword")
    answer(b, "end_turn")
    answer(b, "end_turn")
    answer(b, "combo", foe, weapon="longsword")
    answer(b, "end_turn")
    answer(b, "end_turn")
    assert "combo" in offered(b)  # a Combo after a Combo
    answer(b, "end_turn")
    answer(b, "end_turn")
    assert "combo" not in offered(b)  # the last block had no Offensive Action
    assert b.get(me, TurnState).offensive_by_block.get(b.round - 1) == ""
