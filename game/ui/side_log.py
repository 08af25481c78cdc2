"""What each person's side reads in the log under fog, event by event.

Each side reads the log through its own eyes at the moment of each event (docs/ui.md,
"Hotseat under fog: what a side reads"): a move is read in full only where the side
sees it end, a declaration by an unseen unit is left out, and any other line naming an
enemy the side cannot see reads "an unseen enemy" or is not read at all
(`fog_words.fog_line`). `redactor` gives the log panel, for each event in its order,
each side's own line where it differs from the plain one.
"""

from __future__ import annotations

from game.ui import declarations
from game.ui.fog_words import MomentSight, fog_line
from game.ui.snapshot import BoardView


def redactor(tmap, humans, fov, pre: BoardView, post: BoardView):
    """Under fog, what each person's side may not read in the log: a move it saw no
    part of is logged without its destination; a declaration (an event named
    `Declared`, with its `unit`) by a unit it cannot see is left out; any other line
    naming an enemy the side cannot see at that moment (a shot from out of sight)
    reads "an unseen enemy" instead, or not at all when it names nobody the side
    sees (`game/ui/fog_words.py`). Call it on the events in their order.
    `fov(team, view)`: what `team`'s units see on the board `view`."""
    moment = MomentSight(tmap, pre)

    def said_for_each(ev):
        # An event that says itself what a side seeing only some units reads (fate's
        # initiative and declaration-order lines): each side gets its own line.
        out = {}
        for team in humans:
            vis = fov(team, pre)

            def sees(unit, team=team, vis=vis):
                uv = pre.units.get(unit)
                return uv is not None and (uv.team == team or bool(vis[uv.tile]))
            line = declarations.fog_line(ev, sees)[1]
            if line != ev.describe():
                out[team] = line
        return out or None

    def by_sight(ev, text):
        out = {}
        for team in humans:
            area = getattr(ev, "tiles", None)
            keep = bool(area) and not isinstance(area, str) and moment.sees_any(team, area)
            # a score is read by every side (issue 28: a zone and its score always),
            # the hidden units that made it unnamed
            keep = keep or type(ev).__name__ == "PointsScored"
            line = fog_line(text, moment.unseen_names(team), moment.seen_names(team), keep)
            if line != text:
                out[team] = line
        return out or None

    def moved_or_declared(ev):
        kind = type(ev).__name__
        unit = getattr(ev, "unit", None)
        u = post.units.get(unit) or pre.units.get(unit)
        if u is None:
            return None
        out = {}
        for team in humans:
            if u.team == team:
                continue
            if kind == "Moved":
                # read in full only when the side sees where the move ends (else the
                # line would tell the destination and its cost); seen on the way:
                # "moves out of sight"; never seen: the side does not read it at all
                vis, before = fov(team, post), fov(team, pre)
                path = [t for t in ev.path if tmap.in_bounds(*t)]
                start = pre.units[unit].tile if unit in pre.units else None
                if path and vis[path[-1]]:
                    continue
                if any(vis[t] or before[t] for t in path) or (start is not None and before[start]):
                    out[team] = f"{ev.name} moves out of sight."
                else:
                    out[team] = None
            else:
                tile = pre.units[unit].tile if unit in pre.units else u.tile
                if not fov(team, pre)[tile]:
                    out[team] = None
        return out or None

    def redact(ev, text=None):
        try:
            if hasattr(ev, "describe_for"):
                return said_for_each(ev)
            if type(ev).__name__ in ("Moved", "Declared"):
                return moved_or_declared(ev)
            return by_sight(ev, ev.describe() if text is None else text)
        finally:
            moment.follow(ev)
    return redact
