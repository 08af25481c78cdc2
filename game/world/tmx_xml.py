"""Read a .tmx file's XML before pytmx does: refuse what the game cannot play, clearly,
and hand pytmx a tidied copy of what it can.

pytmx's own failures are poor ("Exception", a bare TypeError, or silently wrong data),
it reorders layers, and it cannot read infinite maps or old tilesets without image
sizes. So this pass walks the XML once, in file order, and

- refuses, in one sentence, what the game cannot play (``MapError(map_path, ...)``);
- returns the facts pytmx loses: the order, visibility, opacity and offset of every
  tile layer (groups flattened), each tileset's gid range, tile offset and image;
- returns a *normalized* XML tree for pytmx: external tilesets inlined with absolute
  image paths, missing ``tilecount``/``columns``/image sizes filled in as Tiled
  computes them, and an infinite map's chunks merged into one finite layer;
- records every such repair in ``notes`` so ``check-map`` can say what it did.

Limits (issue 17): a map is at most ``MAX_SIDE`` tiles on a side, checked before
anything is allocated, and a tileset picture at most ``MAX_PICTURE_PX`` on a side,
checked by its declared size (issue 33.3); compressed layer data is inflated only as far as the declared
size needs (``tmx_data``).
"""

from __future__ import annotations

import math
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

import numpy as np

from game.errors import MapError
from game.world.image_size import image_size
from game.world.pytmx_guard import reserved_names
from game.world.tmx_data import check_encoding, decode_tiles

MAX_SIDE = 512  # tiles; 512x512 is 262,144 cells, far beyond a skirmish, still fast
MAX_TILE_PX = 512  # the map's grid cell; real maps use 8 to 256
MAX_PICTURE_PX = 4096  # a tileset's tile (tall pictures, image collections)
MAX_OFFSET_PX = MAX_SIDE * MAX_TILE_PX  # a layer moved further is off any map
PLAYABLE = ("orthogonal", "isometric")
SPAWNS = "spawns"
OBJECTIVES = "objectives"  # a scenario's zones and VIPs (game/world/scenario.py)
PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file", "object", "class", "enum")
# Conventions other games use to mark what cannot be walked through (case-insensitive).
SOLID_PROPERTIES = ("collides", "collision", "solid", "blocked", "wall")


@dataclass(frozen=True)
class LayerFacts:
    """One tile layer as the file orders it; ``index`` counts tile layers in file order."""

    index: int
    name: str  # "group/layer" for layers inside groups
    visible: bool  # false if the layer or any group around it is hidden
    opacity: float  # the layer's opacity times every enclosing group's
    offset: tuple[int, int]  # pixels, the layer's offset plus every enclosing group's


@dataclass(frozen=True)
class TileInfo:
    """What a tileset says about one tile besides the game's rule properties."""

    kind: str = ""  # the tile's type / class, lower case
    collision: bool = False  # it has collision shapes (Tiled's per-tile object group)
    solid_flags: tuple[str, ...] = ()  # true boolean properties among SOLID_PROPERTIES


@dataclass(frozen=True)
class TilesetFacts:
    """A tileset's gid range, its name for messages, its picture(s) and drawing offset."""

    firstgid: int
    tilecount: int
    name: str
    image: Path | None  # None for an image collection (each tile has its own picture)
    tile_size: tuple[int, int] = (0, 0)
    offset: tuple[int, int] = (0, 0)  # Tiled's <tileoffset>, pixels
    trans: str | None = None  # colour drawn transparent ("ff00ff"), if any
    tiles: dict[int, TileInfo] = field(default_factory=dict)  # local id -> info
    tile_images: dict[int, tuple[Path, tuple[int, int]]] = field(default_factory=dict)


