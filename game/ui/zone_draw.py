"""The danger zones on the battle screen's map: suppression cones and reaction reach.

A part of the battle screen's frame (battle_frame.py): which zones the side at the
keyboard is shown (`visible`), how they look (hatched or dotted, edged in the owner's
side colour: `DangerZones`, which keeps the layer drawn and the zones it drew), the
legend in the log's title row, the rules named in a move's preview, and what a pinned
unit is told (`pin_state`). The zones come from the ruleset
(`rules_view.danger_zones`, `game/rulesets/<id>/zones.py`); see docs/ui.md.
"""

from __future__ import annotations

import pygame

from game.ui import rules_view, theme


def visible(zones, shown, viewer, me, sight) -> list:
    """The danger zones the side at the keyboard is shown: suppression cones of
    every side, reaction reach of the other sides (a person's own reach is no
    threat to it; with no person at the keyboard, the reach that threatens the
    side deciding now: `me`); under fog (`viewer`) only those of units it owns or
    sees (`shown`), and of a cone laid by a shooter it cannot see, the part on tiles
    it sees (it sees the fire, not where it comes from; `sight()`: its sight grid)."""
    out = []
    for z in zones or []:
        z = rules_view.as_zone(z)
        if viewer is not None and z.team != viewer and z.owner not in shown:
            vis = sight() if z.kind == "suppression" else None
            seen = frozenset(t for t in z.tiles if vis is not None and vis[t]) if vis is not None else frozenset()
            if not seen:
                continue
            z = z._replace(tiles=seen)
        if z.kind == "reaction" and me is not None and z.team == me:
            continue
        out.append(z)
    return out


