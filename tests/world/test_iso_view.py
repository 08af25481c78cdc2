"""The window's isometric projection (game/ui/iso.py): picking, centres, drawing, overlays.

An isometric map's tile (x, y) is the diamond whose top corner is at world pixel
(origin_x + (x - y) * tw/2, top + (x + y) * th/2). Picking must invert that exactly:
the centre of every tile picks that tile at every zoom and pan, and points just inside
each corner of a diamond pick it too.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.world.tiled import load_map  # noqa: E402
from tests.world.test_wild_maps import iso_map  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((320, 240))
    yield
    pygame.display.quit()


@pytest.fixture
def iso(tmp_path):
    return load_map(iso_map(tmp_path, [(16, 16, 1), (144, 112, 2)]))


def test_projection_by_hand(iso):
    from game.ui.iso import IsoProjection
    proj = IsoProjection(iso)  # 5x4 tiles of 64x32; pictures 64x64 with tileoffset y=16
    # pictures rise 64 - 32 - 16 = 16 px above their diamond: the top margin
    assert proj.top == 16 and proj.origin_x == 4 * 32
    assert proj.top_corner(0, 0) == (128, 16)
    assert proj.centre(0, 0) == (128, 32)
    assert proj.centre(4, 0) == (256, 96)  # x runs down to the right
    assert proj.centre(0, 3) == (32, 80)  # y runs down to the left
    assert proj.size == (9 * 32, 16 + 9 * 16 + 1)


@pytest.mark.parametrize("zoom_steps, pan", [(0, (0, 0)), (2, (37, -11)), (-1, (-90, 40))])
def test_every_tile_centre_and_corner_picks_its_own_tile(iso, zoom_steps, pan):
    from game.ui.iso import IsoCamera
    cam = IsoCamera(iso)
    cam.resize(320, 240)
    cam.zoom_at(zoom_steps, 160, 120)
    cam.pan(*pan)
    for x in range(iso.width):
        for y in range(iso.height):
            assert cam.tile_at(*cam.tile_centre((x, y))) == (x, y)
            top, right, bottom, left = cam.proj.diamond(x, y)
            inside = [(top[0], top[1] + 2), (right[0] - 3, right[1]), (bottom[0], bottom[1] - 2),
                      (left[0] + 3, left[1])]
            for wx, wy in inside:
                assert cam.tile_at(*cam.to_screen(wx, wy)) == (x, y)


def test_the_board_draws_diamonds_and_its_overlays_on_them(iso):
    from game.ui.board import BoardRenderer
    from game.ui.iso import IsoCamera
    board = BoardRenderer(iso)
    assert isinstance(board.camera, IsoCamera)
    assert board.base.get_size() == board.camera.proj.size
    plain = board._static().copy()
    board.set_move({(2, 1): 0})
    shaded = board._static()
    cx, cy = (int(v) for v in board.camera.proj.centre(2, 1))
    ox, oy = (int(v) for v in board.camera.proj.centre(3, 3))
    assert shaded.get_at((cx, cy)) != plain.get_at((cx, cy))  # the moved-to diamond is tinted
    assert shaded.get_at((ox, oy)) == plain.get_at((ox, oy))  # another is not
    screen = pygame.Surface((320, 240))
    board.draw_terrain(screen)  # composes without error at the view size


def test_orthogonal_maps_keep_the_square_camera(tmp_path):
    from game.ui.board import BoardRenderer
    from game.ui.camera import Camera
    from game.ui.iso import IsoCamera
    from game.replay import maps_dir
    board = BoardRenderer(load_map(maps_dir() / "arena.tmx"))
    assert type(board.camera) is Camera and not isinstance(board.camera, IsoCamera)


def test_the_menu_lists_the_players_maps_and_opens_one_by_path(tmp_path, monkeypatch):
    """User map folder maps appear after the shipped ones; key O opens any .tmx by path."""
    from types import SimpleNamespace

    from game.ui.menu import MenuScreen
    from game.ui.settings import Settings
    from game.world.catalog import menu_maps, resolve_map, shipped_maps_dir, user_maps_dir
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = user_maps_dir()
    folder.mkdir(parents=True)
    mine = iso_map(folder, [(16, 16, 1), (144, 112, 2)], name="my_iso.tmx")
    listed = menu_maps()
    assert listed[-1] == mine and listed[0].parent == shipped_maps_dir()
    assert resolve_map("my_iso") == mine and resolve_map("user-maps/my_iso.tmx") == mine

    elsewhere = iso_map(tmp_path, [(16, 16, 1), (144, 112, 2)], name="far_away.tmx")
    app = SimpleNamespace(settings=Settings(), settings_path=tmp_path / "settings.json", mouse=(0, 0))
    menu = MenuScreen(app)
    assert mine in menu.map_paths
    press = lambda key, ch="": menu.handle(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=ch, mod=0))
    press(pygame.K_o, "o")
    assert menu.opener is not None
    for ch in "nowhere.tmx":
        press(pygame.K_a, ch)
    press(pygame.K_RETURN)
    assert "nowhere.tmx" in menu.opener.error  # the loader's one line, box still open
    menu.opener.text = str(elsewhere)
    press(pygame.K_RETURN)
    assert menu.opener is None and menu.map_info.path == elsewhere
    assert menu.s.map == str(elsewhere)
    menu.draw(pygame.Surface((1280, 720)))
