"""Bad messages are refused and change nothing; the server keeps serving (issue 31).

What is tested: a fog battle on the walled map (side 2's units hidden from side 1),
side 2 played by a headless client, side 1 by hand over a bare websocket. While side
1's decision is pending, each bad message below gets one `error` back naming its
problem, and neither the battle's digest nor its turn moves: not JSON, not an object,
another version, an unknown type, an unknown field, a second join, a choice not
offered, a stale turn, a malformed target, a value that is not the next of the seat's
chain (a changed contribution), a reveal nobody asked for, a hidden enemy as a target,
a second connection on the taken seat, a wrong code, an oversized message (the
connection is closed, the battle goes on). Then side 1 is taken back by a headless
client (a new chain) and the battle ends, its proof holding.
"""

from __future__ import annotations

import asyncio
import json

from hypothesis import HealthCheck, given, settings, strategies as st
from websockets.exceptions import ConnectionClosed

from game.net import client, fair_dice, protocol, server as net_server
from game.net.view_ai import ViewAI
from tests.net.helpers import open_seats, RawSeat, ask, play_all, raw, request, running
from tests.net.walled import walled_map


def _choice(option, target=None, turn=0, value="00" * 32) -> dict:
    return {"v": 1, "type": "choose", "turn": turn, "value": value,
            "choice": {"option": option, "target": target, "params": {}}}


def test_bad_messages_get_an_error_and_change_nothing(tmp_path):
    path = str(walled_map(tmp_path))

    async def go():
        async with running() as (where, server):
            opened = dict(await open_seats(where, request("d20", map_=path, rounds=1)))
            held = server.battles[max(server.battles)]
            link = await raw(where)
            assert (await ask(link, _choice("end_turn")))["problem"] == "choose: join a seat first"
            seat = RawSeat(link)
            await seat.join(opened[1])
            other = asyncio.create_task(client.play_seat(where, opened[2], ViewAI("greedy", 2), 60))
            view = await seat.decision()
            battle = held.battle
            before = (battle.digest(), held.turn)
            index = view["decision"]["index"]
            good = seat.chain.value(index).hex()
            key = view["decision"]["options"][0]["key"]
            refusals = {
                "not json {": "message: ",
                json.dumps([1, 2]): "message: a message must be a JSON object",
                json.dumps({"v": 2, "type": "join", "code": "x" * 22}): "message: this server speaks version 1",
                json.dumps({"v": 1, "type": "fly"}): "message: ",
                json.dumps({**_choice(key, turn=held.turn, value=good), "extra": 1}): "message: ",
                json.dumps({"v": 1, "type": "join", "code": opened[1], "head": "0" * 64}):
                    "join: this connection already holds a seat",
                json.dumps(_choice("no_such_option", turn=held.turn, value=good)): "choose: ",
                json.dumps(_choice(key, turn=held.turn + 7, value=good)): "choose: turn ",
                json.dumps({**_choice(key, turn=held.turn, value=good),
                            "choice": {"option": "x", "target": [1, 2, 3]}}): "message: ",
                # a changed contribution: not the value the seat's head committed it to
                json.dumps(_choice("end_turn", turn=held.turn, value=seat.chain.value(index + 1).hex())):
                    "reveal: the value is not the next of the seat's chain",
                json.dumps({"v": 1, "type": "reveal", "index": index, "value": good}):
                    f"reveal: no value of index {index} is awaited",
                # an enemy side 1 cannot see is not a target it may name
                json.dumps(_choice(key, 4, held.turn, good)): "choose: ",
            }
            for message, start in refusals.items():
                reply = await ask(link, message)
                assert reply["type"] == "error" and reply["problem"].startswith(start), (message, reply)
                assert (battle.digest(), held.turn) == before
            second = await raw(where)
            assert (await ask(second, {"v": 1, "type": "join", "code": opened[1], "head": "0" * 64}))["problem"] \
                == "join: the seat is taken by another connection"
            assert (await ask(second, {"v": 1, "type": "join", "code": "A" * 22, "head": "0" * 64}))["problem"] \
                == "join: no seat has this code"
            await second.send("x" * (protocol.MAX_REQUEST_BYTES + 1))  # too big: the websocket closes
            await asyncio.wait_for(second.wait_closed(), 10)
            assert (battle.digest(), held.turn) == before
            await link.close()
            await asyncio.sleep(0.05)
            one = await client.play_seat(where, opened[1], ViewAI("greedy", 1), 60)
            return one, await other
    one, two = asyncio.run(asyncio.wait_for(go(), 90))
    assert one["replay"] == two["replay"]
    fair_dice.verify(one["replay"]).close()
    assert len(one["replay"]["net"]["heads"]["1"]) == 2  # side 1 came back with a new chain


