"""What the battle screen draws on the board over the map, from plain values: the
targets of the armed option and those a plain click would attack, the line to the
previewed target with its hit chance (a badge placed clear of the other units), a
move's path with its cost and who could see or shoot the unit there, the weapon's range
boxes, the keyboard's cursor, the shot playing now and the numbers floating up.

Drawing only: the screen says what to draw (its decision, preview and playout).
"""

from __future__ import annotations

import pygame

from game.engine.decisions import REACTION, TARGET_UNIT
from game.ui import range_box, theme
from game.ui.board_marks import dashed_poly, inside, tile_frame
from game.ui.zone_draw import dashed_line


def targets(surface, board, armed, options, units, shown, planned_tile, decision, prev, origin):
    """Rings on the armed option's targets, or thin ones on the enemies a plain click
    would attack (where they will be); a reaction's attacker and its line to the
    target; the line to the previewed target. Returns the hit chance's badge to draw
    after the units (text, at, radius), or None."""
    cam = board.camera
    r = board.unit_radius()
    if armed is not None and armed.target_kind == TARGET_UNIT:
        for t in armed.targets:
            if t in units and t in shown:
                pygame.draw.circle(surface, theme.THREAT, cam.tile_centre(planned_tile(t)), r + 7, 2)
    if armed is None:
        for o in options:
            if o.target_kind == TARGET_UNIT and o.offensive:
                for t in o.targets:
                    if t in units and t in shown:
                        pygame.draw.circle(surface, (255, 110, 90), cam.tile_centre(planned_tile(t)), r + 6, 1)
                break
    if decision is not None and decision.kind == REACTION and hasattr(decision.context, "get"):
        a, t = decision.context.get("attacker"), decision.context.get("target")
        if a in units and t in units and a != t:
            pa, pt = cam.tile_centre(units[a].tile), cam.tile_centre(units[t].tile)
            dashed_line(surface, theme.THREAT, pa, pt, 3)
            pygame.draw.circle(surface, theme.THREAT, pa, r + 7, 3)
    if prev is not None and prev[0] == "odds" and isinstance(prev[2], int) and prev[2] in units \
            and origin is not None:
        a, b = cam.tile_centre(origin), cam.tile_centre(planned_tile(prev[2]))
        dashed_line(surface, theme.THREAT, a, b, 2)
        pygame.draw.circle(surface, theme.THREAT, b, r + 9, 3)
        if prev[3] is not None:   # the badge is drawn after the units: none covers it
            return theme.percent(prev[3].hit), b, r
    return None


def hit_badge(surface, badge, centres) -> pygame.Rect:
    """The hit chance by its target, clear of the units at `centres`; returns its box."""
    text, at, r = badge
    label = theme.text(text, 16, (255, 255, 255), bold=True)
    box = badge_place(label.get_rect().inflate(10, 4), at, r, centres, surface)
    pygame.draw.rect(surface, (0, 0, 0), box.inflate(2, 2), border_radius=5)
    pygame.draw.rect(surface, (140, 30, 24), box, border_radius=4)
    surface.blit(label, label.get_rect(center=box.center))
    return box


def badge_place(box: pygame.Rect, at, r: int, centres, surface) -> pygame.Rect:
    """Where the hit chance's badge goes by its target: above it, else below, right or
    left, the first place that covers no other unit (it sat on the unit above)."""
    x, y = at
    places = [dict(midbottom=(x, y - r - 12)), dict(midtop=(x, y + r + 12)),
              dict(midleft=(x + r + 10, y)), dict(midright=(x - r - 10, y))]
    first = None
    for place in places:
        b = box.copy()
        for k, v in place.items():
            setattr(b, k, v)
        b = inside(b, surface)
        first = first or b
        if not any(b.inflate(2 * r, 2 * r).collidepoint(c) and tuple(c) != (x, y) for c in centres):
            return b
    return first


