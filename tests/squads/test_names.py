"""Names from a squad file (issue 29): each fielded unit takes its squad's name ("" keeps
the ruleset's "Gunner 1-2", numbered as if the named ones were not there either way);
the log, the unit card and the replay show them, and the replay round-trips them and
verifies. Units deployed past a side's spawns keep their names too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.engine.setup import new_battle
from game.replay import read_replay, save_replay, verify_replay

RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_squads_names_are_given_to_the_fielded_units(ruleset: str, tmp_path: Path):
    # arena has 4 spawns a side: the 5th and 6th units stand past them, named too
    squad = ["gunner", "gunner", "scout", "gunner", "scout", "gunner"]
    names = ["Ada", "", "Kim", "", "Lou", "Zed"]
    battle = new_battle("game/maps/arena.tmx", ruleset, squads={1: squad}, names={1: names})
    try:
        gunner = battle.ruleset.data.templates[battle.ruleset.template_for("gunner")].name
        assert [o.name for o in battle.orders if o.team == 1] == names
        shown = sorted(battle.ruleset.unit_card(battle, e)["name"] for e in battle.units(1))
        # the unnamed gunners are the 2nd and 3rd gunner of side 1 (Ada is the 1st, Zed the 4th)
        assert shown == sorted(["Ada", f"{gunner} 1-2", "Kim", f"{gunner} 1-3", "Lou", "Zed"])
        other = sorted(battle.ruleset.unit_card(battle, e)["name"] for e in battle.units(2))
        assert all(" 2-" in name for name in other)  # the map's default side keeps the game's names
    finally:
        battle.close()


def test_names_show_in_the_log_and_round_trip_through_a_replay(tmp_path: Path, capsys):
    squad = tmp_path / "team.toml"
    squad.write_text('ruleset = "d20"\nname = "Fire team"\nunits = ["gunner", "marksman", "scout"]\n'
                     'names = ["Ada", "", "Kim"]\n')
    replay = tmp_path / "r.json"
    assert main(["demo", "--headless", "--map", "arena", "--max-rounds", "2", "--squad", f"1={squad}",
                 "--save-replay", str(replay)]) == 0
    log = capsys.readouterr().out
    assert "Ada initiative:" in log and "Kim initiative:" in log and "Marksman 1-1 initiative:" in log
    data = json.loads(replay.read_text())
    assert data["names"] == {"1": ["Ada", "", "Kim"]}
    rep = read_replay(replay)
    assert rep.names == {1: ["Ada", "", "Kim"]}
    assert verify_replay(replay) == data["digest"]
    # saved again from the replayed battle: the same names, the same file
    from game.replay import load_replay
    battle = load_replay(replay)
    again = tmp_path / "again.json"
    save_replay(battle, again, rep.squads)
    battle.close()
    assert json.loads(again.read_text())["names"] == data["names"]


def test_a_replay_without_names_is_as_before_and_bad_names_are_refused(tmp_path: Path, capsys):
    replay = tmp_path / "r.json"
    assert main(["demo", "--headless", "--map", "arena", "--max-rounds", "1", "--squad", "1=gunner",
                 "--save-replay", str(replay)]) == 0
    data = json.loads(replay.read_text())
    assert "names" not in data and "custom_units" not in data
    data["names"] = {"1": ["Ada\u0007"]}
    replay.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", "--verify", str(replay)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {replay}: ") and "names" in err and err.count("\n") == 1
