"""Generate the tilesets and maps: ``python tools/mapgen/make_assets.py`` (a build tool, not game code).

Writes ``game/assets/tileset.png`` + ``game/assets/tileset.tsx`` (the external
"terrain" tileset with the rule properties), ``game/assets/props.png`` (a second
tileset that ridge.tmx embeds), and every map in ``game/maps/`` from the layouts in
``map_designs.py``. Maps and art live inside the ``game`` package so that every
install (editable, wheel, pipx) finds them with ``importlib.resources``. Output is deterministic, so re-running it changes nothing
unless the art or the layouts changed.
"""

from __future__ import annotations

import base64
import gzip
import itertools
import os
import sys
import zlib
from pathlib import Path
from xml.sax.saxutils import escape

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import iso_art  # noqa: E402
import map_designs  # noqa: E402
import scenario_designs  # noqa: E402
import tile_art as art  # noqa: E402

ROOT = HERE.parents[1]
MAPS = ROOT / "game" / "maps"
ART = ROOT / "game" / "assets"
TILE = 32
FLIP_H, FLIP_V = 1 << 31, 1 << 30

# (key, legend char, painter, rule properties). The order is the tile id.
TERRAIN = [
    ("floor", ".", art.floor, {}),
    ("grass", "'", art.grass, {}),
    ("tall_grass", ";", art.tall_grass, {"cover": "concealment"}),
    ("bush", "*", art.bush, {"cover": "concealment", "move_cost": 2}),
    ("wall", "#", art.wall, {"walkable": False, "blocks_sight": True}),
    ("crate", "c", art.crate, {"walkable": False, "cover": "light"}),
    ("low_wall", "=", art.low_wall, {"walkable": False, "cover": "light"}),
    ("sandbags", "s", art.sandbags, {"walkable": False, "cover": "heavy"}),
    ("barrier", "B", art.barrier, {"walkable": False, "cover": "heavy"}),
    ("door", "D", art.door, {"cover": "concealment"}),
    ("boxes", "b", art.boxes, {"walkable": False, "cover": "concealment"}),
    ("water", "~", art.water, {"walkable": False}),
    ("rough", "%", art.rough, {"move_cost": 2}),
    ("platform1", "1", art.platform1, {"elevation": 1}),
    ("platform2", "2", art.platform2, {"elevation": 2}),
    ("hill1", "h", art.hill1, {"elevation": 1}),
    ("hill2", "H", art.hill2, {"elevation": 2}),
    ("stairs", "/", art.stairs, {"elevation": 1, "move_cost": 2}),
    ("ramp", "r", art.ramp, {"elevation": 1}),
    ("tree", "T", art.tree, {"walkable": False, "cover": "heavy"}),
    ("dirt", ":", art.dirt, {}),
    ("dark_floor", ",", art.dark_floor, {}),
    ("rock", "R", art.rock, {"walkable": False, "cover": "heavy"}),
    ("window", "W", art.window, {"walkable": False, "cover": "light"}),
    ("sand", "_", art.sand, {}),
    ("pillar", "O", art.pillar, {"walkable": False, "blocks_sight": True}),
    ("cliff", "X", art.cliff, {"walkable": False, "blocks_sight": True}),
    ("hedge", "&", art.hedge, {"walkable": False, "blocks_sight": True, "cover": "concealment"}),
    ("ford", "f", art.ford, {"move_cost": 3}),
    ("bridge", "n", art.bridge, {}),
    ("brambles", "^", art.brambles, {"move_cost": 2}),
    ("arena_line", "|", art.arena_line, {}),
]

# The second tileset, embedded in ridge.tmx (and so carrying its own properties there).
PROPS = [
    ("barrel", "o", art.barrel, {"walkable": False, "cover": "light"}),
    ("wreck_front", "[", art.wreck_front, {"walkable": False, "cover": "heavy"}),
    ("wreck_back", "]", art.wreck_back, {"walkable": False, "cover": "heavy"}),
    ("flowers", "q", art.flowers, {}),
    ("log", "l", art.log, {"cover": "light", "move_cost": 2}),
    ("foxhole", "u", art.foxhole, {"cover": "heavy", "move_cost": 2}),
    ("tent", "A", art.tent, {"walkable": False, "blocks_sight": True, "cover": "concealment"}),
    ("campfire", "Y", art.campfire, {"walkable": False}),
]
PROPS_FIRSTGID = len(TERRAIN) + 1

# Extra legend chars for a tile drawn the other way round (Tiled flip flags).
VARIANTS = {"<": ("/", FLIP_H)}  # stairs climbing west

# Tiles that face a direction: a point-mirrored copy is turned 180 degrees with flip bits.
DIRECTIONAL = {"|", "r", "/", "<", "[", "]", "l"}


