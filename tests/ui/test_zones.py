"""Reaction reach is drawn on the map: the areas where an enemy's move or act lets a
unit react, from each ruleset's `zones.py` (d20: leaving a two-creature Grapple;
mahou: held actions; action block: Obstruct Movement). Five-by-five and fate have no
such rule (docs/ui.md). Drawn for the other side only, under fog only from seen units,
with a legend saying what the pattern means and, over a zone, whose and which rule.
"""

from __future__ import annotations

import pygame

from game.engine.decisions import TARGET_NONE
from game.ui import battle_frame
from tests.ui.conftest import commit_anyway, confirm_handover, field_battle, hover_tile, pump, start_screen


def _drawn_text(app):
    import game.ui.theme as theme
    seen = []
    real = theme.text
    theme.text = lambda t, *a, **k: (seen.append(t), real(t, *a, **k))[1]
    try:
        app.draw()
    finally:
        theme.text = real
    return seen


def _first_with_side(units, ruleset_id, side, **kw):
    for seed in range(80):
        b = field_battle(units, seed=seed, ruleset_id=ruleset_id, **kw)
        if b.pending is not None and b.pending.side == side:
            return b
    raise AssertionError("no seed gives that side the first turn")


def test_actionblock_obstruct_movement_reach_is_drawn_around_each_enemy(make_app):
    """action-block.txt: a character within Melee Range (5 ft) of a moving character may
    Obstruct Movement: the tiles next to each enemy are its reach."""
    app = make_app()
    battle = _first_with_side([(1, "gunner", 7, 3), (2, "brawler", 8, 4)], "actionblock", 1)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    enemy = next(u for u in battle.units() if battle.team(u) == 2)
    ex, ey = battle.tile(enemy)
    drawn = battle_frame.drawn_zones(screen, screen.shown_units())
    reach = [z for z in drawn if z.owner == enemy and z.kind == "reaction"]
    assert reach and reach[0].tiles == {(x, y) for x in (ex - 1, ex, ex + 1) for y in (ey - 1, ey, ey + 1)} - {(ex, ey)}
    assert all(z.team != 1 for z in drawn if z.kind == "reaction")    # its own reach is no threat to side 1
    # the pattern is on the map: a reach tile is dotted in side 2's colour
    from game.ui import theme
    tile = (ex + 1, ey + 1)
    screen.board.camera.centre_on_tile(tile)
    pump(app)
    r = screen.board.camera.tile_rect(tile)
    colour = theme.team_colour(2)
    px = [tuple(app.surface.get_at((x, y))[:3]) for x in range(r.x + 1, r.right - 1) for y in range(r.y + 1, r.bottom - 1)]
    assert any(sum(abs(a - b) for a, b in zip(p, colour)) < 60 for p in px)
    # the legend (in the log's title row) says what the dots are
    words = _drawn_text(app)
    assert "Reaction reach" in words
    legend = screen.rects["zone_legend"]
    assert not legend.colliderect(screen.rects["view"])     # no panel over the board
    # a move that sets the reach off says whose and which rule, in the preview
    from game.engine.decisions import TARGET_TILE
    from tests.ui.conftest import press_option
    # (side 1's gunner starts next to the brawler: its first step may be obstructed)
    move = next(o for o in battle.pending.options                  # Sidestep, Charge...
                if o.target_kind == TARGET_TILE and not o.offensive and o.targets)
    press_option(app, move.key)
    hover_tile(app, sorted(move.targets)[0])
    words = _drawn_text(app)
    text = " ".join(words)
    assert f"On the way: Obstruct Movement: {battle.name(enemy)} can end a move here" in text, text


