"""A scenario in the window as a player meets it (a review's findings, issue 28): what
the tracker, the results, the hover and the menu say, where they are drawn."""

from __future__ import annotations

import pygame

from game.world.scenario import Scenario, Zone
from tests.ui.conftest import field_map, pump, start_screen

HILL = frozenset((x, y) for x in range(6, 9) for y in range(3, 6))


def hill_battle(units, ruleset_id="d20", victory_points=1, round_limit=6, zones=None, size=(14, 10),
                **scenario):
    """A battle on an open field of `size` with one hold zone, the Hill (or `zones`)."""
    from game.engine.battle import Battle
    from game.engine.setup import orders_for
    from game.rulesets import load_ruleset
    tmap = field_map(units, *size)
    tmap.scenario = Scenario("Hill fight", "Take the hill.", round_limit=round_limit, victory_points=victory_points,
                             zones=zones or (Zone("Hill", "hold", HILL, 1),), **scenario)
    ruleset = load_ruleset(ruleset_id)
    return Battle(tmap, ruleset, orders_for(tmap, ruleset), seed=3, max_rounds=round_limit)


def end_every_turn(battle) -> None:
    """Every unit ends its turn at once (no one moves or shoots) until the battle ends."""
    from game.engine.objectives import ENDERS
    for _ in range(200):
        if battle.over or battle.pending is None:
            return
        d = battle.pending
        opt = next(o for key in ENDERS for o in d.options if o.key == key and not o.targets)
        battle.submit(opt.choice())


def test_a_mission_won_at_a_rounds_end_names_that_round_not_the_next(make_app, monkeypatch):
    # Side 1's gunner stands alone on the hill: at the end of round 1 it scores 1 point,
    # one point wins. The engine has counted on to round 2 by then; the tracker and the
    # results name round 1 (they said "Round 2 of 6" and "2 rounds").
    import game.ui.mission_draw as mission_draw
    from game.ui import theme
    from game.ui.results import ResultsScreen
    battle = hill_battle([(1, "gunner", 7, 4), (2, "gunner", 12, 8)])
    end_every_turn(battle)
    end = next(e for e in battle.log if type(e).__name__ == "BattleEnded")
    assert (end.winner, end.rounds) == (1, 1) and battle.round == 2   # the case
    app = make_app()
    screen = start_screen(app, battle, sides={1: "human", 2: "human"})
    pump(app, 40)
    words: list[str] = []
    text = theme.text
    monkeypatch.setattr(theme, "text", lambda s, *a, **k: words.append(s) or text(s, *a, **k))
    mission_draw.draw_hud(app.surface, screen, screen.rects["view"])
    assert "Round 1 of 6 · points 1: 1 – 2: 0 · 1 to win" in words
    words.clear()
    screen.draw(app.surface)
    assert "Round 1" in words and "Round 2" not in words    # the top bar too
    words.clear()
    ResultsScreen(app, battle, {1: "human", 2: "human"}).draw(app.surface)
    assert any(w.endswith("seed 3 · 1 round · victory points 1–0") for w in words), words[:3]
    # each side's points beside its name (an end by a VIP or by elimination says none)
    assert "Side 1 (person) · 1 point" in words and "Side 2 (person) · 0 points" in words


