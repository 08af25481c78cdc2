"""A deployment of a ruleset's own (a spawn object's ``rulesets`` property; maps/README.md
"A deployment of a ruleset's own", game/world/tactical_map.py `own_spawns`): a side with
spawns naming the ruleset stands there in that ruleset's battles, on its plain spawns in
every other; the loader refuses what cannot be deployed in one line.

The map: 6 x 4 tiles of floor. Side 1's plain spawns at (0,0) and (0,2), side 2's at
(5,3); side 1 has three more, (3,0) and (3,1) for Action Block and fivebyfive, (3,3) for
fate alone.
"""

from __future__ import annotations

import pytest

from game.engine.setup import new_battle, shared_map
from game.errors import MapError
from game.world.tiled import load_map
from tests.scenarios.test_default_squads import HOLD, fielded, squad_map
from tests.scenarios.test_loading import scenario_map

SLOW = {"rulesets": "actionblock, fivebyfive"}
SPAWNS = ((0, 0, 1), (0, 2, 1), (5, 3, 2), (3, 0, 1, SLOW), (3, 1, 1, SLOW), (3, 3, 1, {"rulesets": "fate"}))


def stands(path, ruleset_id: str) -> list[tuple[int, tuple[int, int]]]:
    battle = new_battle(path, ruleset_id, seed=1)
    try:
        return sorted((battle.team(u), battle.tile(u)) for u in battle.units())
    finally:
        battle.close()


def test_each_ruleset_deploys_on_its_own_spawns_and_the_others_on_the_plain_ones(tmp_path):
    path = squad_map(tmp_path, {}, spawns=SPAWNS)
    plain = [(1, (0, 0)), (1, (0, 2)), (2, (5, 3))]
    assert stands(path, "d20") == plain
    assert stands(path, "mahou") == plain
    assert stands(path, "actionblock") == [(1, (3, 0)), (1, (3, 1)), (2, (5, 3))]
    assert stands(path, "fivebyfive") == [(1, (3, 0)), (1, (3, 1)), (2, (5, 3))]
    assert stands(path, "fate") == [(1, (3, 3)), (2, (5, 3))]  # one spawn: one unit


def test_the_battle_reads_the_map_as_its_ruleset_deploys(tmp_path):
    path = squad_map(tmp_path, {}, spawns=SPAWNS)
    tmap = shared_map(path)
    battle = new_battle(path, "fate", seed=1)
    try:
        # the AI reads battle.map.spawns (game/ai/side_frame.py, fate_ground.py)
        assert [(s.x, s.y, s.team) for s in battle.map.spawns] == [(3, 3, 1), (5, 3, 2)]
        assert battle.map.kept is tmap.kept  # the same terrain, its answers shared
    finally:
        battle.close()
    plain = load_map(tmp_path / "tiny.tmx")
    assert plain.for_ruleset("d20").spawns == tuple(s for s in plain.spawns if not s.rulesets)


def test_a_map_without_spawns_of_a_rulesets_own_is_itself_in_every_ruleset(tmp_path):
    tmap = load_map(squad_map(tmp_path, {}))
    assert all(tmap.for_ruleset(r) is tmap for r in ("d20", "mahou", "fivebyfive", "actionblock", "fate"))


def test_a_default_squad_fills_its_rulesets_own_spawns(tmp_path):
    path = squad_map(tmp_path, {"squad_1.actionblock": "scout,driller,mystic"}, spawns=SPAWNS)
    # two on its own spawns in order, the third on the free tile nearest them by steps,
    # then row, then column: one step from (3,0) and (3,1) lie (2,0), (4,0) in row 0
    assert fielded(path, "actionblock") == [
        (1, "scout", (3, 0)), (1, "driller", (3, 1)), (2, "brawler", (5, 3)), (1, "mystic", (2, 0))]


def test_check_map_lists_each_rulesets_own_spawns(tmp_path, capsys):
    from game.cli import main

    path = squad_map(tmp_path, {}, spawns=SPAWNS)
    assert main(["check-map", str(path)]) == 0
    out = capsys.readouterr().out
    assert "team 1: 2 units from the spawns layer at (0,0) (0,2)" in out
    assert "team 1 in actionblock: 2 units at (3,0) (3,1) (its own spawns)" in out
    assert "team 1 in fate: 1 units at (3,3) (its own spawns)" in out


