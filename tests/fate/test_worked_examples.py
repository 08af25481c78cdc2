"""Every worked example of digest 4.10 (rules/DIGEST.md), with forced dice.

The rule text ("Combat Skill Use"): 4dF + Attack against 4dF + Defense; "If the
attacker beat the defender's roll, he has scored a hit"; a hit by 1 or less is a
Scratch, 2-3 Hurt, 4-5 Very Hurt, 6+ Incapacitated; damage-value modifiers below.
Each battle: the attacker is fastest (initiative +4), the slower side declares first.
"""

from game.engine.components import PRONE, OutOfFight, Posture
from game.rulesets.fate import FateRuleset, fudge
from game.rulesets.fate.data import FateData
from game.rulesets.fate.events import AttackRolled, BonusDamageRolled, ToughnessChecked, WoundTaken
from game.rulesets.fate.wounds import INCAPACITATED, WoundTrack, mark
from tests.fate.kit import attack, battle, declare, events_of, hold, initiative, total, wounds

NEXT_TURN = initiative(4, -4)  # the following turn's initiative, so the flow can go on


def duel(attacker: str, defender: str, dice: list, gap: int = 3):
    b = battle([(1, attacker, 1, 2), (2, defender, 1 + gap, 2)], initiative(4, -4) + dice)
    return (b, *b.units())


def test_1_good_attack_rolling_plus_1_beats_fair_defense_rolling_minus_1_by_3_hurt():
    """Example 1: Attack Good (+1) rolls +1 → 2; Defense Fair (0) rolls −1 → −1; margin 3 → Hurt."""
    b, a, d = duel("soldier", "soldier", total(1) + total(-1) + NEXT_TURN)
    hold(b, d)
    attack(b, a, d, "pistol")
    declare(b, a, "hold")
    roll = events_of(b, AttackRolled)[-1]
    assert roll.attack_skill == ("Attack", 1) and roll.attack_mods == ()
    assert roll.defense_skill == ("Defense", 0) and roll.defense_mods == ()
    assert (roll.attack_total, roll.defense_total, roll.margin) == (2, -1, 3)
    assert roll.hit and roll.result == "Hurt"
    assert wounds(b, d).hurt == 1


def test_2_edged_weapon_adds_one_to_the_damage_value_very_hurt():
    """Example 2: the same margin 3 with an edged weapon (+1) → damage value 4 → Very Hurt."""
    b, a, d = duel("scout", "soldier", total(1) + total(-1) + NEXT_TURN, gap=1)
    hold(b, d)
    attack(b, a, d, "knife")
    declare(b, a, "hold")
    roll = events_of(b, AttackRolled)[-1]
    assert roll.margin == 3 and roll.damage_mods == (("edged", 1),)
    assert roll.value == 4 and roll.result == "Very Hurt"
    assert wounds(b, d).very_hurt == 1


def test_2_edged_weapon_against_heavy_armour_against_blades_hurt():
    """Example 2, second part: edged +1 and a heavily armored defender −1 → 3 → Hurt.

    The knight's chainmail is heavy against blades ("chainmail against a sword")."""
    b, a, d = duel("scout", "knight", total(1) + total(-2) + NEXT_TURN, gap=1)
    hold(b, d)
    attack(b, a, d, "knife")
    declare(b, a, "hold")
    roll = events_of(b, AttackRolled)[-1]
    assert roll.defense_total == 1 - 2 and roll.margin == 3
    assert roll.damage_mods == (("edged", 1), ("heavily armored: Chainmail", -1))
    assert roll.value == 3 and roll.result == "Hurt"


def test_3_a_tie_misses():
    """Example 3: attack total 2 against defense total 2 → miss (the attacker must beat)."""
    b, a, d = duel("soldier", "soldier", total(1) + total(2) + NEXT_TURN)
    hold(b, d)
    attack(b, a, d, "pistol")
    declare(b, a, "hold")
    roll = events_of(b, AttackRolled)[-1]
    assert (roll.attack_total, roll.defense_total) == (2, 2)
    assert not roll.hit and roll.result == "miss"
    assert not events_of(b, WoundTaken) and wounds(b, d) == WoundTrack()


def test_4_margin_1_with_a_blunt_weapon_is_still_a_scratch():
    """Example 4: margin 1 with an especially blunt weapon (a fist, −1) → 0 → still a Scratch."""
    b, a, d = duel("soldier", "soldier", total(0) + total(0) + NEXT_TURN, gap=1)
    hold(b, d)
    attack(b, a, d, "fist")
    declare(b, a, "hold")
    roll = events_of(b, AttackRolled)[-1]
    assert roll.margin == 1 and roll.damage_mods == (("especially blunt", -1),)
    assert roll.value == 0 and roll.result == "Scratch"
    assert wounds(b, d).scratch == 1