def test_a_zones_hover_stays_on_the_board_beside_the_side_panels(make_app):
    # A zone along the board's right side: its words went past the board's edge and
    # were cut off under the minimap and the log drawn after them.
    from game.engine.battle import Battle
    from game.engine.setup import orders_for
    from game.rulesets import load_ruleset
    from tests.ui.conftest import confirm_handover, post_move
    tmap = field_map([(1, "gunner", 1, 4), (2, "gunner", 38, 4)], w=40, h=10)
    tmap.scenario = Scenario("Ridge", "Take the ridge.", round_limit=6, victory_points=3,
                             zones=(Zone("Ridge", "hold", frozenset((x, y) for x in range(28, 40)
                                                                    for y in range(10)), 1),))
    ruleset = load_ruleset("d20")
    battle = Battle(tmap, ruleset, orders_for(tmap, ruleset), seed=3, max_rounds=6)
    app = make_app()
    screen = start_screen(app, battle, sides={1: "human", 2: "human"})
    confirm_handover(app)
    view = screen.rects["view"]
    cam = screen.board.camera
    cam.centre_on_tile((33, 5))
    pump(app)
    tile = (39, 5)   # the map's last column, near the board's right edge
    at = cam.tile_centre(tile)
    assert view.collidepoint(at) and at[0] > view.right - 200   # the case: a 280 px box passes the edge
    post_move(at)
    pump(app)
    box = screen.rects["zone_hover"]
    assert view.contains(box), (box, view)


def test_a_message_shows_under_the_tracker_not_over_it(make_app):
    from tests.ui.conftest import confirm_handover
    battle = hill_battle([(1, "gunner", 2, 4), (2, "gunner", 12, 4)], victory_points=3)
    app = make_app()
    screen = start_screen(app, battle, sides={1: "human", 2: "human"})
    confirm_handover(app)
    pump(app)
    tracker = screen.rects["mission_tracker"]
    before = pygame.image.tobytes(app.surface.subsurface(tracker), "RGB")
    screen.say("Can hit your own: Gunner 1-2 37.5%. Click again or press Enter to attack anyway.")
    pump(app)
    assert pygame.image.tobytes(app.surface.subsurface(tracker), "RGB") == before   # still readable
    assert not tracker.colliderect(screen.rects["message"])


def test_the_menu_shows_a_scenarios_name_and_briefing_under_its_thumbnail(make_app, monkeypatch):
    # The issue: "the menu lists scenarios with their briefing and a thumbnail". The
    # menu showed the map's name only: nothing said The Envoy was a mission.
    from game.ui import theme
    from game.ui.menu import THUMB
    app = make_app(map="compound_envoy", ruleset="d20")
    pump(app, 2)
    menu = app.screen
    assert menu.map_info.path.stem == "compound_envoy"
    words: list[str] = []
    text = theme.text
    monkeypatch.setattr(theme, "text", lambda s, *a, **k: words.append(s) or text(s, *a, **k))
    menu.draw(app.surface)
    assert "Scenario: The Envoy" in words
    assert any(w.startswith("Side 1 escorts an envoy (the scout;") for w in words)
    box = menu.thumb_box
    assert box.contains(menu.mission_rect)
    assert menu.mission_rect.bottom <= box.y + THUMB[1] + 24   # above the map's name
    words.clear()
    app2 = make_app(map="arena", ruleset="d20")
    pump(app2, 2)
    app2.screen.draw(app2.surface)
    assert not any(w.startswith("Scenario:") for w in words)   # a plain battle's map


def test_the_tracker_stands_beside_the_declarations_column(make_app):
    # fate declares: the declarations column covers the board's top left, and hid the
    # tracker's "Round 1 of" (Breakthrough, 1280x720).
    import pytest
    from tests.ui.conftest import confirm_handover
    for size in ((1280, 720), (1024, 600)):
        # a tracker as long as Breakthrough's: "... · side 2 holds out to round 10"
        battle = hill_battle([(1, "gunner", 2, 4), (2, "gunner", 12, 4)], ruleset_id="fate", victory_points=3,
                             round_limit=10, attacker=1, survive_rounds=10)
        app = make_app()
        app.resize(size)
        screen = start_screen(app, battle, sides={1: "human", 2: "human"})
        confirm_handover(app)
        pump(app)
        if "decl" not in screen.rects:
            pytest.skip("no declarations column")
        tracker, decl = screen.rects["mission_tracker"], screen.rects["decl"]
        assert not tracker.colliderect(decl), (size, tracker, decl)
        assert screen.rects["view"].contains(tracker)


