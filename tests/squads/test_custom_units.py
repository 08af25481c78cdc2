"""A designer's own units (issue 29): a TOML file of the same form as a ruleset's
units.toml, in the data folder (`units/<ruleset>.toml`) or named by `--units FILE`.

Tested: in every ruleset a custom unit is fielded beside the shipped ones (by --squad
and squad files), and each refusal is one line `<file>: [<unit>] <field>: <problem>`
with exit status 2 and nothing written: an unknown weapon, a stat out of the range the
rules allow, an id the ruleset already has. A replay that fields a custom unit carries
its definition and verifies with the data folder pointed elsewhere. Adding custom units
changes no plain battle.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from game.cli import main
from game.custom_units import read_units, units_for, user_units_file
from game.engine.setup import new_battle
from game.errors import DataError
from game.squads import parse_squad_arg

RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")
SHIPPED = Path(__file__).resolve().parents[2] / "game" / "rulesets"


def shipped_brawler(ruleset: str) -> dict:
    return dict(tomllib.loads((SHIPPED / ruleset / "units.toml").read_text())["brawler"])


def toml_text(tables: dict) -> str:
    """Tables as TOML (json strings and lists are TOML values; inline tables for dicts)."""
    def value(v):
        if isinstance(v, dict):
            return "{" + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + "}"
        if isinstance(v, (list, tuple)):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return json.dumps(v)
    out = []
    for key, table in tables.items():
        out.append(f"[{key}]")
        out += [f"{k} = {value(v)}" for k, v in table.items()]
    return "\n".join(out) + "\n"


def heavy(ruleset: str, **changes) -> dict:
    """A custom unit: the shipped brawler renamed, with `changes`."""
    table = shipped_brawler(ruleset)
    table["name"] = "Heavy"
    table.update(changes)
    return table


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path: Path, monkeypatch):
    """Every test gets an empty data folder of its own (XDG_DATA_HOME, platformdirs)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_custom_unit_is_fielded_beside_the_shipped_ones(tmp_path: Path, ruleset: str):
    path = tmp_path / "mine.toml"
    path.write_text(toml_text({"heavy": heavy(ruleset)}))
    units = read_units(path, ruleset)
    assert units.ids == ("heavy",)
    side, squad = parse_squad_arg("1=heavy,brawler", ruleset, units)
    assert squad.units == ("heavy", "brawler")
    battle = new_battle("game/maps/arena.tmx", ruleset, squads={1: squad.units}, custom=units)
    try:
        assert [(o.team, o.template) for o in battle.orders if o.team == 1] == [(1, "heavy"), (1, "brawler")]
        assert battle.ruleset.data.templates["heavy"].name == "Heavy"
        assert "brawler" in battle.ruleset.data.templates  # the shipped ones are all still there
    finally:
        battle.close()


# (ruleset, the changes that break the custom unit, the one line's problem after "[heavy] ")
UNKNOWN_WEAPON = [
    ("d20", {"weapons": ["laser"]}, "weapons: unknown weapon 'laser'"),
    ("mahou", {"main": "laser"}, "main: unknown weapon or shield 'laser'"),
    ("actionblock", {"weapons": ["laser"]}, "weapons: unknown weapon 'laser'"),
    ("fate", {"held": ["laser"]}, "held: unknown weapon 'laser'"),
    # 5x5 has no weapon table (a figure's weapons are words: strikes_with); what the
    # rules name is its class, and an unknown one is refused the same way
    ("fivebyfive", {"combat_class": "Wizard"}, "combat_class: Input should be 'Brawler', 'Shooter' or 'Mentalist'"),
]
OUT_OF_RANGE = [  # each stat one past the top of the range the rules allow
    ("d20", {"agility": 11}, "agility: Input should be less than or equal to 10"),
    ("mahou", {"strength": 25}, "strength: Input should be less than or equal to 24"),
    ("fivebyfive", {"rage": 5}, "rage: Input should be less than or equal to 4"),
    ("actionblock", {"max_strength": 41}, "max_strength: Input should be less than or equal to 40"),
    ("fate", {"attack": 6}, "attack: Input should be less than or equal to 5"),
]


@pytest.mark.parametrize("ruleset, changes, problem", UNKNOWN_WEAPON + OUT_OF_RANGE)
def test_a_bad_custom_unit_is_one_line_naming_file_unit_and_field(tmp_path: Path, capsys, ruleset, changes, problem):
    path = tmp_path / "mine.toml"
    path.write_text(toml_text({"fine": heavy(ruleset), "heavy": heavy(ruleset, **changes)}))
    with pytest.raises(DataError) as err:
        read_units(path, ruleset)
    assert str(err.value) == f"{path}: [heavy] {problem}"
    out = tmp_path / "out.json"
    assert main(["simulate", "--ruleset", ruleset, "--units", str(path), "--battles", "1", "--json", str(out)]) == 2
    assert capsys.readouterr().err == f"error: {path}: [heavy] {problem}\n"
    assert not out.exists()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_id_the_ruleset_has_is_refused_in_the_data_folder_too(tmp_path: Path, capsys, ruleset):
    own = user_units_file(ruleset)
    own.parent.mkdir(parents=True)
    own.write_text(toml_text({"brawler": heavy(ruleset)}))
    line = (f"{own}: [brawler] id: duplicate: the ruleset already has a unit template 'brawler' "
            f"(choose another id)")
    with pytest.raises(DataError) as err:
        units_for(ruleset)
    assert str(err.value) == line
    assert main(["demo", "--headless", "--ruleset", ruleset, "--map", "arena", "--max-rounds", "1"]) == 2
    assert capsys.readouterr().err == f"error: {line}\n"


