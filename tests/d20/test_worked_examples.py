"""The three worked examples of rules/d20-firearms.txt ("Examples"), with forced dice.

Each test: the shooter's template has Firearms +4 as in the text; the first two
scripted faces are initiative (shooter 20, target 1, so the shooter acts first).
"""

from game.engine.events import Damaged
from game.rulesets.d20.components import Health, Loadout
from game.rulesets.d20.events import AttackRolled, DamageRolled
from tests.helpers import battle_with, events_of, open_map


def arm(battle, unit, weapon):
    loadout = battle.get(unit, Loadout)
    loadout.weapons.insert(0, weapon)
    loadout.held = weapon
    loadout.loaded[weapon] = battle.ruleset.data.weapons[weapon].magazine


def shoot(battle, target, mode, location):
    opt = battle.pending.option("shoot")
    battle.submit(opt.choice(target, mode=mode, location=location))


def test_example_1_smg_burst_to_the_head_at_30_ft():
    """11 (d20) + 4 (Firearms) + 3 (burst) − 5 (head) = 13; burst die of a 1d6 weapon is 1d4.

    A head hit doubles the damage dice (rule text, Targeted Attacks): 2d6 + 2d4.
    """
    tmap = open_map()
    b = battle_with(tmap, [(1, "gunner", 0, 0), (2, "marksman", 6, 0)],
                    [20, 1, 11, (6, 4), (6, 3), (4, 1), (4, 2)])
    shooter, target = b.units()
    assert b.ruleset.data.weapons["smg"].damage == "1d6"
    shoot(b, target, "burst", "head")
    roll = events_of(b, AttackRolled)[-1]
    assert roll.face == 11
    assert roll.modifiers == (("Firearms", 4), ("burst", 3), ("head", -5))
    assert roll.total == 13
    assert roll.needed == 13  # marksman Dodge: 12 + Agility 1
    assert roll.hit and not roll.critical  # meeting the Dodge is enough
    dmg = events_of(b, DamageRolled)[-1]
    assert dmg.rolled == 4 + 3 + 1 + 2
    assert b.get(target, Health).hp == 16 - 10
    assert b.get(shooter, Loadout).loaded["smg"] == 30 - 3  # a burst uses 3 rounds


def test_example_1_damage_line_torso_burst_is_1d6_plus_1d4():
    """The example's damage line, 4 (1d6) + 1 (1d4, burst bonus) = 5, on a torso hit."""
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "marksman", 6, 0)],
                    [20, 1, 11, (6, 4), (4, 1)])
    shooter, target = b.units()
    shoot(b, target, "burst", "torso")
    assert events_of(b, AttackRolled)[-1].total == 11 + 4 + 3
    dmg = events_of(b, DamageRolled)[-1]
    assert dmg.rolled == 5 and dmg.dealt == 5
    assert b.get(target, Health).hp == 16 - 5


def test_example_2_infantry_rifle_single_shot_torso_at_80_ft():
    """18 (d20) + 4 (Firearms) = 22, no range penalty at 80 ft; damage 6 (2d4)."""
    b = battle_with(open_map(), [(1, "gunner", 0, 0), (2, "brawler", 16, 0)],
                    [20, 1, 18, (4, 2), (4, 4)])
    shooter, target = b.units()
    arm(b, shooter, "infantry_rifle")
    shoot(b, target, "single", "torso")
    roll = events_of(b, AttackRolled)[-1]
    assert roll.modifiers == (("Firearms", 4),)
    assert roll.total == 22 and roll.hit and not roll.critical
    dmg = events_of(b, DamageRolled)[-1]
    assert dmg.rolled == 6 and dmg.dealt == 6
    assert b.get(target, Health).hp == 24 - 6
    assert b.get(shooter, Loadout).loaded["infantry_rifle"] == 19


def test_example_3_coach_gun_buckshot_natural_20_at_50_ft():
    """20 (d20) + 4 + 3 (buckshot) − 3 (range) = 24; 2d8 + 1d8 (crit upgrades d6 → d8) = 13."""
    b = battle_with(open_map(), [(1, "guardian", 0, 0), (2, "brawler", 10, 0)],
                    [20, 1, 20, (8, 4), (8, 4), (8, 5)])
    shooter, target = b.units()
    opt = b.pending.option("shoot")
    # Buckshot cannot make targeted attacks: the torso only, untargeted.
    assert opt.params_for(target)["location"] == ("untargeted",)
    shoot(b, target, "single", "untargeted")
    roll = events_of(b, AttackRolled)[-1]
    assert roll.modifiers == (("Firearms", 4), ("buckshot", 3), ("extended range", -3))
    assert roll.total == 24 and roll.critical
    dmg = events_of(b, DamageRolled)[-1]
    assert dmg.rolled == 13
    assert [d.split(" ")[0] for d in dmg.dice] == ["2d8", "1d8"]
    assert events_of(b, Damaged)[-1].amount == 13
