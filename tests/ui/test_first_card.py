"""The first battle a person plays in a ruleset opens on its one page of how it plays
(issue 30, "a first battle that teaches"); F2 brings it back; once read, a later battle
opens on the board."""

from __future__ import annotations

import pygame

from tests.ui.conftest import field_battle, press, pump, start_screen


def test_a_rulesets_first_battle_opens_on_how_it_plays_once(make_app):
    app = make_app(rules_read=["d20"], sides={"1": "human", "2": "ai"})
    battle = field_battle([(1, "gunner", 3, 4), (2, "gunner", 10, 4)], seed=3, ruleset_id="mahou")
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, speed=0)
    assert screen.overlay == "rules"
    assert app.settings.rules_read == ["d20", "mahou"]
    drawn = []
    import game.ui.theme as theme
    real = theme.text
    theme.text = lambda s, *a, **k: drawn.append(s) or real(s, *a, **k)
    try:
        pump(app)
    finally:
        theme.text = real
    assert any(s.startswith("How Mahou Galaxy") for s in drawn)
    press(app, pygame.K_SPACE, " ")       # any key closes it
    assert screen.overlay is None
    press(app, pygame.K_F2)               # and F2 brings it back
    assert screen.overlay == "rules"
    # the next mahou battle opens on the board
    again = start_screen(app, field_battle([(1, "gunner", 3, 4), (2, "gunner", 10, 4)], seed=3,
                                           ruleset_id="mahou"), sides={1: "human", 2: "ai"}, speed=0)
    assert again.overlay is None


def test_the_demo_and_a_ruleset_already_read_open_on_the_board(make_app):
    app = make_app(rules_read=[])
    battle = field_battle([(1, "gunner", 3, 4), (2, "gunner", 10, 4)], seed=3)
    screen = start_screen(app, battle, sides={1: "ai", 2: "ai"}, speed=0, demo=True)
    assert screen.overlay is None and app.settings.rules_read == []


def test_the_list_read_survives_a_restart(tmp_path):
    from game.ui.settings import Settings, _clean
    s = _clean({"rules_read": ["d20", "fate"]})
    assert s.rules_read == ["d20", "fate"]
    assert _clean({"rules_read": "d20"}).rules_read == []        # a wrong shape: the default
    assert Settings().rules_read == []


def test_every_rulesets_card_fits_the_smallest_window(make_app):
    """Each point of a card is whole (a point broken by hand mid-sentence read "first
    range / band only" once the card wrapped it), and the card fits 1024x600."""
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    from game.rulesets import REGISTRY
    from game.ui.playbook import HOW_IT_PLAYS
    for ruleset_id in REGISTRY:
        points = HOW_IT_PLAYS[ruleset_id][1]
        assert all(p.rstrip().endswith((".", ")")) for p in points), ruleset_id
        app = make_app(rules_read=[])
        app.resize((1024, 600))
        screen = start_screen(app, new_battle(maps_dir() / "arena.tmx", ruleset_id, seed=5))
        pump(app)
        assert screen.overlay == "rules"
        assert app.surface.get_rect().contains(screen.rects["rules_card"]), ruleset_id
