"""Initiative and Rounds (rules/d20-firearms.txt, first paragraph).

The first scripted faces are the initiative d20s, one per unit in the order the
units are listed. Agility modifiers: brawler +2, gunner +1, marksman +1,
guardian 0, scout +4 (units.toml).
"""

import pytest

from game.engine.decisions import TURN
from game.engine.events import RoundStarted, TurnStarted
from game.rulesets.d20.events import InitiativeRolled
from tests.d20.util import end_turn
from tests.helpers import battle_with, events_of, open_map


def _turn_actors(battle, turns):
    """End `turns` turns in a row, returning whose turn each was."""
    seen = []
    for _ in range(turns):
        assert battle.pending.kind == TURN
        seen.append(battle.pending.actor)
        end_turn(battle)
    return seen


def test_initiative_is_d20_plus_agility_highest_first():
    """"each creature rolls a d20 and adds their Initiative modifier" (= Agility) and
    "Combat begins with the turn of the creature that had the highest Initiative score".

    Gunner (+1) rolls 10 → 11, scout (+4) rolls 8 → 12, brawler (+2) rolls 15 → 17:
    the order is brawler, scout, gunner.
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "scout", 20, 5), (1, "brawler", 0, 9)],
                    [10, 8, 15])
    gunner, scout, brawler = b.units()
    rolls = {e.unit: (e.face, e.modifier, e.total) for e in events_of(b, InitiativeRolled)}
    assert rolls == {gunner: (10, 1, 11), scout: (8, 4, 12), brawler: (15, 2, 17)}
    assert b.turn_order == [brawler, scout, gunner]
    assert b.pending.actor == brawler


def test_order_is_fixed_for_every_round_and_never_rerolled():
    """"After a round finishes, a new round starts, going in the same order according
    to the Initiative results."

    Three units end their turns for two full rounds: the same order both rounds, and
    no die is rolled after the three initiative dice (the script holds only those).
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "scout", 20, 5), (1, "brawler", 0, 9)],
                    [10, 8, 15])
    gunner, scout, brawler = b.units()
    assert _turn_actors(b, 6) == [brawler, scout, gunner] * 2
    assert [e.round for e in events_of(b, RoundStarted)] == [1, 2, 3]
    assert len(events_of(b, InitiativeRolled)) == 3
    assert b.dice.remaining == 0


def test_a_round_is_every_creature_taking_one_turn():
    """"the turns go in order of highest to lowest Initiative until each creature has
    taken their turn. This is called a round".

    Round 1 holds exactly one TurnStarted per unit before round 2 starts.
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "scout", 20, 5), (2, "marksman", 25, 9)],
                    [5, 6, 7])
    _turn_actors(b, 3)
    round_two = next(i for i, e in enumerate(b.log) if isinstance(e, RoundStarted) and e.round == 2)
    first_round_turns = [e.unit for e in b.log[:round_two] if isinstance(e, TurnStarted)]
    assert sorted(first_round_turns) == sorted(b.units())


def test_cross_side_tie_player_side_first():
    """"If multiple creatures get the same result, a player character goes before a GM
    controlled creature" ([PROP] player characters are the units of the sides a person
    commands, `player_sides`; the AI's units are the GM's).

    A side-2 (AI) gunner listed first and a side-1 (person's) marksman both total 11:
    the marksman goes first, and no reroll die is used.
    """
    b = battle_with(open_map(), [(2, "gunner", 20, 0), (1, "marksman", 0, 0)], [10, 10],
                    player_sides={1})
    gunner, marksman = b.units()
    assert b.turn_order == [marksman, gunner]
    assert b.dice.remaining == 0
    assert len(events_of(b, InitiativeRolled)) == 2


def test_cross_side_tie_between_two_ai_sides_is_rerolled():
    """"If multiple ... GM controlled creatures get the same result, they reroll": with no
    side commanded by a person (AI against AI) a tie across sides is rerolled like any
    other. Both total 11; rerolls 5 (gunner, +1 = 6) and 15 (marksman, +1 = 16).
    """
    b = battle_with(open_map(), [(2, "gunner", 20, 0), (1, "marksman", 0, 0)], [10, 10, 5, 15])
    gunner, marksman = b.units()
    assert b.turn_order == [marksman, gunner]
    assert b.dice.remaining == 0


def test_cross_side_tie_between_two_human_sides_is_rerolled():
    """Hotseat: both sides are player characters, so a tie across sides rerolls.
    Rerolls 15 (gunner → 16) and 5 (marksman → 6): the side-2 gunner goes first."""
    b = battle_with(open_map(), [(2, "gunner", 20, 0), (1, "marksman", 0, 0)], [10, 10, 15, 5],
                    player_sides={1, 2})
    gunner, marksman = b.units()
    assert b.turn_order == [gunner, marksman]


def test_same_side_tie_is_rerolled():
    """"If multiple player characters or multiple GM controlled creatures get the same
    result, they reroll their Initiative rolls."

    Two side-1 gunners both total 11; the rerolls are 3 and 17, so the second goes
    first. A side-2 unit on 5 stays after both.
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (1, "gunner", 0, 5), (2, "marksman", 20, 0)],
                    [10, 10, 4, 3, 17])
    first, second, enemy = b.units()
    assert b.turn_order == [second, first, enemy]
    rerolls = [e for e in events_of(b, InitiativeRolled) if "reroll" in e.note]
    assert [(e.unit, e.face) for e in rerolls] == [(first, 3), (second, 17)]


def test_same_side_reroll_that_ties_again_rerolls_again():
    """Same rule: a reroll that ties again is rolled once more until the tie breaks.

    Rerolls 9 and 9 tie; the next rerolls 2 and 12 put the second gunner first.
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (1, "gunner", 0, 5), (2, "marksman", 20, 0)],
                    [10, 10, 4, 9, 9, 2, 12])
    first, second, enemy = b.units()
    assert b.turn_order == [second, first, enemy]
    assert b.dice.remaining == 0


def test_cross_side_tie_with_same_side_tie_inside_it():
    """Both tie rules at once: two side-1 (person's) units and one side-2 (AI) unit all total 11.

    The side-2 unit goes after both side-1 units; the side-1 pair is ordered by a
    reroll (7 vs 2: the first listed goes first).
    """
    b = battle_with(open_map(), [(2, "gunner", 20, 0), (1, "gunner", 0, 0), (1, "marksman", 0, 5)],
                    [10, 10, 10, 7, 2], player_sides={1})
    enemy, g1, m1 = b.units()
    assert b.turn_order == [g1, m1, enemy]


def test_same_side_reroll_adds_the_initiative_modifier():
    """"they reroll their Initiative rolls" — an Initiative roll is "a d20 and adds their
    Initiative modifier".

    Side-1 gunner (+1) rolls 13 → 14 and side-1 scout (+4) rolls 10 → 14: a tie. The
    rerolls are gunner 10 → 11 and scout 8 → 12, so the scout goes first.
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (1, "scout", 0, 5), (2, "marksman", 20, 0)],
                    [13, 10, 1, 10, 8])
    gunner, scout, enemy = b.units()
    assert b.turn_order == [scout, gunner, enemy]
