"""Bad messages are refused and change nothing; the server keeps serving (issue 31).

What is tested: a battle is opened (fog, the walled map: side 2's units are hidden
from side 1) and side 1 joins. Then each bad message below gets one `error` message
back naming its problem, the battle's digest and pending turn do not move, and the
same connection (or, after a protocol violation that closes it, a new one) still
works. Expected: every refusal below, and a legal choice afterwards still accepted.
"""

from __future__ import annotations

import asyncio
import json

from websockets.exceptions import ConnectionClosed
from hypothesis import HealthCheck, given, settings, strategies as st

from game.net import client, protocol, server as net_server
from tests.net.helpers import ask, play_all, raw, request, running
from tests.net.walled import walled_map


def _choice(option, target=None, turn=0) -> dict:
    return {"v": 1, "type": "choose", "turn": turn, "choice": {"option": option, "target": target, "params": {}}}


def test_bad_messages_get_an_error_and_change_nothing(tmp_path):
    path = str(walled_map(tmp_path))

    async def go():
        async with running() as (where, server):
            opened = dict(await client.open_battle(where, request("d20", map_=path, rounds=1)))
            held = server.battles[max(server.battles)]
            battle = held.battle
            link = await raw(where)
            assert (await ask(link, _choice("end_turn")))["problem"] == "choose: join a seat first"
            joined = await ask(link, {"v": 1, "type": "join", "code": opened[1]})
            assert joined["type"] == "joined" and joined["side"] == 1
            view = json.loads(await link.recv())
            assert view["type"] == "view"
            before = (battle.digest(), held.turn)
            side = battle.pending.side
            refusals = {
                "not json {": "message: ",
                json.dumps([1, 2]): "message: a message must be a JSON object",
                json.dumps({"v": 2, "type": "join", "code": "x" * 22}): "message: this server speaks version 1",
                json.dumps({"v": 1, "type": "fly"}): "message: ",
                json.dumps({"v": 1, "type": "join", "code": opened[1], "extra": 1}): "message: ",
                json.dumps({"v": 1, "type": "join", "code": opened[1]}): "join: this connection already holds a seat",
                json.dumps(_choice("no_such_option", turn=held.turn)): "choose: ",
                json.dumps(_choice("end_turn", turn=held.turn + 7)): "choose: turn ",
                json.dumps({**_choice("end_turn", turn=held.turn), "choice": {"option": "x", "target": [1, 2, 3]}}):
                    "message: ",
            }
            for message, start in refusals.items():
                reply = await ask(link, message)
                assert reply["type"] == "error" and reply["problem"].startswith(start), (message, reply)
                assert (battle.digest(), held.turn) == before
            if side == 1:
                # an enemy side 1 cannot see is not a target it may name, even where the rules would allow it
                reply = await ask(link, _choice(battle.pending.options[0].key, 4, held.turn))
                assert reply["type"] == "error"
            # a second connection on the taken seat, and a wrong code
            other = await raw(where)
            assert (await ask(other, {"v": 1, "type": "join", "code": opened[1]}))["problem"] == \
                "join: the seat is taken by another connection"
            assert (await ask(other, {"v": 1, "type": "join", "code": "A" * 22}))["problem"] == \
                "join: no seat has this code"
            # too big a message: the websocket closes the connection; others go on
            await other.send("x" * (protocol.MAX_REQUEST_BYTES + 1))
            await asyncio.wait_for(other.wait_closed(), 10)
            assert (battle.digest(), held.turn) == before
            # the seats still play to the end: legal answers are taken
            await link.close()
            await asyncio.sleep(0.05)
            return await play_all(where, list(opened.items()))
    over = asyncio.run(asyncio.wait_for(go(), 60))
    assert over[1]["replay"]["over"] is True


def test_a_dropped_client_takes_its_seat_back_where_it_was(tmp_path):
    """A client drops mid-battle; joining again with its code it reads every line it had
    read, and the pending decision; the battle then plays to its end."""
    path = str(walled_map(tmp_path))

    async def go():
        async with running() as (where, server):
            opened = await client.open_battle(where, request("fate", map_=path, seats=("person", "ai:normal"), rounds=2))
            held = server.battles[max(server.battles)]
            link = await raw(where)
            await ask(link, {"v": 1, "type": "join", "code": opened[0][1]})
            first = json.loads(await link.recv())
            await link.close()
            await asyncio.sleep(0.05)
            again = await raw(where)
            await ask(again, {"v": 1, "type": "join", "code": opened[0][1]})
            second = json.loads(await again.recv())
            assert second["lines"] == first["lines"] and second["decision"] == first["decision"]
            assert second["turn"] == first["turn"] == held.turn
            await again.close()
            await asyncio.sleep(0.05)
            return (await play_all(where, opened))[1]
    over = asyncio.run(asyncio.wait_for(go(), 60))
    assert over["replay"]["over"] is True


def test_a_flood_is_cut_off_and_the_server_keeps_serving():
    async def go():
        async with running() as (where, server):
            link = await raw(where)
            for _ in range(int(net_server.BURST) + 20):
                try:
                    await link.send("{}")
                except Exception:
                    break
            problems = []
            try:
                for _ in range(int(net_server.BURST) + 40):
                    problems.append(json.loads(await asyncio.wait_for(link.recv(), 10))["problem"])
            except ConnectionClosed:
                pass
            assert problems[-1] == "connection: too many messages" and link.close_code == 1008
            opened = await client.open_battle(where, request("d20", rounds=1))
            assert len(opened) == 2
    asyncio.run(asyncio.wait_for(go(), 60))


def test_the_server_holds_at_most_max_battles():
    async def go():
        async with running(max_battles=1) as (where, server):
            await client.open_battle(where, request("d20", rounds=1))
            try:
                await client.open_battle(where, request("d20", rounds=1))
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
    st.fixed_dictionaries({"v": st.sampled_from([1, 1, 2, True]), "type": st.sampled_from(["open", "join", "choose", "x"])},
                          optional={"code": _values, "turn": _values, "choice": _values, "map": _values,
                                    "seats": _values, "ruleset": _values}).map(json.dumps),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_messages, min_size=1, max_size=20))
def test_fuzz_any_message_gets_a_reply_and_the_battle_does_not_move(messages):
    async def go():
        async with running() as (where, server):
            opened = dict(await client.open_battle(where, request("d20", rounds=1)))
            held = server.battles[max(server.battles)]
            before = (held.battle.digest(), held.turn)
            link = await raw(where)
            await ask(link, {"v": 1, "type": "join", "code": opened[1]})
            await link.recv()  # the view
            for message in messages:
                reply = await ask(link, message)
                assert reply["type"] in ("error", "opened"), reply
            assert (held.battle.digest(), held.turn) == before
            assert len(await client.open_battle(where, request("d20", rounds=1))) == 2
    asyncio.run(asyncio.wait_for(go(), 60))
