"""The battle screen's frame: what is drawn, in what order, from the screen it is
handed (`draw(screen, surface)`): the board in its viewport (terrain, declarations, a
scenario's zones, danger zones, targets, units, the shot, floating numbers, a move's
path, range boxes, the cursor), then the HUD's parts in the rectangles `battle_layout`
hands out (each part draws itself: the frame tells it what to show), then what lies
over everything (a message, the lesson, the end banner, the pause menu, the rules
page, a question).

Drawing only reads: the screen's snapshot of the board, its previews, the animator;
what it notes is where things were drawn (`rects`) for the input and the tests. The
parts that keep something between frames are the screen's (the zones' layer:
`screen.danger_zones`, a scenario's: `screen.mission_marks`).
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.engine.decisions import DECLARE, REACTION
from game.ui import (battle_cards, battle_layout, board_overlays, cover_icons, decl_board, mission_draw, rules_view,
                     strength_bar, theme, zone_draw)
from game.ui.action_bar import prompt_text
from game.ui.friendly_fire import headline
from game.ui.mission_words import last_round
from game.ui.param_row import why_refused
from game.ui.snapshot import UnitView


def layout(s, size) -> dict[str, pygame.Rect]:
    """Where everything goes: the regions `battle_layout` hands out for the window's
    size and this moment (the board's rectangle is the window's alone), and the
    camera told the part of the board it may bring things to."""
    reacting = s.decision is not None and s.decision.kind == REACTION
    cam = s.board.camera
    moment = battle_layout.Moment(
        actions=len(s.decision.options) if s.decision is not None and not reacting else 1,
        minimap_aspect=cam.world_h / max(1, cam.world_w) if _map_larger_than_view(s) else None,
        declaring=s.decl is not None and s.handover is None and not s.anim.resolving,
        decl_folded=s.decl_panel.folded)
    out = battle_layout.regions(size, moment)
    # the camera reads the free area only when it moves, so the declarations column
    # opening moves nothing on the board
    free = out.free
    if mission_draw.mission(s.battle) is not None:
        # a scenario's tracker covers the board's top strip: the camera brings units
        # below it (a unit on the map's top row stood hidden under the tracker)
        cut = mission_draw.tracker_clear()
        free = pygame.Rect(free.x, free.y + cut, free.w, free.h - cut)
    cam.safe = (free.x, free.y, free.w, free.h)
    if cam.auto_fit and s.fitted_for not in (None, out.view.size):
        # the window changed size: a fitted map fits again (the demo at 1920x1080
        # showed The Pit in a quarter of the window); the player's own zoom stays
        cam.fit()
    s.fitted_for = out.view.size
    return out.as_dict()


def _map_larger_than_view(s) -> bool:
    cam = s.board.camera
    sx, sy, sw, sh = cam._safe()
    return cam.world_w * cam.zoom > sw or cam.world_h * cam.zoom > sh


def _strength(s, surface, rect) -> None:
    """Who is winning, as the board shows it now (units as drawn, wounds as the
    playout has reached them); under fog an enemy side reads "?"."""
    every = [_anim_unit(s, u) for u in s.view.units.values()]
    hidden = set()
    if s.viewer is not None and s.fog:
        hidden = {u.team for u in every if u.team != s.viewer}
    s.rects["strength_parts"] = strength_bar.draw(
        surface, rect, strength_bar.side_strength(every, s.anim.hp), hidden)


def draw(s, surface: pygame.Surface) -> None:
    """One frame of the battle screen `s` (every function here is handed the screen
    and only reads it, noting where things were drawn): the board in its viewport,
    then the HUD's parts, then what lies over everything."""
    rects = layout(s, surface.get_size())
    s.noted = dict(rects)
    for part in (s.card, s.bar, s.param_row, s.reaction, s.odds, s.pause):
        part.hide()   # what is clickable is what this frame draws
    if s.handover is not None and not s.anim.busy:
        # (what was playing, a turn resolving, is shown to the side that set it off first)
        p = s.battle.pending
        who = s.view.units.get(p.actor) if p is not None else None
        slot = f" action {s.decl.slot}" if s.decl is not None else ""
        battle_cards.handover(surface, s.handover, p.kind if p is not None else None,
                              f"{slot} for {who.name if who else 'your unit'}")
        if s.overlay == "rules":   # a first battle's card: over the hand-over, hides nothing
            _rules_card(s, surface)
        return
    s.visible_grid()
    surface.fill(theme.BG)
    surface.set_clip(rects["view"])   # the board stays in its viewport, under no panel
    s.board.draw_terrain(surface)
    shown = s.shown_units()
    decision = s.decision
    # declarations made so far, path preview and targets under the units
    if s.decl is not None and not s.anim.resolving and s.handover is None:
        d = s.decision
        decl_board.draw_on_board(surface, s.board, s.decl, s.visible_declarations(shown),
                                 d.actor if d is not None else None, s.view.units, s.viewer, shown)
    prev = s.preview()
    s.mission_marks.draw_zones(surface, s)   # a scenario's zones, under everything else
    s.danger_zones.draw(surface, s.board.camera, drawn_zones(s, shown))
    badge = None
    if decision is not None:
        badge = board_overlays.targets(surface, s.board, s.option(s.armed), s.options(),
                                       s.view.units, shown, s.planned_tile, decision, prev,
                                       s.actor_tile())
    units = [(u, s.display_tile(u)) for u in s.view.units.values() if u.id in shown]
    units = [(_anim_unit(s, u), pos) for u, pos in units]
    s.board.draw_units(surface, units, actor=s.view.actor if not s.battle.over else None,
                          selected=s.selected, pulse=0.0, hp_override=s.anim.hp)   # still: frames only on change
    s.mission_marks.draw_marks(surface, s, units)
    _shot(s, surface)
    board_overlays.floats(surface, s.board, s.anim.floats)
    if badge is not None:
        s.rects["badge"] = board_overlays.hit_badge(
            surface, badge, [s.board.camera.tile_centre(pos) for _, pos in units])
    origin = s.actor_tile()   # a declared move starts where the earlier ones leave the unit
    if prev is not None and prev[0] == "move" and origin is not None and prev[3] is not None:
        board_overlays.path(surface, s.board, origin, prev[2], prev[3], s.threats(prev[2]),
                            s.view.units)
    _ranges(s, surface, prev)
    board_overlays.cursor(surface, s.board, s.cursor)
    surface.set_clip(None)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rects["view"].inflate(2, 2), 1)
    mission_draw.draw_hud(surface, s, rects["view"])
    # HUD
    _top(s, surface, rects["top"], shown)
    _strength(s, surface, rects["strength"])
    s.log.draw(surface, rects["log"], viewer=s.viewer)
    legend = s.danger_zones.draw_legend(surface, rects["log"], bool(s.log.scroll))
    if legend is not None:
        s.rects["zone_legend"] = legend
    if "minimap" in rects:   # (a part with its own state: game/ui/minimap.py)
        s.minimap.draw(surface, rects["minimap"], s.board,
                          [(u.tile, u.team) for u in s.view.units.values() if u.id in shown and u.active],
                          s.visible_grid() is not None)
    else:
        s.minimap.hide()
    # the card follows the pointer over a unit, else shows the selected one
    under = []
    if s.hover_tile is not None:
        under = sorted((u.id for u in s.view.at(s.hover_tile) if u.id in shown), key=s.mine_last)
    unit = s.card.pick(s.selected, under)
    s.card.draw(surface, rects["card"], rects["view"], unit,
                   s.card.source(s.view, s.anim, unit), shown, s.view.actor)
    if "decl" in rects:  # above the card, however tall the card has grown
        box = rects["decl"]
        _decl_panel(s, surface, pygame.Rect(box.x, box.y, box.w, max(60, s.card.rect.y - 8 - box.y)),
                              shown)
    else:
        s.decl_panel.hide()   # (its title is no longer there to click)
    _preview(s, surface, rects["preview"], prev)
    if decision is not None and decision.kind == REACTION:
        _reaction(s, surface, rects["bar"], decision)
    elif decision is not None:
        _bar(s, surface, rects)
    else:
        s.bar.draw_waiting(surface, rects["bar"], _waiting_words(s))
    if s.move_legend and decision is not None and decision.kind != REACTION and not s.armed:
        s.bar.draw_legend(surface, rects["bar"], rects["card"], s.move_legend)
    if s.can_undo:
        s.bar.draw_undo(surface, rects["bar"], s.rects["params"].y, s.app.mouse)
    if s.message_timer > 0 and s.message:
        img = theme.text(s.message, 15, theme.TEXT)
        # under a scenario's tracker, not over it (the points went unread while a
        # message showed)
        tracker = s.rects.get("mission_tracker")
        top = 50 if tracker is None else max(50, tracker.bottom + 8)
        r = img.get_rect(midtop=(surface.get_width() // 2 - 100, top)).inflate(20, 10)
        s.rects["message"] = r
        theme.panel(surface, r, alpha=False, edge=theme.ACCENT)
        surface.blit(img, img.get_rect(center=r.center))
    if s.tutorial is not None:   # the lesson over the board's top-right corner, a fixed place
        s.rects["tutorial"] = s.tutorial.draw(surface, rects["view"], over=s.battle.over)
    if s.battle.over and not s.anim.busy:
        battle_cards.end_banner(surface, s.battle.winner, s.humans)
    if s.overlay == "pause":
        s.pause.draw(surface)
    elif s.overlay == "rules":
        _rules_card(s, surface)
    if s.question is not None:
        s.question.draw(surface)


def _rules_card(s, surface) -> None:
    s.rects["rules_card"] = battle_cards.rules_card(surface, s.battle.ruleset.id,
                                                       getattr(s.battle.ruleset, "name", ""))


def _ranges(s, surface, prev) -> None:
    """The selected attack's reach: the weapon's first range band (dashed, accent)
    and its maximum (thin), squares around where the unit acts from."""
    d = s.decision
    if d is None or d.kind == REACTION:
        return
    opt = s.option(s.armed)
    attacking = (opt is not None and opt.offensive) or (prev is not None and prev[0] in ("odds", "unreachable"))
    if not attacking:
        return
    ranges = rules_view.weapon_ranges(s.battle, d.actor)
    here = s.actor_tile()
    if not ranges or here is None:
        return
    s.rects["range_labels"] = board_overlays.ranges(surface, s.board, s.battle.map, here, ranges,
                                                       s.rects.get("view"))


def _anim_unit(s, u: UnitView) -> UnitView:
    alive = s.anim.alive.get(u.id)
    posture = s.anim.posture.get(u.id)
    if (alive is None or alive == u.active) and (posture is None or posture == u.posture):
        return u
    return replace(u, active=u.active if alive is None else alive,
                   posture=u.posture if posture is None else posture)


def decl_rows(s, shown) -> list[tuple[int, str, tuple, bool]]:
    """The declarations column's rows: only what the side at the keyboard may see."""
    return decl_board.rows(s.decl, s.view.units, s.visible_declarations(shown), s.viewer, shown)


def _decl_panel(s, surface, rect, shown) -> None:
    """The declarations column (a part with its own state: game/ui/decl_panel.py),
    above the unit card, with the rows the side at the keyboard may read."""
    dv = s.decl
    title = f"Declarations · turn {dv.round}" if dv.round is not None else "Declarations"
    s.decl_panel.draw(surface, rect, title, decl_rows(s, shown))
    s.rects["decl"] = s.decl_panel.rect


def _shot(s, surface) -> None:
    """The shot playing now, as the side at the keyboard sees it (board_overlays.shot)."""
    board_overlays.shot(surface, s.board, s.anim.shot, s.view.units, s.shown_units(),
                        s.display_tile)


def _top(s, surface, rect, shown) -> None:
    """The top bar (a part with its own state: game/ui/top_bar.py), told what the
    side deciding is doing."""
    status = ""
    p = s.battle.pending
    if s.battle.over:
        status = "Battle over"
    elif p is not None and s.sides.get(p.side) != "human":
        status = f"Side {p.side} (AI) " + ("thinking…" if s.ai.thinking
                                            else "declaring" if p.kind == DECLARE else "acting")
        if s.skip:
            status += " · skipping"
        elif s.humans:
            status += " · Space: skip"
    elif p is not None:
        status = f"Side {p.side} to " + ("declare" if p.kind == DECLARE else "act")
    view, colour = s.view, theme.TEXT
    done = set(s.decl.declared_units()) if s.decl is not None else None
    if s.anim.resolving and s.played_from is not None:
        # a turn playing out: its round and order, and the part playing now
        view, done, colour = s.played_from, None, theme.ACCENT
        status = s.anim.caption or f"Round {view.round} plays out"
    acted = s.top.acted_this_round(s.battle.log) if view is s.view and done is None else None
    if s.battle.over:   # the round it ended in, as the tracker and the results say (not "Round 5" of 4)
        view = replace(view, round=last_round(s.battle.log[:view.log_length], view.round))
    s.top.draw(surface, rect, view, shown, status, done=done, colour=colour, acted=acted,
                  speed=s.speed, mouse=s.app.mouse)


def _preview(s, surface, rect, prev) -> None:
    """The odds panel (a part: game/ui/odds_panel.py), told what `prev` previews in
    the battle's words."""
    units = s.view.units
    if prev is None and s.decision is None:
        s.odds.draw_waiting(surface, rect)
    elif prev is None:
        s.odds.draw_hint(surface, rect, s.battle.ruleset.id, s.decision.kind, pin_state(s))
    elif prev[0] == "context":
        s.odds.draw_context(surface, rect, prev[1].context, units)
    elif prev[0] == "unreachable":
        _, foe, why = prev
        s.odds.draw_unreachable(surface, rect, units[foe].name if foe in units else "That unit", why)
    elif prev[0] == "move":
        _, opt, tile, mp = prev
        shown = s.shown_units()
        unknown = s.viewer is not None and any(
            u.active and u.team != s.viewer and u.id not in shown for u in units.values())
        here = s.actor_tile()
        s.odds.draw_move(surface, rect, f"{opt.label} to {tile}", mp.cost, _cover_name(s, tile),
                            s.threats(tile), lambda u: units[u].name if u in units else str(u), unknown,
                            s.danger_zones.labels(here, [t for t in mp.path if t != here] or [tile]))
    else:
        _, opt, target, o, params = prev
        foe = units.get(target) if isinstance(target, int) else None
        risks = s.controls.risks(opt, target, params, o)
        warning = headline(risks) if risks else ""
        if warning:
            warning += (" · press again to attack" if s.friendly.pending == s.controls.risk_key(opt, target, params)
                        else " · asks before attacking")
        way = ()
        if isinstance(target, tuple) and not opt.offensive:
            # a move the ruleset previews as a plain choice (actionblock's Sidestep and
            # Charge): the danger zones at its end, at the panel's foot
            from game.world.sight import crossed_tiles   # (tcod: not before a battle's first frame)
            start = s.actor_tile()
            way = s.danger_zones.labels(start, (crossed_tiles(start, target) if start is not None else [])
                                   + [tuple(target)])
        s.odds.draw_odds(surface, rect, f"{opt.label} → {foe.name if foe else target}", o,
                            foe.hp if foe else None, params, opt.description, warning, way)


def _bar(s, surface, rects) -> None:
    """The action bar and the parameter row (parts: game/ui/action_bar.py,
    game/ui/param_row.py), the prompt, and the tooltips of what the pointer is on."""
    bar = rects["bar"]
    s.bar.draw(surface, bar, list(s.options()), s.armed, s.app.mouse, s.hotkeys.of)
    popt = s.controls.param_option()
    if popt is not None and popt.params:
        target = s.focus_target()
        allowed = popt.params_for(target)
        chosen = rules_view.fill_params(popt, target, s.params)
        chosen.update({k: v for k, v in s.params.items() if k in allowed and v in allowed[k]})
        s.param_row.draw(surface, rects["params"], popt, allowed, chosen, s.app.mouse)
    shown = s.param_row.buttons
    s.bar.draw_prompt(surface, bar, prompt_text(s.decision.prompt, s.option(s.armed)),
                         rects["params"].y if shown else bar.y, s.can_undo)
    if popt is not None:
        target = s.focus_target()
        s.param_row.draw_refusal(surface, s.app.mouse, lambda name, value: why_refused(
            s.battle, s.decision, popt, target, name, value, s.view.units))
    s.bar.draw_tooltip(surface, s.app.mouse, s.hotkeys.of)


def _reaction(s, surface, bar, decision) -> None:
    """A person may react: the reaction panel (a part: game/ui/reaction_panel.py) over
    the bar's place, and the parameter row above it for the answer it focuses."""
    popt = s.controls.param_option()
    rect = s.reaction.draw(surface, bar, s.battle, decision, s.reaction_options(),
                              s.view.units.get(decision.actor), s.params, s.hotkeys.of,
                              popt, s.app.mouse)
    top = rect.y
    if popt is not None:
        target = popt.targets[0] if popt.targets else None
        prow = pygame.Rect(rect.x, rect.y - 40, rect.w, 34)
        s.param_row.draw(surface, prow, popt, popt.params_for(target),
                            rules_view.fill_params(popt, target, s.params), s.app.mouse, title=popt.label)
        top = prow.y
    s.reaction.draw_tooltip(surface, s.app.mouse, top)


def _waiting_words(s) -> str:
    """The bar's words while nobody at the keyboard decides."""
    p = s.battle.pending
    if s.anim.resolving:
        return (f"{s.anim.caption} — " if s.anim.caption else "") + "any key or click shows the end"
    if s.battle.over:
        return "The battle is over — Space for the results"
    if p is not None:
        who = s.view.units.get(p.actor)
        return f"{who.name if who and who.id in s.shown_units() else 'An unseen unit'} is deciding…"
    return ""


def rects(s) -> dict:
    """Where each thing was drawn in the last frame, by name: the layout's regions
    (`battle_layout`), what the board and panels noted, and each part's own
    rectangle and buttons (the parts hold them; this reads them under their old
    names, for input and tests)."""
    out = s.noted
    for name, rect in (("card", s.card.rect), ("params", s.param_row.rect),
                       ("preview", s.odds.rect)):
        if rect is not None:
            out[name] = rect
    for name, rect in (("prompt", s.bar.prompt), ("legend", s.bar.legend),
                       ("tooltip", s.bar.tooltip), ("reaction", s.reaction.rect)):
        if rect is None:
            out.pop(name, None)
        else:
            out[name] = rect
    out["undo"] = s.bar.undo
    if s.pause.buttons:
        out["pause_items"] = s.pause.buttons
    else:
        out.pop("pause_items", None)
    out["bar_buttons"] = s.bar.buttons
    out["param_buttons"] = s.param_row.buttons
    out["reaction_buttons"] = s.reaction.buttons
    return out


def _cover_name(s, tile) -> str:
    """The destination's cover in words, the tile's own and each side's (cover_icons)."""
    if not s.battle.map.in_bounds(*tile):
        return "none"
    return cover_icons.describe(s.battle.map, tile)


def drawn_zones(s, shown) -> list:
    """The danger zones the side at the keyboard is shown (zone_draw.visible): with
    nobody at the keyboard, the reach that threatens the side deciding now."""
    me = next((side for side in (s.viewer, s.keyboard_side, s.view.side) if side is not None), None)
    return zone_draw.visible(s.zones, shown, s.viewer, me, s.visible_grid)


def pin_state(s):
    """Who pins the deciding unit in a suppression cone, and why it has no way on
    (zone_draw.pin_state), or None."""
    return zone_draw.pin_state(s.decision, s.zones, s.view.units, s.viewer, s.shown_units)
