"""Drive the real window under SDL's dummy video driver: post events, step frames."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest


@pytest.fixture(autouse=True)
def headless_window(monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield
    pygame.display.quit()


@pytest.fixture
def make_app():
    from game.ui.app import App
    from game.ui.settings import Settings

    def make(**settings):
        # (the end-turn question is tested on its own: elsewhere E ends the turn at once)
        # (the first-battle card of each ruleset is tested on its own: elsewhere it is read)
        from game.rulesets import REGISTRY
        s = Settings(**{"sides": {"1": "human", "2": "human"}, "seed": 5, "confirm_end_turn": False,
                        "rules_read": list(REGISTRY), **settings})
        return App(size=(1280, 720), settings=s)
    return make


def field_map(units, w=14, h=10, walls=(), cover=None):
    """A plain open field built in code: `units` are (team, archetype, x, y)."""
    from game.world.tactical_map import Spawn, TacticalMap
    walkable = np.ones((w, h), bool)
    blocks = np.zeros((w, h), bool)
    for x, y in walls:
        walkable[x, y] = False
        blocks[x, y] = True
    cov = np.zeros((w, h), np.int8)
    for (x, y), kind in (cover or {}).items():
        cov[x, y] = int(kind)
    return TacticalMap(path=Path("/nonexistent/field.tmx"), name="Test field", width=w, height=h,
                       tile_width=32, tile_height=32, feet_per_tile=5, walkable=walkable,
                       move_cost=np.ones((w, h), np.int16), blocks_sight=blocks, cover=cov,
                       elevation=np.zeros((w, h), np.int16),
                       spawns=tuple(Spawn(x, y, t, a) for t, a, x, y in units))


def field_battle(units, seed=3, ruleset_id="d20", **kw):
    from game.engine.battle import Battle
    from game.engine.setup import orders_for
    from game.rulesets import load_ruleset
    tmap = field_map(units, **kw)
    ruleset = load_ruleset(ruleset_id)
    return Battle(tmap, ruleset, orders_for(tmap, ruleset), seed=seed)


# --- input ---------------------------------------------------------------------------
def post_key(key, ch="", mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=ch, mod=mod, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, unicode=ch, mod=mod, scancode=0))


def post_move(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def post_click(pos, button=1):
    post_move(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def pump(app, frames=1, dt=0.05):
    for _ in range(frames):
        app.step(dt)


def tile_pos(screen, tile):
    """Where a tile's centre is on screen, panning there first as a player would."""
    cam = screen.board.camera
    cam.ensure_visible(tile, 3)
    return cam.tile_centre(tile)


def click_tile(app, tile):
    pos = tile_pos(app.screen, tile)
    post_click(pos)
    pump(app)


def hover_tile(app, tile):
    post_move(tile_pos(app.screen, tile))
    pump(app)


def press(app, key, ch="", mod=0):
    post_key(key, ch, mod)
    pump(app)


def press_option(app, option_key):
    """Press the letter the window gave the option `option_key` (hotkeys are the
    window's own and stay with their action; W A S D U are never an action's)."""
    screen = app.screen
    opt = screen.decision.option(option_key)
    assert opt is not None, f"{option_key} is not offered"
    letter = screen.hotkeys.of(opt)
    assert letter, f"{option_key} has no hotkey"
    press(app, getattr(pygame, f"K_{letter}"), letter)


def until(app, cond, frames=2000, dt=0.05):
    """Step until cond() holds (the AI thinks in a thread: give it frames, not time)."""
    for _ in range(frames):
        if cond():
            return True
        app.step(dt)
        _let_the_ai_think(app)
    return cond()


def _let_the_ai_think(app, seconds=0.002):
    """Between frames the real window sleeps (its clock ticks at a frame rate), and the
    AI's worker thread runs then. Frames stepped back to back never let go of the GIL,
    so the worker got it only at the interpreter's switch interval: each time its search
    released the GIL it waited ~5 ms, and a first decision took seconds (seen: the
    2,000 frames ran out in test_ai_turns_play_out_in_a_worker..., 1 run in 2)."""
    ai = getattr(app.screen, "ai", None)
    if ai is not None and ai.thinking:
        ai.wait(seconds)


def start_screen(app, battle, sides=None, **kw):
    from game.ui.battle_screen import BattleScreen
    screen = BattleScreen(app, battle, sides or {1: "human", 2: "human"}, **kw)
    app.screen = screen
    pump(app)
    return screen


def confirm_handover(app):
    """Pass the keyboard to the side the hand-over screen names. While an animation is
    still playing (the last side's action, a turn resolving) the first press ends it and
    the hand-over screen shows; the next one confirms."""
    for _ in range(3):
        if app.screen.handover is None:
            return
        press(app, pygame.K_RETURN, "\r")



def gunner_duel(make_app):
    """Hotseat on an open 16x11 field, two gunners seven tiles apart, the first to act
    handed the keyboard: (app, battle, screen, the acting unit, its enemy)."""
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 5), (2, "gunner", 9, 5)], w=16, h=11, seed=2)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    me = battle.pending.actor
    enemy = next(u for u in battle.units() if battle.team(u) != battle.team(me))
    return app, battle, screen, me, enemy


def commit_anyway(screen, opt, target) -> bool:
    """Commit a choice as a player who means it: an attack that can hurt an ally waits
    for a second press (friendly_fire.py), so press twice when it asks."""
    if screen.controls.commit(opt, target):
        return True
    return bool(screen.friendly.pending) and screen.controls.commit(opt, target)
