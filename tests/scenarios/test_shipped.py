"""The shipped scenarios (issue 28): what the set holds, that tools/mapgen makes them
byte for byte, and that each plays to its end in every ruleset, headless with the AI,
and replays to the same digest (`python -m game replay F --verify`'s check).

Battles are cut to a short round limit so the default run stays quick; the mission's
own limit is checked to be what the map says."""

from __future__ import annotations

import importlib
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.engine.events import BattleEnded
from game.engine.objectives import points
from game.replay import save_replay, verify_replay
from game.simulate import BattleSpec, play_ai_battle
from game.world.catalog import shipped_maps_dir
from game.world.tiled import load_map

RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")
ROOT = Path(__file__).resolve().parents[2]
SHORT = 4  # rounds: long enough for a zone to score, short enough for the default run
HOWS = {"elimination", "objective", "victory points", "vip", "survived", "round limit"}


def shipped_scenarios() -> list[Path]:
    return [p for p in sorted(shipped_maps_dir().glob("*.tmx")) if load_map(p).scenario is not None]


SCENARIOS = shipped_scenarios()


def test_at_least_eight_scenarios_on_four_layouts_with_every_kind():
    # Eight missions; the file name's first word is its layout (crossroads_well ...).
    assert len(SCENARIOS) >= 8
    layouts = {p.stem.split("_")[0] for p in SCENARIOS}
    assert len(layouts) >= 4, layouts
    found = Counter()
    asymmetric = 0
    for path in SCENARIOS:
        tmap = load_map(path)
        s = tmap.scenario
        assert s.briefing.strip(), f"{path.name} has no briefing"
        assert s.round_limit is not None, f"{path.name} has no round limit"
        holds = s.zones_of("hold")
        found["hold one zone"] += len(holds) == 1
        found["three zones for points"] += len(holds) >= 3 and s.victory_points is not None
        found["exit"] += bool(s.zones_of("exit"))
        found["vip"] += bool(s.vips)
        found["survive"] += s.survive_rounds is not None and s.attacker is not None
        counts = Counter(spawn.team for spawn in tmap.spawns)
        asymmetric += len(set(counts.values())) > 1
    assert all(found[k] >= 1 for k in ("hold one zone", "three zones for points", "exit", "vip", "survive")), found
    assert asymmetric >= 2


def test_mapgen_writes_the_shipped_scenarios_byte_for_byte(tmp_path, monkeypatch):
    # `python tools/mapgen/make_assets.py` regenerates every map; here its map writer
    # runs into a temporary folder and must reproduce each shipped scenario exactly.
    monkeypatch.syspath_prepend(str(ROOT / "tools" / "mapgen"))
    make_assets = importlib.import_module("make_assets")
    scenario_designs = sys.modules["scenario_designs"]
    monkeypatch.setattr(make_assets, "MAPS", tmp_path)
    table = make_assets.legend()
    written = set()
    for design in scenario_designs.all_scenarios(table, make_assets.DIRECTIONAL,
                                                 make_assets.FLIP_H | make_assets.FLIP_V):
        path = make_assets.write_tmx(design, [' <tileset firstgid="1" source="../assets/tileset.tsx"/>'])
        assert path.read_bytes() == (shipped_maps_dir() / path.name).read_bytes(), path.name
        written.add(path.name)
    assert written == {p.name for p in SCENARIOS}


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_each_scenario_plays_to_its_end_and_its_replay_verifies(path, ruleset, tmp_path):
    battle = play_ai_battle(BattleSpec(str(path), ruleset, seed=7, max_rounds=SHORT))
    try:
        assert battle.over
        ended = battle.log[-1]
        assert isinstance(ended, BattleEnded) and ended.how in HOWS, ended
        assert ended.rounds <= SHORT
        assert battle.winner in (None, *battle.teams())
        if ended.how == "round limit":
            # more points wins, equal points is a draw
            totals = points(battle)
            best = max(totals.values())
            leaders = [t for t, p in totals.items() if p == best]
            assert battle.winner == (leaders[0] if len(leaders) == 1 else None)
        replay = tmp_path / "battle.json"
        save_replay(battle, replay)
        assert verify_replay(replay) == battle.digest()
    finally:
        battle.close()


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_a_scenario_battle_takes_its_round_limit_from_the_map(path):
    from game.engine.setup import new_battle

    for ruleset in ("d20", "fate"):
        battle = new_battle(path, ruleset, seed=1)
        try:
            # the ruleset's own round limit where the map sets one (round_limit.<ruleset>)
            scenario = load_map(path).scenario
            own = {t.name: t.value for t in scenario.terms if t.ruleset == ruleset}
            assert battle.max_rounds == own.get("round_limit", scenario.round_limit)
        finally:
            battle.close()


