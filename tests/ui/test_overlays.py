"""Overlays: the move overlay's colours are told apart and a legend names what each costs."""

from __future__ import annotations

from game.ui import battle_frame, theme
from tests.ui.conftest import confirm_handover, start_screen


def test_move_bands_are_told_apart_and_the_legend_names_their_cost(make_app):
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    bands = [c[:3] for c in theme.MOVE_BANDS]
    for i in range(len(bands)):
        for j in range(i + 1, len(bands)):
            # the old blue (60, 140, 255) and cyan (60, 200, 235) were 60 apart: read the same
            assert sum(abs(a - b) for a, b in zip(bands[i], bands[j])) > 150, (bands[i], bands[j])
    app = make_app()
    battle = new_battle(maps_dir() / "woodland.tmx", "d20", seed=5)
    screen = start_screen(app, battle)
    confirm_handover(app)
    app.step(0.05)
    assert [b for b, _ in screen.move_legend] == [0, 1, 2, 3]
    assert screen.move_legend[0][1] == "up to 1 Action · 30 ft"
    legend = screen.rects["legend"]
    assert not legend.colliderect(screen.rects["view"])
    # the first swatch is drawn in the first band's colour
    assert any(tuple(app.surface.get_at((x, legend.y + 8))[:3]) == bands[0]
               for x in range(legend.x, legend.x + 120))


def test_hovering_an_enemy_out_of_range_says_so_and_the_weapons_reach_is_drawn(make_app):
    from tests.ui.conftest import field_battle, hover_tile
    app = make_app()
    battle = next(b for b in (field_battle([(1, "gunner", 2, 5), (2, "gunner", 38, 5)], w=40, h=12, seed=s)
                              for s in range(50)) if b.pending.side == 1)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    enemy = next(u for u in battle.units() if battle.team(u) == 2)
    assert battle.pending.option("shoot") is None or enemy not in battle.pending.option("shoot").targets
    hover_tile(app, battle.tile(enemy))
    prev = screen.preview()
    assert prev is not None and prev[0] == "unreachable" and prev[1] == enemy
    assert "range" in prev[2]
    # the weapon's maximum reach is drawn around the actor: a light square outline
    from game.ui import rules_view
    ranges = rules_view.weapon_ranges(battle, battle.pending.actor)
    assert ranges and ranges[-1] < 36
    cam = screen.board.camera
    me = battle.tile(battle.pending.actor)
    edge = cam.tile_rect((me[0] + ranges[-1], me[1]))
    cam.ensure_visible((me[0] + ranges[-1], me[1]), 2)
    app.step(0.05)
    edge = cam.tile_rect((me[0] + ranges[-1], me[1]))
    assert any(tuple(app.surface.get_at((edge.right - 1 + dx, edge.centery))[:3]) == (255, 235, 180)
               for dx in (-1, 0, 1))


def test_the_hit_chance_badge_is_drawn_clear_of_a_neighbouring_unit(make_app):
    """The badge above the target would sit where the unit above it stands: it goes to
    the next free side (issue 30: odds labels sat on units), and nothing covers it."""
    from tests.ui.conftest import field_battle, hover_tile
    app = make_app()
    battle = next(b for b in (field_battle([(1, "gunner", 2, 5), (2, "gunner", 6, 5), (2, "gunner", 6, 4)],
                                           seed=s) for s in range(60)) if b.pending.side == 1)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    target = next(u for u in battle.units() if battle.tile(u) == (6, 5))
    hover_tile(app, (6, 5))
    assert screen.preview()[0] == "odds" and screen.preview()[2] == target
    app.step(0.05)
    cam = screen.board.camera
    r = screen.board.unit_radius()
    badge = screen.rects["badge"]
    assert not badge.inflate(2 * r, 2 * r).collidepoint(cam.tile_centre((6, 4)))
    # its red fill shows (drawn after the units)
    assert any(tuple(app.surface.get_at((badge.x + 3, y))[:3]) == (140, 30, 24)
               for y in range(badge.y + 2, badge.bottom - 2))


def test_at_1x_each_log_line_gets_time_to_be_read():
    """30 lines used to scroll past in 8 s; now each stays at least READ_BASE at 1×
    (a quarter of that at 4×), a long one longer."""
    from types import SimpleNamespace

    from game.ui.anim import READ_BASE, Animator
    from game.ui.snapshot import BoardView

    class Rolled(SimpleNamespace):
        def describe(self):
            return self.text
    events = [Rolled(text="Gunner 1-1 shoots Scout 2-1: d20 12 + 4 = 16 vs Dodge 14: hit.") for _ in range(30)]
    view = BoardView({}, (), 1, None, None, None, "", False, None, 0, 0)
    for speed in (1.0, 4.0):
        anim = Animator()
        anim.enqueue(events, view, view, speed, show=lambda ev: None)
        total = sum(s.duration for s in anim.steps)
        assert total >= 30 * READ_BASE / speed
        assert total >= 15 / speed


