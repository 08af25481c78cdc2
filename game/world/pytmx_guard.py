"""pytmx, imported quietly, and the property names it cannot take.

pytmx imports pygame when it can (for type hints and its pygame loader), which
would drag pygame and its banner into headless runs; the world never needs it.
pytmx also refuses, with a bare error, any Tiled property whose name is already one
of its own attributes on that element (a map property ``width``, an object
property ``x``): ``reserved_names`` lets the XML checks say so clearly first.
"""

from __future__ import annotations

import logging
import sys
from functools import lru_cache

# pytmx's attributes on each element that its __init__ sets before reading properties.
_INSTANCE_ATTRS = {
    "tileset": "parent offset firstgid source name tilewidth tileheight spacing margin "
               "tilecount columns trans width height properties",
    "layer": "parent data name width height opacity visible offsetx offsety properties",
    "group": "parent name visible properties",
    "objectgroup": "parent name color opacity visible offsetx offsety custom_types draworder properties",
    "object": "parent id name type x y width height rotation gid visible closed template "
              "custom_types properties",
    "imagelayer": "parent source trans name opacity visible properties",
}
_CLASSES = {
    "tileset": "TiledTileset",
    "layer": "TiledTileLayer",
    "group": "TiledGroupLayer",
    "objectgroup": "TiledObjectGroup",
    "object": "TiledObject",
    "imagelayer": "TiledImageLayer",
}


def load_pytmx():
    """Import pytmx with pygame hidden (unless a window already imported pygame)."""
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    # None in sys.modules makes an import raise ImportError without running anything;
    # pytmx/__init__ swallows that for its pygame helper (which would log an error).
    hidden = [] if "pygame" in sys.modules else ["pygame", "pytmx.util_pygame"]
    for name in hidden:
        sys.modules[name] = None
    try:
        import pytmx
    finally:
        for name in hidden:
            del sys.modules[name]
    # pytmx logs its failures before raising them; load_map turns those into one
    # MapError line, so keep pytmx from printing its own copy when no logging is set up.
    logging.getLogger("pytmx").addHandler(logging.NullHandler())
    return pytmx


@lru_cache(maxsize=16)  # one answer per element kind
def reserved_names(tag: str) -> frozenset[str]:
    """Property names pytmx refuses on a ``<tag>`` element (besides its XML attributes)."""
    pytmx = load_pytmx()
    if tag == "map":
        return frozenset(dir(pytmx.TiledMap()))
    if tag not in _CLASSES:
        return frozenset()
    return frozenset(dir(getattr(pytmx, _CLASSES[tag]))) | frozenset(_INSTANCE_ATTRS[tag].split())
