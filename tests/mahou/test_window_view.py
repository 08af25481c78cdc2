"""What the generic window reads for Mahou (snapshot, unit cards, prompts), in the two
moments the issue names: a reaction taken after seeing the attack roll, and a grapple
followed by an escape."""

from game.ui.snapshot import snapshot
from game.rulesets.mahou.events import AttackRolled
from tests.mahou.kit import battle, choose, last


def test_a_reaction_after_seeing_the_roll_is_prompted_with_the_roll():
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1, 7, 1, 1, 9])
    boxer, dummy = b.units()
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="primary")
    view = snapshot(b)
    assert view.kind == "reaction" and view.actor == dummy and "defend before the roll" in view.prompt
    choose(b, "pass")
    view = snapshot(b)
    assert "rolled 7" in view.prompt and "Defend now?" in view.prompt
    assert {o.hotkey for o in b.pending.options} == {"b", "d", "n"}
    choose(b, "spot_block", **{"with": "gym:fists", "hand": "primary"})
    assert not last(b, AttackRolled).hit
    card = snapshot(b).cards[dummy]
    assert card["actions"]["hand"] == 1 and card["passive"] == {"block": 5, "dodge": 5, "parry": 4}


def test_a_grapple_and_an_escape_show_on_the_cards_and_the_board():
    dice = [7, 1, 1,  # the grapple
            6, 4]  # the escape: Strength d6 6+4 = 10 against 7
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1] + dice)
    boxer, dummy = b.units()
    choose(b, "grapple", dummy, stance="strong", skill="martial_arts", hand="primary")
    choose(b, "pass")
    choose(b, "pass")
    view = snapshot(b)
    assert view.units[boxer].partners == (dummy,)
    assert any("held by Boxer 1-1" in c for c in view.cards[dummy]["conditions"])
    assert any("holding Dummy 2-1" in c for c in view.cards[boxer]["conditions"])
    choose(b, "end_turn")
    assert "escape" in [o.key for o in b.pending.options]
    assert b.ruleset.odds(b, b.pending, b.pending.option("escape").choice(
        boxer, stat="strength", skill="martial_arts")).hit > 0
    choose(b, "escape", boxer, stat="strength", skill="martial_arts")
    assert snapshot(b).kind == "pick"
    choose(b, "refund_primary")
    view = snapshot(b)
    assert view.units[boxer].partners == () and view.cards[dummy]["conditions"] == []
