"""The authoritative server: it holds the battles; clients only read their side and answer.

One asyncio process (websockets). A battle lives only here: a client is sent what its
side may read (game.net.sideview) and answers its own decisions; `ai:LEVEL` seats are
played here by the same AI as a local battle. Every message is checked at the boundary
(game.net.protocol): a bad one gets an `error` back and changes nothing, and the server
keeps serving every other connection and battle.

Bounds: messages of at most `MAX_REQUEST_BYTES`; at most `max_battles` battles; a
connection may send `RATE` messages per second on average (a burst of `BURST`), and
may be refused `REFUSALS` times per second on average (a burst of `REFUSALS_BURST`: a
client that keeps sending what is not asked for), and is closed past either; a
connection that holds no seat and says nothing for `IDLE_SECONDS` is closed.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from typing import Any

from game.errors import InputError
from game.net import protocol, sideview
from game.net.fair_dice import index_of
from game.net.held import Held, Refused, Seat
from game.validation import Invalid

IDLE_SECONDS = 600.0
RATE, BURST = 500.0, 1000.0           # a headless client answers as fast as it is asked
REFUSALS, REFUSALS_BURST = 1.0, 30.0


class Bucket:
    """A token bucket: `take` is False once more than `burst` were taken faster than
    `rate` per second."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.last = burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate) - 1
        self.last = now
        return self.tokens >= 0