@dataclass(frozen=True)
class XmlFacts:
    width: int
    height: int
    tile_width: int
    tile_height: int
    layers: tuple[LayerFacts, ...]
    tilesets: tuple[TilesetFacts, ...]
    orientation: str = "orthogonal"
    root: ElementTree.Element | None = None  # the normalized tree to hand pytmx
    notes: tuple[str, ...] = ()  # repairs made while reading, for check-map
    object_layers: tuple[str, ...] = ()

    def tileset_of(self, tiled_gid: int) -> TilesetFacts | None:
        for ts in self.tilesets:
            if ts.firstgid <= tiled_gid < ts.firstgid + ts.tilecount:
                return ts
        return None


def parse_xml_file(where: Path, path: Path, what: str) -> ElementTree.Element:
    """Parse one XML file (the map or a .tsx), refusing a missing or malformed one."""
    # The message already starts with the map's path; name a second file only when it differs.
    name = "" if path == where else f"{what} {path.name[:80]} "
    if not _is_file(where, path, name):
        why = _not_a_file(path, what) or (f"does not exist (looked at {path})" if name else f"no such {what}")
        raise MapError(where, f"{name}{why}")
    try:
        return ElementTree.parse(path).getroot()
    except ElementTree.ParseError as exc:
        raise MapError(where, f"{name or ''}is not well-formed XML ({exc})") from None
    except (OSError, ValueError) as exc:
        raise MapError(where, f"{name or ''}cannot be read ({getattr(exc, 'strerror', None) or exc})") from None


def _is_file(where: Path, path: Path, label: str) -> bool:
    """`path.is_file()`, but a name the system cannot look up at all (too long, a NUL
    byte) is refused in one line naming it (`label`), not left to the reader's traceback."""
    try:
        return path.is_file()
    except (OSError, ValueError) as exc:
        raise MapError(where, f"{label}cannot be read ({getattr(exc, 'strerror', None) or exc})") from None


