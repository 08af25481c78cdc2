"""Nothing lost across a server restart (issue 31): `serve --state DIR`.

What is tested, on loopback: two headless clients play a fog battle on a server that
keeps its state in a folder; after six choices the server is stopped (its task
cancelled, every connection cut). A new server on the same folder holds the battle
again at the same turn with the same digest; both seats rejoin with their codes (new
processes: new chains) and finish; the replay holds the choices made before the
restart, both chains of each seat, and verifies. The finished battle's file is gone.

A state file that does not load (not JSON; a seat of an unknown kind) is one line
naming the file, skipped and kept; the server holds the others and opens new battles.
Any one field of a mid-battle state replaced by junk loads or is one Unloadable line.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.net import client, fair_dice, stored
from game.net.view_ai import ViewAI
from tests.net.helpers import open_seats, play_all, request, running

STOP_AFTER = 6


class Stopped(Exception):
    """The test's client stops answering (its connection closes)."""


class Counting:
    """A view AI that sets `stop`, and stops, once the seats together have made
    STOP_AFTER choices."""

    def __init__(self, side: int, box: dict) -> None:
        self.inner, self.box = ViewAI("greedy", side), box

    def start(self, joined):
        self.inner.start(joined)

    def read(self, view):
        self.inner.read(view)

    def decide(self, view, decision):
        self.box["n"] += 1
        if self.box["n"] >= STOP_AFTER:
            self.box["stop"].set()
            raise Stopped
        return self.inner.decide(view, decision)


def test_a_restarted_server_resumes_a_battle_from_its_folder(tmp_path):
    state = tmp_path / "state"

    async def first_half():
        box = {"n": 0, "stop": asyncio.Event()}
        async with running(state=state) as (where, server):
            opened = await open_seats(where, request("d20", map_="maps/ridge.tmx", rounds=2))
            held = server.battles[max(server.battles)]
            players = [asyncio.create_task(_play_until_stopped(where, code, Counting(side, box)))
                       for side, code in opened]
            await asyncio.wait_for(box["stop"].wait(), 60)
            await asyncio.sleep(0.2)  # the last answer's step is kept before the stop
            turn, digest = held.turn, held.battle.digest()
            choices = [c.to_json() for c in held.battle.choices]
        await asyncio.gather(*players, return_exceptions=True)
        return opened, held.id, turn, digest, choices

    opened, ident, turn, digest, choices = asyncio.run(asyncio.wait_for(first_half(), 90))
    assert turn >= 1 and (state / f"battle-{ident}.json").is_file()

    async def second_half():
        async with running(state=state) as (where, server):
            held = server.battles[ident]
            assert (held.turn, held.battle.digest()) == (turn, digest)
            results = await play_all(where, opened)
            return results
    results = asyncio.run(asyncio.wait_for(second_half(), 90))
    replay = results[1]["replay"]
    assert replay == results[2]["replay"]
    assert replay["choices"][:turn] == choices
    assert all(len(replay["net"]["heads"][side]) == 2 for side in ("1", "2"))  # a new chain after the restart
    fair_dice.verify(replay).close()
    assert not (state / f"battle-{ident}.json").exists()  # finished: let go


async def _play_until_stopped(where, code, decider):
    return await client.play_seat(where, code, decider, 60)


