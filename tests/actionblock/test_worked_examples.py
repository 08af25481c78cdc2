"""The worked examples of rules/DIGEST.md 3.11, each with forced dice.

Units come from tests/actionblock/kit.py (e.g. "swordsman": Longsword 1d6+1 / +1 to
hit with Melee Boost 1, unarmored; "target": light armour, Passive Evasion 7, PDR 2).
The faster unit acts first, so no turn-order dice are needed unless a test ties them.
"""

import pytest

from game.engine.decisions import Choice
from game.engine.events import Damaged
from game.errors import IllegalChoice
from game.rulesets.actionblock.components import Defences, Health, Points
from game.rulesets.actionblock.events import (DamageRolled, ToHitRolled, TurnBegan, TurnOrderRolled,
                                              TurnOrderSet)
from game.rulesets.actionblock.stats import max_battle_speed, max_battle_strength
from tests.actionblock.kit import (answer, battle, events_of, offered, ruleset, set_hp, set_pdr,
                                   set_points)


def turn_names(b):
    return [e.name for e in events_of(b, TurnBegan)]


# --- 1. Turn order -------------------------------------------------------------------------
def test_1_turn_order_descending_maximum_speed():
    """[Turn Order]: descending Maximum Speed Points, the highest first (A 10 before B 8)."""
    b = battle([(2, "target", 5, 0), (1, "swordsman", 0, 0)], [])
    assert events_of(b, TurnOrderSet)[0].speeds == (10, 8)
    assert turn_names(b)[0].startswith("Swordsman")
    assert not events_of(b, TurnOrderRolled)  # no tie, no dice


def test_1_ties_roll_3d6_higher_first_ties_rerolled_order_fixed():
    """Equal Maximum Speed: 3d6 against each other, higher first; ties re-rolled until
    the order is clear; the order is kept for the whole battle."""
    b = battle([(1, "target", 0, 0), (2, "target", 5, 0)],
               [3, 3, 3, 2, 2, 5,   # 9 vs 9: tied again
                1, 1, 1, 6, 6, 6])  # 3 vs 18: the second goes first
    first, second = b.units()
    rolls = events_of(b, TurnOrderRolled)
    assert [sum(r.faces) for r in rolls] == [9, 9, 3, 18]
    assert b.pending.actor == second
    answer(b, "end_turn")
    assert b.pending.actor == first
    answer(b, "end_turn")
    assert b.pending.actor == second  # Action Block 2: the same order, no new dice
    assert len(events_of(b, TurnOrderRolled)) == 4


# --- 2. Weight and armour -------------------------------------------------------------------
def test_2_max_battle_strength_and_speed():
    """Max Strength 12 wielding a Greatsword (weight 7) → Maximum Battle Strength 5;
    heavy armour (Speed Point Reduction 4 [PROP]) with Max Speed 8 → Max Battle Speed 4."""
    rs = ruleset()
    t = rs.data.templates["greatsword"]
    assert max_battle_strength(rs.data, t) == 12 - 7 == 5
    assert max_battle_speed(rs.data, t) == 8 - 4 == 4
    b = battle([(1, "swordsman", 0, 0), (2, "greatsword", 5, 0)], [])
    p = b.get(b.units()[1], Points)
    assert (p.strength, p.max_strength, p.speed, p.max_speed) == (5, 5, 4, 4)  # restored at start


# --- 3. Costs over several Action Blocks -----------------------------------------------------
def test_3_costs_melee_combo_melee_then_no_block():
    """Current Str 5 / Spd 4: Melee Attack (2/1) → 3/3; Melee Combo next block (1/2) → 2/1;
    another Melee Attack (2/1) → 0/0; a Block (2/0) is then not allowed."""
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)],
               [1, 1, 1, 1, 1, 1])  # three misses (2 + 2 = 4 < 7)
    me, foe = b.units()
    set_points(b, me, 5, 4)
    answer(b, "melee", foe, weapon="longsword")
    assert (b.get(me, Points).strength, b.get(me, Points).speed) == (3, 3)
    answer(b, "end_turn")
    answer(b, "end_turn")  # the target's turn
    assert "combo" in offered(b)
    answer(b, "combo", foe, weapon="longsword")
    assert (b.get(me, Points).strength, b.get(me, Points).speed) == (2, 1)
    answer(b, "end_turn")
    answer(b, "end_turn")
    answer(b, "melee", foe, weapon="longsword")
    assert (b.get(me, Points).strength, b.get(me, Points).speed) == (0, 0)
    assert "stance" not in offered(b)  # no Block as a Bonus Action: 2 Str needed


def test_3_no_block_reaction_without_strength():
    """A character with 0 Strength is not offered Block when hit (2 Str needed)."""
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)], [6, 5, 1, 1])
    me, foe = b.units()
    set_points(b, foe, 1, 4)
    answer(b, "melee", foe, weapon="longsword")
    assert b.pending.actor == me  # no Block decision: straight to damage
    assert events_of(b, DamageRolled)


