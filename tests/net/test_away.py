"""A seat away past the server's limit (`serve --away-after`), offered to the other side.

What is tested, on loopback, with a limit of 0.2 s: side 2 joins, plays up to its
first decision and drops (or never joins). Then side 1 (the one person seat left) is
sent `away` for side 2, and:
- "wait": it is told `seat waited`, and offered again after another 0.2 s; a `settle`
  for a side not on offer is refused in one line, and so is "ai" before the battle is
  set up (the AI cannot give a seat's dice value); when side 2 joins while on offer,
  side 1 is told `seat back` and the offer is withdrawn;
- "ai": the server's AI (normal) plays side 2; side 1 plays on to the end; the replay
  records side 2's values as null in the batches it sat out, and verifies; side 2's
  owner may rejoin meanwhile: it is told `seat back`, plays its own decisions again,
  and gives values again (a second chain in the proof);
- "adjourn": side 1 is told `seat adjourned` and let go; the battle stays on the
  server (and on disk); both seats rejoin with their codes later and finish it.
"""

from __future__ import annotations

import asyncio
import json

from game.net import client, fair_dice
from game.net.view_ai import ViewAI
from tests.net.helpers import RawSeat, open_seats, play_all, raw, request, running

AWAY = 0.2


async def drop_at_first_decision(where: str, code: str) -> None:
    seat = RawSeat(await raw(where))
    await seat.join(code)
    await seat.decision()
    await seat.link.close()


def test_wait_is_offered_again_after_another_while(tmp_path):
    async def go():
        async with running(state=tmp_path, away_after=AWAY) as (where, server):
            opened = dict(await open_seats(where, request("d20", rounds=1)))
            one = RawSeat(await raw(where))
            await one.join(opened[1])
            # side 2 never joins: the battle cannot even set up; side 1 is asked
            offer = await one.next()
            assert offer == {"v": 1, "type": "away", "side": 2, "seconds": offer["seconds"],
                             "answers": ["wait", "adjourn", "ai"]}
            refused = json.loads(await _ask(one, {"v": 1, "type": "settle", "side": 1, "answer": "wait"}))
            await one.link.send(json.dumps({"v": 1, "type": "settle", "side": 2, "answer": "wait"}))
            waited = await one.next()
            again = await one.next()
            # the AI cannot stand in before the battle is set up
            no_ai = json.loads(await _ask(one, {"v": 1, "type": "settle", "side": 2, "answer": "ai"}))
            # side 2 comes after all, while on offer: side 1 is told, and its offer is gone
            two = RawSeat(await raw(where))
            await two.join(opened[2])
            back = await one.next()
            late = json.loads(await _ask(one, {"v": 1, "type": "settle", "side": 2, "answer": "wait"}))
            await one.link.close()
            await two.link.close()
            return refused, waited, again, no_ai, back, late
    refused, waited, again, no_ai, back, late = asyncio.run(asyncio.wait_for(go(), 30))
    assert back == {"v": 1, "type": "seat", "side": 2, "state": "back"}
    assert late == {"v": 1, "type": "error", "problem": "settle: side 2 is not offered"}
    assert refused == {"v": 1, "type": "error", "problem": "settle: side 1 is not offered"}
    assert waited == {"v": 1, "type": "seat", "side": 2, "state": "waited"}
    assert again["type"] == "away" and again["side"] == 2 and again["seconds"] >= 0
    assert no_ai == {"v": 1, "type": "error", "problem": "settle: side 2 cannot be played by the server now"}


async def _ask(seat: RawSeat, message: dict) -> str:
    await seat.link.send(json.dumps(message))
    return await asyncio.wait_for(seat.link.recv(), 10)


def test_the_servers_ai_plays_an_away_seat_until_its_owner_is_back(tmp_path):
    async def go():
        async with running(state=tmp_path, away_after=AWAY) as (where, server):
            opened = dict(await open_seats(where, request("fate", rounds=2)))
            held = server.battles[max(server.battles)]
            one = asyncio.create_task(client.play_seat(where, opened[1], ViewAI("greedy", 1), 60, when_away="ai"))
            await drop_at_first_decision(where, opened[2])
            for _ in range(400):
                if held.stand_ins or one.done():
                    break
                await asyncio.sleep(0.01)
            assert 2 in held.stand_ins
            # the AI plays some of side 2's choices: back after the first of them (a fixed
            # sleep let a fast machine finish the battle, and let it go, before the return)
            turn = held.turn
            for _ in range(400):
                if held.turn > turn or held.battle.over:
                    break
                await asyncio.sleep(0.001)
            assert not held.battle.over
            two = await client.play_seat(where, opened[2], ViewAI("greedy", 2), 60)
            return await one, two, server.tap[(held.id, 1)]
    one, two, frames = asyncio.run(asyncio.wait_for(go(), 90))
    replay = one["replay"]
    assert replay == two["replay"]
    reveals = replay["net"]["reveals"]
    assert any(batch[2] is None for batch in reveals)          # batches side 2 sat out
    assert reveals[-1][2] is not None or len(replay["net"]["heads"]["2"]) == 2
    assert len(replay["net"]["heads"]["2"]) == 2                # back with a new chain
    notices = [json.loads(f) for f in frames if json.loads(f)["type"] == "seat"]
    assert [n["state"] for n in notices] == ["ai", "back"]
    fair_dice.verify(replay).close()


def test_adjourned_battles_are_kept_and_finished_later(tmp_path):
    async def go():
        async with running(state=tmp_path, away_after=AWAY) as (where, server):
            opened = dict(await open_seats(where, request("actionblock", rounds=2)))
            held = server.battles[max(server.battles)]
            one = asyncio.create_task(client.play_seat(where, opened[1], ViewAI("greedy", 1), 60,
                                                       when_away="adjourn"))
            await drop_at_first_decision(where, opened[2])
            first = await one
            kept = json.loads((tmp_path / f"battle-{held.id}.json").read_text(encoding="utf-8"))
            turn = held.turn
            results = await play_all(where, list(opened.items()))
            return first, kept, turn, results
    first, kept, turn, results = asyncio.run(asyncio.wait_for(go(), 90))
    assert first["type"] == "adjourned" and first["side"] == 2
    assert kept["adjourned"] is True and len(kept["choices"]) == turn
    assert results[1]["replay"] == results[2]["replay"]
    fair_dice.verify(results[1]["replay"]).close()
