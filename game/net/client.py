"""Headless clients: `open` a battle on a server, `join` a seat and play it with an AI.

A client knows only what the server sends its side (game.net.sideview), so its AI
plays from that view (game.net.view_ai), never from a Battle. Every wait is bounded:
`timeout` seconds for the whole battle, `MAX_MESSAGES` messages.
"""

from __future__ import annotations

import asyncio
from typing import Any

from game.errors import InputError
from game.net import protocol
from game.validation import Invalid

MAX_MESSAGES = 200_000


def address(text: str) -> tuple[str, int]:
    """HOST:PORT, or InputError."""
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isascii() or not port.isdigit() or not 0 < int(port) < 65536:
        raise InputError("address", f"expected HOST:PORT, got {text[:80]!r}")
    return host.strip("[]"), int(port)


async def _connect(where: str):
    from websockets.asyncio.client import connect
    host, port = address(where)
    try:
        return await connect(f"ws://{host}:{port}", max_size=protocol.MAX_REPLY_BYTES, open_timeout=10)
    except (OSError, asyncio.TimeoutError) as exc:
        raise InputError(where, f"cannot connect ({getattr(exc, 'strerror', None) or exc})") from None
    except Exception as exc:  # the websocket handshake failed: not a game server
        raise InputError(where, f"cannot connect ({type(exc).__name__})") from None


async def _read(link: Any, where: str) -> dict:
    from websockets.exceptions import ConnectionClosed
    try:
        raw = await link.recv()
    except ConnectionClosed:
        raise InputError(where, "the server closed the connection") from None
    try:
        return protocol.read_reply(raw)
    except Invalid as exc:
        raise InputError(where, f"a bad message from the server: {exc}") from None


async def open_battle(where: str, request: dict, timeout: float = 60.0) -> list[tuple[int, str]]:
    """Open a battle; [(side, code)] for its person seats."""
    link = await _connect(where)
    try:
        await link.send(protocol.encode("open", **request))
        reply = await asyncio.wait_for(_read(link, where), timeout)
    finally:
        await link.close()
    if reply["type"] == "error":
        raise InputError(where, f"refused: {reply.get('problem')}")
    return [(int(s["side"]), str(s["code"])) for s in reply.get("seats", [])]


async def play_seat(where: str, code: str, decider: Any, timeout: float = 600.0) -> dict:
    """Join a seat and answer its decisions with `decider(view, decision) -> choice
    JSON` until the battle is over; the `over` message. `decider.read(view)` is told
    every view. Everything the seat read is in the result's "lines"."""
    link = await _connect(where)
    lines: list[str] = []
    try:
        async def run() -> dict:
            await link.send(protocol.encode("join", code=code))
            for _ in range(MAX_MESSAGES):
                reply = await _read(link, where)
                if reply["type"] == "error":
                    raise InputError(where, f"refused: {reply.get('problem')}")
                if reply["type"] == "joined":
                    decider.start(reply)
                elif reply["type"] == "view":
                    lines.extend(reply.get("lines") or [])
                    decider.read(reply)
                    if reply.get("decision") is not None:
                        choice = decider.decide(reply, reply["decision"])
                        await link.send(protocol.encode("choose", turn=reply["turn"], choice=choice))
                elif reply["type"] == "over":
                    return {**reply, "lines": lines}
            raise InputError(where, f"no end after {MAX_MESSAGES} messages")
        try:
            return await asyncio.wait_for(run(), timeout)
        except asyncio.TimeoutError:
            raise InputError(where, f"the battle did not end within {timeout:g} seconds") from None
    finally:
        await link.close()