# --- 4. The resource floor -------------------------------------------------------------------
def test_4_action_beyond_current_strength_is_refused():
    """"If the Strength Cost of the action exceeds their Current Strength Points, then the
    character cannot use the action": Melee Attack (2 Str) with 1 Str left is not offered,
    and choosing it anyway is refused with the battle unchanged."""
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)], [])
    me, foe = b.units()
    set_points(b, me, 1, 8)
    # Re-ask the same decision with the new points: end the turn and come back around.
    answer(b, "end_turn")
    answer(b, "end_turn")
    assert b.pending.actor == me
    assert "melee" not in offered(b)
    before = b.digest()
    with pytest.raises(IllegalChoice):
        b.submit(Choice("melee", foe, (("weapon", "longsword"),)))
    assert b.digest() == before


# --- 5 and 6. To hit ---------------------------------------------------------------------------
def test_5_to_hit_meets_passive_evasion():
    """2d6 = 6, Longsword +1 (and Melee Boost +1 here) ≥ Passive Evasion 7 → hit (≥ rule).
    Without Melee Boost 6 + 1 = 7 meets 7 exactly."""
    b = battle([(1, "plain_sword", 0, 0), (2, "target", 1, 0)], [4, 2])
    me, foe = b.units()
    answer(b, "melee", foe, weapon="longsword")
    roll = events_of(b, ToHitRolled)[-1]
    assert roll.faces == (4, 2)
    assert roll.modifiers == (("Longsword", 1),)
    assert roll.total == 7 and roll.evasion == 7 and roll.hit and not roll.critical


def test_6_aimed_attack_palm_pistol():
    """Aimed Attack with a Palm Pistol: 2d6 = 5 → 5 + 0 + 3 = 8 vs 7 → hit."""
    b = battle([(1, "pistoleer", 0, 0), (2, "target", 5, 0)], [2, 3])
    me, foe = b.units()
    answer(b, "aimed", foe, weapon="palm_pistol")
    roll = events_of(b, ToHitRolled)[-1]
    assert roll.modifiers == (("Palm Pistol", 0), ("Aimed", 3))
    assert roll.total == 8 and roll.evasion == 7 and roll.hit


# --- 7 and 8. Damage and criticals -----------------------------------------------------------
def _sword_hit(stance: str | None, dice: list):
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)], dice)
    me, foe = b.units()
    answer(b, "melee", foe, weapon="longsword")
    assert b.pending.actor == foe and b.pending.context["trigger"] == "block"
    if stance is None:
        answer(b, "pass")
    else:
        answer(b, stance)
    return b, foe


def test_7_damage_base_plus_boost_minus_pdr():
    """Longsword roll 4 → base 5 (1d6+1); Melee Boost 1 → bonus 1d6 = 3; PDR 2 → 6."""
    b, foe = _sword_hit(None, [3, 3, 4, 3])
    dmg = events_of(b, DamageRolled)[-1]
    assert (dmg.base, dmg.bonus, dmg.dealt) == (5, 3, 6)
    assert dmg.reductions == (("PDR", 2),)
    assert b.get(foe, Health).hp == b.get(foe, Health).max_hp - 6


def test_7_block_takes_5_more():
    """The same hit against the Block Stance: 5 + 3 − 7 = 1."""
    b, foe = _sword_hit("block", [3, 3, 4, 3])
    dmg = events_of(b, DamageRolled)[-1]
    assert dmg.dealt == 1 and sum(v for _, v in dmg.reductions) == 7
    assert b.get(foe, Points).strength == 12 - 2 - 2  # hand hammer weight 2, Block 2


def test_7_super_block_floors_at_zero():
    """Super Block: max(0, 5 + 3 − 17) = 0; no damage is taken."""
    b, foe = _sword_hit("super_block", [3, 3, 4, 3])
    assert events_of(b, DamageRolled)[-1].dealt == 0
    assert not events_of(b, Damaged)
    assert b.get(foe, Health).hp == b.get(foe, Health).max_hp


def test_8_critical_doubles_every_term():
    """Base To Hit Roll 12 and a hit, base 5, bonus 3, DR 2 → 2·5 + 2·3 − 2·2 = 12."""
    b, foe = _sword_hit(None, [6, 6, 4, 3])
    roll = events_of(b, ToHitRolled)[-1]
    assert roll.critical
    dmg = events_of(b, DamageRolled)[-1]
    assert dmg.critical and dmg.dealt == 12
    assert b.get(foe, Health).hp == b.get(foe, Health).max_hp - 12


