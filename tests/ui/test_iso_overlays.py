"""Every overlay lands on its tile's diamond on the shipped isometric map (issue 30, the
isometric item): reach bands (tint, pattern, edge), fog, cover icons, danger zones, a
weapon's range box, declaration arrows, the cursor.

The Courtyard is 16x16 tiles of 64x32 px with 64x64 pictures, so its projection is,
by hand: pictures rise 64 - 32 = 32 px above their diamond (the top margin), the left
corner of the map is 16 tiles * 32 px from the picture's left edge, so tile (x, y)'s
diamond has its top corner at (512 + 32 (x - y), 32 + 16 (x + y)). Tile (3, 5): top
(448, 160), right (480, 176), bottom (448, 192), left (416, 176), centre (448, 176).
With the camera at (0, 0) and zoom 1, world pixels are screen pixels.
"""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.replay import maps_dir

TILE = (3, 5)
CENTRE = (448, 176)
OUTSIDE = (470, 165)   # inside the tile's bounding box, outside its diamond: |22|/32 + |11|/16 > 1


@pytest.fixture(scope="module")
def board():
    from game.engine.setup import shared_map
    from game.ui.board import BoardRenderer
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    b = BoardRenderer(shared_map(maps_dir() / "courtyard.tmx"))
    cam = b.camera
    cam.resize(1024, 545)
    cam.fitted, cam.zoom_index = None, 2   # zoom 1
    cam.x = cam.y = 0.0
    yield b
    b.set_move(None)
    b.set_fog(None)


