"""Normal plans a unit's turn at its first declaration and follows the plan at its second
(`FateAI.decide`): a unit declares both its actions in a row, nothing declared between
them, so the first already saw everything the second will."""

import pytest

from game.ai import fate_grid, make_ai
from game.ai.fate import FateAI
from game.engine.decisions import Choice
from tests.fate.kit import ascii_map, attack, battle, declare, hold, initiative


def normal():
    return make_ai("fate", 0, "normal")


def odds_of(b, choice):
    return b.ruleset.odds(b, b.pending, choice)


def _forbid(monkeypatch, owner, name: str, why: str) -> None:
    """Make any call of `owner.name` fail the test, saying `why`."""
    def refuse(*args, **kwargs):
        raise AssertionError(why)
    monkeypatch.setattr(owner, name, refuse)


def _no_scoring(monkeypatch):
    _forbid(monkeypatch, FateAI, "scored", "the second declaration was scored again")


def _brawler_three_tiles_from_a_gunner():
    """A brawler to declare, three tiles from a gunner who declared he stays."""
    b = battle([(1, "brawler", 2, 2), (2, "gunner", 5, 2)], initiative(4, -4), ascii_map(["." * 10] * 5))
    me, gunner = b.units()
    hold(b, gunner)
    return b, me, gunner


def _best_of_fresh_scoring(b):
    scored = normal().scored_choices(b, b.pending)
    best = max(s for s, _ in scored)
    return [c for s, c in scored if s >= best - 1e-9]


def test_a_move_made_for_the_attack_it_sets_up_is_followed_by_that_attack(monkeypatch):
    """A brawler three tiles from a gunner who declared he stays: it moves next to him for
    the blow its first action sets up, and its second action is that blow, not scored again."""
    b, me, gunner = _brawler_three_tiles_from_a_gunner()
    brain = normal()
    first = brain.decide(b, b.pending)
    assert first.option == "move" and max(abs(first.target[0] - 5), abs(first.target[1] - 2)) == 1
    b.submit(first)
    _no_scoring(monkeypatch)
    second = brain.decide(b, b.pending)
    assert second.option == "attack" and second.target == gunner
    assert second.param("with") in b.pending.option("attack").params_for(gunner)["with"]


def test_an_aim_is_followed_by_its_aimed_shot(monkeypatch):
    """The aim was declared for one shot: the second action takes it, aimed, unscored."""
    b = battle([(1, "marksman", 0, 1), (2, "soldier", 40, 1)], initiative(4, -4), ascii_map(["." * 44] * 3))
    me, soldier = b.units()
    hold(b, soldier)
    brain = normal()
    first = brain.decide(b, b.pending)
    assert first.option == "aim" and first.target == soldier
    b.submit(first)
    _no_scoring(monkeypatch)
    second = brain.decide(b, b.pending)
    assert second.option == "attack" and second.target == soldier
    assert ("aimed", 1) in odds_of(b, second).breakdown


def test_after_an_attack_the_second_action_reuses_the_moves_screened_for_the_first(monkeypatch):
    """Attacking first leaves the unit where it stood: the moves screened for its first
    action (from that tile) are its second action's; no tile is screened again. (A gunner
    with a gun in each hand shoots twice.)"""
    b = battle([(1, "gunner", 2, 2), (2, "soldier", 7, 2)], initiative(4, -4), ascii_map(["." * 14] * 5))
    me, soldier = b.units()
    hold(b, soldier)
    brain = normal()
    first = brain.decide(b, b.pending)
    assert first.option == "attack"
    assert brain.intents[me][2][0] == "moves" and brain.intents[me][2][1]
    b.submit(first)

    _forbid(monkeypatch, fate_grid, "screen", "the second declaration screened the moves again")
    second = brain.decide(b, b.pending)
    assert second.option == "attack" and second.target == soldier
    assert b.pending.validate(second) == second


def test_a_plan_whose_first_action_is_not_on_record_is_not_followed():
    """The first declaration on record is not the one the AI planned (someone else
    answered it): the second is scored afresh, as a fresh AI would score it."""
    b, me, gunner = _brawler_three_tiles_from_a_gunner()
    brain = normal()
    planned = brain.decide(b, b.pending)
    assert planned.option == "move"
    declare(b, me, "hold")
    second = brain.decide(b, b.pending)
    assert second in _best_of_fresh_scoring(b)


def test_a_planned_attack_no_longer_offered_is_scored_again():
    """A plan's attack is made only while it is on offer; else the second is scored."""
    b, me, gunner = _brawler_three_tiles_from_a_gunner()
    brain = normal()
    first = brain.decide(b, b.pending)
    b.submit(first)
    kept = brain.intents[me]
    brain.intents[me] = kept[:2] + (("do", Choice("attack", 999, (("with", "fist"),))),)
    second = brain.decide(b, b.pending)
    assert b.pending.validate(second) is not None and second in _best_of_fresh_scoring(b)


def test_scoring_a_declaration_keeps_no_plan():
    """`scored_choices` is a query (the window's and the easy level's): it plans nothing."""
    b, me, gunner = _brawler_three_tiles_from_a_gunner()
    brain = normal()
    brain.scored_choices(b, b.pending)
    assert brain.intents == {}


@pytest.mark.parametrize("level", ["hard"])
def test_hard_scores_every_declaration(level, monkeypatch):
    """Hard's guesses of the faster enemies need the second declaration's own scoring."""
    b = battle([(1, "brawler", 2, 2), (2, "gunner", 5, 2)], initiative(4, -4), ascii_map(["." * 10] * 5))
    me, gunner = b.units()
    attack(b, gunner, me, "machine_pistol")
    attack(b, gunner, me, "machine_pistol")
    brain = make_ai("fate", 0, level)
    b.submit(brain.decide(b, b.pending))
    calls = []
    original = type(brain).scored

    def counting(self, look):
        calls.append(look.slot)
        return original(self, look)
    monkeypatch.setattr(type(brain), "scored", counting)
    brain.decide(b, b.pending)
    assert 2 in calls
