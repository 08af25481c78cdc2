"""Turns: 4 Actions, moving, split movement, one Reaction, Free Actions
(rules/d20-firearms.txt, "Initiative and Rounds" second paragraph and "Movement").

Gunner: speed 30 ft = 6 tiles of 5 ft per Move Action, SMG, Firearms +4.
"""

from game.engine.decisions import REACTION, TURN
from game.engine.events import Moved
from game.engine.grapple import in_grapple
from game.rulesets.d20.components import TurnState
from game.rulesets.d20.events import AttackRolled
from tests.d20.util import actions, do, end_turn, offered
from tests.helpers import battle_with, events_of, open_map


def test_a_turn_has_4_actions_and_a_move_costs_1():
    """"on your turn, your character has 4 Actions" and "a character spends 1 Action to
    move up to their movement speed. A character can spend multiple Actions on movement".

    The gunner moves its full 30 ft (6 tiles) four times: each costs 1 Action; with
    none left the turn passes to the enemy.
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 29, 9)], [20, 1])
    gunner, enemy = b.units()
    assert actions(b, gunner) == 4
    for n, x in enumerate((6, 12, 18, 24), start=1):
        do(b, "move", (x, 0))
        assert b.tile(gunner) == (x, 0)
        if n < 4:
            assert actions(b, gunner) == 4 - n
    assert b.pending.actor == enemy


def test_a_move_longer_than_speed_costs_more_actions():
    """"spends 1 Action to move up to their movement speed": 7 tiles (35 ft) at 30 ft a
    Move takes 2 Actions, leaving 25 ft of the second Move to use later.
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 29, 9)], [20, 1])
    gunner, _ = b.units()
    do(b, "move", (7, 0))
    ts = b.get(gunner, TurnState)
    assert (ts.actions, ts.move_left_ft) == (2, 25)
    assert events_of(b, Moved)[-1].cost == "2 Actions"


def test_movement_can_be_split_around_an_attack():
    """"movement may be split, meaning if they use an action to move, they can use part
    of that movement, take a different action, and then use more movement."

    Gunner: move 2 tiles (1 Action, 20 ft left), shoot (2 Actions, misses on a 1),
    move 4 more tiles for no Action, then 1 Action is still left.
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 12, 0)], [20, 1, 1])
    gunner, enemy = b.units()
    do(b, "move", (2, 0))
    assert actions(b, gunner) == 3
    do(b, "shoot", enemy, mode="single", location="torso")
    assert actions(b, gunner) == 1
    do(b, "move", (6, 0))
    assert b.tile(gunner) == (6, 0)
    assert actions(b, gunner) == 1
    assert events_of(b, Moved)[-1].cost == "movement left over"
    # The leftover is spent: the next step needs the last Action.
    do(b, "move", (7, 0))
    assert actions(b, gunner) == 0


def test_an_attack_costs_2_actions_so_at_most_two_a_turn():
    """"An attack costs 2 Actions." Two single shots (both miss on a 1) use all 4
    Actions and the turn passes; after one move and one shot, the 1 Action left
    cannot pay for another attack.
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 8, 0)], [20, 1, 1, 1, 1])
    gunner, enemy = b.units()
    do(b, "shoot", enemy, mode="single", location="torso")
    assert actions(b, gunner) == 2
    do(b, "shoot", enemy, mode="single", location="torso")
    assert b.pending.actor == enemy
    end_turn(b)
    do(b, "move", (1, 1))
    assert actions(b, gunner) == 3
    do(b, "shoot", enemy, mode="single", location="torso")
    assert actions(b, gunner) == 1
    assert offered(b, "shoot") is None and offered(b, "melee") is None


def test_actions_may_be_forgone_and_do_not_carry_over():
    """"Your character may forgo any of these on a turn without cost."

    The gunner ends its turn with all 4 Actions unused: nothing happens to it, and its
    next turn again has exactly 4 (unused Actions are not banked).
    """
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 20, 0)], [20, 1])
    gunner, enemy = b.units()
    before = b.tile(gunner)
    end_turn(b)
    assert b.pending.actor == enemy
    end_turn(b)
    assert b.pending.actor == gunner
    assert actions(b, gunner) == 4 and b.tile(gunner) == before