def test_the_menus_heading_clears_its_rows_at_a_large_ui_scale(make_app):
    # 1920x1080: the UI scale grows to 1.5, the title is ~82 px tall, and the subtitle
    # stood at a fixed 82 px, on the title's foot, the rows 124 px down just under it.
    from game.ui import theme
    app = make_app(map="crossroads_well", ruleset="fate")
    app.resize((1920, 1080))
    pump(app, 2)
    try:
        assert theme.SCALE >= 1.3
        title, sub = app.screen.heading
        assert sub.top >= title.bottom - 6   # (a line's own padding, not the letters)
        first_row = min(r.top for r, _ in app.screen.hit)
        assert first_row >= sub.bottom
    finally:
        theme.set_scale(1.0)


def test_a_zones_label_keeps_clear_of_the_tracker(make_app):
    # Three Farms' North Lane runs from the map's top edge: its label, above the zone,
    # was pushed to the board's top edge, under the tracker, and never read. So with any
    # zone whose top the camera has brought near the board's top edge.
    from tests.ui.conftest import confirm_handover
    lane = frozenset((x, y) for x in range(6, 9) for y in range(20, 23))
    battle = hill_battle([(1, "gunner", 1, 30), (2, "gunner", 12, 30)], victory_points=3,
                         zones=(Zone("North Lane", "hold", lane, 1),), size=(14, 40))
    app = make_app()
    screen = start_screen(app, battle, sides={1: "human", 2: "human"})
    confirm_handover(app)
    cam, view = screen.board.camera, screen.rects["view"]
    cam.centre_on_tile((7, 20))
    cam.pan(0, cam.tile_rect((7, 20)).top - (view.y + 10))   # the zone's top by the board's edge
    pump(app)
    top = cam.tile_rect((7, 20)).top
    assert top < view.y + 30                      # the case: the zone's top by the tracker
    (label,) = screen.rects["zone_labels"]
    assert not label.colliderect(screen.rects["mission_tracker"]), (label, screen.rects["mission_tracker"])
    assert view.contains(label)


def test_a_side_alone_in_the_other_sides_zone_blocks_it_and_is_said_to(make_app):
    # Hold Out's bunker scores for side 2 only. Side 1 alone in it scores nothing (the
    # engine: a zone's side, else any side) and keeps side 2 from scoring: the hover
    # and the label said "held by side 1", as if side 1 scored it.
    from game.engine.objectives import points
    from game.ui.mission_words import zone_hover
    from tests.ui.conftest import confirm_handover
    from game.engine.battle import Battle
    from game.engine.setup import orders_for
    from game.rulesets import load_ruleset
    tmap = field_map([(1, "gunner", 7, 4), (2, "gunner", 12, 8)])
    bunker = Zone("Bunker", "hold", HILL, 1, side=2)
    tmap.scenario = Scenario("Hold out", "Hold the bunker.", round_limit=6, victory_points=3, zones=(bunker,))
    ruleset = load_ruleset("d20")
    battle = Battle(tmap, ruleset, orders_for(tmap, ruleset), seed=3, max_rounds=6)
    app = make_app()
    screen = start_screen(app, battle, sides={1: "human", 2: "human"})
    confirm_handover(app)
    pump(app)
    assert zone_hover(screen.view, bunker, None) == (
        "Bunker: 1 point a round (side 2 only); blocked by side 1: Gunner 1-1")
    from game.ui.mission_draw import _zone_label
    assert _zone_label(bunker, "held", 1) == "Bunker · 1 pt for side 2 · blocked by side 1"
    assert _zone_label(bunker, "held", 2) == "Bunker · 1 pt for side 2 · held by side 2"
    end_every_turn(battle)   # to the round limit: side 1 never scores there
    assert points(battle) == {1: 0, 2: 0}
    # the network window's words alike (game/ui/net_mission.py)
    from game.ui import net_mission
    yard = {"name": "Yard", "kind": "hold", "points": 2, "side": 1, "tiles": [[0, 0]], "seen_in": [2]}
    assert net_mission.zone_label(yard) == "Yard · 2 pt for side 1 · blocked by side 2"
    assert net_mission.zone_label({**yard, "seen_in": [1]}) == "Yard · 2 pt for side 1 · held by side 1"


