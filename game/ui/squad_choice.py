"""Before a battle, each side's squad (issue 29): the map's default, a saved squad (the
data folder's `squads/`), one built in the builder (game/ui/squad_builder.py), or the
AI's pick (game.ai.squad_pick, the side's level and budget). The menu's map, ruleset,
sides and seed are the battle's; Start hands the squads to the menu's start, which
opens the battle (or the mission's briefing) as its own Start does.

A custom units file that cannot be read is shown in one line and left out: the window
goes on with the ruleset's own units.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.errors import InputError
from game.squads import Squad
from game.ui import theme
from game.ui.screen import Screen, key_char

DEFAULT, AI_PICK, SAVED, BUILT = "default", "ai", "saved", "built"


@dataclass(frozen=True)
class Option:
    """One way a side may get its squad."""

    kind: str
    label: str
    squad: Squad | None = None


class SquadChoiceScreen(Screen):
    title = "Squads"

    def __init__(self, app, menu) -> None:
        super().__init__(app)
        from game.custom_units import units_or_problem
        from game.rulesets import load_ruleset
        from game.squads import budgets, saved_squads
        from game.price import BUDGET
        self.menu = menu
        self.rid = menu.s.ruleset
        info = menu.map_info
        self.tmap = info.tmap if info is not None else None
        self.sides = menu.teams()
        self.notes: list[str] = []
        self.custom, problem = units_or_problem(self.rid, getattr(app, "units_file", None))
        if problem:
            self.notes.append(f"Custom units left out: {problem}")
        self.ruleset = load_ruleset(self.rid, self.custom)
        saved, bad = saved_squads(self.rid, self.custom)
        self.notes += [f"Squad file left out: {line}" for line in bad[:2]]
        self.saved = [Option(SAVED, f"Saved: {squad.name}", squad) for _, squad in saved]
        self.budgets = {t: budgets(self.tmap).get(t, BUDGET) if self.tmap is not None else BUDGET
                        for t in self.sides}
        self.built: dict[int, Squad] = {}
        self.choice = {t: 0 for t in self.sides}
        self.focus = 0
        self.message = ""
        self.hit: list[tuple[pygame.Rect, Any]] = []
        self._picks: dict[tuple[int, str], tuple[str, ...]] = {}

    # --- the model ----------------------------------------------------------------------
    def options(self, side: int) -> list[Option]:
        out = [Option(DEFAULT, "Map's default"), Option(AI_PICK, f"AI's pick ({self.level(side)})")]
        out += self.saved
        if side in self.built:
            out.append(Option(BUILT, f"Built: {self.built[side].name}", self.built[side]))
        return out

    def option(self, side: int) -> Option:
        opts = self.options(side)
        return opts[self.choice[side] % len(opts)]

    def level(self, side: int) -> str:
        return self.menu.s.level(side) if self.menu.s.side(side) != "human" else "normal"

    def units(self, side: int) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """The side's templates and names, or None for the map's default."""
        opt = self.option(side)
        if opt.kind == DEFAULT:
            return None
        if opt.kind == AI_PICK:
            key = (side, self.level(side))
            if key not in self._picks:
                from game.ai.squad_pick import ai_pick
                self._picks[key] = ai_pick(self.ruleset, self.tmap, side, self.level(side), self.menu.s.seed)
            return self._picks[key], ()
        return opt.squad.units, opt.squad.names

    def default_line(self, side: int) -> str:
        """What the map's default fields for `side` in this ruleset (its spawns, or the
        scenario's squad): "4 units · worth 83 points (the map's own): Brawler, ...". The
        line said only "The map's own units for this side": a player choosing between it
        and a squad of 100 points could not compare."""
        from game.engine.setup import orders_for
        from game.squads import squad_cost
        if self.tmap is None:
            return "The map's own units for this side"
        units = [o.template for o in orders_for(self.tmap, self.ruleset) if o.team == side]
        names = ", ".join(self.ruleset.data.templates[u].name for u in units)
        try:
            worth = f" · worth {squad_cost(self.ruleset, units)} points"
        except InputError:  # an unpriced unit
            worth = ""
        return f"{len(units)} unit{'s' if len(units) != 1 else ''}{worth} (the map's own): {names}"

    def change(self, side: int, step: int) -> None:
        self.choice[side] = (self.choice[side] + step) % len(self.options(side))
        self.message = ""

    def build(self, side: int) -> None:
        """Open the builder for `side`, starting from its current squad."""
        chosen = self.units(side)
        start = None
        if chosen is not None:
            name = self.option(side).squad.name if self.option(side).squad else f"Side {side}"
            start = Squad(self.rid, name, chosen[0], chosen[1])

        def done(squad: Squad) -> None:
            self.built[side] = squad
            self.choice[side] = len(self.options(side)) - 1  # the built one, last
        self.next = self.app.screens.squad_builder(self, self.ruleset, self.tmap, side, self.budgets[side],
                                                   start, done, note=" ".join(self.notes)[:300])

    def start(self) -> None:
        from game.squad_fielding import squad_problem
        squads, names = {}, {}
        for side in self.sides:
            chosen = self.units(side)
            if chosen is None:
                continue
            why = squad_problem(self.tmap, self.ruleset, side, chosen[0], self.budgets[side])
            if why:
                self.message = f"Side {side}: {why}"
                return
            squads[side] = list(chosen[0])
            if any(chosen[1]):
                names[side] = list(chosen[1])
        fields = set(t for units in squads.values() for t in units)
        used = self.custom is not None and bool(fields & set(self.custom.ids))
        self.menu.next = None
        self.menu.message = ""
        # a mission's briefing goes back here, the squads still chosen (it went to the menu)
        self.menu.start({"squads": squads or None, "names": names or None,
                         "custom": self.custom if used else None}, back=self)
        if self.menu.next is not None:
            self.next, self.menu.next = self.menu.next, None
        else:
            self.message = self.menu.message

    def back(self) -> None:
        self.next = self.menu

    # --- input --------------------------------------------------------------------------
    def buttons(self):
        return [("Start battle", self.start), ("Back to the menu", self.back)]

    def handle(self, event) -> None:
        count = len(self.sides) + len(self.buttons())
        if event.type == pygame.KEYDOWN:
            k, ch = event.key, key_char(event).lower()
            side = self.sides[self.focus] if self.focus < len(self.sides) else None
            if k == pygame.K_ESCAPE:
                self.back()
            elif k == pygame.K_UP or (k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.focus = (self.focus - 1) % count
            elif k in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % count
            elif k in (pygame.K_LEFT, pygame.K_RIGHT) and side is not None:
                self.change(side, -1 if k == pygame.K_LEFT else 1)
            elif ch == "b" and side is not None:
                self.build(side)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if side is None:
                    self.buttons()[self.focus - len(self.sides)][1]()
                else:
                    self.start()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        from game.squads import squad_cost
        surface.fill(theme.BG)
        w, h = surface.get_size()
        self.hit = []
        small = h < 680
        title = theme.text("Squads", 30 if not small else 26, theme.ACCENT, bold=True)
        surface.blit(title, (48, 20))
        where = self.tmap.name if self.tmap is not None else "no map"
        sub = theme.text(f"{self.ruleset.name} on {where} · seed {self.menu.s.seed}", 15, theme.DIM)
        surface.blit(sub, (52, 24 + title.get_height()))
        # heights from the fonts: they grow with the window (the UI scale)
        f18, f13 = theme.font(18, True).get_height(), theme.font(13).get_height()
        y = 24 + title.get_height() + sub.get_height() + 14
        row_h = max(92 if not small else 84, f18 + 2 * f13 + 36)
        value_w = min(520, w - 400)
        for i, side in enumerate(self.sides):
            focused = i == self.focus
            box = pygame.Rect(48, y, w - 96, row_h - 8)
            theme.panel(surface, box, alpha=False, edge=theme.ACCENT if focused else theme.PANEL_EDGE)
            who = "Person" if self.menu.s.side(side) == "human" else f"AI · {self.menu.s.level(side)}"
            surface.blit(theme.text(f"Side {side}", 18, theme.team_colour(side), bold=True), (box.x + 12, box.y + 8))
            surface.blit(theme.text(who, 13, theme.DIM), (box.x + 12, box.y + 12 + f18))
            left = pygame.Rect(box.x + 130, box.y + 8, 28, max(28, f18 + 4))
            right = pygame.Rect(left.x + value_w - 28, box.y + 8, 28, left.h)
            theme.arrow_button(surface, left, -1, hover=left.collidepoint(self.app.mouse))
            theme.arrow_button(surface, right, 1, hover=right.collidepoint(self.app.mouse))
            label = theme.fit(self.option(side).label, value_w - 70, 16, bold=True)
            img = theme.text(label, 16, theme.TEXT, bold=True)
            surface.blit(img, img.get_rect(center=((left.right + right.x) // 2, left.centery)))
            self.hit.append((left, lambda s=side, i=i: (self._focus(i), self.change(s, -1))))
            self.hit.append((right, lambda s=side, i=i: (self._focus(i), self.change(s, 1))))
            build = pygame.Rect(right.right + 16, box.y + 8, 130, max(30, f13 + 14))
            theme.button(surface, build, "Build…", hover=build.collidepoint(self.app.mouse), size=14)
            self.hit.append((build, lambda s=side, i=i: (self._focus(i), self.build(s))))
            chosen = self.units(side)
            if chosen is None:
                line = self.default_line(side)
            else:
                units, names = chosen
                parts = [(n or self.ruleset.data.templates[u].name) for u, n in
                         zip(units, names or [""] * len(units))]
                try:
                    cost = f"{squad_cost(self.ruleset, units)} of {self.budgets[side]} points"
                except InputError:  # an unpriced custom unit: the builder says why
                    cost = f"budget {self.budgets[side]}"
                line = f"{len(units)} units · {cost}: " + ", ".join(parts)
            surface.blit(theme.text(theme.fit(line, box.w - 150, 13), 13, theme.TEXT), (box.x + 130, left.bottom + 8))
            self.hit.append((box, lambda i=i: self._focus(i)))
            y += row_h
        bx = 48
        for j, (label, action) in enumerate(self.buttons()):
            r = pygame.Rect(bx, y + 8, 200 if j == 0 else 180, 44)
            theme.button(surface, r, label, hover=r.collidepoint(self.app.mouse),
                         armed=self.focus == len(self.sides) + j, size=15 if j == 0 else 14)
            self.hit.insert(0, (r, action))
            bx += r.w + 12
        lines = ([self.message] if self.message else []) + self.notes
        ly = y + 64
        for text in lines[:4]:
            for ln in theme.wrap(text, w - 96, 13)[:2]:
                surface.blit(theme.text(ln, 13, theme.WARN), (48, ly))
                ly += 18
        hint = "Up/Down choose a side · Left/Right its squad · B build · Enter start · Esc back"
        surface.blit(theme.text(hint, 13, theme.FAINT), (48, h - 30))

    def _focus(self, i: int) -> None:
        self.focus = i

    def help_lines(self):
        return [("Up / Down, Tab", "choose a side or button"), ("Left / Right", "the side's squad"),
                ("B", "build the side's squad"), ("Enter", "start the battle"), ("Esc", "back to the menu")]