def test_mahou_held_actions_reach_is_drawn(make_app):
    """mahou-galaxy.txt, Hold: held actions may be used at any time; the game offers them
    when an enemy moves within 5 feet. A unit that holds shows that reach to the enemy."""
    app = make_app()
    battle = _first_with_side([(1, "brawler", 3, 4), (2, "brawler", 9, 4)], "mahou", 1)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    holder = battle.pending.actor
    assert not [z for z in screen.zones if z.owner == holder]
    hold = battle.pending.option("hold")
    assert hold is not None
    assert screen.controls.commit(hold, None)
    for _ in range(20):     # on to side 2's decision
        if battle.pending is None or battle.pending.side == 2:
            break
        d = battle.pending
        opt = d.option("end_turn") or d.option("pass") or d.options[-1]
        commit_anyway(screen, opt, None if opt.target_kind == TARGET_NONE else opt.targets[0])
    assert battle.pending is not None and battle.pending.side == 2
    confirm_handover(app)
    hx, hy = battle.tile(holder)
    reach = [z for z in battle_frame.drawn_zones(screen, screen.shown_units()) if z.owner == holder]
    assert reach and reach[0].kind == "reaction" and (hx - 1, hy) in reach[0].tiles and (hx, hy) not in reach[0].tiles
    # side 2's move preview at a tile next to the holder says what it sets off
    move = screen._smart_tile_option()
    near = sorted(set(move.targets) & reach[0].tiles)
    assert near
    hover_tile(app, near[0])
    assert screen.preview()[0] == "move"
    words = _drawn_text(app)
    text = " ".join(words)
    assert f"On the way: Held actions: a move ending here lets {battle.name(holder)} act" in text, text


def test_d20_leaving_a_grapple_is_a_reaction_zone_on_its_tile(make_app):
    """d20-firearms.txt: exiting a two-creature Grapple lets the other strike as a
    Reaction: the grapple's tile is the grappler's reach while it has its Reaction."""
    from game.engine import grapple
    app = make_app()
    battle = _first_with_side([(1, "brawler", 4, 4), (2, "brawler", 5, 4)], "d20", 1)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    me = battle.pending.actor
    melee = battle.pending.option("melee")
    assert melee is not None and melee.targets
    target = melee.targets[0]
    assert screen.controls.commit(melee, target)
    assert grapple.in_grapple(battle, me)
    zones = [z for z in screen.zones if z.kind == "reaction"]
    owners = {z.owner for z in zones}
    assert me in owners or target in owners
    for z in zones:
        assert z.tiles == {battle.tile(z.owner)}
        assert "Leaving the grapple" in z.label and z.when == "leave"
    # side 1 still has 2 Actions: choosing where to step out of the grapple, the
    # preview says the enemy may strike
    exit_opt = battle.pending.option("exit_grapple")
    assert battle.pending.actor == me and exit_opt is not None and exit_opt.targets
    from tests.ui.conftest import press_option
    press_option(app, "exit_grapple")
    hover_tile(app, sorted(exit_opt.targets)[0])
    text = " ".join(_drawn_text(app))
    assert f"On the way: Leaving the grapple lets {battle.name(target)} strike (Reaction)" in text, text


def test_which_part_of_a_move_sets_a_zone_off():
    """pass: a step taken from a zone tile (starting in it or crossing it; ending in it
    sets nothing off yet); end: the move ends in it; leave: the move starts in it."""
    from game.ui.rules_view import Zone, sets_off
    tiles = frozenset({(5, 5)})
    zone = {w: Zone(1, 2, tiles, "reaction", "", w) for w in ("pass", "end", "leave")}
    through = ((4, 5), [(5, 5), (6, 5)])
    into = ((4, 5), [(5, 5)])
    out_of = ((5, 5), [(6, 5)])
    past = ((3, 5), [(4, 5)])
    assert [sets_off(zone["pass"], *m) for m in (through, into, out_of, past)] == [True, False, True, False]
    assert [sets_off(zone["end"], *m) for m in (through, into, out_of, past)] == [False, True, False, False]
    assert [sets_off(zone["leave"], *m) for m in (through, into, out_of, past)] == [False, False, True, False]


def test_under_fog_a_reach_is_drawn_only_from_a_seen_unit(make_app):
    app = make_app()
    walls = [(6, y) for y in range(10)]
    battle = _first_with_side([(1, "gunner", 3, 4), (2, "brawler", 9, 4)], "actionblock", 1, walls=walls)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, fog=True, speed=0)
    confirm_handover(app)
    enemy = next(u for u in battle.units() if battle.team(u) == 2)
    assert enemy not in screen.shown_units()
    assert any(z.owner == enemy for z in screen.zones)                      # the ruleset says it
    assert not any(z.owner == enemy for z in battle_frame.drawn_zones(screen, screen.shown_units()))   # side 1 is not shown it
    pygame.display.quit()
