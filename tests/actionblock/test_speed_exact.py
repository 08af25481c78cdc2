"""The speed-ups give exactly what they replace (issue 14: a faster battle, the same
choices)."""

import dataclasses
import random

import numpy as np

from game.ai.actionblock_moves import Walk
from game.replay import maps_dir
from game.world.paths import distance_field
from game.world.tiled import load_map
from game.rulesets.actionblock.attacks import attack_profile, profile_with
from game.rulesets.actionblock.stats import gun_items
from tests.actionblock.kit import battle


def test_the_walking_distance_is_the_minimum_over_every_foe_on_every_tile():
    """Walk reads each foe tile's field (kept with the map) at the tile it is asked
    about; the answer is the whole-map field of every foe at once (what the AI used
    before), on every tile of woodland (its rough ground costs 1-3)."""
    tmap = load_map(maps_dir() / "woodland.tmx")
    width, height = tmap.shape
    open_tiles = [(x, y) for x in range(width) for y in range(height) if tmap.walkable[x, y]]
    rng = random.Random(14)
    for _ in range(6):
        foes = tuple(sorted(rng.sample(open_tiles, rng.randint(1, 5))))
        walk = Walk(tmap, foes)
        every = np.minimum(distance_field(tmap, foes), 10 ** 6)
        for x in range(width):
            for y in range(height):
                assert walk(x, y) == every[x, y]


def test_profiles_built_with_a_shared_memo_equal_those_built_alone():
    """The AI shares each target's parts between the profiles of one decision."""
    for gunner in ("sniper", "shotgunner"):
        b = battle([(1, gunner, 0, 0), (2, "target", 3, 0), (2, "slow", 0, 4)], [])
        gun = gun_items(b, 1)[0]
        memo: dict = {}
        for target in (2, 3):
            for action in ("gun", "aimed"):
                alone = attack_profile(b, 1, target, action, gun)
                assert attack_profile(b, 1, target, action, gun, memo=memo) == alone
        assert attack_profile(b, 1, 2, "melee", "unarmed", memo=memo) == attack_profile(b, 1, 2, "melee", "unarmed")


def test_profile_with_is_dataclasses_replace_and_drops_the_kept_odds_key():
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)], [])
    p = attack_profile(b, 1, 2, "melee", "unarmed")
    assert p.odds_key  # kept in the profile's dict
    for changes in ({"dodging": True}, {"bullets": 3}, {"reductions": (("PDR", 9),)}):
        q = profile_with(p, **changes)
        assert q == dataclasses.replace(p, **changes)
        assert q.odds_key == dataclasses.replace(p, **changes).odds_key


def test_a_moving_option_lists_the_tiles_a_straight_move_can_end_on():
    """`straight_tiles` (what the options list) gathers the end tiles in its own loop;
    they are the tiles `straight_moves` (what a move made or previewed walks) has paths
    to, in the same order: checked at every Turn decision of a woodland battle (rough
    ground, units standing and lying on the rays), every move length and every Charge
    cone."""
    from game.ai import make_ai
    from game.engine.setup import new_battle
    from game.rulesets.actionblock.movement import (DIRECTIONS, MOVE_FEET, cone, rays, straight_moves,
                                                    straight_tiles)
    from game.simulate import ai_seed

    b = new_battle(maps_dir() / "woodland.tmx", "actionblock", seed=1)
    try:
        ais = {team: make_ai("actionblock", ai_seed(1, team), "normal") for team in b.teams()}
        checked = past_a_body = 0
        while b.pending is not None:
            decision = b.pending
            if any(o.key == "end_turn" for o in decision.options):
                checked += 1
                unit = decision.actor
                past_a_body += any(not free for ray in rays(b, unit).values() for _, _, free in ray)
                for feet in sorted(set(MOVE_FEET.values())):
                    for directions in [None] + [cone(d) for d in DIRECTIONS.values()]:
                        moves = straight_moves(b, unit, feet, directions)
                        for one_step in (False, True):
                            assert straight_tiles(b, unit, feet, directions, one_step=one_step) == tuple(
                                t for t, path in moves.items() if len(path) == 1 or not one_step)
            b.submit(ais[decision.side].decide(b, decision))
    finally:
        b.close()
    assert checked > 100 and past_a_body > 10
