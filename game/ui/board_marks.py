"""Marks drawn on the board: arrows, dashed paths and rings, small badges and tags, a
tile's frame, and one declaration (a planned move or a declared attack). The battle
screen and the replay viewer draw with them alike; positions come from the camera, so
every mark sits on the grid drawn (a diamond on an isometric board)."""

from __future__ import annotations

import math

import pygame

from game.ui import theme


def tile_frame(surface, cam, tile, colour, width: int, grow: int = 0) -> None:
    """A frame round one tile: its square, or on an isometric board (a camera with a
    projection) its diamond, so the cursor and a move's end sit on the grid drawn."""
    if getattr(cam, "proj", None) is None:
        pygame.draw.rect(surface, colour, cam.tile_rect(tile).inflate(grow, grow), width)
        return
    pts = cam.tile_outline(tile)
    cx, cy = sum(p[0] for p in pts) / 4, sum(p[1] for p in pts) / 4
    k = 1 + grow / max(1.0, abs(pts[1][0] - pts[0][0]) * 2)
    pygame.draw.polygon(surface, colour, [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in pts], width)


def light(colour) -> tuple[int, int, int]:
    """A team colour lifted toward white, to read on any terrain."""
    return tuple(min(255, int(c + (255 - c) * 0.35)) for c in colour[:3])


def dashed_poly(surface, colour, pts, width=2, dash=9, gap=6) -> None:
    """A dashed line through `pts`, the pattern running on across the corners."""
    on, left = True, float(dash)
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        seg = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        pos = 0.0
        while pos < seg - 1e-6:
            step = min(left, seg - pos)
            if on:
                t0, t1 = pos / seg, (pos + step) / seg
                pygame.draw.line(surface, colour, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                                 (ax + (bx - ax) * t1, ay + (by - ay) * t1), width)
            pos += step
            left -= step
            if left <= 1e-6:
                on = not on
                left = float(dash if on else gap)


def dashed_circle(surface, colour, centre, radius, width=2, parts=16) -> None:
    for i in range(parts):
        a0 = 2 * math.pi * i / parts
        pygame.draw.arc(surface, colour, pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius),
                        a0, a0 + math.pi / parts, width)


def arrow(surface, colour, a, b, stop: int, width=3, dashed=False) -> None:
    """An arrow from a to b, its head `stop` pixels short of b (outside a unit's token)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    if n < 1:
        return
    ux, uy = dx / n, dy / n
    start = (a[0] + ux * stop * 0.6, a[1] + uy * stop * 0.6)
    tip = (b[0] - ux * stop, b[1] - uy * stop)
    head = max(8, width * 3)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    wing = head * 0.55
    pts = [tip, (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)]
    if dashed:
        dashed_poly(surface, (0, 0, 0), [start, base], width + 2)
        dashed_poly(surface, colour, [start, base], width)
    else:
        pygame.draw.line(surface, (0, 0, 0), start, base, width + 3)
        pygame.draw.line(surface, colour, start, base, width)
    pygame.draw.polygon(surface, (0, 0, 0), pts)
    inner = [((p[0] * 3 + sum(q[0] for q in pts) / 3) / 4, (p[1] * 3 + sum(q[1] for q in pts) / 3) / 4) for p in pts]
    pygame.draw.polygon(surface, colour, inner)


def badge(surface, text: str, centre, colour) -> None:
    """A small dark label with a coloured edge (an action number on the board)."""
    img = theme.text(text, 11, (255, 255, 255), bold=True)
    box = img.get_rect(center=(int(centre[0]), int(centre[1]))).inflate(8, 2)
    box.w = max(box.w, box.h)
    box.center = (int(centre[0]), int(centre[1]))
    pygame.draw.rect(surface, (16, 18, 24), box, border_radius=box.h // 2)
    pygame.draw.rect(surface, colour, box, 1, border_radius=box.h // 2)
    surface.blit(img, img.get_rect(center=box.center))


def inside(box: pygame.Rect, surface) -> pygame.Rect:
    """A label's box moved wholly inside the area being drawn (the board's viewport,
    the surface's clip): a tag by a tile at the view's edge is read whole, not cut."""
    area = surface.get_clip()
    return box.clamp(area) if area.w >= box.w and area.h >= box.h else box


def tag(surface, text: str, midtop, colour=theme.TEXT) -> None:
    img = theme.text(text, 11, colour, bold=True)
    box = inside(img.get_rect(midtop=(int(midtop[0]), int(midtop[1]))).inflate(8, 2), surface)
    pygame.draw.rect(surface, (16, 18, 24), box, border_radius=3)
    surface.blit(img, img.get_rect(center=box.center))


def draw_declared(surface, cam, r: int, dv, e) -> bool:
    """One declaration on the board (the battle screen and the replay viewer alike): a
    dashed path to a planned tile with a ring and the action number, or an arrow to a
    declared attack's target. False when it is neither (a posture change: the caller
    tags it)."""
    colour = light(theme.team_colour(e.team)) if e.team is not None else theme.TEXT
    if e.is_move:
        pts = [cam.tile_centre(e.origin)] + [cam.tile_centre(t) for t in (e.path or (e.to,))]
        dashed_poly(surface, (0, 0, 0), pts, 5)
        dashed_poly(surface, colour, pts, 3)
        end = cam.tile_centre(e.to)
        pygame.draw.circle(surface, (0, 0, 0), end, r + 1, 4)
        pygame.draw.circle(surface, colour, end, r, 2)
        badge(surface, str(e.slot), (end[0] + r - 2, end[1] - r + 2), colour)
        return True
    if e.to is not None:
        a, b = cam.tile_centre(e.origin), cam.tile_centre(e.to)
        offensive = dv.is_offensive(e)
        arrow(surface, colour, a, b, r + 3, 3 if offensive else 2, dashed=not offensive)
        mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
        badge(surface, str(e.slot) if offensive else f"{e.slot} {dv.label(e.kind).lower()}", mid, colour)
        return True
    return False
