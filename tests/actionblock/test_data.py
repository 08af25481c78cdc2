"""Data files: the recovered tables load and match the digest (3.8), one template per
archetype, and a malformed file raises DataError naming the file, the entry and the
field."""

import shutil
from pathlib import Path

import pytest

from game.errors import DataError, InputError
from game.rulesets.actionblock import ActionBlockRuleset, make_ruleset
from game.rulesets.actionblock.data import HERE, ActionBlockData, DiceExpr
from game.rulesets.actionblock.stats import total_equipment_weight


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for f in HERE.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def break_file(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_tables_match_the_recovered_pages():
    """Spot checks of each weapon family against rules/DIGEST.md 3.8."""
    d = ActionBlockData()
    w = d.weapons
    assert (w["greatsword"].weight, w["greatsword"].damage, w["greatsword"].to_hit) == (7, "3d6", 3)
    assert w["monument_shield"].block_bonus == (7, 10, 15)
    assert (w["star_drill"].pdr_damage, w["star_drill"].mech_pdr_damage) == (2, 5)
    assert w["maul"].speed_damage == 3
    assert (w["kings_gauntlet"].grapple_damage, w["kings_gauntlet"].max_grapple_strength) == ("6d6", 3)
    assert (w["long_staff"].ghost_storage, w["long_staff"].cast_strength_cost) == (40, 3)
    assert w["dreadnaught"].range_ft == (90,)
    assert (w["hand_howitzer"].range_ft, w["hand_howitzer"].steady_bonus) == ((80, 160, 240), 8)
    assert (w["bullet_rain_storm"].bullets, w["bullet_rain_storm"].to_hit) == (20, -4)
    assert d.armours["unarmored"].passive_evasion == 7  # the one armour value the text gives
    assert (d.cost("melee").strength, d.cost("melee").speed) == (2, 1)
    assert (d.cost("aimed").strength, d.cost("aimed").speed) == (0, 3)
    assert (d.cost("super_block").strength, d.cost("obstruct").strength, d.cost("dodge").speed) == (6, 1, 1)


def test_one_template_per_archetype():
    rs = make_ruleset()
    for archetype in ("brawler", "gunner", "marksman", "guardian", "scout"):
        assert rs.data.templates[rs.template_for(archetype)].archetype == archetype
    assert rs.template_for("driller") == "driller"
    with pytest.raises(InputError):
        rs.template_for("wizard")


def test_dice_expressions():
    assert DiceExpr.parse("1d6+1") == DiceExpr(1, 6, 1)
    assert DiceExpr.parse("2d6-1") == DiceExpr(2, 6, -1)
    assert DiceExpr.parse("1") == DiceExpr(0, 6, 1)
    for bad in ("2x6", "d", "", "-3"):
        with pytest.raises(ValueError):
            DiceExpr.parse(bad)


def test_balanced_pairs_weigh_less():
    """[PROP] a balanced pair weighs the heavier plus half the lighter."""
    w = ActionBlockData().weapons
    assert total_equipment_weight([w["longsword"], w["large_shield"]]) == 4 + 1
    assert total_equipment_weight([w["palm_pistol"], w["palm_pistol"]]) == 2 + 1
    assert total_equipment_weight([w["war_hammer"], w["small_shield"]]) == 6 + 2


@pytest.mark.parametrize("name, old, new, expect", [
    ("weapons.toml", 'damage = "3d6"\nto_hit = 3', 'damage = "3x6"\nto_hit = 3', "[greatsword] damage"),
    ("weapons.toml", "block_bonus = [2, 4, 6]", "block_bonus = [2, 4]", "[large_shield] block_bonus"),
    ("weapons.toml", "bullets = 6\n", "", "[shotgun] (entry)"),
    ("armour.toml", "pdr = 4", 'pdr = "four"', "[medium] pdr"),
    ("actions.toml", 'kind = "offensive"\nstrength = 2\nspeed = 1', 'kind = "offence"\nstrength = 2\nspeed = 1', "[melee] kind"),
    ("units.toml", "max_speed = 8\narmour = \"light\"", "max_speed = -8\narmour = \"light\"", "[brawler] max_speed"),
    ("units.toml", 'weapons = ["shotgun"]', 'weapons = ["blunderbuss"]', "[gunner] weapons"),
    ("units.toml", 'armour = "medium"', 'armour = "plate"', "[guardian] armour"),
    ("spells.toml", "cast_time = 3\nsubtlety = -10", "cast_time = -3\nsubtlety = -10", "[elemental] cast_time"),
    ("charisma.toml", 'hotkey = "t"', 'hotkey = "T"', "[taunt] hotkey"),
    ("insanity.toml", 'effect = "phobia"', 'effect = "giggles"', "[11] effect"),
])
def test_malformed_files_name_file_entry_and_field(folder, name, old, new, expect):
    break_file(folder, name, old, new)
    with pytest.raises(DataError) as err:
        ActionBlockData(folder)
    message = str(err.value)
    assert name in message and expect in message, message


def test_not_toml_at_all(folder):
    (folder / "weapons.toml").write_text("[longsword\nname = ")
    with pytest.raises(DataError, match="weapons.toml: not valid TOML"):
        ActionBlockData(folder)


def test_ruleset_takes_its_data(folder):
    rs = ActionBlockRuleset(ActionBlockData(folder))
    assert rs.id == "actionblock" and rs.template_for("scout") == "scout"