def test_a_seat_that_withholds_its_value_holds_the_battle_and_resumes_when_back(tmp_path):
    """A client drops after a commitment and before its value: nothing is applied; back
    with its code, it reads every line it had read, is asked again, and the battle ends."""
    path = str(walled_map(tmp_path))

    async def go():
        async with running() as (where, server):
            opened = await open_seats(where, request("fate", map_=path, seats=("person", "ai:normal"),
                                                             rounds=2))
            held = server.battles[max(server.battles)]
            seat = RawSeat(await raw(where))
            await seat.join(opened[0][1])
            ask_ = await seat.next(reveal=False)
            while ask_["type"] != "commit" or ask_["turn"] is None:
                if ask_["type"] == "commit":
                    await seat.link.send(json.dumps({"v": 1, "type": "reveal", "index": ask_["index"],
                                                     "value": seat.chain.value(ask_["index"]).hex()}))
                elif ask_["type"] == "view" and ask_["decision"] is not None:
                    d = ask_["decision"]
                    await seat.link.send(json.dumps(_choice(d["options"][-1]["key"], None, ask_["turn"],
                                                            seat.chain.value(d["index"]).hex())))
                ask_ = await seat.next(reveal=False)
            turn, lines = held.turn, [line for m in seat.seen if m["type"] == "view" for line in m["lines"]]
            await asyncio.sleep(0.2)
            assert held.turn == turn and held.waiting is not None  # withheld: nothing applied
            await seat.link.close()
            await asyncio.sleep(0.05)
            again = RawSeat(await raw(where))
            await again.join(opened[0][1])
            view = await again.next(reveal=False)
            assert view["type"] == "view" and view["lines"] == lines
            await again.link.close()
            await asyncio.sleep(0.05)
            return (await play_all(where, opened))[1]
    over = asyncio.run(asyncio.wait_for(go(), 90))
    fair_dice.verify(over["replay"]).close()


def test_a_flood_is_cut_off_and_the_server_keeps_serving():
    async def go():
        async with running() as (where, server):
            link = await raw(where)
            for _ in range(int(net_server.REFUSALS_BURST) + 20):
                try:
                    await link.send("{}")
                except ConnectionClosed:
                    break
            problems = []
            try:
                for _ in range(int(net_server.REFUSALS_BURST) + 40):
                    problems.append(json.loads(await asyncio.wait_for(link.recv(), 10))["problem"])
            except ConnectionClosed:
                pass
            assert problems[-1] == "connection: too many refused messages" and link.close_code == 1008
            opened = await open_seats(where, request("d20", rounds=1))
            assert len(opened) == 2
    asyncio.run(asyncio.wait_for(go(), 60))


def test_the_server_holds_at_most_max_battles():
    async def go():
        async with running(max_battles=1) as (where, server):
            await open_seats(where, request("d20", rounds=1))
            try:
                await open_seats(where, request("d20", rounds=1))
            except Exception as exc:
                assert "holds its limit of 1 battles" in str(exc)
            else:
                raise AssertionError("a second battle was opened")
    asyncio.run(asyncio.wait_for(go(), 60))


_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                       lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                       max_leaves=8)
_messages = st.one_of(
    st.text(max_size=40),
    st.binary(max_size=40),
    _values.map(json.dumps),
    st.fixed_dictionaries({"v": st.sampled_from([1, 1, 2, True]),
                           "type": st.sampled_from(["open", "join", "choose", "reveal", "settle", "x"])},
                          optional={"code": _values, "turn": _values, "choice": _values, "map": _values,
                                    "seats": _values, "ruleset": _values, "value": _values, "index": _values,
                                    "head": _values, "squads": _values, "spectators": _values,
                                    "side": st.integers(-1, 9) | _values,
                                    "answer": st.sampled_from(["wait", "adjourn", "ai", "x"]) | _values}
                          ).map(json.dumps),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_messages, min_size=1, max_size=20))
def test_fuzz_any_message_gets_a_reply_and_the_battle_does_not_move(messages):
    async def go():
        async with running() as (where, server):
            opened = dict(await open_seats(where, request("d20", seats=("person", "ai:normal"), rounds=1)))
            held = server.battles[max(server.battles)]
            seat = RawSeat(await raw(where))
            await seat.join(opened[1])
            await seat.decision()
            before = (held.battle.digest(), held.turn)
            for message in messages:
                reply = await ask(seat.link, message)
                assert reply["type"] in ("error", "opened"), reply
            assert (held.battle.digest(), held.turn) == before
            assert len(await open_seats(where, request("d20", rounds=1))) == 2
    asyncio.run(asyncio.wait_for(go(), 60))


def test_two_seats_joining_at_once_are_each_asked_once():
    """Seat 1 joins and, while its `joined` is being sent, seat 2 joins and the set-up
    begins (the race two `join` processes run): the steps the server then takes for
    seat 1 ask it nothing more, as it was asked already; back on a new connection, it
    is asked again, once."""
    from game.net.fair_dice import Chain

    server = net_server.Server(2)
    held = server._new(protocol.read_request(json.dumps({"v": 1, "type": "open", **request("d20", rounds=1)})))
    one, two = held.seats[1], held.seats[2]
    held.join(one, Chain().head)                       # seat 1's handler, up to its await
    held.join(two, Chain().head)                       # seat 2's handler runs meanwhile
    assert [side for side, _ in held.begin_if_ready()] == [1, 2]
    assert held.pending_asks(1) == []                  # seat 1's handler goes on: nothing more
    held.join(one, Chain().head)                       # seat 1 back on a new connection
    assert [side for side, _ in held.pending_asks(1)] == [1]
    assert held.pending_asks(1) == []
