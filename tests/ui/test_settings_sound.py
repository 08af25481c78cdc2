"""The settings screen (scale, colour-blind palette with shapes, speed, volume) and the
sound effects (made with numpy; silent without a device)."""

from __future__ import annotations

import pygame

from tests.ui.conftest import press, pump


def test_settings_change_the_palette_scale_and_volume_and_are_saved(make_app, tmp_path):
    from game.ui import theme
    from game.ui.menu import MenuScreen
    from game.ui.settings import load_settings
    from game.ui.settings_screen import ROWS, SettingsScreen
    from game.ui.sound import SOUNDS
    app = make_app()
    app.settings_path = tmp_path / "settings.json"
    menu = MenuScreen(app)
    app.screen = menu
    pump(app)
    menu.open_settings()
    pump(app)
    screen = app.screen
    assert isinstance(screen, SettingsScreen)
    try:
        screen.focus = ROWS.index("palette")
        press(app, pygame.K_RIGHT)
        assert app.settings.palette == "colour-blind" and theme.team_shape(2) == "square"
        assert theme.team_colour(2) == theme.SAFE_TEAMS[2]
        screen.focus = ROWS.index("ui_scale")
        press(app, pygame.K_RIGHT)              # auto -> 0.9
        press(app, pygame.K_RIGHT)              # -> 1.0
        press(app, pygame.K_RIGHT)              # -> 1.15
        assert app.settings.ui_scale == "1.15" and abs(theme.SCALE - 1.15) < 1e-9
        assert theme.font(20).get_height() > theme.font(17).get_height()
        screen.focus = ROWS.index("volume")
        press(app, pygame.K_LEFT)
        assert app.settings.volume == 50 and abs(SOUNDS.volume - 0.5) < 1e-9
        press(app, pygame.K_ESCAPE)
        assert app.screen is menu
        saved, _ = load_settings(app.settings_path)
        assert (saved.palette, saved.ui_scale, saved.volume) == ("colour-blind", "1.15", 50)
    finally:
        theme.set_palette("standard")
        theme.set_scale(1.0)


def test_team_shapes_are_drawn_with_the_colour_blind_palette(make_app):
    from game.ui import theme
    from tests.ui.conftest import confirm_handover, field_battle, start_screen
    try:
        app = make_app(palette="colour-blind")
        battle = field_battle([(1, "gunner", 3, 4), (2, "gunner", 6, 4)], seed=2)
        screen = start_screen(app, battle, speed=0)
        confirm_handover(app)
        pump(app)
        cam = screen.board.camera
        r = screen.board.unit_radius()
        enemy = next(u for u in battle.units() if battle.team(u) == 2)
        cx, cy = cam.tile_centre(battle.tile(enemy))
        # a square's corner (inside the square, outside the circle of the same radius)
        k = int(r * 0.9) - 3
        assert tuple(app.surface.get_at((cx - k, cy + k))[:3]) == theme.SAFE_TEAMS[2]
    finally:
        theme.set_palette("standard")


def test_sound_effects_are_short_and_silent_without_a_device_or_when_muted(monkeypatch):
    import numpy as np

    from game.ui import sound
    w = sound.waves()
    assert set(w) == {"move", "shot", "hit", "miss", "critical", "turn"}
    for name, wave in w.items():
        assert 0.05 <= len(wave) / sound.RATE <= 0.5 and np.abs(wave).max() <= 1.0, name
    s = sound.Sounds()
    s.configure(60, True)
    assert s.play("shot") is False                  # muted
    s = sound.Sounds()

    def no_device(*a, **k):
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    s.configure(60, False)
    assert s.play("shot") is False                  # no device: silent, no error
    from types import SimpleNamespace
    assert sound.effect_of(SimpleNamespace(hit=True, critical=True, attacker=1)) == "critical"
