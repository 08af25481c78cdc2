"""The shipped isometric map (issue 30, the isometric item): `tools/mapgen` makes The
Courtyard like every other map, byte for byte; its tileset is the square one's tiles
with the same ids and rule properties; the ground is point-symmetric; it plays in every
ruleset (tests/world/test_maps.py and the rulesets' property tests take it too, as a
shipped map)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import numpy as np

from game.world.catalog import shipped_maps_dir
from game.world.tiled import load_map

ROOT = Path(__file__).resolve().parents[2]


def _mapgen(monkeypatch, tmp_path):
    monkeypatch.syspath_prepend(str(ROOT / "tools" / "mapgen"))
    make_assets = importlib.import_module("make_assets")
    monkeypatch.setattr(make_assets, "MAPS", tmp_path)
    return make_assets, sys.modules["map_designs"]


def test_mapgen_writes_the_courtyard_byte_for_byte(tmp_path, monkeypatch):
    make_assets, map_designs = _mapgen(monkeypatch, tmp_path)
    design = map_designs.courtyard(make_assets.legend(), make_assets.DIRECTIONAL, make_assets.FLIP_H | make_assets.FLIP_V)
    assert (design.orientation, design.tile) == ("isometric", (64, 32))
    path = make_assets.write_tmx(design, [' <tileset firstgid="1" source="../assets/iso_tileset.tsx"/>'])
    assert path.read_bytes() == (shipped_maps_dir() / "courtyard.tmx").read_bytes()


def test_its_tiles_carry_the_square_tilesets_rules():
    iso = load_map(shipped_maps_dir() / "courtyard.tmx")
    square = load_map(shipped_maps_dir() / "arena.tmx")
    assert iso.orientation == "isometric" and (iso.tile_width, iso.tile_height) == (64, 32)
    # the same legend char gives the same rules on either map: a wall blocks, a crate is light cover
    for x, y in zip(*np.nonzero(~iso.walkable)):
        assert iso.blocks_sight[x, y] or iso.cover[x, y] > 0, (x, y)
    assert {int(c) for c in np.unique(iso.cover)} == {0, 1, 2, 3}
    assert square.tile_width == 32


def test_the_ground_is_point_symmetric_and_both_sides_deploy_alike():
    m = load_map(shipped_maps_dir() / "courtyard.tmx")
    for grid in (m.walkable, m.cover, m.blocks_sight, m.move_cost):
        assert (grid == grid[::-1, ::-1]).all()
    one = sorted((s.x, s.y, s.archetype) for s in m.spawns if s.team == 1)
    two = sorted((m.width - 1 - s.x, m.height - 1 - s.y, s.archetype) for s in m.spawns if s.team == 2)
    assert one == two
