"""Data files: weapons, shields, armour, facets and templates load from TOML, validated;
a malformed file raises DataError naming the file, the entry and the field."""

import shutil
from pathlib import Path

import pytest

from game.errors import DataError, InputError
from game.rulesets.mahou import make_ruleset
from game.rulesets.mahou.data import HERE, MahouData, parse_dice


def test_shipped_data_loads_with_one_template_per_archetype():
    rs = make_ruleset()
    for arche in ("brawler", "gunner", "marksman", "guardian", "scout"):
        tid = rs.template_for(arche)
        assert rs.data.templates[tid].archetype == arche
    assert rs.template_for("guardian") == "guardian"
    with pytest.raises(InputError):
        rs.template_for("dragon")


def test_damage_expressions_parse_into_sets_and_a_flat_bonus():
    assert parse_dice("2dStr") == (((2, "strength"),), 0)
    assert parse_dice("1dStr+1dAcc") == (((1, "strength"), (1, "accuracy")), 0)
    assert parse_dice("1d10+2") == (((1, 10),), 2)
    with pytest.raises(ValueError):
        parse_dice("2d7")


def _copy(tmp_path: Path) -> Path:
    for f in HERE.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def _break(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("file,old,new,expected", [
    ("weapons.toml", 'damage = "2dStr"', 'damage = "2dFoo"', "weapons.toml: [sword] damage"),
    ("weapons.toml", 'stances = ["strong", "precise"]', 'stances = ["mighty"]', "weapons.toml: [sword] stances"),
    ("weapons.toml", "hands = 2", "hands = 3", "weapons.toml: [rifle] hands"),
    ("shields.toml", 'soak = "1d4"', "soak = 4", "shields.toml: [buckler] soak"),
    ("armour.toml", "soak_dice = 3", "soak_dice = 0", "armour.toml: [plate] soak_dice"),
    ("facets.toml", 'specialty = "science"', 'specialty = "alchemy"', "facets.toml: [scientist] specialty"),
    ("units.toml", "strength = 10", 'strength = "lots"', "units.toml: [brawler] strength"),
    ("units.toml", 'main = "sword"', 'main = "spoon"', "units.toml: [guardian] main"),
    ("units.toml", 'armour = "plate"', 'armour = "cardboard"', "units.toml: [guardian] armour"),
    ("units.toml", 'facets = ["historian"]', 'facets = ["nobody"]', "units.toml: [guardian] facets"),
    ("units.toml", "hp = 22", "hp = 0", "units.toml: [guardian] hp"),
    ("units.toml", "hp = 22", "hp = 22\nwings = 2", "units.toml: [guardian] wings"),
])
def test_malformed_data_names_file_entry_and_field(tmp_path, file, old, new, expected):
    folder = _copy(tmp_path)
    _break(folder, file, old, new)
    with pytest.raises(DataError) as err:
        MahouData(folder)
    assert expected in str(err.value)


def test_a_two_handed_weapon_leaves_no_hand_for_anything_else(tmp_path):
    folder = _copy(tmp_path)
    _break(folder, "units.toml", 'main = "rifle"', 'main = "rifle"\noff = "buckler"')
    with pytest.raises(DataError, match=r"\[marksman\] off"):
        MahouData(folder)


def test_a_missing_file_is_named(tmp_path):
    folder = _copy(tmp_path)
    (folder / "facets.toml").unlink()
    with pytest.raises(DataError, match="facets.toml"):
        MahouData(folder)
