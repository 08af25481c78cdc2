"""Unit templates: one per archetype from the Brawler, Shooter and Mentalist classes,
validated at load; a malformed file names the file, the entry and the field."""

from pathlib import Path

import pytest

from game.errors import DataError, InputError
from game.rulesets.fivebyfive import make_ruleset
from game.rulesets.fivebyfive.data import HERE, FiveByFiveData

SHIPPED = (HERE / "units.toml").read_text(encoding="utf-8")


def write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "units.toml").write_text(text, encoding="utf-8")
    return tmp_path


def test_every_archetype_has_a_template_and_the_classes_are_the_books():
    rs = make_ruleset()
    classes = set()
    for archetype in ("brawler", "gunner", "marksman", "guardian", "scout"):
        t = rs.data.templates[rs.template_for(archetype)]
        assert t.archetype == archetype
        classes.add(t.combat_class)
        for ability in ("rage", "grace", "precognition"):
            assert 1 <= t.ability(ability) <= 4  # Decent .. Amazing
    assert classes == {"Brawler", "Shooter", "Mentalist"}
    assert rs.template_for("brawler") == "brawler"
    with pytest.raises(InputError, match="no unit template or archetype 'pilot'"):
        rs.template_for("pilot")


def test_a_bad_field_names_file_entry_and_field(tmp_path):
    folder = write(tmp_path, SHIPPED.replace("rage = 4", "rage = 7", 1))
    with pytest.raises(DataError) as err:
        FiveByFiveData(folder)
    text = str(err.value)
    assert "units.toml" in text and "[brawler]" in text and "rage" in text


def test_an_unknown_field_is_refused(tmp_path):
    folder = write(tmp_path, SHIPPED.replace("strike = 3", "strike = 3\nhit_points = 12", 1))
    with pytest.raises(DataError, match=r"\[brawler\] hit_points"):
        FiveByFiveData(folder)


def test_a_focus_rank_needs_a_power(tmp_path):
    folder = write(tmp_path, SHIPPED.replace('focuses_with = "mind spike"', ""))
    with pytest.raises(DataError, match=r"\[scout\].*focuses_with"):
        FiveByFiveData(folder)


def test_every_archetype_must_be_covered(tmp_path):
    folder = write(tmp_path, SHIPPED.replace('archetype = "scout"', 'archetype = "guardian"'))
    with pytest.raises(DataError, match="no template for archetype.*scout"):
        FiveByFiveData(folder)


def test_not_toml_and_missing_file(tmp_path):
    with pytest.raises(DataError, match="not valid TOML"):
        FiveByFiveData(write(tmp_path, "[brawler\nname ="))
    with pytest.raises(DataError, match="file not found"):
        FiveByFiveData(tmp_path / "nowhere")


def test_the_definitions_are_read_once_and_shared_read_only():
    """Issue 27: ruleset data loaded once per process, shared by every battle."""
    from game.rulesets.fivebyfive import FiveByFiveRuleset
    from game.rulesets.fivebyfive.data import shared_data
    a, b = FiveByFiveRuleset(), FiveByFiveRuleset()
    assert a.data is b.data is shared_data()
    with pytest.raises(TypeError):
        a.data.templates["intruder"] = next(iter(a.data.templates.values()))  # type: ignore[index]
