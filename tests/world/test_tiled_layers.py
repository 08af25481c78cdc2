"""How load_map reads layers: file order, groups, flips, and combining tile properties.

Each test writes a tiny map with one embedded tileset whose tiles carry exactly
the properties under test, then checks the grids and render layers.
"""

from __future__ import annotations

import numpy as np

from game.world.tactical_map import Cover
from game.world.tiled import load_map
from tests.world.worldkit import tiny_tmx

FLIP_H, FLIP_V, FLIP_D = 1 << 31, 1 << 30, 1 << 29

# Tile ids of the test tileset (gid = id + 1) and what each one sets.
PROPS = {
    0: {},
    1: {"move_cost": ("int", 3), "elevation": ("int", 1)},
    2: {"move_cost": ("int", 2)},
    3: {"walkable": ("bool", "false"), "blocks_sight": ("bool", "true")},
    4: {"walkable": ("bool", "true"), "cover": "light"},
    5: {"cover": "heavy"},
    6: {"elevation": ("int", 2)},
    7: {"cover": "concealment", "walkable": "true", "move_cost": "2"},  # untyped strings
}


def test_tile_layers_render_in_file_order_with_groups_flattened(tmp_path):
    # pytmx lists groups first and object layers last; the file order here is
    # tile, objects, group(tile, tile), tile.
    path = tiny_tmx(tmp_path, [
        ("layer", "bottom", [[1, 1]]),
        ("objects", "notes"),
        ("group", "walls", [
            ("layer", "inner", [[2, 0]], 'opacity="0.5" offsetx="3"'),
            ("layer", "hidden", [[3, 0]], 'visible="0"'),
        ], 'opacity="0.5" offsetx="4" offsety="-2"'),
        ("layer", "top", [[0, 5]]),
    ], PROPS)
    tmap = load_map(path)
    assert [l.name for l in tmap.render_layers] == ["bottom", "walls/inner", "top"]
    bottom, inner, top = tmap.render_layers
    assert inner.opacity == 0.25 and inner.offset == (7, -2)
    assert bottom.opacity == 1.0 and bottom.offset == (0, 0)
    assert tmap.tiles[int(bottom.gids[0, 0])].rect == (0, 0, 32, 32)  # tile 0
    assert tmap.tiles[int(inner.gids[0, 0])].rect == (32, 0, 32, 32)  # tile 1
    assert tmap.tiles[int(top.gids[1, 0])].rect == (128, 0, 32, 32)  # tile 4
    assert inner.gids[1, 0] == 0 and top.gids[0, 0] == 0


def test_a_hidden_layer_still_counts_for_the_rules(tmp_path):
    path = tiny_tmx(tmp_path, [
        ("layer", "ground", [[1, 1, 1]]),
        ("layer", "rules", [[0, 4, 0]], 'visible="0"'),
    ], PROPS, spawns=((0, 0, 1), (2, 0, 2)))
    tmap = load_map(path)
    assert tmap.walkable.tolist() == [[True], [False], [True]]
    assert [l.name for l in tmap.render_layers] == ["ground"]


def test_properties_combine_across_layers(tmp_path):
    # Cells below are gids (tile id + 1; see PROPS):   x = 0  1  2  3  4  5  6
    ground = [[2, 2, 3, 2, 1, 0, 8]]
    middle = [[0, 5, 0, 6, 0, 0, 4]]
    top = [[7, 0, 4, 8, 3, 0, 5]]
    tmap = load_map(tiny_tmx(tmp_path, [
        ("layer", "ground", ground), ("layer", "middle", middle), ("layer", "top", top),
    ], PROPS, spawns=((0, 0, 1), (4, 0, 2))))
    # Not walkable if any tile says so, even under a later walkable=true (x6);
    # a cell no layer paints is void (x5).
    assert tmap.walkable[:, 0].tolist() == [True, True, False, True, True, False, False]
    assert tmap.blocks_sight[:, 0].tolist() == [False, False, True, False, False, False, True]
    # Cover: the highest any layer gives.
    assert [Cover(c) for c in tmap.cover[:, 0]] == [
        Cover.NONE, Cover.LIGHT, Cover.NONE, Cover.HEAVY, Cover.NONE, Cover.NONE, Cover.LIGHT]
    # Move cost and elevation: from the topmost tile that sets them (untyped "2" at x3 and x6).
    assert tmap.move_cost[:, 0].tolist() == [3, 3, 2, 2, 2, 1, 2]
    assert tmap.elevation[:, 0].tolist() == [2, 1, 0, 1, 0, 0, 0]


def test_flipped_tiles_keep_the_base_tiles_properties_and_report_their_flips(tmp_path):
    wall = 4  # tile id 3: not walkable, blocks sight
    tmap = load_map(tiny_tmx(tmp_path, [
        ("layer", "ground", [[1, wall | FLIP_H, wall | FLIP_V | FLIP_D, wall, 1]]),
    ], PROPS, spawns=((0, 0, 1), (4, 0, 2))))
    assert tmap.walkable[:, 0].tolist() == [True, False, False, False, True]
    assert tmap.blocks_sight[1:4, 0].all()
    gids = tmap.render_layers[0].gids[:, 0]
    assert len(set(gids[1:4].tolist())) == 3  # one gid per (tile, flips) combination
    flips = [(t.flip_h, t.flip_v, t.flip_d) for t in (tmap.tiles[int(g)] for g in gids[1:4])]
    assert flips == [(True, False, False), (False, True, True), (False, False, False)]
    assert {tmap.tiles[int(g)].rect for g in gids[1:4]} == {(96, 0, 32, 32)}


def test_the_arena_mirrors_its_edge_lines_with_flip_bits():
    from tests.world.worldkit import MAPS

    tmap = load_map(MAPS / "arena.tmx")
    gids = tmap.render_layers[0].gids
    west, east = tmap.tiles[int(gids[0, 5])], tmap.tiles[int(gids[11, 5])]
    assert west.rect == east.rect
    assert (west.flip_h, west.flip_v) == (False, False)
    assert (east.flip_h, east.flip_v) == (True, True)


def test_spawn_tiles_come_from_object_centres_and_sort_by_team_then_row(tmp_path):
    tmap = load_map(tiny_tmx(tmp_path, [("layer", "g", [[1, 1, 1], [1, 1, 1]])], PROPS,
                             spawns=((2, 1, 2), (0, 1, 1), (2, 0, 1), (0, 0, 2))))
    assert [(s.team, s.x, s.y) for s in tmap.spawns] == [(1, 2, 0), (1, 0, 1), (2, 0, 0), (2, 2, 1)]
    assert tmap.feet_per_tile == 5 and tmap.name == "tiny"


def test_map_properties_name_and_feet_per_tile(tmp_path):
    tmap = load_map(tiny_tmx(tmp_path, [("layer", "g", [[1, 1]])], PROPS,
                             map_props={"feet_per_tile": ("int", 2), "name": "Yard"}))
    assert tmap.feet_per_tile == 2 and tmap.name == "Yard"
