"""Input on the battle screen: mouse and keys become options armed, targets chosen,
parameters picked, and finally one Choice submitted (`commit`, then `BattleScreen.submit`).
The parts under the pointer say what was pressed (`click`); this half acts on it.

Every option is reachable both ways: its hotkey arms it (the letter stays with the
action all battle; W A S D only ever pan), Tab or the arrows
choose its target, `[` `]` and `\\` its parameters, Enter commits; or a click does each.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.engine.decisions import REACTION, TARGET_NONE, TARGET_TILE, TARGET_UNIT, Option
from game.errors import SaveError
from game.ui import rules_view
from game.ui.friendly_fire import allies_at_risk, headline
from game.ui.panning import LETTERS
from game.ui.screen import key_char
from game.ui.settings import SPEEDS, saves_dir, speed_label



class BattleInput:
    """The input half of BattleScreen (a mixin: the state lives in BattleScreen)."""

    def handle(self, event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            playing = self.anim.busy
            self.anim.finish()  # animations never hold up a person
            if playing and self.handover is not None and self.overlay != "pause":
                return  # the hand-over waits for what was playing: this press ended it
        if self.question is not None:
            if self.question.handle(event, self.app.settings) is not None:
                self.question = None
            return
        if self.overlay == "rules":
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):   # any key reads as "done"
                self.overlay = None
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F2 and self.overlay is None:
            self.overlay = "rules"
            return
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
        if self.tutorial is not None:   # the guided battle's steps watch the player's pointing
            self.tutorial.note(event)
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.KEYUP:
            self.panning.key_up(event.key)
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
        view = self.rects.get("view")
        if view is not None and not view.collidepoint(pos):
            return True   # outside the board's viewport is all HUD
        return any(r is not None and r.collidepoint(pos) for k, r in self.rects.items()
                   if k in ("top", "log", "card", "bar", "params", "preview", "reaction", "decl", "minimap"))

    def _motion(self, event) -> None:
        self.panning.drag_to(event.pos, self.board.camera)
        self.reaction.point(event.pos, self.clock)
        if self._over_hud(event.pos):
            self.hover_tile = None
        else:
            t = self.board.camera.tile_at(*event.pos)
            t = t if self.battle.map.in_bounds(*t) else None
            if t != self.hover_tile:
                self.friendly.forget()   # a warning is for the target it was given on
            self.hover_tile = t
            if self.hover_tile is not None:
                self.cursor = None  # the mouse takes over from the keyboard cursor

    def _press(self, event) -> None:
        pos = event.pos
        if event.button in (2, 3):
            if event.button == 3 and self.armed:
                self.disarm()
                return
            self.panning.press(pos)
            return
        if event.button != 1:
            return
        pressed = self.top.hit(pos)   # the top bar's speeds, Menu, turn-order tokens
        if pressed is not None:
            kind, what = pressed
            if kind == "speed":
                self.set_speed(what)
            elif kind == "menu":
                self.overlay = "pause"
            else:
                self.select(what, centre=True)
            return
        answer = self.reaction.click(pos)
        if answer is not None:
            self._reaction_pick(answer)
            return
        picked = self.param_row.click(pos)
        if picked is not None:
            name, value, enabled = picked
            if enabled:
                # a pick made before arming arms the option it belongs to: the next
                # click on a target is that option with that pick, as it looks
                popt = self._param_option()
                if (popt is not None and not self.armed and self.decision is not None
                        and self.decision.kind != REACTION and popt.target_kind != TARGET_NONE):
                    self.arm(popt)
                self.params[name] = value
            return
        pressed = self.bar.click(pos)
        if pressed is not None:
            kind, opt = pressed
            if kind == "option":
                self.arm(opt)
            else:
                self.take_back()
            return
        tile = self.minimap.tile_at(pos, self.board.camera)
        if tile is not None:
            self.board.camera.centre_on_tile(tile)
            return
        if self.decl_panel.click(pos):   # its title folds the declarations column
            return
        if self._over_hud(pos):
            return
        self.panning.press(pos, self.board.camera.tile_at(*pos))

    def _release(self, event) -> None:
        tile = self.panning.release(event.button)
        if tile is not None and self.battle.map.in_bounds(*tile):
            self.click_tile(tile)

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
                for u in self.units_at(tile):   # a unit, or one declared to be there
                    smart = self._smart_unit_option(u)
                    if smart is not None:
                        self.commit(smart, u)
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
        if not self.demo:   # a demo's pace is its own (`demo --speed`), not the menu's
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
                self.overlay, self.pause.index = "pause", 0
            return
        if (ctrl and key == pygame.K_z) or (ch == "u" and not ctrl):
            self.take_back()
            return
        if key == pygame.K_F5 or (ctrl and key == pygame.K_s):
            self.save()
            return
        if key == pygame.K_F9 or (ctrl and key == pygame.K_l):
            self.ask("Load the last save? This battle's progress since then is lost.", self.quickload)
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
                n = 5 if mod & pygame.KMOD_SHIFT else 1  # Shift: five tiles at a time
                self._move_cursor(arrows[key][0] * n, arrows[key][1] * n)
            else:
                self.panning.key_down(key, self.board.camera)
            return
        if self.decision is not None:
            if ch in ("[", "]"):
                self._cycle_param(1 if ch == "]" else -1)
                return
            if ch == "\\":
                self.param_row.next_parameter(self._param_option())
                return
            opts = self.options()
            if ch == "`" and opts and self.decision.kind != REACTION:
                # every option in turn, for bars longer than the ten number keys
                keys = [o.key for o in opts]
                i = (keys.index(self.armed) + 1) % len(opts) if self.armed in keys else 0
                while opts[i].target_kind == TARGET_NONE and not opts[i].params and i + 1 < len(opts):
                    i += 1  # arming those would commit them: step over to the next
                if opts[i].target_kind == TARGET_NONE and not opts[i].params:
                    self.say(f"{opts[i].label}: press {self.hotkeys.of(opts[i]).upper() or 'its button'} to do it")
                else:
                    self.arm(opts[i])
                return
            opt = self.hotkeys.find(opts, ch)
            if opt is not None:
                if self.decision.kind == REACTION:
                    self._reaction_pick(opt)
                else:
                    self.arm(opt)
                return
            if ch.isdigit() and self.decision.kind == REACTION:
                # a reaction's answers are numbered (a prompt of its own, each number kept
                # while its answer is offered: reaction_asks); the action bar's are not
                n = int(ch) or 10
                opt = next((o for number, o in self.reaction_options() if number == n), None)
                if opt is not None:
                    self._reaction_pick(opt)
                return
        if ch in LETTERS:
            self.panning.key_down(LETTERS[ch], self.board.camera, key)

    def _move_cursor(self, dx: int, dy: int) -> None:
        opt = self.option(self.armed)
        if opt is None:
            return
        if opt.target_kind == TARGET_UNIT:
            self._cycle(1 if dx + dy > 0 else -1)
            return
        start = self.cursor or self.hover_tile or self.view.units[self.decision.actor].tile
        nx = min(max(start[0] + dx, 0), self.battle.map.width - 1)
        ny = min(max(start[1] + dy, 0), self.battle.map.height - 1)
        if (nx, ny) != tuple(start):
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
        if self.decision is not None and self.decision.kind == REACTION:
            # which answer's parameters the picker row shows
            if self.reaction.cycle(self.options(), self._reaction_param_option(), step):
                self.param_row.focus = 0
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
        if self.decision is not None and self.decision.kind == REACTION:
            return self._reaction_param_option()
        if self.armed:
            return self.option(self.armed)
        target = self.focus_target()
        if target is not None:
            return self.active_option(target)
        for opt in self.options():  # nothing hovered: the first offensive option's pickers
            if opt.offensive and opt.params and opt.target_kind == TARGET_UNIT:
                return opt
        return None

    def _reaction_param_option(self) -> Option | None:
        """Whose parameters a reaction's picker row shows (and `[` `]` change): the answer
        the pointer has rested on, or the one Tab chose (reaction_panel.py); else the
        first answer with parameters."""
        opt, moved = self.reaction.param_option(self.options(), self.clock)
        if moved:
            self.param_row.focus = 0
        return opt

    def _cycle_param(self, step: int) -> None:
        opt = self._param_option()
        if opt is None or not opt.params:
            return
        name = self.param_row.focused_name(opt)
        target = self.focus_target()
        if self.decision.kind == REACTION and opt.targets:
            target = opt.targets[0]
        allowed = list(opt.params_for(target).get(name, opt.params[name]))
        if not allowed:
            return
        current = self.params.get(name, allowed[0])
        i = (allowed.index(current) + step) % len(allowed) if current in allowed else 0
        self.params[name] = allowed[i]

    def _reaction_pick(self, opt: Option) -> None:
        if opt.target_kind == TARGET_NONE:
            self.commit(opt, None)
        elif len(opt.targets) == 1:
            self.commit(opt, opt.targets[0])
        else:
            self.armed = opt.key
            self.board.set_targets(opt.targets if opt.target_kind == TARGET_TILE else None)

    # ------------------------------------------------------------- the answer
    def arm(self, opt: Option) -> None:
        """Pick an option from the bar: commit it at once when it needs nothing more
        (ending a turn with actions left asks first)."""
        if opt.target_kind == TARGET_NONE and not opt.params:
            if self._ask_before_ending(opt):
                return
            self.submit(opt.choice())
            return
        if self.armed == opt.key:
            if opt.target_kind == TARGET_NONE:
                self.commit(opt, None)
            return
        self.armed = opt.key
        self.param_row.focus = 0
        self.params = {k: v for k, v in self.params.items() if k in opt.params}
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

    def ask(self, text: str, on_yes, setting: str | None = None) -> None:
        """A yes/no question over the board (game/ui/confirm.py)."""
        from game.ui.confirm import Question
        self.question = Question(text, on_yes, setting)

    def _ask_before_ending(self, opt: Option) -> bool:
        """End turn while something else could still be done: ask once (unless told not
        to), and log that the turn ended with actions left. True when it asked."""
        if opt.key != "end_turn" or self.decision is None or not self.app.settings.confirm_end_turn:
            return False
        others = [o for o in self.decision.options
                  if o.key not in ("end_turn", "hold", "pass") and (o.target_kind == TARGET_NONE or o.targets)]
        if not others:
            return False
        actor = self.view.units.get(self.decision.actor)
        who = actor.name if actor else "This unit"
        decision = self.decision

        def end() -> None:
            if self.battle.pending is decision:
                self.log.add_text(f"{who} ends its turn with actions left.")
                self.submit(opt.choice())
        self.ask(f"{who} can still act ({decision.prompt.rstrip('.')}). End the turn?", end, "confirm_end_turn")
        return True

    def disarm(self) -> None:
        self.friendly.forget()
        self.armed = None
        self.cursor = None
        self.board.set_targets(None)

    def commit(self, opt: Option, target) -> bool:
        params = rules_view.fill_params(opt, target, self.params)
        risks = self.risks(opt, target, params)
        if risks and self.friendly.needed(self.risk_key(opt, target, params)):
            # the first press only warns: hitting your own side is never one slip away
            self.say(f"{headline(risks)}. Click again or press Enter to attack anyway.", 6.0)
            return False
        self.friendly.forget()
        return self.submit(opt.choice(target, **params))

    def risks(self, opt: Option, target, params: dict | None = None, odds=None) -> list:
        """The allies `opt` at `target` can hurt, with their chances (friendly_fire.py)."""
        if self.decision is None or not opt.offensive:
            return []
        params = rules_view.fill_params(opt, target, self.params) if params is None else params

        def work_out() -> list:
            choice = opt.choice(target, **params)
            known = odds
            if known is None and opt.target_kind == TARGET_UNIT:
                known = rules_view.odds(self.battle, self.decision, choice)
            area = rules_view.attack_area(self.battle, self.decision, choice) if opt.target_kind == TARGET_TILE else ()
            return allies_at_risk(self.view, self.decision, opt, target, known, area)
        return self.odds.kept(self.battle, "risks", self.risk_key(opt, target, params), work_out)

    def risk_key(self, opt: Option, target, params: dict) -> tuple:
        """What decides the allies an attack can hurt: the option, its target and picks
        on this board (and the one attack a warning was given for)."""
        return opt.key, target, tuple(sorted(params.items())), self.version

    def target_at_tile(self, opt: Option, tile) -> Any:
        """The option's legal target on this tile, or None."""
        if opt.target_kind == TARGET_TILE:
            return tile if tile in opt.targets else None
        if opt.target_kind == TARGET_UNIT:
            for u in self.units_at(tile, shown_only=False):
                if u in opt.targets:
                    return u
        return None

    def _handle_pause(self, event) -> None:
        action = self.pause.handle(event)
        if action is not None:
            self.pause_do(action)

    def pause_do(self, action: str) -> None:
        """Do what the pause menu's item `action` names (pause_menu.ITEMS)."""
        self.overlay = None
        if action == "save":
            self.save()
        elif action == "load":
            self.ask("Load the last save? This battle's progress since then is lost.", self.quickload)
        elif action == "settings":
            self.suspended = True   # the AI may go on thinking: the battle screen comes back
            self.next = self.app.screens.settings(self)
        elif action == "menu":
            def leave():
                self.ai.abandon()
                self.next = self.app.screens.menu()
            if self.battle.over or self.demo or self.saved_at == len(self.battle.choices):
                leave()   # nothing since the last save or load is lost
                return
            self.ask("Leave this battle for the main menu? What happened since "
                     + ("the last save" if self.saved_at is not None else "it began")
                     + " is not saved (F5 saves).", leave)
        elif action == "quit":
            self.app.running = False

    # ------------------------------------------------------------- save / load
    def save(self, path: Path | None = None) -> Path | None:
        from game.ui.saves import save_battle
        self.ai.wait(60)  # the worker must not be reading while the state is fingerprinted
        try:
            path = save_battle(self.battle, self.sides, self.fog, self.squads, path, levels=self.ai_levels)
        except SaveError as exc:
            self.say(f"Save failed: {exc}", 5)
            return None
        self.say(f"Saved: {path}", 4)
        self.saved_at = len(self.battle.choices)
        return path

    def quickload(self, path: Path | None = None) -> None:
        from game.ui.saves import latest_save, load_battle
        path = path or latest_save()
        if path is None:
            self.say(f"No saved battle in {saves_dir()}")
            return
        # Stop and join the AI worker before anything else touches a battle (issue 17.2).
        self.ai.abandon()
        try:
            battle, meta = load_battle(path)
        except SaveError as exc:
            self.say(f"Load failed: {exc}", 6)
            return
        screen = self.app.screens.battle(battle, meta.get("sides") or self.sides, meta.get("fog", self.fog),
                                         self.speed, squads=meta.get("squads"))
        screen.say(f"Loaded {Path(path).name} (round {battle.round})")
        screen.saved_at = len(battle.choices)
        self.next = screen