def _lum(rgb) -> float:
    c = np.asarray(rgb[:3], float) / 255
    c = np.where(c <= 0.03928, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return float(c @ [0.2126, 0.7152, 0.0722])


def test_the_projection_by_hand(board):
    proj = board.camera.proj
    assert (proj.top, proj.origin_x, proj.size) == (32, 512, (1024, 545))
    assert proj.diamond(*TILE) == [(448, 160), (480, 176), (448, 192), (416, 176)]
    assert board.camera.tile_centre(TILE) == CENTRE
    assert board.camera.tile_at(*CENTRE) == TILE
    assert board.camera.tile_outline(TILE) == [(448, 160), (480, 176), (448, 192), (416, 176)]


def test_a_move_band_tints_and_patterns_the_diamond_and_edges_its_sides(board):
    board.set_move({TILE: 1})   # the second band: a tint, an edge and a hatch
    base, drawn = board.base, board._static()
    assert drawn.get_at(CENTRE) != base.get_at(CENTRE)
    assert drawn.get_at(OUTSIDE) == base.get_at(OUTSIDE)
    # the hatch: inside the diamond the band is not one flat tint over the floor; some
    # pixels stand far (> 60 in a channel) from the floor blended with the band's tint,
    # and they make a mark a person sees (>= 1.5:1 against the floor)
    from game.ui import theme
    *tint, alpha = theme.MOVE_BANDS[1]
    # (on (1, 4), open grass all round, so no cover mark shares its diamond: its
    # centre is (512 + 32 * (1.5 - 4.5), 32 + 16 * 6) = (416, 128))
    board.set_move({(1, 4): 1})
    drawn = board._static()
    assert board.camera.tile_centre((1, 4)) == (416, 128) and not board.cover_marks
    inside = [(x, y) for x in range(384, 449) for y in range(112, 145)
              if abs(x - 416) / 32 + abs(y - 128) / 16 < 0.8]
    marks = []
    for p in inside:
        flat = [b + (t - b) * alpha / 255 for b, t in zip(base.get_at(p)[:3], tint)]
        if max(abs(d - f) for d, f in zip(drawn.get_at(p)[:3], flat)) > 60:
            marks.append(p)
    assert len(marks) >= 10
    best = max((max(_lum(drawn.get_at(p)), _lum(base.get_at(p))) + 0.05)
               / (min(_lum(drawn.get_at(p)), _lum(base.get_at(p))) + 0.05) for p in marks)
    assert best >= 1.5
    board.set_move({TILE: 1})
    drawn = board._static()
    # the edge towards (2, 5) (walkable grass) runs along the diamond's top-left side,
    # from its top (448, 160) to its left corner (416, 176): its middle is (432, 168)
    assert drawn.get_at((432, 168)) != base.get_at((432, 168))
    # the side towards (4, 5), a low wall, gets no edge: only ground one could walk on
    assert not board.tmap.walkable[4, 5]
    board.set_move(None)


def test_fog_darkens_the_diamond_and_not_its_neighbour(board):
    seen = np.ones((16, 16), bool)
    seen[TILE] = False
    board.set_fog(seen)
    base, drawn = board.base, board._static()
    assert _lum(drawn.get_at(CENTRE)) < _lum(base.get_at(CENTRE)) / 2
    north = (480, 160)   # centre of (3, 4): (512 + 32 * (3.5 - 4.5), 32 + 16 * 8)
    assert board.camera.tile_centre((3, 4)) == north
    assert drawn.get_at(north) == base.get_at(north)
    board.set_fog(None)


def test_a_cover_mark_sits_inside_the_diamond_on_the_side_of_the_cover(board):
    from game.ui import cover_icons
    # (6, 1) is grass with a crate on its east, at (7, 1): a half shield 0.3 tile in from
    # that side, at tile point (6.8, 1.5): (512 + 32 * 5.3, 32 + 16 * 8.3) = (681.6, 164.8)
    assert board.tmap.walkable[6, 1] and int(board.tmap.cover[7, 1]) == 2
    board.set_move({(6, 1): 0})
    assert ((6, 1), (1, 0), 2) in board.cover_marks
    drawn = board._static()
    assert drawn.get_at((682, 165))[:3] == cover_icons.FILL
    assert board.base.get_at((682, 165))[:3] != cover_icons.FILL
    board.set_move(None)


def test_a_danger_zone_is_a_hatched_diamond_edged_along_its_sides(board):
    from game.ui import rules_view
    from game.ui.zone_draw import DangerZones

    z = DangerZones()
    zone = rules_view.as_zone((1, 2, frozenset({TILE}), "suppression", "Suppressing fire"))
    layer = z.render([zone], pygame.Rect(0, 0, 1024, 545), board.camera)
    assert layer.get_at(CENTRE).a > 0          # the hatch fills the diamond
    assert layer.get_at(OUTSIDE).a == 0        # and nothing past it
    # the north-east side, from the top (448, 160) to the right corner (480, 176)
    assert layer.get_at((464, 168)).a == 255
    assert layer.get_at((456, 164)).a == 255   # (a box inside the diamond would miss this point)
    assert layer.get_at((464, 168))[:3] == tuple(__import__("game.ui.theme", fromlist=["x"]).team_colour(2))[:3]


def test_a_weapon_range_box_follows_the_diamonds(board):
    from game.ui import range_box
    drawn = []
    box = range_box.draw(pygame.Surface((1024, 545)), board.camera.corner, TILE, 2, 16, 16, "first band 10 ft",
                         (255, 196, 64), True, lambda s, c, pts, w: drawn.append(pts))
    # reach 2 from (3, 5): tiles 1..5 across, 3..7 down; the top side runs along the
    # corners (1, 3) -> (6, 3): (512 - 64, 32 + 64) = (448, 96) -> (512 + 96, 32 + 144) = (608, 176)
    assert drawn[0] == [(448, 96), (608, 176)]
    assert len(drawn) == 4
    # its label on that side's middle, tile point (3.5, 3): (512 + 16, 32 + 104) = (528, 136)
    assert box.center == (528, 136)


def test_a_declaration_arrow_runs_between_the_diamonds_centres(board, monkeypatch):
    from game.ui import board_marks
    from game.ui.declarations import Entry
    seen = []
    monkeypatch.setattr(board_marks, "arrow", lambda s, c, a, b, *args, **kw: seen.append((a, b)))

    class Decl:
        def is_offensive(self, e):
            return True

        def label(self, kind):
            return kind
    e = Entry(unit=1, name="Gunner 1-1", team=1, slot=1, kind="attack", target=2, extra="", secret=False,
              origin=TILE, to=(6, 5))
    assert board_marks.draw_declared(pygame.Surface((1024, 545)), board.camera, 10, Decl(), e)
    # (6, 5)'s centre: (512 + 32 * (6.5 - 5.5), 32 + 16 * 12) = (544, 224)
    assert seen == [(CENTRE, (544, 224))]


def test_the_cursor_is_a_diamond(board):
    from game.ui.board_marks import tile_frame
    surf = pygame.Surface((1024, 545))
    tile_frame(surf, board.camera, TILE, (255, 255, 255), 2)
    assert surf.get_at((464, 168))[:3] == (255, 255, 255)   # on the north-east side
    assert surf.get_at(OUTSIDE)[:3] == (0, 0, 0)             # where a box's edge would run
    assert surf.get_at((417, 161))[:3] == (0, 0, 0)          # a box's corner


def test_a_band_behind_a_wall_does_not_paint_over_the_walls_face(board):
    # (5, 5) is a dirt path just behind the house's wall at (6, 6). That wall stands
    # 28 px: its top face is the diamond of (6, 6) (top corner (512, 224)) raised to
    # (512, 196), whose middle (512, 212) lies over (5, 5)'s own diamond, whose centre
    # is (512, 208). A band on (5, 5) is hidden there by the wall, as the path is.
    assert board.tmap.walkable[5, 5] and not board.tmap.walkable[6, 6]
    assert board.camera.tile_centre((5, 5)) == (512, 208)
    board.set_move({(5, 5): 0})
    drawn = board._static()
    assert drawn.get_at((512, 208)) == board.base.get_at((512, 208))
    # and on its own ground, in front of nothing, the band shows: its top corner's
    # inside, (512, 195), lies above the wall's top face
    assert drawn.get_at((512, 195)) != board.base.get_at((512, 195))
    board.set_move(None)


def test_the_minimap_marks_a_unit_on_its_diamond_and_a_click_picks_the_diamond(board):
    from game.ui.minimap import Minimap
    mini = Minimap()
    surf = pygame.Surface((400, 300))
    # the picture (1024 x 545) shrunk into 256 x 136 (scale 0.25), centred in the box
    # at (100, 50) + ((256 - 256) / 2, (140 - 136.25) / 2): its top-left at (100, 52)
    mini.draw(surf, pygame.Rect(100, 50, 256, 140), board, [(TILE, 1)], False)
    assert mini.scale == 0.25 and mini.image_rect.topleft == (100, 52)
    # tile (3, 5)'s centre (448, 176) is (100 + 112, 52 + 44) on the minimap
    from game.ui import theme
    assert surf.get_at((212, 96))[:3] == theme.team_colour(1)
    assert mini.tile_at((212, 96), board.camera) == TILE
    assert mini.tile_at((5, 5), board.camera) is None
