"""The window's squads (issue 29), driven as a player drives them under SDL's dummy
driver: the menu's Squads button, each side's choice (the map's default, a saved squad,
one built, the AI's pick), the builder (add by keyboard and mouse, names typed, the
running total, the refusals: over budget, more units than the map has places, saved
to the data folder), the battle started with those squads and names, `play --squad`,
and a bad custom units file shown in one line while the window goes on without it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from tests.ui.conftest import post_click, press, pump


@pytest.fixture(autouse=True)
def headless_window(monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield
    pygame.display.quit()


def make_menu(ruleset="d20", size=(1280, 720)):
    from game.rulesets import REGISTRY
    from game.ui.app import App
    from game.ui.menu import MenuScreen
    from game.ui.settings import Settings
    s = Settings(sides={"1": "human", "2": "ai"}, levels={"2": "hard"}, seed=5, map="arena", ruleset=ruleset,
                 rules_read=list(REGISTRY), confirm_end_turn=False)
    app = App(size=size, settings=s)
    menu = MenuScreen(app)
    app.screen = menu
    pump(app, 2)
    return app, menu


def open_builder(app, menu, side=1):
    """The menu's Squads screen, then its builder for `side`: (the Squads screen, the builder)."""
    menu.open_squads()
    app.screen = choice = menu.next
    pump(app)
    choice.build(side)
    pump(app)  # the window moves to the builder
    return choice, app.screen


def type_text(app, text):
    for ch in text:
        press(app, getattr(pygame, f"K_{ch.lower()}", pygame.K_a), ch)


def test_a_built_squad_and_the_ais_pick_start_the_battle(tmp_path: Path):
    from game.ai.squad_pick import ai_pick
    from game.squads import load_squad, squads_dir
    app, menu = make_menu()
    post_click(menu.button_rects["Squads"].center)   # the menu's button, by the mouse
    pump(app)
    choice = app.screen
    assert type(choice).__name__ == "SquadChoiceScreen"
    assert choice.option(1).label == "Map's default"
    press(app, pygame.K_b, "b")                       # build side 1's squad
    builder = app.screen
    assert type(builder).__name__ == "SquadBuilderScreen"
    assert builder.templates == ["brawler", "gunner", "marksman", "guardian", "scout"]
    press(app, pygame.K_RETURN, "\r")                 # brawler (19)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_PLUS, "+")                    # marksman (23)
    press(app, pygame.K_TAB, "\t")                    # to the squad: the marksman is chosen
    type_text(app, "Kim")
    press(app, pygame.K_UP)
    type_text(app, "Ada")
    assert builder.units == ["brawler", "marksman"] and builder.names == ["Ada", "Kim"]
    assert builder.cost() == 42 and builder.problem() is None
    press(app, pygame.K_TAB, "\t")                    # the squad's name
    for _ in range(len("Side 1")):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Duo")
    press(app, pygame.K_s, "s", pygame.KMOD_CTRL)     # saved to the data folder
    saved = squads_dir() / "duo.toml"
    assert builder.message == f"Saved {saved}"
    assert load_squad(saved).units == ("brawler", "marksman")
    assert load_squad(saved).names == ("Ada", "Kim")
    press(app, pygame.K_F5)                           # use it
    assert app.screen is choice and choice.option(1).label == "Built: Duo"
    press(app, pygame.K_DOWN)                         # side 2: the AI's pick at its level (hard)
    press(app, pygame.K_RIGHT)
    assert choice.option(2).label == "AI's pick (hard)"
    expected = ai_pick(choice.ruleset, choice.tmap, 2, "hard", 5)
    press(app, pygame.K_RETURN, "\r")
    screen = app.screen
    assert type(screen).__name__ == "BattleScreen"
    battle = screen.battle
    assert [(o.template, o.name) for o in battle.orders if o.team == 1] == [("brawler", "Ada"), ("marksman", "Kim")]
    assert tuple(o.template for o in battle.orders if o.team == 2) == expected
    assert sum(battle.ruleset.data.templates[t].cost for t in expected) == 100  # hard spends the budget
    assert screen.squads == {1: ["brawler", "marksman"], 2: list(expected)}  # a save records them
    assert battle.player_sides == {1}
    screen.leave()


