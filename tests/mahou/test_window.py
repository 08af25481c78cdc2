"""The issue's window bar, in the real window (driven as tests/ui drives it: posted
clicks and keys, frames stepped, no clock; the test characters of tests/mahou/data and
forced dice):

* a reaction taken after seeing the attack roll: the AI's boxer punches a person's
  fencer; the prompt comes before the roll, the person declines it, sees the roll, and
  answers the second prompt with a Spot Dodge (or a Spot Block by keyboard) that turns
  the hit into a miss;
* a grapple with an escape, in hotseat: a person's boxer grapples a person's dummy by
  clicking; after the hand-over the dummy escapes by clicking its Escape action (the
  hold drops by 2), and next round again (the hold breaks).
"""

from __future__ import annotations

import pygame

from game.engine.battle import Battle, UnitOrder
from game.engine.dice import ScriptedDice
from game.rulesets.mahou.components import Actions, Health, Hold
from game.rulesets.mahou.events import (AttackRolled, AttackRollShown, CheckRolled,
                                        DefenceRolled, HoldChanged)
from tests.helpers import events_of
from tests.mahou.kit import rules
from tests.ui.conftest import (press_option, click_tile, confirm_handover, field_map, headless_window,  # noqa: F401
                               hover_tile, make_app, post_click, post_move, press, pump,
                               start_screen, until)

REST = 10  # frames (0.5 s) the pointer rests on a reaction button before its pickers show


def duel(units, dice) -> Battle:
    """`units`: (team, template, x, y) of tests/mahou/data, on an open 14×10 field."""
    tmap = field_map([(t, "brawler", x, y) for t, _, x, y in units])
    return Battle(tmap, rules(), [UnitOrder(*u) for u in units], dice=ScriptedDice(list(dice)))


def reaction_keys(screen) -> list[str]:
    return [o.key for _, o in screen.rects["reaction_buttons"]]


def reaction_button(screen, key):
    return next(r for r, o in screen.rects["reaction_buttons"] if o.key == key)


def param_button(screen, name, value):
    return next(r for r, n, v, ok in screen.rects["param_buttons"] if (n, v) == (name, value) and ok)


def bar_button(screen, key):
    return next(r for r, o in screen.rects["bar_buttons"] if o.key == key)


def card(screen, unit) -> dict:
    return screen.view.cards[unit]


# --- a reaction after seeing the roll -----------------------------------------------------
class Puncher:
    """Side 2's controller (run by the window's AI worker like any AI): one Strong,
    Martial Arts punch at the first foe, then it ends its turn."""

    def __init__(self) -> None:
        self.punched = False

    def decide(self, battle, decision):
        punch = decision.option("punch")
        if punch is not None and not self.punched:
            self.punched = True
            return punch.choice(punch.targets[0], stance="strong", skill="martial_arts", hand="primary")
        for key in ("end_turn", "pass"):
            if decision.option(key) is not None:
                return decision.option(key).choice()
        raise AssertionError(f"unexpected decision: {decision.prompt}")


INITIATIVE = [1, 1,   # the fencer: 2d8 keep lower → 1
              5, 5]   # the boxer: 2d6 keep lower → 5, so the AI's boxer acts first
PUNCH = [7, 1, 1]     # 3d8 Martial Arts keeps 7, against the fencer's Passive Block 4


def attacked_fencer(make_app, dice):
    """The AI's boxer has declared its punch: the fencer's side is asked before the roll."""
    app = make_app(sides={"1": "human", "2": "ai"})
    battle = duel([(1, "fencer", 5, 4), (2, "boxer", 6, 4)], INITIATIVE + PUNCH + dice)
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, controllers={2: Puncher()})
    fencer, boxer = battle.units()
    assert until(app, lambda: screen.decision is not None)
    p = battle.pending
    assert (p.kind, p.actor, p.context["phase"], p.context["attacker"]) == ("reaction", fencer, "before", boxer)
    assert screen.handover is None and screen.decision is p
    assert "Boxer 2-1 attacks Fencer 1-1" in p.prompt and "defend before the roll?" in p.prompt
    assert not events_of(battle, AttackRollShown) and not events_of(battle, AttackRolled)
    # before the roll the window offers the active defences and "Wait for the roll": the
    # spot ones ("before or after an attack roll") are asked after it (game/ui/reaction_asks.py)
    assert reaction_keys(screen) == ["active_block", "active_parry", "active_dodge", "pass"]
    assert screen.preview()[0] == "context"   # the incoming attack, in the preview panel
    # every answer fits inside the window, in the reaction panel
    panel = screen.rects["reaction"]
    assert app.surface.get_rect().contains(panel)
    assert all(panel.contains(r) for r, _ in screen.rects["reaction_buttons"])
    return app, battle, screen, fencer, boxer


