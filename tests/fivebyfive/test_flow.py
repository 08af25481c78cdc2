"""The Combat Sequence: Initiative every round, its order and ties, rounds, the end of
the Combat Encounter and Victory Rush (five-by-five.txt, first and last paragraphs)."""

from game.engine.decisions import PICK
from game.engine.events import BattleEnded, RoundStarted
from game.rulesets.fivebyfive.components import AbilityScores
from game.rulesets.fivebyfive.events import (InitiativeRolled, InitiativeRollOff, TurnOrder,
                                              VictoryRush)
from tests.fivebyfive.kit import attack, battle, d5, hero, pair, pick
from tests.helpers import events_of


def end_turn(b):
    b.submit(b.pending.option("end_turn").choice())


def test_initiative_is_rolled_anew_every_round_and_runs_high_to_low():
    """"Combatants take turns in order from highest to lowest Initiative roll" and "roll new
    Initiatives for all participants" each round."""
    b = battle([(1, hero("a"), 0, 0), (2, hero("b"), 11, 7), (2, hero("c"), 11, 0)],
               [d5(2), d5(5), d5(3), d5(4), d5(0), d5(1)])
    a, bb, c = b.units()
    order = []
    for _ in range(3):
        order.append(b.pending.actor)
        end_turn(b)
    assert order == [bb, c, a]
    assert [e.round for e in events_of(b, RoundStarted)] == [1, 2]
    assert b.pending.actor == a  # round 2: a rolled 4, b 0, c 1
    assert [e.value for e in events_of(b, InitiativeRolled)] == [2, 5, 3, 4, 0, 1]


def test_movement_allowance_is_the_initiative_roll():
    """"move up to their Initiative roll in inches" (1 tile = 1 inch)."""
    b = battle([(1, hero("a"), 5, 4), (2, hero("b"), 11, 7)], [d5(3), d5(1)])
    tiles = b.pending.option("move").targets
    assert max(max(abs(x - 5), abs(y - 4)) for x, y in tiles) == 3


def test_ties_player_characters_act_before_npcs():
    """"In the event of a tie, Player Characters act before GM controlled NPC's": the
    Player Characters are the units of the sides a person commands ([PROP])."""
    b = battle([(2, hero("npc", grace=4), 0, 0), (1, hero("pc", grace=1), 11, 7)], [d5(3), d5(3)],
               player_sides={1})
    npc, pc = b.units()
    assert b.pending.actor == pc
    assert "Player Characters act before NPCs" in events_of(b, TurnOrder)[-1].describe()


def test_ties_on_one_side_go_to_the_higher_grace_then_a_roll_off():
    """[PROP] Ties the PC rule does not settle: higher current Grace, then d6 roll-offs."""
    b = battle([(2, hero("slow", grace=2), 0, 0), (2, hero("quick", grace=3), 0, 7),
                (2, hero("x", grace=2), 5, 7), (1, hero("pc"), 11, 7)],
               [d5(4), d5(4), d5(4), d5(1), (6, 2), (6, 2), (6, 5), (6, 1)])
    slow, quick, x, pc = b.units()
    order = [u for u, _, _ in events_of(b, TurnOrder)[-1].entries]
    assert order == [quick, slow, x, pc]  # slow and x tie again (2, 2), then 5 beats 1
    offs = events_of(b, InitiativeRollOff)
    assert [(e.unit, e.face) for e in offs] == [(slow, 2), (x, 2), (slow, 5), (x, 1)]
    notes = events_of(b, TurnOrder)[-1].notes
    assert any("higher Grace (3 over 2)" in n for n in notes) and any("roll-off" in n for n in notes)


def test_player_sides_recorded_by_the_battle_decide_who_the_pcs_are():
    """[PROP] With `battle.player_sides` set, those sides are the PCs; when every side (or
    none) is a PC, the PC rule cannot split a tie and Grace decides."""
    from game.rulesets.fivebyfive.flow import pc_precedence
    b = battle([(1, hero("one", grace=1), 0, 0), (2, hero("two", grace=3), 11, 7)], [d5(3), d5(3)],
               player_sides={1})
    one, two = b.units()
    assert pc_precedence(b, [one, two]) == {one: 0, two: 1}
    b.player_sides = {2}
    assert pc_precedence(b, [one, two]) == {one: 1, two: 0}
    b.player_sides = {1, 2}  # hotseat
    assert pc_precedence(b, [one, two]) == {one: 0, two: 0}
    b.player_sides = set()  # AI against AI
    assert pc_precedence(b, [one, two]) == {one: 0, two: 0}


def test_victory_rush_asks_a_winner_with_two_damaged_abilities():
    """"Characters (Not Unconscious) getting a Victory Rush instantly regain 1 point to a
    Damaged Ability Score of their choice": a PICK among the Damaged ones."""
    b = battle([(1, hero("a", strike=3, rage=3), 3, 3), (2, hero("d", rage=1, parry=1), 4, 3)],
               [d5(5), d5(1)] + pair(1, 2) + pair(5, 5))
    a, d = b.units()
    s = b.get(a, AbilityScores)
    s.grace, s.precognition = 1, 1
    attack(b, "strike", d)
    pick(b, "rage")
    assert b.pending.kind == PICK and b.pending.actor == a
    assert b.pending.context.get("victory_rush")
    assert [o.key for o in b.pending.options] == ["grace", "precognition"]
    b.submit(b.pending.option("precognition").choice())
    assert [(e.ability, e.after) for e in events_of(b, VictoryRush)] == [("precognition", 2)]
    assert isinstance(b.log[-1], BattleEnded) and b.winner == 1


def test_no_victory_rush_for_the_unconscious_or_the_undamaged():
    """Only the Not Unconscious get a Victory Rush, and only a Damaged score can rise."""
    b = battle([(1, hero("a", strike=3, rage=3), 3, 3), (1, hero("down"), 0, 7),
                (2, hero("d", rage=1, parry=1), 4, 3)],
               [d5(5), d5(2), d5(1)] + pair(1, 2) + pair(5, 5))
    a, down, d = b.units()
    from game.engine.components import OutOfFight
    b.get(down, AbilityScores).rage = 0
    b.add(down, OutOfFight("unconscious: test"))
    attack(b, "strike", d)
    pick(b, "rage")
    assert events_of(b, VictoryRush) == []
    assert b.winner == 1


def test_the_round_limit_is_a_draw_without_victory_rush():
    """[GAME] Every battle ends: at the round limit it is a draw, and nobody won a Rush."""
    b = battle([(1, hero("a"), 0, 0), (2, hero("b"), 11, 7)], [d5(1), d5(2)], max_rounds=1)
    end_turn(b)
    end_turn(b)
    assert b.pending is None and b.winner is None
    assert "round limit" in b.log[-1].describe()
    assert events_of(b, VictoryRush) == []


def test_a_figure_with_nothing_to_do_is_not_asked():
    """A turn with no move and no target is skipped (only 'End turn' would be offered)."""
    from tests.fivebyfive.kit import ascii_map
    tmap = ascii_map(["#.#.#", "#####"])
    b = battle([(1, hero("a"), 1, 0), (2, hero("b"), 3, 0)], [d5(5), d5(3)], tmap, max_rounds=1)
    assert b.pending is None  # neither can move nor see the other: the round passes
    assert b.winner is None and b.round == 2
