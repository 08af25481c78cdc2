"""Property tests: random legal games and AI games on every shipped map (bench128
excepted) keep the invariants of the rules, end, and replay exactly.

Invariants: no crash; no unit on a tile that is not walkable; grapple links
consistent (game.engine.grapple.consistency_errors) and every hold between units
within Melee Range; an out-of-fight unit never decides; Current points never below 0
nor above their Maximum Battle values; every battle ends; the same seed and the same
choices give the same digest.
"""

from pathlib import Path

import pytest

from game.ai import RandomController, make_ai
from game.engine import grapple
from game.engine.battle import Battle
from game.engine.setup import new_battle
from game.rulesets.actionblock.components import Defences, Points
from game.rulesets.actionblock.stats import in_melee_range

MAPS = sorted(p for p in Path("maps").glob("*.tmx") if p.stem != "bench128")
MAX_ROUNDS = 12


def check_invariants(b: Battle) -> None:
    for unit in b.units():
        x, y = b.tile(unit)
        assert b.map.walkable[x, y], f"{b.name(unit)} stands on a wall at {(x, y)}"
        p = b.get(unit, Points)
        assert 0 <= p.strength <= p.max_strength and 0 <= p.speed <= p.max_speed
        d = b.get(unit, Defences)
        assert 0 <= d.pdr <= d.pdr_full
    assert not grapple.consistency_errors(b)
    for unit, link in b.query(grapple.GrappleLink):
        for held in link.holds:
            assert in_melee_range(b, unit, held)
            assert b.active(unit) and b.active(held)
    if b.pending is not None:
        assert b.active(b.pending.actor), "an out-of-fight unit is asked to decide"


def play(b: Battle, controllers) -> list:
    choices = []
    for _ in range(20_000):
        if b.pending is None:
            break
        check_invariants(b)
        choice = controllers[b.pending.side].decide(b, b.pending)
        b.submit(choice)
        choices.append(choice)
    assert b.pending is None and b.over, "the battle did not end"
    check_invariants(b)
    return choices


@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.stem)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_games_keep_invariants_and_replay(map_path, seed):
    """Random legal play ends within the round limit and replays to the same digest."""
    b = new_battle(map_path, "actionblock", seed=seed, max_rounds=MAX_ROUNDS)
    choices = play(b, {t: RandomController(seed * 31 + t) for t in b.teams()})
    again = new_battle(map_path, "actionblock", seed=seed, max_rounds=MAX_ROUNDS)
    for choice in choices:
        again.submit(choice)
    assert again.digest() == b.digest()
    b.close()
    again.close()


@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.stem)
def test_ai_games_keep_invariants(map_path):
    """The AI (both levels) plays whole battles without breaking a rule."""
    b = new_battle(map_path, "actionblock", seed=3, max_rounds=25)
    play(b, {1: make_ai("actionblock", 1), 2: make_ai("actionblock", 2, "easy")})
    assert b.log[-1].describe()
    b.close()


@pytest.mark.parametrize("seed", range(4))
def test_every_template_in_random_play(seed):
    """Squads of every template (spells, drills, hammers, Tesla, twin pistols) in random
    legal play on the arena."""
    from game.rulesets.actionblock.data import ActionBlockData
    ids = sorted(ActionBlockData().templates)
    squads = {1: ids[seed % 3::2][:4], 2: ids[(seed + 1) % 3::2][:4]}
    b = new_battle(Path("maps/arena.tmx"), "actionblock", seed=seed, squads=squads, max_rounds=15)
    choices = play(b, {t: RandomController(seed * 7 + t) for t in b.teams()})
    again = new_battle(Path("maps/arena.tmx"), "actionblock", seed=seed, squads=squads, max_rounds=15)
    for choice in choices:
        again.submit(choice)
    assert again.digest() == b.digest()
    b.close()
    again.close()


@pytest.mark.parametrize("seed", range(3))
def test_every_template_in_ai_play(seed):
    from game.rulesets.actionblock.data import ActionBlockData
    ids = sorted(ActionBlockData().templates)
    squads = {1: ids[seed::2][:4], 2: ids[seed + 1::2][:4]}
    b = new_battle(Path("maps/warehouse.tmx"), "actionblock", seed=seed, squads=squads, max_rounds=20)
    play(b, {t: make_ai("actionblock", seed + t) for t in b.teams()})
    b.close()


def test_same_seed_same_choices_same_battle():
    """Determinism: two AI battles from the same seed are identical, event for event."""
    digests = []
    for _ in range(2):
        b = new_battle(MAPS[0], "actionblock", seed=9, max_rounds=10)
        play(b, {t: make_ai("actionblock", t) for t in b.teams()})
        digests.append(b.digest())
        b.close()
    assert digests[0] == digests[1]