def punched_fencer(make_app, defence_dice):
    """...and its side declines by clicking "No defence": the punch is rolled, shown, and
    the fencer's side is asked again."""
    app, battle, screen, fencer, boxer = attacked_fencer(make_app, defence_dice)
    post_click(reaction_button(screen, "pass").center)
    pump(app)
    shown = events_of(battle, AttackRollShown)[-1]
    assert (shown.roll.endswith("= 7"), shown.needed) == (True, 4)
    p = battle.pending
    assert (p.kind, p.actor, p.context["phase"], p.context["roll"], p.context["needed"]) == \
        ("reaction", fencer, "after", 7, 4)
    assert "rolled 7" in p.prompt and "it hits Fencer 1-1. Defend now?" in p.prompt
    assert screen.decision is p
    assert reaction_keys(screen) == ["spot_block", "spot_parry", "spot_dodge", "pass"]
    assert not events_of(battle, AttackRolled)   # not judged yet: no damage either
    return app, battle, screen, fencer, boxer


def test_a_spot_dodge_taken_after_seeing_the_roll_by_clicking(make_app):
    app, battle, screen, fencer, boxer = punched_fencer(
        make_app, [3, 4, 6, 7])   # Spot Dodge, two rolls: (3, 4) → 3, (6, 7) → 6; +5 against Strong = 11

    # Resting the pointer on Spot Dodge brings up its picker (how many rolls); two, clicked.
    post_move(reaction_button(screen, "spot_dodge").center)
    pump(app, REST)
    assert screen.controls.param_option().key == "spot_dodge"
    assert [(n, v) for _, n, v, _ in screen.rects["param_buttons"]] == [("rolls", 1), ("rolls", 2)]
    post_click(param_button(screen, "rolls", 2).center)
    pump(app)
    assert screen.params["rolls"] == 2
    post_click(reaction_button(screen, "spot_dodge").center)
    pump(app)

    dodge = events_of(battle, DefenceRolled)[-1]
    assert (dodge.unit, dodge.defence, dodge.total) == (fencer, "Spot Dodge", 11)
    roll = events_of(battle, AttackRolled)[-1]
    assert (roll.total, roll.needed, roll.hit) == (7, 11, False) and "Spot Dodge 11" in roll.needed_from
    assert battle.get(fencer, Health).hp == 20
    assert battle.get(fencer, Actions).spare.move == 0             # both rolls' 8 moves spent
    assert card(screen, fencer)["actions"]["move"] == 0 and card(screen, fencer)["actions"]["hand"] == 2
    # the AI's boxer ends its turn; the fencer's own turn comes to the person
    assert until(app, lambda: screen.decision is not None and battle.pending.kind == "turn")
    assert battle.pending.actor == fencer


def test_a_spot_block_taken_after_seeing_the_roll_by_keyboard(make_app):
    app, battle, screen, fencer, boxer = punched_fencer(
        make_app, [6, 2, 1])   # Spot Block, Martial Arts 2 / Defense d6: 6 explodes, +2 = 8

    # Spot Block's pickers show first; "]" takes the buckler with Martial Arts; B blocks.
    assert screen.controls.param_option().key == "spot_block"
    press(app, pygame.K_RIGHTBRACKET, "]")
    assert screen.params["with"] == "martial_arts:buckler"
    press(app, pygame.K_b, "b")

    block = events_of(battle, DefenceRolled)[-1]
    assert (block.unit, block.defence, block.total) == (fencer, "Spot Block", 8)
    assert "Martial Arts" in block.roll
    roll = events_of(battle, AttackRolled)[-1]
    assert (roll.needed, roll.hit) == (8, False)
    assert battle.get(fencer, Health).hp == 20
    assert card(screen, fencer)["actions"]["hand"] == 1 and card(screen, fencer)["actions"]["move"] == 8


def test_tab_chooses_whose_pickers_a_reaction_shows(make_app):
    app, battle, screen, fencer, boxer = punched_fencer(make_app, [6, 7, 1, 1])
    assert screen.controls.param_option().key == "spot_block"
    press(app, pygame.K_TAB)
    assert screen.controls.param_option().key == "spot_parry"
    press(app, pygame.K_TAB)
    assert screen.controls.param_option().key == "spot_dodge"
    press(app, pygame.K_RIGHTBRACKET, "]")
    assert screen.params["rolls"] == 2
    press_option(app, "spot_dodge")
    assert events_of(battle, DefenceRolled)[-1].total == 6 + 5   # (6, 7) → 6, (1, 1) → 1
    assert not events_of(battle, AttackRolled)[-1].hit


def test_crossing_another_answer_on_the_way_to_the_pickers_keeps_them(make_app):
    app, battle, screen, fencer, boxer = attacked_fencer(make_app, [])
    target = reaction_button(screen, "active_dodge")
    above = next(r for r, o in screen.rects["reaction_buttons"] if r.collidepoint(target.centerx, target.y - 10))
    post_move(target.center)
    pump(app, REST)
    assert screen.controls.param_option().key == "active_dodge"
    post_move((target.centerx, above.centery))   # one frame over the answer above it...
    pump(app)
    post_move((target.centerx, screen.rects["params"].centery))   # ...and on up to the pickers
    pump(app, REST)
    assert screen.controls.param_option().key == "active_dodge"
    assert [n for _, n, _, _ in screen.rects["param_buttons"]] == ["skill", "skill"]


