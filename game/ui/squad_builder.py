"""The squad builder (issue 29): one side's squad from the ruleset's templates (the
designer's own too), with each template's cost, key stats and kit (the battle's unit
card), a running total against the side's budget, names to edit, and one line saying
why a squad cannot be fielded (over budget, more units than the map has places).

Keyboard: Tab moves between the templates, the squad and its name; Up/Down choose;
Enter or + adds the chosen template; on the squad, typing edits the chosen unit's name
(Enter: done, back to the templates), Delete removes it; Ctrl+S saves to the data folder's squads; F5 (or Ctrl+Enter) uses
the squad; Esc goes back without it. Everything is also a click.

The screen hands back the next screen: `done(squad)` is called with the squad to use,
and the screen before it is shown again.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.squad_fielding import squad_problem
from game.squads import MAX_NAME, Squad, save_squad, squad_file_name
from game.ui import theme
from game.ui.screen import Screen, key_char

AREAS = ("templates", "squad", "title")
ROW = 30


def vip_slots(tmap: Any, side: int) -> frozenset[int]:
    """Which of `side`'s squad places are a scenario's VIP: a squad's units take the
    side's spawns in order (game.engine.setup.orders_for), and the unit on a VIP's spawn
    is the VIP. The builder said nothing: in The Envoy a squad's first unit, whatever it
    was, became the envoy whose fall loses the battle."""
    scenario = getattr(tmap, "scenario", None)
    if scenario is None or not scenario.vips:
        return frozenset()
    marks = {(v.x, v.y) for v in scenario.vips if v.team == side}
    spawns = [s for s in tmap.spawns if s.team == side]
    return frozenset(i for i, s in enumerate(spawns) if (s.x, s.y) in marks)


class SquadBuilderScreen(Screen):
    title = "Squad builder"

    def __init__(self, app, back: Screen, ruleset: Any, tmap: Any, side: int, budget: int,
                 squad: Squad | None, done: Callable[[Squad], None], note: str = "") -> None:
        super().__init__(app)
        self.back = back
        self.ruleset = ruleset
        self.tmap = tmap.for_ruleset(ruleset.id)  # the spawns this ruleset deploys on
        self.side = side
        self.budget = budget
        self.done = done
        self.templates = list(ruleset.data.templates)
        self.units: list[str] = list(squad.units) if squad else []
        self.names: list[str] = list(squad.names) if squad and squad.names else [""] * len(self.units)
        self.squad_name = squad.name if squad else f"Side {side}"
        self.area = "templates"
        self.t_index = 0
        self.s_index = 0
        self.t_scroll = 0
        self.message = note
        self.hit: list[tuple[pygame.Rect, Callable[[], None]]] = []
        self.vip_slots = vip_slots(self.tmap, side)

    # --- the model ----------------------------------------------------------------------
    def cost(self) -> int:
        return sum(self.ruleset.data.templates[t].cost or 0 for t in self.units)

    def problem(self) -> str | None:
        why = squad_problem(self.tmap, self.ruleset, self.side, self.units, self.budget)
        if why:
            return why
        # two units of one name: the log, the card and the turn order could not tell
        # them apart ("Ace hits" - which Ace?)
        seen: set[str] = set()
        for name in (n.strip() for n in self.names):
            if name and name.casefold() in seen:
                return f"Two units are named {name}: give each its own name."
            seen.add(name.casefold())
        return None

    def squad(self) -> Squad:
        names = tuple(self.names) if any(n.strip() for n in self.names) else ()
        return Squad(self.ruleset.id, self.squad_name.strip() or f"Side {self.side}", tuple(self.units), names)

    def add(self, template: str) -> None:
        self.units.append(template)
        self.names.append("")
        self.s_index = len(self.units) - 1
        self.message = self.problem() or ""

    def remove(self, index: int) -> None:
        if 0 <= index < len(self.units):
            del self.units[index]
            del self.names[index]
            self.s_index = max(0, min(self.s_index, len(self.units) - 1))
            self.message = ""

    def use(self) -> None:
        why = self.problem()
        if why:
            self.message = why
            return
        self.done(self.squad())
        self.next = self.back

    def save(self) -> None:
        if not self.units:
            self.message = "A squad needs at least one unit."
            return
        path = squad_file_name(self.squad_name)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_squad(self.squad(), path)
        except OSError as exc:
            self.message = f"{path}: cannot be written ({exc.strerror or exc})"
            return
        self.message = f"Saved {path}"

    def cancel(self) -> None:
        self.next = self.back

    def _type(self, ch: str, backspace: bool) -> None:
        """Typing edits the squad's name or the chosen unit's (no control characters)."""
        if self.area == "title":
            text = self.squad_name
        elif self.area == "squad" and self.units:
            text = self.names[self.s_index]
        else:
            return
        text = text[:-1] if backspace else (text + ch if len(text) < MAX_NAME else text)
        if self.area == "title":
            self.squad_name = text
        else:
            self.names[self.s_index] = text

    # --- input --------------------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action in reversed(self.hit):  # the last drawn is on top
                if rect.collidepoint(event.pos):
                    action()
                    return
        elif event.type == pygame.MOUSEWHEEL:
            self.t_scroll = max(0, min(len(self.templates) - 1, self.t_scroll - event.y))

    def _key(self, event) -> None:
        k, ch, mod = event.key, key_char(event), event.mod
        ctrl = bool(mod & pygame.KMOD_CTRL)
        if k == pygame.K_ESCAPE:
            self.cancel()
        elif k == pygame.K_TAB:
            step = -1 if mod & pygame.KMOD_SHIFT else 1
            self.area = AREAS[(AREAS.index(self.area) + step) % len(AREAS)]
        elif ctrl and k == pygame.K_s:
            self.save()
        elif k == pygame.K_F5 or (ctrl and k in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.use()
        elif k in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if k == pygame.K_UP else 1
            if self.area == "templates":
                self.t_index = (self.t_index + step) % len(self.templates)
            elif self.area == "squad" and self.units:
                self.s_index = (self.s_index + step) % len(self.units)
        elif self.area == "templates" and (k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                                           or ch in ("+", "=")):
            self.add(self.templates[self.t_index])
        elif self.area == "squad" and k == pygame.K_DELETE:
            self.remove(self.s_index)
        elif self.area in ("squad", "title") and k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            # a name typed: Enter is done with it, back to the templates (on the squad it
            # did nothing at all)
            self.area = "templates"
        elif k == pygame.K_BACKSPACE:
            self._type("", backspace=True)
        elif ch and not ctrl:
            self._type(ch, backspace=False)

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.hud import unit_card
        from game.ui.squad_cards import row_line, template_card
        surface.fill(theme.BG)
        w, h = surface.get_size()
        self.hit = []
        small = h < 680
        surface.blit(theme.text(f"Side {self.side}'s squad · {self.ruleset.name}", 26 if not small else 22,
                                theme.ACCENT, bold=True), (24, 14))
        top = 56 if small else 64
        gap = 16
        left_w = max(280, int(w * 0.34))
        card_w = max(260, int(w * 0.27))
        right_x = 24 + left_w + gap + card_w + gap
        right_w = w - right_x - 24
        bottom = h - 110 if not small else h - 96

        # the templates
        box = pygame.Rect(24, top, left_w, bottom - top)
        theme.panel(surface, box, alpha=False, edge=theme.ACCENT if self.area == "templates" else theme.PANEL_EDGE)
        surface.blit(theme.text("Templates (Enter or + adds)", 14, theme.DIM, bold=True), (box.x + 10, box.y + 6))
        # rows as tall as their text: the fonts grow with the window (the UI scale)
        f14, f11 = theme.font(14).get_height(), theme.font(11).get_height()
        t_row = max(ROW, f14 + f11 + 4)
        s_row = max(ROW, f14 + 12)
        fits = max(1, (box.h - f14 - 20) // t_row)
        self.t_scroll = max(0, min(self.t_scroll, len(self.templates) - fits))
        if self.t_index < self.t_scroll:
            self.t_scroll = self.t_index
        elif self.t_index >= self.t_scroll + fits:
            self.t_scroll = self.t_index - fits + 1
        y = box.y + f14 + 14
        for i in range(self.t_scroll, min(len(self.templates), self.t_scroll + fits)):
            tid = self.templates[i]
            t = self.ruleset.data.templates[tid]
            row = pygame.Rect(box.x + 6, y, box.w - 12, t_row - 2)
            chosen = i == self.t_index
            if chosen:
                pygame.draw.rect(surface, (40, 46, 60), row, border_radius=4)
            cost = "—" if t.cost is None else str(t.cost)
            surface.blit(theme.text(t.name, 14, theme.TEXT, bold=chosen), (row.x + 6, row.y + 1))
            surface.blit(theme.text(theme.fit(row_line(self.ruleset, tid), row.w - 90, 11), 11, theme.FAINT),
                         (row.x + 6, row.y + f14))
            cimg = theme.text(f"{cost} pts", 13, theme.ACCENT)
            plus = pygame.Rect(row.right - 28, row.y + 2, 24, min(row.h - 4, 26))
            surface.blit(cimg, cimg.get_rect(midright=(plus.x - 8, row.centery)))
            theme.button(surface, plus, "+", hover=plus.collidepoint(self.app.mouse), size=14)
            self.hit.append((row, lambda i=i: self._pick_template(i)))
            self.hit.append((plus, lambda tid=tid, i=i: (self._pick_template(i), self.add(tid))))
            y += t_row

        # the chosen template's card (the battle's unit card, from the template's data)
        card_rect = pygame.Rect(24 + left_w + gap, top, card_w, bottom - top)
        unit, card = template_card(self.ruleset, self.templates[self.t_index], self.side)
        unit_card(surface, card_rect, unit, card, False, max_h=card_rect.h)

        # the squad
        sq = pygame.Rect(right_x, top, right_w, bottom - top)
        theme.panel(surface, sq, alpha=False, edge=theme.ACCENT if self.area == "squad" else theme.PANEL_EDGE)
        title = pygame.Rect(sq.x + 8, sq.y + 8, sq.w - 16, theme.font(15).get_height() + 10)
        pygame.draw.rect(surface, (12, 14, 18), title, border_radius=4)
        pygame.draw.rect(surface, theme.ACCENT if self.area == "title" else theme.PANEL_EDGE, title, 1, border_radius=4)
        caret = "|" if self.area == "title" else ""
        surface.blit(theme.text(theme.fit(f"Name: {self.squad_name}{caret}", title.w - 12, 15), 15, theme.TEXT, bold=True),
                     (title.x + 6, title.y + 5))
        self.hit.append((title, lambda: setattr(self, "area", "title")))
        y = title.bottom + 8
        foot = theme.font(16).get_height() + 40  # the total and its bar
        rows_fit = max(1, (sq.bottom - foot - 20 - y) // s_row)
        first = max(0, min(self.s_index - rows_fit + 1, len(self.units) - rows_fit)) if self.units else 0
        if not self.units:
            surface.blit(theme.text("No units yet: add templates from the list.", 13, theme.FAINT), (sq.x + 12, y + 4))
        if self.vip_slots:   # which unit the scenario's VIP is, and what its fall costs
            vip_line = theme.fit(f"Unit {min(self.vip_slots) + 1} stands on the VIP's spawn: it is the VIP.", sq.w - 24, 12)
            surface.blit(theme.text(vip_line, 12, theme.ACCENT), (sq.x + 12, sq.bottom - foot - 14 - 18))
        for i in range(first, min(len(self.units), first + rows_fit)):
            t = self.ruleset.data.templates[self.units[i]]
            row = pygame.Rect(sq.x + 6, y, sq.w - 12, s_row - 2)
            chosen = i == self.s_index
            if chosen:
                pygame.draw.rect(surface, (40, 46, 60), row, border_radius=4)
                if self.area == "squad":
                    pygame.draw.rect(surface, theme.ACCENT, row, 1, border_radius=4)
            name = self.names[i] + ("|" if chosen and self.area == "squad" else "")
            vip = i in self.vip_slots
            label = f"{i + 1}. {t.name}" + (" (VIP)" if vip else "")
            limg = theme.text(label, 13, theme.ACCENT if vip else theme.DIM)
            surface.blit(limg, limg.get_rect(midleft=(row.x + 6, row.centery)))
            nx = row.x + 6 + max(120, theme.font(13).size(label)[0] + 10)
            shown = name if name.strip("|") else "(name)" + ("|" if chosen and self.area == "squad" else "")
            nimg = theme.text(theme.fit(shown, row.right - 70 - nx, 14), 14,
                              theme.TEXT if name.strip("|") else theme.FAINT, bold=bool(name.strip("|")))
            surface.blit(nimg, nimg.get_rect(midleft=(nx, row.centery)))
            cost = "—" if t.cost is None else str(t.cost)
            cimg = theme.text(cost, 13, theme.ACCENT)
            x_btn = pygame.Rect(row.right - 28, row.y + 2, 24, min(row.h - 4, 26))
            surface.blit(cimg, cimg.get_rect(midright=(x_btn.x - 8, row.centery)))
            theme.button(surface, x_btn, "×", hover=x_btn.collidepoint(self.app.mouse), size=14)
            self.hit.append((row, lambda i=i: self._pick_unit(i)))
            self.hit.append((x_btn, lambda i=i: self.remove(i)))
            y += s_row
        if len(self.units) > rows_fit:
            surface.blit(theme.text(f"{len(self.units)} units (Up/Down to see all)", 12, theme.FAINT),
                         (sq.x + 12, sq.bottom - foot - 14))
        cost = self.cost()
        over = cost > self.budget
        total = theme.text(f"Total {cost} of {self.budget} points · {len(self.units)} units", 16,
                           theme.BAD if over else theme.GOOD, bold=True)
        surface.blit(total, (sq.x + 12, sq.bottom - foot + 8))
        bar = pygame.Rect(sq.x + 12, sq.bottom - 26, sq.w - 24, 10)
        pygame.draw.rect(surface, (12, 12, 14), bar, border_radius=3)
        frac = min(1.0, cost / self.budget) if self.budget else 1.0
        pygame.draw.rect(surface, theme.BAD if over else theme.GOOD, (bar.x, bar.y, int(bar.w * frac), bar.h),
                         border_radius=3)

        # the buttons, and the line saying why not
        by = bottom + 10
        labels = [("Use this squad", self.use, "F5"), ("Save", self.save, "Ctrl+S"), ("Back", self.cancel, "Esc")]
        bx = 24
        for label, action, key in labels:
            r = pygame.Rect(bx, by, 170 if not small else 150, 44 if not small else 40)
            theme.button(surface, r, label, hover=r.collidepoint(self.app.mouse), key=key, size=14)
            self.hit.append((r, action))
            bx += r.w + 12
        why = self.message or self.problem() or ""
        colour = theme.GOOD if why.startswith("Saved") else theme.WARN
        if why:
            for i, ln in enumerate(theme.wrap(why, w - bx - 40, 14)[:2]):
                surface.blit(theme.text(ln, 14, colour), (bx + 8, by + 4 + 18 * i))
        hint = "Tab: templates / squad / name · Up/Down choose · Enter or + add · type a name · Delete remove · Ctrl+S save · F5 use · Esc back"
        surface.blit(theme.text(theme.fit(hint, w - 48, 12), 12, theme.FAINT), (24, h - 24))

    def _pick_template(self, i: int) -> None:
        self.t_index = i
        self.area = "templates"

    def _pick_unit(self, i: int) -> None:
        self.s_index = i
        self.area = "squad"

    def help_lines(self):
        return [("Tab / Shift+Tab", "templates, squad, squad name"), ("Up / Down", "choose"),
                ("Enter, +", "add the chosen template"), ("typing, Backspace", "the chosen unit's name (Enter: done)"),
                ("Delete", "remove the chosen unit"), ("Ctrl+S", "save to the data folder"),
                ("F5, Ctrl+Enter", "use this squad"), ("Esc", "back without it")]
