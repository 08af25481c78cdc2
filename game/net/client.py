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


async def dial(where: str):
    from websockets.asyncio.client import connect
    host, port = address(where)
    try:
        return await connect(f"ws://{host}:{port}", max_size=protocol.MAX_REPLY_BYTES, open_timeout=10)
    except (OSError, asyncio.TimeoutError) as exc:
        raise InputError(where, f"cannot connect ({getattr(exc, 'strerror', None) or exc})") from None
    except Exception as exc:  # the websocket handshake failed: not a game server
        raise InputError(where, f"cannot connect ({type(exc).__name__})") from None


async def receive(link: Any, where: str) -> dict:
    from websockets.exceptions import ConnectionClosed
    try:
        raw = await link.recv()
    except ConnectionClosed:
        raise InputError(where, "the server closed the connection") from None
    try:
        return protocol.read_reply(raw)
    except Invalid as exc:
        raise InputError(where, f"a bad message from the server: {exc}") from None


async def open_battle(where: str, request: dict, timeout: float = 60.0) -> dict:
    """Open a battle: {"seats": [(side, code)] for its person seats, "spectators": [code]}."""
    link = await dial(where)
    try:
        await link.send(protocol.encode("open", **request))
        reply = await asyncio.wait_for(receive(link, where), timeout)
    finally:
        await link.close()
    if reply["type"] == "error":
        raise InputError(where, f"refused: {reply.get('problem')}")
    return {"seats": [(int(s["side"]), str(s["code"])) for s in reply.get("seats", [])],
            "spectators": [str(c) for c in reply.get("spectators", [])]}


async def play_seat(where: str, code: str, decider: Any, timeout: float = 600.0, when_away: str = "wait") -> dict:
    """Join a seat and answer its decisions with `decider.decide(view, decision) ->
    choice JSON` until the battle is over; the `over` message, once its replay is proven
    (game.net.fair_dice.verify) and holds this seat's chain and the commitments it was
    sent. `decider.start(joined)` and `decider.read(view)` are told every message.
    Everything the seat read is in the result's "lines". A spectator's code watches:
    nothing to decide, the replay proven all the same.

    When another seat is away past the server's limit (an `away` offer) the client
    answers `when_away` (wait, adjourn or ai). When the battle is adjourned the result
    is `{"type": "adjourned", "lines": ...}`: join again later with the same code."""
    link = await dial(where)
    seat = SeatDice()
    lines: list[str] = []
    try:
        async def run() -> dict:
            await link.send(protocol.encode("join", code=code, head=seat.chain.head.hex()))
            for _ in range(MAX_MESSAGES):
                reply = await receive(link, where)
                kind = reply["type"]
                if kind == "error":
                    raise InputError(where, f"refused: {reply.get('problem')}")
                if kind == "joined":
                    seat.joined(reply)
                    decider.start(reply)
                elif kind == "away":
                    await link.send(protocol.encode("settle", side=reply["side"], answer=when_away))
                elif kind == "seat":
                    if reply.get("state") == "adjourned":
                        return {"type": "adjourned", "side": reply.get("side"), "lines": lines}
                elif kind == "commit":
                    value = seat.reveal(where, reply)
                    await link.send(protocol.encode("reveal", index=reply["index"], value=value))
                elif kind == "view":
                    lines.extend(reply.get("lines") or [])
                    decider.read(reply)
                    decision = reply.get("decision")
                    if decision is not None:
                        choice = decider.decide(reply, decision)
                        value = seat.value_for(where, decision.get("index"))
                        await link.send(protocol.encode("choose", turn=reply["turn"], choice=choice, value=value))
                elif kind == "over":
                    seat.check(where, reply.get("replay"))
                    return {**reply, "lines": lines}
            raise InputError(where, f"no end after {MAX_MESSAGES} messages")
        try:
            return await asyncio.wait_for(run(), timeout)
        except asyncio.TimeoutError:
            raise InputError(where, f"the battle did not end within {timeout:g} seconds") from None
    finally:
        await link.close()


class SeatDice:
    """A seat's side of the dice: its chain, the values it has revealed (in order, each
    once), the commitments it was sent, and the check of the proof at the end."""

    def __init__(self) -> None:
        from game.net.fair_dice import Chain
        self.chain = Chain()
        self.next = None
        self.spectator = False
        self.given: dict[int, str] = {}  # every value this seat revealed, by batch index
        self.commitments: dict[int, str | None] = {}

    def joined(self, reply: dict) -> None:
        self.spectator = bool(reply.get("spectator"))
        if not self.spectator:
            self.chain.start = self.next = int(reply["start"])
        self.server_head = reply.get("server_head")

    def value_for(self, where: str, index: Any) -> str:
        if index == self.next - 1 and index in self.given:
            # the same decision again, its choice refused (a person's parameter out of its
            # limits, say): the value the server has seen already, the only one it takes
            return self.given[index]
        if index != self.next:
            raise InputError(where, f"the server asked for the value of index {index!r}, not {self.next}")
        self.next += 1
        self.given[index] = self.chain.value(index).hex()
        return self.given[index]

    def reveal(self, where: str, reply: dict) -> str:
        # a value is revealed only once the choice it serves is committed to
        if reply.get("turn") is not None:
            if not isinstance(reply.get("commitment"), str):
                raise InputError(where, "the server asked for a value without committing to the choice")
            self.commitments[int(reply["turn"])] = reply["commitment"]
        return self.value_for(where, reply.get("index"))

    def check(self, where: str, replay: Any) -> None:
        from game.net.fair_dice import Unproven, verify
        try:
            if not isinstance(replay, dict):
                raise Unproven("no replay")
            battle = verify(replay)
            battle.close()
            net = replay["net"]
            mine = [h for _, h in net["heads"].get(str(self.side_of(net)), [])]
            if not self.spectator and self.chain.head.hex() not in mine:
                raise Unproven("the proof does not hold this seat's chain")
            if net["heads"]["server"][0][1] != self.server_head:
                raise Unproven("the proof holds another server chain than the one announced")
            who = self.side_of(net)
            if not self.spectator:
                column = net["order"].index(who)
                for index, value in self.given.items():
                    # a value it gave is in the proof: the server did not mark it absent (null)
                    # nor leave out a batch it was asked for
                    if index - 1 >= len(net["reveals"]) or net["reveals"][index - 1][column] != value:
                        raise Unproven(f"index {index}: the proof does not hold this seat's value")
            for turn, commitment in self.commitments.items():
                if net["commitments"][turn] != commitment:
                    raise Unproven(f"choice {turn + 1} is not the one the server committed to")
        except (Unproven, KeyError, IndexError, TypeError, ValueError) as exc:
            raise InputError(where, f"the battle's dice do not prove out: {exc}") from None

    def side_of(self, net: dict) -> str:
        for who, heads in net.get("heads", {}).items():
            if any(h == self.chain.head.hex() for _, h in heads):
                return who
        return ""
