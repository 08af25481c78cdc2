"""The battle screen: the board, the HUD, and answering the pending Decision.

Every answer (a click, a key, the AI's pick) becomes a `Choice` built from the
Decision's own options and goes through `Battle.submit`, the one path for all.
The screen never changes the Battle otherwise. The action bar, the targeting and
the parameter pickers are built from the options generically; what a ruleset adds
beyond them is asked through `rules_view`.

The screen keeps the battle, the selection (the decision, the option armed, its
picks, the unit selected, the pointer's tile) and the turn's flow (hand-overs, the
AI's turns, undo, the playout). It composes parts, each with its own state and,
where it is drawn, its own rectangle from `battle_layout` (docs/ui.md, "The window's
shape"): the top bar, the unit card, the action bar, the parameter row, the odds
panel, the reaction panel, the declarations column, the minimap, the log, the pause
menu; and, without a rectangle, the AI's sides, fog of war, panning, undo and the
camera's following. What keys and clicks ask is done by its input part (`controls`,
battle_input.py, the keys named by battle_keys.py); the frame is drawn in order by
battle_frame.py from the state the screen hands it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.engine.decisions import DECLARE, REACTION, TARGET_TILE, TARGET_UNIT, Decision, Option
from game.errors import IllegalChoice
from game.ui import battle_frame, battle_keys, declarations, reaction_asks, rules_view, side_log
from game.ui.ai_seats import AISeats
from game.ui.action_bar import ActionBar, move_legend
from game.ui.anim import Animator
from game.ui.battle_input import BattleControls
from game.ui.board import BoardRenderer
from game.ui.camera_follow import CameraFollow
from game.ui.decl_board import DeclarationReader
from game.ui.decl_panel import DeclarationsPanel
from game.ui.fog_of_war import FogOfWar
from game.ui.friendly_fire import Confirmation
from game.ui.hotkeys import Hotkeys
from game.ui.log_panel import LogPanel
from game.ui.minimap import Minimap
from game.ui.mission_draw import MissionMarks
from game.ui.odds_panel import OddsPanel, reaction_preview, threats_at, why_out_of_reach
from game.ui.panning import Panning
from game.ui.param_row import ParamRow
from game.ui.pause_menu import PauseMenu
from game.ui.reaction_panel import ReactionPanel
from game.ui.screen import Screen
from game.ui.snapshot import BoardView, UnitView, snapshot
from game.ui.top_bar import TopBar
from game.ui.undo import UndoHistory
from game.ui.unit_card import UnitCard
from game.ui.zone_draw import DangerZones

END_BANNER = 1.6      # the "victory" banner before the results screen, at 1×


class BattleScreen(Screen):
    title = "Battle"

    def __init__(self, app, battle, sides: dict[int, str], fog: bool = False, speed: float = 1.0,
                 squads=None, demo: bool = False, ai_level: str = "normal", controllers=None,
                 ai_levels: dict[int, str] | None = None) -> None:
        super().__init__(app)
        self.battle = battle
        self.sides = {int(t): sides.get(t, sides.get(str(t), "ai")) for t in battle.teams()}
        self.humans = sorted(t for t, k in self.sides.items() if k == "human")
        self.fog = fog and bool(self.humans)
        self.speed = speed
        self.squads = squads
        self.demo = demo
        self.seats = AISeats(battle, self.sides, ai_level, controllers, ai_levels)   # ai_seats.py
        self.ai = self.seats.runner            # (the AI's thread: busy, thinking, abandon)
        self.ai_levels = self.seats.levels
        self.board = BoardRenderer(battle.map)
        self.log = LogPanel()
        self.minimap = Minimap()
        self.top = TopBar()
        # the parts of the bottom strip and the right column's foot, each with its own
        # state and rectangle (see docs/ui.md, "The window's shape")
        self.card = UnitCard()
        self.bar = ActionBar()
        self.param_row = ParamRow()
        self.reaction = ReactionPanel()
        self.odds = OddsPanel()
        self.anim = Animator()
        self.version = 0
        self.view: BoardView = snapshot(battle, 0)
        self.sight = FogOfWar(battle.map)   # what each side sees (fog_of_war.py)
        self.follow = CameraFollow()        # the camera after what an AI does (camera_follow.py)
        self.log.add_events(battle.log, self._team_of, self._redactor(self.view, self.view))
        # the declaration view (a DECLARE decision pending), and what it learns of options
        self.decl: declarations.DeclarationView | None = None
        self.decl_panel = DeclarationsPanel()   # the column that shows them (game/ui/decl_panel.py)
        self._deferred = False       # a person's decision waits for a turn to finish playing
        self.played_from: BoardView | None = None
        self.declared = DeclarationReader()   # what it learns of options, planned paths (decl_board.py)
        self.keyboard_side: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.handover: int | None = None
        self.skip = False
        self.end_timer: float | None = None
        self.clock = 0.0
        self.message, self.message_timer = "", 0.0
        self.overlay: str | None = None       # None, "pause", "rules"
        self.question = None                   # a yes/no question over the board
        self.saved_at: int | None = None       # the choices made when last saved or loaded
        self.suspended = False                 # set while the settings screen is over the battle
        self.friendly = Confirmation()         # an attack that can hurt an ally waits for a second press
        self.undo = UndoHistory()                # the answers a person may take back (undo.py)
        self.pause = PauseMenu()                 # Esc's menu over the battle (pause_menu.py)
        # answering a human decision
        self.decision: Decision | None = None
        self.armed: str | None = None
        self.params: dict[str, Any] = {}
        self.selected: int | None = None
        self.hover_tile: tuple[int, int] | None = None
        self.cursor: tuple[int, int] | None = None   # keyboard targeting cursor
        self.move_field = None
        self.noted: dict[str, Any] = {}   # the layout's regions and what the last frame noted (`rects`)
        self.panning = Panning()                 # keys held and drags that move the view (panning.py)
        self.tutorial = None   # the guided first battle's lesson (game/ui/tutorial.py), if this is it
        self.hotkeys = Hotkeys()                 # each action's letter, for the whole battle
        self.controls = BattleControls(self)     # what keys and clicks do (battle_input.py)
        self.danger_zones = DangerZones()        # the zones' layer and legend (zone_draw.py)
        self.mission_marks = MissionMarks()      # a scenario's zones and VIPs (mission_draw.py)
        self.fitted_for = None                   # the board's size a fitted map was fitted to
        self.board.camera.resize(*app.surface.get_size())
        battle_frame.layout(self, app.surface.get_size())
        self.board.camera.fit_whole = demo   # the demo shows the whole map: nobody pans it
        self.board.camera.fit()   # a small map fills the board's viewport
        first = self._team_units_centre()
        if first is not None:
            self.board.camera.centre_on_tile(first)
        self._on_new_pending()
        read = app.settings.rules_read
        if self.humans and not demo and self.battle.ruleset.id not in read:
            # the first battle a person plays in a ruleset opens on its one page of how
            # it plays (F2 brings it back); kept in the settings, so once
            self.overlay = "rules"
            read.append(self.battle.ruleset.id)

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
        """What the side whose eyes the board is drawn through sees (None: all-seeing)."""
        viewer = self.viewer
        return None if viewer is None else self.sight.on_board(viewer, self.view, self.board)

    def shown_units(self) -> set[int]:
        vis = self.visible_grid()
        if vis is None:
            return set(self.view.units)
        out = set()
        for u in self.view.units.values():
            tile = self.display_tile(u)
            t = (int(round(tile[0])), int(round(tile[1])))
            if u.team == self.viewer or (self.battle.map.in_bounds(*t) and vis[t]):
                out.add(u.id)
        return out

    def display_tile(self, u: UnitView):
        return self.anim.pos.get(u.id, u.tile)

    def handle(self, event) -> None:
        self.controls.handle(event)

    def draw(self, surface) -> None:
        battle_frame.draw(self, surface)

    @property
    def rects(self) -> dict:
        """Where each thing was drawn in the last frame, by name (battle_frame.rects)."""
        return battle_frame.rects(self)

    def help_lines(self) -> list[tuple[str, str]]:
        return battle_keys.help_lines(self.options(), self.hotkeys.of)

    # ------------------------------------------------------------- flow of play
    def _on_new_pending(self) -> None:
        """A new decision is pending: hand over, start the AI, or get ready for a person."""
        self.decision = None
        self._deferred = False
        self.armed, self.params, self.cursor = None, {}, None
        self.param_row.focus = 0
        self.move_field = None
        self.move_legend: list[tuple[int, str]] = []
        self.board.set_move(None)
        self.board.set_targets(None)
        p = self.battle.pending
        self.zones = rules_view.danger_zones(self.battle)   # (before any AI starts reading)
        # (read on the main thread before any AI starts on the decision: paths use the
        # shared path-finding arrays; they cost a little: not for AI-only batches at instant)
        self.decl = self.declared.read(p, self.view.units, self.battle, paths=bool(self.speed or self.humans))
        if p is None:
            self.end_timer = END_BANNER / (self.speed or 4)
            return
        if self.sides.get(p.side) == "human":
            wait = reaction_asks.answered_later(self.battle.ruleset.id, p)
            if wait is not None:
                # every answer but "No defence" comes again after the roll: ask then, once
                self.submit(wait.choice())
                return
            self.skip = False
            if len(self.humans) > 1 and p.side != self.keyboard_side:
                self.handover = p.side
                self._forget_pointer()
                self._fresh_view()
                return
            self.keyboard_side = p.side
            if self.anim.resolving:
                self._deferred = True  # a turn is playing out: ask when it is done (a key ends it)
                return
            self._ready_for_person(p)
        else:
            self.seats.start(self.battle, p, self.speed)

    def _ready_for_person(self, p: Decision) -> None:
        if self.decision is None and (getattr(self, "_chimed", None) != (p.actor, self.battle.round)):
            from game.ui.sound import SOUNDS
            self._chimed = (p.actor, self.battle.round)
            SOUNDS.play("turn")   # a person's turn begins
        self.decision = p
        self.hotkeys.assign(p.options)
        if p.kind != REACTION:
            self.reaction.numbers.forget()
        self.selected = p.actor
        if p.kind == REACTION:
            other = p.context.get("unit") if hasattr(p.context, "get") else None
            tiles = [self.view.units[u].tile for u in (p.actor, other) if u in self.view.units]
            if tiles:
                mid = (sum(t[0] for t in tiles) // len(tiles), sum(t[1] for t in tiles) // len(tiles))
                self.board.camera.ensure_visible(mid, 4)
            return
        move = self._smart_tile_option()
        if move is not None:
            self.move_field = rules_view.MoveField(self.battle, p, move)
            bands = self.move_field.bands()
            self.board.set_move(bands, occupied=[u.tile for u in self.view.units.values() if u.active])
            self.move_legend = move_legend(self.move_field, bands)
        if p.actor in self.view.units:
            # while declaring, each unit of the round is asked in turn: the camera moves
            # only for one off the board, so the tile under the pointer stays put (a
            # margin re-centred it by ~100 px a declaration, issue 30)
            self.board.camera.ensure_visible(self.view.units[p.actor].tile, 0 if p.kind == DECLARE else 3)

    def visible_declarations(self, shown: set[int] | None = None) -> list[declarations.Entry]:
        """The declarations made so far that the side at the keyboard may see: all of
        them without fog; under fog its own and those of the units it sees."""
        if self.decl is None:
            return []
        shown = self.shown_units() if shown is None else shown
        return [e for e in self.decl.entries if self.decl.visible(e, self.viewer, shown)]

    def planned_tile(self, unit: int) -> tuple[int, int] | None:
        """Where `unit` will be when the pending declaration's action happens (its tile
        now when nothing is declared)."""
        u = self.view.units.get(unit)
        now = u.tile if u is not None else None
        if self.decl is None:
            return now
        return self.decl.planned_tile_of(unit, self.decl.slot, now)

    def actor_tile(self) -> tuple[int, int] | None:
        """Where the deciding unit acts from (its planned tile while declaring)."""
        if self.decision is None:
            return None
        return self.planned_tile(self.decision.actor)

    def units_at(self, tile, shown_only: bool = True) -> list[int]:
        """Units (shown) on `tile`, and (while declaring) the shown units planned to be there."""
        shown = self.shown_units()
        out = [u.id for u in self.view.at(tile) if u.id in shown or not shown_only]
        if self.decl is not None:
            out += [u for u in sorted(shown) if u not in out and self.planned_tile(u) == tuple(tile)]
        out.sort(key=self.mine_last)
        return out

    def mine_last(self, unit: int) -> bool:
        """Sort key: on a shared tile (a grapple) the enemy comes first, so a plain click,
        a hover and the unit card mean the enemy, never the ally held with it."""
        d = self.decision
        if d is None or d.actor not in self.view.units or unit not in self.view.units:
            return False
        return self.view.units[unit].team == self.view.units[d.actor].team

    def _forget_pointer(self) -> None:
        """At a hand-over: nothing the last person pointed at stays on screen (the unit
        card, the hover, the keyboard cursor, a scrolled-back log)."""
        self.hover_tile = None
        self.cursor = None
        self.selected = None
        self.reaction.forget_pointer()
        self.log.scroll = 0

    def _fresh_view(self) -> None:
        """The hand-over screen, or the board after it, replaces what was shown: like a
        new screen, it must not act on the keys held from the view before (a held Enter
        would confirm the hand-over, then act for the next side)."""
        held = getattr(self.app, "held", None)
        if held is not None:
            held.arm()
        # the releases of what is held now will not come here: end what they would end
        # (a pan would glide on, a drag would follow the pointer with no button down)
        self.panning.stop()

    def confirm_handover(self) -> None:
        if self.handover is None:
            return
        self._forget_pointer()
        self.keyboard_side = self.handover
        self.handover = None
        self.sight.forget()
        self._fresh_view()
        p = self.battle.pending
        if p is not None:
            self._ready_for_person(p)

    def submit(self, choice) -> bool:
        """Answer the pending decision; False (and a message) when the battle refuses."""
        pre = self.view
        deciding = self.battle.pending
        mark = self.undo.mark(self.battle, len(self.log.entries), self.shown_units())
        try:
            events = self.battle.submit(choice)
        except IllegalChoice as exc:
            self.say(f"Not allowed: {exc}")
            return False
        self.version += 1
        self.view = snapshot(self.battle, self.version)
        self.undo.note(self.battle, deciding, mark, self.sides.get(deciding.side) == "human",
                       self.fog and bool(set(self.shown_units()) - set(mark[3])))
        start = len(self.log.entries)
        self.log.add_events(events, self._team_of, self._redactor(pre, self.view))
        speed = self.speed if not self.skip else 0
        if speed:
            self.log.hold_from(start)  # each line shows as its event plays (a turn resolving)
        index = {id(ev): start + i + 1 for i, ev in enumerate(events)}
        # the playout dwells on each line for reading, except a person's own plain answer
        # (it shows at once; a turn playing out, fate's resolution, is paced either way)
        playout = any(type(ev).__name__ == "Note" and str(getattr(ev, "text", "")).startswith("—") for ev in events)
        pace = self.sides.get(deciding.side) != "human" or playout
        self.anim.enqueue(events, pre, self.view, speed, show=lambda ev: self._shown(ev, index[id(ev)]), pace=pace)
        self.card.before = pre   # the unit card reads it until the playout reaches each wound
        if self.anim.resolving and speed:
            self.played_from = pre  # the top bar shows the turn that plays out, not the next
        if not speed:
            self.log.reveal_all()
            if playout and not self.skip:
                # "at instant speed fate's simultaneous resolution flashes past and
                # scrolls out of the log" (issue 30 item 11): the AI waits while it is read
                self.seats.hold_to_read(len(events))
        self._follow(events)
        self._on_new_pending()
        return True

    def _shown(self, event, line: int) -> None:
        """An event's moment in the playout: its log line appears, its sound plays
        (moves and attacks the side at the keyboard can see)."""
        self.log.reveal(line)
        from game.ui.sound import SOUNDS, effect_of
        effect = effect_of(event)
        if effect is None:
            return
        who = getattr(event, "unit", None) or getattr(event, "attacker", None)
        if self.viewer is None or who is None or who in self.shown_units() \
                or getattr(event, "target", None) in self.shown_units():
            SOUNDS.play(effect)

    # ------------------------------------------------------------- undo
    @property
    def can_undo(self) -> bool:
        return bool(self.undo) and self.decision is not None and not self.anim.resolving

    def take_back(self) -> None:
        """Take back the last die-less answer: the battle is played again from its seed
        and the choices before it (so a save or replay never holds the undone one)."""
        if not self.can_undo:
            self.say("Nothing to undo (a roll, a reveal or the end of a turn cannot be taken back)")
            return
        fresh, log_len = self.undo.take_back(self.battle)
        self.battle = fresh
        self.anim.finish()
        del self.log.entries[log_len:]
        del self.log.alts[log_len:]
        self.log.reveal_all()
        self.log._wrapped_for = (-1, -1)
        self.version += 1
        self.view = snapshot(fresh, self.version)
        self.sight.forget()
        self.say("Undone", 1.5)
        self._on_new_pending()

    def _redactor(self, pre: BoardView, post: BoardView):
        """Under fog, what each person's side may not read in the log (side_log.py)."""
        if not self.fog:
            return lambda ev, text=None: None
        return side_log.redactor(self.battle.map, self.humans, self.sight.of, pre, post)

    def _follow(self, events) -> None:
        """Keep the camera on what an AI does (a person's own moves are under the mouse)."""
        if self.speed and not self.skip:
            self.follow.events(self.board.camera, events, self.view.units, self.shown_units())

    def wake_in(self) -> float | None:
        """Frames only while something moves: an animation, a float, a held pan key, a
        drag, the AI at work (polled); timers (a message, the end banner, a reaction's
        pickers) wake the window when they run out; otherwise it sleeps until input."""
        if self.anim.busy or self.anim.floats or self.panning.moving:
            return 0.0
        if self.seats.read_hold > 0 and not self.skip:
            return self.seats.read_hold
        if self.ai.busy:
            return 0.0 if (self.speed == 0 or self.skip) else 0.03
        if self._deferred:
            return 0.0
        timers = [t for t in (self.message_timer if self.message_timer > 0 else None,
                              self.end_timer if self.battle.pending is None and self.end_timer is not None else None)
                  if t is not None]
        rest = self.reaction.wake_in(self.clock)   # a resting pointer shows an answer's pickers
        if rest is not None:
            timers.append(rest)
        return min(timers) if timers else None

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.message_timer > 0:
            self.message_timer -= dt
        self.panning.update(dt, self.board.camera)
        self.anim.update(dt)
        if self.anim.current is not None:   # a long answer playing out: each walk and shot in view
            self.follow.step(self.board.camera, self.anim.current, self.view.units, self.anim.pos, self.shown_units())
        if self.tutorial is not None and self.overlay is None:
            self.tutorial.update(self)
        if self._deferred and not self.anim.busy:
            self._deferred = False
            p = self.battle.pending
            if p is not None and self.handover is None and self.human_decision() is p:
                self._ready_for_person(p)
        if self.overlay == "pause":
            return
        if self.battle.over or self.battle.pending is None:
            if not self.anim.busy and self.end_timer is not None:
                self.end_timer -= dt
                if self.end_timer <= 0:
                    self.go_to_results()
            return
        self.seats.run(dt, self.speed == 0 or self.skip, self.skip, self.anim.busy, self.battle, self.submit, self.say)

    def go_to_results(self) -> None:
        self.ai.abandon()
        self.next = self.app.screens.results(self.battle, self.sides, demo=self.demo, squads=self.squads,
                                             fog=self.fog, speed=self.speed, ai_levels=self.ai_levels)

    def leave(self) -> None:
        if self.suspended:   # off to the settings, and back: the battle is not closed
            self.suspended = False
            return
        self.ai.abandon()

    # ------------------------------------------------------------- options
    def options(self) -> tuple[Option, ...]:
        """The answers on offer: a reaction's in its number order, without those the
        rules offer again at the attack's next prompt (reaction_asks)."""
        if self.decision is None:
            return ()
        if self.decision.kind == REACTION:
            return tuple(o for _, o in self.reaction_options())
        return self.decision.options

    def reaction_options(self) -> list[tuple[int, Option]]:
        """(number, answer) of the reaction prompt, numbers kept while offered."""
        return self.reaction.numbered(self.battle.ruleset.id, self.decision)

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

    # ------------------------------------------------------------- previews
    def focus_target(self):
        """What the pointer (or the keyboard cursor) is on: a unit id, a tile, or None."""
        tile = self.cursor or self.hover_tile
        if tile is None or self.decision is None:
            return None
        if self.armed:
            opt = self.option(self.armed)
            return self.controls.target_at_tile(opt, tile) if opt else None
        for u in self.units_at(tile):
            if self._smart_unit_option(u) is not None:
                return u
        return tile

    def preview(self):
        """(kind, data) for the preview panel: ('odds', ...), ('move', ...) or None."""
        if self.decision is None:
            return None
        if self.decision.kind == REACTION:
            hovered = [o for r, o in self.reaction.buttons if r.collidepoint(self.app.mouse)]
            return reaction_preview(self.battle, self.decision, self.options(), hovered, self.params, self.version)
        target = self.focus_target()
        if target is None:
            return None
        if isinstance(target, tuple) and not self.armed:
            foe = self._unreachable_enemy(target)
            if foe is not None:   # an enemy no attack reaches: say so, not nothing
                here, there = self.actor_tile(), self.planned_tile(foe)
                return self.odds.kept(self.battle, "preview", ("unreachable", foe, here, there, self.version),
                                      lambda: ("unreachable", foe, why_out_of_reach(self.battle, self.decision.actor,
                                                                                    here, there)))
        opt = self.active_option(target)
        if opt is None:
            return None
        smart = self._smart_tile_option()
        if self.move_field is not None and smart is not None and opt.key == smart.key and isinstance(target, tuple):
            def move_shown():
                mp = self.move_field.preview(target)
                return ("move", opt, target, mp) if mp else None
            return self.odds.kept(self.battle, "preview", ("move", opt.key, target, self.version), move_shown)
        params = rules_view.fill_params(opt, target, self.params)
        return self.odds.kept(self.battle, "preview",
                              ("odds", opt.key, target, tuple(sorted(params.items())), self.version),
                              lambda: ("odds", opt, target,
                                       rules_view.odds(self.battle, self.decision, opt.choice(target, **params)), params))

    def _unreachable_enemy(self, tile) -> int | None:
        """A shown enemy on `tile` that no offensive option of this decision can target."""
        me = self.view.units.get(self.decision.actor)
        if me is None or not any(o.offensive for o in self.options()):
            return None
        for u in self.units_at(tile):
            unit = self.view.units.get(u)
            if unit is not None and unit.active and unit.team != me.team and self._smart_unit_option(u) is None:
                return u
        return None

    def threats(self, tile) -> list:
        """Who could see or shoot the deciding unit at `tile` (the move preview's)."""
        shown = self.shown_units()
        return self.odds.kept(self.battle, "threats", (tile, tuple(sorted(shown)), self.version),
                              lambda: threats_at(self.battle, self.view, self.decision.actor, tile, shown))
