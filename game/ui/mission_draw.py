"""A scenario on the battle screen: its zones on the board and its score in the HUD.

A part of the battle screen's frame (battle_frame.py hands it the screen to read):
`MissionMarks` keeps the zones' layer as drawn and the VIPs it asked the battle for.

- **Hold zones**: outlined and lightly filled in the colour of the side that holds
  them now (as the round's end would score it), striped in both sides' colours when
  contested, grey when empty; a label names the zone, its points and its holder in
  words, so nothing is told by colour alone (the colour-blind palette is theme's).
- **Exits**: a dashed outline in the colour of the side that may leave, chevrons
  pointing out, a label "<name> · exit for side N · P pt each".
- **VIPs**: a gold "VIP" tag beside each one shown.
- **The tracker**, at the top of the board: round N of M, each side's points, the
  target; a hovered zone says what it is worth and who stands in it.

Fog (hotseat): a zone, its holder and the score are shown to every side always; the
units in it are named only when the side sees them (mission_words.zone_hover).
"""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.mission_words import CONTESTED, HELD, holder_words, last_round, score_text, scored, zone_hover, zone_state

EMPTY_EDGE = (200, 204, 212)


def mission(battle):
    """The battle's scenario (None: a plain battle)."""
    return getattr(battle, "scenario", None)


def mission_states(battle, view) -> tuple:
    """Each zone's (name, state, side) on the board `view`: the key of the drawn layer."""
    s = mission(battle)
    return tuple((z.name, *zone_state(view, z)) for z in s.zones) if s is not None else ()


class MissionMarks:
    def __init__(self) -> None:
        self._layer: tuple | None = None    # (what it was drawn for, the zones' layer, its labels)
        self._vips: tuple | None = None     # (the battle asked, its VIPs' unit ids)

    def draw_zones(self, surface, screen) -> None:
        """The zones on the board (under units), drawn once to a layer the size of the
        view and blitted each frame until a holder or the camera changes."""
        s = mission(screen.battle)
        if s is None or not s.zones:
            return
        cam = screen.board.camera
        view = surface.get_clip()
        states = mission_states(screen.battle, screen.view)
        key = (states, cam.key(), tuple(view), theme.team_colour(1), theme.team_colour(2))
        kept = self._layer
        if kept is None or kept[0] != key:
            layer, labels = _render(s, view, cam, states, screen.view, screen.battle.map)
            kept = self._layer = (key, layer, [r.move(view.topleft) for r in labels])
        surface.blit(kept[1], view.topleft)
        screen.rects["zone_labels"] = kept[2]

    def draw_marks(self, surface, screen, units) -> None:
        """A gold "VIP" tag on each VIP the side at the keyboard is shown (`units`: the
        (unit, tile) pairs drawn): whose fall ends the battle or scores is no secret."""
        s = mission(screen.battle)
        if s is None or not s.vips:
            return
        vips = self._vip_units(screen.battle, getattr(screen, "ai", None))   # (a replay has no AI)
        cam = screen.board.camera
        r = screen.board.unit_radius()
        for u, tile in units:
            if u.id in vips:
                cx, cy = cam.tile_centre(tile)
                img = theme.text("VIP", 11, (20, 16, 6), bold=True)
                box = img.get_rect(midleft=(cx + r - 4, cy - r + 2)).inflate(6, 2)
                pygame.draw.rect(surface, theme.ACCENT, box, border_radius=3)
                pygame.draw.rect(surface, (20, 16, 6), box, 1, border_radius=3)
                surface.blit(img, img.get_rect(center=box.center))

    def _vip_units(self, battle, ai) -> frozenset:
        """The VIPs' unit ids, asked of the battle once (again after an undo), when no AI
        is thinking (the window never touches the Battle while a worker reads it)."""
        kept = self._vips
        if kept is None or kept[0] is not battle:  # undo plays a fresh Battle
            if ai is not None and ai.thinking:
                return frozenset()
            from game.engine.objectives import Vip
            kept = self._vips = (battle, frozenset(unit for unit, _ in battle.query(Vip)))
        return kept[1]


