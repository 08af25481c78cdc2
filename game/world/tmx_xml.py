"""Read a .tmx file's XML before pytmx does: refuse what the game cannot play, clearly.

pytmx's own failures are poor ("Exception", a bare ValueError, or silently wrong data),
and it reorders layers. So this pass walks the XML once, in file order, and returns
the facts pytmx loses: the order, visibility, opacity and offset of every tile layer
(with group layers flattened), and where each tileset and its image live.

Every problem is raised as ``MapError(map_path, one sentence)``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

from game.errors import MapError
from game.world.pytmx_guard import reserved_names

SUPPORTED_COMPRESSION = (None, "zlib", "gzip")
FORMAT_HINT = "in Tiled choose Map > Map Properties > Tile Layer Format: CSV or Base64 (zlib)"


@dataclass(frozen=True)
class LayerFacts:
    """One tile layer as the file orders it; ``index`` counts tile layers in file order."""

    index: int
    name: str  # "group/layer" for layers inside groups
    visible: bool  # false if the layer or any group around it is hidden
    opacity: float  # the layer's opacity times every enclosing group's
    offset: tuple[int, int]  # pixels, the layer's offset plus every enclosing group's


@dataclass(frozen=True)
class TilesetFacts:
    """A tileset's gid range, its name for messages, and its image file."""

    firstgid: int
    tilecount: int
    name: str
    image: Path


@dataclass(frozen=True)
class XmlFacts:
    width: int
    height: int
    tile_width: int
    tile_height: int
    layers: tuple[LayerFacts, ...]
    tilesets: tuple[TilesetFacts, ...]


def parse_xml_file(where: Path, path: Path, what: str) -> ElementTree.Element:
    """Parse one XML file (the map or a .tsx), refusing a missing or malformed one."""
    # The message already starts with the map's path; name a second file only when it differs.
    name = "" if path == where else f"{what} {path.name} "
    if not path.is_file():
        raise MapError(where, f"no such {what}" if not name else f"{name}does not exist (looked at {path})")
    try:
        return ElementTree.parse(path).getroot()
    except ElementTree.ParseError as exc:
        raise MapError(where, f"{name or ''}is not well-formed XML ({exc})") from None
    except OSError as exc:
        raise MapError(where, f"{name or ''}cannot be read ({exc.strerror})") from None


def check_map_xml(path: Path) -> XmlFacts:
    """Check everything pytmx would choke on or get wrong, and return the file-order facts."""
    root = parse_xml_file(path, path, "map file")
    if root.tag != "map":
        raise MapError(path, f"is not a Tiled map (its root element is <{root.tag}>, not <map>)")
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        raise MapError(path, f"has {orientation} orientation; only orthogonal maps can be played")
    if root.get("infinite", "0") == "1" or root.find(".//chunk") is not None:
        raise MapError(path, "is an infinite map; uncheck Map > Map Properties > Infinite in Tiled")
    width, height = _positive_int(path, root, "width"), _positive_int(path, root, "height")
    tile_w, tile_h = _positive_int(path, root, "tilewidth"), _positive_int(path, root, "tileheight")

    _check_typed_properties(path, root, "the map")
    tilesets = tuple(
        _check_tileset(path, node, (tile_w, tile_h)) for node in root.findall("tileset")
    )
    if not tilesets:
        raise MapError(path, "has no tileset")
    layers: list[LayerFacts] = []
    _walk_layers(path, root, (width, height), "", True, 1.0, (0, 0), layers)
    if not layers:
        raise MapError(path, "has no tile layer")
    return XmlFacts(width, height, tile_w, tile_h, tuple(layers), tilesets)


def _positive_int(where: Path, node: ElementTree.Element, attr: str) -> int:
    text = node.get(attr)
    try:
        value = int(text)
    except (TypeError, ValueError):
        value = 0
    if value < 1:
        raise MapError(where, f"<{node.tag}> attribute {attr}={text!r} is not a positive whole number")
    return value


