"""Mahou's defence prompts (issue 30 item 9): an answer keeps its number while it is
offered, and spot defences ("can be declared before or after an attack roll is made",
mahou-galaxy.txt, Spot Block / Parry / Dodge) are asked once, after the roll.

The position: a mahou guardian (side 1) beside a brawler (side 2), seed 3, both sides
played by the normal AI until the brawler's attack asks the guardian before its roll
(spot and active defences, and "No defence"), and then after it (spot ones only).
"""

from __future__ import annotations

import dataclasses

import pygame

from game.engine.decisions import REACTION
from game.ui import reaction_asks
from tests.ui.conftest import field_battle, press, pump, start_screen


def _to_prompt(phase: str, battle=None):
    """Play the position until side 1 is asked a defence in `phase`."""
    from game.ai import make_ai
    battle = battle or field_battle([(1, "guardian", 5, 5), (2, "brawler", 6, 5)], seed=3, ruleset_id="mahou")
    ai = make_ai("mahou", 1, "normal")
    for _ in range(200):
        p = battle.pending
        if p.kind == REACTION and p.side == 1 and p.context.get("phase") == phase:
            return battle
        battle.submit(ai.decide(battle, p))
    raise AssertionError(f"no {phase} prompt")


def test_no_defence_keeps_its_number_from_before_the_roll_to_after_it():
    battle = _to_prompt("before")
    before = battle.pending
    assert [o.key for o in before.options] == ["spot_block", "spot_parry", "spot_dodge", "active_block",
                                               "active_parry", "active_dodge", "pass"]
    numbers = reaction_asks.ReactionNumbers()
    first = [(n, o.key) for n, o in reaction_asks.shown_options("mahou", before, numbers)]
    # before the roll: the active defences (only this prompt has them) and the pass
    assert first == [(1, "active_block"), (2, "active_parry"), (3, "active_dodge"), (4, "pass")]
    battle.submit(before.option("pass").choice())
    after = _to_prompt("after", battle).pending
    assert [o.key for o in after.options] == ["spot_block", "spot_parry", "spot_dodge", "pass"]
    second = [(n, o.key) for n, o in reaction_asks.shown_options("mahou", after, numbers)]
    # "No defence" stays 4 (it was 7, then 4, numbered by place); the spot ones take 1-3
    assert second == [(1, "spot_block"), (2, "spot_parry"), (3, "spot_dodge"), (4, "pass")]


def test_a_number_is_kept_while_offered_and_a_new_run_starts_at_one():
    battle = _to_prompt("before")
    before = battle.pending
    numbers = reaction_asks.ReactionNumbers()
    reaction_asks.shown_options("mahou", before, numbers)
    # the same attack asked again after an Active Block: the block is gone, the rest stay
    again = dataclasses.replace(before, options=tuple(o for o in before.options if o.key != "active_block"))
    assert [(n, o.key) for n, o in reaction_asks.shown_options("mahou", again, numbers)] == \
        [(2, "active_parry"), (3, "active_dodge"), (4, "pass")]
    # another attacker: a run of its own
    other = dataclasses.replace(before, context={**before.context, "attacker": -1})
    assert [n for n, _ in reaction_asks.shown_options("mahou", other, numbers)] == [1, 2, 3, 4]


def test_the_window_numbers_and_answers_by_the_kept_number(make_app):
    battle = _to_prompt("before")
    app = make_app()
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, speed=0)
    assert screen.decision is battle.pending
    assert [o.key for o in screen.options()] == ["active_block", "active_parry", "active_dodge", "pass"]
    keys_drawn = []
    import game.ui.theme as theme
    real = theme.text
    theme.text = lambda s, *a, **k: keys_drawn.append(s) or real(s, *a, **k)
    try:
        pump(app)
    finally:
        theme.text = real
    assert "Wait for the roll" in keys_drawn and not any(s.startswith("Spot ") for s in keys_drawn)
    assert any(s.startswith("4 · ") for s in keys_drawn)
    picked = []
    screen.submit = lambda choice: picked.append(choice) or True
    press(app, pygame.K_4, "4")
    assert [c.option for c in picked] == ["pass"]


def test_a_prompt_with_only_spot_defences_before_the_roll_is_not_asked(make_app):
    """Nothing is lost by waiting for the roll, so the window passes for the player."""
    battle = _to_prompt("before")
    p = battle.pending
    battle.pending = dataclasses.replace(p, options=tuple(o for o in p.options if not o.key.startswith("active_")))
    asked_before = len(battle.choices)
    app = make_app()
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, speed=0)
    assert battle.choices[asked_before].option == "pass"
    assert screen.decision is not p
