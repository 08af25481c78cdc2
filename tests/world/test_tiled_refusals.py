"""load_map refuses every map the game cannot play with one clear MapError.

Each test breaks a good map (a copy of a shipped one, or a tiny one) in one way
and checks the message names the file and the problem; no other exception escapes.
"""

from __future__ import annotations

import re

import pytest

from game.errors import MapError
from game.world.tiled import load_map
from tests.world.worldkit import ASSETS, copy_map, tiny_tmx


def refused(path, *words) -> str:
    with pytest.raises(MapError) as caught:
        load_map(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: "), message
    assert "\n" not in message
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    return message


def test_missing_file(tmp_path):
    refused(tmp_path / "nowhere.tmx", "no such map file")


def test_malformed_xml(tmp_path):
    path = copy_map(tmp_path, "arena", lambda t: t.replace("</map>", "</mapp>"))
    refused(path, "not well-formed XML")


def test_not_a_map_at_all(tmp_path):
    path = tmp_path / "x.tmx"
    path.write_text("<tileset/>")
    refused(path, "not a Tiled map")


def test_missing_external_tileset(tmp_path):
    path = copy_map(tmp_path, "warehouse", lambda t: t.replace("tileset.tsx", "gone.tsx"))
    refused(path, "tileset file", "gone.tsx", "does not exist")


def test_a_tileset_file_name_too_long_to_look_up(tmp_path):
    # Found by the map fuzz: a 300-character tileset source made the system's lookup
    # fail (ENAMETOOLONG), and the reader's own error escaped as "the map reader failed".
    path = copy_map(tmp_path, "warehouse", lambda t: t.replace("tileset.tsx", "x" * 300))
    message = refused(path, "tileset file", "cannot be read", "too long")
    assert "map reader failed" not in message and len(message) < 600


def test_a_tileset_image_name_too_long_to_look_up(tmp_path):
    path = copy_map(tmp_path, "ridge", lambda t: t.replace("props.png", "y" * 300 + ".png"))
    refused(path, "tileset 'props' image", "cannot be read", "too long")


def test_malformed_external_tileset(tmp_path):
    bad = tmp_path / "bad.tsx"
    bad.write_text("<tileset name='x'")
    path = copy_map(tmp_path, "warehouse", lambda t: t.replace(f"{ASSETS}/tileset.tsx", str(bad)))
    refused(path, "bad.tsx", "not well-formed XML")


def test_missing_tileset_image(tmp_path):
    path = copy_map(tmp_path, "ridge", lambda t: t.replace("props.png", "nope.png"))
    refused(path, "tileset 'props'", "nope.png", "does not exist")


def test_infinite_map_without_chunks(tmp_path):
    path = copy_map(tmp_path, "arena", lambda t: t.replace('infinite="0"', 'infinite="1"'))
    refused(path, "infinite map with no tile chunks")


def test_zstd_layer_data(tmp_path):
    path = copy_map(tmp_path, "warehouse", lambda t: t.replace('compression="zlib"', 'compression="zstd"', 1))
    refused(path, "layer 'floor'", "zstd", "CSV or Base64")


def test_old_xml_tile_layer_format(tmp_path):
    path = copy_map(tmp_path, "arena", lambda t: re.sub(
        r'<data encoding="base64">[^<]*</data>', "<data>" + '<tile gid="1"/>' * 144 + "</data>", t))
    refused(path, "layer 'arena'", "XML tile format")


@pytest.mark.parametrize("orientation", ["hexagonal", "staggered"])
def test_hexagonal_and_staggered_orientation(tmp_path, orientation):
    path = copy_map(tmp_path, "arena", lambda t: t.replace("orthogonal", orientation))
    refused(path, f"has {orientation} orientation", "orthogonal and isometric", "later step")


def test_no_spawns_layer_and_nowhere_to_deploy(tmp_path):
    # every tile of the ground is a wall: no walkable tile, no deployment
    path = tiny_tmx(tmp_path, GROUND, {0: {"walkable": "false"}}, spawns=())
    text = path.read_text().replace('<objectgroup id="99" name="spawns"></objectgroup>', "")
    path.write_text(text)
    refused(path, "no object layer named 'spawns'", "no walkable tile")


def test_no_spawns_layer_and_no_two_connected_tiles(tmp_path):
    path = tiny_tmx(tmp_path, [("layer", "g", [[1, 2, 1]])], {1: {"walkable": "false"}}, spawns=())
    text = path.read_text().replace('<objectgroup id="99" name="spawns"></objectgroup>', "")
    path.write_text(text)
    refused(path, "no object layer named 'spawns'", "no two connected walkable tiles")


def test_map_larger_than_the_limit_is_refused_before_reading_layers(tmp_path):
    path = copy_map(tmp_path, "arena", lambda t: t.replace('width="12" height="12" tilewidth',
                                                           'width="4000" height="4000" tilewidth', 1))
    refused(path, "4000x4000 tiles", "at most 512x512")


def test_zlib_bomb_is_refused_after_inflating_only_what_the_size_needs(tmp_path):
    import base64
    import zlib
    bomb = base64.b64encode(zlib.compress(b"\0" * 50_000_000)).decode()
    path = copy_map(tmp_path, "warehouse", lambda t: re.sub(
        r'(compression="zlib">)[^<]*', lambda m: m.group(1) + bomb, t, count=1))
    refused(path, "layer 'floor'", "decompresses to more than", "1920 bytes")


def test_fewer_than_two_teams(tmp_path):
    path = copy_map(tmp_path, "arena", lambda t: t.replace(
        'name="team" type="int" value="2"', 'name="team" type="int" value="1"'))
    refused(path, "1 team", "at least two")


def test_spawn_outside_the_map(tmp_path):
    path = copy_map(tmp_path, "arena", lambda t: t.replace('x="48" y="112"', 'x="400" y="112"'))
    refused(path, "spawn object", "outside the map")


def test_spawn_on_a_tile_that_is_not_walkable(tmp_path):
    # (2, 1) in the arena is a pillar.
    path = copy_map(tmp_path, "arena", lambda t: t.replace('x="48" y="112"', 'x="80" y="48"'))
    refused(path, "spawn object", "(2, 1)", "not walkable")


def test_two_spawns_on_one_tile(tmp_path):
    path = copy_map(tmp_path, "arena", lambda t: t.replace('x="48" y="176"', 'x="48" y="112"'))
    refused(path, "share tile (1, 3)")


def test_spawn_without_a_team(tmp_path):
    path = copy_map(tmp_path, "arena", lambda t: t.replace('name="team" type="int"', 'name="side" type="int"', 1))
    refused(path, "spawn object 1", "'team'")


def test_spawn_with_an_unknown_archetype(tmp_path):
    path = copy_map(tmp_path, "arena", lambda t: t.replace('value="brawler"', 'value="wizard"', 1))
    refused(path, "archetype 'wizard'", "brawler")


def test_spawn_from_a_template(tmp_path):
    path = copy_map(tmp_path, "arena", lambda t: t.replace('<object id="1"', '<object id="1" template="s.tx"'))
    refused(path, "object 1", "template", "Detach")


def test_templates_outside_the_spawns_layer_are_left_alone(tmp_path):
    notes = '<objectgroup id="50" name="notes"><object id="90" template="n.tx" x="1" y="1"/></objectgroup>'
    path = copy_map(tmp_path, "arena", lambda t: t.replace("</map>", notes + "</map>"))
    assert load_map(path).name == "The Pit"


GROUND = [("layer", "g", [[1, 1, 1]])]


@pytest.mark.parametrize("props, words", [
    ({"cover": "total"}, ["tile 0 of tileset 'test'", "cover is 'total'", "concealment"]),
    ({"move_cost": "abc"}, ["tile 0", "move_cost is 'abc'", "whole number"]),
    ({"move_cost": ("int", 0)}, ["tile 0", "move_cost is 0", "at least 1"]),
    ({"move_cost": ("int", "abc")}, ["tile 0", "'move_cost' is declared int", "'abc'"]),
    ({"move_cost": ("float", "1.5")}, ["tile 0", "move_cost is 1.5", "whole number"]),
    ({"walkable": "maybe"}, ["tile 0", "walkable is 'maybe'", "true or false"]),
    ({"walkable": ("bool", "maybe")}, ["tile 0", "'walkable' is declared bool", "'maybe'"]),
    ({"blocks_sight": "1"}, ["blocks_sight is '1'", "true or false"]),
    ({"elevation": "high"}, ["elevation is 'high'", "whole number"]),
    ({"elevation": ("bool", "true")}, ["elevation is True", "whole number"]),
])
def test_tile_property_of_the_wrong_kind(tmp_path, props, words):
    refused(tiny_tmx(tmp_path, GROUND, {0: props}), *words)


def test_bad_feet_per_tile(tmp_path):
    path = tiny_tmx(tmp_path, GROUND, map_props={"feet_per_tile": ("int", 0)})
    refused(path, "feet_per_tile is 0")


def test_layer_with_the_wrong_number_of_tiles(tmp_path):
    path = tiny_tmx(tmp_path, GROUND)
    path.write_text(path.read_text().replace("1,1,1", "1,1"))
    refused(path, "layer 'g'", "holds 2 tiles", "3x1")


def test_layer_whose_size_is_not_the_maps(tmp_path):
    path = tiny_tmx(tmp_path, GROUND)
    path.write_text(path.read_text().replace('<layer name="g" width="3"', '<layer name="g" width="4"'))
    refused(path, "layer 'g' is 4x1", "map is 3x1")


def test_gid_that_no_tileset_defines(tmp_path):
    refused(tiny_tmx(tmp_path, [("layer", "g", [[1, 90, 1]])]), "gid 90", "no tileset")


def test_corrupt_base64_data(tmp_path):
    path = copy_map(tmp_path, "warehouse", lambda t: re.sub(
        r'(compression="zlib">)[^<]*', r"\1AAAAbm90IHpsaWI=", t, count=1))
    refused(path, "layer 'floor'", "zlib data that does not decompress")


def test_csv_that_is_not_numbers(tmp_path):
    path = tiny_tmx(tmp_path, [("layer", "g", [[1, 1, 1]])])
    path.write_text(path.read_text().replace("1,1,1", "1,x,1"))
    refused(path, "layer 'g'", "CSV data that is not all whole numbers")


@pytest.mark.parametrize("value", ["0", "101", "99999999999999999999999", "-5", "abc"])
def test_feet_per_tile_out_of_range(tmp_path, value):
    path = tiny_tmx(tmp_path, GROUND, map_props={"feet_per_tile": value})
    refused(path, "feet_per_tile", "from 1 to 100")


@pytest.mark.parametrize("props, words", [
    ({"elevation": "101"}, ["elevation is 101", "at most 100"]),
    ({"elevation": "-101"}, ["elevation is -101", "at least -100"]),
    ({"move_cost": "1000"}, ["move_cost is 1000", "at most 100"]),
    ({"move_cost": "9" * 30}, ["move_cost", "whole number"]),
])
def test_tile_property_out_of_range(tmp_path, props, words):
    refused(tiny_tmx(tmp_path, GROUND, {0: props}), *words)


@pytest.mark.parametrize("where, edit", [
    ("the map", lambda t: t.replace("<properties>", '<properties><property name="orientation" value="up"/>', 1)),
    ("object 1", lambda t: t.replace('<property name="archetype"', '<property name="x" value="1"/><property name="archetype"', 1)),
    ("layer 'arena'", lambda t: t.replace('<layer id="1" name="arena" width="12" height="12">',
                                          '<layer id="1" name="arena" width="12" height="12"><properties><property name="opacity" value="1"/></properties>')),
])
def test_property_names_the_reader_reserves(tmp_path, where, edit):
    path = copy_map(tmp_path, "arena", edit)
    refused(path, where, "reserves for its own use")


def test_tile_size_beyond_what_the_window_draws(tmp_path):
    path = copy_map(tmp_path, "arena", lambda t: t.replace('tilewidth="32" tileheight="32" infinite',
                                                           'tilewidth="100000" tileheight="32" infinite', 1))
    refused(path, "tilewidth=100000", "more than the 512 px")


@pytest.mark.parametrize("attrs", ['opacity="nan"', 'opacity="2"', 'offsetx="1e12"'])
def test_layer_opacity_and_offset_the_window_could_not_draw(tmp_path, attrs):
    path = tiny_tmx(tmp_path, [("layer", "g", [[1, 1, 1]], attrs)])
    refused(path, "layer 'g'", "opacity outside 0..1 or an offset beyond")


# --- issue 33.3: a tileset picture's size is bounded (4096 px a side, the maps README) --------
def _tileset_image_sized(tmp_path, width: str, height: str, name: str = "tiny.tmx"):
    """A 3x1 map whose one tileset declares its image `width` x `height` px and leaves
    the tile count to be worked out from it (as old Tiled files do)."""
    path = tiny_tmx(tmp_path, [("layer", "g", [[1, 1, 1]])], name=name)
    text = path.read_text(encoding="utf-8")
    text = text.replace(' tilecount="32" columns="8"', "")
    text = text.replace('width="256" height="128"/>', f'width="{width}" height="{height}"/>')
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("width, height, shown", [
    ("1000000000", "1000000000", "1000000000x1000000000 px"),  # 10^9: took 81 s and 7.8 GB
    ("100000", "100000", "100000x100000 px"),  # took 14.6 s and 1.29 GB, and was accepted
    ("4097", "32", "4097x32 px"),  # one pixel past the limit
    ("32", "9" * 5000, "32x999999999999… px"),  # too long to read as a number
])
def test_tileset_image_declared_beyond_4096_px_is_refused_at_once(tmp_path, width, height, shown):
    import time
    import tracemalloc
    path = _tileset_image_sized(tmp_path, width, height)
    tracemalloc.start()
    started = time.perf_counter()
    try:
        refused(path, "tileset 'test' image tileset.png declares " + shown, "at most 4096 px")
        seconds = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert seconds < 2 and peak < 20 * 1024 * 1024, (seconds, peak)


def test_tileset_image_at_4096_px_is_read(tmp_path):
    """At the limit: 4096 / 32 = 128 columns of one row of 32 px tiles."""
    tmap = load_map(_tileset_image_sized(tmp_path, "4096", "32"))
    assert tmap.width == 3


def test_tileset_image_measured_beyond_4096_px_is_refused(tmp_path):
    """No declared size: the PNG header is read, and says 100,000 x 64 px."""
    import struct
    import zlib
    ihdr = struct.pack(">IIBBBBB", 100_000, 64, 8, 6, 0, 0, 0)
    png = tmp_path / "huge.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr
                    + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr)))
    path = tiny_tmx(tmp_path, [("layer", "g", [[1, 1, 1]])])
    text = path.read_text(encoding="utf-8").replace(' tilecount="32" columns="8"', "")
    text = re.sub(r'<image source="[^"]*" width="256" height="128"/>', f'<image source="{png}"/>', text)
    path.write_text(text, encoding="utf-8")
    refused(path, "image huge.png is 100000x64 px", "at most 4096 px")


def test_an_image_collection_tile_declared_beyond_4096_px_is_refused(tmp_path):
    """The same bound for each tile's own picture in an image-collection tileset."""
    path = tiny_tmx(tmp_path, [("layer", "g", [[1, 1, 1]])])
    text = re.sub(r'<image source="([^"]*)" width="256" height="128"/>',
                  r'<tile id="0"><image source="\1" width="100000" height="32"/></tile>',
                  path.read_text(encoding="utf-8"))
    path.write_text(text, encoding="utf-8")
    refused(path, "tile 0 of tileset 'test' image tileset.png declares 100000x32 px", "at most 4096 px")
