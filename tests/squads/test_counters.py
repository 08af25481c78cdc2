"""Action Block's further templates after issue 29's counters study (docs/squads.md,
"Counters: what the opponent fields"): the two hard counters the change softened, worked
out by hand on the shipped templates."""

import pytest

from game.engine.odds import mean
from game.rulesets.actionblock.attacks import attack_profile, hit_damage
from game.rulesets.actionblock.components import Barrier
from game.rulesets.actionblock.stats import max_battle_speed, max_battle_strength
from tests.actionblock.kit import battle


def profile(attacker: str, target: str, action: str, item: str, barrier: int = 0):
    """`attacker` shooting `target` 15 ft away; the target behind a Spell Barrier of
    `barrier` if given."""
    b = battle([(1, attacker, 0, 0), (2, target, 3, 0)], [])
    me, foe = b.units()
    if barrier:
        b.add(foe, Barrier(barrier, 99))
    return attack_profile(b, me, foe, action, item)


def test_a_spell_barrier_leaves_the_tesla_gunner_its_palm_pistol():
    """A Spell Barrier of 30 absorbs every Tesla hit (2d6−1 + Gun Boost 2 is at most 13, a
    Critical Hit at most 26): a Tesla-only gunner could do nothing to a barrier's bearer.
    The Palm Pistol's damage is physical, which a barrier does not absorb: 1d6 + 2 − PDR 2
    (the light-armoured target) = 1d6, mean 3.5, 1 to 6."""
    tesla = profile("tesla_gunner", "target", "gun", "tesla_pistol", barrier=30)
    assert dict(hit_damage(tesla, False)) == {0: pytest.approx(1.0)}
    assert dict(hit_damage(tesla, True)) == {0: pytest.approx(1.0)}
    pistol = profile("tesla_gunner", "target", "gun", "palm_pistol", barrier=30)
    normal = hit_damage(pistol, False)
    assert mean(normal) == pytest.approx(3.5)
    assert sorted(v for v, p in normal.items() if p > 0) == [1, 2, 3, 4, 5, 6]


def test_the_driller_in_medium_armour_is_no_longer_shut_to_the_shotgun():
    """A gunner's shotgun bullet deals 1d6 + 2 (Gun Boost). Against the driller's medium
    armour (PDR 4) a hit deals max(0, d − 2): 0, 0, 1, 2, 3, 4, mean 10/6; heavy armour
    (PDR 6) left max(0, d − 4): mean 3/6. Speed Point Reduction 2 rather than 4 leaves the
    driller (Max Speed 8) a Maximum Battle Speed of 6, not 4."""
    bullet = profile("gunner", "driller", "gun", "shotgun")
    assert mean(hit_damage(bullet, False)) == pytest.approx(10 / 6)
    b = battle([(1, "driller", 0, 0), (2, "tesla_gunner", 3, 0)], [])
    data = b.ruleset.data
    assert max_battle_speed(data, data.templates["driller"]) == 6
    # The sidearm's weight: Max Strength 10 − Tesla 5 − Palm Pistol 2.
    assert max_battle_strength(data, data.templates["tesla_gunner"]) == 3
