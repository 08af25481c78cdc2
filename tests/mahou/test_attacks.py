"""Attacks (rule text "Attack"; digest 0.7, 0.8; worked examples 0.13 #1, #8, #9, #10):
stances and their stats, passive defences, range increments, blindness, cover,
helpless targets, and criticals with each stance's effect."""

from game.engine.components import FALLEN, Posture
from game.rulesets.mahou.attacks import AttackSpec, attack_profile, range_penalty
from game.rulesets.mahou.components import (Actions, DroppedItem, Hold, Loadout,
                                            PreciseHits)
from game.rulesets.mahou.economy import grant_round, usable
from game.rulesets.mahou.events import AttackRolled, DamageRolled
from game.rulesets.mahou.stats import passive
from tests.mahou.kit import battle, choose, last, offered

LONG = ["." * 25] * 3


def punch(b, target, stance="strong", skill="martial_arts", hand="primary"):
    choose(b, "punch", target, stance=stance, skill=skill, hand=hand)


def test_example_1_range_penalty_minus_one_per_increment():
    """Worked example 1: a range-30 gun at 100 ft → −3 ("over three times farther but
    less than four"). [PROP] ceil(d / R) − 1."""
    assert range_penalty(100, 30) == -3
    assert range_penalty(30, 30) == 0
    assert range_penalty(31, 30) == -1
    assert range_penalty(60, 30) == -1
    assert range_penalty(61, 30) == -2


def test_example_1_in_play_gun_at_100_ft():
    """The shooter (Math 3, Accuracy 10: d10) fires Precise at a dummy 20 tiles away:
    8 − 3 (range) = 5 against Passive Parry 4: a hit; 2d6 (4, 2) → 4, less soak 1."""
    dice = [9, 9, 1, 1,  # initiative
            8, 2, 3,  # 3d10 Math
            4, 2,  # 2d6 damage
            1, 1]  # dummy soak: non-skilled Defense d10
    b = battle([(1, "shooter", 0, 0), (2, "dummy", 20, 0)], dice, rows=LONG)
    shooter, dummy = b.units()
    choose(b, "attack_gun", dummy, stance="precise", skill="math", hand="primary")
    choose(b, "pass")
    choose(b, "pass")
    roll = last(b, AttackRolled)
    assert "− 3 (range)" in roll.roll
    assert (roll.total, roll.needed, roll.hit, roll.critical) == (5, 4, True, False)
    assert last(b, DamageRolled).dealt == 3


def test_example_8_passive_defences():
    """Worked example 8: Defense 9 → Passive Block 5; Agility 8 → Passive Dodge 5;
    Accuracy 7 → Passive Parry 4 (1 + half the stat, rounded down)."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 5, 0)], [5, 5, 1, 1])
    _, dummy = b.units()
    assert passive(b, dummy, "strong")[0] == 5
    assert passive(b, dummy, "fast")[0] == 5
    assert passive(b, dummy, "precise")[0] == 4


def test_example_9_a_helpless_target_needs_a_5_whatever_the_stance():
    """Worked example 9: a target completely unable to move needs 5 (here pinned)."""
    b = battle([(1, "boxer", 0, 0), (2, "knight", 1, 0)], [5, 5, 1, 1])
    boxer, knight = b.units()
    b.create(Hold(boxer, knight, "strong", 9, pinned=True))
    for stance in ("strong", "fast", "precise"):
        profile = attack_profile(b, AttackSpec(boxer, knight, "weapon", "fists", stance,
                                               "martial_arts", ("primary",)))
        assert profile.target_number == 5


def test_an_unconscious_target_can_be_attacked_and_needs_a_5():
    """"If the attacking character is attacking a target with that is not conscious
    ... they must roll a 5 or higher": the unconscious dummy is still a target of the
    boxer's punch, which needs 5 (3d8: 5) and hits; it cannot defend."""
    from game.rulesets.mahou.damage import knock_out
    from game.rulesets.mahou.components import Health
    dice = [5, 5, 1, 1, 1, 1,  # initiative: boxer, dummy, knight
            5, 1, 1,  # punch 3d8 Martial Arts / Strength
            3,  # 1dStr damage
            1, 1]  # the dummy's soak: non-skilled Defense d10
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0), (2, "knight", 8, 0)], dice)
    boxer, dummy, knight = b.units()
    knock_out(b, dummy, "test")
    choose(b, "move", (0, 1))  # the turn's options are drawn again
    assert dummy in b.pending.option("punch").targets
    assert "grapple" not in offered(b)  # a grapple needs a foe in the fight
    hp = b.get(dummy, Health).hp
    punch(b, dummy)
    roll = last(b, AttackRolled)
    assert roll.needed == 5 and roll.hit
    assert b.get(dummy, Health).hp == hp - 2


def test_fallen_target_has_minus_2_to_its_passive_defences():
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 5, 0)], [5, 5, 1, 1])
    _, dummy = b.units()
    b.get(dummy, Posture).value = FALLEN
    assert passive(b, dummy, "strong")[0] == 3


