"""Fog enforced by the server: the capture test (issue 31).

What is tested: in a fog battle of every ruleset on a walled map (the sides start out
of each other's sight), every frame the server sent to side 1 is recorded. The battle
is then re-simulated here from its replay, following side 1's sight at every event
(`MomentSight`) and after every answer, to find the enemies side 1 never saw. Expected:

- no byte sent to side 1 holds a never-seen enemy's name, template id or template
  name (side 2 fields other archetypes than side 1, so these words have no other
  reason to be there);
- every unit record in a view (the only place positions and hit points are sent) is
  one of side 1's own, or an enemy on a tile that side 1's units listed in that same
  view see;
- a decision's unit targets are all units listed in its view;
- at least one enemy stayed hidden (else the test proves nothing).

A spectator seat watches the same battle: it reads what both sides may read (the
intersection), and on this map no unit is ever seen by both sides (the rooms are
walled apart), so no byte sent to it before the end holds any unit's name or template
id, and no view lists a unit; the lines it reads are lines both sides read, or lines
each side reads worded its own way, with every unit read "an unseen enemy". On the
ridge (the sides see each other in part) every unit a spectator's view lists is
listed in both sides' views of the same turn.
"""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from game.net import client
from game.ui.fog_words import MomentSight, side_sight
from game.net.sideview import picture
from tests.net.helpers import open_seats, Rebuilt, play_all, request, running
from tests.net.walled import walled_map
from game.net.view_ai import ViewAI

RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")


def never_seen(data: dict, team: int = 1) -> tuple[list[tuple[str, str]], object]:
    """(name, template) of every enemy `team` never saw, re-simulating the replay."""
    from game.engine.decisions import Choice

    rebuilt = Rebuilt(data)
    battle = rebuilt.battle
    try:
        seen: set[int] = set()

        def look(moment):
            seen.update(u for u in battle.units() if moment.sees(team, u))
        look(MomentSight(battle.map, picture(battle)))
        for turn, raw in enumerate(data["choices"]):
            moment = MomentSight(battle.map, picture(battle))
            start = len(battle.log)
            rebuilt.submit(turn, Choice.from_json(raw))
            for ev in battle.log[start:]:
                look(moment)
                moment.follow(ev)
                look(moment)
            look(MomentSight(battle.map, picture(battle)))
        assert battle.digest() == data["digest"]
        return [(battle.name(u), battle.orders[u - 1].template) for u in battle.units()
                if battle.team(u) != team and u not in seen], battle.ruleset
    finally:
        battle.close()


@pytest.mark.parametrize("scenario", (False, True), ids=("plain", "scenario"))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_side_one_reads_nothing_of_an_enemy_it_never_saw(ruleset, scenario, tmp_path):
    path = walled_map(tmp_path, zone=scenario)

    async def go():
        async with running() as (where, server):
            opened = await client.open_battle(where, {**request(ruleset, map_=str(path), rounds=1), "spectators": 1})
            battle_id = max(server.battles)
            results, watched = await asyncio.gather(
                play_all(where, opened["seats"]),
                client.play_seat(where, opened["spectators"][0], ViewAI("greedy"), 60))
            return results, watched, server.tap[(battle_id, 1)], server.tap[(battle_id, 0)]
    results, watched, frames, spectator = asyncio.run(asyncio.wait_for(go(), 120))
    assert watched["replay"] == results[1]["replay"]
    check_spectator_saw_no_unit(results[1]["replay"], spectator, watched["lines"], results)
    hidden, rules = never_seen(results[1]["replay"])
    assert hidden, "every enemy was seen: the test would prove nothing"
    words = set()
    for name, template in hidden:
        words |= {name, template, re.sub(r" \d+-\d+$", "", name)}
        unit_template = getattr(rules, "templates", {}).get(template) if hasattr(rules, "templates") else None
        if unit_template is not None and getattr(unit_template, "name", None):
            words.add(unit_template.name)
    # the over message carries the whole replay (the battle is over: nothing is hidden
    # any more); everything before it is what side 1 read while it played
    during = [f for f in frames if json.loads(f)["type"] != "over"]
    assert len(during) == len(frames) - 1
    text = "\n".join(during)
    for word in sorted(words):
        assert not re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text, re.IGNORECASE), word
    for frame in during:
        message = json.loads(frame)
        if message["type"] != "view":
            continue
        units = message["units"]
        mine = [tuple(u["tile"]) for u in units if u["team"] == 1 and u["active"]]
        from game.engine.setup import shared_map
        seen = side_sight(shared_map(path), mine)
        listed = {u["id"] for u in units}
        for u in units:
            assert u["team"] == 1 or seen[tuple(u["tile"])], u
        for option in (message["decision"] or {}).get("options", ()):
            if option["target_kind"] == "unit":
                assert set(option["targets"]) <= listed, option["key"]
        if scenario:
            check_zone_read(message)
    if scenario:
        # by hand: one round; side 2's three units never leave its walled room, the
        # East Room zone (2 points), and side 1 cannot reach it: 2 points to side 2 at
        # the round's end, then the round limit gives side 2 the battle
        over = results[1]
        assert (over["winner"], over["how"], over["rounds"], over["points"]) == (2, "round limit", 1, {"1": 0, "2": 2})
        last = json.loads([f for f in during if json.loads(f)["type"] == "view"][-1])
        assert last["mission"]["points"] == {"1": 0, "2": 2}


