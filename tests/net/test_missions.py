"""A network battle on a scenario map (issues 28 and 31).

What is tested:
- the view's `mission` field: the scenario's public terms (name, briefing, round limit,
  target, each zone's kind, tiles, points and side), each side's points, and who stands
  in a zone only among the units the view lists (a hidden holder is not read);
- in every ruleset, two headless clients play a fog battle of six rounds on the Three Farms
  (maps/crossroads_farms.tmx) to its end (seed 5 ends them on the round limit, on
  victory points and by elimination): both `over` messages and the battle
  re-simulated here from the replay agree on the winner, how it was won and the
  points, and every view the seats read carries the mission with the points so far;
- the headless join's result line says how the battle was won and the points.
"""

from __future__ import annotations

import asyncio

import pytest

from game.engine.components import Position
from game.engine.events import BattleEnded
from game.engine import objectives
from game.engine.setup import new_battle
from game.net import client, fair_dice
from game.net.mission_view import mission_for, result_line
from tests.net.helpers import open_seats, request, running
from game.net.view_ai import ViewAI

RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")
FARMS = "maps/crossroads_farms.tmx"


def test_a_view_carries_the_terms_of_the_battles_ruleset():
    # Breakthrough's map: 10 rounds, 6 points, survive 10, and each ruleset's own, e.g.
    # fate's 5 rounds, 2 points, survive 5 (round_limit.fate, victory_points.fate,
    # survive_rounds.fate)
    for ruleset, terms in (("d20", (6, 4, 6)), ("mahou", (8, 2, 8)), ("fate", (5, 2, 5)),
                           ("actionblock", (4, 2, 4))):
        battle = new_battle("maps/depot_breakthrough.tmx", ruleset, seed=5)
        try:
            mission = mission_for(battle, set(battle.units()))
            assert (mission["round_limit"], mission["victory_points"], mission["survive_rounds"]) == terms
            assert f"when round {terms[2]} ends." in mission["briefing"], ruleset
        finally:
            battle.close()


def test_the_mission_a_view_carries():
    battle = new_battle(FARMS, "d20", seed=5)
    try:
        mission = mission_for(battle, set(battle.units()))
        # by hand from the map's properties: Three Farms, 10 rounds, 4 points to win
        assert mission["name"] == "Three Farms" and mission["briefing"].startswith("Spread out.")
        assert (mission["round_limit"], mission["victory_points"]) == (10, 4)
        assert "the first to 4 wins. After 10 rounds" in mission["briefing"]  # its numbers filled in
        assert (mission["attacker"], mission["survive_rounds"]) == (None, None)
        assert mission["points"] == {"1": 0, "2": 0}
        zones = {z["name"]: z for z in mission["zones"]}
        assert sorted(zones) == ["Crossing", "North Lane", "South Lane"]  # sorted by name
        crossing = zones["Crossing"]
        # pixels 320..448 x 192..320 at 32 px: tile centres x 10..13, y 6..9
        assert crossing["tiles"] == [[x, y] for x in range(10, 14) for y in range(6, 10)]
        assert (crossing["kind"], crossing["points"], crossing["side"]) == ("hold", 2, None)
        assert all(z["seen_in"] == [] for z in mission["zones"])  # everyone starts at the edges

        enemy = battle.units(2)[0]
        friend = battle.units(1)[0]
        battle.add(enemy, Position(11, 7))
        everyone = set(battle.units())
        hidden = everyone - {enemy}
        assert _seen(battle, everyone)["Crossing"] == [2]
        assert _seen(battle, hidden)["Crossing"] == []  # held by an enemy side 1 does not see
        battle.add(friend, Position(12, 8))
        assert _seen(battle, everyone)["Crossing"] == [1, 2]
        assert _seen(battle, hidden)["Crossing"] == [1]
        text = str(mission_for(battle, hidden))
        assert battle.name(enemy) not in text  # the hidden holder is never named
    finally:
        battle.close()


def _seen(battle, shown) -> dict:
    return {z["name"]: z["seen_in"] for z in mission_for(battle, shown)["zones"]}


def test_a_plain_battle_has_no_mission():
    battle = new_battle("maps/arena.tmx", "d20", seed=5)
    try:
        assert mission_for(battle, set(battle.units())) is None
    finally:
        battle.close()


def test_the_result_line_says_how_and_the_points():
    over = {"result": "Side 2 wins after 1 rounds (round limit 1, points 0–2).", "how": "round limit",
            "points": {"1": 0, "2": 2}}
    assert result_line(over) == ("Side 2 wins after 1 rounds (round limit 1, points 0–2). "
                                 "(how: round limit; points side 1: 0, side 2: 2)")
    assert result_line({"result": "Draw after 2 rounds.", "how": "elimination", "points": None}) == \
        "Draw after 2 rounds. (how: elimination)"