# --- 9. Charge ---------------------------------------------------------------------------------
def _charge(action: str, dest, dice):
    b = battle([(1, "charger", 0, 0), (2, "target", 5, 0)], dice)
    me, foe = b.units()
    answer(b, action, dest)
    answer(b, "melee", foe, weapon="claymore")
    answer(b, "pass")  # no Block
    return b


def test_9_charge_adds_weapon_weight():
    """Charge then Melee Attack with a Claymore (weight 4): damage + 4 on a hit."""
    b = battle([(1, "charger", 0, 0), (2, "target", 3, 0)], [4, 4, 3, 3])
    me, foe = b.units()
    assert (2, 0) in b.pending.option("charge").targets
    answer(b, "charge", (2, 0))
    answer(b, "melee", foe, weapon="claymore")
    answer(b, "pass")
    dmg = events_of(b, DamageRolled)[-1]
    assert dmg.base == 6 and dmg.bonus == 4 and dmg.dealt == 6 + 4 - 2


def test_9_fast_charge_adds_twice_the_weight():
    """Fast Charge (up to 20 ft) then Melee Attack with a Claymore: damage + 8."""
    b = _charge("fast_charge", (4, 0), [4, 4, 3, 3])
    dmg = events_of(b, DamageRolled)[-1]
    assert dmg.bonus == 8 and dmg.dealt == 6 + 8 - 2


# --- 10. Unconscious and Dead ------------------------------------------------------------------
def test_10_unconscious_then_dead_on_further_damage():
    """HP 3 takes 5 → −2 → Unconscious. The next hit that deals ≥ 1 after DR → Dead."""
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0), (2, "slow", 9, 9)],
               [3, 3, 3, 3,    # hit; base 1d6+1 = 4, bonus 1d6 = 3, − PDR 2 = 5
                3, 3, 3, 3])   # next block: a hit on the Unconscious target
    me, foe, ally = b.units()
    set_hp(b, foe, 3)
    answer(b, "melee", foe, weapon="longsword")
    answer(b, "pass")
    health = b.get(foe, Health)
    assert events_of(b, DamageRolled)[-1].dealt == 5
    assert health.hp == -2 and health.unconscious and not health.dead
    assert not b.active(foe)
    answer(b, "end_turn")
    assert b.pending.actor == ally  # the Unconscious target takes no Turn
    answer(b, "end_turn")
    answer(b, "melee", foe, weapon="longsword")  # no Block asked: it is Unconscious
    roll = events_of(b, ToHitRolled)[-1]
    assert roll.evasion == 0 and roll.hit  # [PROP] the Unconscious cannot evade
    assert health.dead


def test_10_zero_damage_does_not_kill_the_unconscious():
    """A hit reduced to 0 by Damage Reduction deals no damage: the Unconscious target is
    not Dead ([PROP] 0 is not damage)."""
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0), (2, "slow", 9, 9)], [3, 3, 1, 1])
    me, foe, _ = b.units()
    set_hp(b, foe, 0)
    from game.rulesets.actionblock.health import knock_out
    knock_out(b, foe)
    set_pdr(b, foe, 10)
    answer(b, "melee", foe, weapon="longsword")
    assert events_of(b, DamageRolled)[-1].dealt == 0
    health = b.get(foe, Health)
    assert health.unconscious and not health.dead


# --- 11. Drill PDR damage and regeneration --------------------------------------------------------
def test_11_star_drill_lowers_pdr_which_regenerates_one_per_turn():
    """PDR 6 hit by a Star Drill (PDR Damage 2) → 4; at the start of the target's next
    Turn → 5, then → 6."""
    b = battle([(1, "star_driller", 0, 0), (2, "heavy", 1, 0)],
               [5, 5, 1, 1, 1, 1, 1, 1])  # hit; 6d6 of ones = 6 − 6 PDR = 0 damage
    me, foe = b.units()
    assert b.get(foe, Defences).pdr == 6
    answer(b, "melee", foe, weapon="star_drill")
    assert b.pending.context["trigger"] == "dodge"  # heavy armour: Active 7 beats Passive 5
    answer(b, "pass")
    assert b.pending.context["trigger"] == "block"
    answer(b, "pass")
    assert b.get(foe, Defences).pdr == 4
    answer(b, "end_turn")
    assert b.pending.actor == foe
    assert b.get(foe, Defences).pdr == 5
    answer(b, "end_turn")
    answer(b, "end_turn")
    assert b.get(foe, Defences).pdr == 6
    answer(b, "end_turn")
    answer(b, "end_turn")
    assert b.get(foe, Defences).pdr == 6  # never above the undamaged value


