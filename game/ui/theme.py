"""Colours, fonts and small drawing helpers shared by every screen.

Fonts are Noto Sans, shipped in the package (game/assets/fonts, under the SIL Open
Font License in OFL.txt there), so the window looks the same on every machine the
game installs on (pygame's default font lacks − → × and friends).
"""

from __future__ import annotations

import functools
from pathlib import Path

import pygame

BG = (18, 20, 26)
PANEL = (24, 28, 36, 230)
PANEL_SOLID = (28, 32, 42)
PANEL_EDGE = (70, 80, 100)
TEXT = (226, 230, 238)
DIM = (150, 158, 172)
FAINT = (98, 106, 120)
ACCENT = (255, 196, 64)
GOOD = (96, 214, 120)
BAD = (236, 84, 72)
WARN = (240, 170, 60)
BUTTON = (44, 52, 68)
BUTTON_HOVER = (62, 74, 98)
BUTTON_ARMED = (170, 120, 30)
BUTTON_OFF = (34, 38, 46)

#: Overlay colours (RGBA): movement bands by how many actions a move costs.
#: Blue, yellow, orange, magenta: apart in hue and in lightness (told apart by most
#: colour-blind eyes too; the legend names each band's cost).
MOVE_BANDS = ((60, 140, 255, 90), (245, 225, 60, 70), (230, 105, 25, 70), (215, 80, 210, 70))
MOVE_EDGES = ((120, 190, 255), (255, 235, 110), (255, 160, 80), (240, 130, 235))
TARGET_TILE = (255, 120, 60, 70)
PATH = (255, 255, 255)
CURSOR = (255, 235, 120)
THREAT = (236, 84, 72)

#: Team colours by side number; sides beyond the table cycle.
STANDARD_TEAMS = {1: (64, 140, 255), 2: (232, 72, 64), 3: (80, 200, 110), 4: (230, 190, 60)}
#: The colour-blind-safe palette (Okabe and Ito's): sky blue, orange, bluish green,
#: reddish purple, told apart with every common colour-vision deficiency; each side
#: also gets its own token shape.
SAFE_TEAMS = {1: (86, 180, 233), 2: (230, 159, 0), 3: (0, 158, 115), 4: (204, 121, 167)}
SHAPES = {1: "circle", 2: "square", 3: "diamond", 4: "hexagon"}
TEAM_COLOURS = dict(STANDARD_TEAMS)
PALETTE = "standard"
SCALE = 1.0   # every font size is multiplied by it (the settings' UI scale)


def team_colour(team: int) -> tuple[int, int, int]:
    return TEAM_COLOURS.get(team, list(TEAM_COLOURS.values())[team % len(TEAM_COLOURS)])


def team_shape(team: int) -> str:
    """The token's shape: a circle for everyone, or one shape per side with the
    colour-blind palette."""
    if PALETTE != "colour-blind":
        return "circle"
    return SHAPES.get(team, SHAPES[1 + (team - 1) % len(SHAPES)])


def set_palette(name: str) -> None:
    global PALETTE
    PALETTE = "colour-blind" if name == "colour-blind" else "standard"
    TEAM_COLOURS.clear()
    TEAM_COLOURS.update(SAFE_TEAMS if PALETTE == "colour-blind" else STANDARD_TEAMS)


def set_scale(scale: float) -> None:
    """Fonts grow (or shrink) by `scale`; cached fonts and texts are dropped."""
    global SCALE
    scale = max(0.8, min(1.5, float(scale)))
    if abs(scale - SCALE) > 1e-6:
        SCALE = scale
        font.cache_clear()
        text.cache_clear()
        _has_glyph.cache_clear()