# --- a grapple and an escape, in hotseat ----------------------------------------------------------
def hold(battle):
    holds = [h for _, h in battle.query(Hold)]
    return holds[0] if holds else None


def test_a_grapple_by_clicking_then_escapes_after_the_hand_over(make_app):
    app = make_app()
    battle = duel([(1, "boxer", 5, 4), (2, "dummy", 6, 4)],
                  [5, 5, 1, 1,   # initiative: the boxer 5, the dummy 1
                   7, 1, 1,      # the grapple: 3d8 Martial Arts keeps 7 against Passive Block 5
                   3,            # the dummy's escape: Strength d6, Martial Arts 1: 3 against 7
                   5, 5, 1, 1,   # round 2's initiative
                   5])           # the second escape: 5 against 5
    screen = start_screen(app, battle)
    boxer, dummy = battle.units()
    confirm_handover(app)
    assert battle.pending.actor == boxer

    # The boxer's side: G arms the grapple, Martial Arts from its pickers, a click on the dummy.
    press(app, pygame.K_g, "g")
    assert screen.armed == "grapple"
    hover_tile(app, battle.tile(dummy))
    post_click(param_button(screen, "skill", "martial_arts").center)
    pump(app)
    hover_tile(app, battle.tile(dummy))
    kind, opt, target, odds, params = screen.preview()
    assert (kind, opt.key, target, params["skill"]) == ("odds", "grapple", dummy, "martial_arts")
    assert 0 < odds.hit < 1
    click_tile(app, battle.tile(dummy))

    # The dummy's side is asked (after its hand-over) before and after the roll; it lets it come.
    assert battle.pending.kind == "reaction" and battle.pending.actor == dummy
    assert screen.handover == 2
    confirm_handover(app)
    assert battle.pending.context["phase"] == "before" and not events_of(battle, AttackRolled)
    post_click(reaction_button(screen, "pass").center)
    pump(app)
    assert battle.pending.context["phase"] == "after" and battle.pending.context["roll"] == 7
    press(app, pygame.K_n, "n")

    h = hold(battle)
    assert (h.holder, h.held, h.stance, h.difficulty) == (boxer, dummy, "strong", 7)
    assert screen.view.units[boxer].partners == (dummy,) and screen.view.units[dummy].partners == (boxer,)
    assert "held by Boxer 1-1 (strong, Hold Difficulty 7)" in card(screen, dummy)["conditions"]
    assert card(screen, dummy)["actions"]["escape"] == 1

    # Back to the boxer's side, which ends its turn; the dummy's side takes the keyboard.
    confirm_handover(app)
    assert battle.pending.actor == boxer
    press(app, pygame.K_e, "e")
    assert screen.handover == 2
    confirm_handover(app)
    assert battle.pending.actor == dummy and battle.pending.kind == "turn"

    # Escape: its button on the bar arms it; the pointer on the boxer shows the exact chance.
    post_click(bar_button(screen, "escape").center)
    pump(app)
    assert screen.armed == "escape"
    hover_tile(app, battle.tile(boxer))
    kind, opt, target, odds, params = screen.preview()
    assert (kind, opt.key, target) == ("odds", "escape", boxer)
    assert abs(odds.hit - 1 / 6) < 1e-9        # a d6 (exploding) must show 7 or more: the 6 alone
    click_tile(app, battle.tile(boxer))
    check = events_of(battle, CheckRolled)[-1]
    assert (check.unit, check.total, check.against, check.success) == (dummy, 3, 7, False)
    assert hold(battle).difficulty == 5                                 # lowered by 2
    assert "held by Boxer 1-1 (strong, Hold Difficulty 5)" in card(screen, dummy)["conditions"]
    assert card(screen, dummy)["actions"]["escape"] == 0

    # Round 2: the boxer keeps the hold up (its bar button, then again to confirm) and ends.
    press(app, pygame.K_e, "e")
    confirm_handover(app)
    assert battle.round == 2 and battle.pending.actor == boxer
    post_click(bar_button(screen, "maintain").center)
    pump(app)
    assert screen.armed == "maintain"
    post_click(bar_button(screen, "maintain").center)
    pump(app)
    assert events_of(battle, HoldChanged)[-1].text == "the hold is kept up"
    press(app, pygame.K_e, "e")
    confirm_handover(app)
    assert battle.pending.actor == dummy

    # A plain click on its holder is the dummy's escape: 5 meets the Hold Difficulty 5.
    click_tile(app, battle.tile(boxer))
    check = events_of(battle, CheckRolled)[-1]
    assert (check.total, check.against, check.success) == (5, 5, True)
    assert hold(battle) is None
    assert screen.view.units[boxer].partners == () and screen.view.units[dummy].partners == ()
    assert card(screen, dummy)["conditions"] == [] and card(screen, boxer)["conditions"] == []

    # Breaking free refunds an action: picked from the bar.
    assert battle.pending.kind == "pick" and battle.pending.context["trigger"] == "escaped"
    post_click(bar_button(screen, "refund_primary").center)
    pump(app)
    assert battle.get(dummy, Actions).turn.primary == 1
    assert battle.pending.actor == dummy and battle.pending.kind == "turn"
