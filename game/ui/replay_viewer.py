"""The replay viewer: step a recorded battle forward and back.

Stepping back re-simulates from the start up to step k (the replay is only the
choices; the state at step k is whatever they produce), so what you see is exactly
what happened, never a stored picture that could disagree.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.errors import IllegalChoice, InputError, SaveError
from game.ui import hud, mission_draw, theme
from game.ui.anim import Animator
from game.ui.board import BoardRenderer
from game.ui.log_panel import LogPanel
from game.ui.screen import Screen, key_char
from game.ui.snapshot import snapshot

AUTOPLAY_STEP = 0.6


class ReplayViewer(Screen):
    title = "Replay"

    def __init__(self, app, factory, choices: list, back: Screen | None = None, name: str = "") -> None:
        """`factory()` builds the battle at step 0; `choices` are the replay's steps."""
        super().__init__(app)
        self.factory, self.choices = factory, list(choices)
        self.back, self.name = back, name
        self.step = 0
        self.battle = None
        self.message = ""
        self.playing = False
        self.timer = 0.0
        self.speed = app.settings.speed or 4.0
        self.anim = Animator()
        self.log = LogPanel()
        self.selected = None
        self.rects: dict[str, Any] = {}
        self._rebuild(0)
        self.ruleset_id, self.seed = self.battle.ruleset.id, self.battle.seed
        self.board = BoardRenderer(self.battle.map)
        # a scenario's zones and its tracker: a mission's replay showed neither (its
        # zones, who held them, the points: what the battle was about)
        self.mission_marks = mission_draw.MissionMarks()
        self.board.camera.resize(*app.surface.get_size())
        w, h = app.surface.get_size()
        self.board.camera.safe = (0, 46, w - min(360, max(260, w // 4)) - 12, h - 46 - 90)
        units = list(self.view.units.values())
        if units:
            xs = sorted(u.tile[0] for u in units)
            ys = sorted(u.tile[1] for u in units)
            self.board.camera.centre_on_tile((xs[len(xs) // 2], ys[len(ys) // 2]))

    @classmethod
    def from_battle(cls, app, battle, squads=None, back=None) -> "ReplayViewer":
        from game.engine.battle import Battle

        def factory():
            return Battle(battle.map, battle.ruleset, battle.orders, seed=battle.seed,
                          max_rounds=battle.max_rounds, player_sides=battle.player_sides)
        return cls(app, factory, list(battle.choices), back, f"{battle.map.name}")

    @classmethod
    def from_file(cls, app, path, back=None) -> "ReplayViewer":
        from game.engine.decisions import Choice
        from game.engine.setup import new_battle
        from game.replay import read_replay, resolve_map
        rep = read_replay(path)
        choices = []
        for n, raw in enumerate(rep.choices, start=1):
            try:
                choices.append(Choice.from_json(raw))
            except (ValueError, TypeError) as exc:
                raise SaveError(path, f"choice {n} of {len(rep.choices)} is malformed: {exc}") from None

        def factory():
            return new_battle(resolve_map(rep.map), rep.ruleset, seed=rep.seed, **rep.battle_kwargs())
        try:
            return cls(app, factory, choices, back, Path(path).name)
        except InputError as exc:
            raise SaveError(path, f"{exc.where}: {exc.problem}") from None

    # --- stepping -----------------------------------------------------------------
    def _fresh(self):
        return self.factory()

    def _rebuild(self, k: int) -> None:
        if self.battle is not None:
            self.battle.close()
        self.battle = self._fresh()
        self.step = 0
        self._advance_to(k)
        self.view = snapshot(self.battle, self.step)
        self.log.clear()
        self.log.add_events(self.battle.log, self._team_of)

    def _team_of(self, unit):
        return self.battle.team(unit) if unit in self.battle.units() else None

    def _advance_to(self, k: int) -> list:
        events = []
        while self.step < min(k, len(self.choices)):
            try:
                events += self.battle.submit(self.choices[self.step])
            except IllegalChoice as exc:
                self.message = f"Step {self.step + 1} is illegal here ({exc}); the replay stops"
                self.choices = self.choices[: self.step]
                break
            self.step += 1
        return events

    def goto(self, k: int, animate: bool = False) -> None:
        k = max(0, min(len(self.choices), k))
        if k == self.step:
            return
        self.anim.clear()
        if k > self.step:
            pre = self.view
            events = self._advance_to(k)
            self.view = snapshot(self.battle, self.step)
            self.log.add_events(events, self._team_of)
            if animate:
                self.anim.enqueue(events, pre, self.view, self.speed or 4.0)
        else:
            self._rebuild(k)

    # --- loop ------------------------------------------------------------------------
    def wake_in(self) -> float | None:
        if self.anim.busy or self.anim.floats:
            return 0.0
        if self.playing:
            return max(0.0, self.timer)
        return None

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        if self.playing and not self.anim.busy:
            self.timer -= dt
            if self.timer <= 0:
                if self.step >= len(self.choices):
                    self.playing = False
                else:
                    self.goto(self.step + 1, animate=True)
                    self.timer = AUTOPLAY_STEP / (self.speed or 8.0)

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            self.anim.finish()
            k, ch = event.key, key_char(event).lower()
            big = 10 if event.mod & pygame.KMOD_SHIFT else 1
            if k == pygame.K_RIGHT:
                self.goto(self.step + big, animate=big == 1)
            elif k == pygame.K_LEFT:
                self.goto(self.step - big)
            elif k == pygame.K_HOME:
                self.goto(0)
            elif k == pygame.K_END:
                self.goto(len(self.choices))
            elif k == pygame.K_SPACE:
                self.playing = not self.playing
                self.timer = 0
            elif k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.leave_viewer()
            elif k == pygame.K_TAB:
                ids = sorted(self.view.units)
                if ids:
                    i = (ids.index(self.selected) + 1) % len(ids) if self.selected in ids else 0
                    self.selected = ids[i]
                    self.board.camera.centre_on_tile(self.view.units[self.selected].tile)
            elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.log.scroll_by(10 if k == pygame.K_PAGEUP else -10)
            elif ch in ("+", "="):
                self.board.camera.zoom_at(1, *self.app.surface.get_rect().center)
            elif ch == "-":
                self.board.camera.zoom_at(-1, *self.app.surface.get_rect().center)
            elif k == pygame.K_UP or ch == "w":
                self.board.camera.pan(0, -80)
            elif k == pygame.K_DOWN or ch == "s":
                self.board.camera.pan(0, 80)
            elif ch == "a":
                self.board.camera.pan(-80, 0)
            elif ch == "d":
                self.board.camera.pan(80, 0)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                for r, fn in self.rects.get("buttons", []):
                    if r.collidepoint(event.pos):
                        fn()
                        return
                bar = self.rects.get("progress")
                if bar is not None and bar.collidepoint(event.pos) and self.choices:
                    frac = (event.pos[0] - bar.x) / max(1, bar.w)
                    self.goto(round(frac * len(self.choices)))
                    return
                tile = self.board.camera.tile_at(*event.pos)
                here = self.view.at(tile)
                if here:
                    self.selected = here[0].id
            elif event.button in (2, 3):
                self._drag = event.pos
        elif event.type == pygame.MOUSEBUTTONUP:
            self._drag = None
        elif event.type == pygame.MOUSEMOTION and getattr(self, "_drag", None):
            self.board.camera.pan(self._drag[0] - event.pos[0], self._drag[1] - event.pos[1])
            self._drag = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            if self.rects.get("log") and self.rects["log"].collidepoint(self.app.mouse):
                self.log.scroll_by(3 * event.y)
            else:
                self.board.camera.zoom_at(1 if event.y > 0 else -1, *self.app.mouse)

    def leave_viewer(self) -> None:
        self.next = self.back or self.app.screens.menu()

    def leave(self) -> None:
        if self.next is not self and self.battle is not None and self.next is not None:
            pass  # the battle is dropped with the viewer (its world goes with it)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        right_w = min(360, max(260, w // 4))
        card_h = 176 if self.selected in self.view.units else 0
        # the board's own viewport: the log (and the card under it) on the right, the
        # controls along the bottom, none over the map
        view = pygame.Rect(0, 40, w - right_w - 12, h - 40 - 90)
        self.rects["view"] = view
        self.board.camera.safe = (view.x, view.y, view.w, view.h)
        surface.fill(theme.BG)
        surface.set_clip(view)
        self.board.draw_terrain(surface)
        self.mission_marks.draw_zones(surface, self)   # a scenario's zones, as the battle showed them
        if not self.anim.busy:
            self._draw_declarations(surface)
        units = [(u, self.anim.pos.get(u.id, u.tile)) for u in self.view.units.values()]
        self.board.draw_units(surface, units, actor=self.view.actor, selected=self.selected,
                              hp_override=self.anim.hp)
        self.mission_marks.draw_marks(surface, self, units)
        for f in self.anim.floats:
            x, y = self.board.camera.tile_centre(f.tile)
            img = theme.text(f.text, 18, f.colour, bold=True)
            surface.blit(img, img.get_rect(midbottom=(x, y - 20 - int(f.age * 20))))
        surface.set_clip(None)
        mission_draw.draw_tracker(surface, self, view)   # the round and the points at this step
        log_rect = pygame.Rect(w - right_w - 6, 46, right_w, h - 46 - 90 - card_h)
        self.rects["log"] = log_rect
        self.log.draw(surface, log_rect, "Log up to this step")
        top = pygame.Rect(0, 0, w, 40)
        theme.panel(surface, top)
        title = f"Replay · {self.name} · {self.ruleset_id} · seed {self.seed}"
        surface.blit(theme.text(title, 15, theme.ACCENT, bold=True), (10, 10))
        info = f"step {self.step} / {len(self.choices)} · round {self.view.round}"
        if self.view.over:
            info += " · battle over"
        img = theme.text(info, 15, theme.TEXT)
        surface.blit(img, (w - img.get_width() - 12, 10))
        # controls
        bar = pygame.Rect(6, h - 84, w - right_w - 24, 78)
        theme.panel(surface, bar)
        progress = pygame.Rect(bar.x + 12, bar.y + 10, bar.w - 24, 12)
        pygame.draw.rect(surface, (12, 14, 18), progress, border_radius=4)
        frac = self.step / len(self.choices) if self.choices else 1.0
        pygame.draw.rect(surface, theme.ACCENT, (progress.x, progress.y, int(progress.w * frac), progress.h),
                         border_radius=4)
        self.rects["progress"] = progress.inflate(0, 10)
        labels = [("|◀ Home", lambda: self.goto(0)), ("◀ Left", lambda: self.goto(self.step - 1)),
                  ("Pause ␣" if self.playing else "Play ␣", self._toggle),
                  ("Right ▶", lambda: self.goto(self.step + 1, animate=True)),
                  ("End ▶|", lambda: self.goto(len(self.choices))), ("Back Esc", self.leave_viewer)]
        bx = bar.x + 12
        buttons = []
        for label, fn in labels:
            r = pygame.Rect(bx, bar.y + 32, 104, 36)
            theme.button(surface, r, label, hover=r.collidepoint(self.app.mouse), size=13)
            buttons.append((r, fn))
            bx += 110
        self.rects["buttons"] = buttons
        if self.selected in self.view.units:
            card = pygame.Rect(w - right_w - 6, log_rect.bottom + 6, right_w, 170)
            u = self.view.units[self.selected]
            hud.unit_card(surface, card, u, self.view.cards.get(u.id), u.id == self.view.actor, max_h=card.h)
        if self.message:
            img = theme.text(self.message, 14, theme.WARN)
            surface.blit(img, (12, 48))

    def _draw_declarations(self, surface) -> None:
        """fate: the declarations made so far this turn (a dashed path to each planned
        tile with the action's number, an arrow for each declared attack), as the
        battle screen draws them."""
        from game.engine.decisions import DECLARE
        from game.ui import declarations
        from game.ui.board_marks import draw_declared
        p = self.battle.pending
        if p is None or p.kind != DECLARE:
            self.decl = None
            return
        labels = {o.key: o.label for o in p.options}
        offensive = {o.key for o in p.options if o.offensive}
        try:
            dv = declarations.build(p, self.view.units, labels, offensive)
        except Exception:
            dv = None
        self.decl = dv
        if dv is None:
            return
        cam, r = self.board.camera, self.board.unit_radius()
        for e in dv.entries:
            if e.origin is not None:
                draw_declared(surface, cam, r, dv, e)

    def _toggle(self) -> None:
        self.playing = not self.playing
        self.timer = 0

    def help_lines(self):
        return [("Right / Left", "one step forward / back (Shift: 10)"), ("Home / End", "start / end"),
                ("Space", "play / pause"), ("Tab", "next unit"), ("WASD, Up/Down, drag", "pan"),
                ("Wheel, + / -", "zoom"), ("PageUp / PageDown", "scroll the log"), ("Esc", "back")]
