"""The declaration view read from a DECLARE decision's context, and the animator that
plays a turn's resolution out step by step. Plain data in, no window needed."""

from __future__ import annotations

from types import SimpleNamespace

from game.engine.events import Moved, Note
from game.ui.anim import Animator
from game.ui.declarations import build
from game.ui.snapshot import BoardView, UnitView


def unit(uid, team, tile, hp=10, posture="standing"):
    return UnitView(uid, f"U{uid}", team, tile, hp, 10, True, posture, "gunner")


def board(units, version=0, round_=1):
    return BoardView({u.id: u for u in units}, (), round_, None, None, None, "", False, None, 0, version)


UNITS = {u.id: u for u in (unit(1, 1, (1, 1)), unit(2, 2, (8, 1)), unit(3, 1, (1, 5)), unit(4, 2, (8, 5)))}


def decision(actor, context):
    return SimpleNamespace(actor=actor, context=context)


def test_declarations_are_ordered_by_the_declaring_direction_inferred_from_initiative():
    # initiative fastest first: 4, 3, 2, 1; 1 and 2 (the slowest) have declared, 3 declares now
    ctx = {"slot": 1, "round": 2, "initiative": ((4, "U4", 3), (3, "U3", 1), (2, "U2", 0), (1, "U1", -2)),
           "declared": ({"unit": 2, "slot": 1, "kind": "move", "target": (6, 1)},
                        {"unit": 1, "slot": 2, "kind": "attack", "target": 2, "with": "machine_pistol"},
                        {"unit": 1, "slot": 1, "kind": "move", "target": (2, 1)},
                        {"unit": 2, "slot": 2, "kind": "kneel", "target": None})}
    dv = build(decision(3, ctx), UNITS, {"move": "Move", "attack": "Attack"}, {"attack"})
    assert dv.order == [1, 2, 3, 4]                   # slowest first
    assert [(e.unit, e.slot) for e in dv.entries] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert dv.declared_units() == [1, 2]
    move, attack, _, kneel = dv.entries
    assert move.is_move and move.origin == (1, 1) and move.to == (2, 1)
    # U1 attacked from its planned tile, at U2 where U2 stood when U1 declared (U2 declared later)
    assert attack.origin == (2, 1) and attack.to == (8, 1) and dv.is_offensive(attack)
    assert kneel.posture == "kneeling" and kneel.origin == (6, 1)
    assert dv.planned_tile_of(2, 2, (8, 1)) == (6, 1)
    assert dv.describe(attack, lambda u: f"U{u}") == "Attack → U2 with machine pistol"
    assert dv.describe(move, str) == "Move to (2, 1)"


def test_fastest_first_declaring_and_a_context_without_initiative():
    ctx = {"slot": 2, "initiative": (4, 3, 2, 1), "planned_tile": (3, 3), "planned_posture": "prone",
           "declared": ({"unit": 4, "slot": 1, "kind": "move", "target": (7, 5)},
                        {"unit": 2, "slot": 1, "kind": "hold", "target": None},
                        {"unit": 2, "slot": 1, "kind": "prone", "target": None})}
    dv = build(decision(2, ctx), UNITS)
    assert dv.order == [4, 3, 2, 1]                   # the declared ones are faster: fastest first
    assert dv.planned_tile == (3, 3) and dv.planned_posture == "prone"
    assert dv.planned_tile_of(2, 2, (8, 1)) == (3, 3)  # the declaring unit: the context says
    bare = build(decision(3, {"declared": [{"unit": 1, "slot": 1, "kind": "move", "target": [2, 2]},
                                           "junk", {"slot": 1}]}), UNITS)
    assert bare.order == [1, 3] and [e.to for e in bare.entries] == [(2, 2)]
    assert build(decision(3, {"something": 1}), UNITS) is None


def test_fog_and_secret_declarations():
    ctx = {"slot": 1, "declared": ({"unit": 2, "slot": 1, "kind": "move", "target": (6, 1)},
                                   {"unit": 4, "slot": 1, "kind": "attack", "target": 3, "secret": True})}
    dv = build(decision(1, ctx), UNITS)
    seen_by_1 = [e.unit for e in dv.entries if dv.visible(e, 1, shown={1, 3, 4})]
    assert seen_by_1 == [4]                           # unit 2 is out of side 1's sight
    assert dv.hidden(dv.entries[1], 1) and not dv.hidden(dv.entries[1], 2)
    assert all(dv.visible(e, None, set()) for e in dv.entries)   # no fog: everything