def draw_hud(surface, screen, view_rect: pygame.Rect) -> None:
    """The tracker at the top of the board, and the hovered zone's words."""
    s = mission(screen.battle)
    if s is None:
        return
    draw_tracker(surface, screen, view_rect)
    view = screen.view
    tile = screen.hover_tile
    zone = next((z for z in s.zones if tile in z.tiles), None) if tile else None
    if zone is not None:
        from game.ui import hud
        shown = screen.shown_units() if screen.viewer is not None else None
        at = screen.board.camera.tile_centre(tile)
        # inside the board: drawn before the side panels, a box past its edge was cut
        # off under the minimap and the log (a zone on the board's right side)
        screen.rects["zone_hover"] = hud.tooltip(surface, at, [(zone_hover(view, zone, shown), theme.TEXT)],
                                                 within=view_rect)


def draw_tracker(surface, screen, view_rect: pygame.Rect) -> None:
    """The tracker at the top of the board: round N of M, each side's points, the
    target (the battle screen's and the replay viewer's: `screen` has the battle, its
    `view` and `rects`)."""
    s = mission(screen.battle)
    if s is None:
        return
    view = screen.view
    log = screen.battle.log[:view.log_length]
    text = score_text(s, last_round(log, view.round), screen.battle.max_rounds, scored(log, view.teams()))
    img = theme.text(text, 14, theme.TEXT, bold=True)
    box = img.get_rect(midtop=(view_rect.centerx, view_rect.y + 6)).inflate(16, 8)
    decl = screen.rects.get("decl")   # the declarations column over the board's left side
    if decl is not None and decl.colliderect(box):
        # beside it, not under it (it hid "Round 3 of" while a side declared)
        box.x = min(decl.right + 8, max(view_rect.x, view_rect.right - 6 - box.w))
    theme.panel(surface, box, alpha=False, edge=theme.ACCENT)
    surface.blit(img, img.get_rect(center=box.center))
    screen.rects["mission_tracker"] = box


def tracker_clear() -> int:
    """The strip at the board's top the tracker covers (its box, from draw_hud)."""
    return 6 + theme.font(14, True).get_height() + 8 + 4


