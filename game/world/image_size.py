"""The pixel size of a tileset picture, read from its header (no image library needed).

Old Tiled files leave out ``tilecount`` and sometimes the image's ``width`` and
``height``; Tiled itself then counts tiles from the picture's size. The world layer
must not import pygame, and a header is a few bytes, so this reads PNG, GIF, BMP and
JPEG headers itself. ``None`` means "cannot tell" (the caller names the file).
"""

from __future__ import annotations

import struct
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=256)
def image_size(path: Path) -> tuple[int, int] | None:
    """(width, height) in pixels, or None if the file is missing or not a known format."""
    try:
        with open(path, "rb") as f:
            head = f.read(32)
            if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR":
                return struct.unpack(">II", head[16:24])
            if head[:6] in (b"GIF87a", b"GIF89a"):
                return struct.unpack("<HH", head[6:10])
            if head[:2] == b"BM" and len(head) >= 26:
                w, h = struct.unpack("<ii", head[18:26])
                return (w, abs(h))
            if head[:2] == b"\xff\xd8":
                f.seek(2)
                return _jpeg_size(f)
    except (OSError, struct.error):
        return None
    return None


def _jpeg_size(f) -> tuple[int, int] | None:
    """Walk JPEG segments to the first start-of-frame marker, which holds the size."""
    for _ in range(10_000):  # a real file reaches its frame header within a few segments
        marker = f.read(2)
        if len(marker) < 2 or marker[0] != 0xFF:
            return None
        kind = marker[1]
        if kind in (0xD8, 0x01) or 0xD0 <= kind <= 0xD7:
            continue  # markers without a length
        length = struct.unpack(">H", f.read(2))[0]
        if 0xC0 <= kind <= 0xCF and kind not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">xHH", f.read(5))
            return (w, h)
        f.seek(length - 2, 1)
    return None
