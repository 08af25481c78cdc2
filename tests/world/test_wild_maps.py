"""Maps made for other games play: the Tiled features real maps use (issue 16).

Each test writes its own small map using one feature found in Tiled's examples and
pytmx's test data (those files are not copied here): an old tileset without
``tilecount`` or image size, tiles taller than the grid with a tile offset, an image
collection, collision shapes and other "solid" conventions, cover from tile types, no
``spawns`` layer, isometric orientation, object layers of every kind, an infinite map
with chunks. Expected values are worked out by hand in each test's comments.
"""

from __future__ import annotations

import base64
import zlib

import numpy as np
import pytest

from game.errors import MapError
from game.world.tactical_map import Cover, Spawn
from game.world.tiled import load_map, summarize
from tests.world.worldkit import ASSETS

SHEET = ASSETS / "tileset.png"  # 256x128 px: 8x4 tiles of 32 px
PROPS = ASSETS / "props.png"  # 128x64 px


def write_map(tmp_path, body, *, width=6, height=3, tile=(32, 32), orientation="orthogonal",
              extra="", name="wild.tmx"):
    path = tmp_path / name
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" orientation="{orientation}" renderorder="right-down" width="{width}" '
        f'height="{height}" tilewidth="{tile[0]}" tileheight="{tile[1]}" {extra}>{body}</map>\n',
        encoding="utf-8")
    return path


def csv_layer(name, rows, extra=""):
    text = "\n" + ",\n".join(",".join(str(g) for g in row) for row in rows) + "\n"
    return (f'<layer name="{name}" width="{len(rows[0])}" height="{len(rows)}" {extra}>'
            f'<data encoding="csv">{text}</data></layer>')


def old_tileset(tiles="", name="old", firstgid=1, size=(32, 32), extra=""):
    """A tileset as Tiled 0.x wrote it: no tilecount, no columns, no image size."""
    return (f'<tileset firstgid="{firstgid}" name="{name}" tilewidth="{size[0]}" tileheight="{size[1]}" '
            f'{extra}><image source="{SHEET}"/>{tiles}</tileset>')


FIELD = [[1] * 6 for _ in range(3)]


def test_old_tileset_without_tilecount_counts_its_tiles_from_the_image(tmp_path):
    # 256x128 px with 32 px tiles: 8 columns x 4 rows = 32 tiles, so gid 32 is known.
    path = write_map(tmp_path, old_tileset() + csv_layer("g", [[1, 32, 1, 1, 1, 1]] + FIELD[1:]))
    tmap = load_map(path)
    assert any("counted 32 from its image" in n for n in tmap.notes)


def test_tilecount_with_margin_and_spacing_follows_tileds_formula(tmp_path):
    # columns = (256 - 2*1 + 2) // (30 + 2) = 8, rows = (128 - 2 + 2) // 32 = 4: 32 tiles.
    # gid 33 is then beyond the tileset.
    ts = old_tileset(size=(30, 30), extra='margin="1" spacing="2"')
    tmap = load_map(write_map(tmp_path, ts + csv_layer("g", [[32] * 6] * 3), tile=(30, 30)))
    assert any("counted 32" in n for n in tmap.notes)
    with pytest.raises(MapError, match="gid 33, which no tileset defines"):
        load_map(write_map(tmp_path, ts + csv_layer("g", [[33] * 6] * 3), tile=(30, 30), name="b.tmx"))


def test_tall_tiles_draw_from_their_cell_with_the_tilesets_offset(tmp_path):
    # 32x64 tiles on a 32x32 grid, with a <tileoffset>; tile 1 (gid 2) is a wall.
    tall = ('<tileset firstgid="1" name="tall" tilewidth="32" tileheight="64" tilecount="16" columns="8">'
            '<tileoffset x="-4" y="8"/>'
            f'<image source="{SHEET}" width="256" height="128"/>'
            '<tile id="1"><properties><property name="walkable" type="bool" value="false"/>'
            '<property name="blocks_sight" type="bool" value="true"/></properties></tile></tileset>')
    rows = [[1, 1, 1, 1, 1, 1], [1, 1, 2, 1, 1, 1], [1, 1, 1, 1, 1, 1]]
    tmap = load_map(write_map(tmp_path, tall + csv_layer("g", rows)))
    # the wall blocks its own cell (2, 1) only, though its picture covers the cell above too
    assert not tmap.walkable[2, 1] and tmap.walkable[2, 0]
    assert int((~tmap.walkable).sum()) == 1
    image = tmap.tiles[int(tmap.render_layers[0].gids[2, 1])]
    assert image.rect == (32, 0, 32, 64) and image.offset == (-4, 8)


