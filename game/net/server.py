"""The authoritative server: it holds the battles; clients only read their side and answer.

One asyncio process (websockets). A battle lives only here: a client is sent what its
side may read (game.net.sideview) and answers its own decisions; `ai:LEVEL` seats are
played here by the same AI as a local battle. Every message is checked at the boundary
(game.net.protocol): a bad one gets an `error` back and changes nothing, and the server
keeps serving every other connection and battle.

Bounds: messages of at most `MAX_REQUEST_BYTES`; at most `max_battles` battles; a
connection may send `RATE` messages per second on average (a burst of `BURST`) and
is closed past it; a connection that says nothing for `IDLE_SECONDS` is closed.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from game.engine.decisions import Choice
from game.errors import IllegalChoice, InputError
from game.net import protocol, sideview
from game.validation import Invalid

IDLE_SECONDS = 600.0
RATE, BURST = 20.0, 60.0
MAX_AI_DECISIONS = 100_000  # one battle's AI turns in a row (a battle of 40 rounds makes < 10,000)


@dataclass
class Seat:
    side: int
    kind: str                  # "person" or "ai:LEVEL"
    code: str = ""             # a person seat's code (128 bits, URL-safe)
    link: Any = None           # the connection now playing it
    lines: list[str] = field(default_factory=list)   # every line the side has read


@dataclass
class Held:
    """A battle the server holds, with its seats."""

    id: int
    battle: Any
    fog: bool
    seats: dict[int, Seat]
    ais: dict[int, Any]
    squads: Any = None
    pre: Any = None            # the board before the events not yet sent (sideview.Picture)
    sent: int = 0              # how many log events the seats have been sent

    @property
    def turn(self) -> int:
        return len(self.battle.choices)


class Server:
    def __init__(self, max_battles: int = 16) -> None:
        self.max_battles = max_battles
        self.battles: dict[int, Held] = {}
        self._ids = 0
        #: every frame sent, per (battle id, side): tests read it (the fog capture)
        self.tap: Any = None

    # --- one connection ------------------------------------------------------------
    async def handle(self, link: Any) -> None:
        seat: tuple[Held, Seat] | None = None
        allowance, last = BURST, time.monotonic()
        try:
            while True:
                try:
                    raw = await asyncio.wait_for(link.recv(), IDLE_SECONDS)
                except asyncio.TimeoutError:
                    await self._refuse(link, "connection: idle too long", close=True)
                    return
                now = time.monotonic()
                allowance = min(BURST, allowance + (now - last) * RATE) - 1
                last = now
                if allowance < 0:
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
                    seat = await self._join(link, message.code)
                elif seat is None:
                    await self._refuse(link, "choose: join a seat first")
                else:
                    await self._choose(link, *seat, message)
        except Exception as exc:  # the connection closed under us (ConnectionClosed, reset)
            if not _closed(exc):
                raise
        finally:
            if seat is not None and seat[1].link is link:
                seat[1].link = None  # the seat waits for its code again

    async def _refuse(self, link: Any, problem: str, close: bool = False) -> None:
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
        codes = [{"side": s.side, "code": s.code} for s in held.seats.values() if s.kind == "person"]
        await self._send(link, protocol.encode("opened", battle=held.id, seats=codes))
        await self._play_ais(held)

    def _new(self, message: protocol.Open) -> Held:
        from game.ai.levels import check_level, make_ai
        from game.engine.setup import new_battle
        from game.replay import resolve_map
        from game.rulesets import ruleset_ids

        if message.ruleset not in ruleset_ids():
            raise InputError("ruleset", f"unknown ruleset {message.ruleset!r}")
        path = resolve_map(message.map)
        seed = message.seed if message.seed is not None else secrets.randbelow(2 ** 62)
        kwargs = {} if message.max_rounds is None else {"max_rounds": message.max_rounds}
        people = {i + 1 for i, kind in enumerate(message.seats) if kind == "person"}
        battle = new_battle(path, message.ruleset, seed=seed, player_sides=people, **kwargs)
        teams = battle.teams()
        if len(message.seats) != len(teams):
            battle.close()
            raise InputError("seats", f"the map has {len(teams)} sides; {len(message.seats)} seats were given")
        seats, ais = {}, {}
        for team, kind in zip(teams, message.seats):
            if kind == "person":
                seats[team] = Seat(team, kind, secrets.token_urlsafe(16))
            else:
                level = check_level(message.ruleset, kind[3:], "seat")
                seats[team] = Seat(team, kind)
                ais[team] = make_ai(message.ruleset, seed + team, level)
        self._ids += 1
        held = Held(self._ids, battle, message.fog, seats, ais)
        held.pre = sideview.picture(battle)
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

    async def _join(self, link: Any, code: str) -> tuple[Held, Seat] | None:
        found = self._find(code)
        if found is None:
            await self._refuse(link, "join: no seat has this code")
            return None
        held, seat = found
        if seat.link is not None:
            await self._refuse(link, "join: the seat is taken by another connection")
            return None
        seat.link = link
        tmap = held.battle.map
        await self._send(link, protocol.encode(
            "joined", battle=held.id, side=seat.side, ruleset=held.battle.ruleset.id, fog=held.fog,
            width=tmap.width, height=tmap.height, sides=sorted(held.seats)), held, seat.side)
        await self._view(held, seat, seat.lines)  # everything it has read, then what is pending
        if held.battle.over:
            await self._over(held, seat)
        return held, seat

    # --- playing -------------------------------------------------------------------------
    async def _choose(self, link: Any, held: Held, seat: Seat, message: protocol.Choose) -> None:
        battle = held.battle
        pending = battle.pending
        if pending is None or pending.side != seat.side:
            await self._refuse(link, "choose: no decision of this seat is pending")
            return
        if message.turn != held.turn:
            await self._refuse(link, f"choose: turn {message.turn} is not the pending turn {held.turn}")
            return
        try:
            choice = Choice.from_json(message.choice.model_dump())
            if choice.target is not None and not isinstance(choice.target, tuple) \
                    and pending.option(choice.option) is not None and held.fog \
                    and choice.target not in sideview.visible_units(battle, seat.side, True):
                raise IllegalChoice(f"{choice.target!r} is not a legal target for '{choice.option}'")
            battle.submit(choice)
        except (ValueError, IllegalChoice) as exc:
            await self._refuse(link, f"choose: {exc}")
            return
        await self._play_ais(held)

    async def _play_ais(self, held: Held) -> None:
        """Let the server's AI seats answer until a person must, then tell every seat."""
        battle = held.battle
        for count in range(MAX_AI_DECISIONS):
            decision = battle.pending
            if decision is None or decision.side not in held.ais:
                break
            battle.submit(held.ais[decision.side].decide(battle, decision))
            if count % 16 == 15:
                await asyncio.sleep(0)  # let other battles and connections be served
        await self._broadcast(held)

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
        if pending is not None and pending.side == seat.side:
            decision = sideview.decision_for(battle, pending, shown, held.fog, seat.side)
        await self._send(seat.link, protocol.encode(
            "view", turn=held.turn, round=battle.round, lines=lines,
            units=sideview.units_for(battle, shown), decision=decision), held, seat.side)

    async def _over(self, held: Held, seat: Seat) -> None:
        from game.replay import replay_data
        battle = held.battle
        ended = battle.log[-1].describe() if battle.log else "Battle over."
        await self._send(seat.link, protocol.encode(
            "over", winner=battle.winner, result=ended, replay=replay_data(battle)), held, seat.side)

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
