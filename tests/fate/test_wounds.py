"""The damage value's wound level and the damage-capacity track [REC damage-capacity]."""

import pytest

from game.rulesets.fate.wounds import (HURT, INCAPACITATED, SCRATCH, VERY_HURT, WoundTrack, mark,
                                       scratch_value, wound_level, wound_penalty)


@pytest.mark.parametrize("value,level", [(-3, SCRATCH), (0, SCRATCH), (1, SCRATCH), (2, HURT), (3, HURT),
                                         (4, VERY_HURT), (5, VERY_HURT), (6, INCAPACITATED),
                                         (9, INCAPACITATED)])
def test_damage_value_to_wound(value, level):
    """"A hit by 1 or less is a Scratch. 2 or 3 Hurts. 4 or 5 Very Hurt. 6 or more Incapacitated."
    Any hit is at least a Scratch, whatever the modifiers take off."""
    assert wound_level(value) == level


def test_wound_penalties_do_not_stack_and_very_hurt_replaces_hurt():
    """[REC] Hurt −1 on every roll; several Hurts do not stack; Very Hurt −2 replaces it."""
    assert wound_penalty(WoundTrack()) is None
    assert wound_penalty(WoundTrack(scratch=5)) is None
    assert wound_penalty(WoundTrack(hurt=1)) == (HURT, -1)
    assert wound_penalty(WoundTrack(hurt=2)) == (HURT, -1)
    assert wound_penalty(WoundTrack(hurt=2, very_hurt=1)) == (VERY_HURT, -2)


def test_track_has_5_scratch_2_hurt_1_very_hurt_1_incapacitated_boxes():
    """[REC] A character without FOCUS: 5 Scratch, 2 Hurt, 1 Very Hurt, 1 Incapacitated."""
    t = WoundTrack()
    for n in range(1, 6):
        mark(t, SCRATCH)
        assert t.scratch == n and t.hurt == 0
    for n in (1, 2):
        mark(t, HURT)
        assert t.hurt == n
    mark(t, VERY_HURT)
    assert t.very_hurt == 1 and not t.out
    m = mark(t, INCAPACITATED)
    assert t.incapacitated == 1 and m.incapacitated and t.out and not t.dying


def test_a_roll_up_can_cascade_all_the_way():
    """[PROP] Roll-ups cascade: full Scratches, Hurts and Very Hurt, then one more Scratch
    → each level erased in turn, and the Incapacitated box marked."""
    t = WoundTrack(scratch=5, hurt=2, very_hurt=1)
    m = mark(t, SCRATCH)
    assert (t.scratch, t.hurt, t.very_hurt, t.incapacitated) == (0, 0, 0, 1)
    assert m.incapacitated and len(m.steps) == 4


def test_scratch_on_an_incapacitated_character_only_marks_a_scratch():
    """[PROP] A Scratch on someone Incapacitated does nothing more (only Incapacitated again → Dying)."""
    t = WoundTrack(incapacitated=1)
    m = mark(t, SCRATCH)
    assert t.scratch == 1 and not t.dying and not m.dying


def test_dying_character_hurt_again_needs_a_recheck_but_a_scratch_does_not():
    """[REC] "If a Dying character is Hurt, Very Hurt or Incapacitated again" → a check;
    [PROP] a Scratch that rolls up into a Hurt counts as being Hurt."""
    for level in (HURT, VERY_HURT, INCAPACITATED):
        t = WoundTrack(incapacitated=1, dying=True, dying_difficulty=1)
        assert mark(t, level).recheck
        assert t.dying  # still Dying: Incapacitated again does not restart the count
        assert t.dying_difficulty == 1
    t = WoundTrack(incapacitated=1, dying=True)
    assert not mark(t, SCRATCH).recheck
    t = WoundTrack(scratch=5, incapacitated=1, dying=True)
    assert mark(t, SCRATCH).recheck


def test_health_counts_scratches_left_before_incapacitated():
    """Health bars: 6 Scratches make a Hurt, 3 Hurts a Very Hurt, 2 Very Hurts Incapacitated: 36."""
    assert scratch_value(WoundTrack()) == 0
    assert scratch_value(WoundTrack(scratch=2, hurt=1)) == 8
    assert scratch_value(WoundTrack(scratch=5, hurt=2, very_hurt=1)) == 35
    assert scratch_value(WoundTrack(incapacitated=1)) == 36