def legend() -> dict[str, tuple[int, dict]]:
    """Legend char -> (tiled gid with any flip flags, properties) over both tilesets."""
    table = {ch: (i + 1, props) for i, (_, ch, _, props) in enumerate(TERRAIN)}
    table.update({ch: (PROPS_FIRSTGID + i, props) for i, (_, ch, _, props) in enumerate(PROPS)})
    for ch, (base, flips) in VARIANTS.items():
        table[ch] = (table[base][0] | flips, table[base][1])
    return table


# --- art ----------------------------------------------------------------------

def draw_sheet(tiles, columns, path: Path, iso: bool = False) -> tuple[int, int]:
    """One sheet of tile pictures: the square art, or (``iso``) its isometric blocks."""
    pw, ph = iso_art.PICTURE if iso else (TILE, TILE)
    rows = -(-len(tiles) // columns)
    sheet = pygame.Surface((columns * pw, rows * ph), pygame.SRCALPHA)
    for i, (key, _, paint, _) in enumerate(tiles):
        tile = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
        paint(tile)
        if iso:
            tile = iso_art.picture(key, tile)
        sheet.blit(tile, ((i % columns) * pw, (i // columns) * ph))
    pygame.image.save(sheet, str(path))
    return sheet.get_size()


def tileset_xml(name, tiles, image, size, columns, firstgid=None, source_dir="", tile=(TILE, TILE)) -> str:
    head = f' firstgid="{firstgid}"' if firstgid else ""
    lines = [
        f'<tileset{head} version="1.10" tiledversion="1.10.2" name="{name}" '
        f'tilewidth="{tile[0]}" tileheight="{tile[1]}" tilecount="{len(tiles)}" columns="{columns}">',
        f' <image source="{source_dir}{image}" width="{size[0]}" height="{size[1]}"/>',
    ]
    for i, (key, _, _, props) in enumerate(tiles):
        lines.append(f' <tile id="{i}" type="{key}">')
        lines.append("  <properties>")
        lines.append(f'   <property name="label" value="{key}"/>')
        for prop, value in props.items():
            if isinstance(value, bool):
                lines.append(f'   <property name="{prop}" type="bool" value="{str(value).lower()}"/>')
            elif isinstance(value, int):
                lines.append(f'   <property name="{prop}" type="int" value="{value}"/>')
            else:
                lines.append(f'   <property name="{prop}" value="{value}"/>')
        lines.append("  </properties>")
        lines.append(" </tile>")
    lines.append("</tileset>")
    return "\n".join(lines)


# --- maps ---------------------------------------------------------------------

def encode(gids: np.ndarray, encoding: str) -> str:
    """Layer data as Tiled writes it; ``gids`` is indexed [y, x] (row-major, as stored)."""
    if encoding == "csv":
        rows = [",".join(str(int(g)) for g in row) for row in gids]
        return "\n" + ",\n".join(rows) + "\n"
    raw = gids.astype("<u4").tobytes()
    if encoding == "base64+zlib":
        raw = zlib.compress(raw, 9)
    elif encoding == "base64+gzip":
        raw = gzip.compress(raw, 9, mtime=0)  # mtime=0 keeps the file byte-identical run to run
    return base64.b64encode(raw).decode("ascii")


def data_attrs(encoding: str) -> str:
    if encoding == "csv":
        return 'encoding="csv"'
    if encoding == "base64":
        return 'encoding="base64"'
    return f'encoding="base64" compression="{encoding.split("+")[1]}"'


class Ids:
    def __init__(self):
        self.n = 0

    def __call__(self) -> int:
        self.n += 1
        return self.n


def layer_xml(layer, w, h, encoding, ids, indent=" ") -> list[str]:
    kind, name = layer[0], layer[1]
    if kind == "group":
        out = [f'{indent}<group id="{ids()}" name="{name}">']
        for child in layer[2]:
            out += layer_xml(child, w, h, encoding, ids, indent + " ")
        return out + [f"{indent}</group>"]
    gids = layer[2]
    return [
        f'{indent}<layer id="{ids()}" name="{name}" width="{w}" height="{h}">',
        f"{indent} <data {data_attrs(encoding)}>{encode(gids, encoding)}</data>",
        f"{indent}</layer>",
    ]


def property_xml(name: str, value, indent: str) -> str:
    """One Tiled property; ints are typed so the loader reads them as numbers."""
    if isinstance(value, bool):
        return f'{indent}<property name="{name}" type="bool" value="{str(value).lower()}"/>'
    if isinstance(value, int):
        return f'{indent}<property name="{name}" type="int" value="{value}"/>'
    return f'{indent}<property name="{name}" value="{escape(str(value), {chr(34): "&quot;"})}"/>'


def objectives_xml(objectives, layer_id: int, ids) -> list[str]:
    """A scenario's ``objectives`` layer: zones as rectangles of whole tiles, VIPs as
    points on their spawn's tile centre (maps/README.md, "Scenarios")."""
    out = [f' <objectgroup id="{layer_id}" name="objectives">']
    for kind, name, where, props in objectives:
        if kind == "vip":
            x, y = where
            shape = f'x="{x * TILE + TILE // 2}" y="{y * TILE + TILE // 2}"'
        else:
            x, y, w, h = where
            shape = f'x="{x * TILE}" y="{y * TILE}" width="{w * TILE}" height="{h * TILE}"'
        out.append(f'  <object id="{ids()}" name="{name}" {shape}>')
        out.append("   <properties>")
        out += [property_xml(k, v, "    ") for k, v in {"kind": kind, **props}.items()]
        out.append("   </properties>")
        if kind == "vip":
            out.append("   <point/>")
        out.append("  </object>")
    return out + [" </objectgroup>"]


def write_tmx(design: map_designs.Design, tilesets_xml: list[str]) -> Path:
    w, h = design.width, design.height
    ids, objects = Ids(), Ids()
    body = []
    for layer in design.layers:
        body += layer_xml(layer, w, h, design.encoding, ids)
    body.append(f' <objectgroup id="{ids()}" name="spawns">')
    # objects sit in pixels of the grid: on an isometric map both axes count tile
    # heights (Tiled's rule), on a square one the tile's own size
    unit = design.tile[1]
    for x, y, team, archetype, *rulesets in design.spawns:
        oid = objects()
        own = [f'    <property name="rulesets" value="{rulesets[0]}"/>'] if rulesets else []
        body += [
            f'  <object id="{oid}" name="{archetype}-{team}" x="{x * unit + unit // 2}" y="{y * unit + unit // 2}">',
            "   <properties>",
            f'    <property name="archetype" value="{archetype}"/>',
            *own,
            f'    <property name="team" type="int" value="{team}"/>',
            "   </properties>",
            "   <point/>",
            "  </object>",
        ]
    body.append(" </objectgroup>")
    if design.objectives:
        body += objectives_xml(design.objectives, ids(), objects)
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="{design.orientation}" renderorder="right-down" '
        f'width="{w}" height="{h}" tilewidth="{design.tile[0]}" tileheight="{design.tile[1]}" infinite="0" '
        f'nextlayerid="{ids.n + 1}" nextobjectid="{objects.n + 1}">',
        " <properties>",
        f'  <property name="description" value="{design.description}"/>',
        f'  <property name="feet_per_tile" type="int" value="{design.feet_per_tile}"/>',
        f'  <property name="name" value="{design.title}"/>',
        *(property_xml(key, value, "  ") for key, value in design.mission.items()),
        " </properties>",
    ]
    path = MAPS / f"{design.name}.tmx"
    path.write_text("\n".join(head + tilesets_xml + body + ["</map>", ""]), encoding="utf-8")
    return path


def main() -> None:
    pygame.init()
    MAPS.mkdir(exist_ok=True)
    size = draw_sheet(TERRAIN, 8, ART / "tileset.png")
    (ART / "tileset.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        + tileset_xml("terrain", TERRAIN, "tileset.png", size, 8) + "\n",
        encoding="utf-8",
    )
    iso_size = draw_sheet(TERRAIN, 8, ART / "iso_tileset.png", iso=True)
    (ART / "iso_tileset.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        + tileset_xml("iso_terrain", TERRAIN, "iso_tileset.png", iso_size, 8, tile=iso_art.PICTURE) + "\n",
        encoding="utf-8",
    )
    props_size = draw_sheet(PROPS, 4, ART / "props.png")
    external = [' <tileset firstgid="1" source="../assets/tileset.tsx"/>']
    embedded = " " + tileset_xml(
        "props", PROPS, "props.png", props_size, 4, PROPS_FIRSTGID, "../assets/"
    ).replace("\n", "\n ")

    table = legend()
    designs = itertools.chain(map_designs.all_designs(table, DIRECTIONAL, FLIP_H | FLIP_V),
                              scenario_designs.all_scenarios(table, DIRECTIONAL, FLIP_H | FLIP_V))
    for design in designs:
        if design.orientation == "isometric":   # the same ids, drawn as blocks (iso_art)
            tilesets = [' <tileset firstgid="1" source="../assets/iso_tileset.tsx"/>']
        else:
            tilesets = external + ([embedded] if design.uses_props else [])
        path = write_tmx(design, tilesets)
        print(f"wrote {path.relative_to(ROOT)} ({design.width}x{design.height}, {design.encoding})")
        print(map_designs.preview(design, table))
    pygame.quit()


if __name__ == "__main__":
    main()