def test_an_exits_label_names_it():
    # The label said "Exit: side 1 · 1 pt"; its hover and the briefing say "Landing Field".
    from game.ui.mission_draw import _zone_label
    field = Zone("Landing Field", "exit", frozenset({(13, 4)}), 1, side=1)
    assert _zone_label(field, "empty", None) == "Landing Field · exit for side 1 · 1 pt each"


def test_a_missions_replay_shows_its_zones_and_its_tracker(make_app, monkeypatch):
    # "Watch the replay" of Three Farms showed the board and the units, no zone and no
    # score: what the battle was about was gone.
    from game.ui import theme
    from game.ui.replay_viewer import ReplayViewer
    battle = hill_battle([(1, "gunner", 7, 4), (2, "gunner", 12, 8)])
    end_every_turn(battle)
    app = make_app()
    viewer = ReplayViewer.from_battle(app, battle, None)
    app.screen = viewer
    pump(app)
    viewer.goto(len(viewer.choices))
    words: list[str] = []
    text = theme.text
    monkeypatch.setattr(theme, "text", lambda s, *a, **k: words.append(s) or text(s, *a, **k))
    if hasattr(viewer, "mission_marks"):
        viewer.mission_marks._layer = None   # drawn again, its label's words read
    viewer.draw(app.surface)
    assert "Round 1 of 6 · points 1: 1 – 2: 0 · 1 to win" in words
    assert "Hill · 1 pt · held by side 1" in words
    assert viewer.rects["view"].contains(viewer.rects["mission_tracker"])


def test_the_camera_brings_a_unit_on_the_maps_top_row_below_the_tracker(make_app):
    # A unit on the map's top row, the camera brought to it: it stood under the tracker,
    # hidden (the camera let the map's top come 24 px below the board's edge, the
    # tracker's box reaches ~34 px).
    from tests.ui.conftest import confirm_handover
    battle = hill_battle([(1, "gunner", 7, 0), (2, "gunner", 7, 38)], victory_points=3,
                         size=(14, 40))   # taller than the board
    app = make_app()
    screen = start_screen(app, battle, sides={1: "human", 2: "human"})
    confirm_handover(app)
    cam = screen.board.camera
    cam.centre_on_tile((7, 38))
    pump(app)
    cam.centre_on_tile((7, 0))     # as the window does for the acting unit, or a click on its token
    pump(app)
    tile = cam.tile_rect((7, 0))
    assert tile.top >= screen.rects["mission_tracker"].bottom, (tile, screen.rects["mission_tracker"])


def test_at_1920x1080_the_menu_gives_the_briefing_room_for_its_larger_font(make_app, monkeypatch):
    # Fonts grow with the window (1.3 at 1080 high) while the thumbnail's box does not:
    # Three Farms' briefing had room for two lines, the second cut. The picture now
    # leaves room that grows with the font: three lines.
    from game.ui import theme
    app = make_app(map="crossroads_farms", ruleset="mahou")
    app.resize((1920, 1080))
    pump(app, 2)
    menu = app.screen
    words: list[str] = []
    text = theme.text
    monkeypatch.setattr(theme, "text", lambda s, *a, **k: words.append(s) or text(s, *a, **k))
    menu.draw(app.surface)
    start = words.index("Scenario: Three Farms") + 1
    lines = words[start:words.index("Crossroads: Three Farms", start)]   # up to the map's name under it
    assert len(lines) >= 3 and lines[0].startswith("Spread out."), lines
    assert menu.thumb_box.contains(menu.mission_rect)
