"""Overlays: the move overlay's colours are told apart and a legend names what each costs."""

from __future__ import annotations

from game.ui import theme
from tests.ui.conftest import confirm_handover, start_screen


def test_move_bands_are_told_apart_and_the_legend_names_their_cost(make_app):
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    bands = [c[:3] for c in theme.MOVE_BANDS]
    for i in range(len(bands)):
        for j in range(i + 1, len(bands)):
            # the old blue (60, 140, 255) and cyan (60, 200, 235) were 60 apart: read the same
            assert sum(abs(a - b) for a, b in zip(bands[i], bands[j])) > 150, (bands[i], bands[j])
    app = make_app()
    battle = new_battle(maps_dir() / "woodland.tmx", "d20", seed=5)
    screen = start_screen(app, battle)
    confirm_handover(app)
    app.step(0.05)
    assert [b for b, _ in screen.move_legend] == [0, 1, 2, 3]
    assert screen.move_legend[0][1] == "up to 1 Action · 30 ft"
    legend = screen.rects["legend"]
    assert not legend.colliderect(screen.rects["view"])
    # the first swatch is drawn in the first band's colour
    assert any(tuple(app.surface.get_at((x, legend.y + 8))[:3]) == bands[0]
               for x in range(legend.x, legend.x + 120))