# --- the command line ------------------------------------------------------------------
def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    from game.cli import main

    capsys.readouterr()
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_scenarios_lists_shipped_and_user_scenarios_one_line_each(tmp_path, monkeypatch, capsys):
    # A user map folder with one scenario (a copy of a shipped one, renamed) and one
    # plain map: the plain map is not listed, the user's scenario is, after the shipped.
    maps = tmp_path / "data" / "rulebook-skirmish" / "maps"
    maps.mkdir(parents=True)
    text = (shipped_maps_dir() / "crossroads_well.tmx").read_text(encoding="utf-8")
    text = text.replace("../assets/", str(shipped_maps_dir().parent / "assets") + "/")
    (maps / "mine.tmx").write_text(text.replace('value="Hold the Well"', 'value="My Well"'), encoding="utf-8")
    plain = (shipped_maps_dir() / "arena.tmx").read_text(encoding="utf-8")
    (maps / "plain.tmx").write_text(plain.replace("../assets/", str(shipped_maps_dir().parent / "assets") + "/"),
                                    encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from game.world.catalog import user_maps_dir
    assert user_maps_dir() == maps

    status, out, err = run_cli(capsys, "scenarios")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == len(SCENARIOS) + 1
    assert lines[-1] == ("My Well | user-maps/mine.tmx | hold, 2 points win | side 1: 4 units, side 2: 4 units | "
                         "own terms: fate victory points 1")
    assert ("Breakthrough | maps/depot_breakthrough.tmx | 6 points win, exit, survive 10 rounds | "
            "side 1: 6 units (attacker), side 2: 5 units | "
            "other squads: actionblock 6 v 7, d20 5 v 7, fate 6 v 8, fivebyfive 6 v 7, mahou 6 v 7 | "
            "own spawns: actionblock side 1, fivebyfive side 1 | "
            "own terms: actionblock round limit 4, survive rounds 4, victory points 2; "
            "d20 round limit 6, survive rounds 6, victory points 4; fate round limit 5, "
            "survive rounds 5, victory points 2; fivebyfive round limit 4, survive rounds 4, "
            "victory points 2; mahou round limit 8, survive rounds 8, victory points 2") in lines
    assert ("Hold Out | maps/outpost_holdout.tmx | hold, 2 points win, survive 6 rounds | "
            "side 1: 4 units, side 2: 5 units (attacker) | other squads: actionblock 4 v 6, d20 5 v 6, mahou 4 v 4 | "
            "own spawns: actionblock side 1 | "
            "own terms: actionblock round limit 4, survive rounds 4, victory points 1; "
            "d20 round limit 4, survive rounds 4, victory points 1; fivebyfive round limit 5, "
            "survive rounds 5, victory points 1") in lines


def test_scenarios_names_a_broken_user_map_in_one_line_and_lists_the_rest(tmp_path, monkeypatch, capsys):
    maps = tmp_path / "data" / "rulebook-skirmish" / "maps"
    maps.mkdir(parents=True)
    (maps / "broken.tmx").write_text("<map", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    status, out, err = run_cli(capsys, "scenarios")
    assert status == 2
    assert len(out.splitlines()) == len(SCENARIOS)
    (line,) = err.splitlines()
    assert line.startswith("error: ") and "broken.tmx" in line


def test_simulate_json_gives_how_and_each_sides_points(tmp_path, capsys):
    # Hold the Well, 3 rounds: every battle's line says how it ended and the points,
    # and the points are those of the battle replayed from its seed.
    out_file = tmp_path / "sim.json"
    status, _, err = run_cli(capsys, "simulate", "--ruleset", "fate", "--map", "crossroads_well",
                             "--battles", "3", "--seed", "5", "--max-rounds", "3", "--jobs", "1",
                             "--json", str(out_file))
    assert status == 0, err
    import json
    doc = json.loads(out_file.read_text(encoding="utf-8"))
    for line in doc["battles"]:
        assert line["how"] in HOWS
        assert set(line["points"]) == {"1", "2"}
        battle = play_ai_battle(BattleSpec(str(shipped_maps_dir() / "crossroads_well.tmx"), "fate",
                                           line["seed"], max_rounds=3))
        try:
            assert line["points"] == {str(t): p for t, p in points(battle).items()}
            assert line["how"] == battle.log[-1].how and line["winner"] == battle.winner
        finally:
            battle.close()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_save_cut_short_in_a_scenario_battle_verifies(ruleset, tmp_path):
    # A save is the replay cut short: 30 AI choices into Three Farms (three zones),
    # saved, re-simulated to the same digest, and still not over.
    from game.ai import make_ai
    from game.engine.setup import new_battle
    from game.simulate import ai_seed

    battle = new_battle(shipped_maps_dir() / "crossroads_farms.tmx", ruleset, seed=2)
    try:
        ais = {t: make_ai(ruleset, ai_seed(2, t), "normal") for t in battle.teams()}
        for _ in range(30):
            if battle.pending is None:
                break
            battle.submit(ais[battle.pending.side].decide(battle, battle.pending))
        assert not battle.over
        save = tmp_path / "save.json"
        save_replay(battle, save)
        assert verify_replay(save) == battle.digest()
    finally:
        battle.close()
