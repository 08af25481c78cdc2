"""The present on X11 goes through X's shared image, not a GL texture (issue 30, "the
frame under a real display driver"): SDL 2 on X11 otherwise uploads and draws the whole
window as a texture at every present, 5-6 ms of CPU where GL is software (Xvfb: the
battle frame was 8.2-8.5 ms, 5.5 of them the present; with the hint, 3.0 and 0.04).
Measured by `skirmish bench` under Xvfb (docs/ui.md, "The frame under X11")."""

from __future__ import annotations

import pygame

from game.ui import app as app_module


def test_on_x11_the_window_presents_through_xs_own_image(monkeypatch):
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    app_module.native_framebuffer()
    import os
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"


def test_other_drivers_and_a_players_own_hint_are_left_alone(monkeypatch):
    import os
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    for driver in ("wayland", "windows", "cocoa", "dummy"):
        monkeypatch.setattr(pygame.display, "get_driver", lambda d=driver: d)
        app_module.native_framebuffer()
        assert "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ, driver
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "opengl")
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    app_module.native_framebuffer()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "opengl"


def test_the_window_asks_before_it_opens(make_app, monkeypatch):
    """The hint is read when the window's surface is made: the App sets it between
    starting the display and opening the window."""
    calls = []
    real_init, real_set_mode = pygame.display.init, pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "init", lambda: calls.append("init") or real_init())
    monkeypatch.setattr(app_module, "native_framebuffer", lambda: calls.append("hint"))
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: calls.append("window") or real_set_mode(*a, **k))
    make_app()
    assert calls[:3] == ["init", "hint", "window"]
