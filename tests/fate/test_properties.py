"""Whole battles on every shipped map (but the 128x128 bench): random legal play and the
AI, with the invariants checked at every decision, and replays that give the same digest."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import RandomController, make_ai
from game.engine.components import OutOfFight, Position
from game.engine.objectives import Left
from game.engine.decisions import DECLARE, TARGET_NONE, TARGET_TILE, TARGET_UNIT
from game.engine.grapple import consistency_errors
from game.engine.setup import new_battle
from game.rulesets.fate.wounds import BOXES, FIELD, WoundTrack

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted(p for p in (ROOT / "maps").glob("*.tmx") if p.stem != "bench128")


def check_invariants(b) -> None:
    tiles = []
    for unit in b.units():
        x, y = b.get(unit, Position).tile
        assert b.map.in_bounds(x, y) and b.map.walkable[x, y], f"{b.name(unit)} on a bad tile {(x, y)}"
        tiles.append((x, y))
        t = b.get(unit, WoundTrack)
        for level, boxes in BOXES.items():
            assert 0 <= getattr(t, FIELD[level]) <= boxes
        # Out of the fight: by its wounds, or safe off the board by a scenario's exit.
        assert t.out == (b.has(unit, OutOfFight) and not b.has(unit, Left)), b.name(unit)
        if t.dead:
            assert b.get(unit, OutOfFight).reason == "Dead"
    assert len(tiles) == len(set(tiles)), "two units on one tile"
    assert consistency_errors(b) == []


def check_self_describing(b, d) -> None:
    """Options the generic window can show: label, cost, description, a unique one-letter
    hotkey, targets for targeted options, parameters whose per-target limits are subsets,
    `offensive` exactly on what `odds()` answers; a DECLARE decision with a prompt and its slot."""
    assert d.kind == DECLARE and d.prompt and d.context["slot"] in (1, 2)
    keys = [o.hotkey for o in d.options]
    assert len(keys) == len(set(keys)) and all(len(k) == 1 and k.islower() for k in keys)
    for o in d.options:
        assert o.label and o.cost and o.description, o.key
        assert o.target_kind in (TARGET_NONE, TARGET_TILE, TARGET_UNIT)
        assert (o.target_kind == TARGET_NONE) == (len(o.targets) == 0), o.key
        for name, values in o.params.items():
            assert values, (o.key, name)
        for target, limits in o.param_limits.items():
            assert target in o.targets
            for name, values in limits.items():
                assert values and set(values) <= set(o.params[name]), (o.key, name)
        assert o.offensive == (o.key == "attack")
        if o.offensive:
            target = o.targets[0]
            choice = o.choice(target, **{n: v[0] for n, v in o.params_for(target).items()})
            assert b.ruleset.odds(b, d, choice) is not None


def play(map_path: Path, seed: int, controllers, max_rounds: int):
    b = new_battle(map_path, "fate", seed=seed, max_rounds=max_rounds)
    ctrls = {team: controllers(team) for team in b.teams()}
    for _ in range(20_000):
        if b.pending is None:
            break
        d = b.pending
        assert b.active(d.actor), "an out-of-fight unit was asked to decide"
        check_invariants(b)
        check_self_describing(b, d)
        b.submit(ctrls[d.side].decide(b, d))
    check_invariants(b)
    assert b.over and b.pending is None, "the battle did not end"
    assert b.round <= max_rounds + 1
    return b


def replay(map_path: Path, seed: int, choices, max_rounds: int):
    b = new_battle(map_path, "fate", seed=seed, max_rounds=max_rounds)
    for choice in choices:
        b.submit(choice)
    return b


@settings(max_examples=8, deadline=None)
@given(map_index=st.integers(0, len(MAPS) - 1), seed=st.integers(0, 10 ** 6))
def test_random_legal_play_keeps_every_invariant_and_ends(map_index, seed):
    """Random legal declarations (game.ai.RandomController): no crash, no unit off the
    walkable ground, no out-of-fight unit deciding, and every battle ends."""
    b = play(MAPS[map_index], seed, lambda team: RandomController(seed + team), max_rounds=10)
    again = replay(MAPS[map_index], seed, b.choices, max_rounds=10)
    assert again.digest() == b.digest()


@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.stem)
def test_ai_battle_on_every_map_keeps_invariants_ends_and_replays(map_path):
    """The fate AI against itself: invariants hold, the battle ends, and the same seed
    with the same choices gives the same digest."""
    b = play(map_path, 7, lambda team: make_ai("fate", 100 + team), max_rounds=14)
    again = replay(map_path, 7, b.choices, max_rounds=14)
    assert again.digest() == b.digest()
    assert again.log == b.log


def test_easy_ai_and_random_side_battle_ends():
    """The easy AI (a softmax over normal's scores) against random play."""
    play(MAPS[0], 3, lambda team: make_ai("fate", team, "easy") if team == 1 else RandomController(team),
         max_rounds=8)
