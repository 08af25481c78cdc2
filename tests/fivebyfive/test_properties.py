"""Random legal games and the AI on every shipped map (bench128 excepted): invariants
after every decision, every battle ends, and the same seed and choices give the same
battle. Illegal choices are refused and change nothing."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.ai import RandomController, make_ai
from game.engine import grapple
from game.engine.decisions import PICK, REACTION, TARGET_NONE, TURN, Choice
from game.engine.events import BattleEnded
from game.engine.setup import new_battle
from game.errors import IllegalChoice

MAPS = sorted(p for p in (Path(__file__).parents[2] / "maps").glob("*.tmx") if p.stem != "bench128")
MAX_ROUNDS = 12


def check_decision(battle, decision):
    """The decider is in the fight; the options describe themselves for the window."""
    assert battle.active(decision.actor), f"{battle.name(decision.actor)} is out but decides"
    assert decision.side == battle.team(decision.actor)
    assert decision.kind in (TURN, PICK, REACTION)
    assert decision.prompt
    keys = [o.hotkey for o in decision.options]
    assert all(len(k) == 1 and k.islower() for k in keys) and len(set(keys)) == len(keys)
    for o in decision.options:
        assert o.label
        if o.target_kind != TARGET_NONE:
            assert o.targets, o.key


def check_state(battle):
    tiles = []
    for unit in battle.units():
        x, y = battle.tile(unit)
        assert battle.map.walkable[x, y], f"{battle.name(unit)} stands on a wall"
        tiles.append((x, y))
    assert len(tiles) == len(set(tiles)), "two figures share a tile"
    assert grapple.consistency_errors(battle) == []


def play(map_path, seed, controllers_for):
    b = new_battle(map_path, "fivebyfive", seed=seed, max_rounds=MAX_ROUNDS)
    controllers = controllers_for(b)
    steps = 0
    while b.pending is not None:
        decision = b.pending
        check_decision(b, decision)
        b.submit(controllers[decision.side].decide(b, decision))
        check_state(b)
        steps += 1
        assert steps < 5000
    assert isinstance(b.log[-1], BattleEnded) and b.over
    assert b.round <= MAX_ROUNDS + 1
    return b


def replayed(b):
    again = new_battle(b.map.path, "fivebyfive", seed=b.seed, max_rounds=MAX_ROUNDS)
    for choice in b.choices:
        again.submit(choice)
    return again


@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.stem)
def test_random_legal_games_keep_every_invariant_and_replay_exactly(map_path):
    for seed in (1, 2):
        b = play(map_path, seed, lambda b: {t: RandomController(seed * 31 + t) for t in b.teams()})
        assert replayed(b).digest() == b.digest()
        b.close()


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_random_games_on_the_arena_for_any_seed(battle_seed, player_seed):
    arena = next(p for p in MAPS if p.stem == "arena")
    b = play(arena, battle_seed, lambda b: {t: RandomController(player_seed + t) for t in b.teams()})
    b.close()


@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.stem)
def test_the_ai_plays_every_map_to_the_end(map_path):
    b = play(map_path, 5, lambda b: {t: make_ai("fivebyfive", 100 + t) for t in b.teams()})
    assert replayed(b).digest() == b.digest()
    b.close()
    b = play(map_path, 6, lambda b: {1: make_ai("fivebyfive", 3, "easy"), 2: RandomController(4)})
    b.close()


def illegal_choices(decision):
    yield Choice("no_such_option")
    for o in decision.options:
        if o.target_kind == TARGET_NONE:
            yield Choice(o.key, (0, 0))
        else:
            yield Choice(o.key, None)
            yield Choice(o.key, (-1, -1) if o.target_kind == "tile" else 10_000)
        yield Choice(o.key, o.targets[0] if o.targets else None, (("bogus", 1),))


@pytest.mark.parametrize("map_path", MAPS[:2], ids=lambda p: p.stem)
def test_illegal_choices_raise_and_leave_the_battle_unchanged(map_path):
    b = new_battle(map_path, "fivebyfive", seed=9, max_rounds=6)
    rng = RandomController(9)
    seen_kinds = set()
    while b.pending is not None:
        before = b.digest()
        for bad in illegal_choices(b.pending):
            with pytest.raises(IllegalChoice):
                b.submit(bad)
            assert b.digest() == before
        seen_kinds.add(b.pending.kind)
        b.submit(rng.decide(b, b.pending))
    assert TURN in seen_kinds
