"""A 4dF turn in the real window: declarations slowest first, shown to each declarer, the
hand-over between the sides that declare, then the whole turn resolving step by step.

Driven as tests/ui drives the window: posted mouse and key events, frames stepped with
`App.step`, the dummy video driver, no clock. Each test names what a player does and
checks the battle's state afterwards.
"""

from __future__ import annotations

import pygame

from game.engine.components import Posture
from game.ui import battle_frame
from tests.helpers import events_of
from tests.ui.conftest import (press_option, click_tile, confirm_handover, field_battle, headless_window,  # noqa: F401
                               hover_tile, make_app, press, pump, start_screen, tile_pos, until)

BACKDROP = (10, 12, 16)  # the hand-over screen's backdrop: the board is hidden


def fate_battle(units, seed=1, **kw):
    return field_battle(units, seed=seed, ruleset_id="fate", **kw)


def declared(screen):
    return [(e.unit, e.slot, e.kind) for e in screen.visible_declarations()]


def test_one_turn_declared_by_mouse_and_keys_then_resolved_step_by_step(make_app):
    """Two people, a marksman each. The slower declares first (a click on a tile: a
    planned move; H: hold). The board hides for the hand-over; the faster then sees
    that declaration (panel and board), aims where the slower will be (A, then a click
    on the planned tile) and kneels (K). The turn then plays out: the log reveals each
    line as its step plays; afterwards the slower stands on its planned tile, the
    faster has shot at it there and kneels."""
    from game.rulesets.fate.events import AttackRolled, Declared
    app = make_app()
    battle = fate_battle([(1, "marksman", 3, 4), (2, "marksman", 10, 4)], seed=1)
    screen = start_screen(app, battle)
    fast, slow = battle.turn_order
    start = battle.tile(slow)
    # nobody is at the keyboard yet: the slower unit's side is asked first
    assert screen.handover == battle.team(slow)
    confirm_handover(app)
    d = battle.pending
    assert d.actor == slow and d.kind == "declare" and d.context["slot"] == 1
    assert screen.decision is d and screen.decl is not None and declared(screen) == []

    # action 1: a plain click on a blue tile declares a move; nothing moves yet
    dest = (start[0] + (2 if start[0] < 7 else -2), start[1] + 2)
    assert dest in d.option("move").targets
    click_tile(app, dest)
    assert battle.tile(slow) == start and battle.pending.actor == slow
    assert battle.pending.context["slot"] == 2
    # action 2 is declared from the planned tile: the ghost, the path and the odds start there
    assert screen.decl.planned_tile == dest and screen.actor_tile() == dest
    assert declared(screen) == [(slow, 1, "move")]
    press(app, pygame.K_h, "h")                       # hold
    assert [e.text for e in events_of(battle, Declared)] == [f"move to {dest}", "hold"]

    # the other side declares next: the hand-over hides the board
    assert battle.pending.actor == fast
    assert screen.handover == battle.team(fast) and screen.decision is None
    pump(app)
    assert app.surface.get_at(tile_pos(screen, start))[:3] == BACKDROP
    confirm_handover(app)
    assert screen.decision is battle.pending

    # the faster unit sees what the slower declared: on the board, in the panel, in the top bar
    assert declared(screen) == [(slow, 1, "move"), (slow, 2, "hold")]
    assert screen.planned_tile(slow) == dest
    assert "decl" in screen.rects and screen.rects["decl"].h > 60
    hover_tile(app, dest)                             # the planned tile, not where it stands now
    prev = screen.preview()
    assert prev is not None and prev[0] == "odds" and prev[2] == slow and prev[3].hit > 0
    press_option(app, "attack")                       # arm Attack
    assert screen.armed == "attack"
    click_tile(app, dest)                             # at the slower unit, where it will be
    assert battle.pending.actor == fast and battle.pending.context["slot"] == 2
    assert (fast, 1, "attack") in declared(screen)

    # action 2: kneel (no target: the key commits it); the turn resolves at once
    log_before = len(screen.log.entries)
    press(app, pygame.K_k, "k")
    assert battle.round == 2
    moved = next(e for e in battle.log if type(e).__name__ == "Moved" and e.unit == slow)
    shot = events_of(battle, AttackRolled)[-1]
    assert (shot.attacker, shot.target) == (fast, slow)
    assert battle.tile(slow) == dest and battle.get(fast, Posture).value == "kneeling"

    # ... and plays out step by step: the log holds back what has not played yet
    assert screen.anim.resolving
    assert len(screen.log.entries) > log_before       # every line is there,
    shown = screen.log.texts()
    assert moved.describe().strip() not in [t.strip() for t in shown]   # not all of them shown yet
    assert screen.decision is None                    # the next turn waits for the show
    pump(app)
    assert app.surface.get_at(tile_pos(screen, dest))[:3] != BACKDROP   # the board, not a hand-over
    assert until(app, lambda: not screen.anim.busy, frames=400)
    lines = [t.strip() for t in screen.log.texts()]
    for ev in (moved, shot):
        assert ev.describe() in lines
    heading = lines.index("— Action 1: moves, then attacks, fastest first —")
    assert heading < lines.index(moved.describe()) < lines.index(shot.describe())
    # the next turn's first declaration is asked (after a hand-over if the other side's)
    confirm_handover(app)
    assert until(app, lambda: screen.decision is battle.pending and battle.pending is not None)
    assert battle.pending.context["round"] == 2 and screen.decl.entries == []