def test_a_state_file_that_does_not_load_is_one_line_and_skipped(tmp_path):
    state = tmp_path / "state"
    lines: list[str] = []

    async def keep_two():
        async with running(state=state) as (where, server):
            await open_seats(where, request("fate", rounds=1))
            await open_seats(where, request("fate", rounds=1))
            return sorted(server.battles)
    ids = asyncio.run(asyncio.wait_for(keep_two(), 60))
    assert ids == [1, 2]
    (state / "battle-1.json").write_text("{not json", encoding="utf-8")
    data = json.loads((state / "battle-2.json").read_text(encoding="utf-8"))
    data["seats"][0]["kind"] = "robot"
    (state / "battle-2.json").write_text(json.dumps(data), encoding="utf-8")
    good = json.loads((state / "battle-2.json").read_text(encoding="utf-8"))
    good["seats"][0]["kind"] = "person"
    good["id"] = 3
    (state / "battle-3.json").write_text(json.dumps(good), encoding="utf-8")

    async def restart():
        async with running(state=state, report=lines.append) as (where, server):
            held = sorted(server.battles)
            more = await open_seats(where, request("fate", rounds=1))
            return held, sorted(server.battles), more
    held, after, more = asyncio.run(asyncio.wait_for(restart(), 60))
    assert held == [3] and after == [3, 4] and len(more) == 2
    assert lines == [f"error: {state / 'battle-1.json'}: is not valid JSON (line 1, column 2: "
                     "Expecting property name enclosed in double quotes)",
                     f"error: {state / 'battle-2.json'}: seat 1: unknown kind 'robot'"]
    assert (state / "battle-1.json").read_text(encoding="utf-8") == "{not json"  # kept as it was


def test_a_state_round_trips_mid_battle():
    """state_of, then held_from: the same turn, digest, seats, codes, lines and proof."""
    async def mid():
        box = {"n": 0, "stop": asyncio.Event()}
        async with running() as (where, server):
            opened = await open_seats(where, request("mahou", seats=("person", "ai:normal"), rounds=2))
            held = server.battles[max(server.battles)]
            player = asyncio.create_task(_play_until_stopped(where, opened[0][1], Counting(1, box)))
            await asyncio.wait_for(box["stop"].wait(), 60)
            await asyncio.sleep(0.1)
            state = stored.state_of(held)
            again = stored.held_from(json.loads(json.dumps(state)))
            try:
                assert (again.turn, again.battle.digest()) == (held.turn, held.battle.digest())
                assert {s: (x.kind, x.code, x.lines) for s, x in again.seats.items()} == \
                    {s: (x.kind, x.code, x.lines) for s, x in held.seats.items()}
                assert again.proof() == held.proof()
                assert stored.state_of(again) == state
            finally:
                again.battle.close()
            await asyncio.gather(player, return_exceptions=True)
    asyncio.run(asyncio.wait_for(mid(), 60))


def _mid_battle_state() -> dict:
    """The state of a fate battle (a person against ai:normal) after a few choices."""
    out = {}

    async def mid():
        box = {"n": 0, "stop": asyncio.Event()}
        async with running() as (where, server):
            opened = await open_seats(where, request("fate", seats=("person", "ai:normal"), rounds=2))
            held = server.battles[max(server.battles)]
            player = asyncio.create_task(_play_until_stopped(where, opened[0][1], Counting(1, box)))
            await asyncio.wait_for(box["stop"].wait(), 60)
            await asyncio.sleep(0.1)
            out["state"] = json.loads(json.dumps(stored.state_of(held)))
            await asyncio.gather(player, return_exceptions=True)
    asyncio.run(asyncio.wait_for(mid(), 60))
    return out["state"]


@pytest.fixture(scope="module")
def mid_state():
    return _mid_battle_state()


_junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=6),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=2),
                     max_leaves=6)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_changed_state_loads_or_is_one_unloadable_line(mid_state, data):
    """Any one field of a state file replaced by junk: held_from gives a battle (the
    change was harmless) or Unloadable, never another exception."""
    state = json.loads(json.dumps(mid_state))
    key = data.draw(st.sampled_from(sorted(state)))
    if isinstance(state[key], dict) and state[key] and data.draw(st.booleans()):
        inner = data.draw(st.sampled_from(sorted(state[key])))
        state[key][inner] = data.draw(_junk)
    elif isinstance(state[key], list) and state[key] and data.draw(st.booleans()):
        state[key][data.draw(st.integers(0, len(state[key]) - 1))] = data.draw(_junk)
    else:
        state[key] = data.draw(_junk)
    try:
        held = stored.held_from(state)
    except stored.Unloadable as exc:
        assert "\n" not in str(exc) and str(exc)
        return
    if held.battle is not None:
        held.battle.close()
