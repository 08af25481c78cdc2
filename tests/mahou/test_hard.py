"""The Mahou `hard` planner (issue 12): positions where planning the end tile with the
blows shows, and the readonly contract it shares with normal."""

import pytest

from game.ai.mahou import make_ai
from game.ai.mahou_place import fire_clear
from game.engine.decisions import TURN, Decision
from game.rulesets.mahou.components import Actions
from game.rulesets.mahou.options import turn_options
from tests.mahou.kit import battle

SEEDS = (0, 1, 2)
SHELTER = [
    "..........",
    "..........",
    ".....#....",
    ".....#....",
    ".....#...."]


def turn_of(b, unit):
    b.kept_now.clear()
    return Decision(unit, b.team(unit), TURN, turn_options(b, unit), "test")


@pytest.mark.parametrize("seed", SEEDS)
def test_with_its_hands_spent_it_steps_out_of_the_shooters_line(seed):
    """The boxer has struck (both hands spent) beside the dummy; the shooter across the
    room has a clear line to it. Normal, a melee unit already beside a foe, has no
    reason to move; hard weighs the shooter's exact expected damage on each end tile
    and steps behind the wall, still beside the dummy, where the attack rules' line of
    fire is blocked."""
    b = battle([(1, "boxer", 6, 1), (2, "dummy", 5, 1), (2, "shooter", 8, 3)], [5, 5, 1, 1, 1, 1],
               rows=SHELTER)
    boxer, dummy, shooter = b.units()
    acts = b.get(boxer, Actions)
    for pool in (acts.turn, acts.held):
        pool.primary = pool.offhand = pool.speak = 0
    assert fire_clear(b.map, b.tile(boxer), b.tile(shooter))
    choice = make_ai(seed, "hard").decide(b, turn_of(b, boxer))
    assert choice.option == "move"
    assert not fire_clear(b.map, choice.target, b.tile(shooter))
    assert max(abs(choice.target[0] - 5), abs(choice.target[1] - 1)) <= 1
    normal = make_ai(seed, "normal").decide(b, turn_of(b, boxer))
    assert normal.option != "move"


@pytest.mark.parametrize("seed", SEEDS)
def test_it_strikes_the_foe_it_can_reach_after_walking(seed):
    """The boxer stands two tiles from the dummy with both hands free: it walks beside
    it first (a blow from there is worth more than anything it can do from here)."""
    b = battle([(1, "boxer", 1, 2), (2, "dummy", 4, 2)], [5, 5, 1, 1])
    boxer, dummy = b.units()
    b.get(boxer, Actions).turn.speak = 0
    choice = make_ai(seed, "hard").decide(b, turn_of(b, boxer))
    assert choice.option == "move"
    tx, ty = choice.target
    assert max(abs(tx - 4), abs(ty - 2)) <= 1


def test_the_normal_tactical_positions_hold_for_hard(monkeypatch):
    """Every position of test_tactics.py (finish the helpless foe, the matching spot
    defence, escape before a pin, talk first...) is played the same way by hard: it
    plans only where its plan says more, and leaves the rest to normal."""
    import inspect

    import tests.mahou.test_tactics as tactics
    monkeypatch.setattr(tactics, "make_ai", lambda ruleset, seed=0, level="normal": make_ai(seed, "hard"))
    played = 0
    for name, test in inspect.getmembers(tactics, inspect.isfunction):
        if not name.startswith("test_"):
            continue
        args = inspect.signature(test).parameters
        test(**({"seed": 0} if "seed" in args else {}))
        played += 1
    assert played >= 8