def test_a_named_file_that_is_missing_is_refused(tmp_path: Path, capsys):
    assert main(["simulate", "--units", str(tmp_path / "none.toml"), "--battles", "1"]) == 2
    assert capsys.readouterr().err == f"error: --units: {tmp_path / 'none.toml'}: no such file\n"


def test_a_date_is_not_a_unit_field(tmp_path: Path):
    path = tmp_path / "mine.toml"
    path.write_text(toml_text({"heavy": heavy("d20")}) + "born = 1979-05-27\n")
    with pytest.raises(DataError) as err:
        read_units(path, "d20")
    assert "date or time" in str(err.value)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_replay_with_a_custom_unit_verifies_without_the_file(tmp_path: Path, monkeypatch, capsys, ruleset):
    own = user_units_file(ruleset)  # the data folder's own file: no --units needed
    own.parent.mkdir(parents=True)
    own.write_text(toml_text({"heavy": heavy(ruleset, cost=30), "unused": heavy(ruleset)}))
    replay = tmp_path / "r.json"
    assert main(["demo", "--headless", "--ruleset", ruleset, "--map", "arena", "--max-rounds", "2",
                 "--squad", "1=heavy,heavy,gunner", "--save-replay", str(replay)]) == 0
    out = capsys.readouterr().out
    assert "Heavy 1-1" in out and "Heavy 1-2" in out
    data = json.loads(replay.read_text())
    assert list(data["custom_units"]) == ["heavy"]  # only what the battle fields
    assert data["custom_units"]["heavy"]["cost"] == 30
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "elsewhere"))
    own.unlink()
    assert main(["replay", "--verify", str(replay)]) == 0
    assert capsys.readouterr().out == f"verified: {data['digest']}\n"


def test_a_replays_custom_unit_is_checked_like_a_files(tmp_path: Path, capsys):
    path = tmp_path / "mine.toml"
    path.write_text(toml_text({"heavy": heavy("d20")}))
    replay = tmp_path / "r.json"
    assert main(["demo", "--headless", "--map", "arena", "--max-rounds", "1", "--units", str(path),
                 "--squad", "1=heavy", "--save-replay", str(replay)]) == 0
    data = json.loads(replay.read_text())
    data["custom_units"]["heavy"]["agility"] = 99
    replay.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", "--verify", str(replay)]) == 2
    assert capsys.readouterr().err == (f"error: {replay}: {replay}: custom_units: [heavy] agility: "
                                       f"Input should be less than or equal to 10\n")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_custom_units_change_no_plain_battle(tmp_path: Path, ruleset: str):
    from game.ai import make_ai
    path = tmp_path / "mine.toml"
    path.write_text(toml_text({"heavy": heavy(ruleset)}))
    units = read_units(path, ruleset)
    digests = []
    for custom in (None, units):
        battle = new_battle("game/maps/arena.tmx", ruleset, seed=3, custom=custom)
        ais = {t: make_ai(ruleset, t, "normal") for t in battle.teams()}
        for _ in range(40):
            if battle.pending is None:
                break
            battle.submit(ais[battle.pending.side].decide(battle, battle.pending))
        digests.append(battle.digest())
        battle.close()
    assert digests[0] == digests[1]


def test_price_prices_custom_units_and_writes_their_cost_into_their_own_file(tmp_path: Path, monkeypatch, capsys):
    import shutil

    import game.price_write
    target = tmp_path / "units.toml"
    shutil.copy(game.price_write.units_file("fivebyfive"), target)
    monkeypatch.setattr(game.price_write, "units_file", lambda rid: target)
    mine = tmp_path / "mine.toml"
    table = heavy("fivebyfive")
    del table["cost"]  # a new unit, not priced yet
    mine.write_text("# my units\n" + toml_text({"heavy": table}))
    assert main(["balance", "--ruleset", "fivebyfive", "--units", str(mine), "--maps", "arena",
                 "--pairs", "1", "--battles", "1"]) == 2
    assert capsys.readouterr().err.startswith(f"error: {mine}: [heavy] cost: not priced yet")
    assert main(["price", "--ruleset", "fivebyfive", "--units", str(mine), "--maps", "arena,ridge",
                 "--battles", "12", "--max-rounds", "10", "--write"]) == 0
    out = capsys.readouterr()
    assert "heavy" in out.out
    written = tomllib.loads(mine.read_text())
    assert isinstance(written["heavy"]["cost"], int) and written["heavy"]["cost"] >= 1
    assert mine.read_text().startswith("# my units\n")
    assert "heavy" not in tomllib.loads(target.read_text())