@pytest.mark.parametrize("spawns, props, problem", [
    (((0, 0, 1), (5, 3, 2), (3, 0, 1, {"rulesets": "fate,,d20"})), {},
     "spawn object 3: 'rulesets' must name rulesets separated by commas"),
    (((0, 0, 1), (5, 3, 2), (3, 0, 1, {"rulesets": "d20;fate"})), {},
     "spawn object 3: 'rulesets' must name rulesets separated by commas"),
    (((0, 0, 1), (5, 3, 2), (3, 0, 3, {"rulesets": "fate"})), {},
     "side 3 has spawns for fate only; give it spawns without 'rulesets' too"),
    (((0, 0, 1, {"vip": ("bool", "true")}), (5, 3, 2), (3, 0, 1, {"rulesets": "fate"})), {},
     "side 1 has 1 VIP(s) on its plain spawns and 0 on its spawns for fate; mark as many on each"),
])
def test_the_loader_refuses_a_deployment_it_cannot_place(tmp_path, capsys, spawns, props, problem):
    from game.cli import main

    path = squad_map(tmp_path, props, spawns=spawns)
    with pytest.raises(MapError, match=problem.replace("(", r"\(").replace(")", r"\)")):
        load_map(path)
    assert main(["check-map", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [err[0]] and err[0].startswith(f"error: {path}: {problem}"), err


def test_a_vip_placed_by_the_objectives_layer_needs_one_on_its_sides_own_spawns_too(tmp_path):
    vip = '<object id="50" name="Boss" x="16" y="16"><properties><property name="kind" value="vip"/></properties><point/></object>'
    path = scenario_map(tmp_path, HOLD + vip, map_props={"scenario": "Ford"},
                        spawns=((0, 0, 1), (5, 3, 2), (3, 0, 1, {"rulesets": "fate"})))
    with pytest.raises(MapError, match=r"side 1 has 1 VIP\(s\) on its plain spawns and 0 on its spawns for fate"):
        load_map(path)


def test_a_side_with_a_vip_on_each_deployment_has_the_one_of_its_ruleset(tmp_path):
    from game.engine.objectives import Vip

    vip = {"vip": ("bool", "true")}
    path = squad_map(tmp_path, {}, spawns=((0, 0, 1), (0, 2, 1, vip), (5, 3, 2),
                                           (3, 0, 1, {"rulesets": "fate", **vip}), (3, 1, 1, {"rulesets": "fate"})))
    for ruleset, tile in (("d20", (0, 2)), ("fate", (3, 0))):
        battle = new_battle(path, ruleset, seed=1)
        try:
            assert [(v.x, v.y) for v in battle.scenario.vips] == [tile]
            assert [battle.tile(u) for u in battle.units() if battle.has(u, Vip)] == [tile]
        finally:
            battle.close()
    assert len(load_map(path).scenario.vips) == 2  # the map's marks, both deployments


def test_an_unknown_ruleset_on_a_spawn_is_refused_by_check_map_and_every_battle(tmp_path, capsys):
    from game.cli import main

    path = squad_map(tmp_path, {}, spawns=((0, 0, 1), (5, 3, 2), (3, 0, 1, {"rulesets": "chess"})))
    load_map(path)  # the map alone reads its form: the rulesets judge the name
    problem = "spawn at (3, 0): 'rulesets' names unknown ruleset 'chess'"
    assert main(["check-map", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [err[0]] and err[0].startswith(f"error: {path}: {problem}"), err
    assert main(["simulate", "--map", str(path), "--ruleset", "d20", "--battles", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and problem in err[0], err


def test_a_default_squad_too_big_for_its_rulesets_own_room_is_refused(tmp_path):
    # fate's own deployment for side 1 is (3,3) alone; the map is 24 tiles, side 2's
    # spawn taken: room for 23 in every ruleset, so 24 is refused naming fate's squad
    path = squad_map(tmp_path, {"squad_1.fate": ",".join(["scout"] * 24)}, spawns=SPAWNS)
    with pytest.raises(MapError, match="squad_1.fate: side 1 has room for only 23 units"):
        shared_map(path)


def test_a_battle_on_its_rulesets_own_spawns_replays_and_verifies(tmp_path):
    from game.replay import save_replay, verify_replay
    from game.simulate import BattleSpec, play_ai_battle

    path = squad_map(tmp_path, {}, spawns=SPAWNS)
    battle = play_ai_battle(BattleSpec(str(path), "actionblock", seed=3, max_rounds=3))
    try:
        assert sorted(o.x for o in battle.orders if o.team == 1) == [3, 3]  # its own spawns
        replay = tmp_path / "battle.json"
        save_replay(battle, replay)
        assert verify_replay(replay) == battle.digest()
    finally:
        battle.close()


def test_the_menus_picture_dots_the_spawns_of_the_ruleset_chosen():
    # Breakthrough's raiders stand on the west edge in d20, by the depot's fences in
    # actionblock (their own spawns): the picture is drawn again when the ruleset changes
    import pygame

    from game.ui.menu import MapInfo
    from game.world.catalog import shipped_maps_dir

    pygame.init()
    info = MapInfo(shipped_maps_dir() / "depot_breakthrough.tmx")
    d20 = pygame.image.tobytes(info.thumb("d20"), "RGB")
    actionblock = pygame.image.tobytes(info.thumb("actionblock"), "RGB")
    assert d20 != actionblock
    assert pygame.image.tobytes(info.thumb("mahou"), "RGB") == d20  # mahou deploys on the plain spawns