def test_example_10_critical_needs_double_the_number_and_a_facet():
    """Worked example 10: against 6 (Passive Parry 4 + 2 heavy cover) a critical needs
    12; the shooter's Scientist facet names Math. 12 (10 exploding + 2) is a critical."""
    rows = ["......", "....h.", "......"]
    dice = [9, 9, 1, 1, 10, 2, 1, 1, 4, 2, 1, 1]
    b = battle([(1, "shooter", 0, 1), (2, "dummy", 5, 1)], dice, rows=rows)
    shooter, dummy = b.units()
    choose(b, "attack_gun", dummy, stance="precise", skill="math", hand="primary")
    choose(b, "pass")
    choose(b, "pass")
    roll = last(b, AttackRolled)
    assert roll.needed == 6 and "2 cover" in roll.needed_from
    assert roll.total == 12 and roll.critical
    assert b.pending.kind == "pick"  # the precise critical's choice


def test_one_short_of_double_is_a_plain_hit():
    rows = ["......", "....h.", "......"]
    dice = [9, 9, 1, 1, 9, 2, 1, 3, 4, 1, 1]
    b = battle([(1, "shooter", 0, 1), (2, "dummy", 5, 1)], dice, rows=rows)
    shooter, dummy = b.units()
    choose(b, "attack_gun", dummy, stance="precise", skill="math", hand="primary")
    choose(b, "pass")
    choose(b, "pass")
    roll = last(b, AttackRolled)
    assert roll.total == 9 and roll.hit and not roll.critical


def test_no_critical_without_a_facet_naming_the_skill():
    """The fencer's facet is History: a Martial Arts sword blow never crits."""
    dice = [7, 7, 1, 1,  # initiative: fencer d8, dummy d8
            8, 8, 2, 1,  # 2d8 Martial Arts (Strong: Strength 8): 8+8+2 = 18 and 1
            3, 1, 1, 1]  # 2dStr damage (3, 1) → 3; dummy soak (1, 1) → 1
    b = battle([(1, "fencer", 0, 0), (2, "dummy", 1, 0)], dice)
    fencer, dummy = b.units()
    choose(b, "attack_sword", dummy, stance="strong", skill="martial_arts", hand="primary")
    choose(b, "pass")
    choose(b, "pass")
    roll = last(b, AttackRolled)
    assert roll.total == 18 and roll.hit and not roll.critical
    assert "no active facet" in roll.note
    assert last(b, DamageRolled).doubled is False


def test_blinded_minus_6_against_a_target_hidden_in_concealment():
    """Ranged: the target must be in sight; hidden by concealment (vision blocked for
    another reason) the roll takes −6 ([PROP] mapping of concealment)."""
    rows = ["........", "....cc..", "........"]
    b = battle([(1, "shooter", 0, 1), (2, "dummy", 5, 1)], [9, 9, 1, 1], rows=rows)
    shooter, dummy = b.units()
    profile = attack_profile(b, AttackSpec(shooter, dummy, "weapon", "gun", "precise", "math",
                                           ("primary",)))
    assert ("cannot see it", -6) in profile.roll.modifiers


def test_a_wall_between_means_no_attack():
    rows = ["....#...", "....#...", "....#..."]
    b = battle([(1, "shooter", 0, 1), (2, "dummy", 6, 1)], [9, 9, 1, 1], rows=rows)
    assert "attack_gun" not in offered(b)


def test_stance_picks_the_stat_die():
    """Strong rolls Strength, Fast Agility, Precise Accuracy (the fencer: Str 8, Agi 8,
    Acc 8 are all d8; the shooter's Accuracy 10 is a d10, its Agility 8 a d8)."""
    b = battle([(1, "shooter", 0, 0), (2, "dummy", 3, 0)], [9, 9, 1, 1])
    shooter, dummy = b.units()
    fast = attack_profile(b, AttackSpec(shooter, dummy, "weapon", "gun", "fast", "math", ("primary",)))
    precise = attack_profile(b, AttackSpec(shooter, dummy, "weapon", "gun", "precise", "math", ("primary",)))
    assert fast.roll.sets[0].die.sides == 8 and precise.roll.sets[0].die.sides == 10
    assert fast.target_number == 5 and precise.target_number == 4  # Passive Dodge / Parry


def test_weapon_skill_minus_x_lowers_the_dice():
    """"A weapon with a skill reading −X subtracts X from their skill": the knight's
    club (Gym −1) with Gym 2 rolls one die."""
    b = battle([(1, "knight", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1])
    knight, dummy = b.units()
    profile = attack_profile(b, AttackSpec(knight, dummy, "weapon", "club", "strong", "gym", ("primary",)))
    assert profile.roll.sets[0].count == 1


# --- criticals ---------------------------------------------------------------------------------
def test_strong_critical_doubles_the_damage():
    """Strong critical: all the damage of the hit is doubled (before soak)."""
    dice = [5, 5, 1, 1,
            8, 2, 1, 1,  # 3d8: 8+2 = 10 against Passive Block 5: a critical
            5,  # 1dStr d8
            1, 1]  # soak 1
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], dice)
    boxer, dummy = b.units()
    punch(b, dummy)
    choose(b, "pass")
    choose(b, "pass")
    assert last(b, AttackRolled).critical
    dmg = last(b, DamageRolled)
    assert dmg.doubled and dmg.rolled == 5 and dmg.dealt == 10 - 1