def test_5_margin_6_incapacitates():
    """Example 5: margin 6 → Incapacitated (out of the fight)."""
    b, a, d = duel("soldier", "soldier", total(4) + total(-1))
    hold(b, d)
    attack(b, a, d, "pistol")
    declare(b, a, "hold")
    roll = events_of(b, AttackRolled)[-1]
    assert roll.margin == 6 and roll.result == INCAPACITATED
    assert wounds(b, d).incapacitated == 1 and not b.active(d)
    assert b.over and b.winner == 1


def test_5_margin_7_with_an_edged_weapon_is_value_8_incapacitated():
    """Example 5: margin 7 with an edged weapon → damage value 8 → Incapacitated."""
    b, a, d = duel("scout", "soldier", total(4) + total(-2), gap=1)
    hold(b, d)
    attack(b, a, d, "knife")
    declare(b, a, "hold")
    roll = events_of(b, AttackRolled)[-1]
    assert roll.margin == 7 and roll.value == 8 and roll.result == INCAPACITATED


def test_6_hurt_attacker_minus_1_very_hurt_defender_minus_2_not_3():
    """Example 6: a Hurt attacker −1 to attack; a Very Hurt defender −2 (replaces Hurt's −1)."""
    b, a, d = duel("soldier", "soldier", total(0) + total(0) + NEXT_TURN)
    wounds(b, a).hurt = 1
    wounds(b, d).hurt = 2
    wounds(b, d).very_hurt = 1
    hold(b, d)
    attack(b, a, d, "pistol")
    declare(b, a, "hold")
    roll = events_of(b, AttackRolled)[-1]
    assert roll.attack_mods == (("Hurt", -1),)
    assert roll.defense_mods == (("Very Hurt", -2),)
    assert (roll.attack_total, roll.defense_total) == (0, -2)


def test_7_roll_ups_scratch_hurt_very_hurt_incapacitated_dying():
    """Example 7: 5 Scratches + a Scratch → Scratches erased, 1 Hurt; 2 Hurts + a Hurt → Very
    Hurt; Very Hurt + Very Hurt → Incapacitated; Incapacitated + Incapacitated → Dying."""
    t = WoundTrack(scratch=5)
    mark(t, "Scratch")
    assert (t.scratch, t.hurt) == (0, 1)
    t = WoundTrack(hurt=2)
    mark(t, "Hurt")
    assert (t.hurt, t.very_hurt) == (0, 1)
    t = WoundTrack(very_hurt=1)
    m = mark(t, "Very Hurt")
    assert (t.very_hurt, t.incapacitated) == (0, 1) and m.incapacitated and t.out
    t = WoundTrack(incapacitated=1)
    m = mark(t, INCAPACITATED)
    assert t.dying and m.dying and t.dying_difficulty == 0


def test_7_roll_up_through_a_hit_in_play():
    """Example 7 in play: a defender with 5 Scratches takes a Scratch and is Hurt instead."""
    b, a, d = duel("soldier", "soldier", total(0) + total(0) + NEXT_TURN)
    wounds(b, d).scratch = 5
    hold(b, d)
    attack(b, a, d, "pistol")
    declare(b, a, "hold")
    taken = events_of(b, WoundTaken)[-1]
    assert taken.level == "Scratch"
    assert taken.steps == ("Scratch boxes full: erased, rolls up to Hurt", "Hurt box marked (1/2)")
    assert (wounds(b, d).scratch, wounds(b, d).hurt) == (0, 1)


