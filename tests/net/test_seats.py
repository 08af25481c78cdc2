"""Squads in the `open` message, and spectator seats (issue 31).

What is tested, on loopback:
- a battle opened with squads (side 1: three scouts named by archetype; side 2:
  `ai:random`, picked by the server) fields those units: the replay records the squads,
  verifies, and its battle stands three d20 scouts (`scout`) for side 1 and side 2's
  recorded squad for side 2;
- a bad squad is one `error` line and opens nothing: an unknown template, a side the
  map lacks, an unknown AI level;
- an AI-vs-AI battle with a spectator seat (a demo) waits for its spectator, who then
  reads every line of the log as it is (nothing hidden), and whose replay verifies;
- a spectator cannot choose.
"""

from __future__ import annotations

import asyncio

from game.net import client, fair_dice
from game.net.view_ai import ViewAI
from tests.net.helpers import ask, play_all, raw, request, running


def test_an_open_message_with_squads_fields_them():
    async def go():
        async with running() as (where, server):
            opened = await client.open_battle(where, {**request("d20", rounds=1),
                                                      "squads": {"1": ["scout", "scout", "scout"], "2": "ai:random"}})
            return await play_all(where, opened["seats"])
    results = asyncio.run(asyncio.wait_for(go(), 90))
    replay = results[1]["replay"]
    assert replay["squads"]["1"] == ["scout", "scout", "scout"]
    assert replay["squads"]["2"] and all(isinstance(t, str) for t in replay["squads"]["2"])
    battle = fair_dice.verify(replay)
    try:
        def templates(team):
            return [battle.orders[u - 1].template for u in battle.units() if battle.team(u) == team]
        assert templates(1) == ["scout", "scout", "scout"]
        assert templates(2) == replay["squads"]["2"]
    finally:
        battle.close()


def test_a_bad_squad_is_refused_in_one_line_and_opens_nothing():
    async def go():
        async with running() as (where, server):
            link = await raw(where)
            answers = []
            for squads in ({"1": ["nobody"]}, {"3": ["scout"]}, {"2": "ai:godlike"}, {"1": []}):
                answers.append(await ask(link, {"v": 1, "type": "open", **request("d20"), "squads": squads}))
            await link.close()
            return answers, len(server.battles)
    answers, held = asyncio.run(asyncio.wait_for(go(), 30))
    assert held == 0
    problems = [a["problem"] for a in answers]
    assert all(a["type"] == "error" for a in answers)
    assert problems[0] == "open: squads: d20 has no unit template or archetype 'nobody'"
    assert problems[1] == "open: squads: the map has no side 3 (its sides: 1, 2)"
    assert problems[2].startswith("open: squads: ") and "godlike" in problems[2]
    assert problems[3].startswith("message: ")


def test_an_ai_demo_waits_for_its_spectator_who_reads_everything():
    async def go():
        async with running() as (where, server):
            server.demo_pace = 0.5  # a demo paced to be watched: the spectator has time to try to choose
            opened = await client.open_battle(where, {**request("fivebyfive", seats=("ai:random", "ai:random"),
                                                                rounds=2), "spectators": 1})
            assert opened["seats"] == [] and len(opened["spectators"]) == 1
            held = server.battles[max(server.battles)]
            assert held.battle is None  # nobody watches yet: nothing played
            # a spectator may not choose
            link = await raw(where)
            joined = await ask(link, {"v": 1, "type": "join", "code": opened["spectators"][0], "head": "0" * 64})
            assert joined["type"] == "joined" and joined["spectator"] is True and joined["side"] == 0
            first = await asyncio.wait_for(link.recv(), 10)
            refused = await ask(link, {"v": 1, "type": "settle", "side": 1, "answer": "ai"})
            await link.close()
            return first, refused
    first, refused = asyncio.run(asyncio.wait_for(go(), 90))
    assert '"type":"view"' in first or '"type":"over"' in first
    assert refused == {"v": 1, "type": "error", "problem": "settle: a spectator only watches"}

    async def watch():
        async with running() as (where, server):
            opened = await client.open_battle(where, {**request("fivebyfive", seats=("ai:random", "ai:random"),
                                                                rounds=2), "spectators": 1})
            return await client.play_seat(where, opened["spectators"][0], ViewAI("greedy"), 60)
    over = asyncio.run(asyncio.wait_for(watch(), 90))
    battle = fair_dice.verify(over["replay"])
    try:
        assert over["lines"] == [ev.describe() for ev in battle.log]
        assert over["result"] == battle.log[-1].describe()
    finally:
        battle.close()
