"""Initiate Grapple (Battle Order step 4) and this game's reading of the missing
Stances page for the Grappling and Grappled Stances (docs/rulesets/actionblock.md)."""

from game.engine import grapple
from game.rulesets.actionblock import grappling
from game.rulesets.actionblock.components import Health, Points
from game.rulesets.actionblock.events import ContestRolled, DamageRolled, GrappleChanged, ToHitRolled
from tests.actionblock.kit import answer, battle, events_of, offered


def grappled_pair(extra_dice=()):
    """Grappler (Gauntlet: grapple to-hit +1, Grapple Boost 1: +2) grapples the target."""
    b = battle([(1, "grappler", 0, 0), (2, "target", 1, 0)], [2, 2] + list(extra_dice))
    me, foe = b.units()
    answer(b, "grapple", foe)
    return b, me, foe


def test_initiate_grapple_rolls_to_hit_with_the_grapple_bonus():
    """2d6 + grapple To Hit Bonus (Gauntlet +1, Grapple Boost +2) ≥ Evasion: on a hit
    the attacker is Grappling, the target Grappled. Costs 1 Str, 1 Spd."""
    b, me, foe = grappled_pair()
    roll = events_of(b, ToHitRolled)[-1]
    assert roll.modifiers == (("Gauntlet grapple", 1), ("Grapple Boost", 2))
    assert roll.total == 7 and roll.hit
    assert grappling.holding(b, me) == [foe] and grappling.grappled(b, foe)
    assert events_of(b, GrappleChanged)[-1].started
    p = b.get(me, Points)
    assert (p.strength, p.speed) == (12 - 3 - 1, 10 - 1)
    assert not grapple.consistency_errors(b)


def test_grappled_cannot_move_but_may_break_free():
    b, me, foe = grappled_pair([1, 1, 6, 6])
    answer(b, "maintain_grapple")
    answer(b, "end_turn")
    assert not {"sidestep", "fast_sidestep", "charge", "fast_charge"} & set(offered(b))
    assert "break_grapple" in offered(b) and "turn" in offered(b)
    answer(b, "break_grapple", me)  # 2 + 0 vs 12 + 2: it holds
    assert grappling.grappled(b, foe)
    contest = events_of(b, ContestRolled)[-1]
    assert not contest.success and contest.b_mods == (("Max Grapple Strength", 2),)


def test_break_grapple_tie_holds_and_higher_wins():
    b, me, foe = grappled_pair([6, 4, 5, 3])  # 10 + 0 vs 8 + 2: a tie holds
    answer(b, "maintain_grapple")
    answer(b, "end_turn")
    answer(b, "break_grapple", me)
    assert grappling.grappled(b, foe)
    b, me, foe = grappled_pair([6, 5, 5, 3])  # 11 vs 10: free
    answer(b, "maintain_grapple")
    answer(b, "end_turn")
    answer(b, "break_grapple", me)
    assert not grappling.grappled(b, foe) and not grapple.consistency_errors(b)


def test_grapple_attack_hits_automatically_and_slows():
    """Grapple Attack: Gauntlet grapple damage 2d6 + Grapple Boost 1d6 − PDR, and the
    target loses 4 Current Speed Points (the Gauntlet's Grapple Speed Damage)."""
    b, me, foe = grappled_pair([3, 4, 5])
    answer(b, "maintain_grapple")
    answer(b, "end_turn")
    answer(b, "end_turn")
    speed = b.get(foe, Points).speed
    answer(b, "grapple_attack", foe)
    if b.pending.actor == foe:
        answer(b, "pass")
    dmg = events_of(b, DamageRolled)[-1]
    assert (dmg.base, dmg.bonus, dmg.dealt) == (7, 5, 7 + 5 - 2)
    assert b.get(foe, Points).speed == max(0, speed - 4)


def test_grapple_ends_unless_maintained():
    """[PROP] every Turn after the one it began, the grappler must Maintain Grapple."""
    b, me, foe = grappled_pair()
    answer(b, "end_turn")  # the Turn it began: the grab itself holds
    assert grappling.grappled(b, foe)
    answer(b, "end_turn")
    answer(b, "end_turn")  # no Maintain Grapple this Turn
    assert not grappling.grappled(b, foe)
    assert events_of(b, GrappleChanged)[-1].why == "not maintained"


def test_grapple_ends_when_the_grappler_moves_or_falls():
    b, me, foe = grappled_pair()
    answer(b, "maintain_grapple")
    answer(b, "end_turn")
    answer(b, "end_turn")
    answer(b, "sidestep", (0, 1), facing="moved")
    assert not grappling.holding(b, me)
    b, me, foe = grappled_pair()
    from game.rulesets.actionblock.health import take_damage
    take_damage(b, me, b.get(me, Health).hp)
    assert not grappling.grappled(b, foe) and not grapple.consistency_errors(b)
