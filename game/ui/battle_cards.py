"""What lies over the whole battle screen for a moment: the hand-over between sides in
hotseat, the banner when the battle ends, and the page on how a ruleset plays (F2).
Pure drawing from plain values; the screen says when each shows."""

from __future__ import annotations

import pygame

from game.engine.decisions import DECLARE, REACTION
from game.ui import theme
from game.ui.playbook import how_it_plays


def handover(surface: pygame.Surface, side: int, kind: str | None, declaring: str | None) -> None:
    """The board hidden: `side` is to take the keyboard for a decision of `kind`;
    `declaring`: whose declaration it is ("action 2 for Bruiser 1-1"), when it is one."""
    surface.fill((10, 12, 16))
    c = theme.team_colour(side)
    cx, cy = surface.get_width() // 2, surface.get_height() // 2
    pygame.draw.circle(surface, c, (cx, cy - 90), 34)
    title = theme.text(f"Side {side}, your turn", 34, c, bold=True)
    surface.blit(title, title.get_rect(center=(cx, cy - 20)))
    why = "A reaction is yours to decide" if kind == REACTION else "Pass the keyboard and mouse"
    sub = theme.text(f"{why}. The board stays hidden until you are ready.", 16, theme.DIM)
    surface.blit(sub, sub.get_rect(center=(cx, cy + 20)))
    if kind == DECLARE and declaring is not None:
        # whose declaration it is: one's own unit (what others declared shows on the board)
        img = theme.text(f"Declare{declaring}: nothing happens until everyone has declared", 16, theme.TEXT)
        surface.blit(img, img.get_rect(center=(cx, cy + 44)))
    go = theme.text("Press Enter or click to continue", 18, theme.TEXT, bold=True)
    surface.blit(go, go.get_rect(center=(cx, cy + 70)))


def end_banner(surface: pygame.Surface, winner: int | None, humans: list[int]) -> None:
    """Who won: "Victory" or "Defeat" for the one person playing, else the side."""
    if winner is None:
        text, colour = "Draw", theme.TEXT
    elif humans and len(humans) == 1:
        won = winner in humans
        text, colour = ("Victory" if won else "Defeat"), (theme.GOOD if won else theme.BAD)
    else:
        text, colour = f"Side {winner} wins", theme.team_colour(winner)
    img = theme.text(text, 44, colour, bold=True)
    r = img.get_rect(center=(surface.get_width() // 2 - 100, surface.get_height() // 2 - 60)).inflate(40, 16)
    theme.panel(surface, r, alpha=False, edge=colour)
    surface.blit(img, img.get_rect(center=r.center))


def rules_card(surface: pygame.Surface, ruleset_id: str, name: str) -> pygame.Rect:
    """F2: one page on how this ruleset plays (game/ui/playbook.py); returns its rect."""
    title, lines = how_it_plays(ruleset_id, name)
    w = min(820, surface.get_width() - 60)
    # each point a paragraph: a bullet, then its lines wrapped under one another
    wrapped = [(k == 0, part) for ln in lines for k, part in enumerate(theme.wrap(ln, w - 54, 14))]
    rect = pygame.Rect(0, 0, w, 90 + 20 * len(wrapped) + 4 * len(lines))
    rect.center = surface.get_rect().center
    theme.panel(surface, rect, alpha=False, edge=theme.ACCENT)
    surface.blit(theme.text(f"How {title} plays", 20, theme.ACCENT, bold=True), (rect.x + 18, rect.y + 14))
    y = rect.y + 52
    for first, ln in wrapped:
        if first:
            y += 4 if y > rect.y + 52 else 0
            surface.blit(theme.text("•", 14, theme.ACCENT, bold=True), (rect.x + 18, y))
        surface.blit(theme.text(ln, 14, theme.TEXT), (rect.x + 36, y))
        y += 20
    hint = theme.text("Any key or a click closes · F2 shows it again", 12, theme.DIM)
    surface.blit(hint, (rect.right - hint.get_width() - 14, rect.bottom - 24))
    return rect
