"""The fate AI: declares by the exact odds and reads slower units' declarations."""

from game.ai import make_ai
from game.rulesets.fate.wounds import WoundTrack
from tests.fate.kit import ascii_map, attack, battle, declare, hold, initiative

BOXED = ["lll" + "." * 25,
         "l.l" + "." * 25,
         "lll" + "." * 25]


def test_ai_gets_down_when_a_slower_enemy_has_declared_a_shot_at_it():
    """A faster unit sees the slower marksman's declared shot: boxed in and out of its own
    reach, the AI drops prone (+2 against projectiles) instead of standing there."""
    b = battle([(1, "soldier", 1, 1), (2, "marksman", 25, 1)], initiative(4, -4), ascii_map(BOXED))
    me, marksman = b.units()
    attack(b, marksman, me, "rifle")
    declare(b, marksman, "hold")
    choice = make_ai("fate", 0).decide(b, b.pending)
    assert choice.option == "prone"


def test_ai_holds_when_the_slower_enemy_declared_nothing_at_it():
    b = battle([(1, "soldier", 1, 1), (2, "marksman", 25, 1)], initiative(4, -4), ascii_map(BOXED))
    me, marksman = b.units()
    hold(b, marksman)
    assert make_ai("fate", 0).decide(b, b.pending).option == "hold"


def test_ai_strikes_where_the_slower_enemy_declared_it_will_be():
    """The slower soldier declares a move next to the faster scout: the AI scout's knife
    waits for it there."""
    b = battle([(1, "scout", 2, 1), (2, "soldier", 9, 1)], initiative(4, -4), ascii_map(["." * 12] * 3))
    scout, soldier = b.units()
    declare(b, soldier, "move", (3, 1))
    declare(b, soldier, "hold")
    choice = make_ai("fate", 0).decide(b, b.pending)
    assert choice.option == "attack" and choice.target == soldier


def test_ai_picks_the_attack_most_likely_to_take_a_target_out():
    """Two soldiers in reach, one already Very Hurt with full Hurt boxes: the AI shoots the
    one its exact odds say it can drop."""
    b = battle([(1, "soldier", 1, 1), (2, "soldier", 5, 0), (2, "soldier", 5, 2)],
               initiative(4, -4, -3), ascii_map(["." * 10] * 3))
    me, fresh, worn = b.units()
    b.get(worn, WoundTrack).hurt = 2
    b.get(worn, WoundTrack).very_hurt = 1
    hold(b, fresh)
    hold(b, worn)
    choice = make_ai("fate", 0).decide(b, b.pending)
    assert choice.option == "attack" and choice.target == worn


def test_ai_marksman_aims_then_takes_the_aimed_shot():
    """With one two-handed shot a turn and a target that declared it stays put, aiming
    first (+1) and shooting second beats shooting at once."""
    b = battle([(1, "marksman", 0, 1), (2, "soldier", 10, 1)], initiative(4, -4), ascii_map(["." * 12] * 3))
    me, soldier = b.units()
    hold(b, soldier)
    ai = make_ai("fate", 0)
    first = ai.decide(b, b.pending)
    assert first.option == "aim" and first.target == soldier
    b.submit(first)
    second = ai.decide(b, b.pending)
    assert second.option == "attack" and second.target == soldier
    assert ("aimed", 1) in b.ruleset.odds(b, b.pending, second).breakdown
