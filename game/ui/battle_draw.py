"""Drawing the battle screen: the board, previews, animations and the HUD panels.

Drawing only reads: the screen's snapshot of the board, its previews, the animator.
"""

from __future__ import annotations

import pygame

from game.engine.decisions import REACTION, TARGET_NONE, TARGET_TILE, TARGET_UNIT, Decision
from game.ui import hud, rules_view, theme
from game.ui.settings import SPEEDS
from game.ui.snapshot import UnitView


class BattleDrawing:
    """The drawing half of BattleScreen (a mixin: the state lives in BattleScreen)."""

    def layout(self, size) -> dict[str, pygame.Rect]:
        w, h = size
        right_w = min(360, max(260, w // 4))
        preview_h = 236
        top = pygame.Rect(0, 0, w, 40)
        log = pygame.Rect(w - right_w - 6, 46, right_w, max(80, h - 46 - preview_h - 14))
        preview = pygame.Rect(w - right_w - 6, h - preview_h - 6, right_w, preview_h)
        card_w = min(290, max(220, w // 5))
        card = pygame.Rect(6, h - 176, card_w, 170)
        bar_w = max(120, preview.x - card.right - 16)
        n = len(self.decision.options) if self.decision is not None and self.decision.kind != REACTION else 1
        bar_h = 60 if hud.bar_rows(n, bar_w) == 1 else 12 + hud.bar_rows(n, bar_w) * 48
        bar = pygame.Rect(card.right + 8, h - bar_h - 6, bar_w, bar_h)
        params = pygame.Rect(bar.x, bar.y - 40, bar.w, 34)
        self.board.camera.safe = (0, top.bottom, log.x, card.y - top.bottom - 40)
        return {"top": top, "log": log, "preview": preview, "card": card, "bar": bar, "params": params}

    def draw(self, surface: pygame.Surface) -> None:
        rects = self.layout(surface.get_size())
        self.rects = dict(rects)
        if self.handover is not None:
            self._draw_handover(surface)
            return
        self.visible_grid()
        self.board.draw_terrain(surface)
        shown = self.shown_units()
        decision = self.decision
        # path preview and targets under the units
        prev = self.preview()
        if decision is not None:
            self._draw_targets(surface, prev)
        units = [(u, self._display_tile(u)) for u in self.view.units.values() if u.id in shown]
        units = [(self._anim_unit(u), pos) for u, pos in units]
        self.board.draw_units(surface, units, actor=self.view.actor if not self.battle.over else None,
                              selected=self.selected, pulse=self.clock, hp_override=self.anim.hp)
        self._draw_shot(surface)
        self._draw_floats(surface)
        if prev is not None and prev[0] == "move":
            self._draw_path(surface, prev)
        self._draw_cursor(surface)
        # HUD
        self._draw_top(surface, rects["top"], shown)
        self.log.draw(surface, rects["log"])
        # the card follows the pointer over a unit, else shows the selected one
        card_unit = self.selected
        if self.hover_tile is not None:
            here = [u.id for u in self.view.at(self.hover_tile) if u.id in shown]
            if here:
                card_unit = here[0]
        sel = self.view.units.get(card_unit) if card_unit in shown else None
        hud.unit_card(surface, rects["card"], sel, self.view.cards.get(card_unit) if sel else None,
                      sel is not None and sel.id == self.view.actor)
        self._draw_preview(surface, rects["preview"], prev)
        self.rects["bar_buttons"], self.rects["param_buttons"], self.rects["reaction_buttons"] = [], [], []
        if decision is not None and decision.kind == REACTION:
            self._draw_reaction(surface, decision)
        elif decision is not None:
            self._draw_bar(surface, rects)
        else:
            self._draw_waiting(surface, rects["bar"])
        if self.message_timer > 0 and self.message:
            img = theme.text(self.message, 15, theme.TEXT)
            r = img.get_rect(midtop=(surface.get_width() // 2 - 100, 50)).inflate(20, 10)
            theme.panel(surface, r, alpha=False, edge=theme.ACCENT)
            surface.blit(img, img.get_rect(center=r.center))
        if self.battle.over and not self.anim.busy:
            self._draw_end_banner(surface)
        if self.overlay == "pause":
            self._draw_pause(surface)

    def _anim_unit(self, u: UnitView) -> UnitView:
        alive = self.anim.alive.get(u.id)
        if alive is None or alive == u.active:
            return u
        from dataclasses import replace
        return replace(u, active=alive)

    def _draw_targets(self, surface, prev) -> None:
        opt = self.option(self.armed)
        cam = self.board.camera
        r = self.board.unit_radius()
        if opt is not None and opt.target_kind == TARGET_UNIT:
            for t in opt.targets:
                if t in self.view.units and t in self.shown_units():
                    c = cam.tile_centre(self.view.units[t].tile)
                    pygame.draw.circle(surface, theme.THREAT, c, r + 7, 2)
        # enemies a plain click would attack get a thin red ring
        if opt is None:
            for o in self.options():
                if o.target_kind == TARGET_UNIT and o.offensive:
                    for t in o.targets:
                        if t in self.view.units and t in self.shown_units():
                            c = cam.tile_centre(self.view.units[t].tile)
                            pygame.draw.circle(surface, (255, 110, 90), c, r + 6, 1)
                    break
        d = self.decision
        if d is not None and d.kind == REACTION and hasattr(d.context, "get"):
            a, t = d.context.get("attacker"), d.context.get("target")
            if a in self.view.units and t in self.view.units and a != t:
                pa, pt = cam.tile_centre(self.view.units[a].tile), cam.tile_centre(self.view.units[t].tile)
                _dashed(surface, theme.THREAT, pa, pt, 3)
                pygame.draw.circle(surface, theme.THREAT, pa, r + 7, 3)
        if prev is not None and prev[0] == "odds" and isinstance(prev[2], int) and prev[2] in self.view.units:
            actor = self.view.units.get(self.decision.actor)
            tgt = self.view.units[prev[2]]
            if actor is not None:
                a, b = cam.tile_centre(actor.tile), cam.tile_centre(tgt.tile)
                _dashed(surface, theme.THREAT, a, b, 2)
                pygame.draw.circle(surface, theme.THREAT, b, r + 9, 3)
                o = prev[3]
                if o is not None:
                    label = theme.text(f"{theme.percent(o.hit)}", 16, (255, 255, 255), bold=True)
                    box = label.get_rect(midbottom=(b[0], b[1] - r - 12)).inflate(10, 4)
                    pygame.draw.rect(surface, (140, 30, 24), box, border_radius=4)
                    surface.blit(label, label.get_rect(center=box.center))

    def _draw_path(self, surface, prev) -> None:
        _, opt, tile, mp = prev
        cam = self.board.camera
        actor = self.view.units.get(self.decision.actor)
        if actor is None or mp is None:
            return
        pts = [cam.tile_centre(actor.tile)] + [cam.tile_centre(t) for t in mp.path]
        if len(pts) > 1:
            pygame.draw.lines(surface, (0, 0, 0), False, pts, 6)
            pygame.draw.lines(surface, theme.PATH, False, pts, 3)
        rect = cam.tile_rect(tile)
        pygame.draw.rect(surface, theme.PATH, rect, 2)
        threats = self.threats(tile)
        shooters = [t for t in threats if t.can_shoot]
        for t in threats:
            if t.sees and t.unit in self.view.units:
                c = cam.tile_centre(self.view.units[t.unit].tile)
                colour = theme.THREAT if t.can_shoot else theme.WARN
                _dashed(surface, colour, c, rect.center, 1)
                pygame.draw.circle(surface, colour, c, self.board.unit_radius() + 5, 2)
        label = theme.text(mp.cost, 13, (255, 255, 255), bold=True)
        box = label.get_rect(midbottom=(rect.centerx, rect.y - 4)).inflate(10, 4)
        pygame.draw.rect(surface, (20, 22, 28), box, border_radius=4)
        surface.blit(label, label.get_rect(center=box.center))
        if shooters:  # an eye with the count: how exposed the spot is
            eye = theme.text(f"⚠ {len(shooters)}", 13, theme.THREAT, bold=True)
            surface.blit(eye, (rect.right + 3, rect.y - 2))

    def _draw_cursor(self, surface) -> None:
        if self.cursor is None:
            return
        rect = self.board.camera.tile_rect(self.cursor)
        pygame.draw.rect(surface, theme.CURSOR, rect.inflate(2, 2), 3)

    def _draw_shot(self, surface) -> None:
        step = self.anim.shot
        if step is None:
            return
        a, b = self.view.units.get(step.source), self.view.units.get(step.target)
        if a is None or b is None:
            return
        shown = self.shown_units()
        if step.source not in shown and step.target not in shown:
            return
        cam = self.board.camera
        pa, pb = cam.tile_centre(self._display_tile(a)), cam.tile_centre(self._display_tile(b))
        t = step.elapsed / step.duration if step.duration else 1
        head = (pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t)
        tail_t = max(0.0, t - 0.35)
        tail = (pa[0] + (pb[0] - pa[0]) * tail_t, pa[1] + (pb[1] - pa[1]) * tail_t)
        pygame.draw.line(surface, (255, 240, 160), tail, head, 3)
        pygame.draw.circle(surface, (255, 255, 220), (int(head[0]), int(head[1])), 3)
        if t > 0.85 and step.hit:
            pygame.draw.circle(surface, theme.BAD, pb, int(self.board.unit_radius() * 1.2), 3)

    def _draw_floats(self, surface) -> None:
        cam = self.board.camera
        for f in self.anim.floats:
            x, y = cam.tile_centre(f.tile)
            rise = int(f.age / f.life * cam.th * cam.zoom * f.rise)
            img = theme.text(f.text, 18, f.colour, bold=True)
            shadow = theme.text(f.text, 18, (0, 0, 0), bold=True)
            pos = img.get_rect(midbottom=(x, y - self.board.unit_radius() - 8 - rise))
            surface.blit(shadow, pos.move(1, 1))
            surface.blit(img, pos)

    def _draw_top(self, surface, rect, shown) -> None:
        w = surface.get_width()
        speeds = []
        x = w - 6 - 4 * 58 - 70
        for s in SPEEDS:
            speeds.append((pygame.Rect(x, rect.y + 7, 54, 26), s))
            x += 58
        self.rects["speeds"] = speeds
        menu = pygame.Rect(w - 72, rect.y + 7, 66, 26)
        self.rects["menu_button"] = menu
        status = ""
        p = self.battle.pending
        if self.battle.over:
            status = "Battle over"
        elif p is not None and self.sides.get(p.side) != "human":
            status = f"Side {p.side} (AI) " + ("thinking…" if self.ai.thinking else "acting")
            if self.skip:
                status += " · skipping"
            elif self.humans:
                status += " · Space: skip"
        elif p is not None:
            status = f"Side {p.side} to act"
        self.rects["order_tokens"] = hud.top_bar(surface, rect, self.view, shown, status, speeds)
        hud.speed_buttons(surface, speeds, self.speed, self.app.mouse)
        theme.button(surface, menu, "Menu", hover=menu.collidepoint(self.app.mouse), size=13)

    def _draw_preview(self, surface, rect, prev) -> None:
        if prev is None:
            theme.panel(surface, rect)
            x, y = rect.x + 10, rect.y + 8
            if self.decision is not None:
                lines = ["Hover a blue tile to see the path and who could shoot you there.",
                         "Hover an enemy to see your exact odds; click to act.",
                         "Pick an action below (hotkey or 1–9) to target it."]
                surface.blit(theme.text("Your move", 14, theme.ACCENT, bold=True), (x, y))
                y += 24
                for ln in lines:
                    for part in theme.wrap(ln, rect.w - 20, 13):
                        surface.blit(theme.text(part, 13, theme.DIM), (x, y))
                        y += 17
                    y += 4
            else:
                surface.blit(theme.text("Preview", 14, theme.ACCENT, bold=True), (x, y))
                surface.blit(theme.text("Odds show here on your turn.", 13, theme.DIM), (x, y + 24))
            return
        if prev[0] == "context":
            self._draw_context(surface, rect, prev[1])
            return
        if prev[0] == "move":
            _, opt, tile, mp = prev
            cover = self._cover_name(tile)
            hud.move_panel(surface, rect, f"{opt.label} to {tile}", mp.cost, cover, self.threats(tile),
                           lambda u: self.view.units[u].name if u in self.view.units else str(u))
            return
        _, opt, target, o, params = prev
        name = self.view.units[target].name if isinstance(target, int) and target in self.view.units else str(target)
        hp = self.view.units[target].hp if isinstance(target, int) and target in self.view.units else None
        hud.odds_panel(surface, rect, f"{opt.label} → {name}", o, hp, params)

    def _draw_context(self, surface, rect, decision: Decision) -> None:
        """What a reaction answers: the ruleset's context, names for unit ids, probabilities
        as percentages (e.g. the hit chance with and without a dodge)."""
        theme.panel(surface, rect, edge=theme.ACCENT)
        x, y = rect.x + 10, rect.y + 6
        ctx = dict(decision.context) if hasattr(decision.context, "items") else {}
        units = self.view.units
        attacker, target = ctx.get("attacker"), ctx.get("target", ctx.get("unit"))
        title = "Incoming"
        if attacker in units and target in units:
            title = f"Incoming: {units[attacker].name} → {units[target].name}"
        elif target in units:
            title = f"About {units[target].name}"
        surface.blit(theme.text(theme.fit(title, rect.w - 20, 14, True), 14, theme.ACCENT, bold=True), (x, y))
        y += 24
        for k, v in ctx.items():
            if k in UNIT_KEYS or v in (None, "") or y > rect.bottom - 18:
                continue
            line = f"{k.replace('_', ' ')}: {_context_value(k, v, units)}"
            for ln in theme.wrap(line, rect.w - 20, 13)[:2]:
                surface.blit(theme.text(ln, 13, theme.TEXT), (x, y))
                y += 17

    def _cover_name(self, tile) -> str:
        from game.world.tactical_map import Cover
        try:
            return Cover(int(self.battle.map.cover[tile])).name.lower()
        except (ValueError, IndexError):
            return "none"

    def _draw_bar(self, surface, rects) -> None:
        bar = rects["bar"]
        opts = list(self.options())
        self.rects["bar_buttons"] = hud.action_bar(surface, bar, opts, self.armed, self.app.mouse)
        popt = self._param_option()
        if popt is not None and popt.params:
            target = self.focus_target()
            allowed = popt.params_for(target)
            chosen = rules_view.fill_params(popt, target, self.params)
            chosen.update({k: v for k, v in self.params.items() if k in allowed and v in allowed[k]})
            self.rects["param_buttons"] = hud.param_row(surface, rects["params"], popt, allowed, chosen,
                                                        self.param_focus % max(1, len(popt.params)), self.app.mouse)
        # the prompt, and what the armed option wants
        armed = self.option(self.armed)
        hint = self.decision.prompt
        if armed is not None:
            what = {TARGET_TILE: "click a highlighted tile (arrows + Enter)",
                    TARGET_UNIT: "click a target (Tab + Enter)",
                    TARGET_NONE: "Enter or click again to confirm"}[armed.target_kind]
            hint = f"{armed.label}: {what} · Esc cancels"
        img = theme.text(hint, 14, theme.TEXT, bold=True)
        y = (rects["params"].y if self.rects["param_buttons"] else bar.y) - 24
        back = img.get_rect(topleft=(bar.x + 4, y)).inflate(12, 6)
        theme.panel(surface, back)
        surface.blit(img, (bar.x + 4, y))
        for r, opt in self.rects["bar_buttons"]:
            if r.collidepoint(self.app.mouse):
                lines = [(opt.label + (f"  [{opt.hotkey.upper()}]" if opt.hotkey else ""), theme.ACCENT)]
                if opt.cost:
                    lines.append((f"Cost: {opt.cost}", theme.TEXT))
                if opt.description:
                    lines.append((opt.description, theme.DIM))
                if opt.target_kind != TARGET_NONE:
                    lines.append((f"{len(opt.targets)} possible {opt.target_kind} target"
                                  f"{'s' if len(opt.targets) != 1 else ''}", theme.DIM))
                hud.tooltip(surface, (r.x, r.y), lines)

    def _draw_waiting(self, surface, bar) -> None:
        theme.panel(surface, bar)
        p = self.battle.pending
        if self.battle.over:
            text = "The battle is over — Space for the results"
        elif p is not None:
            who = self.view.units.get(p.actor)
            text = f"{who.name if who and who.id in self.shown_units() else 'An unseen unit'} is deciding…"
        else:
            text = ""
        img = theme.text(text, 15, theme.DIM)
        surface.blit(img, img.get_rect(center=bar.center))

    def _draw_reaction(self, surface, decision: Decision) -> None:
        """A person may react: what triggers it, and each answer with its odds (the full
        breakdown of the one under the pointer shows in the preview panel)."""
        bar = self.rects["bar"]
        opts = list(decision.options)
        prompt = theme.wrap(decision.prompt, bar.w - 28, 15)
        gap = 8
        per_row = max(1, (bar.w - 28 + gap) // (200 + gap))
        rows = -(-len(opts) // per_row)
        per_row = -(-len(opts) // rows)
        h = 44 + 20 * len(prompt) + 10 + rows * 60
        rect = pygame.Rect(bar.x, bar.bottom - h, bar.w, h)
        self.rects["reaction"] = rect
        theme.panel(surface, rect, alpha=False, edge=theme.ACCENT)
        x, y = rect.x + 14, rect.y + 8
        title = theme.text("Reaction", 19, theme.ACCENT, bold=True)
        surface.blit(title, (x, y))
        actor = self.view.units.get(decision.actor)
        if actor:
            surface.blit(theme.text(f"for {actor.name}", 14, theme.team_colour(actor.team), bold=True),
                         (x + title.get_width() + 12, y + 5))
        y += 32
        for ln in prompt:
            surface.blit(theme.text(ln, 15, theme.TEXT), (x, y))
            y += 20
        out = []
        bw = min(300, (rect.w - 28 - gap * (per_row - 1)) // per_row)
        for i, opt in enumerate(opts):
            row, col = divmod(i, per_row)
            r = pygame.Rect(x + col * (bw + gap), y + 4 + row * 60, bw, 54)
            theme.button(surface, r, "", hover=r.collidepoint(self.app.mouse))
            keys = (f"{(i + 1) % 10} · " if i < 10 else "") + (f"{opt.hotkey.upper()}  " if opt.hotkey else " ")
            surface.blit(theme.text(keys, 13, theme.ACCENT, bold=True), (r.x + 10, r.y + 7))
            kw = theme.font(13, True).size(keys)[0]
            surface.blit(theme.text(theme.fit(opt.label, r.w - 20 - kw, 15, True), 15, theme.TEXT, bold=True),
                         (r.x + 10 + kw, r.y + 5))
            detail = opt.cost or ""
            target = opt.targets[0] if opt.target_kind != TARGET_NONE and opt.targets else None
            params = rules_view.fill_params(opt, target, self.params)
            o = rules_view.odds(self.battle, decision, opt.choice(target, **params))
            if o is not None:
                detail = f"hit {theme.percent(o.hit)} · crit {theme.percent(o.crit)} · avg {o.expected_damage:.1f}"
            elif opt.description:
                detail = (detail + " · " if detail else "") + opt.description
            elif not opt.offensive:
                detail = (detail + " · " if detail else "") + "no attack"
            surface.blit(theme.text(theme.fit(detail, r.w - 20, 13), 13, theme.DIM), (r.x + 10, r.y + 31))
            out.append((r, opt))
        self.rects["reaction_buttons"] = out
        for r, opt in out:
            if r.collidepoint(self.app.mouse) and (opt.description or opt.cost):
                lines = [(opt.label, theme.ACCENT)]
                if opt.cost:
                    lines.append((f"Cost: {opt.cost}", theme.TEXT))
                if opt.description:
                    lines.append((opt.description, theme.DIM))
                hud.tooltip(surface, (r.x, r.y), lines, 340)
        popt = next((o for o in opts if o.params), None)
        if popt is not None:
            target = popt.targets[0] if popt.targets else None
            allowed = popt.params_for(target)
            chosen = rules_view.fill_params(popt, target, self.params)
            prow = pygame.Rect(rect.x, rect.y - 40, rect.w, 34)
            self.rects["param_buttons"] = hud.param_row(surface, prow, popt, allowed, chosen,
                                                        self.param_focus % len(popt.params), self.app.mouse)
            self.rects["params"] = prow

    def _draw_handover(self, surface) -> None:
        surface.fill((10, 12, 16))
        side = self.handover
        c = theme.team_colour(side)
        cx, cy = surface.get_width() // 2, surface.get_height() // 2
        pygame.draw.circle(surface, c, (cx, cy - 90), 34)
        title = theme.text(f"Side {side}, your turn", 34, c, bold=True)
        surface.blit(title, title.get_rect(center=(cx, cy - 20)))
        p = self.battle.pending
        why = "A reaction is yours to decide" if p is not None and p.kind == REACTION else "Pass the keyboard and mouse"
        sub = theme.text(f"{why}. The board stays hidden until you are ready.", 16, theme.DIM)
        surface.blit(sub, sub.get_rect(center=(cx, cy + 20)))
        go = theme.text("Press Enter or click to continue", 18, theme.TEXT, bold=True)
        surface.blit(go, go.get_rect(center=(cx, cy + 70)))

    def _draw_end_banner(self, surface) -> None:
        w = self.battle.winner
        if w is None:
            text, colour = "Draw", theme.TEXT
        elif self.humans and len(self.humans) == 1:
            text, colour = ("Victory" if w in self.humans else "Defeat"), (theme.GOOD if w in self.humans else theme.BAD)
        else:
            text, colour = f"Side {w} wins", theme.team_colour(w)
        img = theme.text(text, 44, colour, bold=True)
        r = img.get_rect(center=(surface.get_width() // 2 - 100, surface.get_height() // 2 - 60)).inflate(40, 16)
        theme.panel(surface, r, alpha=False, edge=colour)
        surface.blit(img, img.get_rect(center=r.center))

    def _draw_pause(self, surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        items = self.pause_items()
        rect = pygame.Rect(0, 0, 320, 70 + 46 * len(items))
        rect.center = surface.get_rect().center
        theme.panel(surface, rect, alpha=False, edge=theme.ACCENT)
        surface.blit(theme.text("Paused", 22, theme.ACCENT, bold=True), (rect.x + 18, rect.y + 12))
        out = []
        for i, (label, _) in enumerate(items):
            r = pygame.Rect(rect.x + 18, rect.y + 56 + 46 * i, rect.w - 36, 38)
            theme.button(surface, r, label, hover=i == self.pause_index, armed=i == self.pause_index, size=15)
            out.append(r)
        self.rects["pause_items"] = out

    def help_lines(self) -> list[tuple[str, str]]:
        lines = [
            ("Left click", "act on a target / move to a blue tile / select a unit"),
            ("Right click", "cancel the armed action; right or middle drag pans"),
            ("Wheel, + / -", "zoom (wheel over the log scrolls it)"),
            ("Arrows, WASD", "pan (with an action armed, arrows move the cursor; Shift: 5 tiles)"),
            ("Hotkey / 1-9, 0", "pick an action of the bar"),
            ("` (backquote)", "arm the next action that needs a target or a choice"),
            ("Tab / Shift+Tab", "next target (or next unit when nothing is armed)"),
            ("Enter", "confirm at the cursor"),
            ("[ and ]", "change the selected parameter (fire mode, hit location...)"),
            ("\\", "next parameter"),
            ("Esc", "cancel the armed action, else the pause menu"),
            ("Home", "centre on the acting unit"),
            (", and .", "AI speed slower / faster (1×, 2×, 4×, instant)"),
            ("Space", "skip the AI's turns to the next decision of a person"),
            ("PageUp / PageDown, End", "scroll the combat log / back to the newest"),
            ("F5 or Ctrl+S", "save the battle"),
            ("F9 or Ctrl+L", "load the last save"),
        ]
        for opt in self.options():
            if opt.hotkey:
                lines.append((opt.hotkey.upper(), f"{opt.label}" + (f" ({opt.cost})" if opt.cost else "")))
        return lines


#: Context keys that name a unit (shown by name in the title, not as numbers).
UNIT_KEYS = ("attacker", "target", "unit", "defender", "actor")


def _context_value(key: str, v, units) -> str:
    """A context value for people: chances as percentages, numbers rounded, dicts as
    'option value' pairs."""
    chance = any(w in key for w in ("hit", "chance", "prob")) or key.startswith("p_")
    if isinstance(v, dict):
        return " · ".join(f"{str(k).replace('_', ' ')} {_context_value(key, x, units)}" for k, x in v.items())
    if isinstance(v, (list, tuple)):
        return ", ".join(_context_value(key, x, units) for x in v)
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (int, float)) and chance and 0 <= v <= 1:
        return theme.percent(float(v))
    if isinstance(v, float):
        return f"{v:.1f}".rstrip("0").rstrip(".")
    return str(v).replace("_", " ")


def _dashed(surface, colour, a, b, width=1, dash=10) -> None:
    ax, ay = a
    bx, by = b
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    n = int(length // dash)
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surface, colour, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                         (ax + (bx - ax) * t1, ay + (by - ay) * t1), width)
