"""Who is winning: each side's strength in one bar at the head of the right column
(issue 30 item 11), in battle and in the demo.

A side's strength is the measure the results chart draws over the rounds: the health
still in the fight as the ruleset's own `health` counts it (hit points, a wound track
turned to points), a unit out of the fight counting nothing, as a share of what the
side has when whole (each unit's maximum). The bar is split between the sides in
proportion to the strength each has now, so the longer part is the side ahead; each
part is labelled with its side's share of its own whole strength.

Under fog a side reads only its own strength: an enemy's health is not what its board
shows, so the enemy's part is grey and reads "?" (a bar that knew would tell where
unseen units stand and how hurt they are).
"""
from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.ui import theme
from game.ui.snapshot import UnitView

HEIGHT = 22   # the bar's row, title included


def side_strength(units: Iterable[UnitView], hp_shown: dict[int, int] | None = None) -> dict[int, tuple[float, float]]:
    """side -> (strength now, strength whole). `hp_shown`: the hit points the board shows
    while a turn plays out (a wound counts once its blow is drawn). A unit without hit
    points counts 1 while it fights."""
    out: dict[int, list[float]] = {}
    for u in units:
        now, whole = out.setdefault(u.team, [0.0, 0.0]), None
        if u.max_hp:
            hp = (hp_shown or {}).get(u.id, u.hp)
            whole = float(u.max_hp)
            value = float(max(0, min(u.max_hp, hp or 0))) if u.active else 0.0
        else:
            whole, value = 1.0, 1.0 if u.active else 0.0
        now[0] += value
        now[1] += whole
    return {t: (v[0], v[1]) for t, v in sorted(out.items())}


def draw(surface: pygame.Surface, rect: pygame.Rect, strength: dict[int, tuple[float, float]],
         hidden: set[int] = frozenset()) -> list[tuple[int, pygame.Rect]]:
    """The bar in `rect`: a title, then each side's part (its colour, its share); sides in
    `hidden` grey with "?" and an even part. Returns (side, part) for tests."""
    title = theme.text("Strength", 12, theme.DIM, bold=True)
    surface.blit(title, (rect.x, rect.centery - title.get_height() // 2))
    bar = pygame.Rect(rect.x + title.get_width() + 8, rect.y + 3, rect.w - title.get_width() - 8, rect.h - 6)
    pygame.draw.rect(surface, (10, 10, 12), bar.inflate(2, 2))
    if not strength or bar.w < 20:
        return []
    known = {t: now for t, (now, _) in strength.items() if t not in hidden}
    # a hidden side's part: the mean of the known parts (else an even share), so it
    # neither shrinks nor grows with what the side cannot see
    guess = (sum(known.values()) / len(known)) if known else 1.0
    weights = {t: (known[t] if t in known else guess) for t in strength}
    total = sum(weights.values())
    parts, x = [], bar.x
    sides = list(strength)
    for i, t in enumerate(sides):
        w = bar.right - x if i == len(sides) - 1 else round(bar.w * weights[t] / total) if total else bar.w // len(sides)
        part = pygame.Rect(x, bar.y, max(0, w), bar.h)
        x += part.w
        colour = (90, 94, 102) if t in hidden else theme.team_colour(t)
        pygame.draw.rect(surface, colour, part)
        now, whole = strength[t]
        label = "?" if t in hidden else f"{round(100 * now / whole) if whole else 0}%"
        img = theme.text(label, 12, (0, 0, 0), bold=True)
        if img.get_width() + 4 <= part.w:
            at = img.get_rect(midleft=(part.x + 4, part.centery)) if i == 0 else img.get_rect(midright=(part.right - 4, part.centery))
            surface.blit(img, at)
        parts.append((t, part))
    for _, part in parts[1:]:   # a dark seam between the parts
        pygame.draw.line(surface, (10, 10, 12), (part.x, bar.y), (part.x, bar.bottom - 1), 2)
    return parts