class Server:
    def __init__(self, max_battles: int = 16) -> None:
        self.max_battles = max_battles
        self.battles: dict[int, Held] = {}
        self._ids = 0
        #: every frame sent, per (battle id, side): tests read it (the fog capture)
        self.tap: Any = None
        self._refusals: dict[Any, Bucket] = {}  # per connection

    # --- one connection ------------------------------------------------------------
    async def handle(self, link: Any) -> None:
        """One connection: open battles, or join one seat and play it."""
        seat: tuple[Held, Seat] | None = None
        messages = Bucket(RATE, BURST)
        self._refusals[link] = Bucket(REFUSALS, REFUSALS_BURST)
        try:
            while True:
                try:
                    # a seated client may wait long for the other side (the websocket's
                    # pings find a dead one); one that has not joined has no reason to linger
                    raw = await asyncio.wait_for(link.recv(), None if seat else IDLE_SECONDS)
                except asyncio.TimeoutError:
                    await self._refuse(link, "connection: idle too long", close=True)
                    return
                if not messages.take():
                    await self._refuse(link, "connection: too many messages", close=True)
                    return
                try:
                    message = protocol.read_request(raw)
                except Invalid as exc:
                    await self._refuse(link, f"message: {exc}")
                    continue
                if message.type == "open":
                    await self._open(link, message)
                elif message.type == "join":
                    if seat is not None:
                        await self._refuse(link, "join: this connection already holds a seat")
                        continue
                    seat = await self._join(link, message.code, bytes.fromhex(message.head))
                elif seat is None:
                    await self._refuse(link, f"{message.type}: join a seat first")
                else:
                    held, mine = seat
                    try:
                        if message.type == "choose":
                            asks = held.choose(mine, message.turn, message.choice.model_dump(),
                                               bytes.fromhex(message.value))
                        else:
                            asks = held.reveal(mine, message.index, bytes.fromhex(message.value))
                    except Refused as exc:
                        await self._refuse(link, str(exc))
                        continue
                    await self._after(held, asks)
        except Exception as exc:  # the connection closed under us (ConnectionClosed, reset)
            if not _closed(exc):
                raise
        finally:
            self._refusals.pop(link, None)
            if seat is not None and seat[1].link is link:
                seat[1].link = None  # the seat waits for its code again

    async def _refuse(self, link: Any, problem: str, close: bool = False) -> None:
        bucket = self._refusals.get(link)
        if not close and bucket is not None and not bucket.take():
            problem, close = "connection: too many refused messages", True
        await self._send(link, protocol.error(problem))
        if close:
            await link.close(1008, problem[:100])

    async def _send(self, link: Any, text: str, held: Held | None = None, side: int | None = None) -> None:
        if self.tap is not None and held is not None:
            self.tap.setdefault((held.id, side), []).append(text)
        try:
            await link.send(text)
        except Exception as exc:
            if not _closed(exc):
                raise

    # --- opening and joining -----------------------------------------------------------
    async def _open(self, link: Any, message: protocol.Open) -> None:
        if len(self.battles) >= self.max_battles:
            await self._refuse(link, f"open: the server holds its limit of {self.max_battles} battles")
            return
        try:
            held = self._new(message)
        except InputError as exc:
            await self._refuse(link, f"open: {exc.where}: {exc.problem}")
            return
        codes = [{"side": s.side, "code": s.code} for s in held.seats.values() if s.person]
        await self._send(link, protocol.encode("opened", battle=held.id, seats=codes,
                                               server_head=held.chain.head.hex()))
        await self._after(held, held.begin_if_ready())

    def _new(self, message: protocol.Open) -> Held:
        from game.ai.levels import check_level, make_ai
        from game.engine.setup import new_battle
        from game.replay import resolve_map
        from game.rulesets import ruleset_ids

        if message.ruleset not in ruleset_ids():
            raise InputError("ruleset", f"unknown ruleset {message.ruleset!r}")
        seed = message.seed if message.seed is not None else secrets.randbelow(2 ** 62)
        people = frozenset(i + 1 for i, kind in enumerate(message.seats) if kind == "person")
        spec = {"map_path": resolve_map(message.map), "ruleset_id": message.ruleset, "seed": seed,
                "player_sides": people}
        if message.max_rounds is not None:
            spec["max_rounds"] = message.max_rounds
        # built once to check the map, the ruleset and the seats now; the battle itself is
        # built when every seat's dice values are in (game.net.held)
        trial = new_battle(**spec)
        teams, size = trial.teams(), (trial.map.width, trial.map.height)
        trial.close()
        if len(message.seats) != len(teams) or teams != list(range(1, len(teams) + 1)):
            raise InputError("seats", f"the map has {len(teams)} sides; {len(message.seats)} seats were given")
        seats, ais = {}, {}
        for team, kind in zip(teams, message.seats):
            if kind == "person":
                seats[team] = Seat(team, kind, secrets.token_urlsafe(16))
            else:
                level = check_level(message.ruleset, kind[3:], "seat")
                seats[team] = Seat(team, kind)
                # the seed names the AI seats' own streams; it decides no die
                ais[team] = make_ai(message.ruleset, seed + team, level)
        self._ids += 1
        held = Held(self._ids, spec, message.fog, seats, ais)
        held.size = size
        self.battles[held.id] = held
        return held

    def _find(self, code: str) -> tuple[Held, Seat] | None:
        found = None
        for held in self.battles.values():
            for seat in held.seats.values():
                # every code is compared, each in constant time: the time taken says
                # nothing of how close a guess was, nor which battle holds it
                if seat.code and hmac.compare_digest(seat.code, code):
                    found = (held, seat)
        return found

    async def _join(self, link: Any, code: str, head: bytes) -> tuple[Held, Seat] | None:
        found = self._find(code)
        if found is None:
            await self._refuse(link, "join: no seat has this code")
            return None
        held, seat = found
        if seat.link is not None:
            await self._refuse(link, "join: the seat is taken by another connection")
            return None
        seat.link = link
        start = held.join(seat, head)
        first = held.battle is None
        tmap = held.battle.map if not first else None
        await self._send(link, protocol.encode(
            "joined", battle=held.id, side=seat.side, ruleset=held.spec["ruleset_id"], fog=held.fog,
            sides=sorted(held.seats), width=held.size[0], height=held.size[1], start=start, server_head=held.chain.head.hex()), held, seat.side)
        if first:
            await self._after(held, held.begin_if_ready() or held.pending_asks(seat.side))
        else:
            await self._view(held, seat, seat.lines)  # everything it has read, then what is pending
            for side, text in held.pending_asks(seat.side):
                await self._send(link, text, held, side)
        return held, seat

    # --- playing -------------------------------------------------------------------------
    async def _after(self, held: Held, asks: list[tuple[int, str]]) -> None:
        """After a step: the views of what happened, then the commitments to answer."""
        if held.battle is not None and held.waiting is None:
            await self._broadcast(held)
        for side, text in asks:
            seat = held.seats[side]
            if seat.link is not None:
                await self._send(seat.link, text, held, side)

    async def _broadcast(self, held: Held) -> None:
        battle = held.battle
        events = battle.log[held.sent:]
        post = sideview.picture(battle)
        for seat in held.seats.values():
            if seat.kind != "person":
                continue
            if held.fog:
                lines = sideview.lines_for(battle, events, held.pre, post, seat.side)
            else:
                lines = [ev.describe() for ev in events]
            seat.lines.extend(lines)
            if seat.link is not None:
                await self._view(held, seat, lines)
        held.sent, held.pre = len(battle.log), post
        if battle.over:
            for seat in held.seats.values():
                if seat.link is not None:
                    await self._over(held, seat)
            self._finish(held)

    async def _view(self, held: Held, seat: Seat, lines: list[str]) -> None:
        battle = held.battle
        shown = sideview.visible_units(battle, seat.side, held.fog)
        pending = battle.pending
        decision = None
        if pending is not None and pending.side == seat.side and held.waiting is None:
            decision = sideview.decision_for(battle, pending, shown, held.fog, seat.side)
            decision["index"] = index_of(held.turn)  # the batch its value goes to
        await self._send(seat.link, protocol.encode(
            "view", turn=held.turn, round=battle.round, lines=lines,
            units=sideview.units_for(battle, shown), decision=decision), held, seat.side)

    async def _over(self, held: Held, seat: Seat) -> None:
        battle = held.battle
        ended = battle.log[-1].describe() if battle.log else "Battle over."
        await self._send(seat.link, protocol.encode(
            "over", winner=battle.winner, result=ended, replay=held.replay()), held, seat.side)

    def _finish(self, held: Held) -> None:
        """A finished battle is let go once every connected seat has its `over`."""
        self.battles.pop(held.id, None)
        held.battle.close()


def _closed(exc: BaseException) -> bool:
    from websockets.exceptions import ConnectionClosed
    return isinstance(exc, (ConnectionClosed, ConnectionError))


async def serve(host: str, port: int, max_battles: int, ready: Any = None,
                server: Server | None = None) -> None:
    """Serve until cancelled. `ready(port)` is called once listening (the port chosen
    when `port` is 0)."""
    from websockets.asyncio.server import serve as ws_serve

    server = server or Server(max_battles)
    async with ws_serve(server.handle, host, port, max_size=protocol.MAX_REQUEST_BYTES,
                        max_queue=4, open_timeout=10, close_timeout=5) as listening:
        bound = listening.sockets[0].getsockname()[1]
        if ready is not None:
            ready(bound)
        await asyncio.Future()