def test_8_dying_checks_fair_then_plus_1_and_plus_5_when_hurt_again():
    """Example 8: Dying: the turn-1 Toughness check is against Fair (0), turn 2 against +1;
    hit with a Hurt while Dying at difficulty +1 → an immediate check against +6.

    Two hits of 6+ in one turn: Incapacitated, then Incapacitated again → Dying."""
    units = [(1, "soldier", 1, 1), (1, "soldier", 1, 3), (2, "strongman", 4, 2), (2, "soldier", 10, 2)]
    dice = (initiative(4, 3, -4, -3)
            + total(4) + total(-2)  # A1 on D: 5 vs −2, margin 7
            + total(4) + total(-1)  # A2 on D: 5 vs −1, margin 6
            + total(0)  # turn 2: D's first Dying check, 0 + 3 Toughness vs Fair (0)
            + initiative(4, 3, -3)
            + total(0) + total(-2)  # A1 on helpless D: 1 vs −2, margin 3 → Hurt
            + total(4)  # D's immediate check: 4 + 3 − 1 (Hurt) = 6 vs +6
            + total(-3)  # turn 3: D's check vs +1: −3 + 3 − 1 = −1 → dies
            + initiative(4, 3, -3))
    b = battle(units, dice)
    a1, a2, d, e = b.units()
    hold(b, d)
    hold(b, e)
    attack(b, a2, d, "pistol")
    declare(b, a2, "hold")
    attack(b, a1, d, "pistol")
    declare(b, a1, "hold")
    t = wounds(b, d)
    # Turn 1 ended: Incapacitated, then Incapacitated again: Dying.
    assert [w.level for w in events_of(b, WoundTaken)] == [INCAPACITATED, INCAPACITATED]
    assert t.dying and b.get(d, OutOfFight).reason == "Dying"
    checks = events_of(b, ToughnessChecked)
    assert [(c.difficulty, c.survived) for c in checks] == [(0, True)]  # start of turn 2
    assert t.dying_difficulty == 1
    hold(b, e)
    hold(b, a2)
    attack(b, a1, d, "pistol")
    declare(b, a1, "hold")
    checks = events_of(b, ToughnessChecked)
    assert (checks[1].difficulty, checks[1].total, checks[1].survived) == (6, 6, True)
    assert checks[1].modifiers == (("Hurt", -1),)
    assert (checks[2].difficulty, checks[2].survived) == (1, False)  # start of turn 3
    assert t.dead and not t.dying


def test_9_prone_defender_minus_2_against_melee():
    """Example 9: a prone defender takes −2 against a melee attack."""
    b, a, d = duel("scout", "soldier", total(0) + total(0) + NEXT_TURN, gap=1)
    b.add(d, Posture(PRONE))
    hold(b, d)
    attack(b, a, d, "knife")
    declare(b, a, "hold")
    assert ("prone", -2) in events_of(b, AttackRolled)[-1].defense_mods


def test_9_prone_defender_plus_2_against_a_rifle_shot():
    """Example 9: a prone defender gains +2 against a rifle shot (a projectile)."""
    b, a, d = duel("marksman", "soldier", total(0) + total(0) + NEXT_TURN, gap=5)
    b.add(d, Posture(PRONE))
    hold(b, d)
    attack(b, a, d, "rifle")
    declare(b, a, "hold")
    assert ("prone", 2) in events_of(b, AttackRolled)[-1].defense_mods


def test_10_distribution_4df_zero_is_19_in_81_and_equal_skills_hit_416():
    """Example 10: P(4dF = 0) = 19/81; P(hit) with equal skills = 0.416 (2727/6561)."""
    assert fudge.four_df_counts()[0] == 19
    assert sum(fudge.four_df_counts().values()) == 81
    hits = sum(c for d, c in fudge.opposed_counts().items() if d >= 1)
    assert hits == 2727
    assert round(fudge.chance_opposed(0, 1), 3) == 0.416


def test_11_bonus_damage_300_lb_object_winning_by_2_is_2_extra_scratches():
    """Example 11 [REC bonus-damage]: a 300 lb object → attacker 4dF + 3 against the
    defender's 4dF + Resistance; winning by 2 → 2 extra Scratches."""
    data = FateData()
    data.weapons["giant_rock"] = data.weapons["giant_rock"].model_copy(update={"weight_lb": 300})
    # Strongman (Attack +1, 2 hands free) throws at a soldier (Resistance 0) 2 tiles away.
    dice = (initiative(4, -4)
            + total(1) + total(-1)  # 2 vs −1: margin 3, −1 blunt → 2 → Hurt
            + total(0) + total(1)  # bonus: 0 + 3 = 3 vs 1 + 0 = 1: won by 2
            + NEXT_TURN)
    b = battle([(1, "strongman", 1, 2), (2, "soldier", 3, 2)], dice, ruleset=FateRuleset(data))
    a, d = b.units()
    hold(b, d)
    attack(b, a, d, "giant_rock")
    declare(b, a, "hold")
    bonus = events_of(b, BonusDamageRolled)[-1]
    assert bonus.bonus == ("300 lb object", 3)
    assert (bonus.attack_total, bonus.resist_total, bonus.scratches) == (3, 1, 2)
    assert [w.level for w in events_of(b, WoundTaken)] == ["Hurt", "Scratch", "Scratch"]
    assert (wounds(b, d).hurt, wounds(b, d).scratch) == (1, 2)
