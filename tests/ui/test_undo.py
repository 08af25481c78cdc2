"""Undo: a move (any answer) that rolled no die and revealed nobody can be taken back;
the battle is exactly as before it, and the save holds no trace of it."""

from __future__ import annotations

import pygame

from tests.ui.conftest import click_tile, confirm_handover, field_battle, press, pump, start_screen


def test_a_move_is_undone_exactly_and_a_roll_is_not(make_app):
    from game.engine.battle import Battle
    app = make_app()
    battle = next(b for b in (field_battle([(1, "gunner", 3, 4), (2, "gunner", 9, 4)], seed=s) for s in range(50))
                  if b.pending.side == 1)
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, speed=0)
    confirm_handover(app)
    actor = battle.pending.actor
    start_tile, digest, n = battle.tile(actor), battle.digest(), len(battle.choices)
    log_lines = list(screen.log.texts())
    dest = (start_tile[0], start_tile[1] + 2)
    click_tile(app, dest)
    assert screen.battle.tile(actor) == dest and screen.can_undo
    pump(app)
    assert screen.rects["undo"] is not None          # the button is on screen
    press(app, pygame.K_u, "u")
    b = screen.battle
    assert b.tile(actor) == start_tile and len(b.choices) == n and b.digest() == digest
    assert screen.log.texts() == log_lines and screen.decision is b.pending
    # the undone move is in no replay: a fresh battle given the same choices is the same
    again = Battle(b.map, b.ruleset, b.orders, seed=b.seed, max_rounds=b.max_rounds, player_sides=b.player_sides)
    for c in b.choices:
        again.submit(c)
    assert again.digest() == b.digest()
    # a shot rolls dice: it cannot be undone
    enemy = next(u for u in b.units() if b.team(u) == 2)
    shoot = b.pending.option("shoot")
    screen.controls.commit(shoot, enemy)
    assert not screen.can_undo
    before = len(screen.battle.choices)
    press(app, pygame.K_z, "z", pygame.KMOD_CTRL)
    assert len(screen.battle.choices) == before
