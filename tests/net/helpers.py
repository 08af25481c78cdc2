"""A server on 127.0.0.1 (any free port) for the length of one test's coroutine."""

from __future__ import annotations

import asyncio
import contextlib
import json

from game.net import client, server as net_server
from game.net.view_ai import ViewAI


@contextlib.asynccontextmanager
async def running(max_battles: int = 8):
    """(address, Server) with every frame sent recorded in `server.tap`."""
    held = net_server.Server(max_battles)
    held.tap = {}
    ports: list[int] = []
    task = asyncio.create_task(net_server.serve("127.0.0.1", 0, max_battles, ports.append, held))
    for _ in range(500):
        if ports or task.done():
            break
        await asyncio.sleep(0.01)
    if task.done():
        task.result()
    try:
        yield f"127.0.0.1:{ports[0]}", held
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def request(ruleset: str, seats=("person", "person"), fog=True, seed=5, rounds=2, map_="maps/arena.tmx") -> dict:
    return {"map": map_, "ruleset": ruleset, "seats": list(seats), "fog": fog, "seed": seed, "max_rounds": rounds}


async def play_all(where: str, opened, level: str = "greedy", timeout: float = 60) -> dict:
    """Every person seat played by its own headless client: {side: the over message}."""
    results = await asyncio.gather(*(client.play_seat(where, code, ViewAI(level, side), timeout)
                                     for side, code in opened))
    return {side: r for (side, _), r in zip(opened, results)}


async def raw(where: str):
    """A bare websocket to the server, for messages no client would send."""
    from websockets.asyncio.client import connect
    return await connect(f"ws://{where}", max_size=None)


async def ask(link, message) -> dict:
    await link.send(message if isinstance(message, (str, bytes)) else json.dumps(message))
    return json.loads(await asyncio.wait_for(link.recv(), 10))