def path(surface, board, origin, tile, mp, threats, units) -> None:
    """A move's path from `origin` (where the earlier declared moves leave the unit),
    its end framed with its cost above, each enemy that would see the unit there (dashed
    line, ring: red if it can shoot) and an eye with how many could shoot."""
    cam = board.camera
    pts = [cam.tile_centre(origin)] + [cam.tile_centre(t) for t in mp.path]
    if len(pts) > 1:
        pygame.draw.lines(surface, (0, 0, 0), False, pts, 6)
        pygame.draw.lines(surface, theme.PATH, False, pts, 3)
    rect = cam.tile_rect(tile)
    tile_frame(surface, cam, tile, theme.PATH, 2)
    shooters = [t for t in threats if t.can_shoot]
    for t in threats:
        if t.sees and t.unit in units:
            c = cam.tile_centre(units[t.unit].tile)
            colour = theme.THREAT if t.can_shoot else theme.WARN
            dashed_line(surface, colour, c, rect.center, 1)
            pygame.draw.circle(surface, colour, c, board.unit_radius() + 5, 2)
    label = theme.text(mp.cost, 13, (255, 255, 255), bold=True)
    box = inside(label.get_rect(midbottom=(rect.centerx, rect.y - 4)).inflate(10, 4), surface)
    pygame.draw.rect(surface, (20, 22, 28), box, border_radius=4)
    surface.blit(label, label.get_rect(center=box.center))
    if shooters:  # an eye with the count: how exposed the spot is
        eye = theme.text(f"⚠ {len(shooters)}", 13, theme.THREAT, bold=True)
        surface.blit(eye, (rect.right + 3, rect.y - 2))


def ranges(surface, board, tmap, here, reach: list, view: pygame.Rect | None) -> list:
    """The armed attack's reach around `here`: the weapon's first range band (dashed,
    accent) and its maximum (thin), along the grid's corners (diamonds on an isometric
    board). Returns (label, box) of each label drawn."""
    fpt = max(1, int(getattr(tmap, "feet_per_tile", 5) or 5))
    bands = [(reach[0], f"range {reach[0] * fpt} ft" if len(reach) == 1 else f"first band {reach[0] * fpt} ft",
              theme.ACCENT, True)]
    if len(reach) > 1:
        bands.append((reach[-1], f"max {reach[-1] * fpt} ft", (255, 235, 180), False))
    out = []
    for tiles, label, colour, dashed in bands:
        box = range_box.draw(surface, board.camera.corner, here, tiles, tmap.width, tmap.height, label, colour,
                             dashed, dashed_poly, view)
        if box is not None:
            out.append((label, box))
    return out


def cursor(surface, board, tile) -> None:
    """The keyboard's targeting cursor."""
    if tile is not None:
        tile_frame(surface, board.camera, tile, theme.CURSOR, 3, grow=2)


def shot(surface, board, step, units, shown, place) -> None:
    """The shot playing now: a tracer from shooter to target (`place(unit)`: where the
    playout shows it). Under fog a side sees only its own end of it: a shot from an
    unseen shooter is drawn as the flash at the target alone (nothing starts at the
    shooter's tile), a shot at an unseen target as the muzzle flash alone (nothing ends
    at the target's tile)."""
    if step is None:
        return
    a, b = units.get(step.source), units.get(step.target)
    if a is None or b is None:
        return
    if step.source not in shown and step.target not in shown:
        return
    cam = board.camera
    pa, pb = cam.tile_centre(place(a)), cam.tile_centre(place(b))
    t = step.elapsed / step.duration if step.duration else 1
    if step.target not in shown:
        pygame.draw.circle(surface, (255, 240, 160), pa, max(3, board.unit_radius() // 2), 2)
        return
    if step.source in shown:
        head = (pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t)
        tail_t = max(0.0, t - 0.35)
        tail = (pa[0] + (pb[0] - pa[0]) * tail_t, pa[1] + (pb[1] - pa[1]) * tail_t)
        pygame.draw.line(surface, (255, 240, 160), tail, head, 3)
        pygame.draw.circle(surface, (255, 255, 220), (int(head[0]), int(head[1])), 3)
    if (t > 0.85 or step.source not in shown) and step.hit:
        pygame.draw.circle(surface, theme.BAD, pb, int(board.unit_radius() * 1.2), 3)


def floats(surface, board, floating) -> None:
    """Damage and misses rising from the units they happened to."""
    cam = board.camera
    for f in floating:
        x, y = cam.tile_centre(f.tile)
        rise = int(f.age / f.life * cam.th * cam.zoom * f.rise)
        img = theme.text(f.text, 18, f.colour, bold=True)
        shadow = theme.text(f.text, 18, (0, 0, 0), bold=True)
        pos = img.get_rect(midbottom=(x, y - board.unit_radius() - 8 - rise - f.row * img.get_height()))
        surface.blit(shadow, pos.move(1, 1))
        surface.blit(img, pos)