def test_image_collection_tiles_use_their_whole_picture(tmp_path):
    collection = ('<tileset firstgid="1" name="things" tilewidth="128" tileheight="64" tilecount="2" columns="0">'
                  f'<tile id="0"><image source="{SHEET}" width="256" height="128"/></tile>'
                  f'<tile id="1"><image source="{PROPS}"/></tile></tileset>')
    tmap = load_map(write_map(tmp_path, collection + csv_layer("g", [[1] * 6, [1, 2, 1, 1, 1, 1], [1] * 6])))
    rects = {info.image.name: info.rect for info in tmap.tiles.values()}
    assert rects == {"tileset.png": (0, 0, 256, 128), "props.png": (0, 0, 128, 64)}


SOLID_CONVENTIONS = [
    # (tile XML for tile id 1, what the note says)
    ('<tile id="1"><objectgroup draworder="index"><object id="1" x="0" y="0" width="32" height="32"/>'
     '</objectgroup></tile>', "collision shapes"),
    ('<tile id="1"><properties><property name="collides" type="bool" value="true"/></properties></tile>',
     "property collides"),
    ('<tile id="1"><properties><property name="Solid" value="true"/></properties></tile>', "property solid"),
    ('<tile id="1"><properties><property name="wall" type="bool" value="true"/></properties></tile>',
     "property wall"),
]


@pytest.mark.parametrize("tile, why", SOLID_CONVENTIONS)
def test_solid_tiles_are_inferred_from_the_conventions_real_maps_use(tmp_path, tile, why):
    rows = [[1, 1, 1, 1, 1, 1], [1, 1, 2, 2, 1, 1], [1, 1, 1, 1, 1, 1]]
    tmap = load_map(write_map(tmp_path, old_tileset(tile) + csv_layer("g", rows)))
    solid = ~tmap.walkable
    assert solid[2, 1] and solid[3, 1] and int(solid.sum()) == 2
    assert np.array_equal(tmap.blocks_sight, solid)
    assert any(why in n and "tiles 1" in n for n in tmap.notes), tmap.notes


def test_a_false_collision_property_is_not_solid(tmp_path):
    tile = '<tile id="1"><properties><property name="collides" type="bool" value="false"/></properties></tile>'
    tmap = load_map(write_map(tmp_path, old_tileset(tile) + csv_layer("g", [[1, 2, 1, 1, 1, 1]] + FIELD[1:])))
    assert tmap.walkable.all()


@pytest.mark.parametrize("layer_name", ["Collision", "walls", "Obstacles", "blocked", "solid layer"])
def test_every_painted_cell_of_a_collision_layer_is_solid(tmp_path, layer_name):
    marks = [[0, 0, 0, 0, 0, 0], [0, 0, 0, 5, 0, 0], [0, 0, 0, 5, 0, 0]]
    tmap = load_map(write_map(tmp_path, old_tileset() + csv_layer("g", FIELD) + csv_layer(layer_name, marks)))
    assert {(int(x), int(y)) for x, y in zip(*np.nonzero(~tmap.walkable))} == {(3, 1), (3, 2)}
    assert tmap.blocks_sight[3, 1]
    assert any(f"layer '{layer_name}'" in n and "2 painted cells" in n for n in tmap.notes)


def test_a_map_with_its_own_properties_is_not_inferred(tmp_path):
    # tile 1 sets cover (ours) and has collision shapes: only our property counts.
    tile = ('<tile id="1"><properties><property name="cover" value="light"/></properties>'
            '<objectgroup><object id="1" x="0" y="0" width="32" height="32"/></objectgroup></tile>')
    rows = [[1, 2, 1, 1, 1, 1]] + FIELD[1:]
    tmap = load_map(write_map(tmp_path, old_tileset(tile) + csv_layer("walls", rows)))
    assert tmap.walkable.all() and tmap.cover[1, 0] == Cover.LIGHT
    assert not any("inferred" in n for n in tmap.notes)


@pytest.mark.parametrize("kind, cover", [("heavy_cover", Cover.HEAVY), ("Light Cover", Cover.LIGHT),
                                         ("cover", Cover.LIGHT), ("concealment", Cover.CONCEALMENT),
                                         ("bush", Cover.NONE)])
def test_cover_from_a_tiles_type_or_class(tmp_path, kind, cover):
    for attr in ("type", "class"):
        tile = f'<tile id="1" {attr}="{kind}"/>'
        path = write_map(tmp_path, old_tileset(tile) + csv_layer("g", [[1, 2, 1, 1, 1, 1]] + FIELD[1:]),
                         name=f"{attr}.tmx")
        tmap = load_map(path)
        assert tmap.cover[1, 0] == cover and tmap.walkable.all()