_KINDS = ((stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"))


def _not_a_file(path: Path, what: str) -> str | None:
    """Why `path`, which is not a regular file, cannot be read, in words; None if there
    is nothing there (issue 33.8: a folder or a device was called "no such map file")."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        return f"cannot be read ({getattr(exc, 'strerror', None) or exc})"
    if stat.S_ISDIR(mode):
        return f"is a directory, not a {what}"
    kind = next((words for test, words in _KINDS if test(mode)), "a special file")
    return f"is not a regular file ({kind}), so not a {what}"


def check_map_xml(path: Path) -> XmlFacts:
    """Check everything pytmx would choke on or get wrong; return the facts and a tidied tree."""
    root = parse_xml_file(path, path, "map file")
    if root.tag != "map":
        raise MapError(path, f"is not a Tiled map (its root element is <{root.tag}>, not <map>)")
    orientation = root.get("orientation", "orthogonal")
    if orientation not in PLAYABLE:
        later = " (hexagonal play is a later step)" if orientation in ("hexagonal", "staggered") else ""
        raise MapError(
            path, f"has {orientation} orientation; the game plays orthogonal and isometric maps{later}; "
            "in Tiled, make a new orthogonal or isometric map")
    notes: list[str] = []
    tile_w, tile_h = (_positive_int(path, root, "tilewidth", MAX_TILE_PX),
                      _positive_int(path, root, "tileheight", MAX_TILE_PX))
    if root.get("infinite", "0") == "1" or root.find(".//chunk") is not None:
        width, height = _finite_from_chunks(path, root, orientation, (tile_w, tile_h), notes)
    else:
        width, height = _positive_int(path, root, "width"), _positive_int(path, root, "height")
        _check_size(path, width, height)

    _check_typed_properties(path, root, "the map")
    tilesets = []
    for i, node in enumerate(list(root)):
        if node.tag == "tileset":
            ts, inlined = _check_tileset(path, node, notes)
            tilesets.append(ts)
            root[i] = inlined
    if not tilesets:
        raise MapError(path, "has no tileset; add one in Tiled (Map > New Tileset)")
    layers: list[LayerFacts] = []
    object_layers: list[str] = []
    _walk_layers(path, root, (width, height), "", True, 1.0, (0, 0), layers, object_layers)
    if not layers:
        raise MapError(
            path, "has no tile layer; the game reads the ground from tile layers "
            "(a map built only from objects cannot be played); add a tile layer in Tiled")
    _tidy_for_pytmx(path, root)
    return XmlFacts(width, height, tile_w, tile_h, tuple(layers), tuple(tilesets), orientation,
                    root, tuple(notes), tuple(object_layers))


def _positive_int(where: Path, node: ElementTree.Element, attr: str, maximum: int | None = None) -> int:
    text = node.get(attr)
    try:
        value = int(text) if text is not None and len(text) < 20 else 0
    except ValueError:
        value = 0
    if value < 1:
        shown = repr(text) if text is None or len(text) < 40 else repr(text[:40] + "...")
        raise MapError(where, f"<{node.tag}> attribute {attr}={shown} is not a positive whole number")
    if maximum is not None and value > maximum:
        raise MapError(where, f"<{node.tag}> attribute {attr}={value} is more than the {maximum} px "
                              "the game draws")
    return value


def _check_size(where: Path, width: int, height: int) -> None:
    if width > MAX_SIDE or height > MAX_SIDE:
        raise MapError(
            where, f"is {width}x{height} tiles; the game plays maps of at most "
            f"{MAX_SIDE}x{MAX_SIDE} tiles (Map > Resize Map in Tiled)")


def _finite_from_chunks(where, root, orientation, tile_size, notes) -> tuple[int, int]:
    """Turn an infinite map into a finite one covering the bounding box of its chunks.

    Every layer's chunks are pasted into one array of that box and written back as CSV;
    objects move by the same amount, so they keep their place on the ground.
    """
    layers = [l for l in root.iter("layer")]
    boxes = []
    for layer in layers:
        data = layer.find("data")
        for chunk in (data.findall("chunk") if data is not None else ()):
            try:
                x, y = int(chunk.get("x")), int(chunk.get("y"))
                w, h = int(chunk.get("width")), int(chunk.get("height"))
            except (TypeError, ValueError):
                raise MapError(where, f"layer '{layer.get('name', '')}' has a chunk without a whole-number "
                               "x, y, width and height") from None
            if w < 1 or h < 1 or w > MAX_SIDE or h > MAX_SIDE:
                raise MapError(where, f"layer '{layer.get('name', '')}' has a {w}x{h} chunk")
            boxes.append((x, y, x + w, y + h))
    if not boxes:
        raise MapError(where, "is an infinite map with no tile chunks; paint some tiles in Tiled")
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    width, height = x1 - x0, y1 - y0
    _check_size(where, width, height)
    for layer in layers:
        name = f"layer '{layer.get('name', '')}'"
        data = layer.find("data")
        if data is None:
            raise MapError(where, f"{name} has no <data> element")
        encoding, compression = check_encoding(where, data, name)
        grid = np.zeros((height, width), np.uint32)
        for chunk in data.findall("chunk"):
            x, y = int(chunk.get("x")) - x0, int(chunk.get("y")) - y0
            w, h = int(chunk.get("width")), int(chunk.get("height"))
            gids = decode_tiles(where, chunk.text, encoding, compression, (w, h),
                                f"{name} chunk at ({x + x0}, {y + y0})")
            grid[y:y + h, x:x + w] = gids.reshape(h, w)
        for chunk in data.findall("chunk"):
            data.remove(chunk)
        data.attrib.pop("compression", None)
        data.set("encoding", "csv")
        data.text = "\n" + ",\n".join(",".join(map(str, row)) for row in grid.tolist()) + "\n"
        layer.set("width", str(width))
        layer.set("height", str(height))
        for attr in ("startx", "starty"):
            layer.attrib.pop(attr, None)
    # Objects are placed in pixels from the map's origin: shift them with the tiles.
    # (Isometric maps measure both object axes in tile heights.)
    step_x, step_y = (tile_size[1], tile_size[1]) if orientation == "isometric" else tile_size
    dx, dy = x0 * step_x, y0 * step_y
    for obj in root.iter("object"):
        try:
            obj.set("x", repr(float(obj.get("x", "0")) - dx))
            obj.set("y", repr(float(obj.get("y", "0")) - dy))
        except ValueError:
            raise MapError(where, f"object {obj.get('id', '?')} has a malformed x or y") from None
    root.set("infinite", "0")
    root.set("width", str(width))
    root.set("height", str(height))
    notes.append(f"infinite map: played as the {width}x{height} box its chunks cover "
                 f"(tiles {x0},{y0} to {x1 - 1},{y1 - 1})")
    return width, height


def _walk_layers(where, node, size, prefix, visible, opacity, offset, out, objects) -> None:
    """Flatten tile layers and groups in file order, combining group visibility/opacity/offset."""
    for child in node:
        if child.tag not in ("layer", "group", "objectgroup", "imagelayer"):
            continue
        name = prefix + child.get("name", "")
        context = f"layer '{name}'"
        if _unread(node, child):
            if child.tag == "objectgroup":
                objects.append(name)  # listed by check-map, otherwise ignored: never a refusal
            continue
        _check_typed_properties(where, child, context)
        shown = visible and child.get("visible", "1") != "0"
        try:
            alpha = opacity * float(child.get("opacity", "1"))
            moved = (
                offset[0] + round(float(child.get("offsetx", "0"))),
                offset[1] + round(float(child.get("offsety", "0"))),
            )
        except (ValueError, OverflowError):
            raise MapError(where, f"{context} has a malformed opacity or offset") from None
        if not 0.0 <= alpha <= 1.0 or max(abs(moved[0]), abs(moved[1])) > MAX_OFFSET_PX:
            raise MapError(where, f"{context} has an opacity outside 0..1 or an offset beyond "
                                  f"{MAX_OFFSET_PX} px")
        if child.tag == "group":
            _walk_layers(where, child, size, name + "/", shown, alpha, moved, out, objects)
        elif child.tag == "layer":
            _check_layer_data(where, child, context, size)
            out.append(LayerFacts(len(out), name, shown, alpha, moved))
        elif child.tag == "objectgroup":
            objects.append(name)
            for obj in child.findall("object"):
                _check_object(where, obj, name)


def _check_layer_data(where, layer, context, size) -> None:
    if (layer.get("width"), layer.get("height")) != (str(size[0]), str(size[1])):
        raise MapError(
            where,
            f"{context} is {layer.get('width')}x{layer.get('height')} tiles "
            f"but the map is {size[0]}x{size[1]}",
        )
    data = layer.find("data")
    if data is None:
        raise MapError(where, f"{context} has no <data> element")
    encoding, compression = check_encoding(where, data, context)
    # Decoding here (bounded) checks the count and refuses a zip bomb before pytmx inflates it.
    decode_tiles(where, data.text, encoding, compression, size, context)


def _check_object(where, obj, layer_name) -> None:
    context = f"object {obj.get('id', '?')} in layer '{layer_name}'"
    # pytmx does not resolve templates: a templated spawn would lose its team.
    if obj.get("template") and layer_name.rsplit("/", 1)[-1] in (SPAWNS, OBJECTIVES):
        raise MapError(
            where,
            f"{context} uses a template, which the game does not resolve; "
            "detach it in Tiled (right click > Detach Template)",
        )
    for attr in ("x", "y", "width", "height", "rotation"):
        value = obj.get(attr)
        if value is not None:
            try:
                number = float(value)
            except ValueError:
                raise MapError(where, f"{context} has {attr}={value[:40]!r}, which is not a number") from None
            if number != number or abs(number) == float("inf"):
                raise MapError(where, f"{context} has {attr}={value[:40]!r}, which is not a finite number")
    for shape in ("polygon", "polyline"):
        found = obj.find(shape)
        if found is not None:
            _check_points(where, context, found.get("points", ""))
    if obj.get("gid") is not None and not obj.get("gid").isdecimal():
        raise MapError(where, f"{context} has gid={obj.get('gid')[:40]!r}, which is not a tile number")
    _check_typed_properties(where, obj, context)


MAX_POLYGON_POINTS = 1000


def _check_points(where, context, text: str) -> None:
    """A polygon's points: at most MAX_POLYGON_POINTS pairs "x,y" of finite numbers."""
    pairs = text.split()
    if not 3 <= len(pairs) <= MAX_POLYGON_POINTS:
        raise MapError(where, f"{context} has a polygon of {len(pairs)} points; "
                              f"use 3 to {MAX_POLYGON_POINTS}")
    for pair in pairs:
        parts = pair.split(",")
        try:
            numbers = [float(p) for p in parts]
        except ValueError:
            numbers = []
        if len(numbers) != 2 or any(n != n or abs(n) == float("inf") for n in numbers):
            raise MapError(where, f"{context} has a polygon point {pair[:40]!r}, which is not x,y")


def _check_tileset(where: Path, node, notes) -> tuple[TilesetFacts, ElementTree.Element]:
    """Check one <tileset> and return its facts and a self-contained copy for pytmx."""
    firstgid = node.get("firstgid", "")
    if not firstgid.isdecimal() or not 1 <= int(firstgid) < 2**29:
        raise MapError(where, f"a tileset has a bad firstgid {firstgid[:40]!r}")
    # Real paths: a map reached through a symlinked folder still finds "../assets".
    base = Path(os.path.realpath(where)).parent
    source = node.get("source")
    if source:
        tsx = Path(os.path.realpath(base / source))
        node = parse_xml_file(where, tsx, "tileset file")
        if node.tag != "tileset":
            raise MapError(where, f"tileset file {tsx.name} is not a Tiled tileset")
        base = tsx.parent
    node.set("firstgid", firstgid)
    name = node.get("name") or (source or "unnamed")
    context = f"tileset '{name}'"
    _check_typed_properties(where, node, context)
    tile_size = (_positive_int(where, node, "tilewidth", MAX_PICTURE_PX),
                 _positive_int(where, node, "tileheight", MAX_PICTURE_PX))
    margin, spacing = _whole(where, node, "margin", context), _whole(where, node, "spacing", context)
    offset = _tile_offset(where, node, context)
    image = node.find("image")
    image_path, trans, columns, counted = None, None, 0, 0
    if image is not None:
        if not image.get("source"):
            raise MapError(where, f"{context} has an <image> without a source (embedded image data is not read)")
        image_path = Path(os.path.realpath(base / image.get("source")))
        if not _is_file(where, image_path, f"{context} image "):
            raise MapError(where, f"{context} image {image_path} does not exist")
        image.set("source", str(image_path))  # pytmx joins it to the map's folder: absolute wins
        trans = image.get("trans")
        size = _image_dims(where, image, image_path, context, notes)
        # Tiled's own count: whole tiles that fit between the margins, with spacing between.
        columns = max(0, (size[0] - 2 * margin + spacing) // (tile_size[0] + spacing))
        rows = max(0, (size[1] - 2 * margin + spacing) // (tile_size[1] + spacing))
        counted = columns * rows
    tiles: dict[int, TileInfo] = {}
    tile_images: dict[int, tuple[Path, tuple[int, int]]] = {}
    for tile in node.findall("tile"):
        tid = tile.get("id", "")
        if not tid.isdecimal() or int(tid) >= 2**29:
            raise MapError(where, f"{context} has a <tile> with a bad id {tid[:40]!r}")
        tile_context = f"tile {tid} of {context}"
        _check_typed_properties(where, tile, tile_context)
        own = tile.find("image")
        if own is not None:
            if not own.get("source"):
                raise MapError(where, f"{tile_context} has an <image> without a source")
            own_path = Path(os.path.realpath(base / own.get("source")))
            if not _is_file(where, own_path, f"{tile_context} image "):
                raise MapError(where, f"{tile_context} image {own_path} does not exist")
            own.set("source", str(own_path))
            tile_images[int(tid)] = (own_path, _image_dims(where, own, own_path, tile_context, notes))
        info = _tile_info(tile)
        if info != TileInfo():
            tiles[int(tid)] = info
    if image is None and not tile_images:
        raise MapError(where, f"{context} has no image and no tile images")
    tilecount = node.get("tilecount")
    if tilecount is not None and tilecount.isdecimal() and int(tilecount) < 2**29:
        count = int(tilecount)
    else:
        count = counted if image is not None else max(tile_images) + 1
        node.set("tilecount", str(count))
        notes.append(f"{context} does not say how many tiles it has; counted {count} "
                     f"from {'its image' if image is not None else 'its tiles'}, as Tiled does")
    if image is not None and node.get("columns") in (None, "0"):
        node.set("columns", str(columns))
    node.attrib.pop("source", None)
    return TilesetFacts(int(firstgid), count, name, image_path, tile_size, offset, trans,
                        tiles, tile_images), node


def _whole(where, node, attr, context) -> int:
    text = node.get(attr, "0")
    if not text.isdecimal() or len(text) > 6:
        raise MapError(where, f"{context} has {attr}={text[:40]!r}; it must be a whole number of pixels")
    return int(text)


def _tile_offset(where, node, context) -> tuple[int, int]:
    off = node.find("tileoffset")
    if off is None:
        return (0, 0)
    try:
        x, y = int(off.get("x", "0")[:12]), int(off.get("y", "0")[:12])
    except ValueError:
        raise MapError(where, f"{context} has a <tileoffset> that is not whole pixels") from None
    if max(abs(x), abs(y)) > MAX_PICTURE_PX:
        raise MapError(where, f"{context} has a <tileoffset> beyond {MAX_PICTURE_PX} px")
    return (x, y)


def _image_dims(where, image, path, context, notes) -> tuple[int, int]:
    """An image's size from its attributes, else from the file itself (old Tiled files);
    refused beyond MAX_PICTURE_PX on a side before anything is sized by it (issue 33.3:
    a declared 10^9 px image once took 81 s and 7.8 GB to refuse)."""
    w, h = image.get("width"), image.get("height")
    if w and h and w.isdecimal() and h.isdecimal() and w.strip("0") and h.strip("0"):
        w, h = w.lstrip("0"), h.lstrip("0")
        _check_picture(where, path, context, (w, h), "declares")
        return (int(w), int(h))
    size = image_size(path)
    if size is None or min(size) < 1:
        raise MapError(where, f"{context} image {path.name} does not give its size and is not a "
                              "PNG, GIF, BMP or JPEG file the game can measure")
    _check_picture(where, path, context, (str(size[0]), str(size[1])), "is")
    image.set("width", str(size[0]))
    image.set("height", str(size[1]))
    return size


def _check_picture(where, path, context, size: tuple[str, str], verb: str) -> None:
    """A tileset picture is at most MAX_PICTURE_PX on a side (the maps README's limit).
    `size` is the decimal text, compared by length first: a 5,000-digit width is
    refused without being read as a number."""
    if any(len(v) > 6 or int(v) > MAX_PICTURE_PX for v in size):
        shown = "x".join(v if len(v) <= 12 else v[:12] + "…" for v in size)
        raise MapError(where, f"{context} image {path.name} {verb} {shown} px; at most "
                              f"{MAX_PICTURE_PX} px on a side is read (split it into several tilesets)")


def _tile_info(tile) -> TileInfo:
    """Conventions real maps use to mark a tile solid or covering, for maps without our properties."""
    kind = (tile.get("type") or tile.get("class") or "").strip().lower()
    group = tile.find("objectgroup")
    collision = group is not None and group.find("object") is not None
    flags = []
    props = tile.find("properties")
    for prop in (props.findall("property") if props is not None else ()):
        pname = (prop.get("name") or "").strip().lower()
        value = (prop.get("value", prop.text) or "").strip().lower()
        if pname in SOLID_PROPERTIES and value in ("true", "1"):
            flags.append(pname)
    return TileInfo(kind, collision, tuple(sorted(flags)))


# What the game never reads, so pytmx need not parse it (and cannot trip on it): image
# layers, object layers other than spawns (drawn or ignored, never a refusal), tiles'
# collision shapes and animations (their facts are already in TileInfo), Wang sets.
def _unread(parent, child) -> bool:
    if child.tag == "imagelayer" or child.tag in ("wangsets", "terraintypes", "editorsettings"):
        return True
    if child.tag == "objectgroup" and parent.tag in ("map", "group"):
        return child.get("name", "") not in (SPAWNS, OBJECTIVES)
    return parent.tag == "tile" and child.tag in ("objectgroup", "animation")


# Attributes pytmx converts with int(), float() or its bool reader (pytmx.types).
_INT_ATTRS = frozenset("columns duration firstgid gid id margin nextobjectid spacing tile "
                       "tilecount tileheight tileid tilewidth".split())
_FLOAT_ATTRS = frozenset("height hexsidelength opacity pixelsize probability rotation width x y".split())
_BOOL_ATTRS = frozenset("bold italic kerning strikeout underline visible wrap".split())


def _tidy_for_pytmx(where, root) -> None:
    """Drop what the game never reads; refuse, naming it, any attribute pytmx cannot convert."""
    for parent in list(root.iter()):
        for child in list(parent):
            if _unread(parent, child):
                parent.remove(child)
    for node in root.iter():
        label = f"<{node.tag}>" + (f" '{node.get('name')[:40]}'" if node.get("name") else "") + \
            (f" (id {node.get('id')[:12]})" if node.get("id") and not node.get("name") else "")
        for key in ("offsetx", "offsety"):
            # Tiled writes fractional offsets; pytmx reads them with int(). The facts
            # already hold the rounded offsets, so round them here too.
            if key in node.attrib:
                node.set(key, str(round(float(node.get(key)))))
        for key, value in node.attrib.items():
            try:
                if key in _INT_ATTRS:
                    int(value) if len(value) < 20 else int("too long")
                elif key in _FLOAT_ATTRS:
                    if not math.isfinite(float(value)):
                        raise ValueError
                elif key in _BOOL_ATTRS and (value.strip().lower()[:1] or "0") not in "1yt-0nf":
                    raise ValueError
                else:
                    continue
            except ValueError:
                kind = ("a whole number" if key in _INT_ATTRS else
                        "a number" if key in _FLOAT_ATTRS else "true or false")
                shown = value if len(value) < 40 else value[:40] + "..."
                raise MapError(where, f"{label} has {key}={shown!r}, which is not {kind}") from None


_CHECKS = {
    "int": lambda v: int(v) if len(v) < 20 else int("x"),
    "float": lambda v: float(v),
    "bool": lambda v: {"true": True, "false": False}[v],
}


def _check_typed_properties(where, node, context) -> None:
    """Refuse properties pytmx would crash on: typed values that do not parse, reserved names."""
    props = node.find("properties")
    if props is None:
        return
    # pytmx keeps a tile's properties in a dict, but sets every other element's as
    # attributes, refusing a name the element already has.
    reserved = set() if node.tag == "tile" else reserved_names(node.tag) | set(node.keys())
    for prop in list(props.findall("property")):
        kind, value = prop.get("type", "string"), prop.get("value", prop.text)
        pname = prop.get("name")
        if pname is None:
            raise MapError(where, f"{context}: a property has no name")
        if pname in reserved:
            raise MapError(
                where,
                f"{context}: property {pname[:40]!r} has a name the map reader "
                "reserves for its own use; rename it",
            )
        if kind not in PROPERTY_TYPES:
            raise MapError(where, f"{context}: property {pname[:40]!r} has type {kind[:40]!r}; "
                                  f"Tiled's types are {', '.join(PROPERTY_TYPES)}")
        if kind == "class":
            props.remove(prop)  # custom classes need Tiled's project file; the game reads none
            continue
        check = _CHECKS.get(kind)
        if check is None:
            continue
        try:
            check(value)
        except (KeyError, TypeError, ValueError):
            shown = value if value is None or len(value) < 40 else value[:40] + "..."
            raise MapError(
                where,
                f"{context}: property {pname[:40]!r} is declared {kind} but holds {shown!r}",
            ) from None
