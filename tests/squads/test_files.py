"""Squad files (issue 29): a squad is a small TOML file (ruleset, name, units, optional
names); it round-trips through save and load, every bad field is refused in one line
naming the file and the field, and the command line's --squad reads files or lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.errors import InputError
from game.squads import Squad, load_squad, parse_squad_arg, parse_squad_args, save_squad, squad_text


def test_a_squad_round_trips_through_its_file(tmp_path: Path):
    squad = Squad("fate", 'The "Odd" Lot', ("knight", "pyro", "scout"), ("Sir Ada", "", "Kim\u00e9"))
    path = tmp_path / "lot.toml"
    save_squad(squad, path)
    assert load_squad(path) == squad
    assert load_squad(path, "fate") == squad
    plain = Squad("d20", "Fire team", ("gunner", "gunner"))
    save_squad(plain, path)  # over the old one, atomically
    assert load_squad(path) == plain
    assert "names" not in path.read_text()


def test_the_saved_text_is_the_documented_form():
    assert squad_text(Squad("d20", "Fire team", ("gunner", "marksman"), ("Ada", ""))) == (
        'ruleset = "d20"\nname = "Fire team"\nunits = ["gunner", "marksman"]\nnames = ["Ada", ""]\n')


BAD = [
    ('name = "x"\nunits = ["gunner"]\n', "ruleset: missing"),
    ('ruleset = "d21"\nname = "x"\nunits = ["gunner"]\n', "ruleset: unknown ruleset 'd21'"),
    ('ruleset = "d20"\nunits = ["gunner"]\n', "name: missing"),
    ('ruleset = "d20"\nname = ""\nunits = ["gunner"]\n', "name: must be 1 to 64 characters"),
    ('ruleset = "d20"\nname = "x"\nunits = []\n', "units: must be a list of 1 to 64 template ids"),
    ('ruleset = "d20"\nname = "x"\nunits = "gunner"\n', "units: must be a list"),
    ('ruleset = "d20"\nname = "x"\nunits = ["gunner", "knight"]\n', "units[2]: d20 has no unit template 'knight'"),
    ('ruleset = "d20"\nname = "x"\nunits = ["gunner", 3]\n', "units[2]: must be text (it is int)"),
    ('ruleset = "d20"\nname = "x"\nunits = ["gunner"]\nnames = ["a", "b"]\n', "names: must be a list of 1 names"),
    ('ruleset = "d20"\nname = "x\\u0007"\nunits = ["gunner"]\n', "name: holds a control character"),
    ('ruleset = "d20"\nname = "x"\nunits = ["gunner"]\ncolour = "red"\n', "colour: unknown field"),
    ('ruleset = "d20"\nname = "x"\nunits = [' + ", ".join(['"gunner"'] * 65) + "]\n", "units: must be a list of 1 to 64"),
    ("ruleset = \n", "not valid TOML"),
    ('ruleset = "d20"\nname = "x"\nunits = ["gunner", "scout", "gunner", "gunner", "gunner", "gunner"]\n',
     "units: at most 4 units of one template, the squad has 5 of gunner"),
]


@pytest.mark.parametrize("text, problem", BAD)
def test_every_bad_field_is_one_line_naming_the_file(tmp_path: Path, text: str, problem: str):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(InputError) as err:
        load_squad(path)
    assert err.value.where == str(path)
    assert problem in err.value.problem
    assert "\n" not in str(err.value)


def test_a_squad_for_another_ruleset_is_refused(tmp_path: Path):
    path = tmp_path / "s.toml"
    save_squad(Squad("d20", "x", ("gunner",)), path)
    with pytest.raises(InputError, match="the squad is for d20, the battle plays fate"):
        load_squad(path, "fate")


def test_squad_option_reads_lists_of_templates_or_archetypes_and_files(tmp_path: Path):
    # fate's archetype "guardian" is its template "guardian"; "knight" is a template id.
    assert parse_squad_arg("2=knight,guardian", "fate") == (2, Squad("fate", "side 2", ("knight", "guardian")))
    path = tmp_path / "s.toml"
    save_squad(Squad("fate", "mine", ("pyro",)), path)
    assert parse_squad_arg(f"1={path}", "fate") == (1, Squad("fate", "mine", ("pyro",)))
    with pytest.raises(InputError, match="side 1 is given two squads"):
        parse_squad_args(["1=pyro", "1=knight"], "fate")
    for bad in ("pyro", "x=pyro", "1=", "1=pyro,,knight"):
        with pytest.raises(InputError):
            parse_squad_arg(bad, "fate")
    with pytest.raises(InputError, match="missing.toml: file not found"):
        parse_squad_arg("1=missing.toml", "fate")


@pytest.mark.parametrize("argv, problem", [
    (["--squad", "1=nobody"], "error: --squad: d20 has no unit template or archetype 'nobody'"),
    (["--squad", "3=gunner"], "error: --squad: the map has no side 3 (its sides: 1, 2)"),
    (["--squad", "1=gunner", "--squad", "1=scout"], "error: --squad: side 1 is given two squads"),
    (["--squad", "2=scout,scout,scout,scout,scout"],
     "error: --squad: side 2: at most 4 units of one template, the squad has 5 of scout"),
])
def test_the_command_line_refuses_a_bad_squad_in_one_line(capsys, argv, problem):
    assert main(["simulate", "--battles", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert err.strip() == problem or err.startswith(problem), err
    assert err.count("\n") == 1


def test_simulate_and_a_headless_demo_field_the_chosen_squads(tmp_path: Path, capsys):
    import json
    out = tmp_path / "out.json"
    assert main(["simulate", "--battles", "1", "--map", "arena", "--max-rounds", "2", "--squad", "1=scout",
                 "--squad", "2=guardian,guardian,guardian,guardian,brawler,brawler", "--json", str(out)]) == 0
    assert json.loads(out.read_text())["battles"][0]["casualties"].keys() == {"1", "2"}
    replay = tmp_path / "r.json"
    assert main(["demo", "--headless", "--map", "arena", "--max-rounds", "2", "--squad", "1=scout,gunner",
                 "--save-replay", str(replay)]) == 0
    assert json.loads(replay.read_text())["squads"] == {"1": ["scout", "gunner"]}
    capsys.readouterr()
    assert main(["replay", "--verify", str(replay)]) == 0


def _arena_with_budgets(tmp_path: Path, points_1: int, points_2: int) -> Path:
    """arena.tmx with `points_1`, `points_2` map properties, beside a copy of its tileset."""
    import shutil
    text = Path("maps/arena.tmx").read_text()
    text = text.replace(' <properties>\n', f' <properties>\n  <property name="points_1" type="int" value="{points_1}"/>\n'
                                            f'  <property name="points_2" type="int" value="{points_2}"/>\n', 1)
    (tmp_path / "maps").mkdir()
    shutil.copytree("assets", tmp_path / "assets")
    path = tmp_path / "maps" / "budget.tmx"
    path.write_text(text)
    return path


def test_a_map_budget_refuses_a_dear_squad_and_the_ai_picks_within_it(tmp_path: Path, capsys):
    import json
    from game.rulesets import load_ruleset
    from game.squads import squad_cost
    ruleset = load_ruleset("d20")
    cheapest = min(t.cost for t in ruleset.data.templates.values())
    path = _arena_with_budgets(tmp_path, cheapest * 2, 60)
    dear = max(ruleset.data.templates.values(), key=lambda t: t.cost)
    three = [dear.id] * 3  # more than twice the cheapest, whatever the fitted costs
    assert main(["simulate", "--battles", "1", "--map", str(path), "--squad", "1=" + ",".join(three)]) == 2
    assert capsys.readouterr().err == (f"error: --squad: side 1's squad costs {3 * dear.cost} points, "
                                       f"over the map's budget of {cheapest * 2} (points_1)\n")
    replay = tmp_path / "r.json"
    assert main(["demo", "--headless", "--map", str(path), "--max-rounds", "1", "--squad", "1=ai:hard",
                 "--squad", "2=ai:easy", "--save-replay", str(replay)]) == 0
    squads = json.loads(replay.read_text())["squads"]
    # hard spends the most of its budget, and two of the cheapest spend it all
    assert squad_cost(ruleset, squads["1"]) == cheapest * 2
    assert squad_cost(ruleset, squads["2"]) <= 60
    capsys.readouterr()
    assert main(["replay", "--verify", str(replay)]) == 0
