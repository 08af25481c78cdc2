"""Illegal declarations are refused with IllegalChoice and change nothing."""

import pytest

from game.engine.decisions import Choice
from game.errors import IllegalChoice
from tests.fate.kit import attack, battle, hold, initiative


def refused(b, choice):
    before = b.digest()
    with pytest.raises(IllegalChoice):
        b.submit(choice)
    assert b.digest() == before


def make():
    b = battle([(1, "scout", 1, 1), (1, "soldier", 1, 3), (2, "soldier", 2, 1), (2, "marksman", 9, 3)],
               initiative(4, 3, -4, -3))
    return b, b.units()


def test_unknown_options_targets_and_parameters_are_refused():
    b, (scout, soldier, enemy, marksman) = make()
    refused(b, Choice("fly"))
    refused(b, Choice("hold", target=enemy))  # hold takes no target
    refused(b, Choice("move", target=(2, 1)))  # occupied
    refused(b, Choice("move", target=(11, 3)))  # beyond one move action
    hold(b, enemy)
    hold(b, marksman)
    hold(b, soldier)
    refused(b, Choice("attack", target=soldier, params=(("with", "knife"),)))  # an ally
    refused(b, Choice("attack", target=marksman, params=(("with", "knife"),)))  # not adjacent
    refused(b, Choice("attack", target=enemy, params=(("with", "rifle"),)))  # not its weapon
    refused(b, Choice("attack", target=enemy, params=(("with", "knife"), ("location", "head"))))


def test_the_same_hand_cannot_attack_twice():
    """One attack per hand: after the knife, the knife hand has attacked."""
    b, (scout, soldier, enemy, marksman) = make()
    hold(b, enemy)
    hold(b, marksman)
    hold(b, soldier)
    attack(b, scout, enemy, "knife")
    refused(b, Choice("attack", target=enemy, params=(("with", "knife"),)))


def test_odds_of_an_illegal_choice_raise():
    b, (scout, soldier, enemy, marksman) = make()
    with pytest.raises(IllegalChoice):
        b.ruleset.odds(b, b.pending, Choice("attack", target=marksman, params=(("with", "pistol"),)))
