"""Defences (rule text Spot Block, Spot Parry, Spot Dodge, Active Block, Active Parry,
Active Dodge, Cover; digest 0.9; worked example 0.13 #11): what they cost, their
rolls and +5 against the matching stance, before or after the attack roll, the
highest one counting, and how long active defences last."""

import pytest

from game.errors import IllegalChoice
from game.rulesets.mahou.combat import Incoming
from game.rulesets.mahou.attacks import AttackSpec, attack_profile
from game.rulesets.mahou.components import ActiveDefences, Actions
from game.rulesets.mahou.defences import DefenceSpec, roll_spec
from game.rulesets.mahou.economy import defence_pool
from game.rulesets.mahou.events import AttackRolled, DefenceRolled
from game.rulesets.mahou.stats import passive
from tests.mahou.kit import battle, choose, last, offered


def duel(dice, attacker="boxer", defender="dummy", rows=None, at=(1, 0)):
    b = battle([(1, attacker, 0, 0), (2, defender, *at)], [5, 5, 1, 1] + list(dice), rows=rows)
    return (b, *b.units())


@pytest.mark.parametrize("defence,stance,bonus", [
    ("block", "precise", 5), ("block", "strong", 0), ("block", "fast", 0),
    ("parry", "fast", 5), ("parry", "precise", 0),
    ("dodge", "strong", 5), ("dodge", "fast", 0),
])
def test_example_11_plus_5_against_the_matching_stance(defence, stance, bonus):
    """Worked example 11: Spot Block +5 vs Precise, Spot Parry +5 vs Fast, Spot Dodge +5
    vs Strong; nothing against the other stances."""
    b, boxer, dummy = duel([])
    spec = {"block": DefenceSpec(dummy, "block", True, "fists", "gym", ("primary",)),
            "parry": DefenceSpec(dummy, "parry", True, "sword", "history", ("primary",)),
            "dodge": DefenceSpec(dummy, "dodge", True, "", "", moves=4)}[defence]
    mods = dict(roll_spec(b, spec, stance).modifiers)
    assert mods.get(f"against a {stance.capitalize()} attack", 0) == bonus


def test_spot_block_after_seeing_the_roll_turns_a_hit_into_a_miss():
    """Spot Block "can be declared before or after an attack roll is made": the punch
    rolls 7 against Passive Block 5; the dummy, seeing it, blocks with Gym / Defense
    (1d10: 9) and the attack must now meet 9."""
    b, boxer, dummy = duel([7, 1, 1,  # punch 3d8
                            9])  # spot block 1d10 Gym
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="primary")
    assert b.pending.context["phase"] == "before"
    choose(b, "pass")
    ctx = b.pending.context
    assert ctx["phase"] == "after" and ctx["roll"] == 7 and ctx["needed"] == 5
    assert "active_block" not in offered(b)  # [PROP] active defences only before the roll
    choose(b, "spot_block", **{"with": "gym:fists", "hand": "primary"})
    roll = last(b, AttackRolled)
    assert roll.needed == 9 and not roll.hit
    assert "Spot Block 9" in roll.needed_from
    assert b.get(dummy, Actions).spare.primary == 0  # the hand action is spent


def test_spot_dodge_rolls_per_4_moves_keeps_the_highest_and_gets_5_against_strong():
    """Spot Dodge: 8 moves → two non-skilled Agility rolls (d8 pairs keep lower):
    (3, 4) → 3 and (6, 7) → 6; highest 6, +5 against a Strong attack = 11."""
    b, boxer, dummy = duel([3, 4, 6, 7,  # the dodge
                            7, 1, 1])  # punch
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="primary")
    assert b.pending.option("spot_dodge").params["rolls"] == (1, 2)
    choose(b, "spot_dodge", rolls=2)
    assert last(b, DefenceRolled).total == 11
    assert b.get(dummy, Actions).spare.move == 0
    choose(b, "pass")
    assert last(b, AttackRolled).needed == 11 and not last(b, AttackRolled).hit


def test_spot_dodge_once_per_round():
    """"may spend 4 or more of their move actions each turn to dodge a single incoming
    attack": after one Spot Dodge (4 of its 8 moves) the dummy cannot Spot Dodge the
    boxer's second punch this round, though 4 moves are left; next round it can."""
    b, boxer, dummy = duel([3, 4,  # spot dodge: 3 + 5 = 8
                            7, 1, 1])  # punch: 7, a miss
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="primary")
    choose(b, "spot_dodge", rolls=1)
    choose(b, "pass")
    assert not last(b, AttackRolled).hit
    assert b.get(dummy, Actions).spare.move == 4
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="offhand")
    assert b.pending.actor == dummy and "spot_dodge" not in offered(b)


def test_several_defences_the_highest_counts():
    """"If the defender has made multiple defensive rolls against a single attack, they
    must equal or beat the highest of these … or the passive defense"."""
    b, boxer, dummy = duel([3, 4,  # spot dodge (4 moves): 3 + 5 = 8
                            2,  # spot block: 2
                            7, 1, 1])
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="primary")
    choose(b, "spot_dodge", rolls=1)
    choose(b, "spot_block", **{"with": "gym:fists", "hand": "primary"})
    choose(b, "pass")
    assert last(b, AttackRolled).needed == 8


