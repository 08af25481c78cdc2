"""The saved window size is fitted to the screen at launch, and the menu's buttons
stay clear of the map preview at 1024x600 (issue 30, item 4)."""

from __future__ import annotations

import pygame
import pytest

from tests.ui.conftest import pump


def test_a_saved_size_bigger_than_the_screen_is_fitted(monkeypatch):
    from game.ui.app import App, fit_to_screen
    from game.ui.settings import Settings
    assert fit_to_screen((1920, 1080), (1024, 600)) == (1024, 600)
    assert fit_to_screen((1280, 720), (1920, 1080)) == (1280, 720)
    assert fit_to_screen((1280, 720), None) == (1280, 720)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 600)])
    app = App(settings=Settings(window=(1920, 1080)))
    assert app.surface.get_size() == (1024, 600)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_menus_buttons_clear_the_map_preview(size):
    from game.ui.app import App
    from game.ui.settings import Settings
    app = App(size=size, settings=Settings())
    pump(app, 3)
    menu = app.screen
    assert {"AI demo", "Settings", "Quit", "Start battle"} <= set(menu.button_rects)
    window = app.surface.get_rect()
    for label, r in menu.button_rects.items():
        assert not r.colliderect(menu.thumb_box), (size, label)
        assert window.contains(r), (size, label)
        assert r.bottom <= size[1] - 30, (size, label)   # clear of the hint line
