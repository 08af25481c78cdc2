"""Illegal choices are refused and change nothing (STYLE.md lesson 1: every choice is
validated by the Battle before the ruleset sees it).

Each case submits something the pending Decision does not offer and expects
IllegalChoice, with `battle.digest()`, the log, the dice and the pending Decision
exactly as before.
"""

import pytest

from game.engine.decisions import Choice
from game.errors import IllegalChoice
from tests.d20.util import do, end_turn, prepared_battle
from tests.helpers import ascii_map, battle_with, open_map


def _refused(b, choice):
    before = (b.digest(), len(b.log), b.dice.rolled, b.pending, len(b.choices))
    with pytest.raises(IllegalChoice):
        b.submit(choice)
    assert (b.digest(), len(b.log), b.dice.rolled, b.pending, len(b.choices)) == before


def _gunner_vs_two():
    """Gunner (SMG, first range 40 ft) with a marksman at 15 ft and one at 45 ft; an ally
    scout stands nearby; a wall at (0, 3)."""
    rows = ["...................."] * 6
    rows[3] = "#..................."
    return battle_with(ascii_map(rows), [(1, "gunner", 0, 0), (2, "marksman", 3, 0), (2, "marksman", 9, 2),
                                         (1, "scout", 1, 1)], [20, 1, 2, 3, 1])


def test_unknown_option_is_refused():
    """An option the Decision does not have ("fly") is refused."""
    b = _gunner_vs_two()
    _refused(b, Choice("fly"))


def test_option_not_offered_now_is_refused():
    """Reload is a real option but not offered with a full magazine: refused."""
    b = _gunner_vs_two()
    assert b.pending.option("reload") is None
    _refused(b, Choice("reload"))


@pytest.mark.parametrize("target", ["ally", "far_wall", "nobody"])
def test_target_not_offered_is_refused(target):
    """"must be within the range of the weapon and able to be attacked": shooting an ally,
    moving into a wall, or a unit id that does not exist are refused."""
    b = _gunner_vs_two()
    gunner, near, far, scout = b.units()
    choice = {"ally": Choice("shoot", scout, (("location", "torso"), ("mode", "single"))),
              "far_wall": Choice("move", (0, 3)),
              "nobody": Choice("shoot", 999, (("location", "torso"), ("mode", "single")))}[target]
    _refused(b, choice)


def test_burst_beyond_the_first_range_is_refused():
    """"Burst and double burst attacks can only be made within the first range": a burst
    or double burst at the marksman 45 ft away (SMG first range 40 ft) is refused, a
    single shot at it is not."""
    b = _gunner_vs_two()
    gunner, near, far, scout = b.units()
    for mode in ("burst", "double_burst"):
        _refused(b, Choice("shoot", far, (("location", "torso"), ("mode", mode))))
    b.submit(Choice("shoot", far, (("location", "torso"), ("mode", "single"))))


def test_targeted_shot_with_buckshot_is_refused():
    """"Birdshot and buckshot cannot target anything other than the torso": the guardian's
    coach gun aimed at the head is refused (so is a burst: it fires single shots only)."""
    b = battle_with(open_map(), [(1, "guardian", 0, 0), (2, "brawler", 3, 0)], [20, 1])
    guardian, brawler = b.units()
    _refused(b, Choice("shoot", brawler, (("location", "head"), ("mode", "single"))))
    _refused(b, Choice("shoot", brawler, (("location", "untargeted"), ("mode", "burst"))))


def test_double_burst_from_a_semi_automatic_is_refused():
    """"only automatic weapons are capable of double burst attacks": the scout's pistol."""
    b = battle_with(open_map(), [(1, "scout", 0, 0), (2, "brawler", 3, 0)], [20, 1])
    _refused(b, Choice("shoot", b.units()[1], (("location", "torso"), ("mode", "double_burst"))))


def test_targeted_shot_at_a_concealed_target_is_refused():
    """"they cannot make targeted attacks" at a creature seen entering concealment."""
    b = battle_with(ascii_map([".....c......", "............", "............", "............"]),
                    [(2, "gunner", 6, 3), (1, "scout", 0, 0)], [20, 1])
    gunner, scout = b.units()
    do(b, "move", (6, 0))
    end_turn(b)
    _refused(b, Choice("shoot", gunner, (("location", "head"), ("mode", "single"))))


def test_unknown_parameter_and_bad_target_kind_are_refused():
    """A parameter the option does not have, a target for a target-less option, and
    something that is not a Choice at all are refused."""
    b = _gunner_vs_two()
    gunner, near, far, scout = b.units()
    _refused(b, Choice("shoot", near, (("location", "torso"), ("mode", "single"), ("aim", 3))))
    _refused(b, Choice("end_turn", near))
    _refused(b, "end_turn")


def test_melee_with_a_weapon_not_held_is_refused():
    """"holding a melee weapon (unless making an unarmed attack)": the gunner holds an SMG,
    so a "melee" (weapon) strike is refused; only "unarmed" is allowed."""
    b = battle_with(open_map(), [(1, "gunner", 5, 5), (2, "brawler", 6, 5)], [20, 1])
    _refused(b, Choice("melee", b.units()[1], (("kind", "melee"), ("location", "torso"))))


def test_turn_choice_during_a_reaction_is_refused():
    """A Reaction Decision ("allowing the other creature ... to make a melee attack agains
    them as a Reaction") offers only the strike at the leaver or letting go: a Move, or
    a strike at anyone else, is refused."""
    b = battle_with(open_map(), [(1, "brawler", 4, 5), (2, "gunner", 5, 5)], [20, 1, 1])
    brawler, gunner = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    end_turn(b)
    do(b, "exit_grapple", (4, 5))
    assert b.pending.kind == "reaction"
    _refused(b, Choice("move", (3, 5)))
    _refused(b, Choice("reaction_strike", brawler, (("kind", "melee"), ("location", "torso"))))


def test_choices_after_the_battle_ended_are_refused():
    """A finished battle has nothing to decide."""
    def weak(battle):
        from game.rulesets.d20.components import Health
        battle.get(battle.units()[1], Health).hp = 1
    b = prepared_battle(open_map(), [(1, "scout", 0, 0), (2, "gunner", 3, 0)], [20, 1, 15, (8, 5)],
                        prepare=weak)
    do(b, "shoot", b.units()[1], mode="single", location="torso")
    assert b.over and b.pending is None
    digest = b.digest()
    with pytest.raises(IllegalChoice):
        b.submit(Choice("end_turn"))
    assert b.digest() == digest