def test_the_replay_viewer_draws_fates_declarations_and_keeps_the_board_uncovered(make_app):
    from game.ai import make_ai
    from game.engine.decisions import DECLARE
    from game.ui.replay_viewer import ReplayViewer
    from tests.ui.conftest import field_battle
    battle = field_battle([(1, "gunner", 2, 3), (1, "gunner", 2, 6), (2, "gunner", 10, 3), (2, "gunner", 10, 6)],
                          seed=3, ruleset_id="fate")
    ais = {t: make_ai("fate", t) for t in battle.teams()}
    # play until a declaration with something already declared is pending
    for _ in range(60):
        d = battle.pending
        ctx = d.context if hasattr(d.context, "get") else {}
        if d.kind == DECLARE and ctx.get("declared"):
            break
        battle.submit(ais[d.side].decide(battle, d))
    app = make_app()
    viewer = ReplayViewer.from_battle(app, battle)
    app.screen = viewer
    viewer.goto(len(battle.choices))
    app.step(0.05)
    assert viewer.decl is not None and viewer.decl.entries
    view = viewer.rects["view"]
    assert not view.colliderect(viewer.rects["log"])


def test_suppression_cones_are_drawn_on_the_board(make_app):
    """d20: after a unit lays suppressing fire, its cone is hatched red on the map."""
    from tests.ui.conftest import field_battle, pump
    app = make_app()
    battle = next(b for b in (field_battle([(1, "gunner", 2, 5), (2, "gunner", 9, 5)], w=16, h=11, seed=s)
                              for s in range(60)) if b.pending.side == 1)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    sup = battle.pending.option("suppress")
    assert sup is not None and sup.targets
    aim = min(sup.targets, key=lambda t: abs(t[0] - 9) + abs(t[1] - 5))
    assert screen.controls.commit(sup, aim)
    assert screen.zones and screen.zones[0][1] == 1
    tile = sorted(screen.zones[0][2])[len(screen.zones[0][2]) // 2]
    confirm_handover(app)
    screen.board.camera.centre_on_tile(tile)
    pump(app)
    r = screen.board.camera.tile_rect(tile)
    pixels = [tuple(app.surface.get_at((x, y))[:3]) for x in range(r.x + 1, r.right - 1) for y in range(r.y + 1, r.bottom - 1)]
    assert any(p[0] > p[1] + 40 and p[0] > p[2] + 30 for p in pixels)   # reddened by the hatching


def test_a_pinned_unit_is_told_why_move_is_all_it_can_do(make_app):
    from game.engine.decisions import Decision, Option
    from tests.ui.conftest import field_battle, pump
    from tests.ui.conftest import gunner_duel
    app, battle, screen, me, enemy = gunner_duel(make_app)
    # the deciding unit stands in the enemy's cone and may only move
    screen.zones = [(enemy, battle.team(enemy), frozenset({battle.tile(me)}))]
    move = battle.pending.option("move")
    screen.decision = Decision(me, battle.pending.side, battle.pending.kind, (move,), "Pinned: move")
    assert battle_frame.pin_state(screen) == (screen.view.units[enemy].name, None)
    seen = []
    import game.ui.theme as theme
    real = theme.text
    theme.text = lambda t, *a, **k: (seen.append(t), real(t, *a, **k))[1]
    try:
        screen.hover_tile = None
        app.draw()
    finally:
        theme.text = real
    assert "Pinned down" in seen


def test_a_label_by_a_tile_at_the_view_edge_is_kept_whole_inside_the_view(make_app):
    """The cost tag over a hovered tile at the board's right edge (fate's "move action:
    3 of 6 tiles" was cut off there) is moved inside the viewport."""
    from game.ui import board_overlays
    from tests.ui.conftest import field_battle, post_move, pump
    app = make_app()
    battle = next(b for b in (field_battle([(1, "scout", 12, 5), (2, "gunner", 2, 5)], w=16, h=11, seed=s)
                              for s in range(60)) if b.pending.side == 1)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    me = battle.tile(battle.pending.actor)
    dest = (me[0] + 3, me[1])
    assert dest in battle.pending.option("move").targets
    view = screen.rects["view"]
    cam = screen.board.camera
    cam.x += (cam.tile_rect(dest).right - view.right + 2) / cam.zoom   # the tile ends at the view's edge
    boxes = []
    real = board_overlays.inside
    raw = []
    board_overlays.inside = lambda box, surface: (raw.append(box.copy()), boxes.append(real(box, surface)), boxes[-1])[2]
    try:
        post_move(cam.tile_centre(dest))
        pump(app)
    finally:
        board_overlays.inside = real
    assert screen.preview()[0] == "move"
    assert boxes and all(view.contains(b) for b in boxes), (boxes, view)
    assert any(not view.contains(b) for b in raw)    # centred on the tile, the tag would stick out


def test_a_legend_whose_cost_names_its_most_reads_without_up_to(make_app):
    # fate's cost is "move action: 3 of 6 tiles": the legend read "up to move action: 6 of 6 tiles"
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    seen = []
    for ruleset in ("fate", "fivebyfive"):
        app = make_app()
        battle = new_battle(maps_dir() / "arena.tmx", ruleset, seed=3)
        screen = start_screen(app, battle)
        confirm_handover(app)
        app.step(0.05)
        if not screen.move_legend:
            continue
        for _, text in screen.move_legend:
            assert not text.startswith("up to") and " of " in text, (ruleset, text)
            seen.append(text)
    assert seen