def test_a_turn_plays_out_in_order_walks_together_and_lines_show_as_they_play():
    pre = board([unit(1, 1, (0, 0)), unit(2, 2, (5, 0), hp=10)], 0)
    post = board([unit(1, 1, (2, 2)), unit(2, 2, (5, 2), hp=4, posture="prone")], 1)

    class Wounded(SimpleNamespace):
        pass

    events = [Note("— Action 1: moves —"), Moved(1, "U1", ((1, 1),)), Moved(2, "U2", ((5, 1), (5, 2))),
              Moved(1, "U1", ((2, 2),)), Wounded(unit=2, level="Hurt"), Wounded(unit=2, posture="prone")]
    shown: list = []
    anim = Animator()
    anim.enqueue(events, pre, post, 1.0, show=shown.append)
    assert anim.resolving and shown == []
    anim.update(0.01)
    assert shown == events[:1] and anim.caption.endswith("Action 1: moves")
    assert anim.hp[2] == 10 and anim.posture[2] == "standing"   # the old look, until its event
    anim.update(0.7)                                  # the caption is held, then the walks start together
    walk = anim.current
    assert walk.kind == "walk" and [w[0] for w in walk.walkers] == [1, 2]
    assert shown == events[:3]                        # both lines show as the walks start
    anim.update(walk.duration - walk.elapsed + 0.01)
    second = anim.current
    assert second.kind == "walk" and second.path[0] == (1, 1)   # the second walk starts where the first ended
    for _ in range(40):
        anim.update(0.1)
    assert not anim.busy and shown == events and anim.hp == {} and anim.posture == {}
    # at speed 0 everything shows at once
    shown.clear()
    anim.enqueue(events, pre, post, 0, show=shown.append)
    assert shown == events and not anim.busy


def test_the_acting_units_tag_goes_above_it_when_a_unit_stands_below():
    # Seen under Xvfb (fate, woodland seed 3): Firestarter 1-1's "action 1" tag, drawn
    # under it, was hidden by Sharpshooter 1-1 one tile down and to the right.
    from game.ui.decl_board import tag_spot
    units = {u.id: u for u in (unit(1, 1, (5, 5)), unit(2, 1, (6, 6)), unit(3, 2, (9, 9)))}
    centre, r = (100, 100), 12
    assert tag_spot((5, 5), centre, r, units, None, set())[1] < centre[1] - r   # above
    assert tag_spot((9, 9), centre, r, units, None, set())[1] > centre[1] + r   # below: free
    # under fog, a unit the side cannot see does not move the tag (it is not drawn)
    hidden = board([unit(1, 1, (5, 5)), unit(4, 2, (5, 6))]).units
    assert tag_spot((5, 5), centre, r, hidden, 1, set())[1] > centre[1] + r
    assert tag_spot((5, 5), centre, r, hidden, 1, {4})[1] < centre[1] - r


def test_the_declarations_column_folds_by_its_title_and_only_while_shown():
    """The column is a part with its own state (game/ui/decl_panel.py): a click on its
    title folds it to one line (30 px) and back; once hidden, its old title's place is
    the board's again."""
    import pygame

    from game.ui import theme
    from game.ui.decl_panel import DeclarationsPanel
    pygame.display.init()
    panel = DeclarationsPanel()
    surf = pygame.Surface((400, 400))
    rows = [(0, f"Unit {i} · declares later (sees these)", theme.TEXT, False) for i in range(6)]
    panel.draw(surf, pygame.Rect(6, 46, 220, 300), "Declarations · turn 1", rows)
    open_h = panel.rect.h
    assert open_h > 30
    assert panel.click(panel.title_rect.center) and panel.folded
    panel.draw(surf, pygame.Rect(6, 46, 220, 300), "Declarations · turn 1", rows)
    assert panel.rect.h == 30
    assert not panel.click((300, 300))          # a click elsewhere is not its
    title = panel.title_rect.center
    panel.hide()
    assert not panel.click(title) and panel.folded
