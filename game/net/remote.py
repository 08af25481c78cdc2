"""The network for the window: a seat played by a person, and a server in a thread.

The window's loop is pygame's, not asyncio's. A `RemoteSeat` runs its connection in a
thread with its own event loop: the window polls what came (`poll`) and hands over
what the person chose (`choose`, `settle`); the seat's side of the dice (its chain, its
values revealed when a choice is committed, the proof checked at the end) is played in
that thread, as the headless client plays it (game.net.client.SeatDice). An
`EmbeddedServer` runs `serve` in a thread ("Host a network battle").

No pygame here. Every wait is bounded: the join by `client.dial`'s timeout, a
message by `MAX_MESSAGES`, the thread's end by `JOIN_SECONDS`.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from typing import Any

from game.errors import InputError
from game.net import client, protocol

JOIN_SECONDS = 5.0   # how long close() waits for a thread to end


class RemoteSeat:
    """One seat (or a spectator's code) played from the window.

    `poll()` returns the server's messages as they came (`joined`, `view`, `away`,
    `seat`, `over`, `error`), and, when the connection ends, one `{"type": "closed",
    "problem": ...}` (problem "" when the battle ended or was adjourned)."""

    def __init__(self, where: str, code: str) -> None:
        self.where, self.code = where, code
        self.inbox: queue.Queue[dict] = queue.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue | None = None
        self._ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="network seat", daemon=True)
        self.thread.start()
        self._ready.wait(JOIN_SECONDS)

    # --- the window's side ---------------------------------------------------------------
    def poll(self, limit: int = 200) -> list[dict]:
        out = []
        for _ in range(limit):
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                break
        return out

    def choose(self, turn: int, choice: dict, index: int) -> None:
        """Answer the pending decision (`index`: its batch of rolls, from the view)."""
        self._put(("choose", turn, choice, index))

    def settle(self, side: int, answer: str) -> None:
        """Answer an `away` offer: wait, adjourn or ai."""
        self._put(("settle", side, answer))

    def close(self) -> None:
        self._put(("close",))
        self.thread.join(JOIN_SECONDS)

    def _put(self, item: tuple) -> None:
        if self._loop is not None and self._outbox is not None and not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(self._outbox.put_nowait, item)
            except RuntimeError:  # the loop has just ended
                pass

    # --- the thread's side ----------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as exc:  # never a traceback in the window: one line
            self.inbox.put({"type": "closed", "problem": f"{type(exc).__name__}: {exc}"})
        finally:
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._outbox = asyncio.Queue()
        self._ready.set()
        dice = client.SeatDice()
        try:
            link = await client.dial(self.where)
        except InputError as exc:
            self.inbox.put({"type": "closed", "problem": str(exc)})
            return
        ending = ""
        try:
            await link.send(protocol.encode("join", code=self.code, head=dice.chain.head.hex()))
            reader = asyncio.create_task(self._read(link, dice))
            writer = asyncio.create_task(self._write(link, dice))
            done, pending = await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            for task in done:
                ending = task.result() or ""
        except InputError as exc:
            ending = str(exc)
        finally:
            await link.close()
        self.inbox.put({"type": "closed", "problem": ending})

    async def _read(self, link: Any, dice: Any) -> str:
        joined = False
        for _ in range(client.MAX_MESSAGES):
            try:
                reply = await client.receive(link, self.where)
            except InputError as exc:
                return str(exc)
            kind = reply["type"]
            if kind == "error" and not joined:  # the join refused: nothing more will come
                self.inbox.put(reply)
                return f"{self.where}: refused: {reply.get('problem')}"
            if kind == "joined":
                joined = True
                dice.joined(reply)
            elif kind == "commit":
                value = dice.reveal(self.where, reply)
                await link.send(protocol.encode("reveal", index=reply["index"], value=value))
                continue
            elif kind == "over":
                try:
                    dice.check(self.where, reply.get("replay"))
                except InputError as exc:
                    self.inbox.put({"type": "error", "problem": str(exc)})
            self.inbox.put(reply)
            if kind == "over" or (kind == "seat" and reply.get("state") == "adjourned"):
                return ""
        return f"{self.where}: more than {client.MAX_MESSAGES} messages"

    async def _write(self, link: Any, dice: Any) -> str:
        while True:
            item = await self._outbox.get()
            if item[0] == "close":
                return ""
            try:
                if item[0] == "choose":
                    _, turn, choice, index = item
                    value = dice.value_for(self.where, index)
                    await link.send(protocol.encode("choose", turn=turn, choice=choice, value=value))
                else:
                    _, side, answer = item
                    await link.send(protocol.encode("settle", side=side, answer=answer))
            except InputError as exc:
                self.inbox.put({"type": "error", "problem": str(exc)})


class EmbeddedServer:
    """`serve` in a thread, for the window's "Host a network battle"."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, state: Any = None, max_battles: int = 16,
                 away_after: float = 120.0, demo_pace: float = 0.5) -> None:
        from game.net.server import Server
        self.host = host
        self.port: int | None = None
        self.problem = ""
        self.reports: list[str] = []
        self.server = Server(max_battles, state, away_after, self.reports.append)
        self.server.demo_pace = demo_pace
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task | None = None
        self._ready = threading.Event()
        self._wanted = port
        self.thread = threading.Thread(target=self._run, name="embedded server", daemon=True)
        self.thread.start()

    def wait_ready(self, timeout: float = 10.0) -> str:
        """HOST:PORT once listening, or InputError naming why not."""
        self._ready.wait(timeout)
        if self.port is None:
            raise InputError(f"{self.host}:{self._wanted}", self.problem or "the server did not start")
        return f"{self.host}:{self.port}"

    def stop(self) -> None:
        if self._loop is not None and self._task is not None and not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(self._task.cancel)
            except RuntimeError:
                pass
        self.thread.join(JOIN_SECONDS)

    def _run(self) -> None:
        from game.net.server import serve

        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._task = asyncio.current_task()

            def ready(port: int) -> None:
                self.port = port
                self._ready.set()
            await serve(self.host, self._wanted, self.server.max_battles, ready, self.server)
        try:
            asyncio.run(main())
        except asyncio.CancelledError:
            pass
        except OSError as exc:
            self.problem = f"cannot listen ({exc.strerror or exc})"
        finally:
            self._ready.set()