def test_the_saved_squad_is_offered_next_time_and_bad_files_are_named(tmp_path: Path):
    from game.squads import Squad, save_squad, squads_dir
    squads_dir().mkdir(parents=True)
    save_squad(Squad("d20", "Scouts", ("scout", "scout"), ("Lou", "")), squads_dir() / "scouts.toml")
    save_squad(Squad("fate", "Knights", ("knight",)), squads_dir() / "knights.toml")  # another ruleset's
    (squads_dir() / "broken.toml").write_text('ruleset = "d20"\nname = "x"\nunits = ["wizard"]\n')
    app, menu = make_menu()
    menu.open_squads()
    choice = menu.next
    app.screen = choice
    pump(app)
    labels = [o.label for o in choice.options(1)]
    assert labels == ["Map's default", "AI's pick (normal)", "Saved: Scouts"]
    assert any("broken.toml: units[1]: d20 has no unit template 'wizard'" in n for n in choice.notes)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN, "\r")
    battle = app.screen.battle
    assert [(o.template, o.name) for o in battle.orders if o.team == 1] == [("scout", "Lou"), ("scout", "")]
    app.screen.leave()


def test_the_builder_refuses_over_budget_and_more_units_than_places():
    from game.squad_fielding import squad_problem
    from tests.ui.conftest import field_map
    app, menu = make_menu()
    choice, builder = open_builder(app, menu)
    for _ in range(4):
        press(app, pygame.K_RETURN, "\r")             # four brawlers: 76 points
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN, "\r")                 # and a gunner: 94 points, within
    assert builder.units == ["brawler"] * 4 + ["gunner"] and builder.problem() is None
    press(app, pygame.K_RETURN, "\r")
    assert builder.problem() == "Over budget: 112 of 100 points."
    press(app, pygame.K_F5)                           # refused, said, and the builder stays
    assert app.screen is builder and builder.message == "Over budget: 112 of 100 points."
    x_button = next(r for r, action in builder.hit if r.w == 24 and r.x > builder.app.surface.get_width() // 2)
    post_click(x_button.center)                       # the first unit's ×, by the mouse
    pump(app)
    assert len(builder.units) == 5 and builder.problem() is None
    # a map with room for 3 of side 1's units: its 2 spawns and the one free tile beside them
    tmap = field_map([(1, "gunner", 0, 0), (1, "gunner", 1, 0), (2, "gunner", 5, 0)], w=6, h=1, walls=[(3, 0)])
    assert squad_problem(tmap, builder.ruleset, 1, ["scout"] * 3, 1000) is None
    assert squad_problem(tmap, builder.ruleset, 1, ["scout"] * 4, 1000) == (
        "More units than the map has places: side 1 has room for 3, the squad has 4.")
    assert squad_problem(tmap, builder.ruleset, 1, [], 100) == "A squad needs at least one unit."
    # the squad rule, through game.squads' own check: at most 4 of one template
    assert squad_problem(tmap, builder.ruleset, 1, ["scout"] * 5, 1000) == (
        "At most 4 units of one template, the squad has 5 of scout.")


def test_custom_units_are_built_with_and_a_bad_file_is_shown_and_left_out(tmp_path: Path):
    from game.custom_units import user_units_file
    own = user_units_file("d20")
    own.parent.mkdir(parents=True)
    own.write_text('[heavy]\nname = "Heavy"\narchetype = "gunner"\ncost = 30\nagility = 1\nbody = 4\n'
                   'dexterity = 2\nwillpower = 1\nfirearms = 6\nmelee = 2\nathletics = 3\nhp = 30\n'
                   'weapons = ["pistol"]\n')
    app, menu = make_menu()
    choice, builder = open_builder(app, menu)
    assert builder.templates[-1] == "heavy"
    builder.t_index = len(builder.templates) - 1
    press(app, pygame.K_RETURN, "\r")
    press(app, pygame.K_F5)
    press(app, pygame.K_RETURN, "\r")
    battle = app.screen.battle
    assert [o.template for o in battle.orders if o.team == 1] == ["heavy"]
    from game.replay import replay_data
    assert "heavy" in replay_data(battle, {1: ["heavy"]})["custom_units"]
    app.screen.leave()
    own.write_text(own.read_text().replace("agility = 1", "agility = 12"))
    app, menu = make_menu()
    menu.open_squads()
    choice = menu.next
    assert choice.notes == [f"Custom units left out: {own}: [heavy] agility: Input should be less than or equal to 10"]
    assert "heavy" not in choice.ruleset.data.templates


def test_play_squad_starts_the_window_battle_with_those_squads(tmp_path: Path, monkeypatch, capsys):
    import game.cli
    opened = {}
    monkeypatch.setattr(game.cli, "_open_window", lambda args, entry: opened.setdefault("args", args) and 0)
    squad = tmp_path / "team.toml"
    squad.write_text('ruleset = "mahou"\nname = "Pair"\nunits = ["gunner", "scout"]\nnames = ["Ada", ""]\n')
    assert game.cli.main(["play", "--ruleset", "mahou", "--map", "arena", "--squad", f"1={squad}",
                          "--squad", "2=brawler"]) == 0
    chosen = opened["args"].battle_squads
    assert chosen == {"squads": {1: ("gunner", "scout"), 2: ("brawler",)}, "names": {1: ("Ada", "")}, "custom": None}
    app, menu = make_menu("mahou")
    menu.start(chosen)                                # what app.run does with `play --map ... --squad ...`
    battle = menu.next.battle
    assert [(o.team, o.template, o.name) for o in battle.orders] == [
        (1, "gunner", "Ada"), (1, "scout", ""), (2, "brawler", "")]
    menu.next.leave()
    assert game.cli.main(["play", "--squad", "1=gunner"]) == 2
    assert capsys.readouterr().err == "error: --squad: needs --map (the window starts that battle with the squads)\n"


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_screens_fit_the_window(size):
    """Every button and row of both screens lies inside the window at the sizes the
    game supports (what the screenshots under Xvfb showed by eye)."""
    app, menu = make_menu("actionblock", size)
    menu.open_squads()
    app.screen = choice = menu.next
    pump(app)
    window = pygame.Rect((0, 0), size)
    assert all(window.contains(r) for r, _ in choice.hit)
    choice.build(1)
    pump(app)
    builder = app.screen
    for _ in range(7):
        press(app, pygame.K_RETURN, "\r")
    assert all(window.contains(r) for r, _ in builder.hit)
    assert np.any(pygame.surfarray.array3d(app.surface))


def test_the_maps_default_says_what_it_fields_and_what_it_is_worth(monkeypatch):
    # Arena's side 1 spawns a brawler, a gunner, a marksman and a guardian: 19 + 18 +
    # 23 + 22 = 82 points in d20 (units.toml). The line said only "The map's own units
    # for this side".
    from game.ui import theme
    app, menu = make_menu()
    menu.open_squads()
    app.screen = choice = menu.next
    pump(app)
    assert choice.option(1).label == "Map's default"
    words: list[str] = []
    text = theme.text
    monkeypatch.setattr(theme, "text", lambda s, *a, **k: words.append(s) or text(s, *a, **k))
    choice.draw(app.surface)
    assert "4 units · worth 82 points (the map's own): Brawler, Gunner, Marksman, Guardian" in words


def test_the_builder_refuses_two_units_of_one_name():
    app, menu = make_menu()
    choice, builder = open_builder(app, menu)
    press(app, pygame.K_RETURN, "\r")                 # two brawlers: 38 points
    press(app, pygame.K_RETURN, "\r")
    press(app, pygame.K_TAB, "\t")                    # the second is chosen
    type_text(app, "Ace")
    press(app, pygame.K_UP)
    type_text(app, "ace")
    assert builder.names == ["ace", "Ace"]
    press(app, pygame.K_F5)                           # refused, said, the builder stays
    assert app.screen is builder
    assert builder.message == "Two units are named Ace: give each its own name."
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_BACKSPACE)
    type_text(app, "Bo")
    press(app, pygame.K_F5)
    assert app.screen is choice and choice.built[1].names == ("Bo", "Ace")