class Reader(ViewAI):
    """The view AI, keeping every view's mission."""

    def __init__(self, level: str, seed: int) -> None:
        super().__init__(level, seed)
        self.missions: list[dict | None] = []

    def read(self, view: dict) -> None:
        self.missions.append(view.get("mission"))
        super().read(view)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_scenario_battle_over_the_network_ends_as_its_replay(ruleset):
    readers = {1: Reader("greedy", 1), 2: Reader("greedy", 2)}

    async def go():
        async with running() as (where, server):
            opened = await open_seats(where, request(ruleset, map_=FARMS, rounds=6))
            results = await asyncio.gather(*(client.play_seat(where, code, readers[side], 90)
                                             for side, code in opened))
            return {side: r for (side, _), r in zip(opened, results)}
    results = asyncio.run(asyncio.wait_for(go(), 150))
    one, two = results[1], results[2]
    assert (one["winner"], one["how"], one["points"]) == (two["winner"], two["how"], two["points"])
    battle = fair_dice.verify(one["replay"])
    try:
        ended = battle.log[-1]
        assert isinstance(ended, BattleEnded)
        totals = {str(side): n for side, n in objectives.points(battle).items()}
        assert (one["winner"], one["how"], one["rounds"], one["points"]) == (ended.winner, ended.how, ended.rounds, totals)
        assert one["result"] == ended.describe()
    finally:
        battle.close()
    for side, reader in readers.items():
        missions = [m for m in reader.missions if m is not None]
        assert missions and len(missions) == len(reader.missions), side
        assert {m["name"] for m in missions} == {"Three Farms"}
        assert {m["round_limit"] for m in missions} == {6}  # the battle's own limit, as opened
        # the points only grow, and the last view's are the end's (the round limit
        # scores the last round before the battle ends)
        for a, b in zip(missions, missions[1:]):
            assert all(b["points"][s] >= a["points"][s] for s in a["points"])
        assert all(missions[-1]["points"][s] <= one["points"][s] for s in one["points"])


def test_the_windows_words_for_a_mission():
    """game/ui/net_mission.py's words, worked out by hand: the tracker (clamped to the
    limit; a defender holding out), a zone's state from the sides seen in it, its hover,
    and how the battle was won."""
    from game.ui import net_mission as words
    mission = {"name": "Depot", "briefing": "", "round_limit": 8, "victory_points": None, "attacker": 1,
               "survive_rounds": 6, "points": {"1": 1, "2": 0}, "zones": []}
    assert words.tracker(mission, 9) == "Round 8 of 8 · side 1: 1 point · side 2: 0 points · side 2 holds out to round 6"
    hold = {"name": "Yard", "kind": "hold", "points": 2, "side": None, "tiles": [[0, 0]], "seen_in": []}
    assert words.zone_hover(hold) == "Yard: 2 points a round; no one seen"
    assert words.zone_label({**hold, "seen_in": [2]}) == "Yard · 2 pt · held by side 2"
    assert words.zone_label({**hold, "side": 1, "seen_in": [1, 2]}) == "Yard · 2 pt for side 1 · contested"
    exit_ = {"name": "East Road", "kind": "exit", "points": 1, "side": 1, "tiles": [[9, 0]], "seen_in": []}
    assert words.zone_hover(exit_) == "East Road: exit for side 1, 1 point for each unit that leaves"
    assert words.how_line({"winner": None, "how": "round limit", "points": {"1": 1, "2": 1}}) == \
        "Decided by points at the round limit · side 1: 1 point · side 2: 1 point"
    assert words.how_line({"winner": 2, "how": "vip", "points": {"1": 0, "2": 0}}) == \
        "Won by the fall of a VIP · side 1: 0 points · side 2: 0 points"


def test_a_vip_is_tagged_only_where_the_side_is_shown_it():
    """The Envoy (maps/compound_envoy.tmx): its VIP mark is the point (48, 208) on side 1's
    spawn, tile (1, 6) at 32 px, with no points (its fall ends the battle). The mission
    carries the mark (the map's, public); a unit record says `vip` only for the unit the
    view lists; the window's briefing names the rule."""
    from game.net.sideview import units_for
    from game.ui.net_mission import briefing_lines
    battle = new_battle("maps/compound_envoy.tmx", "d20", seed=5)
    try:
        mission = mission_for(battle, set(battle.units()))
        assert mission["vips"] == [{"side": 1, "tile": [1, 6], "points": None}]
        (envoy,) = [u for u in battle.units() if battle.tile(u) == (1, 6)]
        assert battle.team(envoy) == 1
        every = units_for(battle, set(battle.units()))
        assert [u["id"] for u in every if u.get("vip")] == [envoy]
        assert not any(u.get("vip") for u in units_for(battle, set(battle.units()) - {envoy}))
        assert "Side 1's VIP (the unit that starts at 1,6): its fall loses the battle." in briefing_lines(mission)
    finally:
        battle.close()
