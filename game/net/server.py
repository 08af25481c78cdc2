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

With a `state` folder every unfinished battle is kept on disk after every step
(game/net/stored.py) and loaded again when the server starts. With `away_after`, a
person seat whose connection has been gone that long while the battle waits on it is
offered to the other person seats (an `away` message): wait, save and adjourn, or let
the server's AI play it until its owner joins again (their `settle` answer).
"""

from __future__ import annotations

import asyncio
import hmac
import time
from typing import Any

from game.errors import InputError
from game.net import mission_view, protocol, sideview
from game.net.fair_dice import index_of
from game.net.held import SPECTATOR, Held, Refused, Seat
from game.net.opening import map_ref_of
from game.validation import Invalid

IDLE_SECONDS = 600.0
RATE, BURST = 500.0, 1000.0           # a headless client answers as fast as it is asked
REFUSALS, REFUSALS_BURST = 1.0, 30.0
AWAY_AFTER = 120.0                    # seconds a seat may be gone before the others are asked


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
    def __init__(self, max_battles: int = 16, state: Any = None, away_after: float | None = None,
                 report: Any = None) -> None:
        from pathlib import Path
        self.max_battles = max_battles
        self.state = None if state is None else Path(state)  # where unfinished battles are kept
        self.away_after = away_after
        self.report = report or (lambda line: None)  # one line per state file that does not load
        self.battles: dict[int, Held] = {}
        self._ids = 0
        self.clock = time.monotonic  # tests may set their own
        self.demo_pace = 0.0         # seconds between two AI choices of a demo (AI seats only)
        self._demos: set[asyncio.Task] = set()
        #: every frame sent, per (battle id, side): tests read it (the fog capture)
        self.tap: Any = None
        self._refusals: dict[Any, Bucket] = {}  # per connection
        if self.state is not None:
            from game.net import stored
            for held in stored.load_all(self.state, self.report):
                self._taken_back(held)

    def _taken_back(self, held: Held) -> None:
        """A battle loaded from disk: held again, its seats all away from now."""
        now = self.clock()
        for seat in held.seats.values():
            seat.away_since = now if seat.person else None
        self.battles[held.id] = held
        self._ids = max(self._ids, held.id)

    def _keep(self, held: Held) -> None:
        """Write the battle's state file (when the server keeps state)."""
        if self.state is None or held.id not in self.battles:
            return
        from game.net import stored
        try:
            self.state.mkdir(parents=True, exist_ok=True)
            stored.save(self.state, held)
        except OSError as exc:
            self.report(f"error: {stored.path_of(self.state, held)}: cannot be written ({exc.strerror or exc})")

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
                        if mine.kind == SPECTATOR:
                            raise Refused(f"{message.type}: a spectator only watches")
                        if message.type == "settle":
                            await self._settle(held, mine, message.side, message.answer)
                            continue
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
                seat[1].away_since, seat[1].offered = self.clock(), False

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
                                               spectators=[w.code for w in held.watchers],
                                               server_head=held.chain.head.hex()))
        if held.all_ai:
            self._keep(held)
            if not held.watchers:
                self._start_demo(held)
            return  # a demo with spectators begins when its first one joins (else none would see it)
        self._keep(held)
        await self._after(held, held.begin_if_ready())

    def _new(self, message: protocol.Open) -> Held:
        from game.net.opening import held_for
        held = held_for(message, self._ids + 1)
        self._ids = held.id
        now = self.clock()
        for seat in held.seats.values():
            seat.away_since = now if seat.person else None  # not joined yet: away from the start
        self.battles[held.id] = held
        return held

    def _find(self, code: str) -> tuple[Held, Seat] | None:
        found = None
        for held in self.battles.values():
            for seat in [*held.seats.values(), *held.watchers]:
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
        was_offered = seat.offered  # the others were asked what to do about it: tell them it is back
        seat.away_since, seat.offered = None, False
        if seat.kind == SPECTATOR:
            await self._watch(link, held, seat)
            return held, seat
        was_stood_in = seat.side in held.stand_ins
        start = held.join(seat, head)
        first = held.battle is None
        tmap = held.battle.map if not first else None
        await self._send(link, protocol.encode(
            "joined", battle=held.id, side=seat.side, ruleset=held.spec["ruleset_id"], fog=held.fog,
            map=map_ref_of(held),
            sides=sorted(held.seats), width=held.size[0], height=held.size[1], start=start, server_head=held.chain.head.hex()), held, seat.side)
        if first:
            await self._after(held, held.begin_if_ready() or held.pending_asks(seat.side))
        else:
            await self._view(held, seat, seat.lines)  # everything it has read, then what is pending
            for side, text in held.pending_asks(seat.side):
                await self._send(link, text, held, side)
        if was_stood_in or was_offered:
            await self._notice(held, seat.side, "back")
        self._keep(held)
        return held, seat

    async def _watch(self, link: Any, held: Held, seat: Seat) -> None:
        """A spectator joins: told the battle, then everything it may read so far."""
        await self._send(link, protocol.encode(
            "joined", battle=held.id, side=0, spectator=True, ruleset=held.spec["ruleset_id"], fog=held.fog,
            map=map_ref_of(held),
            sides=sorted(held.seats), width=held.size[0], height=held.size[1], start=None,
            server_head=held.chain.head.hex()), held, 0)
        if held.battle is not None:
            await self._view(held, seat, seat.lines)
        if held.all_ai:
            self._start_demo(held)

    def _start_demo(self, held: Held) -> None:
        if held.demo is None:
            held.demo = asyncio.get_running_loop().create_task(self._demo(held))
            self._demos.add(held.demo)
            held.demo.add_done_callback(self._demos.discard)

    async def _demo(self, held: Held) -> None:
        """Play a demo (AI seats only) one choice at a time, `demo_pace` apart, so that
        spectators watch it unfold and the server answers everyone else meanwhile."""
        from game.net.held import MAX_AI_DECISIONS
        for _ in range(MAX_AI_DECISIONS):
            if held.id not in self.battles:
                return
            await self._after(held, held.demo_step())
            if held.battle.over or held.id not in self.battles:
                return
            await asyncio.sleep(self.demo_pace)

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
        if held.watchers:
            if held.fog and not held.all_ai:
                lines = sideview.spectator_lines(battle, events, held.pre, post, sorted(held.seats))
            else:
                lines = [ev.describe() for ev in events]
            for seat in held.watchers:
                seat.lines.extend(lines)
                if seat.link is not None:
                    await self._view(held, seat, lines)
        held.sent, held.pre = len(battle.log), post
        if not battle.over:
            self._keep(held)  # after every choice applied (a finished battle's file goes)
        if battle.over:
            for seat in [*held.seats.values(), *held.watchers]:
                if seat.link is not None:
                    await self._over(held, seat)
            self._finish(held)

    async def _view(self, held: Held, seat: Seat, lines: list[str]) -> None:
        battle = held.battle
        if seat.kind == SPECTATOR:
            shown = sideview.spectator_units(battle, sorted(held.seats), held.fog and not held.all_ai)
        else:
            shown = sideview.visible_units(battle, seat.side, held.fog)
        pending = battle.pending
        decision = None
        if pending is not None and pending.side == seat.side and held.waiting is None \
                and seat.side not in held.stand_ins:
            decision = sideview.decision_for(battle, pending, shown, held.fog, seat.side)
            decision["index"] = index_of(held.turn)  # the batch its value goes to
        await self._send(seat.link, protocol.encode(
            "view", turn=held.turn, round=battle.round, lines=lines,
            units=sideview.units_for(battle, shown), decision=decision,
            mission=mission_view.mission_for(battle, shown)), held, seat.side)

    async def _over(self, held: Held, seat: Seat) -> None:
        battle = held.battle
        ended = battle.log[-1].describe() if battle.log else "Battle over."
        mission = mission_view.mission_for(battle, set(battle.units()))  # over: nothing hidden now
        finish = mission_view.ended_of(battle)
        await self._send(seat.link, protocol.encode(
            "over", winner=battle.winner, result=ended, how=getattr(finish, "how", None),
            rounds=getattr(finish, "rounds", None),
            points=mission["points"] if mission else None, replay=held.replay()), held, seat.side)

    def _finish(self, held: Held) -> None:
        """A finished battle is let go once every connected seat has its `over`."""
        self.battles.pop(held.id, None)
        held.battle.close()
        if self.state is not None:
            from game.net import stored
            stored.drop(self.state, held)

    # --- a seat away ------------------------------------------------------------------------
    async def look_for_away(self) -> None:
        """Offer every seat away past `away_after`, while the battle waits on it, to the
        other person seats still connected (once per absence; again after a "wait")."""
        if self.away_after is None:
            return
        now = self.clock()
        for held in list(self.battles.values()):
            if held.adjourned:
                continue
            for seat in held.seats.values():
                if seat.link is not None or seat.away_since is None or seat.offered \
                        or now - seat.away_since < self.away_after or not held.waits_on(seat.side):
                    continue
                others = [o for o in held.seats.values() if o.person and o.side != seat.side and o.link is not None]
                if not others:
                    continue  # nobody to ask: the battle waits for its code
                seat.offered = True
                text = protocol.encode("away", side=seat.side, seconds=round(now - seat.away_since),
                                       answers=list(protocol.AWAY_ANSWERS))
                for other in others:
                    await self._send(other.link, text, held, other.side)

    async def _settle(self, held: Held, mine: Seat, side: int, answer: str) -> None:
        """Another seat's answer to an `away` offer for `side`."""
        away = held.seats.get(side)
        if away is None or side == mine.side or not away.offered or away.link is not None:
            raise Refused(f"settle: side {side} is not offered")
        if answer == "ai":
            asks = held.stand_in(side)  # refused before the set-up: the offer stands
        away.offered = False
        if answer == "wait":
            away.away_since = self.clock()  # asked again after another while
            await self._notice(held, side, "waited")
        elif answer == "ai":
            self._keep(held)
            await self._notice(held, side, "ai")
            await self._after(held, asks)
        else:
            held.adjourned = True
            self._keep(held)
            await self._notice(held, side, "adjourned")
            for seat in [*held.seats.values(), *held.watchers]:
                if seat.link is not None:
                    link, seat.link = seat.link, None
                    seat.away_since = self.clock()
                    await link.close(1000, "adjourned")

    async def _notice(self, held: Held, side: int, state: str) -> None:
        """Tell every connected seat what became of an away seat: `seat` message."""
        text = protocol.encode("seat", side=side, state=state)
        for seat in [*held.seats.values(), *held.watchers]:
            if seat.link is not None:
                await self._send(seat.link, text, held, seat.side)


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
        for held in list(server.battles.values()):
            if held.all_ai and not held.watchers:
                server._start_demo(held)  # a demo loaded from disk that nobody waits to watch
        if server.away_after is None:
            await asyncio.Future()
        # look for seats away a few times per `away_after` (at most once a second ...
        # at least every 0.05 s, for tests' short timeouts)
        tick = min(1.0, max(0.05, server.away_after / 4))
        while True:
            await asyncio.sleep(tick)
            await server.look_for_away()
