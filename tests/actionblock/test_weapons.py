"""Weapon rules: hammers' Speed Point Damage, guns' Range, ammo and Reload, the
Second Attack bonus action, cover [PROP], Tesla's Spell Damage Reduction."""

from game.rulesets.actionblock.components import Defences, Loadout, Points
from game.rulesets.actionblock.events import DamageRolled, StatChanged, ToHitRolled
from tests.actionblock.kit import answer, ascii_map, battle, events_of, offered


def test_hammer_hit_lowers_current_speed():
    """War Hammer (Speed Point Damage 1): a hit lowers the target's Current Speed."""
    b = battle([(1, "hammerer_t", 0, 0), (2, "target", 1, 0)], [5, 5, 1, 1, 1])
    me, foe = b.units()
    before = b.get(foe, Points).speed
    answer(b, "melee", foe, weapon="war_hammer")
    answer(b, "pass")
    assert b.get(foe, Points).speed == before - 1
    assert "Speed Point Damage 1" in events_of(b, StatChanged)[-1].why


def test_guns_need_range_and_sight():
    """A Palm Pistol reaches 50 ft (10 tiles); a wall between hides the target."""
    b = battle([(1, "pistoleer", 0, 0), (2, "target", 10, 0)], [])
    assert b.units()[1] in b.pending.option("gun").targets
    b = battle([(1, "pistoleer", 0, 0), (2, "target", 11, 0)], [])
    assert b.pending.option("gun") is None
    walled = ascii_map(["..#..", "..#..", "..#.."])
    b = battle([(1, "pistoleer", 0, 1), (2, "target", 4, 1)], [], tmap=walled)
    assert b.pending.option("gun") is None


def test_ammo_and_reload():
    """Each Gun Attack uses a round; an empty gun cannot fire; Reload (1 Str) refills."""
    b = battle([(1, "shotgunner", 0, 0), (2, "target", 3, 0)], [1] * 30)
    me, foe = b.units()
    loadout = b.get(me, Loadout)
    assert loadout.loaded["shotgun"] == 2
    for _ in range(2):
        answer(b, "gun", foe, weapon="shotgun")
        answer(b, "end_turn")
        answer(b, "end_turn")
    assert loadout.loaded["shotgun"] == 0 and "gun" not in offered(b)
    answer(b, "reload", weapon="shotgun")
    assert loadout.loaded["shotgun"] == 2 and b.get(me, Points).strength == 10 - 5 - 1


def test_second_gun_attack_with_the_other_pistol():
    """[Second Attack]: right after a Gun Attack, a Bonus Gun Attack with the other
    weapon, once per Action Block, paying its own costs [PROP]."""
    b = battle([(1, "twin", 0, 0), (2, "target", 3, 0)], [1, 1, 1, 1])
    me, foe = b.units()
    answer(b, "gun", foe, weapon="palm_pistol")
    opt = b.pending.option("second_gun")
    assert opt is not None and opt.params["weapon"] == ("palm_pistol_2",)
    answer(b, "second_gun", foe, weapon="palm_pistol_2")
    assert b.get(me, Points).speed == 10 - 2 - 2
    assert "second_gun" not in offered(b)
    assert [e.weapon for e in events_of(b, ToHitRolled)] == ["Palm Pistol", "Palm Pistol"]


def test_second_attack_must_follow_at_once():
    b = battle([(1, "twin", 0, 0), (2, "target", 3, 0)], [1, 1])
    me, foe = b.units()
    answer(b, "gun", foe, weapon="palm_pistol")
    answer(b, "turn", facing="n")
    assert "second_gun" not in offered(b)


def test_cover_adds_to_evasion_against_guns():
    """[PROP] heavy cover beside the target: +2 Evasion against Gun and Aimed Attacks."""
    tmap = ascii_map([".....", "...h.", "....."])
    b = battle([(1, "pistoleer", 0, 1), (2, "target", 4, 1)], [6, 6], tmap=tmap)
    me, foe = b.units()
    answer(b, "gun", foe, weapon="palm_pistol")
    roll = events_of(b, ToHitRolled)[-1]
    assert roll.evasion == 7 + 2 and "heavy cover" in roll.evasion_label


def test_tesla_uses_spell_damage_reduction():
    """"For attacks with a Tesla, the character uses their Spell Damage Reduction"."""
    b = battle([(1, "tesla_gunner", 0, 0), (2, "heavy", 3, 0)], [5, 5, 4, 4])
    me, foe = b.units()
    assert b.get(foe, Defences).pdr == 6
    answer(b, "gun", foe, weapon="tesla_pistol")
    while b.pending.actor == foe:
        answer(b, "pass")
    dmg = events_of(b, DamageRolled)[-1]
    assert dmg.reductions == (("Spell DR", 0),) and dmg.dealt == 8 - 1 + 2


def test_spinning_strike_rolls_against_every_enemy_in_reach():
    """Attack Modifier Spinning Strike (the brawler's ability): every enemy in Melee
    Range is attacked, each with its own rolls, one cost paid, no Charge bonus."""
    b = battle([(1, "brawler", 1, 1), (2, "slow", 2, 1), (2, "dodger", 0, 0), (2, "hammerer_t", 5, 5)],
               [1, 1, 1, 1])
    me, a, c, far = b.units()
    answer(b, "end_turn")  # the hammerer (Max Speed 10) goes first
    opt = b.pending.option("melee")
    assert opt.params["modifier"] == ("none", "spinning_strike")
    answer(b, "melee", a, weapon="clawed_gauntlet", modifier="spinning_strike")
    while b.pending.actor != me:
        answer(b, "pass")
    rolls = events_of(b, ToHitRolled)
    assert sorted(r.target for r in rolls) == sorted([a, c])
    p = b.get(me, Points)
    assert (p.strength, p.speed) == (12 - 5 - 2, 7 - 1)