def test_the_builders_card_writes_ids_in_words():
    # mahou's brawler (units.toml): skills gym 2, martial_arts 4, home_ec 1; facet
    # martial_artist. The card showed "martial_arts 4", "martial_artist".
    from game.rulesets import load_ruleset
    from game.ui.squad_cards import template_card
    _, card = template_card(load_ruleset("mahou"), "brawler")
    assert card["skills"] == {"gym": 2, "martial arts": 4, "home ec": 1}
    assert card["facets"] == ["martial artist"]


def test_the_builder_says_which_unit_is_a_scenarios_vip(monkeypatch):
    # The Envoy: side 1's VIP mark is on its first spawn (1, 6), so a squad's first unit,
    # whatever it is, is the envoy whose fall loses the battle. The builder said nothing.
    from game.engine.objectives import Vip
    from game.engine.setup import new_battle
    from game.rulesets import load_ruleset
    from game.ui import theme
    from game.world.catalog import shipped_maps_dir
    from game.world.tiled import load_map
    envoy = shipped_maps_dir() / "compound_envoy.tmx"
    battle = new_battle(envoy, "d20", seed=1, squads={1: ["gunner", "scout"]})
    assert [battle.name(u) for u, _ in battle.query(Vip)] == ["Gunner 1-1"]   # the rule, as fought
    app, menu = make_menu()
    tmap = load_map(envoy)
    builder = app.screens.squad_builder(menu, load_ruleset("d20"), tmap, 1, 100, None, lambda squad: None)
    app.screen = builder
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN, "\r")                 # a gunner, then a scout
    for _ in range(3):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN, "\r")
    assert builder.units == ["gunner", "scout"] and builder.vip_slots == {0}
    words: list[str] = []
    text = theme.text
    monkeypatch.setattr(theme, "text", lambda s, *a, **k: words.append(s) or text(s, *a, **k))
    builder.draw(app.surface)
    assert "1. Gunner (VIP)" in words and "2. Scout" in words
    assert "Unit 1 stands on the VIP's spawn: it is the VIP." in words
    app2_builder = app.screens.squad_builder(menu, load_ruleset("d20"), tmap, 2, 100, None, lambda squad: None)
    assert app2_builder.vip_slots == frozenset()      # side 2 has no VIP