def test_a_key_ends_the_resolution_at_once(make_app):
    """A person need not watch: any key plays the rest of the turn out at once, every
    line of it in the log, and the next declaration is asked."""
    app = make_app()
    battle = fate_battle([(1, "marksman", 3, 4), (2, "marksman", 10, 4)], seed=1)
    screen = start_screen(app, battle)
    fast, slow = battle.turn_order
    confirm_handover(app)
    click_tile(app, (battle.tile(slow)[0], battle.tile(slow)[1] + 2))   # move
    press(app, pygame.K_h, "h")
    confirm_handover(app)
    press(app, pygame.K_h, "h")
    press(app, pygame.K_h, "h")
    assert battle.round == 2 and screen.anim.resolving and screen.log.limit is not None
    press(app, pygame.K_END)
    assert not screen.anim.busy and screen.log.limit is None
    confirm_handover(app)
    pump(app)
    assert screen.decision is battle.pending


def test_hotseat_under_fog_each_side_sees_only_its_own_declarations(make_app):
    """A wall splits the field: neither side sees the other. Every declaration hands the
    keyboard over when the declaring side changes (and only then); each side's panel,
    board and log show its own declarations, never the other side's."""
    from game.rulesets.fate.events import Declared
    wall = [(8, y) for y in range(10)]
    app = make_app(fog=True)
    battle = fate_battle([(1, "marksman", 2, 2), (1, "gunner", 2, 7), (2, "marksman", 13, 2),
                          (2, "gunner", 13, 7)], seed=2, w=16, walls=wall)
    screen = start_screen(app, battle, fog=True)
    side_of = {u: battle.team(u) for u in battle.units()}
    slowest_first = list(reversed(battle.turn_order))
    keyboard, handovers, hidden = None, 0, 0
    planned = {}
    for unit in slowest_first:
        for slot in (1, 2):
            side = side_of[unit]
            if side != keyboard:                      # the declaring side changes: hand over
                assert screen.handover == side, (unit, slot)
                pump(app)
                assert app.surface.get_at((100, 300))[:3] == BACKDROP
                confirm_handover(app)
                keyboard, handovers = side, handovers + 1
            else:
                assert screen.handover is None, (unit, slot)
            assert battle.pending.actor == unit and screen.decision is battle.pending
            # what this side may see: its own declarations, none of the other side's
            everything = {e.unit for e in screen.decl.entries}
            seen = {e.unit for e in screen.visible_declarations()}
            assert seen == {u for u in everything if side_of[u] == side}
            assert all(side_of[u] == side for u in seen)
            hidden += len(everything - seen)
            if slot == 1:
                opt = battle.pending.option("move")
                dest = min(opt.targets, key=lambda t: (abs(t[0] - battle.tile(unit)[0] - 1)
                                                      + abs(t[1] - battle.tile(unit)[1]), t))
                click_tile(app, dest)
                planned[unit] = dest
            else:
                press(app, pygame.K_h, "h")
    assert handovers == 1 + sum(side_of[a] != side_of[b] for a, b in zip(slowest_first, slowest_first[1:]))
    assert handovers >= 2 and hidden > 0   # (this seed: the sides alternate; some were hidden)
    assert battle.round == 2
    confirm_handover(app)
    until(app, lambda: not screen.anim.busy, frames=400)
    assert all(battle.tile(u) == t for u, t in planned.items())
    # the log: each side reads its own side's declarations; the other's are left out,
    # and the other's moves are "out of sight"
    for side in (1, 2):
        lines = [t.strip() for t in screen.log.texts(viewer=side)]
        for ev in events_of(battle, Declared):
            assert (ev.describe() in lines) == (side_of[ev.unit] == side), (side, ev.describe())
        # The other side's moves: read in full only where their end is seen, else
        # "moves out of sight" when seen on the way, else not at all (the window's fog
        # rule, checked line by line against sight in tests/ui's fog hotseat test).
        for u in planned:
            if side_of[u] != side:
                name = battle.name(u)
                assert all(not t.startswith(f"{name} moves") or t == f"{name} moves out of sight."
                           or screen_sees_end(screen, side, battle.tile(u)) for t in lines)
    # without fog the log is everyone's
    assert all(ev.describe() in [t.strip() for t in screen.log.texts()] for ev in events_of(battle, Declared))


