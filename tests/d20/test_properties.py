"""Property tests: random legal play on every shipped map keeps the game's invariants
(STYLE.md lesson 6: "Property tests (hypothesis) play random legal games in every
ruleset and check invariants").

Hypothesis picks the battle seed and the controllers (random legal play,
`game.ai.RandomController`, or the baseline AI, `game.ai.make_ai('d20', seed)`, or
one of each). After every answered Decision:

* no unit stands on a tile that is not walkable;
* grapple links are consistent (`game.engine.grapple.consistency_errors`), and two
  units in the fight share a tile only inside one Grapple/Melee;
* the unit a Decision is asked of is in the fight;
* ammunition, spare magazines, manacles and Actions are never negative; HP never
  above the maximum;

and every battle ends (`max_rounds` bounds it). Replaying the same seed with the
same choices gives the same digest. 50 battles a map (206 in all); about a minute.
"""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import RandomController, make_ai
from game.engine import grapple
from game.engine.components import Team
from game.engine.setup import new_battle
from game.rulesets.d20.components import Health, Loadout, TurnState

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("*.tmx"))
# bench128 is a 128 × 128 benchmark map: fewer rounds keep the run time in bounds.
ROUNDS = {"bench128": 4}
EXAMPLES = {"bench128": 6}


def invariant_errors(b) -> list[str]:
    errors = []
    tiles: dict[tuple[int, int], list[int]] = {}
    for unit, _ in b.query(Team):
        x, y = b.tile(unit)
        if not (b.map.in_bounds(x, y) and b.map.walkable[x, y]):
            errors.append(f"{b.name(unit)} on non-walkable tile {(x, y)}")
        if b.active(unit):
            tiles.setdefault((x, y), []).append(unit)
        loadout = b.get(unit, Loadout)
        if min(loadout.loaded.values(), default=0) < 0 or loadout.spare_magazines < 0 or loadout.manacles < 0:
            errors.append(f"{b.name(unit)} negative ammunition or kit: {loadout}")
        if b.get(unit, TurnState).actions < 0:
            errors.append(f"{b.name(unit)} negative Actions")
        health = b.get(unit, Health)
        if health.hp > health.max_hp:
            errors.append(f"{b.name(unit)} above max HP")
    for tile, units in tiles.items():
        if len(units) > 1 and not set(units) <= grapple.group(b, units[0]):
            errors.append(f"units {units} share {tile} outside one grapple")
    errors += grapple.consistency_errors(b)
    if b.pending is not None and not b.active(b.pending.actor):
        errors.append(f"decision asked of {b.name(b.pending.actor)}, who is out of the fight")
    return errors


def controllers_for(b, kind: str, seed: int):
    out = {}
    for i, team in enumerate(b.teams()):
        use_ai = kind == "ai" or (kind == "mixed" and i % 2 == 1)
        out[team] = make_ai("d20", seed + team) if use_ai else RandomController(seed + team)
    return out


def play_checked(map_path: Path, seed: int, kind: str):
    b = new_battle(map_path, "d20", seed=seed, max_rounds=ROUNDS.get(map_path.stem, 10))
    ctrl = controllers_for(b, kind, seed)
    assert invariant_errors(b) == []
    for _ in range(20_000):
        if b.pending is None:
            break
        decision = b.pending
        b.submit(ctrl[decision.side].decide(b, decision))
        errors = invariant_errors(b)
        assert errors == [], errors
    assert b.pending is None and b.over, "the battle did not end"
    return b


@pytest.mark.parametrize("map_path", MAPS, ids=[m.stem for m in MAPS])
def test_random_legal_play_keeps_the_invariants(map_path):
    """Rule-independent invariants under random legal play and the AI (see module doc)."""

    @settings(max_examples=EXAMPLES.get(map_path.stem, 50), deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2 ** 31 - 1), kind=st.sampled_from(["random", "ai", "mixed"]))
    def run(seed, kind):
        b = play_checked(map_path, seed, kind)
        b.close()

    run()


@pytest.mark.parametrize("map_path", MAPS, ids=[m.stem for m in MAPS])
def test_same_seed_and_choices_give_the_same_battle(map_path):
    """Determinism: a battle replayed from its seed and its recorded choices ends with the
    same digest (state, log, round and winner)."""
    first = play_checked(map_path, 12345, "mixed")
    again = new_battle(map_path, "d20", seed=12345, max_rounds=ROUNDS.get(map_path.stem, 10))
    for choice in first.choices:
        again.submit(choice)
    assert again.pending is None
    assert again.digest() == first.digest()
    assert len(again.log) == len(first.log)
    first.close()
    again.close()