def shape(surface: pygame.Surface, kind: str, colour, centre, r: int, width: int = 0) -> None:
    """A token's body: circle, square, diamond or hexagon of radius `r`."""
    import math
    cx, cy = centre
    if kind == "square":
        k = int(r * 0.9)
        pygame.draw.rect(surface, colour, (cx - k, cy - k, 2 * k, 2 * k), width, border_radius=max(2, r // 4))
    elif kind == "diamond":
        pygame.draw.polygon(surface, colour, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], width)
    elif kind == "hexagon":
        pts = [(cx + r * math.cos(math.pi / 3 * i), cy + r * math.sin(math.pi / 3 * i)) for i in range(6)]
        pygame.draw.polygon(surface, colour, pts, width)
    else:
        pygame.draw.circle(surface, colour, centre, r, width)


def _font_dir() -> Path:
    """Noto Sans, shipped in the package (game/assets/fonts, with its OFL licence)."""
    from importlib import resources
    return Path(str(resources.files("game") / "assets" / "fonts"))


@functools.lru_cache(maxsize=None)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    path = _font_dir() / name
    size = max(6, round(size * SCALE))
    try:
        return pygame.font.Font(str(path), size)
    except (FileNotFoundError, OSError):
        return pygame.font.Font(None, int(size * 1.3))


#: Stand-ins for symbols the bundled font lacks (rulesets write → in their logs).
FALLBACK = {"→": "->", "←": "<-", "↑": "Up", "↓": "Down", "▶": ">", "◀": "<", "▲": "^", "▼": "v",
            "⚠": "!", "▏": "|", "␣": "Space", "✕": "x", "✖": "x", "●": "o", "⏸": "||", "⏵": ">",
            "≤": "<=", "≥": ">=", "≠": "!=", "…": "...", "✓": "ok"}


@functools.lru_cache(maxsize=None)
def _has_glyph(ch: str) -> bool:
    f = font(15)
    missing = f.metrics("\ue000")[0]  # a private-use point: the font's "no glyph" box
    m = f.metrics(ch)
    return bool(m) and m[0] is not None and (ch.isspace() or m[0] != missing)


def printable(s: str) -> str:
    """`s` with every symbol the font cannot draw replaced by a readable stand-in."""
    if s.isascii():
        return s
    return "".join(c if c.isascii() or _has_glyph(c) else FALLBACK.get(c, "?") for c in s)


@functools.lru_cache(maxsize=4096)
def text(s: str, size: int = 15, colour=TEXT, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached (HUD text repeats from frame to frame)."""
    return font(size, bold).render(printable(s), True, colour)


def wrap(s: str, width: int, size: int = 14, bold: bool = False) -> list[str]:
    """Split `s` into lines no wider than `width` pixels."""
    f = font(size, bold)
    s = printable(s)
    words, lines, line = s.split(" "), [], ""
    for word in words:
        trial = f"{line} {word}" if line else word
        if f.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines or [""]


@functools.lru_cache(maxsize=64)
def _panel_box(size: tuple[int, int]) -> pygame.Surface:
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, PANEL, box.get_rect(), border_radius=6)
    return box


def fit(s: str, width: int, size: int = 13, bold: bool = False) -> str:
    """`s`, shortened with an ellipsis until it is at most `width` pixels wide."""
    f = font(size, bold)
    s = printable(s)
    if f.size(s)[0] <= width:
        return s
    while len(s) > 1 and f.size(s + "…")[0] > width:
        s = s[:-1]
    return s.rstrip() + "…"


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: bool = True, edge=PANEL_EDGE) -> None:
    """A rounded HUD panel, translucent so the battlefield shows through."""
    if alpha:
        surface.blit(_panel_box(rect.size), rect.topleft)
    else:
        pygame.draw.rect(surface, PANEL_SOLID, rect, border_radius=6)
    pygame.draw.rect(surface, edge, rect, 1, border_radius=6)


def button(surface: pygame.Surface, rect: pygame.Rect, label: str, *, hover=False, armed=False,
           enabled=True, size=15, key: str = "") -> None:
    colour = BUTTON_ARMED if armed else BUTTON_HOVER if hover else BUTTON if enabled else BUTTON_OFF
    pygame.draw.rect(surface, colour, rect, border_radius=5)
    pygame.draw.rect(surface, ACCENT if armed else PANEL_EDGE, rect, 1, border_radius=5)
    img = text(label, size, TEXT if enabled else FAINT)
    if img.get_width() > rect.w - 8:
        img = text(label, max(10, size - 3), TEXT if enabled else FAINT)
    surface.blit(img, img.get_rect(center=(rect.centerx, rect.centery - (4 if key else 0))))
    if key:
        k = text(key, 11, ACCENT if enabled else FAINT)
        surface.blit(k, k.get_rect(center=(rect.centerx, rect.bottom - 9)))


def percent(p: float) -> str:
    """A probability for people: exact to one decimal, never a misleading 0% or 100%."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    v = p * 100
    if v < 0.1:
        return "<0.1%"
    if v > 99.9:
        return ">99.9%"
    v = round(v, 1)
    return f"{int(v)}%" if v == int(v) else f"{v:.1f}%"


def arrow_button(surface: pygame.Surface, rect: pygame.Rect, direction: int, hover=False) -> None:
    """A small button with a drawn triangle (-1 points left, 1 right)."""
    pygame.draw.rect(surface, BUTTON_HOVER if hover else BUTTON, rect, border_radius=5)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1, border_radius=5)
    cx, cy, s = rect.centerx, rect.centery, max(4, rect.h // 4)
    pts = [(cx - s, cy - s), (cx - s, cy + s), (cx + s, cy)] if direction > 0 else \
          [(cx + s, cy - s), (cx + s, cy + s), (cx - s, cy)]
    pygame.draw.polygon(surface, TEXT, pts)
