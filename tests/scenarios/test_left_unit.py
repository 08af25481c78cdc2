"""A unit that left by an exit is off the board (issue 28, item 3), in every ruleset:
its tile is free (an ally may move into it; no move counts it a blocker), it is no target, and
it is no casualty.

Each battle: side 1's gunner A stands in its exit at (5, 3) with an ally B two tiles
behind it at (3, 3) and an enemy C at (9, 3) (all on an open 14 x 7 field), the
battle's dice seeded. A leaves at its first own decision; side 2 only passes. B's
moves before A leaves never end on A's tile (every ruleset forbids ending a move on a
standing unit); after, the first move B is offered may end there, and nothing C is
offered targets A.
"""

from __future__ import annotations

import pytest

from game.ai import missions
from game.engine import objectives
from game.engine.battle import Battle, UnitOrder
from game.engine.decisions import DECLARE, TARGET_TILE, TURN
from game.rulesets import load_ruleset
from game.world.scenario import Scenario, Zone
from tests.helpers import open_map

RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")
GATE = (5, 3)


def gate_battle(ruleset_id: str, seed: int = 3) -> tuple[Battle, int, int, int]:
    ruleset = load_ruleset(ruleset_id)
    tmap = open_map(14, 7)
    tmap.scenario = Scenario("gate", round_limit=4,
                             zones=(Zone("Gate", "exit", frozenset({GATE}), 1, side=1),))
    gunner = ruleset.template_for("gunner")
    orders = [UnitOrder(1, gunner, *GATE), UnitOrder(1, gunner, 3, 3), UnitOrder(2, gunner, 9, 3)]
    battle = Battle(tmap, ruleset, orders, seed=seed, max_rounds=4)
    by_tile = {battle.tile(u): u for u in battle.units()}
    return battle, by_tile[GATE], by_tile[(3, 3)], by_tile[(9, 3)]


def pass_turn(decision):
    option = decision.option("end_turn") or decision.option("hold") or decision.options[0]
    return option.choice() if option.target_kind == "none" else option.choice(option.targets[0])


def move_tiles(decision) -> set:
    """Every tile a moving option of the decision may end on."""
    tiles = set()
    for option in decision.options:
        if option.key in missions.MOVING and option.target_kind == TARGET_TILE:
            tiles |= {tuple(t) for t in option.targets}
    return tiles


def unit_targets(decision) -> set:
    return {t for o in decision.options if o.target_kind not in ("none", TARGET_TILE)
            for t in o.targets if isinstance(t, int)}


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_unit_that_left_holds_no_tile_and_is_no_target(ruleset_id):
    battle, runner, ally, enemy = gate_battle(ruleset_id)
    try:
        checked_ally = checked_enemy = False
        while battle.pending is not None and not (checked_ally and checked_enemy):
            decision = battle.pending
            left = objectives.has_left(battle, runner)
            if decision.actor == runner and decision.option(objectives.LEAVE) is not None:
                battle.submit(decision.option(objectives.LEAVE).choice())
                assert objectives.has_left(battle, runner)
                continue
            if decision.actor == ally and decision.kind in (TURN, DECLARE):
                tiles = move_tiles(decision)
                if tiles:
                    if left:
                        assert GATE in tiles  # the tile it left is free to stand on
                        checked_ally = True
                    else:
                        assert GATE not in tiles  # a standing unit's tile: nobody ends a move there
            if decision.actor == enemy and left:
                assert runner not in unit_targets(decision)
                checked_enemy = True
            battle.submit(pass_turn(decision))
        assert checked_ally and checked_enemy
        # Off the board: not among the units of its side, not a casualty; still found as gone.
        assert runner not in battle.units(1) and battle.units_at(GATE, active_only=False) == []
        assert objectives.has_left(battle, runner)
    finally:
        battle.close()


def test_fate_an_attack_declared_on_a_unit_that_then_left_is_lost():
    # Fate declares slowest first and resolves after: the enemy C declares a shot at A,
    # then A (faster) declares "leave". The shot finds no one: A is off the board.
    from game.engine.events import LeftBattle
    from game.rulesets.fate.events import AttackLost
    for seed in range(40):
        battle, runner, ally, enemy = gate_battle("fate", seed)
        try:
            first = battle.pending
            if first.actor != enemy:
                continue
            shot = next((o for o in first.options if o.key == "attack" and runner in o.targets), None)
            if shot is None:
                continue
            params = {name: values[0] for name, values in shot.params_for(runner).items()}
            battle.submit(shot.choice(runner, **params))
            while battle.pending is not None and battle.pending.actor != runner:
                battle.submit(pass_turn(battle.pending))
            if battle.pending is None or battle.pending.option(objectives.LEAVE) is None:
                continue
            battle.submit(battle.pending.option(objectives.LEAVE).choice())
            while battle.pending is not None and battle.round == 1:
                battle.submit(pass_turn(battle.pending))
            assert [e.unit for e in battle.log if isinstance(e, LeftBattle)] == [runner]
            lost = [e for e in battle.log if isinstance(e, AttackLost)]
            assert [e.reason for e in lost] == ["the target has left the battle"]
            return
        finally:
            battle.close()
    pytest.fail("no seed gave the enemy the first declaration with a shot at the runner")
