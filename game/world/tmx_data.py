"""Decode a Tiled layer's (or chunk's) tile data, never more than its declared size needs.

A tile is 4 bytes, so ``count`` tiles need ``4 * count`` bytes once decompressed; a
zlib or gzip stream is inflated at most that far plus one byte, and anything more is
refused: a small "zip bomb" file cannot make the loader allocate gigabytes (issue 17).
"""

from __future__ import annotations

import base64
import binascii
import zlib

import numpy as np

from game.errors import MapError

FORMAT_HINT = "in Tiled choose Map > Map Properties > Tile Layer Format: CSV or Base64 (zlib)"
# wbits for zlib.decompressobj: a zlib header, or a gzip header
_WBITS = {"zlib": 15, "gzip": 31}
MAX_GID = 2**32 - 1


def check_encoding(where, data, context: str) -> tuple[str, str | None]:
    """(encoding, compression) of a <data> element, refusing what the game cannot read."""
    encoding, compression = data.get("encoding"), data.get("compression")
    if encoding not in ("csv", "base64"):
        kind = "the old XML tile format" if encoding is None else f"encoding {encoding!r}"
        raise MapError(where, f"{context} uses {kind}, which the game cannot read; {FORMAT_HINT}")
    if (compression is not None and compression not in _WBITS) or (encoding == "csv" and compression):
        raise MapError(
            where, f"{context} uses {compression} compression, which the game cannot read; {FORMAT_HINT}"
        )
    return encoding, compression


def decode_tiles(where, text: str | None, encoding: str, compression: str | None,
                 shape: tuple[int, int], context: str) -> np.ndarray:
    """The width x height gids (with flip bits) of a <data> or <chunk> text, row by row, uint32.

    ``encoding`` and ``compression`` come from the <data> element (a <chunk> has its
    <data>'s) and were checked by :func:`check_encoding`. Refuses a wrong tile count.
    """
    count = shape[0] * shape[1]
    needs = f"its {shape[0]}x{shape[1]} size needs {count}"
    text = (text or "").strip()
    if not text:
        raise MapError(where, f"{context} has empty tile data")
    if encoding == "csv":
        items = [t for t in text.replace("\n", "").replace("\r", "").split(",")]
        if items and not items[-1].strip():
            items.pop()  # Tiled never writes a trailing comma, but tolerate one
        if len(items) != count:
            raise MapError(where, f"{context} holds {len(items)} tiles but {needs}")
        try:
            values = np.array([int(t) for t in items], dtype=np.int64)
        except ValueError:
            raise MapError(where, f"{context} has CSV data that is not all whole numbers") from None
        if values.size and (values.min() < 0 or values.max() > MAX_GID):
            raise MapError(where, f"{context} has a tile number outside 0..{MAX_GID}")
        return values.astype(np.uint32)
    try:
        raw = base64.b64decode(text, validate=False)
    except (binascii.Error, ValueError):
        raise MapError(where, f"{context} has Base64 data that does not decode") from None
    need = 4 * count
    if compression:
        inflater = zlib.decompressobj(_WBITS[compression])
        try:
            raw = inflater.decompress(raw, need + 1)
        except zlib.error:
            raise MapError(where, f"{context} has {compression} data that does not decompress") from None
        if len(raw) > need or inflater.unconsumed_tail:
            raise MapError(
                where, f"{context} decompresses to more than the {need} bytes its size needs; "
                "the data is corrupt or does not match the layer size")
    if len(raw) != need:
        raise MapError(where, f"{context} holds {len(raw) // 4} tiles but {needs}")
    return np.frombuffer(raw, dtype="<u4").astype(np.uint32)
