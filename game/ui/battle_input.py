"""The battle screen's input part: mouse and keys become options armed, targets chosen,
parameters picked, and finally one Choice submitted (`commit`, then `BattleScreen.submit`).
The parts under the pointer say what was pressed (`click`), the keymap what a key asks
(battle_keys.py: a named command); this part acts on it, on the screen's selection
(the screen composes it as `screen.controls`).

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
from game.ui import battle_keys, rules_view
from game.ui.confirm import Question
from game.ui.friendly_fire import allies_at_risk, headline
from game.ui.settings import SPEEDS, saves_dir, speed_label


class BattleControls:
    """What a person's keys and clicks do on the battle screen (`screen`: whose
    selection and flow it acts on)."""

    def __init__(self, screen) -> None:
        self.screen = screen

    def handle(self, event) -> None:
        s = self.screen
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            playing = s.anim.busy
            s.anim.finish()  # animations never hold up a person
            if playing and s.handover is not None and s.overlay != "pause":
                return  # the hand-over waits for what was playing: this press ended it
        if s.question is not None:
            if s.question.handle(event, s.app.settings) is not None:
                s.question = None
            return
        if s.overlay == "rules":
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):   # any key reads as "done"
                s.overlay = None
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F2 and s.overlay is None:
            s.overlay = "rules"
            return
        if s.overlay == "pause":
            self._handle_pause(event)
            return
        if s.handover is not None:
            asked = battle_keys.handover(event)
            if asked == "confirm":
                s.confirm_handover()
            elif asked == "pause":
                s.overlay = "pause"
            return
        if s.tutorial is not None:   # the guided battle's steps watch the player's pointing
            s.tutorial.note(event)
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.KEYUP:
            s.panning.key_up(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._press(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._release(event)
        elif event.type == pygame.MOUSEWHEEL:
            mx, my = s.app.mouse
            if s.rects.get("log") is not None and s.rects["log"].collidepoint(mx, my):
                s.log.scroll_by(3 * event.y)
            else:
                s.board.camera.zoom_at(1 if event.y > 0 else -1, mx, my)

    def _over_hud(self, pos) -> bool:
        s = self.screen
        view = s.rects.get("view")
        if view is not None and not view.collidepoint(pos):
            return True   # outside the board's viewport is all HUD
        return any(r is not None and r.collidepoint(pos) for k, r in s.rects.items()
                   if k in ("top", "log", "card", "bar", "params", "preview", "reaction", "decl", "minimap"))

    def _motion(self, event) -> None:
        s = self.screen
        s.panning.drag_to(event.pos, s.board.camera)
        s.reaction.point(event.pos, s.clock)
        if self._over_hud(event.pos):
            s.hover_tile = None
        else:
            t = s.board.camera.tile_at(*event.pos)
            t = t if s.battle.map.in_bounds(*t) else None
            if t != s.hover_tile:
                s.friendly.forget()   # a warning is for the target it was given on
            s.hover_tile = t
            if s.hover_tile is not None:
                s.cursor = None  # the mouse takes over from the keyboard cursor

    def _press(self, event) -> None:
        s = self.screen
        pos = event.pos
        if event.button in (2, 3):
            if event.button == 3 and s.armed:
                self.disarm()
                return
            s.panning.press(pos)
            return
        if event.button != 1:
            return
        pressed = s.top.hit(pos)   # the top bar's speeds, Menu, turn-order tokens
        if pressed is not None:
            kind, what = pressed
            if kind == "speed":
                self.set_speed(what)
            elif kind == "menu":
                s.overlay = "pause"
            else:
                self.select(what, centre=True)
            return
        answer = s.reaction.click(pos)
        if answer is not None:
            self._reaction_pick(answer)
            return
        picked = s.param_row.click(pos)
        if picked is not None:
            name, value, enabled = picked
            if enabled:
                # a pick made before arming arms the option it belongs to: the next
                # click on a target is that option with that pick, as it looks
                popt = self.param_option()
                if (popt is not None and not s.armed and s.decision is not None
                        and s.decision.kind != REACTION and popt.target_kind != TARGET_NONE):
                    self.arm(popt)
                s.params[name] = value
            return
        pressed = s.bar.click(pos)
        if pressed is not None:
            kind, opt = pressed
            if kind == "option":
                self.arm(opt)
            else:
                s.take_back()
            return
        tile = s.minimap.tile_at(pos, s.board.camera)
        if tile is not None:
            s.board.camera.centre_on_tile(tile)
            return
        if s.decl_panel.click(pos):   # its title folds the declarations column
            return
        if self._over_hud(pos):
            return
        s.panning.press(pos, s.board.camera.tile_at(*pos))

    def _release(self, event) -> None:
        s = self.screen
        tile = s.panning.release(event.button)
        if tile is not None and s.battle.map.in_bounds(*tile):
            self.click_tile(tile)

    def click_tile(self, tile) -> None:
        """A left click on the board: act on a legal target, else select what is there."""
        s = self.screen
        if s.decision is not None and s.decision.kind != REACTION:
            opt = s.option(s.armed) if s.armed else None
            if opt is not None:
                target = self.target_at_tile(opt, tile)
                if target is not None:
                    self.commit(opt, target)
                    return
            else:
                for u in s.units_at(tile):   # a unit, or one declared to be there
                    smart = s._smart_unit_option(u)
                    if smart is not None:
                        self.commit(smart, u)
                        return
                smart = s._smart_tile_option()
                if smart is not None and tile in smart.targets:
                    self.commit(smart, tile)
                    return
        shown = s.shown_units()
        here = [u for u in s.view.at(tile) if u.id in shown]
        if here:
            ids = [u.id for u in here]
            nxt = ids[(ids.index(s.selected) + 1) % len(ids)] if s.selected in ids else ids[0]
            self.select(nxt)
        elif s.armed:
            s.say("Not a legal target for " + (s.option(s.armed).label if s.option(s.armed) else "that"))

    def select(self, unit: int, centre: bool = False) -> None:
        s = self.screen
        s.selected = unit
        if centre and unit in s.view.units:
            s.board.camera.centre_on_tile(s.view.units[unit].tile)

    def set_speed(self, speed: float) -> None:
        s = self.screen
        s.speed = speed
        if not s.demo:   # a demo's pace is its own (`demo --speed`), not the menu's
            s.app.settings.speed = speed
        if speed == 0:
            s.anim.finish()
        s.say(f"Speed {speed_label(speed)}", 1.5)

    def _key(self, event) -> None:
        """A key on the board: the keymap names the command (battle_keys.py)."""
        s = self.screen
        armed = s.option(s.armed) if s.armed else None
        asked = battle_keys.command(event, battle_keys.Moment(
            armed=bool(s.armed), aiming=armed is not None and armed.target_kind != TARGET_NONE,
            deciding=s.decision is not None, over=s.battle.over))
        if asked is not None:
            self.do(*asked)

    def do(self, command: str, arg=None) -> None:
        """Do what a key's command (battle_keys.command) names."""
        s = self.screen
        camera = s.board.camera
        match command:
            case "disarm":
                self.disarm()
            case "pause":
                s.overlay, s.pause.index = "pause", 0
            case "undo":
                s.take_back()
            case "save":
                self.save()
            case "load":
                self.ask("Load the last save? This battle's progress since then is lost.", self.quickload)
            case "slower":
                self.set_speed(SPEEDS[max(0, SPEEDS.index(s.speed) - 1)])
            case "faster":
                self.set_speed(SPEEDS[min(len(SPEEDS) - 1, SPEEDS.index(s.speed) + 1)])
            case "skip":
                s.skip = True
                s.anim.finish()
                s.say("Skipping to the next decision of a person" if s.humans else "Skipping to the end", 2)
            case "results":
                s.go_to_results()
            case "log_older" | "log_newer":
                page = s.log.visible_lines - 2
                s.log.scroll_by(page if command == "log_older" else -page)
            case "log_newest":
                s.log.scroll = 0
            case "zoom_in" | "zoom_out":
                camera.zoom_at(1 if command == "zoom_in" else -1, *s.app.surface.get_rect().center)
            case "centre":
                focus = s.decision.actor if s.decision else s.view.actor
                if focus in s.view.units:
                    camera.centre_on_tile(s.view.units[focus].tile)
            case "cycle":
                self._cycle(arg)
            case "enter":
                self._enter()
            case "cursor":
                self._move_cursor(*arg)
            case "pan":
                direction, letter = arg
                s.panning.key_down(direction, camera, letter)
            case "param_back" | "param_next":
                self._cycle_param(1 if command == "param_next" else -1)
            case "next_parameter":
                s.param_row.next_parameter(self.param_option())
            case "next_option":
                self._next_option()
            case "letter":
                opt = s.hotkeys.find(s.options(), arg)
                if opt is not None and s.decision.kind == REACTION:
                    self._reaction_pick(opt)
                elif opt is not None:
                    self.arm(opt)
            case "number":
                # a reaction's answers are numbered (a prompt of its own, each number kept
                # while its answer is offered: reaction_asks); the action bar's are not
                if s.decision.kind == REACTION:
                    opt = next((o for number, o in s.reaction_options() if number == arg), None)
                    if opt is not None:
                        self._reaction_pick(opt)

    def _next_option(self) -> None:
        """Every option in turn, for bars longer than the ten number keys."""
        s = self.screen
        opts = s.options()
        if not opts or s.decision.kind == REACTION:
            return
        keys = [o.key for o in opts]
        i = (keys.index(s.armed) + 1) % len(opts) if s.armed in keys else 0
        while opts[i].target_kind == TARGET_NONE and not opts[i].params and i + 1 < len(opts):
            i += 1  # arming those would commit them: step over to the next
        if opts[i].target_kind == TARGET_NONE and not opts[i].params:
            s.say(f"{opts[i].label}: press {s.hotkeys.of(opts[i]).upper() or 'its button'} to do it")
        else:
            self.arm(opts[i])

    def _move_cursor(self, dx: int, dy: int) -> None:
        s = self.screen
        opt = s.option(s.armed)
        if opt is None:
            return
        if opt.target_kind == TARGET_UNIT:
            self._cycle(1 if dx + dy > 0 else -1)
            return
        start = s.cursor or s.hover_tile or s.view.units[s.decision.actor].tile
        nx = min(max(start[0] + dx, 0), s.battle.map.width - 1)
        ny = min(max(start[1] + dy, 0), s.battle.map.height - 1)
        if (nx, ny) != tuple(start):
            s.cursor = (nx, ny)
            s.hover_tile = None
            s.board.camera.ensure_visible(s.cursor, 3)

    def _cycle(self, step: int) -> None:
        """Tab: the armed option's targets in turn, else the units one sees."""
        s = self.screen
        opt = s.option(s.armed)
        if opt is not None and opt.target_kind == TARGET_UNIT and opt.targets:
            targets = list(opt.targets)
            current = None
            if s.cursor is not None:
                on = [u.id for u in s.view.at(s.cursor) if u.id in targets]
                current = on[0] if on else None
            i = (targets.index(current) + step) % len(targets) if current in targets else 0
            s.cursor = s.view.units[targets[i]].tile
            s.hover_tile = None
            s.board.camera.ensure_visible(s.cursor, 3)
            return
        if opt is not None and opt.target_kind == TARGET_TILE and opt.targets:
            targets = list(opt.targets)
            i = (targets.index(s.cursor) + step) % len(targets) if s.cursor in targets else 0
            s.cursor = targets[i]
            s.hover_tile = None
            s.board.camera.ensure_visible(s.cursor, 3)
            return
        if s.decision is not None and s.decision.kind == REACTION:
            # which answer's parameters the picker row shows
            if s.reaction.cycle(s.options(), self._reaction_param_option(), step):
                s.param_row.focus = 0
                return
        shown = sorted(u.id for u in s.view.units.values() if u.id in s.shown_units() and u.active)
        if not shown:
            return
        i = (shown.index(s.selected) + step) % len(shown) if s.selected in shown else 0
        self.select(shown[i], centre=True)

    def _enter(self) -> None:
        s = self.screen
        if s.decision is None:
            return
        opt = s.option(s.armed)
        if opt is None:
            return
        if opt.target_kind == TARGET_NONE:
            self.commit(opt, None)
            return
        tile = s.cursor or s.hover_tile
        if tile is None:
            return
        target = self.target_at_tile(opt, tile)
        if target is None:
            s.say("Not a legal target here")
            return
        self.commit(opt, target)

    def param_option(self) -> Option | None:
        s = self.screen
        if s.decision is not None and s.decision.kind == REACTION:
            return self._reaction_param_option()
        if s.armed:
            return s.option(s.armed)
        target = s.focus_target()
        if target is not None:
            return s.active_option(target)
        for opt in s.options():  # nothing hovered: the first offensive option's pickers
            if opt.offensive and opt.params and opt.target_kind == TARGET_UNIT:
                return opt
        return None

    def _reaction_param_option(self) -> Option | None:
        """Whose parameters a reaction's picker row shows (and `[` `]` change): the answer
        the pointer has rested on, or the one Tab chose (reaction_panel.py); else the
        first answer with parameters."""
        s = self.screen
        opt, moved = s.reaction.param_option(s.options(), s.clock)
        if moved:
            s.param_row.focus = 0
        return opt

    def _cycle_param(self, step: int) -> None:
        s = self.screen
        opt = self.param_option()
        if opt is None or not opt.params:
            return
        name = s.param_row.focused_name(opt)
        target = s.focus_target()
        if s.decision.kind == REACTION and opt.targets:
            target = opt.targets[0]
        allowed = list(opt.params_for(target).get(name, opt.params[name]))
        if not allowed:
            return
        current = s.params.get(name, allowed[0])
        i = (allowed.index(current) + step) % len(allowed) if current in allowed else 0
        s.params[name] = allowed[i]

    def _reaction_pick(self, opt: Option) -> None:
        s = self.screen
        if opt.target_kind == TARGET_NONE:
            self.commit(opt, None)
        elif len(opt.targets) == 1:
            self.commit(opt, opt.targets[0])
        else:
            s.armed = opt.key
            s.board.set_targets(opt.targets if opt.target_kind == TARGET_TILE else None)

    # ------------------------------------------------------------- the answer
    def arm(self, opt: Option) -> None:
        """Pick an option from the bar: commit it at once when it needs nothing more
        (ending a turn with actions left asks first)."""
        s = self.screen
        if opt.target_kind == TARGET_NONE and not opt.params:
            if self._ask_before_ending(opt):
                return
            s.submit(opt.choice())
            return
        if s.armed == opt.key:
            if opt.target_kind == TARGET_NONE:
                self.commit(opt, None)
            return
        s.armed = opt.key
        s.param_row.focus = 0
        s.params = {k: v for k, v in s.params.items() if k in opt.params}
        if opt.target_kind == TARGET_TILE:
            if "move" in opt.key and s.move_field is not None:
                s.board.set_targets(None)
            else:
                s.board.set_targets(opt.targets)
        else:
            s.board.set_targets(None)
        if opt.target_kind != TARGET_NONE and opt.targets:
            if opt.target_kind == TARGET_UNIT:
                first = opt.targets[0]
                s.cursor = s.view.units[first].tile if first in s.view.units else None
            else:
                s.cursor = s.view.units[s.decision.actor].tile if s.decision.actor in s.view.units else opt.targets[0]

    def ask(self, text: str, on_yes, setting: str | None = None) -> None:
        """A yes/no question over the board (game/ui/confirm.py)."""
        self.screen.question = Question(text, on_yes, setting)

    def _ask_before_ending(self, opt: Option) -> bool:
        """End turn while something else could still be done: ask once (unless told not
        to), and log that the turn ended with actions left. True when it asked."""
        s = self.screen
        if opt.key != "end_turn" or s.decision is None or not s.app.settings.confirm_end_turn:
            return False
        others = [o for o in s.decision.options
                  if o.key not in ("end_turn", "hold", "pass") and (o.target_kind == TARGET_NONE or o.targets)]
        if not others:
            return False
        actor = s.view.units.get(s.decision.actor)
        who = actor.name if actor else "This unit"
        decision = s.decision

        def end() -> None:
            if s.battle.pending is decision:
                s.log.add_text(f"{who} ends its turn with actions left.")
                s.submit(opt.choice())
        self.ask(f"{who} can still act ({decision.prompt.rstrip('.')}). End the turn?", end, "confirm_end_turn")
        return True

    def disarm(self) -> None:
        s = self.screen
        s.friendly.forget()
        s.armed = None
        s.cursor = None
        s.board.set_targets(None)

    def commit(self, opt: Option, target) -> bool:
        s = self.screen
        params = rules_view.fill_params(opt, target, s.params)
        risks = self.risks(opt, target, params)
        if risks and s.friendly.needed(self.risk_key(opt, target, params)):
            # the first press only warns: hitting your own side is never one slip away
            s.say(f"{headline(risks)}. Click again or press Enter to attack anyway.", 6.0)
            return False
        s.friendly.forget()
        return s.submit(opt.choice(target, **params))

    def risks(self, opt: Option, target, params: dict | None = None, odds=None) -> list:
        """The allies `opt` at `target` can hurt, with their chances (friendly_fire.py)."""
        s = self.screen
        if s.decision is None or not opt.offensive:
            return []
        params = rules_view.fill_params(opt, target, s.params) if params is None else params

        def work_out() -> list:
            choice = opt.choice(target, **params)
            known = odds
            if known is None and opt.target_kind == TARGET_UNIT:
                known = rules_view.odds(s.battle, s.decision, choice)
            area = rules_view.attack_area(s.battle, s.decision, choice) if opt.target_kind == TARGET_TILE else ()
            return allies_at_risk(s.view, s.decision, opt, target, known, area)
        return s.odds.kept(s.battle, "risks", self.risk_key(opt, target, params), work_out)

    def risk_key(self, opt: Option, target, params: dict) -> tuple:
        """What decides the allies an attack can hurt: the option, its target and picks
        on this board (and the one attack a warning was given for)."""
        return opt.key, target, tuple(sorted(params.items())), self.screen.version

    def target_at_tile(self, opt: Option, tile) -> Any:
        """The option's legal target on this tile, or None."""
        if opt.target_kind == TARGET_TILE:
            return tile if tile in opt.targets else None
        if opt.target_kind == TARGET_UNIT:
            for u in self.screen.units_at(tile, shown_only=False):
                if u in opt.targets:
                    return u
        return None

    def _handle_pause(self, event) -> None:
        action = self.screen.pause.handle(event)
        if action is not None:
            self.pause_do(action)

    def pause_do(self, action: str) -> None:
        """Do what the pause menu's item `action` names (pause_menu.ITEMS)."""
        s = self.screen
        s.overlay = None
        if action == "save":
            self.save()
        elif action == "load":
            self.ask("Load the last save? This battle's progress since then is lost.", self.quickload)
        elif action == "settings":
            s.suspended = True   # the AI may go on thinking: the battle screen comes back
            s.next = s.app.screens.settings(s)
        elif action == "menu":
            def leave():
                s.ai.abandon()
                s.next = s.app.screens.menu()
            if s.battle.over or s.demo or s.saved_at == len(s.battle.choices):
                leave()   # nothing since the last save or load is lost
                return
            self.ask("Leave this battle for the main menu? What happened since "
                     + ("the last save" if s.saved_at is not None else "it began")
                     + " is not saved (F5 saves).", leave)
        elif action == "quit":
            s.app.running = False

    # ------------------------------------------------------------- save / load
    def save(self, path: Path | None = None) -> Path | None:
        s = self.screen
        from game.ui.saves import save_battle
        s.ai.wait(60)  # the worker must not be reading while the state is fingerprinted
        try:
            path = save_battle(s.battle, s.sides, s.fog, s.squads, path, levels=s.ai_levels)
        except SaveError as exc:
            s.say(f"Save failed: {exc}", 5)
            return None
        s.say(f"Saved: {path}", 4)
        s.saved_at = len(s.battle.choices)
        return path

    def quickload(self, path: Path | None = None) -> None:
        s = self.screen
        from game.ui.saves import latest_save, load_battle
        path = path or latest_save()
        if path is None:
            s.say(f"No saved battle in {saves_dir()}")
            return
        # Stop and join the AI worker before anything else touches a battle (issue 17.2).
        s.ai.abandon()
        try:
            battle, meta = load_battle(path)
        except SaveError as exc:
            s.say(f"Load failed: {exc}", 6)
            return
        screen = s.app.screens.battle(battle, meta.get("sides") or s.sides, meta.get("fog", s.fog),
                                         s.speed, squads=meta.get("squads"))
        screen.say(f"Loaded {Path(path).name} (round {battle.round})")
        screen.saved_at = len(battle.choices)
        s.next = screen
