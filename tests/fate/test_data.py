"""Weapons, armour and unit templates are TOML checked at load: a malformed file raises
DataError naming the file, the entry and the field."""

import shutil
from pathlib import Path

import pytest

from game.errors import DataError, InputError
from game.rulesets.fate import FateRuleset
from game.rulesets.fate.data import HERE, FateData


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for name in ("weapons.toml", "armour.toml", "units.toml"):
        shutil.copy(HERE / name, tmp_path / name)
    return tmp_path


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def refused(folder: Path) -> str:
    with pytest.raises(DataError) as err:
        FateData(folder)
    return str(err.value)


def test_shipped_data_loads_with_one_template_per_archetype():
    data = FateData()
    assert set(data.by_archetype) == {"brawler", "gunner", "marksman", "guardian", "scout"}
    rs = FateRuleset(data)
    assert [rs.template_for(a) for a in ("brawler", "gunner", "marksman", "guardian", "scout")] == \
        ["brawler", "gunner", "marksman", "guardian", "scout"]
    assert rs.template_for("knight") == "knight"


def test_unknown_archetype_or_template_is_refused():
    with pytest.raises(InputError, match="fate has no unit template or archetype 'wizard'"):
        FateRuleset().template_for("wizard")


@pytest.mark.parametrize("name,old,new,expected", [
    ("weapons.toml", 'kind = "projectile"\nhands = 1\nthreat = "bullet"\nshort_range = 10',
     'kind = "laser"\nhands = 1\nthreat = "bullet"\nshort_range = 10', "weapons.toml: [pistol] kind:"),
    ("weapons.toml", "short_range = 30\nlong_range = 60", "long_range = 60",
     "weapons.toml: [rifle] (entry): Value error, a thrown or projectile weapon needs short_range"),
    ("weapons.toml", 'name = "Combat knife"', 'name = "Combat knife"\ndamage = 3',
     "weapons.toml: [knife] damage: Extra inputs are not permitted"),
    ("weapons.toml", "power_rank = 2", "power_rank = \"high\"", "weapons.toml: [fire_throwing] power_rank:"),
    ("armour.toml", 'heavy_against = ["bullet"]', 'heavy_against = ["lasers"]',
     "armour.toml: [riot_gear] heavy_against.0:"),
    ("units.toml", "attack = 2\ndefense = 1\ntoughness = 2", "attack = 9\ndefense = 1\ntoughness = 2",
     "units.toml: [brawler] attack: Input should be less than or equal to 5"),
    ("units.toml", 'held = ["machete"]', 'held = ["laser"]', "units.toml: [brawler] held: unknown weapon 'laser'"),
    ("units.toml", 'held = ["rifle"]', 'held = ["rifle", "pistol"]',
     "units.toml: [marksman] held: more than two hands of weapons"),
    ("units.toml", 'armour = "riot_gear"', 'armour = "plate"', "units.toml: [guardian] armour: unknown armour 'plate'"),
    ("units.toml", 'powers = ["fire_throwing"]', 'powers = ["knife"]',
     "units.toml: [scout] powers: 'knife' is not a superpower"),
    ("units.toml", 'carried = ["flashbang"]', 'carried = ["baton"]',
     "units.toml: [guardian] carried: 'baton' is not a thrown item"),
    ("units.toml", 'archetype = "scout"', 'archetype = "wizard"', "units.toml: [scout] archetype:"),
])
def test_malformed_data_names_file_entry_and_field(folder, name, old, new, expected):
    edit(folder, name, old, new)
    assert expected in refused(folder)


def test_unarmed_attack_is_required(folder):
    edit(folder, "weapons.toml", "[fist]", "[punch]")
    assert "weapons.toml: [fist] kind: an unarmed attack named 'fist' is required" in refused(folder)


def test_not_toml_at_all(folder):
    (folder / "units.toml").write_text("[brawler\nname = 1")
    assert "units.toml: not valid TOML" in refused(folder)