# --- 12. Sniper range bands and the Steady Shot ------------------------------------------------
def test_12_hunting_rifle_long_band_and_steady_shot():
    """Hunting Rifle (50/100/150 ft) at 120 ft → −4 (long band). No actions in the
    previous and the current Action Block → +2 Steady Shot."""
    tmap = __import__("tests.helpers", fromlist=["open_map"]).open_map(30, 3)
    b = battle([(1, "sniper", 0, 0), (2, "target", 24, 0)], [6, 6, 1, 1, 1, 1], tmap=tmap)
    me, foe = b.units()
    answer(b, "gun", foe, weapon="hunting_rifle")
    roll = events_of(b, ToHitRolled)[-1]
    assert ("long range", -4) in roll.modifiers
    assert ("Steady Shot", 2) in roll.modifiers  # nothing done in block 0 or 1 before it
    answer(b, "pass")
    answer(b, "end_turn")
    answer(b, "end_turn")
    answer(b, "gun", foe, weapon="hunting_rifle")  # it acted last block: not steady
    assert ("Steady Shot", 2) not in events_of(b, ToHitRolled)[-1].modifiers


# --- 13. Shotguns -------------------------------------------------------------------------------
def test_13_basic_shotgun_cannot_hit_evasion_7():
    """6 bullets, each 1d6 + 0 against Evasion 7: impossible (exact odds 0)."""
    b = battle([(1, "shotgunner", 0, 0), (2, "target", 3, 0)], [])
    me, foe = b.units()
    opt = b.pending.option("gun")
    o = b.ruleset.odds(b, b.pending, opt.choice(foe, weapon="shotgun"))
    assert o.hit == 0.0 and o.damage == {0: 1.0}


def test_13_gun_boost_makes_each_bullet_hit_on_5_or_6():
    """Gun Boost 1 (+2): each bullet hits on 5–6 (1/3), rolled separately."""
    b = battle([(1, "boosted_shotgunner", 0, 0), (2, "target", 3, 0)],
               [5, 4, 6, 1, 2, 3] + [1, 1])  # two bullets hit (5 and 6); damage dice follow
    me, foe = b.units()
    opt = b.pending.option("gun")
    o = b.ruleset.odds(b, b.pending, opt.choice(foe, weapon="shotgun"))
    assert o.hit == pytest.approx(1 - (2 / 3) ** 6)
    answer(b, "gun", foe, weapon="shotgun")
    rolls = events_of(b, ToHitRolled)
    assert [r.hit for r in rolls] == [True, False, True, False, False, False]
    assert [r.bullet for r in rolls] == [1, 2, 3, 4, 5, 6]
    answer(b, "pass")
    dmg = events_of(b, DamageRolled)
    assert [d.dealt for d in dmg] == [1 + 2 - 2, 1 + 2 - 2]


# --- 14. Restore Strength Points --------------------------------------------------------------
def test_14_restore_strength_capped_at_max_battle_strength():
    """Restore Strength Points with Current 1 and Maximum Battle 5 → 5 (+5 would be 6)."""
    b = battle([(1, "greatsword", 0, 0), (2, "slow", 9, 9)], [])
    me, _ = b.units()
    set_points(b, me, strength=1)
    answer(b, "end_turn")
    answer(b, "end_turn")
    answer(b, "restore_strength")
    assert b.get(me, Points).strength == 5


# --- further rules of the text around the examples ----------------------------------------
def test_turn_order_uses_maximum_speed_not_battle_speed():
    """"determined by [Maximum Speed Points]": heavy armour (Max Battle Speed 4) does not
    change a Max Speed 8 character's place before a Max Speed 6 one."""
    b = battle([(2, "slow", 5, 0), (1, "greatsword", 0, 0)], [])
    assert turn_names(b)[0].startswith("Greatswordsman")


def test_a_base_12_that_misses_is_no_critical():
    """"The To Hit Roll must also successfully hit the target" for a Critical Hit."""
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)], [6, 6])
    me, foe = b.units()
    from game.rulesets.actionblock.components import Defences
    answer(b, "end_turn")
    answer(b, "end_turn")
    from game.rulesets.actionblock.attacks import attack_profile, roll_to_hit
    from dataclasses import replace
    profile = attack_profile(b, me, foe, "melee", "longsword")
    profile = replace(profile, passive=(("Passive Evasion", 15),))
    (roll,) = roll_to_hit(b, profile)
    assert sum(roll.faces) == 12 and not roll.hit and not roll.critical


def test_melee_needs_melee_range():
    """Melee weapons use Melee Range, 5 feet: only adjacent targets."""
    b = battle([(1, "swordsman", 0, 0), (2, "target", 2, 0)], [])
    assert b.pending.option("melee") is None


def test_the_dead_cannot_be_healed():
    from game.rulesets.actionblock.health import heal, knock_out, take_damage
    b = battle([(1, "swordsman", 0, 0), (2, "target", 5, 0)], [])
    me, foe = b.units()
    knock_out(b, foe)
    take_damage(b, foe, 1, "test")
    assert b.get(foe, Health).dead
    assert heal(b, foe, 10, "10", "test") == 0 and not b.active(foe)
