"""Builders for world tests: tiny grids in memory and tiny .tmx files on disk."""

from __future__ import annotations

import base64
import gzip
import zlib
from pathlib import Path

import numpy as np

from game.world.tactical_map import Cover, Spawn, TacticalMap

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "game" / "maps"
ASSETS = ROOT / "game" / "assets"

# Legend for in-memory grids: char -> (walkable, move_cost, blocks_sight, cover, elevation)
LEGEND = {
    ".": (True, 1, False, Cover.NONE, 0),
    "%": (True, 2, False, Cover.NONE, 0),  # rough ground
    ";": (True, 1, False, Cover.CONCEALMENT, 0),  # tall grass
    "#": (False, 1, True, Cover.NONE, 0),  # solid wall
    "c": (False, 1, False, Cover.LIGHT, 0),  # crate
    "s": (False, 1, False, Cover.HEAVY, 0),  # sandbags
    "~": (False, 1, False, Cover.NONE, 0),  # water
    "1": (True, 1, False, Cover.NONE, 1),  # raised
    "2": (True, 1, False, Cover.NONE, 2),  # high ground
    "u": (True, 1, False, Cover.HEAVY, 0),  # foxhole: walkable heavy cover
    "&": (False, 1, True, Cover.CONCEALMENT, 0),  # hedge: hides, does not stop bullets
}


def grid_map(*rows: str, elevation: dict | None = None) -> TacticalMap:
    """A TacticalMap from rows of legend chars (row = y); ``elevation`` overrides cells."""
    h, w = len(rows), len(rows[0])
    cells = np.array([[LEGEND[c] for c in row] for row in rows], dtype=object)  # [y, x, 5]

    def grid(i, dtype):
        return np.ascontiguousarray(np.array(cells[:, :, i].tolist(), dtype=dtype).T)

    tmap = TacticalMap(
        path=Path("grid"), name="grid", width=w, height=h, tile_width=32, tile_height=32,
        feet_per_tile=5, walkable=grid(0, bool), move_cost=grid(1, np.int16),
        blocks_sight=grid(2, bool), cover=grid(3, np.int8), elevation=grid(4, np.int16),
        spawns=(Spawn(0, 0, 1), Spawn(w - 1, h - 1, 2)),
    )
    for (x, y), z in (elevation or {}).items():
        tmap.elevation[x, y] = z
    return tmap


def encode(rows: list[list[int]], encoding: str) -> tuple[str, str]:
    """(data attributes, text) for a layer in the given encoding."""
    flat = np.array(rows, dtype="<u4")
    if encoding == "csv":
        return 'encoding="csv"', "\n" + ",\n".join(",".join(str(g) for g in r) for r in rows) + "\n"
    raw = flat.tobytes()
    if encoding == "zlib":
        raw = zlib.compress(raw)
    elif encoding == "gzip":
        raw = gzip.compress(raw)
    attrs = 'encoding="base64"' + (f' compression="{encoding}"' if encoding != "base64" else "")
    return attrs, base64.b64encode(raw).decode()


def prop_xml(props: dict) -> str:
    """<properties> from {name: value} or {name: (type, value)}."""
    if not props:
        return ""
    out = []
    for name, value in props.items():
        if isinstance(value, tuple):
            out.append(f'<property name="{name}" type="{value[0]}" value="{value[1]}"/>')
        else:
            out.append(f'<property name="{name}" value="{value}"/>')
    return "<properties>" + "".join(out) + "</properties>"


def tiny_tmx(
    tmp_path: Path,
    layers: list,
    tile_props: dict[int, dict] | None = None,
    spawns=((0, 0, 1), (1, 0, 2)),
    encoding: str = "csv",
    name: str = "tiny.tmx",
    map_props: dict | None = None,
) -> Path:
    """Write a small map with one embedded tileset (the real tileset.png, custom properties).

    ``layers``: items ("layer", name, rows_of_gids[, extra attrs]), ("group", name,
    [items], extra attrs) or ("objects", name) for an empty object layer. Spawns are
    (x, y, team) tile coordinates, written as points at tile centres, or (x, y, team,
    {property: value}) with more properties.
    """
    width, height = len(_first_rows(layers)[0]), len(_first_rows(layers))
    tiles = "".join(
        f'<tile id="{tid}">{prop_xml(props)}</tile>' for tid, props in (tile_props or {}).items()
    )
    body = "".join(_layer(item, width, height, encoding) for item in layers)
    objects = "".join(
        f'<object id="{i + 1}" x="{x * 32 + 16}" y="{y * 32 + 16}">'
        f'{prop_xml({"team": ("int", team), **(extra[0] if extra else {})})}<point/></object>'
        for i, (x, y, team, *extra) in enumerate(spawns)
    )
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" orientation="orthogonal" renderorder="right-down" width="{width}" '
        f'height="{height}" tilewidth="32" tileheight="32" infinite="0">'
        f"{prop_xml(map_props or {})}"
        '<tileset firstgid="1" name="test" tilewidth="32" tileheight="32" tilecount="32" columns="8">'
        f'<image source="{ASSETS / "tileset.png"}" width="256" height="128"/>{tiles}</tileset>'
        f'{body}<objectgroup id="99" name="spawns">{objects}</objectgroup></map>\n'
    )
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _first_rows(layers):
    for item in layers:
        if item[0] == "layer":
            return item[2]
        if item[0] == "group":
            return _first_rows(item[2])
    raise ValueError("no tile layer")


def _layer(item, width, height, encoding) -> str:
    kind, name = item[0], item[1]
    if kind == "objects":
        return f'<objectgroup name="{name}"/>'
    if kind == "group":
        extra = item[3] if len(item) > 3 else ""
        inner = "".join(_layer(i, width, height, encoding) for i in item[2])
        return f'<group name="{name}" {extra}>{inner}</group>'
    extra = item[3] if len(item) > 3 else ""
    attrs, text = encode(item[2], encoding)
    return f'<layer name="{name}" width="{width}" height="{height}" {extra}><data {attrs}>{text}</data></layer>'


def copy_map(tmp_path: Path, name: str, edit=lambda text: text) -> Path:
    """Copy maps/<name>.tmx into tmp_path (asset paths made absolute), applying ``edit``."""
    text = (MAPS / f"{name}.tmx").read_text(encoding="utf-8")
    text = text.replace('"../assets/', f'"{ASSETS}/')
    path = tmp_path / f"{name}.tmx"
    path.write_text(edit(text), encoding="utf-8")
    return path
