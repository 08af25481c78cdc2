"""A scenario's default squad per side and ruleset (`squad_<side>.<ruleset>`, maps/README.md
"Default squads per ruleset"; game/world/scenario_squads.py, game/engine/setup.py):
fielded when no squad is chosen for the side, in spawn order, extras deployed as a chosen
squad's; a chosen squad wins; the loader refuses a bad one in one line; a replay of a
battle fielded so verifies.

The map: 6 x 4 tiles of floor, side 1's spawns at (0,0) and (0,2), side 2's at (5,3).
"""

from __future__ import annotations

import pytest

from game.engine.setup import new_battle, orders_for, shared_map
from game.errors import MapError
from game.rulesets import load_ruleset
from game.world.tiled import load_map
from tests.scenarios.test_loading import FLOOR, ROWS, rect, scenario_map
from tests.world.worldkit import prop_xml

SPAWNS = ((0, 0, 1), (0, 2, 1), (5, 3, 2))
HOLD = rect(1, "Ford", 64, 0, 64, 64, kind="hold")


def squad_map(tmp_path, props: dict, objects: str = HOLD, spawns=SPAWNS):
    return scenario_map(tmp_path, objects, map_props={"scenario": "Ford", **props}, spawns=spawns)


def fielded(path, ruleset_id: str, squads=None) -> list[tuple[int, str, tuple[int, int]]]:
    tmap = load_map(path)
    return [(o.team, o.template, (o.x, o.y)) for o in orders_for(tmap, load_ruleset(ruleset_id), squads)]


def test_each_ruleset_fields_its_own_default_squad_and_the_others_the_spawns(tmp_path):
    path = squad_map(tmp_path, {"squad_1.d20": "scout, scout, gunner, marksman",
                                "squad_1.fate": "guardian",
                                "squad_2.fate": "knight,soldier"})
    # d20, side 1: four units on two spawns; the two extras stand on the free walkable
    # tiles nearest the spawns, by steps, then row, then column: one step away lie (1,0)
    # row 0, (0,1) row 1, (1,2) row 2 and (0,3) row 3 -> (1,0), then (0,1).
    assert fielded(path, "d20") == [
        (1, "scout", (0, 0)), (1, "scout", (0, 2)), (2, "brawler", (5, 3)),
        (1, "gunner", (1, 0)), (1, "marksman", (0, 1))]
    # fate: side 1 fields one guardian (its second spawn stands empty); side 2 two
    # template ids, the second beside its spawn: (5,2) row 2 before (4,3) row 3.
    assert fielded(path, "fate") == [
        (1, "guardian", (0, 0)), (2, "knight", (5, 3)), (2, "soldier", (5, 2))]
    # mahou has no default squad: the spawns' archetypes in turn (brawler, gunner...)
    assert fielded(path, "mahou") == [(1, "brawler", (0, 0)), (1, "gunner", (0, 2)), (2, "brawler", (5, 3))]


def test_a_chosen_squad_wins_over_the_default_for_its_side_only(tmp_path):
    path = squad_map(tmp_path, {"squad_1.d20": "scout,scout", "squad_2.d20": "guardian"})
    battle = new_battle(path, "d20", seed=1, squads={1: ["marksman"]})
    try:
        units = sorted((battle.team(u), battle.name(u)) for u in battle.units())
    finally:
        battle.close()
    assert units == [(1, "Marksman 1-1"), (2, "Guardian 2-1")]


def test_a_battle_on_default_squads_replays_and_verifies(tmp_path):
    from game.replay import read_replay, save_replay, verify_replay
    from game.simulate import BattleSpec, play_ai_battle

    path = squad_map(tmp_path, {"squad_1.actionblock": "driller,scout,scout", "squad_2.actionblock": "mystic"})
    battle = play_ai_battle(BattleSpec(str(path), "actionblock", seed=3, max_rounds=3))
    try:
        templates = sorted((battle.team(u), battle.name(u)) for u in battle.units())
        assert [t for t, _ in templates] == [1, 1, 1, 2]
        replay = tmp_path / "battle.json"
        save_replay(battle, replay)
        assert read_replay(replay).squads is None  # nothing chosen: the map's default again
        assert verify_replay(replay) == battle.digest()
    finally:
        battle.close()


