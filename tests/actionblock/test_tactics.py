"""Tactical positions: hand-built small battles where one choice is clearly right; the
normal AI must pick it (the AI reads the battle, it never rolls its dice)."""

from game.ai import make_ai
from game.rulesets.actionblock.health import knock_out
from tests.actionblock.kit import answer, ascii_map, battle, set_hp, set_pdr, set_points


def decide(b, seed: int = 0):
    return make_ai("actionblock", seed).decide(b, b.pending)


def play_turn(b, me, seed: int = 0) -> None:
    """The AI plays `me`'s whole Turn; the other side lets everything pass."""
    from game.engine.decisions import REACTION
    ai = make_ai("actionblock", seed)
    while b.pending is not None:
        d = b.pending
        if d.actor == me:
            b.submit(ai.decide(b, d))
        elif d.kind == REACTION:
            answer(b, "pass")
        else:
            break


def test_focuses_the_foe_that_cannot_block():
    """Two equal shield-bearers in reach; one has no Strength left for a Block. A blow
    at it lands whole, one at the other meets Block + Shield Block (−7)."""
    b = battle([(1, "swordsman", 1, 1), (2, "shieldbearer", 2, 1), (2, "shieldbearer", 2, 2)],
               [6, 6, 6, 1, 1, 1])  # the two shield-bearers' roll-off
    me, guarded, drained = b.units()
    set_points(b, drained, strength=0)
    for seed in range(5):
        choice = decide(b, seed)
        assert choice.option == "melee" and choice.target == drained


def test_drops_the_foe_it_can_finish():
    b = battle([(1, "swordsman", 1, 1), (2, "target", 2, 1), (2, "target", 2, 2)], [6, 6, 6, 1, 1, 1])
    me, healthy, weak = b.units()
    set_hp(b, weak, 3)
    for seed in range(5):
        choice = decide(b, seed)
        assert choice.option == "melee" and choice.target == weak


def test_clears_a_corridor_by_finishing_the_body_in_it():
    """A one-tile corridor: a fallen foe lies next to the swordsman and a standing foe
    waits beyond it, so no move can pass. Finishing the body (it is then Dead and takes
    no room) is the only way forward; ending the Turn would stall the battle."""
    tmap = ascii_map(["##########",
                      "..........",
                      "##########"])
    b = battle([(1, "swordsman", 2, 1), (2, "target", 3, 1), (2, "slow", 4, 1)], [], tmap=tmap)
    me, body, guard = b.units()
    set_hp(b, body, 0)
    knock_out(b, body)
    answer(b, "end_turn")
    answer(b, "end_turn")  # the guard; block 2 gives the swordsman fresh options
    assert b.pending.actor == me
    choice = decide(b)
    assert choice.option == "melee" and choice.target == body


def test_attacks_rather_than_restores_while_it_can_pay():
    """Strength 3 of 10 still pays for a Melee Attack (2): Restore Strength Points would
    waste the Offensive Action of a Turn next to a foe. (A Charge to another tile beside
    the foe first, for the weapon's weight in damage, is fine.)"""
    from game.rulesets.actionblock.events import ActionTaken
    from tests.actionblock.kit import events_of
    b = battle([(1, "swordsman", 1, 1), (2, "target", 2, 1)], [1] * 40)
    me, foe = b.units()
    set_points(b, me, strength=3)
    answer(b, "end_turn")
    answer(b, "end_turn")
    assert "restore_strength" in [o.key for o in b.pending.options]
    start = len(b.log)
    play_turn(b, me)
    taken = [e.action for e in events_of(b, ActionTaken)[-10:] if e.unit == me and b.log.index(e) >= start]
    assert "Melee Attack" in taken and "Restore Strength Points" not in taken


def test_restores_when_nothing_better_is_left():
    """No Strength for any attack and nobody in reach: Restore Strength Points."""
    b = battle([(1, "swordsman", 1, 1), (2, "target", 2, 1)], [])
    me, foe = b.units()
    set_points(b, me, strength=1)
    answer(b, "end_turn")
    answer(b, "end_turn")
    assert decide(b).option == "restore_strength"


def test_dodges_a_shot_that_could_drop_it():
    """A Hunting Rifle shot (1d6+1) at a Dodger left with 3 HP behind PDR 4 hits on 6+
    passive, 8+ dodging: the Dodge saves far more than its Speed Point."""
    b = battle([(1, "sniper", 0, 0), (2, "dodger", 6, 0)], [])
    me, foe = b.units()
    set_hp(b, foe, 3)
    answer(b, "gun", foe, weapon="hunting_rifle")
    assert b.pending.context["trigger"] == "dodge"
    assert decide(b).option == "dodge"


def test_lets_a_graze_through_when_speed_is_short():
    """A Palm Pistol (1d6) against PDR 4 at full health deals 0.5 on a hit: not worth one
    of the last 2 Speed Points."""
    b = battle([(1, "pistoleer", 0, 0), (2, "dodger", 6, 0)], [])
    me, foe = b.units()
    set_points(b, foe, speed=2)
    answer(b, "gun", foe, weapon="palm_pistol")
    assert b.pending.context["trigger"] == "dodge"
    assert decide(b).option == "pass"


def test_blocks_a_heavy_blow_but_not_a_blocked_out_graze():
    """A Greatsword hit (3d6) on a Shieldbearer at 6 HP is worth a Block; with PDR 20 no
    damage can get through and no Block is even asked."""
    b = battle([(1, "greatsword", 1, 0), (2, "shieldbearer", 2, 0)], [6, 6, 6, 1, 1, 1, 5, 5])
    me, foe = b.units()
    set_hp(b, foe, 6)
    answer(b, "melee", foe, weapon="greatsword")
    assert b.pending.context["trigger"] == "block"
    assert decide(b).option in ("block", "heavy_block", "super_block")
    b2 = battle([(1, "greatsword", 1, 0), (2, "shieldbearer", 2, 0)], [6, 6, 6, 1, 1, 1, 5, 5, 1, 1, 1])
    me2, foe2 = b2.units()
    set_pdr(b2, foe2, 20)
    answer(b2, "melee", foe2, weapon="greatsword")
    assert b2.pending.actor == me2  # resolved without a prompt


def test_lets_a_neighbour_step_that_stays_in_reach():
    """Obstruct Movement only when it stops something: a Sidestep that ends next to the
    swordsman anyway is let through (the Strength is kept for a Block)."""
    b = battle([(1, "swordsman", 1, 1), (2, "slow", 2, 1)], [])
    me, foe = b.units()
    answer(b, "sidestep", (1, 2), facing="moved")
    assert b.pending.context["trigger"] == "obstruct" and b.pending.actor == foe
    assert decide(b).option == "pass"


def test_obstructs_a_charge_at_it():
    b = battle([(1, "charger", 0, 0), (2, "slow", 2, 1)], [])
    me, foe = b.units()
    answer(b, "fast_charge", (4, 0))
    assert b.pending.context["trigger"] == "obstruct"
    assert decide(b).option == "obstruct"


def test_a_gunner_steps_away_from_a_brawler():
    """A pistol fighter next to a melee foe on open ground ends its Turn out of reach."""
    b = battle([(1, "pistoleer", 5, 5), (2, "heavy", 6, 5)], [1] * 60)
    me, foe = b.units()
    play_turn(b, me, 1)
    tx, ty = b.tile(me)
    fx, fy = b.tile(foe)
    assert max(abs(tx - fx), abs(ty - fy)) > 1
