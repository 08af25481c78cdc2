"""A server on 127.0.0.1 (any free port) for the length of one test's coroutine."""

from __future__ import annotations

import asyncio
import contextlib
import json

from game.net import client, server as net_server
from game.net.view_ai import ViewAI


@contextlib.asynccontextmanager
async def running(max_battles: int = 8, state=None, away_after=None, report=None):
    """(address, Server) with every frame sent recorded in `server.tap`."""
    held = net_server.Server(max_battles, state, away_after, report)
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


async def open_seats(where: str, req: dict) -> list[tuple[int, str]]:
    """Open a battle: [(side, code)] of its person seats."""
    return (await client.open_battle(where, req))["seats"]


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


class Rebuilt:
    """A networked battle rebuilt here from its replay, with its proven dice: `battle`,
    and `submit(turn, raw)` that reseeds the dice for the choice's batch and answers."""

    def __init__(self, data: dict) -> None:
        from game.engine.setup import new_battle
        from game.net.fair_dice import SETUP, MixedDice, material

        self.batches = [[None if v is None else bytes.fromhex(v) for v in batch] for batch in data["net"]["reveals"]]
        self.dice = MixedDice(material(SETUP, None, self.batches[0]))
        self.battle = new_battle(data["map"], data["ruleset"], seed=data["seed"], max_rounds=data["max_rounds"],
                                 player_sides=frozenset(data["player_sides"]), dice=self.dice)

    def submit(self, turn: int, choice) -> None:
        from game.net.fair_dice import index_of, material
        self.dice.reseed(material(index_of(turn), choice.to_json(), self.batches[turn + 1]))
        self.battle.submit(choice)


class RawSeat:
    """A seat played by hand over a bare websocket: its own chain, values revealed when
    asked (unless told to withhold), every message kept."""

    def __init__(self, link) -> None:
        from game.net.fair_dice import Chain
        self.link, self.chain, self.seen = link, Chain(), []

    async def join(self, code: str) -> dict:
        joined = await ask(self.link, {"v": 1, "type": "join", "code": code, "head": self.chain.head.hex()})
        assert joined["type"] == "joined", joined
        self.chain.start = joined["start"]
        return joined

    async def next(self, reveal: bool = True) -> dict:
        """The next message that is not a commit (commits answered), or the first commit
        when `reveal` is False."""
        while True:
            message = json.loads(await asyncio.wait_for(self.link.recv(), 20))
            self.seen.append(message)
            if message["type"] != "commit":
                return message
            if not reveal:
                return message
            await self.link.send(json.dumps({"v": 1, "type": "reveal", "index": message["index"],
                                             "value": self.chain.value(message["index"]).hex()}))

    async def decision(self) -> dict:
        """Play on (revealing when asked) until a view brings this seat a decision."""
        while True:
            message = await self.next()
            if message["type"] == "view" and message["decision"] is not None:
                return message