def test_spot_parry_needs_an_item_allowing_precise():
    """Spot Parry only with a weapon or shield that allows the Precise stance."""
    b, boxer, dummy = duel([])
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="primary")
    assert "spot_parry" not in offered(b)
    b2, boxer2, fencer = duel([], defender="fencer")
    choose(b2, "punch", fencer, stance="fast", skill="martial_arts", hand="primary")
    ways = b2.pending.option("spot_parry").params["with"]
    assert set(ways) == {"history:sword", "martial_arts:sword", "gym:buckler", "martial_arts:buckler"}


def test_active_block_raises_passive_block_until_the_next_full_turn():
    """Active Block on one's own turn: the roll becomes the Passive Block until the start
    of the unit's next full turn (it lasts into the next round until then)."""
    dice = [8,  # the dummy's Active Block, Gym 1d10
            5, 5, 1, 1]  # round 2 initiative: boxer first again
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [1, 1, 5, 5] + dice)
    dummy, boxer = b.units()[1], b.units()[0]
    assert b.pending.actor == dummy
    choose(b, "active_block", **{"with": "gym:fists", "hand": "primary"})
    assert passive(b, dummy, "strong")[0] == 8
    choose(b, "end_turn")
    choose(b, "end_turn")  # boxer
    assert b.round == 2 and b.pending.actor == boxer
    assert passive(b, dummy, "strong")[0] == 8  # still raised before its turn
    choose(b, "end_turn")
    assert b.pending.actor == dummy
    assert passive(b, dummy, "strong")[0] == 5  # its full turn began


def test_active_block_as_a_reaction_expires_when_the_units_turn_arrives():
    """Taken as a reaction before its turn, the Active Block lasts until that turn."""
    b, boxer, dummy = duel([9,  # Active Block as a reaction
                            7, 1, 1])
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="primary")
    choose(b, "active_block", **{"with": "gym:fists", "hand": "primary"})
    choose(b, "pass")
    assert last(b, AttackRolled).needed == 9 and not last(b, AttackRolled).hit
    choose(b, "end_turn")
    assert b.pending.actor == dummy
    assert passive(b, dummy, "strong")[0] == 5
    assert b.get(dummy, ActiveDefences).block is None


def test_active_dodge_spends_agility_moves():
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [1, 1, 5, 5, 7])
    boxer, dummy = b.units()
    choose(b, "active_dodge", skill="gym")
    assert b.get(dummy, Actions).turn.move == 0
    assert passive(b, dummy, "fast")[0] == 7


def test_a_lower_active_roll_keeps_the_passive_defence():
    """[PROP] "you may choose to have the results … become your new passive": a lower
    roll is not chosen."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [1, 1, 5, 5, 2])
    boxer, dummy = b.units()
    choose(b, "active_block", **{"with": "gym:fists", "hand": "primary"})
    assert passive(b, dummy, "strong")[0] == 5
    assert "kept Passive Block 5" in last(b, DefenceRolled).effect


def test_offhand_defence_rolls_one_skill_lower():
    b, boxer, dummy = duel([])
    spec = DefenceSpec(dummy, "block", True, "fists", "gym", ("offhand",))
    assert roll_spec(b, spec, "strong").sets[0].keep == "low"  # Gym 1 − 1 = 0: non-skilled


def test_cover_is_added_to_spot_defences_too():
    """"A cover bonus is applied to all your passive, active, and spot defenses"."""
    rows = ["......", "....h.", "......"]
    b = battle([(1, "shooter", 0, 1), (2, "dummy", 5, 1)], [9, 9, 1, 1], rows=rows)
    shooter, dummy = b.units()
    inc = Incoming(attack_profile(b, AttackSpec(shooter, dummy, "weapon", "gun", "precise", "math",
                                                ("primary",))))
    assert inc.number(b)[0] == 4 + 2
    inc.spots.append(("Spot Block", 7))
    assert inc.number(b)[0] == 7 + 2


def test_no_defence_without_the_actions_for_it():
    """Defences may be taken "so long as the character has not used the actions for them"."""
    b, boxer, dummy = duel([7, 1, 1, 3, 1, 1])
    a = b.get(dummy, Actions)
    a.spare.primary = a.spare.offhand = 0
    a.spare.move = 3  # fewer than the 4 a Spot Dodge needs
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="primary")
    assert b.pending.kind == "turn" and b.pending.actor == boxer  # no reaction was asked
    assert last(b, AttackRolled).hit
    assert defence_pool(b, dummy).move == 3


def test_an_illegal_defence_is_refused_and_changes_nothing():
    b, boxer, dummy = duel([])
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="primary")
    before = b.digest()
    opt = b.pending.option("spot_block")
    with pytest.raises(IllegalChoice):
        b.submit(opt.choice(None, **{"with": "history:sword", "hand": "primary"}))
    with pytest.raises(IllegalChoice):
        b.submit(b.pending.option("spot_dodge").choice(None, rolls=3))
    with pytest.raises(IllegalChoice):
        b.submit(opt.choice(dummy, **{"with": "gym:fists", "hand": "primary"}))
    assert b.digest() == before