def _render(scenario, view: pygame.Rect, cam, states, board, tmap) -> tuple[pygame.Surface, list]:
    """The zones' layer: each tile tinted, edges, exits' chevrons, each zone's label;
    and where the labels went (in the layer)."""
    layer = pygame.Surface(view.size, pygame.SRCALPHA)
    labels = []
    # a label kept below the tracker: a zone along the map's top (Three Farms' North
    # Lane) had its label pushed to the board's top edge, under the tracker, unread
    room = layer.get_rect()
    room.top += tracker_clear()
    room.h -= tracker_clear()
    states = {name: (state, side) for name, state, side in states}
    for z in scenario.zones:
        state, side = states[z.name]
        if z.kind == "exit":
            colours = [theme.team_colour(z.side)]
        elif state == HELD:
            colours = [theme.team_colour(side)]
        elif state == CONTESTED:
            colours = [theme.team_colour(t) for t in board.teams()]
        else:
            colours = [EMPTY_EDGE]
        rects = {t: cam.tile_rect(t).move(-view.x, -view.y) for t in z.tiles}
        iso = getattr(cam, "proj", None) is not None
        for t, r in sorted(rects.items()):
            fill = colours[(t[0] + t[1]) % len(colours)]  # contested: a checker of both colours
            # the tile's corners going round: its diamond on an isometric board
            pts = ([(x - view.x, y - view.y) for x, y in cam.tile_outline(t)] if iso
                   else [r.topleft, r.topright, r.bottomright, r.bottomleft])
            if iso:
                pygame.draw.polygon(layer, (*fill[:3], 34 if z.kind == "hold" else 22), pts)
            else:
                tint = pygame.Surface(r.size, pygame.SRCALPHA)
                tint.fill((*fill[:3], 34 if z.kind == "hold" else 22))
                layer.blit(tint, r.topleft)
            for n, (a, b) in (((t[0], t[1] - 1), (pts[0], pts[1])),
                              ((t[0], t[1] + 1), (pts[3], pts[2])),
                              ((t[0] - 1, t[1]), (pts[0], pts[3])),
                              ((t[0] + 1, t[1]), (pts[1], pts[2]))):
                if n in z.tiles:
                    continue
                edge = colours[(n[0] + n[1]) % len(colours)]
                if z.kind == "exit":
                    _dashed(layer, edge, a, b, 3)
                else:
                    pygame.draw.line(layer, edge, a, b, 3)
            if z.kind == "exit":
                _chevron(layer, colours[0], r, _exit_direction(z, tmap))
        label = _zone_label(z, state, side)
        img = theme.text(label, 12, theme.TEXT, bold=True)
        if z.kind == "exit":  # a strip along the edge: its label in the middle, turned inward
            spread = pygame.Rect.unionall(next(iter(rects.values())), list(rects.values()))
            box = img.get_rect(center=spread.center).inflate(8, 4)
            dx, dy = _exit_direction(z, tmap)
            if dx:
                box.right = spread.right if dx > 0 else box.right
                box.left = spread.left if dx < 0 else box.left
        else:
            # above the zone's top-left tile, so a unit standing there hides nothing
            r = rects[min(z.tiles, key=lambda t: (t[1], t[0]))]
            box = img.get_rect(bottomleft=(r.x, r.y - 3)).inflate(8, 4)
        box.clamp_ip(room)  # a zone at the board's edge keeps its label in view
        pygame.draw.rect(layer, (12, 14, 20, 200), box, border_radius=3)
        pygame.draw.rect(layer, colours[0], box, 1, border_radius=3)
        layer.blit(img, img.get_rect(center=box.center))
        labels.append(box)
    return layer, labels

def _zone_label(z, state, side) -> str:
    if z.kind == "exit":
        # named as a hold zone's label is, and as its hover names it ("Exit: side 1" left
        # the player to match it with the briefing's "Landing Field")
        return f"{z.name} · exit for side {z.side} · {z.points} pt each"
    who = holder_words(z, state, side)
    only = f" for side {z.side}" if z.side is not None else ""
    return f"{z.name} · {z.points} pt{only} · {who}"

def _exit_direction(z, tmap) -> tuple[int, int]:
    """Which map edge the exit lies on, for its chevrons (inside the map: east)."""
    xs = [t[0] for t in z.tiles]
    ys = [t[1] for t in z.tiles]
    w, h = tmap.width, tmap.height
    if max(xs) == w - 1:
        return 1, 0
    if min(xs) == 0:
        return -1, 0
    if min(ys) == 0:
        return 0, -1
    if max(ys) == h - 1:
        return 0, 1
    return 1, 0


def _dashed(surface, colour, a, b, width: int, dash: int = 6) -> None:
    (ax, ay), (bx, by) = a, b
    length = max(1, abs(bx - ax) + abs(by - ay))
    steps = max(1, length // dash)
    for i in range(0, steps, 2):
        t0, t1 = i / steps, min(1.0, (i + 1) / steps)
        pygame.draw.line(surface, colour, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                         (ax + (bx - ax) * t1, ay + (by - ay) * t1), width)


def _chevron(surface, colour, r: pygame.Rect, direction: tuple[int, int]) -> None:
    """A ">" in the tile pointing off the map: the way out."""
    dx, dy = direction
    cx, cy = r.center
    s = max(3, r.w // 5)
    tip = (cx + dx * s, cy + dy * s)
    side_a = (cx - dx * s + dy * s, cy - dy * s + dx * s)
    side_b = (cx - dx * s - dy * s, cy - dy * s - dx * s)
    pygame.draw.lines(surface, (*colour[:3], 200), False, [side_a, tip, side_b], 2)
