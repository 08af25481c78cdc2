"""`simulate --ruleset fivebyfive` on every shipped map (bench128 with a short round
limit): headless AI-against-AI battles run, end and summarise; the same arguments give
the same JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import cli  # noqa: F401 (fixture)

MAPS = sorted(p.stem for p in (Path(__file__).parents[2] / "maps").glob("*.tmx"))


@pytest.mark.parametrize("name", MAPS)
def test_simulate_runs_on_every_shipped_map(cli, tmp_path, name):  # noqa: F811
    rounds = "2" if name == "bench128" else "8"
    args = ("simulate", "--ruleset", "fivebyfive", "--map", name, "--battles", "2", "--seed", "3",
            "--max-rounds", rounds, "--json")
    run = cli(*args, str(tmp_path / "a.json"))
    assert run.status == 0, run.err
    doc = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    assert doc["ruleset"] == "fivebyfive" and len(doc["battles"]) == 2
    assert all(b["rounds"] <= int(rounds) for b in doc["battles"])
    again = cli(*args, str(tmp_path / "b.json"))
    assert again.status == 0
    # the same battles and summary; the date and command line (other file) differ
    from game.outputs import without_provenance
    assert without_provenance(doc) == without_provenance(json.loads((tmp_path / "b.json").read_text()))
