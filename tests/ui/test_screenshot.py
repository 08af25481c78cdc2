"""What is drawn where: pixel colours at known spots of a known position.

No golden image: each check names one thing (a unit's body in its team colour, the
movement overlay's blue, the path line, the target ring, a HUD panel) and looks at
the pixel where it must be.
"""

from __future__ import annotations

import pygame

from game.ui import theme
from tests.ui.conftest import confirm_handover, field_battle, hover_tile, pump, start_screen, tile_pos


def _blue_tinted(c) -> bool:
    return c[2] > c[0] + 30 and c[2] > c[1]


def _close(a, b, tol=12) -> bool:
    return all(abs(int(x) - int(y)) <= tol for x, y in zip(a[:3], b[:3]))


def test_units_overlays_and_hud_are_drawn_where_they_belong(make_app):
    app = make_app()
    # the first seed whose initiative puts side 1 first: a known position, nobody hurt yet
    battle = next(b for b in (field_battle([(1, "gunner", 3, 4), (2, "gunner", 10, 4)], seed=s)
                              for s in range(100)) if b.pending.side == 1)
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, speed=0)
    assert screen.decision is not None and battle.pending.side == 1
    actor = battle.pending.actor
    enemy = next(u for u in battle.units() if battle.team(u) == 2)
    me_tile, foe_tile = battle.tile(actor), battle.tile(enemy)
    cam = screen.board.camera
    cam.centre_on_tile(((me_tile[0] + foe_tile[0]) // 2, me_tile[1]))
    pump(app)
    surf = app.surface
    r = screen.board.unit_radius()

    # units: the body below the role glyph is the team's colour
    for unit, team in ((actor, 1), (enemy, 2)):
        cx, cy = cam.tile_centre(battle.tile(unit))
        assert _close(surf.get_at((cx, cy + int(r * 0.6))), theme.team_colour(team)), unit
    # health bar above the unit: full health is green
    cx, cy = cam.tile_centre(me_tile)
    assert _close(surf.get_at((cx - 3, cy - r - 7)), theme.GOOD, 20)

    # movement overlay: an empty reachable tile is tinted blue (first Action's band)
    free = next(t for t in battle.pending.option("move").targets
                if abs(t[0] - me_tile[0]) + abs(t[1] - me_tile[1]) == 2 and t[1] != me_tile[1])
    fx, fy = cam.tile_centre(free)
    assert _blue_tinted(surf.get_at((fx + 6, fy + 6)))

    # path preview: hovering a tile three steps away draws the white path line through the tiles on the way
    dest = (me_tile[0], me_tile[1] + 3)
    hover_tile(app, dest)
    mx, my = cam.tile_centre((me_tile[0], me_tile[1] + 1))
    assert surf.get_at((mx, my))[:3] == theme.PATH
    assert screen.preview()[0] == "move"

    # attack preview: hovering the enemy rings it in red and shows the hit chance label
    hover_tile(app, foe_tile)
    ex, ey = cam.tile_centre(foe_tile)
    assert screen.preview()[0] == "odds"
    ring = [surf.get_at((ex + r + 9 + d, ey))[:3] for d in (-1, 0, 1)]
    assert any(_close(c, theme.THREAT, 20) for c in ring)

    # HUD: the unit card follows the pointer (on the enemy: its team's stripe), back on
    # the acting unit's card when the pointer leaves; the action bar has buttons
    card = screen.rects["card"]
    assert _close(surf.get_at((card.x + 2, card.centery)), theme.team_colour(2), 4)
    hover_tile(app, (me_tile[0], me_tile[1] + 2))
    assert _close(surf.get_at((card.x + 2, card.centery)), theme.team_colour(1), 4)
    (button_rect, opt) = screen.rects["bar_buttons"][0]
    assert _close(surf.get_at((button_rect.x + 4, button_rect.y + 4)), theme.BUTTON, 8)
    # the top bar's round label is drawn in the accent colour somewhere in its first 90 px
    top = screen.rects["top"]
    accent = [surf.get_at((x, y))[:3] for x in range(8, 90) for y in range(top.y + 8, top.y + 32)]
    assert any(_close(c, theme.ACCENT, 30) for c in accent)


def test_fog_of_war_hides_unseen_enemies_and_darkens_their_tiles(make_app):
    """With fog, an enemy behind a wall is not drawn and its tile is darkened."""
    wall = [(7, y) for y in range(0, 10)]
    app = make_app(fog=True)
    battle = field_battle([(1, "gunner", 3, 4), (2, "gunner", 11, 4)], seed=3, walls=wall)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, fog=True)
    confirm_handover(app)
    side = battle.pending.side
    enemy = next(u for u in battle.units() if battle.team(u) != side)
    assert enemy not in screen.shown_units()
    cam = screen.board.camera
    cam.centre_on_tile((7, 4))
    pump(app)
    ex, ey = cam.tile_centre(battle.tile(enemy))
    r = screen.board.unit_radius()
    c = app.surface.get_at((ex, ey + int(r * 0.6)))
    assert not _close(c, theme.team_colour(battle.team(enemy)), 40)
    assert sum(c[:3]) < 200  # under the fog
    mine = battle.pending.actor
    mx, my = cam.tile_centre(battle.tile(mine))
    assert _close(app.surface.get_at((mx, my + int(r * 0.6))), theme.team_colour(side))
