"""Moving (rule text Jumping, Kick, falling and standing up; digest 0.6; worked example
0.13 #12): standing, running and long jumps, kicks, standing up from fallen."""

from game.engine.components import FALLEN, STANDING, Posture
from game.engine.events import Moved
from game.rulesets.mahou.components import Actions
from game.rulesets.mahou.economy import usable
from game.rulesets.mahou.events import AttackRolled, CheckRolled, DamageRolled
from game.rulesets.mahou.moving import jump_kinds, limits
from tests.mahou.kit import battle, choose, last, offered

LANE = ["............", "....l.......", "............"]


def test_example_12_jump_limits_for_strength_6():
    """Worked example 12: Strength 6: standing 6 ft across / 3 ft up; running 12 / 6."""
    b = battle([(1, "dummy", 0, 0), (2, "boxer", 11, 2)], [5, 5, 1, 1])
    dummy, _ = b.units()
    assert limits(b, dummy, "standing") == (6, 3)
    assert limits(b, dummy, "running") == (12, 6)
    assert limits(b, dummy, "long") == (12, 3)  # as written: less height than running


def test_a_running_start_of_2_moves_doubles_the_jump():
    """The boxer (Strength 8) cannot clear the crate from a standing start (10 ft > 8 ft)
    but can after running 2 moves toward it (16 ft)."""
    b = battle([(1, "boxer", 0, 1), (2, "dummy", 11, 2)], [5, 5, 1, 1], rows=LANE)
    boxer, _ = b.units()
    choose(b, "move", (1, 1))
    assert jump_kinds(b, boxer, (5, 1)) == ()
    choose(b, "move", (3, 1))
    assert b.get(boxer, Actions).run == (1, 0, 3)  # the run goes on from the first move
    assert jump_kinds(b, boxer, (5, 1)) == ("running",)
    choose(b, "jump", (5, 1), kind="running", skill="gym")
    assert b.tile(boxer) == (5, 1)
    assert usable(b, boxer).move == 8 - 3 - 4


def test_a_long_jump_needs_an_11_on_agility():
    """4 moves running straight, then Martial Arts / Agility against 11: 8+3 = 11."""
    rows = ["............"] * 3
    b = battle([(1, "boxer", 0, 1), (2, "dummy", 11, 2)], [5, 5, 1, 1, 8, 3, 1, 1], rows=rows)
    boxer, _ = b.units()
    choose(b, "move", (4, 1))
    assert "long" in jump_kinds(b, boxer, (7, 1))
    choose(b, "jump", (7, 1), kind="long", skill="martial_arts")
    assert last(b, CheckRolled).success and b.tile(boxer) == (7, 1)
    assert b.get(boxer, Posture).value == STANDING


def test_a_failed_long_jump_lands_short_and_fallen():
    """Failure: Strength (d8, not exploding) − 1 = 3: 6 ft across; the jumper lands fallen."""
    rows = ["............"] * 3
    b = battle([(1, "boxer", 0, 1), (2, "dummy", 11, 2)], [5, 5, 1, 1, 5, 1, 1, 4], rows=rows)
    boxer, _ = b.units()
    choose(b, "move", (4, 1))
    choose(b, "jump", (7, 1), kind="long", skill="martial_arts")
    assert not events_ok(b)
    assert b.tile(boxer) == (5, 1)
    assert b.get(boxer, Posture).value == FALLEN


def events_ok(b):
    return [e for e in b.log if isinstance(e, CheckRolled) and e.what == "long jump"][-1].success


def test_agility_below_4_cannot_jump():
    b = battle([(1, "sloth", 0, 0), (2, "dummy", 11, 2)], [5, 5, 1, 1])
    assert "jump" not in offered(b)


def test_kick_spends_all_movement_and_deals_1dstr():
    """Kick: all the movement (at least 4 moves), Gym or Martial Arts with Strength
    (Strong) or Agility (Fast), 1dStr damage."""
    dice = [5, 5, 1, 1, 7, 1, 1, 6, 1, 1]
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], dice)
    boxer, dummy = b.units()
    choose(b, "kick", dummy, stance="fast", skill="martial_arts")
    choose(b, "pass")
    choose(b, "pass")
    assert usable(b, boxer).move == 0
    assert last(b, AttackRolled).hit and last(b, DamageRolled).rolled == 6


def test_no_kick_with_fewer_than_4_moves():
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 4, 0)], [5, 5, 1, 1])
    choose(b, "move", (3, 0))
    choose(b, "move", (0, 0))  # 6 moves spent, 2 left
    assert "kick" not in offered(b)


def test_standing_up_takes_20_ft_of_movement_and_nothing_else_until_then():
    """A fallen character spends 20 ft (4 moves) to rise before its moves serve anything else."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1])
    boxer, _ = b.units()
    choose(b, "get_down")
    assert b.get(boxer, Posture).value == FALLEN
    keys = offered(b)
    assert "stand" in keys and not {"move", "jump", "kick", "active_dodge"} & set(keys)
    choose(b, "stand")
    assert b.get(boxer, Posture).value == STANDING and usable(b, boxer).move == 4


def test_standing_up_on_difficult_ground_costs_more_and_carries_over():
    """[PROP] rising on difficult ground costs 20 ft times the tile's move cost; moves paid
    toward it count across turns."""
    rows = ["~.....", "......", "......"]
    b = battle([(1, "sloth", 0, 0), (2, "dummy", 5, 2)], [5, 5, 1, 1, 5, 5, 1, 1], rows=rows)
    sloth, _ = b.units()
    choose(b, "get_down")
    choose(b, "stand")
    assert b.get(sloth, Actions).stand_paid == 3 and b.get(sloth, Posture).value == FALLEN
    choose(b, "end_turn")  # dummy's turn next
    choose(b, "end_turn")
    choose(b, "stand")  # round 2: 3 more of 8
    assert b.get(sloth, Actions).stand_paid == 6


def test_moving_emits_the_path():
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 11, 5)], [5, 5, 1, 1])
    choose(b, "move", (2, 2))
    assert last(b, Moved).path[-1] == (2, 2)