def test_back_from_a_missions_briefing_returns_to_the_squads_still_chosen():
    # Started from the Squads screen, the briefing's Back went to the menu and the squad
    # just built was gone.
    app, menu = make_menu()
    menu.s.map = "crossroads_well"
    menu.map_index = menu._find_map("crossroads_well")
    choice, builder = open_builder(app, menu)
    press(app, pygame.K_RETURN, "\r")                 # a brawler
    press(app, pygame.K_F5)
    assert app.screen is choice and choice.option(1).label == "Built: Side 1"
    press(app, pygame.K_RETURN, "\r")                 # start: the mission's briefing
    assert type(app.screen).__name__ == "BriefingScreen"
    press(app, pygame.K_ESCAPE)
    assert app.screen is choice and choice.option(1).label == "Built: Side 1"
    press(app, pygame.K_RETURN, "\r")                 # and once more, to the battle
    press(app, pygame.K_RETURN, "\r")
    battle = app.screen.battle
    assert [o.template for o in battle.orders if o.team == 1] == ["brawler"]
    app.screen.leave()


def test_the_builders_list_names_each_templates_kit_first():
    # d20's units.toml: the gunner's weapons are smg and knife (a submachine gun, a
    # combat knife), the marksman's infantry_rifle and pistol; the list showed only
    # "agility 1 · body 2 · ...".
    from game.rulesets import load_ruleset
    from game.ui.squad_cards import row_line
    d20 = load_ruleset("d20")
    assert row_line(d20, "marksman").startswith("Infantry rifle, Service pistol · agility 1 · body 0")
    assert row_line(d20, "gunner").startswith("Submachine gun, Combat knife · agility 1 · body 2")


def test_enter_after_a_units_name_goes_back_to_the_templates():
    # Enter on the squad did nothing: a name typed, the player pressed Enter and the
    # next letters went on into the same name.
    app, menu = make_menu()
    choice, builder = open_builder(app, menu)
    press(app, pygame.K_RETURN, "\r")                 # a brawler
    press(app, pygame.K_TAB, "\t")
    type_text(app, "Ada")
    press(app, pygame.K_RETURN, "\r")
    assert builder.area == "templates" and builder.names == ["Ada"]
    press(app, pygame.K_RETURN, "\r")                 # Enter adds again, as in the list
    assert builder.units == ["brawler", "brawler"]
