"""Issue 30, item 10: the odds title keeps the target's name, the prompt stays clear of
the Undo button, "1 Actions left" reads "1 Action left"."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.ui import battle_frame

from tests.ui.conftest import confirm_handover, pump, start_screen


class _Spy:
    def __init__(self, monkeypatch):
        import game.ui.theme as theme
        self.drawn = []
        real = theme.text

        def spy(s, *a, **k):
            img = real(s, *a, **k)
            self.drawn.append((s, img.get_width()))
            return img
        monkeypatch.setattr(theme, "text", spy)


def test_a_long_odds_title_wraps_inside_its_panel(monkeypatch):
    from game.ui import hud
    pygame.display.init()
    surface = pygame.Surface((400, 300))
    spy = _Spy(monkeypatch)
    rect = pygame.Rect(10, 10, 250, 236)
    hud.odds_panel(surface, rect, "Melee attack (Unarmed strike) → Brawler 2-1", None, None, {}, "")
    titles = [(s, w) for s, w in spy.drawn if "Brawler" in s or "Melee" in s]
    assert any("Brawler 2-1" in s for s, _ in titles), titles
    assert all(w <= rect.w - 20 for _, w in titles), titles


def test_one_actions_reads_one_action():
    from game.ui.action_bar import one_action
    assert one_action("Brawler 1-1: 1 Actions left") == "Brawler 1-1: 1 Action left"
    assert one_action("Brawler 1-1: 11 Actions left") == "Brawler 1-1: 11 Actions left"
    assert one_action("Brawler 1-1: 2 Actions left") == "Brawler 1-1: 2 Actions left"


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_prompt_is_clear_of_the_undo_button(make_app, monkeypatch, size):
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    from game.ui.battle_screen import BattleScreen
    app = make_app()
    app.resize(size)
    battle = new_battle(maps_dir() / "arena.tmx", "fate", seed=5)
    screen = start_screen(app, battle)
    confirm_handover(app)
    monkeypatch.setattr(BattleScreen, "can_undo", property(lambda self: True))
    long = ("Bruiser 2-1 (Bruiser, initiative -4): declare action 1 of 2. Slower units have "
            "declared; faster ones will see this. 1 Actions left")
    screen.decision = dataclasses.replace(screen.decision, prompt=long)
    spy = _Spy(monkeypatch)
    pump(app)
    assert screen.rects["undo"] is not None and "prompt" in screen.rects
    assert not screen.rects["prompt"].colliderect(screen.rects["undo"])
    assert not any("1 Actions" in s for s, _ in spy.drawn)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_an_action_tooltip_does_not_cover_the_parameter_row(make_app, size):
    from tests.ui.conftest import gunner_duel, post_move
    app, battle, screen, me, enemy = gunner_duel(make_app)
    app.resize(size)
    pump(app)
    assert screen.rects["param_buttons"], "the shot's pickers are shown"
    for r, opt in list(screen.rects["bar_buttons"]):
        post_move(r.center)
        pump(app)
        tip = screen.rects.get("tooltip")
        assert tip is not None, opt.key
        assert not tip.colliderect(screen.rects["params"]), (opt.key, tip, screen.rects["params"])
        assert not tip.colliderect(screen.rects["prompt"]), opt.key


def test_a_long_unit_card_is_not_cut(make_app, monkeypatch):
    """Fate's card (wounds, skills) at 1024x600: every line is drawn whole, the card
    rising over the board's corner rather than shortening its lines with an ellipsis."""
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    app = make_app()
    app.resize((1024, 600))
    battle = new_battle(maps_dir() / "woodland.tmx", "fate", seed=5)
    screen = start_screen(app, battle)
    confirm_handover(app)
    spy = _Spy(monkeypatch)
    pump(app)
    card = screen.rects["card"]
    assert card.h > battle_frame.layout(screen, (1024, 600))["card"].h
    cut = [s for s, _ in spy.drawn if s.endswith("…") and ("Skills" in s or "Wounds" in s or "resist" in s
                                                              or "Incapacitated" in s)]
    assert not cut, cut


def test_the_hit_chance_badge_sits_on_no_other_unit(make_app):
    from tests.ui.conftest import field_battle, hover_tile
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 5), (2, "gunner", 9, 5), (2, "gunner", 9, 4)], w=16, h=11, seed=5)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    me = battle.pending.actor
    if battle.team(me) != 1:
        pytest.skip("side 2 acts first with this seed")
    target = next(u for u in battle.units(2) if battle.tile(u) == (9, 5))
    hover_tile(app, (9, 5))
    pump(app)
    assert screen.preview() and screen.preview()[0] == "odds"
    badge = screen.rects["badge"]
    r = screen.board.unit_radius()
    above = screen.board.camera.tile_centre((9, 4))
    assert not badge.inflate(2 * r, 2 * r).collidepoint(above), (badge, above)