def _walk_layers(where, node, size, prefix, visible, opacity, offset, out) -> None:
    """Flatten tile layers and groups in file order, combining group visibility/opacity/offset."""
    for child in node:
        if child.tag not in ("layer", "group", "objectgroup", "imagelayer"):
            continue
        name = prefix + child.get("name", "")
        context = f"layer '{name}'"
        _check_typed_properties(where, child, context)
        shown = visible and child.get("visible", "1") != "0"
        try:
            alpha = opacity * float(child.get("opacity", "1"))
            moved = (
                offset[0] + round(float(child.get("offsetx", "0"))),
                offset[1] + round(float(child.get("offsety", "0"))),
            )
        except ValueError:
            raise MapError(where, f"{context} has a malformed opacity or offset") from None
        if child.tag == "group":
            _walk_layers(where, child, size, name + "/", shown, alpha, moved, out)
        elif child.tag == "layer":
            _check_layer_data(where, child, context, size)
            out.append(LayerFacts(len(out), name, shown, alpha, moved))
        elif child.tag == "objectgroup":
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
    encoding, compression = data.get("encoding"), data.get("compression")
    if encoding not in ("csv", "base64"):
        kind = "the old XML tile format" if encoding is None else f"encoding {encoding!r}"
        raise MapError(where, f"{context} uses {kind}, which the game cannot read; {FORMAT_HINT}")
    if compression not in SUPPORTED_COMPRESSION or (encoding == "csv" and compression):
        raise MapError(
            where,
            f"{context} uses {compression} compression, which the game cannot read; {FORMAT_HINT}",
        )
    if not (data.text or "").strip():
        raise MapError(where, f"{context} has empty tile data")


def _check_object(where, obj, layer_name) -> None:
    context = f"object {obj.get('id', '?')} in layer '{layer_name}'"
    # pytmx does not resolve templates: a templated spawn would lose its team.
    if obj.get("template") and layer_name.rsplit("/", 1)[-1] == "spawns":
        raise MapError(
            where,
            f"{context} uses a template, which the game does not resolve; "
            "detach it in Tiled (right click > Detach Template)",
        )
    _check_typed_properties(where, obj, context)


def _check_tileset(where: Path, node, tile_size) -> TilesetFacts:
    firstgid = node.get("firstgid", "")
    if not firstgid.isdigit() or int(firstgid) < 1:
        raise MapError(where, f"a tileset has a bad firstgid {firstgid!r}")
    base = where.parent
    source = node.get("source")
    if source:
        tsx = base / source
        node = parse_xml_file(where, tsx, "tileset file")
        if node.tag != "tileset":
            raise MapError(where, f"tileset file {tsx.name} is not a Tiled tileset")
        base = tsx.parent
    name = node.get("name") or (source or "unnamed")
    context = f"tileset '{name}'"
    _check_typed_properties(where, node, context)
    size = (_positive_int(where, node, "tilewidth"), _positive_int(where, node, "tileheight"))
    if size != tile_size:
        raise MapError(
            where,
            f"{context} has {size[0]}x{size[1]} px tiles but the map uses "
            f"{tile_size[0]}x{tile_size[1]} px tiles",
        )
    image = node.find("image")
    if image is None or not image.get("source"):
        raise MapError(
            where,
            f"{context} is an image collection; the game needs one image per tileset",
        )
    image_path = Path(os.path.normpath(base / image.get("source")))
    if not image_path.is_file():
        raise MapError(where, f"{context} image {image_path} does not exist")
    for tile in node.findall("tile"):
        _check_typed_properties(where, tile, f"tile {tile.get('id')} of {context}")
        if tile.find("image") is not None:
            raise MapError(where, f"tile {tile.get('id')} of {context} has its own image")
    tilecount = node.get("tilecount")
    if tilecount is None or not tilecount.isdigit():
        raise MapError(where, f"{context} does not say how many tiles it has (tilecount)")
    return TilesetFacts(int(firstgid), int(tilecount), name, image_path)


_CHECKS = {
    "int": lambda v: int(v),
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
    for prop in props.findall("property"):
        kind, value = prop.get("type", "string"), prop.get("value", prop.text)
        if prop.get("name") in reserved:
            raise MapError(
                where,
                f"{context}: property {prop.get('name')!r} has a name the map reader "
                "reserves for its own use; rename it",
            )
        check = _CHECKS.get(kind)
        if check is None:
            continue
        try:
            check(value)
        except (KeyError, TypeError, ValueError):
            raise MapError(
                where,
                f"{context}: property {prop.get('name')!r} is declared {kind} "
                f"but holds {value!r}",
            ) from None
