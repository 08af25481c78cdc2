"""--version, "did you mean", and the version, date and command line in every JSON and
CSV a study writes; simulate's per-battle CSV (issue 32, item 8)."""

from __future__ import annotations

import csv
import json
import re
from datetime import datetime, timezone

import game
from game.outputs import provenance
from tests.cli.conftest import assert_one_error_line

SHORT = ("--ruleset", "d20", "--map", "arena", "--max-rounds", "2")
DATE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")


def test_version(cli):
    run = cli("--version")
    assert run.status == 0 and run.out == f"skirmish {game.__version__}\n"


def test_a_mistyped_command_gets_the_nearest(cli):
    assert_one_error_line(cli("simulat", "--battles", "1"),
                          "error: skirmish: unknown command 'simulat'; did you mean 'simulate'? (commands: play,")


def test_a_mistyped_ruleset_gets_the_nearest(cli):
    assert_one_error_line(cli("simulate", "--ruleset", "fivebyfiv"),
                          "error: --ruleset: unknown ruleset 'fivebyfiv'; did you mean 'fivebyfive'? (known: d20,")
    assert_one_error_line(cli("ladder", "--ruleset", "mahoo"), "did you mean 'mahou'?")
    assert_one_error_line(cli("soak", "--ruleset", "d20", "--ruleset", "fat"), "did you mean 'fate'?")
    run = cli("simulate", "--ruleset", "chess")
    assert_one_error_line(run, "unknown ruleset 'chess' (known:")


def test_provenance_fields():
    when = datetime(2026, 11, 28, 18, 5, 9, tzinfo=timezone.utc)
    assert provenance("skirmish simulate", when) == {
        "game_version": game.__version__, "date_utc": "2026-11-28T18:05:09Z", "command": "skirmish simulate"}


def test_simulate_json_and_csv_say_what_made_them(cli, tmp_path):
    run = cli("simulate", *SHORT, "--battles", "3", "--seed", "5", "--ai", "1=easy",
              "--json", str(tmp_path / "s.json"), "--csv", str(tmp_path / "s b.csv"))
    assert run.status == 0, run.err
    command = f"skirmish simulate {' '.join(SHORT)} --battles 3 --seed 5 --ai 1=easy " \
              f"--json {tmp_path / 's.json'} --csv '{tmp_path / 's b.csv'}'"
    doc = json.loads((tmp_path / "s.json").read_text())
    assert doc["game_version"] == game.__version__ and DATE.fullmatch(doc["date_utc"])
    assert doc["command"] == command
    with open(tmp_path / "s b.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [r["seed"] for r in rows] == ["5", "6", "7"]  # one row per battle
    for row, battle in zip(rows, doc["battles"]):
        assert (row["level_1"], row["level_2"]) == ("easy", "normal")
        assert row["winner"] == ("" if battle["winner"] is None else str(battle["winner"]))
        assert int(row["rounds"]) == battle["rounds"] and row["digest"] == battle["digest"]
        assert int(row["casualties_1"]) == battle["casualties"]["1"]
        assert (row["ruleset"], row["map"], row["max_rounds"]) == ("d20", "maps/arena.tmx", "2")
        assert row["command"] == command and row["game_version"] == game.__version__


def test_ladder_json_and_csv_say_what_made_them(cli, tmp_path):
    run = cli("ladder", "--maps", "arena", "--levels", "random,easy", "--battles", "2", "--max-rounds", "2",
              "--json", str(tmp_path / "l.json"), "--csv", str(tmp_path / "l.csv"))
    assert run.status == 0, run.err
    doc = json.loads((tmp_path / "l.json").read_text())
    assert doc["command"].startswith("skirmish ladder --maps arena") and DATE.fullmatch(doc["date_utc"])
    with open(tmp_path / "l.csv", newline="") as f:
        (row,) = list(csv.DictReader(f))
    assert row["command"] == doc["command"] and row["game_version"] == game.__version__
