"""The shipped maps: each loads into sane grids a battle can be fought on.

Checks shapes and dtypes, spawns (two teams, walkable, distinct, reachable from
each other), the four layer encodings giving identical grids, and that the world
layer never imports pygame.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from game.world.paths import UNREACHABLE, reach
from game.world.tactical_map import Cover
from game.world.tiled import ARCHETYPES, load_map, summarize
from tests.world.worldkit import MAPS, ROOT, copy_map

MAP_NAMES = sorted(p.stem for p in MAPS.glob("*.tmx"))


def test_every_required_map_is_shipped():
    assert {"warehouse", "woodland", "ridge", "arena", "bench128"} <= set(MAP_NAMES)


@pytest.mark.parametrize("name", MAP_NAMES)
def test_map_loads_with_sane_grids(name):
    tmap = load_map(MAPS / f"{name}.tmx")
    shape = (tmap.width, tmap.height)
    assert tmap.walkable.shape == tmap.move_cost.shape == tmap.cover.shape == shape
    assert tmap.blocks_sight.shape == tmap.elevation.shape == shape
    assert tmap.walkable.dtype == bool and tmap.blocks_sight.dtype == bool
    assert tmap.move_cost.dtype == np.int16 and tmap.cover.dtype == np.int8
    assert tmap.move_cost.min() >= 1
    assert set(np.unique(tmap.cover)) <= {int(c) for c in Cover}
    # The maps keep every walkable tile see-through, so sight stays symmetric between units.
    assert not (tmap.walkable & tmap.blocks_sight).any()
    assert tmap.feet_per_tile == 5
    assert 0.3 < tmap.walkable.mean() < 0.95


@pytest.mark.parametrize("name", MAP_NAMES)
def test_spawns_two_teams_of_four_or_more_on_distinct_walkable_tiles(name):
    tmap = load_map(MAPS / f"{name}.tmx")
    assert tmap.teams() == [1, 2]
    for team in (1, 2):
        squad = [s for s in tmap.spawns if s.team == team]
        assert len(squad) >= 4
        assert {s.archetype for s in squad} >= {"brawler", "gunner", "marksman", "guardian"}
        assert all(s.archetype in ARCHETYPES for s in squad)
    assert len({(s.x, s.y) for s in tmap.spawns}) == len(tmap.spawns)
    assert all(tmap.walkable[s.x, s.y] for s in tmap.spawns)
    assert list(tmap.spawns) == sorted(tmap.spawns, key=lambda s: (s.team, s.y, s.x))


@pytest.mark.parametrize("name", MAP_NAMES)
def test_every_spawn_can_walk_to_every_other(name):
    tmap = load_map(MAPS / f"{name}.tmx")
    first = tmap.spawns[0]
    costs = reach(tmap, (first.x, first.y), 10).cost
    assert all(costs[s.x, s.y] < UNREACHABLE for s in tmap.spawns)


@pytest.mark.parametrize("name", MAP_NAMES)
def test_every_drawn_gid_has_an_image_that_exists(name):
    tmap = load_map(MAPS / f"{name}.tmx")
    assert tmap.render_layers
    for layer in tmap.render_layers:
        assert layer.gids.shape == (tmap.width, tmap.height)
        used = set(np.unique(layer.gids).tolist()) - {0}
        assert used <= set(tmap.tiles)
    for tile in tmap.tiles.values():
        assert tile.image.is_file()
        x, y, w, h = tile.rect
        # square maps: 32x32 pictures; the isometric one: 64x64 blocks on a 64x32 diamond
        pw, ph = (64, 64) if tmap.orientation == "isometric" else (32, 32)
        assert (w, h) == (pw, ph) and x % pw == 0 and y % ph == 0


def test_the_maps_use_every_layer_feature_between_them():
    layers = {n: [l.name for l in load_map(MAPS / f"{n}.tmx").render_layers] for n in MAP_NAMES}
    assert layers["warehouse"] == ["floor", "objects"]
    assert layers["woodland"] == ["terrain/ground", "terrain/vegetation"]  # a group layer
    images = {t.image.name for t in load_map(MAPS / "ridge.tmx").tiles.values()}
    assert images == {"tileset.png", "props.png"}  # external + embedded tileset
    encodings = {n: (MAPS / f"{n}.tmx").read_text().split("<data ")[1].split(">")[0] for n in MAP_NAMES}
    assert {'encoding="csv"', 'encoding="base64"', 'encoding="base64" compression="zlib"',
            'encoding="base64" compression="gzip"'} <= set(encodings.values())


def test_ridge_has_high_ground_and_woodland_has_concealment_and_rough_ground():
    ridge, wood = load_map(MAPS / "ridge.tmx"), load_map(MAPS / "woodland.tmx")
    assert set(np.unique(ridge.elevation)) == {0, 1, 2}
    assert (wood.cover == Cover.CONCEALMENT).sum() > 50
    assert (wood.move_cost[wood.walkable] >= 2).sum() > 20


def _reencode(text: str, encoding: str) -> str:
    """Rewrite every layer's data of a base64+zlib map in another encoding."""
    import base64
    import gzip
    import re
    import zlib

    def swap(match):
        raw = zlib.decompress(base64.b64decode(match.group(1)))
        if encoding == "csv":
            gids = np.frombuffer(raw, "<u4")
            return '<data encoding="csv">' + ",".join(str(g) for g in gids) + "</data>"
        packed = {"base64": raw, "gzip": gzip.compress(raw), "zlib": zlib.compress(raw)}[encoding]
        attrs = 'encoding="base64"' + ("" if encoding == "base64" else f' compression="{encoding}"')
        return f"<data {attrs}>{base64.b64encode(packed).decode()}</data>"

    return re.sub(r'<data encoding="base64" compression="zlib">([^<]*)</data>', swap, text)


@pytest.mark.parametrize("encoding", ["csv", "base64", "gzip", "zlib"])
def test_all_layer_encodings_give_the_same_map(tmp_path, encoding):
    reference = load_map(MAPS / "warehouse.tmx")
    tmap = load_map(copy_map(tmp_path, "warehouse", lambda t: _reencode(t, encoding)))
    for grid in ("walkable", "move_cost", "blocks_sight", "cover", "elevation"):
        assert np.array_equal(getattr(tmap, grid), getattr(reference, grid)), grid
    for a, b in zip(tmap.render_layers, reference.render_layers):
        assert np.array_equal(a.gids, b.gids)


def test_summary_names_size_layers_tilesets_teams_and_cover():
    lines = summarize(load_map(MAPS / "warehouse.tmx")).splitlines()
    for part in ("Warehouse", "24x20", "5 ft", "team 1: 4", "team 2: 4", "light", "heavy"):
        assert part in lines[0]
    text = "\n".join(lines)
    for part in ("tile layers: floor, objects", "object layers: spawns", "tilesets: terrain",
                 "from the spawns layer", "block sight", "orthogonal map"):
        assert part in text
    assert "note:" not in text  # the shipped maps need no repair or inference


def test_the_world_layer_never_imports_pygame():
    code = (
        "import sys; from game.world.tiled import load_map; import game.world.sight, game.world.paths;"
        "load_map('maps/woodland.tmx'); assert 'pygame' not in sys.modules, 'pygame imported'"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and done.stderr == ""
