"""Defensive Actions on another character's Turn: Dodge before the Base To Hit Roll,
Block / Heavy Block / Super Block (+ Shield Block) after a hit and before the damage
roll, Obstruct Movement when a neighbour moves."""

from game.engine.decisions import REACTION
from game.engine.events import Moved
from game.rulesets.actionblock.components import Points, Stance
from game.rulesets.actionblock.events import DamageRolled, MovementObstructed, ToHitRolled
from tests.actionblock.kit import answer, battle, events_of, offered, set_points


def test_dodge_is_asked_before_the_roll_and_uses_active_evasion():
    """Medium armour (Passive Evasion 6) with Dodge Boost 1: a Dodge, declared before
    any die is rolled, makes the attack need Active Evasion 8; it costs 1 Speed."""
    b = battle([(1, "swordsman", 0, 0), (2, "dodger", 1, 0)], [3, 3])
    me, foe = b.units()
    answer(b, "melee", foe, weapon="longsword")
    d = b.pending
    assert d.kind == REACTION and d.actor == foe and d.context["trigger"] == "dodge"
    assert not events_of(b, ToHitRolled)  # nothing rolled yet
    assert d.context["hit_passive"] > d.context["hit_dodging"]
    speed = b.get(foe, Points).speed
    answer(b, "dodge")
    roll = events_of(b, ToHitRolled)[-1]
    assert roll.evasion == 8 and "Active Evasion" in roll.evasion_label
    assert roll.total == 6 + 2 and roll.hit  # 8 meets 8
    assert b.get(foe, Points).speed == speed - 1


def test_no_dodge_prompt_when_it_changes_nothing():
    """Light armour and no Dodge Boost: Active and Passive Evasion are both 7."""
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)], [1, 1])
    me, foe = b.units()
    answer(b, "melee", foe, weapon="longsword")
    assert b.pending.actor != foe or b.pending.context.get("trigger") != "dodge"


def test_block_comes_after_the_hit_and_before_damage():
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)], [4, 4, 6, 6])
    me, foe = b.units()
    answer(b, "melee", foe, weapon="longsword")
    assert events_of(b, ToHitRolled) and not events_of(b, DamageRolled)
    d = b.pending
    assert d.context["trigger"] == "block" and {"block", "heavy_block", "super_block", "pass"} <= set(offered(b))
    assert d.context["expected_damage"]["block"] < d.context["expected_damage"]["pass"]
    answer(b, "heavy_block")
    dmg = events_of(b, DamageRolled)[-1]
    assert ("Heavy Block Stance", 10) in dmg.reductions
    assert dmg.dealt == max(0, 7 + 6 - 12)


def test_no_block_prompt_on_a_miss():
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)], [1, 1])
    me, foe = b.units()
    answer(b, "melee", foe, weapon="longsword")
    assert b.pending.actor == me


def test_shield_block_adds_the_shield_bonus():
    """Shield Block with a Large Shield adds +2 / +4 / +6 to Block / Heavy / Super. A
    Super Block alone already stops the longsword's best roll (13 − 2 PDR − 15 < 0), so
    its Shield Block would change nothing and is not offered with it [GAME]."""
    b = battle([(1, "swordsman", 0, 0), (2, "shieldbearer", 1, 0)], [4, 4, 6, 6])
    me, foe = b.units()
    answer(b, "melee", foe, weapon="longsword")
    assert b.pending.option("block").params["shield"] == ("yes", "no")
    assert "shield" not in b.pending.option("super_block").params
    answer(b, "block", shield="yes")
    dmg = events_of(b, DamageRolled)[-1]
    assert ("Block Stance", 5) in dmg.reductions
    assert ("Shield Block (Large Shield)", 2) in dmg.reductions
    assert dmg.dealt == 7 + 6 - (2 + 5 + 2)
    # [PROP] the stance stopped its one blow and is over.
    assert b.get(foe, Stance).level == 0 and b.get(foe, Stance).shield is None


def test_no_shield_block_after_attacking_with_the_shield_this_block():
    """"if they haven't used their Shield to perform an Offensive Action in the same
    Action Block"."""
    b = battle([(1, "shieldbearer", 0, 0), (2, "slow", 1, 0)], [1, 1, 6, 6, 1, 1])
    me, foe = b.units()
    answer(b, "melee", foe, weapon="large_shield")  # a miss
    answer(b, "end_turn")
    answer(b, "melee", me, weapon="longsword")  # 12 + 1: a hit
    assert b.pending.actor == me and "shield" not in b.pending.option("block").params


