"""The guided first battle (issue 30, "a first battle that teaches"): each step is done
by what the player does, through the same clicks and keys as any battle: select your
Gunner, move it, read the odds on the enemy, shoot, end the turn, and answer the
defence prompt when the enemy shoots (a reaction, outside your turn)."""

from __future__ import annotations

import pygame

from game.ui.tutorial import STEPS, Tutorial, new_lesson_battle
from game.engine.decisions import REACTION
from tests.ui.conftest import click_tile, hover_tile, press, pump, start_screen, until


def _lesson(make_app):
    app = make_app(sides={"1": "human", "2": "ai"})
    battle = new_lesson_battle()
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, speed=0, ai_levels={2: "easy"})
    screen.tutorial = Tutorial()
    for _ in range(400):   # the Brawler may act first
        if screen.decision is not None and battle.pending.side == 1:
            break
        pump(app, dt=0.05)
    return app, battle, screen


def test_the_lesson_walks_through_one_turn_each_step_done_by_the_player(make_app):
    app, battle, screen = _lesson(make_app)
    tut = screen.tutorial
    me = battle.pending.actor
    enemy = next(u for u in battle.units() if battle.team(u) == 2)
    pump(app, 3)
    assert tut.index == 0, "selected by the window alone is not the player's doing"
    click_tile(app, battle.tile(me))
    assert tut.index == 1
    # a step that moves the Gunner to a tile from which it can shoot the Brawler
    move = battle.pending.option("move")
    hover_tile(app, battle.tile(enemy))
    assert tut.index == 1, "reading the odds comes after the move"
    dest = next(t for t in sorted(move.targets, key=lambda t: abs(t[0] - battle.tile(me)[0]) + abs(t[1] - battle.tile(me)[1]))
                if t != battle.tile(me))
    click_tile(app, dest)
    pump(app, 3)
    assert tut.index == 2
    shoot = next(o for o in battle.pending.options if o.offensive)
    assert enemy in shoot.targets, "the Pit's Gunner sees the enemy"
    hover_tile(app, battle.tile(enemy))
    pump(app, 2)
    assert tut.index == 3
    click_tile(app, battle.tile(enemy))
    pump(app, 3)
    assert tut.index == 4
    assert any(getattr(e, "attacker", None) == me for e in battle.log)
    press(app, pygame.K_e, "e")
    pump(app, 3)
    assert tut.index == 5 and not tut.finished
    # the enemy's turn: its shot puts a defence prompt to the player (a reaction)
    assert until(app, lambda: screen.decision is not None and screen.decision.kind == REACTION), \
        "the enemy's shot asks the player how to defend"
    assert screen.decision.actor == me
    pump(app, 2)
    assert tut.index == 5, "being asked is not answering"
    press(app, pygame.K_1, "1")   # the first defence the panel numbers
    pump(app, 2)
    assert tut.index == len(STEPS) and tut.finished
    assert screen.rects["tutorial"].colliderect(screen.rects["view"])


def test_a_prompt_the_window_answers_itself_does_not_do_the_reaction_step(make_app):
    """Only the player's own answer counts: a reaction answered while the lesson has
    not seen it put to the player (the window's own "No defence" before the roll is
    never shown) leaves the step waiting."""
    from types import SimpleNamespace
    tut = Tutorial()
    tut.index = len(STEPS) - 1
    battle = SimpleNamespace(over=False, log=[], choices=[object()])
    screen = SimpleNamespace(battle=battle, decision=None, view=SimpleNamespace(units={}))
    tut.update(screen)
    assert tut.index == len(STEPS) - 1 and tut.asked is None
    # shown to the player, then answered: done
    screen.view.units[7] = SimpleNamespace(team=1)
    screen.decision = SimpleNamespace(kind=REACTION, actor=7)
    tut.update(screen)
    assert tut.asked == 1 and tut.index == len(STEPS) - 1
    screen.decision, battle.choices = None, battle.choices + [object()]
    tut.update(screen)
    assert tut.finished


def test_the_menus_button_starts_the_lesson(make_app):
    from tests.ui.conftest import post_click
    app = make_app()
    pump(app, 2)
    menu = app.screen
    post_click(menu.button_rects["Guided first battle"].center)
    pump(app, 3)
    screen = app.screen
    assert type(screen).__name__ == "BattleScreen" and isinstance(screen.tutorial, Tutorial)
    assert screen.battle.ruleset.id == "mahou" and screen.sides == {1: "human", 2: "ai"}
    assert screen.battle.map.path.name == "arena.tmx"
