"""Data file errors (STYLE.md lesson 3 and OpenXcom's example: bad data fails at load
with a sentence that names the file, the entry and the field).

Each test copies the shipped weapons.toml and units.toml to tmp_path, breaks one
thing, and expects `D20Data(folder)` to raise DataError naming the file, the entry
and (where there is one) the field.
"""

import re

import pytest

from game.errors import DataError
from game.rulesets.d20.data import D20Data
from tests.d20.util import data_copy


def _edit(path, entry, field, new_line):
    """Replace `field = ...` inside `[entry]` of a TOML file with `new_line`."""
    text = path.read_text()
    start = text.index(f"[{entry}]\n")
    end = text.find("\n[", start + 1)
    end = len(text) if end == -1 else end
    block = text[start:end]
    new_block, n = re.subn(rf"(?m)^{field} = .*$", new_line, block, count=1)
    assert n == 1, f"{field} not in [{entry}]"
    path.write_text(text[:start] + new_block + text[end:])


def _load_error(folder):
    with pytest.raises(DataError) as info:
        D20Data(folder)
    return str(info.value)


def test_shipped_data_loads():
    """The shipped files are valid: every template's weapons exist."""
    data = D20Data()
    assert {"pistol", "smg", "coach_gun"} <= set(data.weapons)
    assert all(w in data.weapons for t in data.templates.values() for w in t.weapons)


@pytest.mark.parametrize("bad", ['"2x6"', '"1d7"', '"0d6"', '"d6"', '"1d6+1"'])
def test_bad_dice_string(tmp_path, bad):
    """A damage string that is not NdS with a die on the ladder (d4…d12, d20)."""
    folder = data_copy(tmp_path)
    _edit(folder / "weapons.toml", "smg", "damage", f"damage = {bad}")
    msg = _load_error(folder)
    assert "weapons.toml" in msg and "[smg]" in msg and "damage" in msg


def test_unknown_weapon_in_a_template(tmp_path):
    """A unit template listing a weapon weapons.toml does not define."""
    folder = data_copy(tmp_path)
    _edit(folder / "units.toml", "gunner", "weapons", 'weapons = ["smg", "laser"]')
    msg = _load_error(folder)
    assert "units.toml" in msg and "[gunner]" in msg and "weapons" in msg and "laser" in msg


@pytest.mark.parametrize("file, entry, field, line", [
    ("weapons.toml", "smg", "magazine", 'magazine = "thirty"'),
    ("weapons.toml", "pistol", "ranges_ft", 'ranges_ft = "far"'),
    ("weapons.toml", "pistol", "fire_mode", 'fire_mode = "burst"'),
    ("weapons.toml", "knife", "damage_type", 'damage_type = "fire"'),
    ("units.toml", "scout", "agility", 'agility = "fast"'),
    ("units.toml", "brawler", "hp", "hp = 0"),
    ("units.toml", "guardian", "dt", 'dt = { ballistic = "lots" }'),
    ("units.toml", "gunner", "weapons", "weapons = []"),
])
def test_wrong_type_or_value(tmp_path, file, entry, field, line):
    """A field of the wrong type or out of its range: `{line}` in [{entry}]."""
    folder = data_copy(tmp_path)
    _edit(folder / file, entry, field, line)
    msg = _load_error(folder)
    assert file in msg and f"[{entry}]" in msg and field in msg


def test_ranged_weapon_without_increasing_ranges(tmp_path):
    """A ranged weapon's thresholds must increase (band 1 up to the first, ...)."""
    folder = data_copy(tmp_path)
    _edit(folder / "weapons.toml", "pistol", "ranges_ft", "ranges_ft = [60, 30]")
    msg = _load_error(folder)
    assert "weapons.toml" in msg and "[pistol]" in msg and "ranges_ft" in msg


def test_unknown_field_is_refused(tmp_path):
    """A misspelt field is an error, not silently ignored."""
    folder = data_copy(tmp_path)
    _edit(folder / "weapons.toml", "smg", "magazine", "magazine = 30\nmagazin = 31")
    msg = _load_error(folder)
    assert "weapons.toml" in msg and "[smg]" in msg and "magazin" in msg


def test_missing_required_field(tmp_path):
    """An entry without a required field names it."""
    folder = data_copy(tmp_path)
    _edit(folder / "units.toml", "marksman", "hp", "")
    msg = _load_error(folder)
    assert "units.toml" in msg and "[marksman]" in msg and "hp" in msg


def test_not_toml_and_not_a_table_and_missing_file(tmp_path):
    """Broken syntax, a top-level value that is not an entry, and a missing file each name
    the file."""
    folder = data_copy(tmp_path)
    (folder / "weapons.toml").write_text("[smg\nname = 1\n")
    assert "weapons.toml" in _load_error(folder)
    (folder / "weapons.toml").write_text('speed = 3\n')
    msg = _load_error(folder)
    assert "weapons.toml" in msg and "[speed]" in msg
    (folder / "weapons.toml").unlink()
    msg = _load_error(folder)
    assert "weapons.toml" in msg and "not found" in msg
