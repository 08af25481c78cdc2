"""The declarations made so far, read and shown: on the board, and in the column's words.

While units declare (fate, and every ruleset's DECLARE decisions), a `DeclarationReader`
reads the decision's context into a `declarations.DeclarationView` with the path of each
planned move (it learns each option's label and whether it attacks, as the options come,
and the paths are kept with the map). `draw_on_board` draws what the side at the keyboard
may see: a dashed path to each planned tile (a ring with the action number there), an
arrow for each declared attack or aim, a tag for a posture change, and where the
declaring unit acts from. `rows` words the same for the declarations column
(game/ui/decl_panel.py).
"""

from __future__ import annotations

from dataclasses import replace

from game.engine.decisions import DECLARE
from game.ui import declarations, rules_view, theme
from game.ui.board_marks import dashed_circle, draw_declared, tag


class DeclarationReader:
    def __init__(self) -> None:
        self.labels: dict[str, str] = {}     # an option's key -> its label, as offered so far
        self.offensive: set[str] = set()     # the option keys that attack

    def read(self, p, units, battle, paths: bool) -> declarations.DeclarationView | None:
        """The declarations made so far, from a DECLARE decision's context (see
        game/ui/declarations.py for the keys), with the path of each planned move when
        `paths`; None for any other decision."""
        if p is None or p.kind != DECLARE:
            return None
        for opt in p.options:
            self.labels.setdefault(opt.key, opt.label)
            if opt.offensive:
                self.offensive.add(opt.key)
        try:
            dv = declarations.build(p, units, self.labels, self.offensive)
        except Exception as exc:  # an odd context must not take the window down
            rules_view._report_once("the declaration view", exc)
            return None
        if dv is None:
            return None
        if paths:
            dv.entries = [replace(e, path=self._planned_path(e, units, battle)) if e.is_move and e.origin else e
                          for e in dv.entries]
        return dv

    def _planned_path(self, e: declarations.Entry, units, battle) -> tuple:
        """A planned move's way from where the unit will be to its planned tile (drawn
        dashed); other units in the fight block it where they stand now."""
        blocked = tuple(sorted(u.tile for u in units.values() if u.active and u.id != e.unit and u.tile != e.to))
        return battle.map.kept.get("ui-planned-paths", (e.origin, e.to, blocked),
                                   lambda: _way(battle.map, e.origin, e.to, blocked))


def _way(tmap, origin, to, blocked) -> tuple:
    """The tiles of a move from `origin` to `to` past units on `blocked` (kept with the
    map: game/kept.py, "ui-planned-paths"); just `to` where no way is found."""
    from game.world.paths import reach   # (tcod: not before a battle's first frame)
    try:
        return tuple(reach(tmap, origin, 1, blocked=list(blocked)).path_to(to))
    except (ValueError, IndexError):
        return (to,)


def draw_on_board(surface, board, dv, seen, actor: int | None, units, viewer, shown) -> None:
    """The declarations made so far this turn, on the board: a dashed path to each
    planned tile (a ring with the action number there), an arrow for each declared
    attack or aim (to where the target was expected), a tag for a posture change;
    and where the declaring unit will stand, in what posture, for this action.
    `seen`: the declarations the side at the keyboard may see; `actor`: who decides."""
    cam = board.camera
    r = board.unit_radius()
    tags: dict[tuple[int, int], list[str]] = {}
    for e in seen:
        if dv.hidden(e, viewer) or e.origin is None:
            continue
        if not draw_declared(surface, cam, r, dv, e) and e.posture is not None:
            tags.setdefault(e.origin, []).append(f"{e.slot}: {e.posture}")
    for tile, words in tags.items():
        c = cam.tile_centre(tile)
        tag(surface, " · ".join(words), tag_spot(tile, c, r, units, viewer, shown))
    # the declaring unit: a ghost where this action starts, with its posture
    if actor is None or actor not in units or dv.actor != actor:
        return
    me = units[actor]
    tile = dv.planned_tile or me.tile
    posture = dv.planned_posture or me.posture
    c = cam.tile_centre(tile)
    if tile != me.tile or posture != me.posture:
        ghost = board._sprite(me.team, me.archetype, posture, True, r).copy()
        ghost.set_alpha(140)
        surface.blit(ghost, ghost.get_rect(center=c))
    ring = r + 5   # a still ring: a still board draws no frames
    dashed_circle(surface, theme.ACCENT, c, ring, 2)
    words = f"action {dv.slot} from here" if tile != me.tile else f"action {dv.slot}"
    if posture != "standing":
        words += f" · {posture}"
    tag(surface, words, tag_spot(tile, c, r, units, viewer, shown), theme.ACCENT)


def tag_spot(tile, centre, r, units, viewer, shown) -> tuple[int, int]:
    """Where a tag under a unit goes: below it, or above its health bar when a unit
    stands on one of the three tiles below, which the tag (wider than a tile) covers
    (seen under Xvfb: fate's "action 1" under Firestarter 1-1 was hidden by
    Sharpshooter 1-1's token one tile down and to the right)."""
    below = {(tile[0] + dx, tile[1] + 1) for dx in (-1, 0, 1)}
    taken = any(u.tile in below and (viewer is None or uid in shown or u.team == viewer)
                for uid, u in units.items())
    return (centre[0], centre[1] - r - 27) if taken else (centre[0], centre[1] + r + 10)


def rows(dv, units, seen, viewer, shown) -> list[tuple[int, str, tuple, bool]]:
    """The declarations panel's rows (indent, text, colour, bold): who has declared
    what this turn, in the order of declaring; the unit declaring now; those still to
    declare (they will see these). Only what the side at the keyboard may see (`seen`:
    the declarations it may see)."""
    name = lambda u: units[u].name if u in units and (u in shown or viewer is None) else "an unseen unit"  # noqa: E731
    rows: list[tuple[int, str, tuple, bool]] = []   # (indent, text, colour, bold)
    declared = dv.declared_units()
    visible_units = [u for u in dv.order if u in units and (viewer is None or u in shown or units[u].team == viewer)]
    for u in visible_units:
        mine = [e for e in seen if e.unit == u]
        colour = theme.team_colour(units[u].team)
        if u == dv.actor:
            rows.append((0, f"▶ {units[u].name}: declaring action {dv.slot}", theme.ACCENT, True))
            for e in mine:
                rows.append((1, f"{e.slot} · {dv.describe(e, name)}", theme.TEXT, False))
            where = []
            if dv.planned_tile is not None and dv.planned_tile != units[u].tile:
                where.append(f"from ({dv.planned_tile[0]}, {dv.planned_tile[1]})")
            if dv.planned_posture and dv.planned_posture != "standing":
                where.append(dv.planned_posture)
            if where:
                rows.append((1, f"{dv.slot} · now: {', '.join(where)}", theme.ACCENT, False))
        elif u in declared:
            rows.append((0, units[u].name, colour, True))
            for e in mine:
                text = "declared (hidden)" if dv.hidden(e, viewer) else dv.describe(e, name)
                rows.append((1, f"{e.slot} · {text}", theme.TEXT, False))
        else:
            rows.append((0, f"{units[u].name} · declares later (sees these)", theme.FAINT, False))
    return rows
