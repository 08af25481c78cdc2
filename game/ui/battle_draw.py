"""Drawing the battle screen: the board, previews, animations, and the parts in the
rectangles `battle_layout` hands out (each part draws itself: this tells it what to show).

Drawing only reads: the screen's snapshot of the board, its previews, the animator.
"""

from __future__ import annotations

import pygame

from game.engine.decisions import DECLARE, REACTION
from game.ui import battle_cards, battle_layout, board_overlays, cover_icons, decl_board, rules_view, strength_bar, theme
from game.ui.action_bar import prompt_text
from game.ui.friendly_fire import headline
from game.ui.mission_draw import MissionDrawing
from game.ui.param_row import why_refused
from game.ui.snapshot import UnitView
from game.ui.zone_draw import ZoneDrawing


class BattleDrawing(ZoneDrawing, MissionDrawing):
    """The drawing half of BattleScreen (a mixin: the state lives in BattleScreen)."""

    def layout(self, size) -> dict[str, pygame.Rect]:
        """Where everything goes: the regions `battle_layout` hands out for the window's
        size and this moment (the board's rectangle is the window's alone), and the
        camera told the part of the board it may bring things to."""
        reacting = self.decision is not None and self.decision.kind == REACTION
        cam = self.board.camera
        moment = battle_layout.Moment(
            actions=len(self.decision.options) if self.decision is not None and not reacting else 1,
            minimap_aspect=cam.world_h / max(1, cam.world_w) if self._map_larger_than_view() else None,
            declaring=getattr(self, "decl", None) is not None and self.handover is None and not self.anim.resolving,
            decl_folded=self.decl_panel.folded)
        out = battle_layout.regions(size, moment)
        # the camera reads the free area only when it moves, so the declarations column
        # opening moves nothing on the board
        free = out.free
        cam.safe = (free.x, free.y, free.w, free.h)
        if cam.auto_fit and getattr(self, "_fit_for", out.view.size) != out.view.size:
            # the window changed size: a fitted map fits again (the demo at 1920x1080
            # showed The Pit in a quarter of the window); the player's own zoom stays
            cam.fit()
        self._fit_for = out.view.size
        return out.as_dict()

    def _map_larger_than_view(self) -> bool:
        cam = self.board.camera
        sx, sy, sw, sh = cam._safe()
        return cam.world_w * cam.zoom > sw or cam.world_h * cam.zoom > sh

    def _draw_strength(self, surface, rect) -> None:
        """Who is winning, as the board shows it now (units as drawn, wounds as the
        playout has reached them); under fog an enemy side reads "?"."""
        every = [self._anim_unit(u) for u in self.view.units.values()]
        hidden = set()
        if self.viewer is not None and self.fog:
            hidden = {u.team for u in every if u.team != self.viewer}
        self.rects["strength_parts"] = strength_bar.draw(
            surface, rect, strength_bar.side_strength(every, self.anim.hp), hidden)

    def draw(self, surface: pygame.Surface) -> None:
        rects = self.layout(surface.get_size())
        self._drawn = dict(rects)
        for part in (self.card, self.bar, self.param_row, self.reaction, self.odds, self.pause):
            part.hide()   # what is clickable is what this frame draws
        if self.handover is not None and not self.anim.busy:
            # (what was playing, a turn resolving, is shown to the side that set it off first)
            p = self.battle.pending
            who = self.view.units.get(p.actor) if p is not None else None
            slot = f" action {self.decl.slot}" if self.decl is not None else ""
            battle_cards.handover(surface, self.handover, p.kind if p is not None else None,
                                  f"{slot} for {who.name if who else 'your unit'}")
            if self.overlay == "rules":   # a first battle's card: over the hand-over, hides nothing
                self._draw_rules_card(surface)
            return
        self.visible_grid()
        surface.fill(theme.BG)
        surface.set_clip(rects["view"])   # the board stays in its viewport, under no panel
        self.board.draw_terrain(surface)
        shown = self.shown_units()
        decision = self.decision
        # declarations made so far, path preview and targets under the units
        if self.decl is not None and not self.anim.resolving and self.handover is None:
            d = self.decision
            decl_board.draw_on_board(surface, self.board, self.decl, self.visible_declarations(shown),
                                     d.actor if d is not None else None, self.view.units, self.viewer, shown)
        prev = self.preview()
        self._draw_mission_zones(surface)   # a scenario's zones, under everything else
        self._draw_zones(surface, shown)
        badge = None
        if decision is not None:
            badge = board_overlays.targets(surface, self.board, self.option(self.armed), self.options(),
                                           self.view.units, shown, self.planned_tile, decision, prev,
                                           self.actor_tile())
        units = [(u, self._display_tile(u)) for u in self.view.units.values() if u.id in shown]
        units = [(self._anim_unit(u), pos) for u, pos in units]
        self.board.draw_units(surface, units, actor=self.view.actor if not self.battle.over else None,
                              selected=self.selected, pulse=0.0, hp_override=self.anim.hp)   # still: frames only on change
        self._draw_mission_marks(surface, units)
        self._draw_shot(surface)
        board_overlays.floats(surface, self.board, self.anim.floats)
        if badge is not None:
            self.rects["badge"] = board_overlays.hit_badge(
                surface, badge, [self.board.camera.tile_centre(pos) for _, pos in units])
        origin = self.actor_tile()   # a declared move starts where the earlier ones leave the unit
        if prev is not None and prev[0] == "move" and origin is not None and prev[3] is not None:
            board_overlays.path(surface, self.board, origin, prev[2], prev[3], self.threats(prev[2]),
                                self.view.units)
        self._draw_ranges(surface, prev)
        board_overlays.cursor(surface, self.board, self.cursor)
        surface.set_clip(None)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rects["view"].inflate(2, 2), 1)
        self._draw_mission_hud(surface, rects["view"])
        # HUD
        self._draw_top(surface, rects["top"], shown)
        self._draw_strength(surface, rects["strength"])
        self.log.draw(surface, rects["log"], viewer=self.viewer)
        self._draw_zone_legend(surface, rects["log"])
        if "minimap" in rects:   # (a part with its own state: game/ui/minimap.py)
            self.minimap.draw(surface, rects["minimap"], self.board,
                              [(u.tile, u.team) for u in self.view.units.values() if u.id in shown and u.active],
                              self.visible_grid() is not None)
        else:
            self.minimap.hide()
        # the card follows the pointer over a unit, else shows the selected one
        under = []
        if self.hover_tile is not None:
            under = sorted((u.id for u in self.view.at(self.hover_tile) if u.id in shown), key=self.mine_last)
        unit = self.card.pick(self.selected, under)
        self.card.draw(surface, rects["card"], rects["view"], unit,
                       self.card.source(self.view, self.anim, unit), shown, self.view.actor)
        if "decl" in rects:  # above the card, however tall the card has grown
            box = rects["decl"]
            self._draw_decl_panel(surface, pygame.Rect(box.x, box.y, box.w, max(60, self.card.rect.y - 8 - box.y)),
                                  shown)
        else:
            self.decl_panel.hide()   # (its title is no longer there to click)
        self._draw_preview(surface, rects["preview"], prev)
        if decision is not None and decision.kind == REACTION:
            self._draw_reaction(surface, rects["bar"], decision)
        elif decision is not None:
            self._draw_bar(surface, rects)
        else:
            self.bar.draw_waiting(surface, rects["bar"], self._waiting_words())
        if self.move_legend and decision is not None and decision.kind != REACTION and not self.armed:
            self.bar.draw_legend(surface, rects["bar"], rects["card"], self.move_legend)
        if self.can_undo:
            self.bar.draw_undo(surface, rects["bar"], self.rects["params"].y, self.app.mouse)
        if self.message_timer > 0 and self.message:
            img = theme.text(self.message, 15, theme.TEXT)
            r = img.get_rect(midtop=(surface.get_width() // 2 - 100, 50)).inflate(20, 10)
            theme.panel(surface, r, alpha=False, edge=theme.ACCENT)
            surface.blit(img, img.get_rect(center=r.center))
        if self.tutorial is not None:   # the lesson over the board's top-right corner, a fixed place
            self.rects["tutorial"] = self.tutorial.draw(surface, rects["view"], over=self.battle.over)
        if self.battle.over and not self.anim.busy:
            battle_cards.end_banner(surface, self.battle.winner, self.humans)
        if self.overlay == "pause":
            self.pause.draw(surface)
        elif self.overlay == "rules":
            self._draw_rules_card(surface)
        if self.question is not None:
            self.question.draw(surface)

    def _draw_rules_card(self, surface) -> None:
        self.rects["rules_card"] = battle_cards.rules_card(surface, self.battle.ruleset.id,
                                                           getattr(self.battle.ruleset, "name", ""))

    def _draw_ranges(self, surface, prev) -> None:
        """The selected attack's reach: the weapon's first range band (dashed, accent)
        and its maximum (thin), squares around where the unit acts from."""
        d = self.decision
        if d is None or d.kind == REACTION:
            return
        opt = self.option(self.armed)
        attacking = (opt is not None and opt.offensive) or (prev is not None and prev[0] in ("odds", "unreachable"))
        if not attacking:
            return
        ranges = rules_view.weapon_ranges(self.battle, d.actor)
        here = self.actor_tile()
        if not ranges or here is None:
            return
        self.rects["range_labels"] = board_overlays.ranges(surface, self.board, self.battle.map, here, ranges,
                                                           self.rects.get("view"))

    def _anim_unit(self, u: UnitView) -> UnitView:
        alive = self.anim.alive.get(u.id)
        posture = self.anim.posture.get(u.id)
        if (alive is None or alive == u.active) and (posture is None or posture == u.posture):
            return u
        from dataclasses import replace
        return replace(u, active=u.active if alive is None else alive,
                       posture=u.posture if posture is None else posture)

    def decl_rows(self, shown) -> list[tuple[int, str, tuple, bool]]:
        """The declarations column's rows: only what the side at the keyboard may see."""
        return decl_board.rows(self.decl, self.view.units, self.visible_declarations(shown), self.viewer, shown)

    def _draw_decl_panel(self, surface, rect, shown) -> None:
        """The declarations column (a part with its own state: game/ui/decl_panel.py),
        above the unit card, with the rows the side at the keyboard may read."""
        dv = self.decl
        title = f"Declarations · turn {dv.round}" if dv.round is not None else "Declarations"
        self.decl_panel.draw(surface, rect, title, self.decl_rows(shown))
        self.rects["decl"] = self.decl_panel.rect

    def _draw_shot(self, surface) -> None:
        """The shot playing now, as the side at the keyboard sees it (board_overlays.shot)."""
        board_overlays.shot(surface, self.board, self.anim.shot, self.view.units, self.shown_units(),
                            self._display_tile)

    def _draw_top(self, surface, rect, shown) -> None:
        """The top bar (a part with its own state: game/ui/top_bar.py), told what the
        side deciding is doing."""
        status = ""
        p = self.battle.pending
        if self.battle.over:
            status = "Battle over"
        elif p is not None and self.sides.get(p.side) != "human":
            status = f"Side {p.side} (AI) " + ("thinking…" if self.ai.thinking
                                                else "declaring" if p.kind == DECLARE else "acting")
            if self.skip:
                status += " · skipping"
            elif self.humans:
                status += " · Space: skip"
        elif p is not None:
            status = f"Side {p.side} to " + ("declare" if p.kind == DECLARE else "act")
        view, colour = self.view, theme.TEXT
        done = set(self.decl.declared_units()) if self.decl is not None else None
        if self.anim.resolving and self._played_from is not None:
            # a turn playing out: its round and order, and the part playing now
            view, done, colour = self._played_from, None, theme.ACCENT
            status = self.anim.caption or f"Round {view.round} plays out"
        acted = self.top.acted_this_round(self.battle.log) if view is self.view and done is None else None
        self.top.draw(surface, rect, view, shown, status, done=done, colour=colour, acted=acted,
                      speed=self.speed, mouse=self.app.mouse)

    def _draw_preview(self, surface, rect, prev) -> None:
        """The odds panel (a part: game/ui/odds_panel.py), told what `prev` previews in
        the battle's words."""
        units = self.view.units
        if prev is None and self.decision is None:
            self.odds.draw_waiting(surface, rect)
        elif prev is None:
            self.odds.draw_hint(surface, rect, self.battle.ruleset.id, self.decision.kind, self._pin_state())
        elif prev[0] == "context":
            self.odds.draw_context(surface, rect, prev[1].context, units)
        elif prev[0] == "unreachable":
            _, foe, why = prev
            self.odds.draw_unreachable(surface, rect, units[foe].name if foe in units else "That unit", why)
        elif prev[0] == "move":
            _, opt, tile, mp = prev
            shown = self.shown_units()
            unknown = self.viewer is not None and any(
                u.active and u.team != self.viewer and u.id not in shown for u in units.values())
            here = self.actor_tile()
            self.odds.draw_move(surface, rect, f"{opt.label} to {tile}", mp.cost, self._cover_name(tile),
                                self.threats(tile), lambda u: units[u].name if u in units else str(u), unknown,
                                self.zone_labels(here, [t for t in mp.path if t != here] or [tile]))
        else:
            _, opt, target, o, params = prev
            foe = units.get(target) if isinstance(target, int) else None
            risks = self.controls.risks(opt, target, params, o)
            warning = headline(risks) if risks else ""
            if warning:
                warning += (" · press again to attack" if self.friendly.pending == self.controls.risk_key(opt, target, params)
                            else " · asks before attacking")
            way = ()
            if isinstance(target, tuple) and not opt.offensive:
                # a move the ruleset previews as a plain choice (actionblock's Sidestep and
                # Charge): the danger zones at its end, at the panel's foot
                from game.world.sight import crossed_tiles   # (tcod: not before a battle's first frame)
                start = self.actor_tile()
                way = self.zone_labels(start, (crossed_tiles(start, target) if start is not None else [])
                                       + [tuple(target)])
            self.odds.draw_odds(surface, rect, f"{opt.label} → {foe.name if foe else target}", o,
                                foe.hp if foe else None, params, opt.description, warning, way)

    def _draw_bar(self, surface, rects) -> None:
        """The action bar and the parameter row (parts: game/ui/action_bar.py,
        game/ui/param_row.py), the prompt, and the tooltips of what the pointer is on."""
        bar = rects["bar"]
        self.bar.draw(surface, bar, list(self.options()), self.armed, self.app.mouse, self.hotkeys.of)
        popt = self.controls.param_option()
        if popt is not None and popt.params:
            target = self.focus_target()
            allowed = popt.params_for(target)
            chosen = rules_view.fill_params(popt, target, self.params)
            chosen.update({k: v for k, v in self.params.items() if k in allowed and v in allowed[k]})
            self.param_row.draw(surface, rects["params"], popt, allowed, chosen, self.app.mouse)
        shown = self.param_row.buttons
        self.bar.draw_prompt(surface, bar, prompt_text(self.decision.prompt, self.option(self.armed)),
                             rects["params"].y if shown else bar.y, self.can_undo)
        if popt is not None:
            target = self.focus_target()
            self.param_row.draw_refusal(surface, self.app.mouse, lambda name, value: why_refused(
                self.battle, self.decision, popt, target, name, value, self.view.units))
        self.bar.draw_tooltip(surface, self.app.mouse, self.hotkeys.of)

    def _draw_reaction(self, surface, bar, decision) -> None:
        """A person may react: the reaction panel (a part: game/ui/reaction_panel.py) over
        the bar's place, and the parameter row above it for the answer it focuses."""
        popt = self.controls.param_option()
        rect = self.reaction.draw(surface, bar, self.battle, decision, self.reaction_options(),
                                  self.view.units.get(decision.actor), self.params, self.hotkeys.of,
                                  popt, self.app.mouse)
        top = rect.y
        if popt is not None:
            target = popt.targets[0] if popt.targets else None
            prow = pygame.Rect(rect.x, rect.y - 40, rect.w, 34)
            self.param_row.draw(surface, prow, popt, popt.params_for(target),
                                rules_view.fill_params(popt, target, self.params), self.app.mouse, title=popt.label)
            top = prow.y
        self.reaction.draw_tooltip(surface, self.app.mouse, top)

    def _waiting_words(self) -> str:
        """The bar's words while nobody at the keyboard decides."""
        p = self.battle.pending
        if self.anim.resolving:
            return (f"{self.anim.caption} — " if self.anim.caption else "") + "any key or click shows the end"
        if self.battle.over:
            return "The battle is over — Space for the results"
        if p is not None:
            who = self.view.units.get(p.actor)
            return f"{who.name if who and who.id in self.shown_units() else 'An unseen unit'} is deciding…"
        return ""

    @property
    def rects(self) -> dict:
        """Where each thing was drawn in the last frame, by name: the layout's regions
        (`battle_layout`), what the board and panels noted, and each part's own
        rectangle and buttons (the parts hold them; this reads them under their old
        names, for input and tests)."""
        out = self._drawn
        for name, rect in (("card", self.card.rect), ("params", self.param_row.rect),
                           ("preview", self.odds.rect)):
            if rect is not None:
                out[name] = rect
        for name, rect in (("prompt", self.bar.prompt), ("legend", self.bar.legend),
                           ("tooltip", self.bar.tooltip), ("reaction", self.reaction.rect)):
            if rect is None:
                out.pop(name, None)
            else:
                out[name] = rect
        out["undo"] = self.bar.undo
        if self.pause.buttons:
            out["pause_items"] = self.pause.buttons
        else:
            out.pop("pause_items", None)
        out["bar_buttons"] = self.bar.buttons
        out["param_buttons"] = self.param_row.buttons
        out["reaction_buttons"] = self.reaction.buttons
        return out

    def _cover_name(self, tile) -> str:
        """The destination's cover in words, the tile's own and each side's (cover_icons)."""
        if not self.battle.map.in_bounds(*tile):
            return "none"
        return cover_icons.describe(self.battle.map, tile)
