"""Whole networked battles on loopback, in every ruleset.

What is tested: two headless clients (each playing its seat with the view AI), or one
client and a server seat played by the game's own AI, finish a fog battle of two
rounds on the ridge (where the sides see each other in part); the replay the server
hands back verifies locally (re-simulated, same digest); a server AI seat makes the
choices the same AI makes in a local battle; and what each client read is exactly
the lines the server kept for its side.
"""

from __future__ import annotations

import asyncio
import pytest

from game.net import client
from game.net import fair_dice
from game.rulesets import ruleset_ids
from tests.net.helpers import open_seats, Rebuilt, play_all, request, running

RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")


def verify(over: dict) -> str:
    """Prove and re-simulate the replay of an `over` message (game.net.fair_dice):
    the recorded digest must come back; the battle's last line."""
    battle = fair_dice.verify(over["replay"])
    try:
        assert battle.digest() == over["replay"]["digest"]
        return battle.log[-1].describe()
    finally:
        battle.close()


def test_every_ruleset_is_listed():
    assert set(RULESETS) == set(ruleset_ids())


@pytest.mark.parametrize("ruleset", RULESETS)
def test_two_clients_play_a_fog_battle_to_its_end(ruleset):
    async def go():
        async with running() as (where, server):
            opened = await open_seats(where, request(ruleset, map_="maps/ridge.tmx"))
            assert [side for side, _ in opened] == [1, 2]
            results = await play_all(where, opened)
            return results
    results = asyncio.run(asyncio.wait_for(go(), 120))
    one, two = results[1], results[2]
    assert one["result"] == two["result"] and one["replay"] == two["replay"]
    assert one["replay"]["over"] is True and one["replay"]["player_sides"] == [1, 2]
    assert verify(one) == one["result"]
    assert one["lines"] != two["lines"]  # on the ridge, under fog, each side reads its own log


@pytest.mark.parametrize("ruleset", ("d20", "fate"))
def test_a_server_ai_seat_plays_as_in_a_local_battle(ruleset):
    """Side 2 is ai:normal on the server: the same battle as a local one where side 2
    is make_ai(ruleset, seed + 2, normal) and side 1 answers the recorded choices."""
    from game.ai.levels import make_ai
    from game.engine.decisions import Choice

    async def go():
        async with running() as (where, server):
            opened = await open_seats(where, request(ruleset, seats=("person", "ai:normal")))
            assert [side for side, _ in opened] == [1]
            return (await play_all(where, opened))[1]
    over = asyncio.run(asyncio.wait_for(go(), 120))
    verify(over)
    data = over["replay"]
    rebuilt = Rebuilt(data)
    battle = rebuilt.battle
    ai = make_ai(ruleset, 5 + 2, "normal")
    try:
        for turn, raw in enumerate(data["choices"]):
            if battle.pending.side == 2:
                choice = battle.pending.validate(ai.decide(battle, battle.pending))
                assert choice.to_json() == raw
            else:
                choice = Choice.from_json(raw)
            rebuilt.submit(turn, choice)
        assert battle.pending is None and battle.digest() == data["digest"]
    finally:
        battle.close()


def test_each_side_read_what_the_server_kept_for_it():
    async def go():
        async with running() as (where, server):
            opened = await open_seats(where, request("mahou"))
            held = server.battles[max(server.battles)]
            seats = held.seats
            results = await play_all(where, opened)
            return results, {side: list(seat.lines) for side, seat in seats.items()}
    results, kept = asyncio.run(asyncio.wait_for(go(), 120))
    for side in (1, 2):
        assert results[side]["lines"] == kept[side]
        assert any(line.startswith("Side") or line.startswith("Draw") for line in kept[side][-2:])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_random_clients_send_parameters_the_server_takes(ruleset):
    """The `random` view AI picks options, targets and parameters from what the view
    offers: every one is taken (a refusal would end the client with an error)."""
    async def go():
        async with running() as (where, server):
            opened = await open_seats(where, request(ruleset, fog=False, map_="maps/arena.tmx"))
            return await play_all(where, opened, level="random")
    results = asyncio.run(asyncio.wait_for(go(), 120))
    assert results[1]["lines"] == results[2]["lines"]  # without fog both read every line
    verify(results[1])