def check_zone_read(view: dict) -> None:
    """Side 1 reads the East Room (its tiles and worth are public) and the score, but
    never that side 2 stands in it: no unit of side 2 is in its sight."""
    mission = view["mission"]
    (zone,) = mission["zones"]
    assert (zone["name"], zone["kind"], zone["points"], zone["side"]) == ("East Room", "hold", 2, None)
    assert len(zone["tiles"]) == 5 * 9 and [9, 0] in zone["tiles"] and [13, 8] in zone["tiles"]
    assert zone["seen_in"] == []


def check_spectator_saw_no_unit(data: dict, frames: list[str], lines: list[str], results: dict) -> None:
    rebuilt = Rebuilt(data)
    try:
        battle = rebuilt.battle
        words = {battle.name(u) for u in battle.units()} | {battle.orders[u - 1].template for u in battle.units()}
    finally:
        rebuilt.battle.close()
    during = [f for f in frames if json.loads(f)["type"] != "over"]
    assert len(during) == len(frames) - 1 and during
    text = "\n".join(during)
    for word in sorted(words):
        assert not re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text), word
    for frame in during:
        message = json.loads(frame)
        assert message["type"] in ("joined", "view"), message["type"]
        if message["type"] == "view":
            assert message["units"] == [] and message["decision"] is None
    # a line both sides read as it is, or one each side reads worded its own way (each
    # hiding the other's units), which the spectator reads with every unit unseen
    both = set(results[1]["lines"]) & set(results[2]["lines"])
    for line in lines:
        assert line in both or "unseen" in line.lower() or "out of sight" in line, line


def test_a_spectator_lists_only_units_both_sides_see():
    async def go():
        async with running() as (where, server):
            opened = await client.open_battle(where, {**request("d20", map_="maps/ridge.tmx", rounds=2),
                                                      "spectators": 1})
            battle_id = max(server.battles)
            results, watched = await asyncio.gather(
                play_all(where, opened["seats"]),
                client.play_seat(where, opened["spectators"][0], ViewAI("greedy"), 60))
            return watched, {side: server.tap[(battle_id, side)] for side in (0, 1, 2)}
    watched, tap = asyncio.run(asyncio.wait_for(go(), 120))
    views = {side: [json.loads(f) for f in frames if json.loads(f)["type"] == "view"] for side, frames in tap.items()}
    by_turn = {side: {v["turn"]: {u["id"] for u in v["units"]} for v in vs} for side, vs in views.items()}
    listed = 0
    for view in views[0]:
        mine = {u["id"] for u in view["units"]}
        assert mine <= by_turn[1][view["turn"]] & by_turn[2][view["turn"]], view["turn"]
        listed += len(mine)
    assert listed, "the spectator never saw a unit: the ridge test would prove nothing"
    assert 0 < len(watched["lines"])