def test_without_spawns_each_side_deploys_at_the_far_ends_of_the_open_ground(tmp_path):
    # A 6x3 field. Walking distance from (0,0) to (5,2) is 7 steps, the farthest pair.
    # Team 1 (the west end) takes the 5 cells nearest (0,0): (0,0), then (1,0) and (0,1)
    # (one step), then two of the three cells two steps away, lowest row first: (2,0),
    # (1,1). Team 2 takes the same, turned 180 degrees about the centre.
    tmap = load_map(write_map(tmp_path, old_tileset() + csv_layer("g", FIELD)))
    west = {(0, 0), (1, 0), (0, 1), (2, 0), (1, 1)}
    assert {(s.x, s.y) for s in tmap.spawns if s.team == 1} == west
    assert {(s.x, s.y) for s in tmap.spawns if s.team == 2} == {(5 - x, 2 - y) for x, y in west}
    assert tmap.deployed and all(s.archetype is None for s in tmap.spawns)
    assert "deployed by the game" in summarize(tmap)


def test_deployment_uses_the_largest_region_only(tmp_path):
    # A wall column at x=2 cuts a 2x3 pocket (6 cells) from a 3x3 field (9 cells):
    # everyone deploys in the larger field, 4 per side (9 // 2).
    tile = '<tile id="1"><properties><property name="walkable" type="bool" value="false"/></properties></tile>'
    rows = [[1, 1, 2, 1, 1, 1]] * 3
    tmap = load_map(write_map(tmp_path, old_tileset(tile) + csv_layer("g", rows)))
    assert all(s.x >= 3 for s in tmap.spawns)
    assert [sum(s.team == t for s in tmap.spawns) for t in (1, 2)] == [4, 4]


def test_a_map_that_paints_only_obstacles_plays_on_the_ground_between_them(tmp_path):
    # Only a "Walls" layer, with two painted cells: the rest is read as open floor.
    marks = [[0, 0, 0, 0, 0, 0], [0, 0, 1, 1, 0, 0], [0, 0, 0, 0, 0, 0]]
    tmap = load_map(write_map(tmp_path, old_tileset() + csv_layer("Walls", marks)))
    assert int(tmap.walkable.sum()) == 16 and not tmap.walkable[2, 1]
    assert any("read as open ground" in n for n in tmap.notes)


def iso_map(tmp_path, spawns, name="iso.tmx"):
    ts = ('<tileset firstgid="1" name="iso" tilewidth="64" tileheight="64" tilecount="8" columns="4">'
          f'<tileoffset x="0" y="16"/><image source="{SHEET}" width="256" height="128"/></tileset>')
    objects = "".join(
        f'<object id="{i + 1}" x="{x}" y="{y}"><properties><property name="team" type="int" value="{t}"/>'
        '</properties><point/></object>' for i, (x, y, t) in enumerate(spawns))
    return write_map(tmp_path, ts + csv_layer("ground", [[1] * 5] * 4) +
                     f'<objectgroup name="spawns">{objects}</objectgroup>',
                     width=5, height=4, tile=(64, 32), orientation="isometric", name=name)


def test_isometric_map_plays_on_the_same_grid_with_spawns_in_tile_height_units(tmp_path):
    # Isometric objects measure both axes in tile heights (32 px): (80, 48) is tile (2, 1).
    tmap = load_map(iso_map(tmp_path, [(80, 48, 1), (16, 112, 2)]))
    assert tmap.orientation == "isometric" and tmap.shape == (5, 4)
    assert tmap.spawns == (Spawn(2, 1, 1), Spawn(0, 3, 2))


@pytest.mark.parametrize("orientation", ["hexagonal", "staggered"])
def test_hexagonal_and_staggered_maps_are_refused_in_one_line(tmp_path, orientation):
    path = write_map(tmp_path, old_tileset() + csv_layer("g", FIELD), orientation=orientation)
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert str(caught.value) == (
        f"{path}: has {orientation} orientation; the game plays orthogonal and isometric maps "
        "(hexagonal play is a later step); in Tiled, make a new orthogonal or isometric map")


EVERY_OBJECT = (
    '<objectgroup id="7" name="scenery" opacity="0.5" offsetx="3.5" parallaxx="0.5">'
    '<object id="10" name="box" type="thing" x="1" y="2" width="30" height="20"/>'
    '<object id="11" x="40" y="5" width="20" height="10"><ellipse/></object>'
    '<object id="12" x="10" y="10"><point/></object>'
    '<object id="13" x="50" y="50"><polygon points="0,0 10,5 -3,12"/></object>'
    '<object id="14" x="60" y="10"><polyline points="0,0 30,nan"/></object>'
    '<object id="15" x="5" y="70" width="90" height="20"><text wrap="1" color="#ff0000">hi</text></object>'
    '<object id="16" gid="3" x="64" y="96" width="32" height="32"/>'
    '<object id="17" gid="2147483651" x="96" y="96" width="32" height="32" rotation="45"/>'
    '<object id="18" template="missing.tx" x="1" y="1"/>'
    '<object id="19" x="abc" y="1e999"/>'
    '</objectgroup>'
    f'<imagelayer id="8" name="sky" offsetx="2.5"><image source="{PROPS}"/></imagelayer>'
    '<imagelayer id="9" name="empty"/>'
    '<group name="g2"><objectgroup name="more"><object id="20" x="1" y="1"/></objectgroup></group>'
)


