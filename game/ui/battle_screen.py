"""The battle screen: the board, the HUD, and answering the pending Decision.

Every answer (a click, a key, the AI's pick) becomes a `Choice` built from the
Decision's own options and goes through `Battle.submit`, the one path for all.
The screen never changes the Battle otherwise. The action bar, the targeting and
the parameter pickers are built from the options generically; what a ruleset adds
beyond them is asked through `rules_view`.
"""

from __future__ import annotations

import sys
import time
import traceback
from pathlib import Path
from typing import Any

import numpy as np
import pygame

from game.engine.decisions import REACTION, TARGET_NONE, TARGET_TILE, TARGET_UNIT, Decision, Option
from game.errors import IllegalChoice, SaveError
from game.ui import hud, rules_view, theme
from game.ui.ai_runner import AIRunner
from game.ui.anim import Animator
from game.ui.board import BoardRenderer
from game.ui.log_panel import LogPanel
from game.ui.screen import Screen, key_char
from game.ui.settings import SPEEDS, saves_dir, speed_label
from game.ui.snapshot import BoardView, UnitView, snapshot

AI_PAUSE = 0.45       # seconds between AI decisions at 1×, so a person can follow
END_BANNER = 1.6      # the "victory" banner before the results screen, at 1×
PAN_SPEED = 700       # screen pixels per second for keyboard panning
INSTANT_BUDGET = 0.02  # seconds of AI work per frame at "instant" (the window stays live)