def test_fast_critical_refunds_the_hand_once_per_turn():
    """Fast critical: once per turn, a hand action used for the attack comes back."""
    dice = [5, 5, 1, 1,
            8, 2, 1, 1, 3, 1, 1,  # first punch: critical (10 vs Passive Dodge 5)
            8, 2, 1, 1, 3]  # second punch: critical again, no refund this time
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], dice)
    boxer, dummy = b.units()
    punch(b, dummy, stance="fast")
    choose(b, "pass")
    choose(b, "pass")
    assert last(b, AttackRolled).critical
    assert usable(b, boxer).primary == 1  # refunded
    punch(b, dummy, stance="fast", hand="primary")
    choose(b, "pass")
    choose(b, "pass")
    assert usable(b, boxer).primary == 0  # once per turn
    assert b.get(boxer, Actions).fast_refund_used


def _precise_crit(b, attacker, target, weapon="punch"):
    if weapon == "punch":
        punch(b, target, stance="precise")
    choose(b, "pass")
    choose(b, "pass")
    assert last(b, AttackRolled).critical
    assert b.pending.kind == "pick"


def test_precise_critical_takes_an_action_the_next_time_it_is_granted():
    """Precise critical: the target loses an action of the attacker's choice the next
    time it would be granted (here its speak action, at the next round)."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)],
               [5, 5, 1, 1, 6, 5, 1, 1, 3, 1, 1])  # 3d6: 6+5 = 11 vs Passive Parry 4
    boxer, dummy = b.units()
    _precise_crit(b, boxer, dummy)
    opts = offered(b)
    assert {"lose_primary", "lose_offhand", "lose_speak", "lose_moves", "fall"} <= set(opts)
    assert not any(o.startswith("drop_") for o in opts)  # it holds nothing
    choose(b, "lose_speak")
    lost = grant_round(b, dummy)
    assert lost == ["speak"]
    assert b.get(dummy, Actions).spare.speak == 0


def test_precise_critical_can_make_the_target_fall():
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1, 6, 5, 1, 1, 3, 1, 1])
    boxer, dummy = b.units()
    _precise_crit(b, boxer, dummy)
    choose(b, "fall")
    assert b.get(dummy, Posture).value == FALLEN


def test_precise_critical_can_make_the_target_drop_its_weapon():
    """…or drop the weapon in a hit hand; it lies on its tile."""
    b = battle([(1, "boxer", 0, 0), (2, "fencer", 1, 0)], [5, 5, 1, 1, 6, 5, 1, 1, 3, 1, 1, 1])
    boxer, fencer = b.units()
    _precise_crit(b, boxer, fencer)
    assert "drop_weapon" in offered(b) and "drop_shield" in offered(b)
    choose(b, "drop_weapon")
    assert b.get(fencer, Loadout).main is None
    assert [d.item for _, d in b.query(DroppedItem)] == ["sword"]


def test_two_handed_and_worn_and_strapped_items_do_not_drop():
    """Not a weapon held by two hands (until every such hand is disabled by precise
    criticals in one round), not a Fist weapon (worn), not a strapped shield."""
    from game.rulesets.mahou.combat import droppable
    b = battle([(1, "rifleman", 0, 0), (2, "knight", 1, 0)], [5, 5, 1, 1])
    rifleman, knight = b.units()
    assert droppable(b, rifleman) == []
    b.get(rifleman, PreciseHits).hands = 1  # one hand already disabled this round
    assert droppable(b, rifleman) == [("rifle", "weapon")]
    assert droppable(b, knight) == [("club", "weapon")]  # the tower shield is strapped
    b.get(knight, Loadout).main = "gauntlets"
    assert droppable(b, knight) == []


def test_shooting_from_behind_heavy_cover_costs_1():
    """"particularly extensive coverage may also confer penalties to your own attacks":
    [PROP] −1 when heavy cover shields the attacker from its target."""
    rows = ["......", ".h....", "......"]
    b = battle([(1, "shooter", 0, 1), (2, "dummy", 5, 1)], [9, 9, 1, 1], rows=rows)
    shooter, dummy = b.units()
    profile = attack_profile(b, AttackSpec(shooter, dummy, "weapon", "gun", "precise", "math",
                                           ("primary",)))
    assert ("own heavy cover", -1) in profile.roll.modifiers
    assert profile.cover == 0  # the cover is on the shooter's side, not the target's
