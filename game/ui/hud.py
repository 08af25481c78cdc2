"""HUD panels of the battle screen: turn order, unit card, action bar, parameter
pickers, odds and destination previews, tooltips. Pure drawing from plain data."""

from __future__ import annotations

import functools

import pygame

from game.ui import theme
from game.ui.board import _draw_icon
from game.ui.snapshot import BoardView, UnitView

PRETTY = {"speed_ft": "Speed", "hp": "HP", "dt": "DT", "ammo": "Ammo", "actions": "Actions",
          "reaction": "Reaction", "dodge": "Dodge", "weapon": "Weapon", "template": "Type",
          "pdr": "Physical DR", "spell_dr": "Spell DR"}


def param_value(v) -> str:
    """A parameter's value for people: "gym:kite shield" (skill:item) reads "kite shield
    (gym)", underscores become spaces."""
    s = str(v).replace("_", " ")
    if ":" in s and " " not in s.split(":", 1)[0]:
        skill, item = s.split(":", 1)
        return f"{item} ({skill})"
    return s


def pretty(key: str) -> str:
    return PRETTY.get(key, key.replace("_", " ").capitalize())


def value_text(v) -> str:
    if isinstance(v, bool):
        return "ready" if v else "used"
    if isinstance(v, (list, tuple)):
        return ", ".join(map(str, v)) if v else "none"
    if isinstance(v, dict):
        return ", ".join(f"{k} {val}" for k, val in v.items())
    return str(v).replace("_", " ")


def token(surface: pygame.Surface, centre, r: int, u: UnitView, highlight=False) -> None:
    c = theme.team_colour(u.team) if u.active else (90, 90, 96)
    if highlight:
        pygame.draw.circle(surface, theme.ACCENT, centre, r + 4, 3)
    kind = theme.team_shape(u.team)
    theme.shape(surface, kind, c, centre, r)
    theme.shape(surface, kind, (255, 255, 255) if u.active else (60, 60, 60), centre, r, 1)
    _draw_icon(surface, u.archetype, centre, max(3, int(r * 0.5)), (255, 255, 255) if u.active else (150, 150, 150))


def top_bar(surface, rect, view: BoardView, shown: set[int], status: str, speed_rects,
            done: set[int] | None = None, status_colour=theme.TEXT,
            acted: list[int] | None = None, planned: list[int] | None = None) -> dict[int, pygame.Rect]:
    """Round, turn order (who has acted dims), speed buttons. Returns token rects for clicks.
    `done`, when given, names the units to dim (those that have declared, say) instead of
    the ones before the acting unit. `acted`, when given, is who has taken a turn this
    round in the order they took it (read from the log): they come first and dim, then
    the acting unit, then the rest in the ruleset's order."""
    if acted is not None and done is None:
        order_now = [u for u in acted if u != view.actor]
        if view.actor is not None:
            order_now.append(view.actor)
        rest = [u for u in (view.order or planned or sorted(view.units)) if u not in order_now]
        from dataclasses import replace
        view = replace(view, order=tuple(order_now + rest))
        done = set(acted) - {view.actor}
    theme.panel(surface, rect)
    x = rect.x + 10
    round_img = theme.text(f"Round {view.round}", 16, theme.ACCENT, bold=True)
    surface.blit(round_img, (x, rect.y + 9))
    # the tokens start past the round's words: at a large UI scale "Round 10" is wider
    # than the 96 px it had (at 1920x1080 it ran under the first token)
    x += max(96, round_img.get_width() + 14)
    out: dict[int, pygame.Rect] = {}
    order = [u for u in view.order if u in view.units] or sorted(view.units)
    acted = True if view.actor in order else False
    r = 13
    status_img = theme.text(status, 14, status_colour, bold=status_colour != theme.TEXT) if status else None
    stop = speed_rects[0][0].x - 240
    if status_img is not None:
        stop = min(stop, speed_rects[0][0].x - status_img.get_width() - 50)
    for unit in order:
        u = view.units[unit]
        if unit == view.actor:
            acted = False
        if not u.active or unit not in shown:
            if unit == view.actor:
                acted = False
            continue
        centre = (x + r, rect.centery)
        token(surface, centre, r if unit != view.actor else r + 2, u, highlight=unit == view.actor)
        if (unit in done) if done is not None else (acted and view.actor is not None):
            dim = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
            pygame.draw.circle(dim, (0, 0, 0, 120), (r + 1, r + 1), r + 1)
            surface.blit(dim, (centre[0] - r - 1, centre[1] - r - 1))
        out[unit] = pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r)
        x += 2 * r + 8
        if x > stop:
            surface.blit(theme.text("…", 16, theme.DIM), (x, rect.y + 8))
            break
    if status_img is not None:
        surface.blit(status_img, (speed_rects[0][0].x - status_img.get_width() - 14, rect.y + 11))
    return out