def test_a_stance_stops_one_blow():
    """[PROP] house rule: a Block-family stance ends once the attack that hit has dealt
    its damage, so a second attacker in the same Action Block meets no stance and the
    target must Block again (a lone blocker cannot soak a whole side for 2 Strength)."""
    b = battle([(1, "swordsman", 0, 0), (1, "plain_sword", 2, 0), (2, "slow", 1, 0)],
               [6, 6, 6, 1, 1, 1,   # the two attackers tie on Max Speed 10: a roll-off
                4, 4, 1, 1, 4, 4, 1])
    a1, a2, foe = b.units()
    answer(b, "melee", foe, weapon="longsword")
    answer(b, "block")
    assert ("Block Stance", 5) in events_of(b, DamageRolled)[-1].reductions
    assert b.get(foe, Stance).level == 0
    answer(b, "end_turn")
    answer(b, "melee", foe, weapon="longsword")
    assert b.pending.actor == foe and b.pending.context["trigger"] == "block"
    answer(b, "pass")
    assert events_of(b, DamageRolled)[-1].reductions == (("PDR", 2),)


def test_obstruct_movement_ends_a_move_of_a_neighbour():
    """A character within Melee Range may Obstruct Movement (1 Str) to end another's
    Movement Action; the mover stays where it was and its Speed is spent."""
    b = battle([(1, "swordsman", 1, 0), (2, "slow", 2, 0)], [])
    me, foe = b.units()
    answer(b, "fast_sidestep", (1, 2), facing="moved")
    d = b.pending
    assert d.actor == foe and d.context["trigger"] == "obstruct"
    answer(b, "obstruct")
    assert b.tile(me) == (1, 0)
    assert events_of(b, MovementObstructed) and not events_of(b, Moved)
    assert b.get(foe, Points).strength == 12 - 2 - 1
    assert b.get(me, Points).speed == 10 - 3


def test_obstruct_during_a_move_when_coming_near():
    """An enemy that the mover comes within 5 ft of during the move may end it there."""
    b = battle([(1, "charger", 0, 0), (2, "slow", 3, 1)], [])
    me, foe = b.units()
    answer(b, "fast_charge", (4, 0))
    assert b.pending.actor == foe  # asked when the charger stands at (2, 0)
    answer(b, "obstruct")
    assert b.tile(me) == (2, 0)
    assert events_of(b, Moved)[-1].path == ((1, 0), (2, 0))


def test_no_obstruct_without_strength_or_for_turning():
    b = battle([(1, "swordsman", 1, 0), (2, "slow", 2, 0)], [])
    me, foe = b.units()
    set_points(b, foe, strength=0)
    answer(b, "sidestep", (0, 0), facing="moved")
    assert b.pending.actor == me  # not asked: no Strength to pay
    b2 = battle([(1, "swordsman", 1, 0), (2, "slow", 2, 0)], [])
    answer(b2, "turn", facing="s")
    assert b2.pending.actor == b2.units()[0]  # Turn does not move: nothing to obstruct


def test_illegal_answers_to_a_reaction_change_nothing():
    """At a Dodge prompt, a Block (not offered yet) or a target is refused."""
    import pytest
    from game.engine.decisions import Choice
    from game.errors import IllegalChoice
    b = battle([(1, "swordsman", 0, 0), (2, "dodger", 1, 0)], [3, 3])
    me, foe = b.units()
    answer(b, "melee", foe, weapon="longsword")
    before = b.digest()
    for bad in (Choice("block"), Choice("dodge", me), Choice("end_turn")):
        with pytest.raises(IllegalChoice):
            b.submit(bad)
        assert b.digest() == before


def test_the_dodge_prompt_reads_an_aimed_attack():
    """Window text: "makes an Aimed Attack", not "makes a Aimed Attack"."""
    from game.rulesets.actionblock.reactions import article
    assert f"makes {article('Aimed Attack')} Aimed Attack" == "makes an Aimed Attack"
    assert f"makes {article('Gun Attack')} Gun Attack" == "makes a Gun Attack"