def screen_sees_end(screen, side, tile) -> bool:
    return bool(screen.sight.of(side, screen.view)[tile])


def _near(c, want, tol=24) -> bool:
    return all(abs(int(a) - int(b)) <= tol for a, b in zip(c[:3], want[:3]))


def _count(surface, pts, colour) -> int:
    """Pixels close to `colour` within 2 px of the points."""
    n = 0
    for x, y in pts:
        for dx in range(-2, 3):
            for dy in range(-2, 3):
                if _near(surface.get_at((int(x) + dx, int(y) + dy)), colour):
                    n += 1
    return n


def test_declarations_are_drawn_on_the_board_and_listed_in_the_panel(make_app):
    """The faster declarer sees the slower one's planned move as a dashed line in its
    side's colour ending in a ring on the planned tile, and its own declared attack as
    an arrow; the panel lists both in declaring order, the declarer marked."""
    from game.ui.board_marks import light as _light   # (the board's marks: game/ui/board_marks.py)
    from game.ui import theme
    app = make_app()
    battle = fate_battle([(1, "marksman", 3, 4), (2, "marksman", 10, 4)], seed=1)
    screen = start_screen(app, battle)
    fast, slow = battle.turn_order
    start = battle.tile(slow)
    dest = (start[0] + (3 if start[0] < 7 else -3), start[1])   # a straight move along the row
    confirm_handover(app)
    click_tile(app, dest)
    press(app, pygame.K_h, "h")
    confirm_handover(app)
    cam = screen.board.camera
    cam.centre_on_tile((7, 4))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 700), rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    surf = app.surface
    a, b = cam.tile_centre(start), cam.tile_centre(dest)
    line = [(a[0] + (b[0] - a[0]) * k / 40, a[1]) for k in range(8, 33)]
    assert _count(surf, line, _light(theme.team_colour(battle.team(slow)))) > 40   # the dashed path
    assert _count(surf, line, (0, 0, 0)) > 10                                     # dashes have dark edges
    rows = [text for _, text, _, _ in battle_frame.decl_rows(screen, screen.shown_units())]
    assert rows[0] == battle.name(slow) and rows[1] == f"1 · Move to ({dest[0]}, {dest[1]})"
    assert rows[2] == "2 · Hold" and rows[3].endswith(f"{battle.name(fast)}: declaring action 1")

    # the faster one attacks the slower where it will be: an arrow from it to the planned tile
    press_option(app, "attack")
    click_tile(app, dest)
    cam.centre_on_tile((7, 4))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 700), rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    f = cam.tile_centre(battle.tile(fast))
    arrow = [(f[0] + (b[0] - f[0]) * k / 40, f[1] + (b[1] - f[1]) * k / 40) for k in range(10, 30)]
    assert _count(app.surface, arrow, _light(theme.team_colour(battle.team(fast)))) > 40
    rows = [text for _, text, _, _ in battle_frame.decl_rows(screen, screen.shown_units())]
    assert f"1 · Attack → {battle.name(slow)} with Scoped rifle" in rows   # the weapon as the log names it


def test_under_fog_the_window_log_names_no_unseen_unit_in_initiative_lines(make_app):
    """A wall splits the field: each side's log reads its own units' initiative lines and
    an order line that counts the other side's units instead of naming them."""
    from game.rulesets.fate.events import DeclarationOrder, InitiativeRolled
    wall = [(8, y) for y in range(10)]
    app = make_app(fog=True)
    battle = fate_battle([(1, "marksman", 2, 2), (1, "gunner", 2, 7), (2, "marksman", 13, 2),
                          (2, "gunner", 13, 7)], seed=2, w=16, walls=wall)
    screen = start_screen(app, battle, fog=True)
    for side in (1, 2):
        lines = [t.strip() for t in screen.log.texts(viewer=side)]
        others = [battle.name(u) for u in battle.units() if battle.team(u) != side]
        for ev in events_of(battle, InitiativeRolled):
            assert (ev.describe() in lines) == (battle.team(ev.unit) == side)
        order = [t for t in lines if any(ev.describe_for(lambda u: True) == t
                                         for ev in events_of(battle, DeclarationOrder))]
        assert not order  # the all-seeing order line is never read under fog
        assert not any(name in t for t in lines for name in others if "initiative" in t)