def test_object_and_image_layers_of_every_kind_never_refuse_a_map(tmp_path):
    # shapes, tile objects (one flipped), text, templates, even malformed ones: all ignored
    tmap = load_map(write_map(tmp_path, old_tileset() + csv_layer("g", FIELD) + EVERY_OBJECT))
    assert tmap.object_layers == ("scenery", "g2/more")
    assert tmap.deployed  # none of them is a spawns layer


def test_fractional_layer_offsets_are_read(tmp_path):
    tmap = load_map(write_map(tmp_path, old_tileset() + csv_layer("g", FIELD, 'offsetx="2.6" offsety="-1.2"')))
    assert tmap.render_layers[0].offset == (3, -1)


def chunk(x, y, rows, encoding):
    if encoding == "csv":
        text = ",".join(str(g) for row in rows for g in row)
    else:
        raw = np.array(rows, dtype="<u4").tobytes()
        text = base64.b64encode(zlib.compress(raw)).decode()
    return f'<chunk x="{x}" y="{y}" width="{len(rows[0])}" height="{len(rows)}">{text}</chunk>'


@pytest.mark.parametrize("encoding", ["csv", "zlib"])
def test_infinite_map_plays_as_the_box_its_chunks_cover(tmp_path, encoding):
    # Two 4x2 chunks at (-4, -2) and (0, 0): the box is x -4..3, y -2..1, so 8x4 tiles
    # with the first chunk's top-left at (0, 0) and the second's at (4, 2). A spawn at
    # pixel (-112, -48) is tile (-4, -2) before the shift, (0, 0) after; one at
    # (112, 48) is tile (3, 1) before, (7, 3) after.
    data_attrs = 'encoding="csv"' if encoding == "csv" else 'encoding="base64" compression="zlib"'
    ground = [[1] * 4] * 2
    layer = (f'<layer name="g" width="8" height="4"><data {data_attrs}>'
             f'{chunk(-4, -2, ground, encoding)}{chunk(0, 0, ground, encoding)}</data></layer>')
    spawns = ('<objectgroup name="spawns">'
              '<object id="1" x="-112" y="-48"><properties><property name="team" type="int" value="1"/>'
              '</properties><point/></object>'
              '<object id="2" x="112" y="48"><properties><property name="team" type="int" value="2"/>'
              '</properties><point/></object></objectgroup>')
    path = write_map(tmp_path, old_tileset() + layer + spawns, width=8, height=4, extra='infinite="1"')
    tmap = load_map(path)
    assert tmap.shape == (8, 4)
    painted = {(int(x), int(y)) for x, y in zip(*np.nonzero(tmap.walkable))}
    assert painted == {(x, y) for x in range(4) for y in range(2)} | {(x, y) for x in range(4, 8) for y in range(2, 4)}
    assert tmap.spawns == (Spawn(0, 0, 1), Spawn(7, 3, 2))
    assert any("8x4 box its chunks cover" in n for n in tmap.notes)


def test_a_map_built_only_from_objects_is_refused_in_one_line(tmp_path):
    path = write_map(tmp_path, old_tileset() + '<objectgroup name="stuff"><object id="1" gid="1" x="0" y="32"/></objectgroup>')
    with pytest.raises(MapError, match="has no tile layer; the game reads the ground from tile layers"):
        load_map(path)


RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_inferred_and_isometric_maps_play_a_battle_in_every_ruleset(tmp_path, ruleset):
    from game.simulate import BattleSpec, play_ai_battle
    # a 10x6 field with a collision-shape wall stub and a "heavy_cover" tile, no spawns
    tiles = ('<tile id="1"><objectgroup><object id="1" x="0" y="0" width="32" height="32"/></objectgroup></tile>'
             '<tile id="2" type="heavy_cover"/>')
    rows = [[1] * 10 for _ in range(6)]
    rows[2][4] = rows[3][4] = 2
    rows[1][6] = rows[4][3] = 3
    field = write_map(tmp_path, old_tileset(tiles) + csv_layer("g", rows), width=10, height=6)
    iso = iso_map(tmp_path, [(16, 16, 1), (144, 112, 2)])
    for path in (field, iso):
        battle = play_ai_battle(BattleSpec(str(path), ruleset, seed=3, max_rounds=4))
        try:
            assert battle.pending is None  # played to its end (a win or the round limit)
        finally:
            battle.close()