def test_free_action_strike_on_approach_costs_no_action():
    """"If a creature uses its movement to get within 5 feet of another creature, it can
    make a melee weapon attack as a Free Action against that creature, entering a
    Grapple."

    The brawler (machete) moves next to the gunner (1 Action), strikes for free (d20 1:
    a miss): still 3 Actions, both now in a Grapple on one tile, and no second free
    strike is offered that turn.
    """
    b = battle_with(open_map(), [(1, "brawler", 0, 0), (2, "gunner", 5, 0)], [20, 1, 1])
    brawler, gunner = b.units()
    do(b, "move", (4, 0))
    assert offered(b, "approach_strike").targets == (gunner,)
    do(b, "approach_strike", gunner, location="torso")
    assert actions(b, brawler) == 3
    roll = events_of(b, AttackRolled)[-1]
    assert roll.kind == "melee" and not roll.hit
    assert in_grapple(b, brawler) and in_grapple(b, gunner)
    assert b.tile(brawler) == b.tile(gunner)
    assert offered(b, "approach_strike") is None


def test_no_free_strike_without_moving_within_5_ft():
    """Same rule: the free strike needs "its movement to get within 5 feet". A brawler
    that starts next to the gunner is offered only the 2-Action melee attack; one that
    moves but stays 10 ft away is offered nothing free.
    """
    b = battle_with(open_map(), [(1, "brawler", 4, 0), (2, "gunner", 5, 0)], [20, 1])
    assert offered(b, "approach_strike") is None
    assert offered(b, "melee") is not None
    b = battle_with(open_map(), [(1, "brawler", 0, 0), (2, "gunner", 9, 0)], [20, 1])
    do(b, "move", (7, 0))
    assert offered(b, "approach_strike") is None


def _grapple_then_leave(b, leaver, partner, exit_tile):
    """leaver melee-attacks partner (d20 scripted by the caller), then exits."""
    do(b, "melee", partner, kind="melee", location="torso")
    do(b, "exit_grapple", exit_tile)


def test_one_reaction_used_outside_the_turn_and_refreshed_on_its_own_turn():
    """"they also have a Reaction they can use at a point not during their turn"
    ([PROP] it refreshes at the start of the unit's own turn).

    Brawler A grapples the gunner (miss, d20 1) and exits: the gunner gets a REACTION
    decision during A's turn and strikes (unarmed, d20 1: miss); its Reaction is
    spent. Brawler C then grapples and exits too: no second Reaction is offered.
    On the gunner's own turn the Reaction is back.
    """
    b = battle_with(open_map(), [(1, "brawler", 5, 5), (2, "gunner", 6, 5), (1, "brawler", 7, 5)],
                    [20, 1, 15, 1, 1, 1])
    a, gunner, c = b.units()
    do(b, "melee", gunner, kind="melee", location="torso")
    do(b, "exit_grapple", (5, 5))
    assert b.pending.kind == REACTION and b.pending.actor == gunner
    do(b, "reaction_strike", a, kind="unarmed", location="torso")
    assert b.get(gunner, TurnState).reaction is False
    assert b.pending.actor == a and b.pending.kind == TURN
    end_turn(b)
    assert b.pending.actor == c
    do(b, "melee", gunner, kind="melee", location="torso")
    do(b, "exit_grapple", (7, 5))
    assert b.pending.kind == TURN and b.pending.actor == c
    end_turn(b)
    assert b.pending.actor == gunner
    assert b.get(gunner, TurnState).reaction is True


def test_the_move_tiles_offered_are_the_reach_within_the_actions():
    """The move option's tiles (worked out only when read) are every tile a move may
    end on: within the 4 Actions' 120 ft (24 tiles), walls and units in the way, not
    the start or another unit's tile. Checked tile by tile against a reach search."""
    import numpy as np

    from game.world.paths import reach
    from tests.helpers import ascii_map
    rows = ["..........#.................",
            "..........#.................",
            "..........#.......~~~.......",
            "....................~.......",
            "..........#................."]
    b = battle_with(ascii_map(rows), [(1, "gunner", 1, 1), (2, "marksman", 27, 4)], [20, 1])
    gunner, enemy = b.units()
    tiles = offered(b, "move").targets
    r = reach(b.map, (1, 1), 24, blocked=[(27, 4)])
    expected = r.cost <= 24
    expected[1, 1] = expected[27, 4] = False
    assert np.array_equal(tiles.mask, expected)
    assert (25, 0) in tiles and (26, 4) not in tiles  # 25 tiles of walking, one too many


def test_a_unit_walled_in_is_offered_no_move():
    """No tile to end a move on (walls and units all round, diagonals included): the
    option is not offered, and the neighbour check agrees with the search."""
    from tests.helpers import ascii_map
    rows = ["#####.",
            "#...#.",
            "#####."]
    b = battle_with(ascii_map(rows), [(1, "gunner", 2, 1), (1, "brawler", 1, 1),
                                      (1, "brawler", 3, 1), (2, "marksman", 5, 2)], [20, 15, 10, 1])
    assert offered(b, "move") is None
