"""Scenarios authored in Tiled (game/world/scenario.py): what the loader reads, and
the one line it gives for each bad objective (`error: <file>: objective '<name>': ...`)."""

from __future__ import annotations

import pytest

from game.errors import MapError
from game.world.tiled import load_map
from tests.world.worldkit import prop_xml, tiny_tmx

FLOOR = {0: {"walkable": ("bool", "true")}}
ROWS = [[1] * 6 for _ in range(4)]  # 6 x 4 tiles of floor, 32 px each


def scenario_map(tmp_path, objects: str, map_props=None, spawns=((0, 0, 1), (5, 3, 2))):
    path = tiny_tmx(tmp_path, [("layer", "ground", ROWS)], FLOOR, spawns=spawns, map_props=map_props)
    text = path.read_text().replace("</map>", f'<objectgroup id="98" name="objectives">{objects}</objectgroup></map>')
    path.write_text(text)
    return path


def rect(oid: int, name: str, x: float, y: float, w: float, h: float, **props) -> str:
    return (f'<object id="{oid}" name="{name}" x="{x}" y="{y}" width="{w}" height="{h}">'
            f'{prop_xml(props)}</object>')


def test_a_plain_map_has_no_scenario(tmp_path):
    assert load_map(tiny_tmx(tmp_path, [("layer", "ground", ROWS)], FLOOR)).scenario is None


def test_a_hold_zone_covers_the_tiles_whose_centre_lies_inside(tmp_path):
    # x 32..96 covers tile centres 48 and 80 (tiles 1, 2); y 0..40 covers centre 16 (row 0).
    path = scenario_map(tmp_path, rect(1, "Ford", 32, 0, 64, 40, kind="hold", points=("int", 2)),
                        map_props={"scenario": "River", "briefing": "Hold the ford.",
                                   "round_limit": ("int", 8), "victory_points": ("int", 5)})
    s = load_map(path).scenario
    assert (s.name, s.briefing, s.round_limit, s.victory_points) == ("River", "Hold the ford.", 8, 5)
    (ford,) = s.zones
    assert (ford.name, ford.kind, ford.points, ford.side) == ("Ford", "hold", 2, None)
    assert ford.tiles == {(1, 0), (2, 0)}


def test_a_polygon_zone(tmp_path):
    # A right triangle with corners (0,0), (128,0), (0,128) in pixels: tile centres with
    # x + y < 128 lie inside: (0,0) (1,0) (2,0) (0,1) (1,1) (0,2); (3,0): 112+16 = 128, outside.
    poly = ('<object id="1" name="Wedge" x="0" y="0">' + prop_xml({"kind": "hold"})
            + '<polygon points="0,0 128,0 0,128"/></object>')
    s = load_map(scenario_map(tmp_path, poly)).scenario
    assert s.zones[0].tiles == {(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2)}


def test_a_vip_spawn_and_an_exit(tmp_path):
    objects = (rect(1, "Gate", 160, 0, 32, 128, kind="exit", side=("int", 1), points=("int", 3))
               + f'<object id="2" name="Courier" x="16" y="16">{prop_xml({"kind": "vip"})}<point/></object>')
    s = load_map(scenario_map(tmp_path, objects, map_props={"attacker": ("int", 1),
                                                              "survive_rounds": ("int", 4)})).scenario
    (gate,) = s.zones
    assert (gate.kind, gate.side, gate.points, gate.tiles) == ("exit", 1, 3, {(5, y) for y in range(4)})
    (vip,) = s.vips
    assert (vip.team, vip.x, vip.y, vip.points) == (1, 0, 0, None)
    assert (s.attacker, s.survive_rounds, s.defender([1, 2])) == (1, 4, 2)


@pytest.mark.parametrize("objects, props, problem", [
    (rect(1, "Ford", 0, 0, 64, 64, kind="capture"), None, "objective 'Ford': unknown kind 'capture'"),
    (rect(1, "Ford", 150, 0, 64, 64, kind="hold"), None, "objective 'Ford': the zone reaches outside the map"),
    (rect(1, "Gate", 0, 0, 64, 64, kind="exit", side=("int", 3)), None,
     "objective 'Gate': side 3 has no units on this map"),
    (rect(1, "Gate", 0, 0, 64, 64, kind="exit"), None, "objective 'Gate': an exit needs an int property 'side'"),
    ('<object id="1" name="Boss" x="80" y="80">' + prop_xml({"kind": "vip"}) + '<point/></object>', None,
     "objective 'Boss': a vip must be placed on a spawn"),
    (rect(1, "Dot", 0, 0, 4, 4, kind="hold"), None, "objective 'Dot': the zone covers no tile's centre"),
    (rect(1, "Ford", 0, 0, 64, 64, kind="hold", points="lots"), None, "objective 'Ford': 'points' must be a whole number"),
    (rect(1, "A", 0, 0, 64, 64, kind="hold") + rect(2, "A", 64, 0, 64, 64, kind="hold"), None,
     "objective 'A': another objective has this name"),
    ("", {"survive_rounds": ("int", 3)}, "'survive_rounds' needs 'attacker'"),
    ("", {"attacker": ("int", 7)}, "'attacker' is side 7, which has no spawns"),
    ("", {"round_limit": ("int", 20000)}, "'round_limit' must be at most 10000"),
])
def test_a_bad_objective_is_one_line_naming_it(tmp_path, objects, props, problem):
    path = scenario_map(tmp_path, objects, map_props=props)
    with pytest.raises(MapError) as caught:
        load_map(path)
    line = str(caught.value)
    assert problem in line and "\n" not in line
    assert str(path) in line or path.name in line


def test_check_map_refuses_a_bad_objective_with_exit_status_2(tmp_path, capsys):
    from game.cli import main
    path = scenario_map(tmp_path, rect(1, "Ford", 0, 0, 64, 64, kind="capture"))
    assert main(["check-map", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and "objective 'Ford': unknown kind" in err[0]


def test_check_map_describes_the_scenario(tmp_path, capsys):
    from game.cli import main
    objects = (rect(1, "Ford", 32, 0, 64, 40, kind="hold", points=("int", 2))
               + f'<object id="2" name="Courier" x="16" y="16">{prop_xml({"kind": "vip"})}<point/></object>')
    path = scenario_map(tmp_path, objects, map_props={"scenario": "River", "victory_points": ("int", 5)})
    assert main(["check-map", str(path)]) == 0
    out = capsys.readouterr().out
    assert "scenario 'River': 5 victory points win" in out
    assert "objective 'Ford': hold, 2 point(s), 2 tiles" in out
    assert "VIP of side 1 at (0,0): its fall ends the battle" in out
