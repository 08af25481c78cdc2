"""Actions (rule text "Take actions", Primary Hand, Offhand, Both Hands, Move; digest
0.5; worked examples 0.13 #2, #6): the allotment, the offhand penalty, actions that
need both hands, 5 ft moves and difficult ground."""

from game.engine.events import Moved
from game.rulesets.mahou.components import Actions
from game.rulesets.mahou.economy import base, offhand_penalty, usable
from game.rulesets.mahou.events import AttackRolled
from tests.mahou.kit import battle, choose, last, offered


def test_the_round_allotment():
    """Primary hand, offhand, speak, and Agility move actions."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 11, 0)], [5, 5, 1, 1])
    boxer, _ = b.units()
    p = usable(b, boxer)
    assert (p.primary, p.offhand, p.speak, p.move) == (1, 1, 1, 8)
    assert base(b, boxer).move == 8


def test_example_6_offhand_penalty_only_when_only_offhand_actions_are_used():
    """Worked example 6: an attack with one hand, then a spell with the offhand and a
    speak action: no penalty; two spells each with one hand: one of them takes −1."""
    assert offhand_penalty({"primary"}) == 0
    assert offhand_penalty({"offhand", "speak"}) == 0  # the spell with offhand + speak
    first, second = offhand_penalty({"primary"}), offhand_penalty({"offhand"})
    assert sorted([first, second]) == [-1, 0]  # exactly one of two one-hand spells
    assert offhand_penalty({"primary", "offhand"}) == 0  # both hands: one is primary


def test_second_hand_action_of_a_turn_is_offhand_and_rolls_one_die_fewer():
    """The first hand action is the primary; the next one that turn is offhand (−1 skill:
    Martial Arts 3 → 2 dice)."""
    dice = [5, 5, 1, 1,
            2, 1, 1,  # first punch: 3d8, misses Passive Block 5
            2, 1]  # second punch: 2d8 (offhand)
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], dice)
    boxer, dummy = b.units()
    assert b.pending.option("punch").params["hand"] == ("primary", "offhand")  # primary first
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="primary")
    choose(b, "pass")
    assert last(b, AttackRolled).roll.startswith("3d8")
    assert b.pending.option("punch").params["hand"] == ("offhand",)
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="offhand")
    choose(b, "pass")
    assert last(b, AttackRolled).roll.startswith("2d8")


def test_the_player_may_use_the_offhand_first():
    """"…unless the player specifies using an offhand first": then that one takes −1."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1, 2, 1])
    boxer, dummy = b.units()
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="offhand")
    choose(b, "pass")
    assert last(b, AttackRolled).roll.startswith("2d8")
    assert usable(b, boxer).primary == 1


def test_both_hands_actions_spend_both_hand_actions():
    """A two-handed rifle's attack needs both hands: nothing is left for another."""
    dice = [9, 9, 1, 1, 2, 1, 1]
    b = battle([(1, "rifleman", 0, 0), (2, "dummy", 5, 0)], dice)
    rifleman, dummy = b.units()
    assert b.pending.option("attack_rifle").params["hand"] == ("both",)
    choose(b, "attack_rifle", dummy, stance="precise", skill="math", hand="both")
    choose(b, "pass")
    p = usable(b, rifleman)
    assert p.primary == 0 and p.offhand == 0
    assert "attack_rifle" not in offered(b)


def test_example_2_agility_8_moves_40_ft():
    """Worked example 2: a Medium character with Agility 8 moves 40 ft (8 move actions
    of 5 ft each)."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 11, 5)], [5, 5, 1, 1])
    boxer, _ = b.units()
    tiles = b.pending.option("move").targets
    assert (8, 0) in tiles and (9, 0) not in tiles
    choose(b, "move", (8, 0))
    assert "40 ft" in last(b, Moved).cost
    assert usable(b, boxer).move == 0
    assert "move" not in offered(b)


def test_difficult_ground_costs_its_move_cost_in_move_actions():
    """[PROP] difficult terrain: a tile of move cost 2 takes 2 move actions."""
    rows = [".~~~~~~~~~~", "...........", "..........."]
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 10, 2)], [5, 5, 1, 1], rows=rows)
    boxer, _ = b.units()
    choose(b, "move", (1, 0))
    assert usable(b, boxer).move == 6


def test_a_held_unit_is_not_offered_movement():
    from game.rulesets.mahou.components import Hold
    from game.rulesets.mahou.damage import relink
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1])
    boxer, dummy = b.units()
    b.create(Hold(dummy, boxer, "fast", 9))
    relink(b)
    b.kept_now.clear()  # the hold was made outside a decision: forget the state read before it
    assert "move" not in [o.key for o in __import__("game.rulesets.mahou.options",
                                                   fromlist=["turn_options"]).turn_options(b, boxer)]


def test_speak_action_is_spent_by_a_distraction():
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 3, 0)], [5, 5, 1, 1, 5, 2])
    boxer, dummy = b.units()
    choose(b, "distract", dummy, kind="general")
    assert usable(b, boxer).speak == 0
    assert "distract" not in offered(b)
    assert b.get(boxer, Actions).turn.primary == 1


def test_drawing_and_picking_up_take_a_hand_action():
    """"Drawing a weapon generally takes a hand action"; a dropped weapon or shield
    needs "a hand action to pick it up"."""
    from game.rulesets.mahou.components import DroppedItem, Loadout
    b = battle([(1, "fencer", 0, 0), (2, "dummy", 11, 5)], [5, 5, 1, 1])
    fencer, _ = b.units()
    choose(b, "drop", item="sword")
    assert b.get(fencer, Loadout).main is None and len(b.query(DroppedItem)) == 1
    choose(b, "draw", weapon="dagger")
    assert b.get(fencer, Loadout).main == "dagger" and usable(b, fencer).primary == 0
    choose(b, "drop", item="dagger")
    (item, _), *rest = b.query(DroppedItem)
    choose(b, "pick_up", item=item)
    assert b.get(fencer, Loadout).main == "sword" and usable(b, fencer).offhand == 0


def test_melee_needs_the_target_within_reach():
    """"Most weapons have a range of 5 feet, as do your bare fists"."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 2, 0)], [5, 5, 1, 1])
    assert "punch" not in offered(b)
    choose(b, "move", (1, 0))
    assert "punch" in offered(b)