def speed_buttons(surface, rects, current: float, mouse) -> None:
    from game.ui.settings import speed_label
    for r, speed in rects:
        theme.button(surface, r, speed_label(speed), hover=r.collidepoint(mouse), armed=speed == current, size=13)


CARD_MAX_H = 320


def unit_card(surface, rect, u: UnitView | None, card: dict | None, is_actor: bool,
              max_h: int = CARD_MAX_H) -> pygame.Rect:
    """The unit's card in `rect`, grown upwards (up to `max_h` and CARD_MAX_H) when its
    values and conditions need more lines than fit. Returns the rect drawn."""
    if u is None:
        theme.panel(surface, rect)
        surface.blit(theme.text("No unit selected", 14, theme.DIM), (rect.x + 12, rect.y + 12))
        surface.blit(theme.text("Click a unit, or Tab to cycle", 13, theme.FAINT), (rect.x + 12, rect.y + 32))
        return rect
    card = card or {}
    skip = {"name", "hp", "max_hp", "conditions", "error"}
    items = [(pretty(k), value_text(v)) for k, v in card.items() if k not in skip and v not in ("", None)]
    posture = u.posture if u.posture != "standing" else ""
    conds = list(card.get("conditions") or [])
    if posture:
        conds.insert(0, posture)
    if u.partners:
        conds.append("grappling")
    once: list[str] = []   # each condition once ("fallen" from the posture and the ruleset)
    for c in conds:
        if str(c).lower() not in {str(o).lower() for o in once}:
            once.append(c)
    conds = once
    inner = rect.w - 28
    col_w = inner // 2
    short = [(k, v) for k, v in items if theme.font(12).size(f"{k}: {v}")[0] < col_w - 4]
    # long values (a weapon's name, every action count, fate's skills) get the whole width,
    # four lines at most (the card rises to hold them)
    long = [(k, _lines(v, inner - theme.font(12).size(f"{k}: ")[0], 4)) for k, v in items if (k, v) not in short]
    cond_lines = _lines(", ".join(conds) if conds else "no conditions", inner, 4)
    # steps as tall as the text: at the UI scale of a 1920x1080 window (1.5) the name ran
    # into the hit-point bar and the lines into each other (at 1.0 the same 26/17/16 px)
    head = max(26, theme.font(17, True).get_height() + 2)
    step = max(17, theme.font(12).get_height())
    cstep = max(16, theme.font(12).get_height() - 1)
    need = (head + 8 + (18 if u.hp is not None and u.max_hp else 0) + step * (-(-len(short) // 2))
            + step * sum(len(ls) for _, ls in long) + cstep * len(cond_lines) + 14 + (cstep if "error" in card else 0))
    if need > rect.h:
        h = min(need, max(rect.h, min(max_h, CARD_MAX_H)))
        rect = pygame.Rect(rect.x, rect.bottom - h, rect.w, h)
    theme.panel(surface, rect)
    pygame.draw.rect(surface, theme.team_colour(u.team), (rect.x, rect.y + 6, 5, rect.h - 12), border_radius=2)
    x, y = rect.x + 14, rect.y + 8
    surface.blit(theme.text(u.name, 17, theme.TEXT, bold=True), (x, y))
    tag = "acting" if is_actor else ("out of the fight" if not u.active else f"side {u.team}")
    timg = theme.text(tag, 12, theme.ACCENT if is_actor else theme.DIM)
    surface.blit(timg, (rect.right - timg.get_width() - 10, y + 4))
    y += head
    if u.hp is not None and u.max_hp:
        frac = max(0.0, min(1.0, u.hp / u.max_hp))
        bar = pygame.Rect(x, y, rect.w - 28, 12)
        pygame.draw.rect(surface, (12, 12, 14), bar, border_radius=3)
        colour = theme.GOOD if frac > 0.6 else theme.WARN if frac > 0.3 else theme.BAD
        pygame.draw.rect(surface, colour, (bar.x, bar.y, int(bar.w * frac), bar.h), border_radius=3)
        hp = theme.text(f"{u.hp} / {u.max_hp} HP", 11, (255, 255, 255), bold=True)
        surface.blit(hp, hp.get_rect(center=bar.center))
        y += 18
    cond_y = rect.bottom - 6 - cstep * len(cond_lines)
    row = 0
    for i, (k, v) in enumerate(short):
        cx = x + (i % 2) * col_w
        cy = y + (i // 2) * step
        if cy > cond_y - 16:
            break
        surface.blit(theme.text(f"{k}:", 12, theme.DIM), (cx, cy))
        surface.blit(theme.text(v, 12, theme.TEXT), (cx + theme.font(12).size(f"{k}: ")[0], cy))
        row = i // 2 + 1
    cy = y + row * step
    for k, lines in long:
        if cy > cond_y - 16:
            break
        surface.blit(theme.text(f"{k}:", 12, theme.DIM), (x, cy))
        kw = theme.font(12).size(f"{k}: ")[0]
        for ln in lines:
            if cy > cond_y - 16:
                break
            surface.blit(theme.text(ln, 12, theme.TEXT), (x + kw, cy))
            cy += step
    for i, ln in enumerate(cond_lines):
        surface.blit(theme.text(ln, 12, theme.WARN if conds else theme.FAINT), (x, cond_y + cstep * i))
    if "error" in card:
        surface.blit(theme.text("card unavailable", 12, theme.BAD), (x, cond_y - cstep))
    return rect


def _lines(text: str, width: int, most: int) -> list[str]:
    """`text` wrapped to `width` pixels (12 pt), at most `most` lines, the last shortened."""
    lines = theme.wrap(text, width, 12)
    if len(lines) > most:
        lines = lines[:most - 1] + [theme.fit(" ".join(lines[most - 1:]), width, 12)]
    return [theme.fit(ln, width, 12) for ln in lines]


BUTTON_MIN_W = 104


def bar_rows(count: int, width: int) -> int:
    """How many rows of buttons the action bar needs for `count` options."""
    per_row = max(1, (width - 12 + 6) // (BUTTON_MIN_W + 6))
    return max(1, -(-count // per_row))


def action_bar(surface, rect, options, armed: str | None, mouse, letter_of=None) -> list[tuple[pygame.Rect, object]]:
    """One button per option of the pending decision: its label, its key in a keycap at
    the top left (it stays with the action all battle), its cost in the ruleset's own
    currency along the bottom; as many rows as the options need (labels wrap onto two
    lines or shorten to fit, the full text in the tooltip)."""
    theme.panel(surface, rect)
    n = max(1, len(options))
    rows = bar_rows(n, rect.w)
    per_row = -(-n // rows)
    gap = 6
    bw = min(128, (rect.w - 12 - gap * (per_row - 1)) // per_row)
    bh = (rect.h - 12 - gap * (rows - 1)) // rows
    out = []
    for i, opt in enumerate(options):
        row, col = divmod(i, per_row)
        r = pygame.Rect(rect.x + 6 + col * (bw + gap), rect.y + 6 + row * (bh + gap), bw, bh)
        letter = (letter_of(opt) if letter_of else opt.hotkey) or ""
        option_button(surface, r, opt.label, letter, short_cost(opt.cost),
                      hover=r.collidepoint(mouse), armed=opt.key == armed)
        out.append((r, opt))
    return out


def short_cost(cost: str) -> str:
    """An option's cost as a button shows it: the first clause (the tooltip has it all)."""
    return cost.split(" (")[0].split(";")[0].strip() if cost else ""


def option_button(surface, r: pygame.Rect, label: str, letter: str, cost: str, *, hover=False, armed=False) -> None:
    """A button: the label on top (whole: wrapped or a little smaller), and along the
    bottom the hotkey in a keycap at the left, apart from the cost in dim words."""
    theme.button(surface, r, "", hover=hover, armed=armed)
    bottom = 15 if (letter or cost) else 0
    cap_w = 0
    if letter:
        cap = theme.text(letter.upper(), 11, theme.ACCENT, bold=True)
        box = pygame.Rect(r.x + 4, r.bottom - 17, max(14, cap.get_width() + 6), 14)
        pygame.draw.rect(surface, (20, 22, 28), box, border_radius=3)
        pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=3)
        surface.blit(cap, cap.get_rect(center=box.center))
        cap_w = box.w + 6
    room = r.h - 4 - bottom
    lines, size = fitted_label(label, r.w - 10, 13, room)
    step = size + 3
    y = r.y + 2 + max(0, (room - label_height(len(lines), size)) // 2)
    for ln in lines:
        img = theme.text(ln, size, theme.TEXT)
        surface.blit(img, (r.centerx - img.get_width() // 2, y))
        y += step
    if cost:
        text, size = cost_fitted(cost, r.w, cap_w)
        c = theme.text(text, size, theme.DIM)
        # beside the keycap: centred in the room right of it (all of the bottom row
        # when there is no keycap)
        left = r.x + 4 + cap_w
        surface.blit(c, c.get_rect(midbottom=((left + r.right - 5) // 2, r.bottom - 1)))


def cost_fitted(cost: str, button_w: int, cap_w: int) -> tuple[str, int]:
    """(text, size) of a button's cost along its bottom row right of the keycap: whole
    at 10 px or 9 px, else as many of its first clauses as fit, else shortened with an
    ellipsis (the tooltip has it all)."""
    width = max(20, button_w - 4 - cap_w - 5)
    # whole; else without its last clauses after ", " ("4 Actions + Reaction, 15 rounds"
    # -> "4 Actions + Reaction"; "0 Str, 0 Spd, 1 Ghost HP per ft" -> "0 Str, 0 Spd");
    # else shortened
    parts = theme.printable(cost).split(", ")
    for text in (", ".join(parts[:n]) for n in range(len(parts), 0, -1)):
        for size in (10, 9):
            if theme.font(size).size(text)[0] <= width:
                return text, size
    return theme.fit(cost, width, 9), 9


def label_lines(label: str, width: int, size: int) -> list[str]:
    """A button label on one line, else wrapped onto two (the second shortened only
    when even two lines cannot hold it)."""
    if theme.font(size).size(theme.printable(label))[0] <= width:
        return [label]
    lines = theme.wrap(label, width, size)
    if len(lines) > 2:
        lines = [lines[0], theme.fit(" ".join(lines[1:]), width, size)]
    return [theme.fit(ln, width, size) for ln in lines]


def label_height(lines: int, size: int) -> int:
    """The drawn height of `lines` lines of a label at `size` (lines `size + 3` apart)."""
    return (lines - 1) * (size + 3) + theme.font(size).get_height() - 2


def fitted_label(label: str, width: int, size: int = 13, height: int = 40) -> tuple[list[str], int]:
    """(lines, font size) that show the whole label in `width` × `height`: one or two
    lines at the given size or a point or three smaller, else three lines small;
    shortened only as a last resort (the tooltip always has the full text)."""
    for s in range(size, size - 4, -1):
        lines = theme.wrap(label, width, s)
        if (label_height(len(lines), s) <= height
                and all(theme.font(s).size(theme.printable(ln))[0] <= width for ln in lines)):
            return lines, s
    return label_lines(label, width, size - 3), size - 3


#: A parameter with at least this many values may fold into a stepper when the row is
#: too narrow to show every value (a Ghost Hunter's ghost points run 12 to 1).
_STEPPER_MIN_VALUES = 3


def _param_width(name: str, values, stepper: bool) -> int:
    """Width one parameter's picker takes: its label, then every value or a stepper."""
    width = theme.font(13).size(f"{name.replace('_', ' ')}:")[0] + 6
    if stepper:
        width += _widest(values) + 3 + 2 * (theme.font(12).size("<")[0] + 14 + 3)
    else:
        width += sum(theme.font(12).size(param_value(v))[0] + 14 + 3 for v in values)
    return width + 14


#: A stepper's middle button is never wider than this; a longer value is shortened
#: there and shown whole in a tooltip while the mouse is over it.
_STEPPER_MAX_WIDTH = 110


def _widest(values) -> int:
    """A stepper's middle button fits its widest value (up to a limit), so stepping
    never moves the row."""
    return min(_STEPPER_MAX_WIDTH, max(theme.font(12).size(param_value(v))[0] for v in values) + 14)


def param_row(surface, rect, option, allowed: dict, chosen: dict, focus: int, mouse, title: str = ""):
    """Pickers for the option's parameters: every value, the disallowed ones greyed;
    `title` names the option first (when the row could belong to several).

    When every value does not fit the row, the parameters with many values become
    steppers, `< 12 >`: the arrows pick the next allowed value either way (the keys
    `[` and `]` still cycle too); if that is still too wide, a parameter with a single
    value (no choice to make; it still applies) is left out. Nothing is drawn over the
    panels beside the row."""
    out = []
    if not option.params:
        return out
    theme.panel(surface, rect)
    x = rect.x + 8
    if title:
        img = theme.text(f"{title} ·", 13, theme.TEXT, bold=True)
        surface.blit(img, (x, rect.y + (rect.h - img.get_height()) // 2))
        x += img.get_width() + 8
    steppers, hidden = _fold(tuple(option.params.items()), rect.right - 6 - x)
    for i, (name, values) in enumerate(option.params.items()):
        if name in hidden:
            continue
        label = theme.text(f"{name.replace('_', ' ')}:", 13, theme.ACCENT if i == focus else theme.DIM, bold=i == focus)
        surface.blit(label, (x, rect.y + (rect.h - label.get_height()) // 2))
        x += label.get_width() + 6
        ok = allowed.get(name, values)
        if name in steppers:
            x = _stepper(surface, rect, x, name, values, ok, chosen.get(name), mouse, out)
            x += 14
            continue
        for v in values:
            s = param_value(v)
            w = theme.font(12).size(s)[0] + 14
            r = pygame.Rect(x, rect.y + 4, w, rect.h - 8)
            enabled = v in ok
            theme.button(surface, r, s, hover=enabled and r.collidepoint(mouse),
                         armed=enabled and chosen.get(name) == v, enabled=enabled, size=12)
            out.append((r, name, v, enabled))
            x += w + 3
        x += 14
    hint = theme.text("[ ] change · \\ next", 11, theme.FAINT)
    if x + hint.get_width() < rect.right - 6:
        surface.blit(hint, (rect.right - hint.get_width() - 8, rect.y + (rect.h - hint.get_height()) // 2))
    return out


@functools.lru_cache(maxsize=64)
def _fold(items: tuple, room: int) -> tuple[frozenset[str], frozenset[str]]:
    """Which pickers become steppers, and which single-valued ones are left out, for
    the row to fit `room` pixels: the pickers with the most values fold first, and
    only as many as needed. Kept per row (measuring text every frame would slow the
    window down while the AI thinks in its worker)."""
    params = dict(items)
    steppers: set[str] = set()
    hidden: set[str] = set()

    def width() -> int:
        return sum(_param_width(n, v, n in steppers) for n, v in params.items() if n not in hidden)
    for name, values in sorted(params.items(), key=lambda kv: -len(kv[1])):
        if width() <= room:
            break
        if len(values) >= _STEPPER_MIN_VALUES:
            steppers.add(name)
    for name, values in params.items():
        if width() <= room:
            break
        if len(values) == 1:
            hidden.add(name)
    return frozenset(steppers), frozenset(hidden)


def _stepper(surface, rect, x: int, name: str, values, ok, current, mouse, out: list) -> int:
    """`< value >` for one parameter: the value shown is the chosen one (else the first
    allowed); each arrow is the next allowed value that way, greyed at the end."""
    allowed_values = [v for v in values if v in ok]
    shown = current if current in allowed_values else (allowed_values[0] if allowed_values else values[0])
    at = allowed_values.index(shown) if shown in allowed_values else -1
    before = allowed_values[at - 1] if at > 0 else None
    after = allowed_values[at + 1] if 0 <= at < len(allowed_values) - 1 else None
    full = None
    for text, value, armed in (("<", before, False), (param_value(shown), shown, True), (">", after, False)):
        w = _widest(values) if armed else theme.font(12).size(text)[0] + 14
        r = pygame.Rect(x, rect.y + 4, w, rect.h - 8)
        enabled = value is not None and value in ok
        label = theme.fit(text, w - 10, 12) if armed else text
        theme.button(surface, r, label, hover=enabled and r.collidepoint(mouse),
                     armed=armed and enabled, enabled=enabled, size=12)
        if label != theme.printable(text) and r.collidepoint(mouse):
            full = text
        out.append((r, name, value, enabled))
        x += w + 3
    if full is not None:
        tooltip(surface, mouse, [(full, theme.TEXT)])
    return x


def tooltip(surface, pos, lines: list[tuple[str, tuple]], width: int = 280,
            within: pygame.Rect | None = None) -> pygame.Rect:
    """A box of lines whose bottom left is just above `pos`, kept inside `within` (the
    window by default); returns where it went."""
    wrapped = []
    for text, colour in lines:
        for line in theme.wrap(text, width - 16, 13):
            wrapped.append((line, colour))
    h = 12 + 17 * len(wrapped)
    w = min(width, max(theme.font(13).size(t)[0] for t, _ in wrapped) + 18)
    rect = pygame.Rect(pos[0] + 14, pos[1] - h - 6, w, h)
    rect.clamp_ip(within or surface.get_rect())
    theme.panel(surface, rect, alpha=False, edge=theme.ACCENT)
    y = rect.y + 6
    for text, colour in wrapped:
        surface.blit(theme.text(text, 13, colour), (rect.x + 9, y))
        y += 17
    return rect


def odds_panel(surface, rect, title: str, odds, target_hp: int | None, params: dict,
               description: str = "", warning: str = "") -> None:
    """Exact odds: hit, crit, damage distribution, expected damage, the modifier breakdown.
    A choice with no roll (an Aim, a Taunt's setup) shows what it does instead.
    `warning`: the attack can hurt the player's own side; it heads the panel, red."""
    theme.panel(surface, rect, edge=theme.BAD if warning else theme.ACCENT)
    x, y = rect.x + 10, rect.y + 6
    for ln in theme.wrap(warning, rect.w - 20, 13, bold=True)[:2] if warning else ():
        surface.blit(theme.text(ln, 13, theme.BAD, bold=True), (x, y))
        y += 17
    # a long title wraps (two lines at most) rather than losing the target's name at
    # the panel's edge ("-> Brawler 2-")
    lines = theme.wrap(title, rect.w - 20, 14, bold=True)
    if len(lines) > 2:
        lines = [lines[0], theme.fit(" ".join(lines[1:]), rect.w - 20, 14, True)]
    for ln in lines:
        surface.blit(theme.text(ln, 14, theme.ACCENT, bold=True), (x, y))
        y += 19
    y += 3
    if params:
        ptxt = " · ".join(param_value(v) for v in params.values())
        surface.blit(theme.text(ptxt, 12, theme.DIM), (x, y))
        y += 16
    if odds is None:
        for line in theme.wrap(description or "No roll: nothing to predict.", rect.w - 20, 13):
            surface.blit(theme.text(line, 13, theme.TEXT if description else theme.DIM), (x, y))
            y += 17
        return
    # a check (an escape, a distraction) has no critical and no damage: just its chance
    check = not odds.crit and not any(k > 0 and p > 0 for k, p in odds.damage.items())
    big = theme.text(f"{theme.percent(odds.hit)}", 28, theme.TEXT, bold=True)
    surface.blit(big, (x, y))
    label = theme.text("chance" if check else "to hit", 12, theme.DIM)
    surface.blit(label, (x + big.get_width() + 6, y + 16))
    if not check:
        # the crit and damage column sits right of "to hit", moved left (never over
        # it) and then shortened to stay in the panel: with large fonts in a narrow
        # window "avg dmg 3.0" ran 14 px past the panel's edge (the labels-fit test)
        words = (f"crit {theme.percent(odds.crit)}", f"avg dmg {odds.expected_damage:.1f}")
        widths = [theme.font(13).size(theme.printable(w))[0] for w in words]
        right = rect.right - 10
        cx = max(x + big.get_width() + 6 + label.get_width() + 8, min(x + big.get_width() + 56, right - max(widths)))
        for (w, colour, dy) in zip(words, (theme.ACCENT, theme.TEXT), (2, 19)):
            surface.blit(theme.text(theme.fit(w, right - cx, 13), 13, colour), (cx, y + dy))
    y += 40
    # the window's own "takes them down" (damage at least the health left) only where
    # the ruleset does not tell its own chance to put the target out of the fight (5x5
    # damage is ability points: the two figures would contradict each other)
    told = any("out of the fight" in n.lower() for n in odds.notes)
    if not told and target_hp is not None and target_hp > 0 and any(v > 0 for v in odds.damage):
        p_down = odds.chance_at_least(target_hp)
        surface.blit(theme.text(f"takes them down: {theme.percent(p_down)}", 13,
                                theme.BAD if p_down >= 0.5 else theme.WARN), (x, y))
        y += 18
    # damage distribution: one bar per value, 0 (miss or no damage) first
    dist = {k: v for k, v in sorted(odds.damage.items())}
    if dist and any(k > 0 for k in dist):
        chart = pygame.Rect(x, y + 2, rect.w - 20, 40)
        pygame.draw.rect(surface, (12, 14, 18), chart)
        keys = list(dist)
        lo, hi = min(keys), max(keys)
        total = 0.0  # a long thin tail (exploding dice) is cut where 99.9% is reached
        for k in keys:
            total += dist[k]
            if total >= 0.999 and k > lo:
                hi = k
                break
        dist = {k: p for k, p in dist.items() if k <= hi}
        span = max(1, hi - lo + 1)
        peak = max(p for k, p in dist.items() if k > 0) or 1
        bw = chart.w / span
        for k, p in dist.items():
            if k <= 0:
                continue
            h = int((chart.h - 4) * min(1.0, p / peak))
            colour = theme.BAD if target_hp is not None and k >= target_hp else (120, 170, 240)
            pygame.draw.rect(surface, colour, (chart.x + int((k - lo) * bw), chart.bottom - h, max(1, int(bw) - 1), h))
        miss = dist.get(0, 0.0)
        y = chart.bottom + 2
        surface.blit(theme.text(f"{max(1, lo)}", 11, theme.DIM), (chart.x, y))
        hi_img = theme.text(f"{hi}{'+' if hi < max(keys) else ''} dmg", 11, theme.DIM)
        surface.blit(hi_img, (chart.right - hi_img.get_width(), y))
        mid = theme.text(f"no damage {theme.percent(miss)}", 11, theme.DIM)
        surface.blit(mid, (chart.centerx - mid.get_width() // 2, y))
        y += 17
    total = sum(v for _, v in odds.breakdown)
    parts = " · ".join(f"{label} {'+' if v >= 0 else '−'}{abs(v)}" for label, v in odds.breakdown)
    line = parts
    if odds.breakdown:
        line += f"  = {'+' if total >= 0 else '−'}{abs(total)}"
    if odds.target_number:
        line += f"  vs {odds.target_number}"
    for ln in theme.wrap(line, rect.w - 20, 12):
        if y > rect.bottom - 16:
            break
        surface.blit(theme.text(ln, 12, theme.TEXT), (x, y))
        y += 15
    for note in odds.notes:
        for ln in theme.wrap(note, rect.w - 20, 12):
            if y > rect.bottom - 16:
                break
            surface.blit(theme.text(ln, 12, theme.WARN), (x, y))
            y += 15


def move_panel(surface, rect, title: str, cost: str, cover: str, threats, name_of, unknown: bool = False,
               reactions: list[str] | None = None) -> None:
    """At the hovered destination: the cost, the cover, the danger zones on the way
    (`reactions`: each zone's rule, "Obstruct Movement: Gunner 2-1 can end a move
    here"), and who could see or shoot you. `unknown`: under fog some enemies are out
    of sight; they are not counted, and the panel says so."""
    theme.panel(surface, rect)
    x, y = rect.x + 10, rect.y + 6
    surface.blit(theme.text(title, 14, theme.ACCENT, bold=True), (x, y))
    y += 22
    surface.blit(theme.text(f"Cost: {cost}", 13, theme.TEXT), (x, y))
    y += 18
    for ln in theme.wrap(f"Cover here: {cover}", rect.w - 20, 13):   # per side: cover_icons.describe
        surface.blit(theme.text(ln, 13, theme.GOOD if cover not in ("none", "") else theme.DIM), (x, y))
        y += 17
    y += 5
    for words in (reactions or [])[:2]:
        for ln in theme.wrap(f"On the way: {words}", rect.w - 20, 12):
            surface.blit(theme.text(ln, 12, theme.WARN), (x, y))
            y += 15
        y += 3
    shooters = [t for t in threats if t.can_shoot]
    seers = [t for t in threats if t.sees and not t.can_shoot]
    if unknown:
        surface.blit(theme.text("Enemies out of your sight may still watch it.", 12, theme.WARN),
                     (x, rect.bottom - 20))
    if not shooters and not seers:
        surface.blit(theme.text("No enemy you can see sees this tile." if unknown else "No enemy sees this tile.",
                                13, theme.GOOD), (x, y))
        return
    surface.blit(theme.text(f"Exposed to {len(shooters)} shooter{'s' if len(shooters) != 1 else ''}"
                            + (f", seen by {len(seers)} more" if seers else ""), 13, theme.BAD if shooters else theme.WARN), (x, y))
    y += 18
    for t in shooters + seers:
        if y > rect.bottom - 16:
            break
        verb = "can shoot" if t.can_shoot else "sees"
        cov = f" · your cover: {t.cover}" if t.cover != "none" else " · no cover"
        surface.blit(theme.text(f"• {name_of(t.unit)} {verb}{cov}", 12, theme.TEXT), (x, y))
        y += 16