@pytest.mark.parametrize("props, objects, problem", [
    ({"squad_1": "gunner"}, HOLD, "squad_1: a default squad's property is squad_<side>.<ruleset>"),
    ({"squad_one.d20": "gunner"}, HOLD, "squad_one.d20: a default squad's property is squad_<side>.<ruleset>"),
    ({"squad_3.d20": "gunner"}, HOLD, "squad_3.d20: side 3 has no spawns on this map (sides: [1, 2])"),
    ({"squad_1.d20": "gunner,,scout"}, HOLD, "squad_1.d20: unit 2 is ''"),
    ({"squad_1.d20": ("int", 3)}, HOLD, "squad_1.d20: must be a string of units"),
    # the VIP is the unit on the second spawn (0,2): a squad of one leaves it empty
    ({"squad_1.d20": "scout"}, HOLD + f'<object id="2" name="Boss" x="16" y="80">{prop_xml({"kind": "vip"})}<point/></object>',
     "squad_1.d20: fields 1 unit(s), so the VIP's spawn at (0, 2), side 1's spawn 2, would stand empty"),
])
def test_the_loader_refuses_a_bad_default_squad_in_one_line(tmp_path, props, objects, problem):
    path = squad_map(tmp_path, props, objects)
    with pytest.raises(MapError) as caught:
        load_map(path)
    line = str(caught.value)
    assert line == f"{path}: {problem}" or line.startswith(f"{path}: {problem}"), line
    assert "\n" not in line


def test_a_default_squad_on_a_plain_map_is_refused(tmp_path):
    from tests.world.worldkit import tiny_tmx
    path = tiny_tmx(tmp_path, [("layer", "ground", ROWS)], FLOOR, spawns=SPAWNS,
                    map_props={"squad_1.d20": "gunner"})
    with pytest.raises(MapError, match="squad_1.d20: a default squad belongs to a scenario"):
        load_map(path)


@pytest.mark.parametrize("props, problem", [
    ({"squad_1.chess": "gunner"}, "squad_1.chess: unknown ruleset 'chess' (known: "),
    ({"squad_2.d20": "gunner,wizard"}, "squad_2.d20: d20 has no unit template or archetype 'wizard'"),
    # fate's knight is not a d20 template: names are the ruleset's own
    ({"squad_1.d20": "knight"}, "squad_1.d20: d20 has no unit template or archetype 'knight'"),
    # 24 tiles of floor, side 2's spawn taken by itself: 21 free for side 1 plus its 2 spawns
    ({"squad_1.fate": ",".join(["scout"] * 24)}, "squad_1.fate: side 1 has room for only 23 units, the squad has 24"),
])
def test_check_map_and_every_battle_refuse_an_unknown_ruleset_or_unit(tmp_path, capsys, props, problem):
    from game.cli import main

    path = squad_map(tmp_path, props)
    load_map(path)  # the map alone reads it: the rulesets judge it
    assert main(["check-map", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [err[0]] and err[0].startswith(f"error: {path}: {problem}"), err
    with pytest.raises(MapError, match=problem.replace("(", r"\(").replace(")", r"\)")):
        shared_map(path)
    assert main(["simulate", "--map", str(path), "--ruleset", "d20", "--battles", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and problem in err[0], err


def test_check_map_lists_the_default_squads(tmp_path, capsys):
    from game.cli import main

    path = squad_map(tmp_path, {"squad_2.fate": "knight, soldier", "squad_1.d20": "scout"})
    assert main(["check-map", str(path)]) == 0
    out = capsys.readouterr().out
    assert "default squad of side 1 in d20: scout (squad_1.d20)" in out
    assert "default squad of side 2 in fate: knight, soldier (squad_2.fate)" in out
    assert out.index("side 1 in d20") < out.index("side 2 in fate")


RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_shipped_vip_keeps_its_archetype_in_every_ruleset(ruleset_id):
    # The briefings name the VIP by its archetype ("the envoy (the scout)", "its officer
    # (the guardian)"): a per-ruleset squad must field that archetype on the vip spawn.
    from game.world.catalog import shipped_maps_dir

    ruleset = load_ruleset(ruleset_id)
    checked = 0
    for path in sorted(shipped_maps_dir().glob("*.tmx")):
        tmap = load_map(path)
        if tmap.scenario is None or not tmap.scenario.vips:
            continue
        spawn_at = {(s.x, s.y): s for s in tmap.spawns}
        placed = {(o.x, o.y): o.template for o in orders_for(tmap, ruleset)}
        deployed = {(s.x, s.y) for s in tmap.for_ruleset(ruleset_id).spawns}  # its own spawns where it has them
        for vip in (v for v in tmap.scenario.vips if (v.x, v.y) in deployed):
            archetype = ruleset.data.templates[placed[vip.x, vip.y]].archetype
            assert archetype == spawn_at[vip.x, vip.y].archetype, (path.name, vip)
            checked += 1
    assert checked >= 3  # the Envoy, the Officer, the two Captains
