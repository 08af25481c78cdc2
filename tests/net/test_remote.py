"""The window's network pieces without the window (game/net/remote.py).

What is tested, on loopback: an `EmbeddedServer` (serve in a thread) listens on a free
port; a battle opened on it, a person seat against `ai:random`, is played to its end
by a `RemoteSeat` polled from this (the window's) thread, choosing each decision's
first option and target (its first choice names an option not offered: refused, the
same decision is answered again with the same dice value): its last messages are `over` (with a replay that verifies)
and `closed` with no problem. A wrong code ends with one `closed` line naming the
refusal; a server that is not there, with one naming the address. The server stops.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from game.errors import InputError
from game.net import client, fair_dice
from game.net.remote import EmbeddedServer, RemoteSeat
from tests.net.helpers import request


def drive(seat: RemoteSeat, seconds: float = 60, refuse_first: bool = False) -> list[dict]:
    """Play the seat to its end; with `refuse_first`, first send a choice of an option
    not offered (refused), then answer the same decision again."""
    got: list[dict] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for message in seat.poll():
            got.append(message)
            if message["type"] == "view" and message["decision"] is not None and refuse_first:
                refuse_first = False
                seat.choose(message["turn"], {"option": "no_such_option", "target": None, "params": {}},
                            message["decision"]["index"])
                last_view = message
                continue
            elif message["type"] == "error" and message["problem"].startswith("choose: "):
                message = last_view  # refused: the same decision, answered again
            if message["type"] == "view" and message["decision"] is not None:
                option = message["decision"]["options"][0]
                target = option["targets"][0] if "targets" in option else None
                seat.choose(message["turn"], {"option": option["key"], "target": target, "params": {}},
                            message["decision"]["index"])
            if message["type"] == "closed":
                return got
        time.sleep(0.01)
    raise AssertionError("no end in time")


def test_a_remote_seat_plays_a_battle_on_an_embedded_server(tmp_path):
    host = EmbeddedServer(state=tmp_path)
    try:
        where = host.wait_ready()
        opened = asyncio.run(client.open_battle(where, request("fivebyfive", seats=("person", "ai:random"), rounds=1)))
        seat = RemoteSeat(where, opened["seats"][0][1])
        got = drive(seat, refuse_first=True)
        seat.close()
    finally:
        host.stop()
    assert not host.thread.is_alive()
    kinds = [m["type"] for m in got]
    assert kinds[0] == "joined" and got[0]["map"] == "maps/arena.tmx"
    assert kinds[-2:] == ["over", "closed"] and got[-1]["problem"] == ""
    # one refusal (the option not offered), then the same decision answered with the
    # same value for its batch of rolls, and the battle went on
    problems = [m["problem"] for m in got if m["type"] == "error"]
    assert len(problems) == 1 and problems[0].startswith("choose: 'no_such_option' is not offered"), problems
    fair_dice.verify(got[-2]["replay"]).close()


def test_a_wrong_code_or_no_server_is_one_closed_line(tmp_path):
    host = EmbeddedServer(state=tmp_path)
    try:
        where = host.wait_ready()
        got = drive(RemoteSeat(where, "A" * 22), 20)
    finally:
        host.stop()
    assert got[-2] == {"v": 1, "type": "error", "problem": "join: no seat has this code"}
    assert got[-1]["type"] == "closed"
    nowhere = drive(RemoteSeat("127.0.0.1:1", "A" * 22), 20)
    assert nowhere == [{"type": "closed", "problem": nowhere[0]["problem"]}]
    assert nowhere[0]["problem"].startswith("127.0.0.1:1: cannot connect")


def test_an_embedded_server_on_a_taken_port_says_so(tmp_path):
    first = EmbeddedServer(state=tmp_path)
    try:
        where = first.wait_ready()
        second = EmbeddedServer(port=int(where.rpartition(":")[2]), state=tmp_path)
        with pytest.raises(InputError) as caught:
            second.wait_ready()
        assert "cannot listen" in str(caught.value)
        second.stop()
    finally:
        first.stop()