class BattleScreen(Screen):
    title = "Battle"

    def __init__(self, app, battle, sides: dict[int, str], fog: bool = False, speed: float = 1.0,
                 squads=None, demo: bool = False, ai_level: str = "normal", controllers=None) -> None:
        super().__init__(app)
        self.battle = battle
        self.sides = {int(t): sides.get(t, sides.get(str(t), "ai")) for t in battle.teams()}
        self.humans = sorted(t for t, k in self.sides.items() if k == "human")
        self.fog = fog and bool(self.humans)
        self.speed = speed
        self.squads = squads
        self.demo = demo
        from game.ai import make_ai
        self.controllers = dict(controllers or {})
        for team, kind in self.sides.items():
            if kind != "human" and team not in self.controllers:
                self.controllers[team] = make_ai(battle.ruleset.id, battle.seed * 7919 + team, ai_level)
        self.board = BoardRenderer(battle.map)
        self.log = LogPanel()
        self.anim = Animator()
        self.ai = AIRunner()
        self.version = 0
        self.view: BoardView = snapshot(battle, 0)
        self.log.add_events(battle.log, self._team_of)
        self.keyboard_side: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.handover: int | None = None
        self.ai_wait = 0.0
        self.skip = False
        self.end_timer: float | None = None
        self.clock = 0.0
        self.message, self.message_timer = "", 0.0
        self.overlay: str | None = None       # None, "pause"
        self.pause_index = 0
        # answering a human decision
        self.decision: Decision | None = None
        self.armed: str | None = None
        self.params: dict[str, Any] = {}
        self.param_focus = 0
        self.selected: int | None = None
        self.hover_tile: tuple[int, int] | None = None
        self.cursor: tuple[int, int] | None = None   # keyboard targeting cursor
        self.move_field = None
        self._preview_key = None
        self._preview = None
        self._threat_key = None
        self._threats: list = []
        self._visible: np.ndarray | None = None
        self._fog_key = None
        self.drag_from = None
        self.drag_moved = False
        self.rects: dict[str, Any] = {}
        self.pan_keys: set[int] = set()
        self.board.camera.resize(*app.surface.get_size())
        self.layout(app.surface.get_size())
        first = self._team_units_centre()
        if first is not None:
            self.board.camera.centre_on_tile(first)
        self._on_new_pending()

    # ------------------------------------------------------------------ helpers
    def _team_of(self, unit: int) -> int | None:
        u = self.view.units.get(unit) if hasattr(self, "view") else None
        return u.team if u else None

    def _team_units_centre(self) -> tuple[int, int] | None:
        team = self.keyboard_side or (self.humans[0] if self.humans else None)
        units = [u for u in self.view.units.values() if u.active and (team is None or u.team == team)]
        if not units:
            return None
        xs = sorted(u.tile[0] for u in units)
        ys = sorted(u.tile[1] for u in units)
        return xs[len(xs) // 2], ys[len(ys) // 2]

    def say(self, text: str, seconds: float = 3.5) -> None:
        self.message, self.message_timer = text, seconds

    @property
    def viewer(self) -> int | None:
        """The side whose eyes the board is drawn through (None: all-seeing)."""
        if not self.fog:
            return None
        return self.keyboard_side

    def human_decision(self) -> Decision | None:
        if self.handover is not None or self.battle.over:
            return None
        p = self.battle.pending
        if p is not None and self.sides.get(p.side) == "human" and not self.ai.busy:
            return p
        return None

    def visible_grid(self) -> np.ndarray | None:
        viewer = self.viewer
        if viewer is None:
            return None
        key = (self.version, viewer)
        if key != self._fog_key:
            from game.world.sight import side_fov
            eyes = [u.tile for u in self.view.team_units(viewer)]
            self._visible = side_fov(self.battle.map, eyes) if eyes else np.zeros(self.battle.map.shape, bool)
            self.board.set_fog(self._visible)
            self._fog_key = key
        return self._visible

    def shown_units(self) -> set[int]:
        vis = self.visible_grid()
        if vis is None:
            return set(self.view.units)
        out = set()
        for u in self.view.units.values():
            tile = self._display_tile(u)
            t = (int(round(tile[0])), int(round(tile[1])))
            if u.team == self.viewer or (self.battle.map.in_bounds(*t) and vis[t]):
                out.add(u.id)
        return out

    def _display_tile(self, u: UnitView):
        return self.anim.pos.get(u.id, u.tile)

    # ------------------------------------------------------------- flow of play
    def _on_new_pending(self) -> None:
        """A new decision is pending: hand over, start the AI, or get ready for a person."""
        self.decision = None
        self.armed, self.params, self.param_focus, self.cursor = None, {}, 0, None
        self.move_field = None
        self._preview_key = self._threat_key = None
        self.board.set_move(None)
        self.board.set_targets(None)
        p = self.battle.pending
        if p is None:
            self.end_timer = END_BANNER / (self.speed or 4)
            return
        if self.sides.get(p.side) == "human":
            self.skip = False
            if len(self.humans) > 1 and p.side != self.keyboard_side:
                self.handover = p.side
                return
            self.keyboard_side = p.side
            self._ready_for_person(p)
        else:
            self.ai.start(self.controllers[p.side], self.battle, p)
            self.ai_wait = AI_PAUSE / self.speed if self.speed else 0.0

    def _ready_for_person(self, p: Decision) -> None:
        self.decision = p
        self.selected = p.actor
        move = self._smart_tile_option()
        if move is not None:
            self.move_field = rules_view.MoveField(self.battle, p, move)
            self.board.set_move(self.move_field.bands())
        if p.actor in self.view.units:
            self.board.camera.ensure_visible(self.view.units[p.actor].tile, 3)

    def confirm_handover(self) -> None:
        if self.handover is None:
            return
        self.keyboard_side = self.handover
        self.handover = None
        self._fog_key = None
        p = self.battle.pending
        if p is not None:
            self._ready_for_person(p)

    def submit(self, choice) -> bool:
        """Answer the pending decision; False (and a message) when the battle refuses."""
        pre = self.view
        try:
            events = self.battle.submit(choice)
        except IllegalChoice as exc:
            self.say(f"Not allowed: {exc}")
            return False
        self.version += 1
        self.view = snapshot(self.battle, self.version)
        self.log.add_events(self._filter_events(events, pre), self._team_of)
        self.anim.enqueue(events, pre, self.view, self.speed if not self.skip else 0)
        self._follow(events)
        self._on_new_pending()
        return True

    def _filter_events(self, events, pre: BoardView):
        """Under fog, a move the viewer could not see is logged without its destination."""
        vis = self.visible_grid() if self.fog else None
        if vis is None:
            return events
        from game.engine.events import Note
        out = []
        for ev in events:
            if type(ev).__name__ == "Moved":
                u = self.view.units.get(ev.unit)
                seen_any = any(self.battle.map.in_bounds(*t) and vis[t] for t in ev.path)
                if u is not None and u.team != self.viewer and not seen_any:
                    out.append(Note(f"{ev.name} moves out of sight."))
                    continue
            out.append(ev)
        return out

    def _follow(self, events) -> None:
        """Keep the camera on what an AI does (a person's own moves are under the mouse)."""
        if self.speed == 0 or self.skip:
            return
        shown = self.shown_units()
        for ev in events:
            if type(ev).__name__ == "Moved" and ev.path and ev.unit in shown:
                self.board.camera.ensure_visible(ev.path[-1], 3)
                return

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.message_timer > 0:
            self.message_timer -= dt
        self._pan(dt)
        self.anim.update(dt)
        if self.overlay == "pause":
            return
        if self.battle.over or self.battle.pending is None:
            if not self.anim.busy and self.end_timer is not None:
                self.end_timer -= dt
                if self.end_timer <= 0:
                    self.go_to_results()
            return
        self._run_ai(dt)

    def _run_ai(self, dt: float) -> None:
        if not self.ai.busy:
            return
        fast = self.speed == 0 or self.skip
        if fast:
            deadline = time.perf_counter() + INSTANT_BUDGET
            while self.ai.busy:
                if not self.ai.wait(max(0.0, deadline - time.perf_counter())):
                    return
                self._collect_ai()
                if time.perf_counter() >= deadline:
                    return
            return
        if self.anim.busy:
            return
        self.ai_wait -= dt
        if self.ai_wait > 0:
            return
        self._collect_ai()

    def _collect_ai(self) -> None:
        done = self.ai.collect()
        if done is None:
            return
        choice, error = done
        decision = self.battle.pending
        if error is not None or choice is None:
            print("rulebook-skirmish: the AI failed to decide:", file=sys.stderr)
            if error is not None:
                traceback.print_exception(error, file=sys.stderr)
            choice = _fallback_choice(decision)
            self.say("The AI failed (see the terminal); it ends its turn.")
        if not self.submit(choice):
            self.submit(_fallback_choice(decision))

    def go_to_results(self) -> None:
        from game.ui.results import ResultsScreen
        self.ai.abandon()
        self.next = ResultsScreen(self.app, self.battle, self.sides, demo=self.demo, squads=self.squads,
                                  fog=self.fog, speed=self.speed)

    def leave(self) -> None:
        self.ai.abandon()

    # ------------------------------------------------------------- options
    def options(self) -> tuple[Option, ...]:
        return self.decision.options if self.decision is not None else ()

    def option(self, key: str | None) -> Option | None:
        return self.decision.option(key) if self.decision is not None and key else None

    def _smart_tile_option(self) -> Option | None:
        """What a plain click on a tile does when nothing is armed: move."""
        for opt in self.options():
            if opt.target_kind == TARGET_TILE and "move" in opt.key and not opt.offensive:
                return opt
        return None

    def _smart_unit_option(self, unit: int) -> Option | None:
        """What a plain click on an enemy does: the first offensive option that can target it."""
        for opt in self.options():
            if opt.target_kind == TARGET_UNIT and opt.offensive and unit in opt.targets:
                return opt
        return None

    def active_option(self, target=None) -> Option | None:
        """The armed option, else the one a click on `target` would use."""
        if self.armed:
            return self.option(self.armed)
        if target is None:
            return None
        if isinstance(target, int):
            return self._smart_unit_option(target)
        opt = self._smart_tile_option()
        return opt if opt is not None and target in opt.targets else None

    def arm(self, opt: Option) -> None:
        """Pick an option from the bar: commit it at once when it needs nothing more."""
        if opt.target_kind == TARGET_NONE and not opt.params:
            self.submit(opt.choice())
            return
        if self.armed == opt.key:
            if opt.target_kind == TARGET_NONE:
                self.commit(opt, None)
            return
        self.armed = opt.key
        self.param_focus = 0
        self.params = {k: v for k, v in self.params.items() if k in opt.params}
        self._preview_key = None
        if opt.target_kind == TARGET_TILE:
            if "move" in opt.key and self.move_field is not None:
                self.board.set_targets(None)
            else:
                self.board.set_targets(opt.targets)
        else:
            self.board.set_targets(None)
        if opt.target_kind != TARGET_NONE and opt.targets:
            if opt.target_kind == TARGET_UNIT:
                first = opt.targets[0]
                self.cursor = self.view.units[first].tile if first in self.view.units else None
            else:
                self.cursor = self.view.units[self.decision.actor].tile if self.decision.actor in self.view.units else opt.targets[0]

    def disarm(self) -> None:
        self.armed = None
        self.cursor = None
        self.board.set_targets(None)

    def commit(self, opt: Option, target) -> bool:
        params = rules_view.fill_params(opt, target, self.params)
        return self.submit(opt.choice(target, **params))

    def target_at_tile(self, opt: Option, tile) -> Any:
        """The option's legal target on this tile, or None."""
        if opt.target_kind == TARGET_TILE:
            return tile if tile in opt.targets else None
        if opt.target_kind == TARGET_UNIT:
            for u in self.view.at(tile):
                if u.id in opt.targets:
                    return u.id
        return None

    # ------------------------------------------------------------- input
    def handle(self, event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.anim.finish()  # animations never hold up a person
        if self.overlay == "pause":
            self._handle_pause(event)
            return
        if self.handover is not None:
            if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)) \
                    or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
                self.confirm_handover()
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.overlay = "pause"
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.KEYUP:
            self.pan_keys.discard(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._press(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._release(event)
        elif event.type == pygame.MOUSEWHEEL:
            mx, my = self.app.mouse
            if self.rects.get("log") is not None and self.rects["log"].collidepoint(mx, my):
                self.log.scroll_by(3 * event.y)
            else:
                self.board.camera.zoom_at(1 if event.y > 0 else -1, mx, my)

    def _over_hud(self, pos) -> bool:
        return any(r is not None and r.collidepoint(pos) for k, r in self.rects.items()
                   if k in ("top", "log", "card", "bar", "params", "preview", "reaction"))

    def _motion(self, event) -> None:
        if self.drag_from is not None:
            dx, dy = event.pos[0] - self.drag_from[0], event.pos[1] - self.drag_from[1]
            if self.drag_moved or abs(dx) + abs(dy) > 6:
                self.drag_moved = True
                self.board.camera.pan(-dx, -dy)
                self.drag_from = event.pos
        if self._over_hud(event.pos):
            self.hover_tile = None
        else:
            t = self.board.camera.tile_at(*event.pos)
            self.hover_tile = t if self.battle.map.in_bounds(*t) else None
            if self.hover_tile is not None:
                self.cursor = None  # the mouse takes over from the keyboard cursor

    def _press(self, event) -> None:
        pos = event.pos
        if event.button in (2, 3):
            if event.button == 3 and self.armed:
                self.disarm()
                return
            self.drag_from, self.drag_moved = pos, False
            return
        if event.button != 1:
            return
        for r, speed in self.rects.get("speeds", []):
            if r.collidepoint(pos):
                self.set_speed(speed)
                return
        if self.rects.get("menu_button") and self.rects["menu_button"].collidepoint(pos):
            self.overlay = "pause"
            return
        for r, opt in self.rects.get("reaction_buttons", []):
            if r.collidepoint(pos):
                self._reaction_pick(opt)
                return
        for r, name, value, enabled in self.rects.get("param_buttons", []):
            if r.collidepoint(pos):
                if enabled:
                    self.params[name] = value
                    self._preview_key = None
                return
        for r, opt in self.rects.get("bar_buttons", []):
            if r.collidepoint(pos):
                self.arm(opt)
                return
        for unit, r in self.rects.get("order_tokens", {}).items():
            if r.collidepoint(pos):
                self.select(unit, centre=True)
                return
        if self._over_hud(pos):
            return
        self.drag_from, self.drag_moved = pos, False
        self._pressed_tile = self.board.camera.tile_at(*pos)

    def _release(self, event) -> None:
        if event.button == 1 and self.drag_from is not None and not self.drag_moved:
            tile = getattr(self, "_pressed_tile", None)
            if tile is not None and self.battle.map.in_bounds(*tile):
                self.click_tile(tile)
        self.drag_from = None
        self.drag_moved = False

    def click_tile(self, tile) -> None:
        """A left click on the board: act on a legal target, else select what is there."""
        if self.decision is not None and self.decision.kind != REACTION:
            opt = self.option(self.armed) if self.armed else None
            if opt is not None:
                target = self.target_at_tile(opt, tile)
                if target is not None:
                    self.commit(opt, target)
                    return
            else:
                shown = self.shown_units()
                for u in self.view.at(tile):
                    if u.id in shown:
                        smart = self._smart_unit_option(u.id)
                        if smart is not None:
                            self.commit(smart, u.id)
                            return
                smart = self._smart_tile_option()
                if smart is not None and tile in smart.targets:
                    self.commit(smart, tile)
                    return
        shown = self.shown_units()
        here = [u for u in self.view.at(tile) if u.id in shown]
        if here:
            ids = [u.id for u in here]
            nxt = ids[(ids.index(self.selected) + 1) % len(ids)] if self.selected in ids else ids[0]
            self.select(nxt)
        elif self.armed:
            self.say("Not a legal target for " + (self.option(self.armed).label if self.option(self.armed) else "that"))

    def select(self, unit: int, centre: bool = False) -> None:
        self.selected = unit
        if centre and unit in self.view.units:
            self.board.camera.centre_on_tile(self.view.units[unit].tile)

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self.app.settings.speed = speed
        if speed == 0:
            self.anim.finish()
        self.say(f"Speed {speed_label(speed)}", 1.5)

    def _key(self, event) -> None:
        key, mod = event.key, getattr(event, "mod", 0)
        ch = key_char(event).lower()
        ctrl = mod & pygame.KMOD_CTRL
        if key == pygame.K_ESCAPE:
            if self.armed:
                self.disarm()
            else:
                self.overlay, self.pause_index = "pause", 0
            return
        if key == pygame.K_F5 or (ctrl and key == pygame.K_s):
            self.save()
            return
        if key == pygame.K_F9 or (ctrl and key == pygame.K_l):
            self.quickload()
            return
        if ch in (",", "<"):
            self.set_speed(SPEEDS[max(0, SPEEDS.index(self.speed) - 1)])
            return
        if ch in (".", ">"):
            self.set_speed(SPEEDS[min(len(SPEEDS) - 1, SPEEDS.index(self.speed) + 1)])
            return
        if key == pygame.K_SPACE and self.decision is None and not self.battle.over:
            self.skip = True
            self.anim.finish()
            self.say("Skipping to the next decision of a person" if self.humans else "Skipping to the end", 2)
            return
        if key == pygame.K_SPACE and self.battle.over:
            self.go_to_results()
            return
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.log.scroll_by(self.log.visible_lines - 2 if key == pygame.K_PAGEUP else -(self.log.visible_lines - 2))
            return
        if key == pygame.K_END:
            self.log.scroll = 0
            return
        if ch in ("+", "=") or key == pygame.K_KP_PLUS:
            self.board.camera.zoom_at(1, *self.app.surface.get_rect().center)
            return
        if ch == "-" or key == pygame.K_KP_MINUS:
            self.board.camera.zoom_at(-1, *self.app.surface.get_rect().center)
            return
        if key == pygame.K_HOME:
            focus = self.decision.actor if self.decision else self.view.actor
            if focus in self.view.units:
                self.board.camera.centre_on_tile(self.view.units[focus].tile)
            return
        if key == pygame.K_TAB:
            self._cycle(-1 if mod & pygame.KMOD_SHIFT else 1)
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._enter()
            return
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if key in arrows:
            if self.armed and not ctrl and self.option(self.armed).target_kind != TARGET_NONE:
                self._move_cursor(*arrows[key])
            else:
                self.pan_keys.add(key)
            return
        if self.decision is not None:
            if ch in ("[", "]"):
                self._cycle_param(1 if ch == "]" else -1)
                return
            if ch == "\\":
                opt = self._param_option()
                if opt is not None and opt.params:
                    self.param_focus = (self.param_focus + 1) % len(opt.params)
                return
            opts = self.options()
            if self.decision.kind == REACTION:
                for opt in opts:
                    if opt.hotkey and ch == opt.hotkey.lower():
                        self._reaction_pick(opt)
                        return
            for opt in opts:
                if opt.hotkey and ch == opt.hotkey.lower():
                    self.arm(opt)
                    return
            if ch.isdigit():
                i = (int(ch) - 1) % 10
                if i < len(opts):
                    if self.decision.kind == REACTION:
                        self._reaction_pick(opts[i])
                    else:
                        self.arm(opts[i])
                return
        pans = {"w": pygame.K_UP, "a": pygame.K_LEFT, "s": pygame.K_DOWN, "d": pygame.K_RIGHT}
        if ch in pans:
            self.pan_keys.add(pans[ch])
            self._pan_letters = getattr(self, "_pan_letters", {})
            self._pan_letters[key] = pans[ch]

    def _pan(self, dt: float) -> None:
        if not self.pan_keys:
            return
        held = pygame.key.get_pressed()
        letters = getattr(self, "_pan_letters", {})
        still = set()
        for k in self.pan_keys:
            real = [src for src, dst in letters.items() if dst == k] + [k]
            try:
                if any(held[r] for r in real):
                    still.add(k)
            except IndexError:
                pass
        if not still:
            # no key state (posted events, dummy driver): one step per press
            still = self.pan_keys
            step = 0.12
            self.pan_keys = set()
        else:
            step = dt
            self.pan_keys = still
        dx = (pygame.K_RIGHT in still) - (pygame.K_LEFT in still)
        dy = (pygame.K_DOWN in still) - (pygame.K_UP in still)
        self.board.camera.pan(dx * PAN_SPEED * step, dy * PAN_SPEED * step)

    def _move_cursor(self, dx: int, dy: int) -> None:
        opt = self.option(self.armed)
        if opt is None:
            return
        if opt.target_kind == TARGET_UNIT:
            self._cycle(1 if dx + dy > 0 else -1)
            return
        start = self.cursor or self.hover_tile or self.view.units[self.decision.actor].tile
        nx, ny = start[0] + dx, start[1] + dy
        if self.battle.map.in_bounds(nx, ny):
            self.cursor = (nx, ny)
            self.hover_tile = None
            self.board.camera.ensure_visible(self.cursor, 3)

    def _cycle(self, step: int) -> None:
        """Tab: the armed option's targets in turn, else the units one sees."""
        opt = self.option(self.armed)
        if opt is not None and opt.target_kind == TARGET_UNIT and opt.targets:
            targets = list(opt.targets)
            current = None
            if self.cursor is not None:
                on = [u.id for u in self.view.at(self.cursor) if u.id in targets]
                current = on[0] if on else None
            i = (targets.index(current) + step) % len(targets) if current in targets else 0
            self.cursor = self.view.units[targets[i]].tile
            self.hover_tile = None
            self.board.camera.ensure_visible(self.cursor, 3)
            return
        if opt is not None and opt.target_kind == TARGET_TILE and opt.targets:
            targets = list(opt.targets)
            i = (targets.index(self.cursor) + step) % len(targets) if self.cursor in targets else 0
            self.cursor = targets[i]
            self.hover_tile = None
            self.board.camera.ensure_visible(self.cursor, 3)
            return
        shown = sorted(u.id for u in self.view.units.values() if u.id in self.shown_units() and u.active)
        if not shown:
            return
        i = (shown.index(self.selected) + step) % len(shown) if self.selected in shown else 0
        self.select(shown[i], centre=True)

    def _enter(self) -> None:
        if self.decision is None:
            return
        opt = self.option(self.armed)
        if opt is None:
            return
        if opt.target_kind == TARGET_NONE:
            self.commit(opt, None)
            return
        tile = self.cursor or self.hover_tile
        if tile is None:
            return
        target = self.target_at_tile(opt, tile)
        if target is None:
            self.say("Not a legal target here")
            return
        self.commit(opt, target)

    def _param_option(self) -> Option | None:
        if self.armed:
            return self.option(self.armed)
        target = self.focus_target()
        if target is not None:
            return self.active_option(target)
        for opt in self.options():  # nothing hovered: the first offensive option's pickers
            if opt.offensive and opt.params and opt.target_kind == TARGET_UNIT:
                return opt
        return None

    def _cycle_param(self, step: int) -> None:
        opt = self._param_option()
        if opt is None or not opt.params:
            return
        names = list(opt.params)
        name = names[self.param_focus % len(names)]
        allowed = list(opt.params_for(self.focus_target()).get(name, opt.params[name]))
        if not allowed:
            return
        current = self.params.get(name, allowed[0])
        i = (allowed.index(current) + step) % len(allowed) if current in allowed else 0
        self.params[name] = allowed[i]
        self._preview_key = None

    def _reaction_pick(self, opt: Option) -> None:
        if opt.target_kind == TARGET_NONE:
            self.commit(opt, None)
        elif len(opt.targets) == 1:
            self.commit(opt, opt.targets[0])
        else:
            self.armed = opt.key
            self.board.set_targets(opt.targets if opt.target_kind == TARGET_TILE else None)

    def _handle_pause(self, event) -> None:
        items = self.pause_items()
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.overlay = None
            elif event.key in (pygame.K_UP, pygame.K_w):
                self.pause_index = (self.pause_index - 1) % len(items)
            elif event.key in (pygame.K_DOWN, pygame.K_s):
                self.pause_index = (self.pause_index + 1) % len(items)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                items[self.pause_index][1]()
            else:
                ch = key_char(event).lower()
                for label, fn in items:
                    if label[0].lower() == ch:
                        fn()
                        return
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.rects.get("pause_items", [])):
                if r.collidepoint(event.pos):
                    items[i][1]()
                    return
        elif event.type == pygame.MOUSEMOTION:
            for i, r in enumerate(self.rects.get("pause_items", [])):
                if r.collidepoint(event.pos):
                    self.pause_index = i

    def pause_items(self):
        def resume():
            self.overlay = None

        def save():
            self.overlay = None
            self.save()

        def load():
            self.overlay = None
            self.quickload()

        def menu():
            from game.ui.menu import MenuScreen
            self.ai.abandon()
            self.next = MenuScreen(self.app)

        def quit_():
            self.app.running = False
        return [("Resume", resume), ("Save battle (F5)", save), ("Load last save (F9)", load),
                ("Main menu", menu), ("Quit", quit_)]

    # ------------------------------------------------------------- save / load
    def save(self, path: Path | None = None) -> Path | None:
        from game.ui.saves import save_battle
        self.ai.wait(60)  # the worker must not be reading while the state is fingerprinted
        try:
            path = save_battle(self.battle, self.sides, self.fog, self.squads, path)
        except SaveError as exc:
            self.say(f"Save failed: {exc}", 5)
            return None
        self.say(f"Saved: {path}", 4)
        return path

    def quickload(self, path: Path | None = None) -> None:
        from game.ui.saves import latest_save, load_battle
        path = path or latest_save()
        if path is None:
            self.say(f"No saved battle in {saves_dir()}")
            return
        try:
            battle, meta = load_battle(path)
        except SaveError as exc:
            self.say(f"Load failed: {exc}", 6)
            return
        self.ai.abandon()
        screen = BattleScreen(self.app, battle, meta.get("sides") or self.sides, meta.get("fog", self.fog),
                              self.speed, squads=meta.get("squads"))
        screen.say(f"Loaded {Path(path).name} (round {battle.round})")
        self.next = screen

    # ------------------------------------------------------------- previews
    def focus_target(self):
        """What the pointer (or the keyboard cursor) is on: a unit id, a tile, or None."""
        tile = self.cursor or self.hover_tile
        if tile is None or self.decision is None:
            return None
        if self.armed:
            opt = self.option(self.armed)
            return self.target_at_tile(opt, tile) if opt else None
        shown = self.shown_units()
        for u in self.view.at(tile):
            if u.id in shown and self._smart_unit_option(u.id) is not None:
                return u.id
        return tile

    def preview(self):
        """(kind, data) for the preview panel: ('odds', ...), ('move', ...) or None."""
        if self.decision is None:
            return None
        target = self.focus_target()
        if target is None:
            return None
        opt = self.active_option(target)
        if opt is None:
            return None
        smart = self._smart_tile_option()
        if self.move_field is not None and smart is not None and opt.key == smart.key and isinstance(target, tuple):
            key = ("move", target, self.version)
            if key != self._preview_key:
                mp = self.move_field.preview(target)
                self._preview_key, self._preview = key, (("move", opt, target, mp) if mp else None)
            return self._preview
        params = rules_view.fill_params(opt, target, self.params)
        key = ("odds", opt.key, target, tuple(sorted(params.items())), self.version)
        if key != self._preview_key:
            o = rules_view.odds(self.battle, self.decision, opt.choice(target, **params))
            self._preview_key, self._preview = key, ("odds", opt, target, o, params)
        return self._preview

    def threats(self, tile) -> list:
        key = (tile, self.version)
        if key != self._threat_key:
            me = self.decision.actor
            team = self.view.units[me].team
            shown = self.shown_units()
            enemies = [u.id for u in self.view.units.values() if u.active and u.team != team and u.id in shown]
            self._threats = rules_view.threats_at(self.battle, me, tile, enemies)
            self._threat_key = key
        return self._threats

    # ------------------------------------------------------------- drawing
    def layout(self, size) -> dict[str, pygame.Rect]:
        w, h = size
        right_w = min(360, max(260, w // 4))
        preview_h = 236
        top = pygame.Rect(0, 0, w, 40)
        log = pygame.Rect(w - right_w - 6, 46, right_w, max(80, h - 46 - preview_h - 14))
        preview = pygame.Rect(w - right_w - 6, h - preview_h - 6, right_w, preview_h)
        card_w = min(290, max(220, w // 5))
        card = pygame.Rect(6, h - 176, card_w, 170)
        bar = pygame.Rect(card.right + 8, h - 66, max(120, preview.x - card.right - 16), 60)
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
        sel = self.view.units.get(self.selected) if self.selected in shown else None
        hud.unit_card(surface, rects["card"], sel, self.view.cards.get(self.selected) if sel else None,
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
            if t.unit in self.view.units:
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
        """A person may react: the incoming threat, and the odds of each answer."""
        w = min(640, surface.get_width() - 40)
        opts = list(decision.options)
        rect = pygame.Rect(0, 0, w, 150 + 64 * len(opts))
        rect.center = (surface.get_width() // 2 - 120, surface.get_height() // 2)
        self.rects["reaction"] = rect
        theme.panel(surface, rect, alpha=False, edge=theme.ACCENT)
        x, y = rect.x + 16, rect.y + 12
        surface.blit(theme.text("Reaction", 20, theme.ACCENT, bold=True), (x, y))
        actor = self.view.units.get(decision.actor)
        if actor:
            surface.blit(theme.text(actor.name, 14, theme.team_colour(actor.team), bold=True), (x + 110, y + 5))
        y += 34
        for ln in theme.wrap(decision.prompt, w - 32, 15):
            surface.blit(theme.text(ln, 15, theme.TEXT), (x, y))
            y += 20
        y += 8
        out = []
        for i, opt in enumerate(opts):
            r = pygame.Rect(x, y, w - 32, 56)
            theme.button(surface, r, "", hover=r.collidepoint(self.app.mouse))
            keys = f"[{opt.hotkey.upper()}] " if opt.hotkey else ""
            surface.blit(theme.text(f"{i + 1}. {keys}{opt.label}", 15, theme.TEXT, bold=True), (r.x + 10, r.y + 6))
            detail = opt.cost or ""
            if opt.target_kind != TARGET_NONE and opt.targets:
                target = opt.targets[0]
                params = rules_view.fill_params(opt, target, self.params)
                o = rules_view.odds(self.battle, decision, opt.choice(target, **params))
                if o is not None:
                    hp = self.view.units[target].hp if isinstance(target, int) and target in self.view.units else None
                    detail = (f"hit {theme.percent(o.hit)} · crit {theme.percent(o.crit)} · "
                              f"avg {o.expected_damage:.1f} dmg")
                    if hp:
                        detail += f" · takes them down {theme.percent(o.chance_at_least(hp))}"
            elif not opt.offensive:
                detail = (detail + " · " if detail else "") + "no attack"
            surface.blit(theme.text(detail, 13, theme.DIM), (r.x + 10, r.y + 30))
            out.append((r, opt))
            y += 64
        self.rects["reaction_buttons"] = out
        popt = next((o for o in opts if o.params), None)
        if popt is not None:
            target = popt.targets[0] if popt.targets else None
            allowed = popt.params_for(target)
            chosen = rules_view.fill_params(popt, target, self.params)
            prow = pygame.Rect(rect.x, rect.bottom + 6, rect.w, 34)
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
            ("Arrows, WASD", "pan (with an action armed, arrows move the cursor)"),
            ("Hotkey / 1-9", "pick an action of the bar"),
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


def _dashed(surface, colour, a, b, width=1, dash=8) -> None:
    ax, ay = a
    bx, by = b
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    n = int(length // dash)
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surface, colour, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                         (ax + (bx - ax) * t1, ay + (by - ay) * t1), width)


def _fallback_choice(decision: Decision):
    """When an AI fails: end the turn (or pass), else the first legal answer."""
    for key in ("end_turn", "pass"):
        opt = decision.option(key)
        if opt is not None:
            return opt.choice()
    opt = decision.options[-1]
    return opt.choice(opt.targets[0] if opt.targets else None)
