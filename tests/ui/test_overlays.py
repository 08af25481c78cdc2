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


def test_hovering_an_enemy_out_of_range_says_so_and_the_weapons_reach_is_drawn(make_app):
    from tests.ui.conftest import field_battle, hover_tile
    app = make_app()
    battle = next(b for b in (field_battle([(1, "gunner", 2, 5), (2, "gunner", 38, 5)], w=40, h=12, seed=s)
                              for s in range(50)) if b.pending.side == 1)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    enemy = next(u for u in battle.units() if battle.team(u) == 2)
    assert battle.pending.option("shoot") is None or enemy not in battle.pending.option("shoot").targets
    hover_tile(app, battle.tile(enemy))
    prev = screen.preview()
    assert prev is not None and prev[0] == "unreachable" and prev[1] == enemy
    assert "range" in prev[2]
    # the weapon's maximum reach is drawn around the actor: a light square outline
    from game.ui import rules_view
    ranges = rules_view.weapon_ranges(battle, battle.pending.actor)
    assert ranges and ranges[-1] < 36
    cam = screen.board.camera
    me = battle.tile(battle.pending.actor)
    edge = cam.tile_rect((me[0] + ranges[-1], me[1]))
    cam.ensure_visible((me[0] + ranges[-1], me[1]), 2)
    app.step(0.05)
    edge = cam.tile_rect((me[0] + ranges[-1], me[1]))
    assert any(tuple(app.surface.get_at((edge.right - 1 + dx, edge.centery))[:3]) == (255, 235, 180)
               for dx in (-1, 0, 1))


def test_the_hit_chance_badge_is_drawn_over_a_neighbouring_unit(make_app):
    """The badge above the target sits where the unit above it stands: it must be on top."""
    from tests.ui.conftest import field_battle, hover_tile
    app = make_app()
    battle = next(b for b in (field_battle([(1, "gunner", 2, 5), (2, "gunner", 6, 5), (2, "gunner", 6, 4)],
                                           seed=s) for s in range(60)) if b.pending.side == 1)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    target = next(u for u in battle.units() if battle.tile(u) == (6, 5))
    hover_tile(app, (6, 5))
    assert screen.preview()[0] == "odds" and screen.preview()[2] == target
    app.step(0.05)
    cam = screen.board.camera
    cx, cy = cam.tile_centre((6, 5))
    r = screen.board.unit_radius()
    # the badge's red fill just above the target (where the neighbour's body is drawn)
    ys = range(cy - r - 30, cy - r - 12)
    assert any(tuple(app.surface.get_at((cx + 2, y))[:3]) == (140, 30, 24) for y in ys)