class DangerZones:
    """The zones on the board: the layer drawn for them (again only when they or the
    camera change), the zones drawn this frame (the legend's and a move's preview's)."""

    def __init__(self) -> None:
        self.shown: list = []          # the zones drawn this frame
        self._layer: tuple | None = None   # (what it was drawn for, the layer)
        self._dots_cache: dict = {}
        self._hatch_cache: pygame.Surface | None = None

    def draw(self, surface, camera, zones) -> None:
        """Danger zones on the map, told apart by pattern as well as colour: a
        suppression cone is hatched red; a reaction reach (a move there lets the owner
        react) is dotted, both edged in the owner's side colour (the colour-blind
        palette when chosen). A legend in the view's corner names what is drawn."""
        self.shown = zones
        if not zones:
            return
        cam = camera
        view = surface.get_clip()
        key = (tuple(zones), cam.x, cam.y, cam.zoom, tuple(view),
               tuple(theme.team_colour(z.team) for z in zones if z.team is not None))
        cached = self._layer
        if cached is None or cached[0] != key:
            # drawn once onto a layer the size of the view, then blitted each frame
            # until the zones or the camera change (a hover costs one blit)
            cached = self._layer = (key, self.render(zones, view, cam))
        surface.blit(cached[1], view.topleft)

    def render(self, zones, view: pygame.Rect, cam) -> pygame.Surface:
        """The zones' tiles and edges through the camera's tile outlines: squares on a
        square board, diamonds on an isometric one (each edge runs along the grid)."""
        layer = pygame.Surface(view.size, pygame.SRCALPHA)
        shape = cam.tile_outline((0, 0))
        x0, y0 = min(p[0] for p in shape), min(p[1] for p in shape)
        w = round(max(p[0] for p in shape) - x0)
        h = round(max(p[1] for p in shape) - y0)
        # one picture of a tile's fill per zone, cut to the tile's shape, blitted at the
        # top-left of each tile's outline
        cut = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.polygon(cut, (255, 255, 255, 255), [(px - x0, py - y0) for px, py in shape])
        for z in zones:
            edge = theme.team_colour(z.team) if z.team is not None else theme.THREAT
            fill = self._hatch(max(w, h)) if z.kind == "suppression" else self._dots(max(w, h), edge)
            fill = fill.subsurface((0, 0, w, h)).copy()
            fill.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            for t in z.tiles:
                pts = [(px - view.x, py - view.y) for px, py in cam.tile_outline(t)]
                left, top = min(p[0] for p in pts), min(p[1] for p in pts)
                if left > view.w or top > view.h or left + w < 0 or top + h < 0:
                    continue
                layer.blit(fill, (round(left), round(top)))
                # corners go round (x, y), (x+1, y), (x+1, y+1), (x, y+1): the side
                # towards each neighbour is the pair of corners it shares
                for n, (a, b) in (((t[0], t[1] - 1), (pts[0], pts[1])), ((t[0] + 1, t[1]), (pts[1], pts[2])),
                                  ((t[0], t[1] + 1), (pts[3], pts[2])), ((t[0] - 1, t[1]), (pts[0], pts[3]))):
                    if n not in z.tiles:
                        if z.kind == "suppression":
                            pygame.draw.line(layer, edge, a, b, 2)
                        else:
                            dashed_line(layer, edge, a, b, 2, dash=5)
        return layer

    def draw_legend(self, surface, log_rect, scrolled: bool) -> pygame.Rect | None:
        """What the zone patterns on the map mean, in the log's title row (right of
        "Combat log"; no panel over the board). While the log is scrolled back, its
        "newer below" note has the row. Which rule and whose zone a tile lies in is
        told in the move preview (`labels`). The row it took, or None."""
        zones = self.shown
        if not zones or scrolled:
            return None
        words = {"suppression": "Suppression", "reaction": "Reaction reach"}
        x = log_rect.right - 8
        for k in reversed([k for k in rules_view.ZONE_KINDS if any(z.kind == k for z in zones)]):
            img = theme.text(words[k], 12, theme.TEXT)
            x -= img.get_width()
            surface.blit(img, (x, log_rect.y + 7))
            x -= 18
            sw = pygame.Rect(x, log_rect.y + 8, 14, 12)
            team = next((z.team for z in zones if z.kind == k), None)
            edge = theme.team_colour(team) if team is not None else theme.THREAT
            surface.blit(self._hatch(14) if k == "suppression" else self._dots(14, edge), sw.topleft,
                         pygame.Rect(0, 0, 14, 12))
            pygame.draw.rect(surface, edge, sw, 1)
            x -= 12
        return pygame.Rect(x, log_rect.y + 4, log_rect.right - 8 - x, 18)

    def labels(self, start, path) -> list[str]:
        """The rules of the zones drawn that a move from `start` along `path` would set
        off (`rules_view.sets_off`), each once: "Obstruct Movement: Gunner 2-1 can end
        a move here"."""
        return list(dict.fromkeys(z.label or z.kind for z in self.shown
                                  if z.kind == "reaction" and rules_view.sets_off(z, start, path)))

    def _dots(self, size: int, colour) -> pygame.Surface:
        cache = self._dots_cache
        key = (size, tuple(colour))
        if key not in cache:
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            surf.fill((*colour[:3], 30))
            step = max(5, size // 4)
            for y in range(step // 2, size, step):
                for x in range((step // 2) + (step // 2 if (y // step) % 2 else 0), size, step):
                    pygame.draw.circle(surf, (*colour[:3], 190), (x, y), max(1, size // 16))
            if len(cache) > 16:
                cache.clear()
            cache[key] = surf
        return cache[key]

    def _hatch(self, size: int) -> pygame.Surface:
        cache = self._hatch_cache
        if cache is None or cache.get_width() != size:
            cache = pygame.Surface((size, size), pygame.SRCALPHA)
            cache.fill((236, 84, 72, 40))
            for k in range(-size, size, 8):
                pygame.draw.line(cache, (236, 84, 72, 120), (k, size), (k + size, 0), 2)
            self._hatch_cache = cache
        return cache



def pin_state(decision, zones, units, viewer, shown) -> tuple[str, str | None] | None:
    """(who pins the deciding unit, None when Move is its way on, else why it has
    no way on this turn), when it stands in an enemy's suppression cone and has
    nothing but Move and ending the turn; else None. d20-firearms.txt: "A creature
    that fails the save cannot move through the area or take actions if they are
    within the area". `units`: the board's; under fog (`viewer`) the shooter is named
    only when the side sees it (`shown()`)."""
    d = decision
    if d is None or not zones or d.actor not in units:
        return None
    keys = {o.key for o in d.options}
    if not keys or not keys <= {"move", "end_turn", "pass"}:
        return None
    me = units[d.actor]
    for owner, team, tiles, kind, *_ in map(rules_view.as_zone, zones):
        if kind == "suppression" and team != me.team and me.tile in tiles:
            u = units.get(owner)
            who = u.name if u is not None and (viewer is None or owner in shown()) else "An enemy"
            if "move" in keys:
                return who, None
            if me.posture == "prone":
                why = "It is prone: standing up is an action, and it cannot act in the fire."
            elif me.partners:
                why = "It is locked in a grapple, which cannot move out of the fire."
            else:
                why = "No tile out of the fire is within its reach this turn."
            return who, why
    return None


def dashed_line(surface, colour, a, b, width=1, dash=10) -> None:
    ax, ay = a
    bx, by = b
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    n = int(length // dash)
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surface, colour, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                         (ax + (bx - ax) * t1, ay + (by - ay) * t1), width)
