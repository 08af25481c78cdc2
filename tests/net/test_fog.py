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


@pytest.mark.parametrize("ruleset", RULESETS)
def test_side_one_reads_nothing_of_an_enemy_it_never_saw(ruleset, tmp_path):
    path = walled_map(tmp_path)

    async def go():
        async with running() as (where, server):
            opened = await open_seats(where, request(ruleset, map_=str(path), rounds=1))
            battle_id = max(server.battles)
            results = await play_all(where, opened)
            return results, server.tap[(battle_id, 1)]
    results, frames = asyncio.run(asyncio.wait_for(go(), 120))
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
