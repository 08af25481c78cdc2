"""Drawing the network battle screen (game/ui/net_battle.py) from its plain state: the
top line, the board, the decision with its options and odds, the side's log, and the
dialogs (a seat away, the end, a lost connection). Reads the screen; changes nothing
but the click areas it lists (`screen.hit`)."""

from __future__ import annotations

import pygame

from game.ui import net_mission, theme

PANEL_MIN = 330
AWAY_WORDS = {"wait": "Wait", "adjourn": "Save and adjourn", "ai": "Let the AI play it"}
TARGET_KEYS = "abcdefghijklmnopqrstuvwxyz"


def draw_screen(screen, surface: pygame.Surface) -> None:
    surface.fill(theme.BG)
    w, h = surface.get_size()
    screen.hit = []
    panel_w = max(PANEL_MIN, int(w * 0.32))
    _top(screen, surface, pygame.Rect(10, 8, w - 20, 34))
    area = pygame.Rect(10, 50, w - panel_w - 30, h - 60)
    mission = screen.mission
    if screen.board is not None:
        if mission is not None:  # the tracker's row above the board
            tracker_row, area = area.copy(), pygame.Rect(area.x, area.y + 34, area.w, area.h - 34)
            tracker_row.h = 30
            screen.tracker_rect = net_mission.draw_tracker(surface, tracker_row, mission, tracker_round(screen))
        screen.board.place(area)
        pygame.draw.rect(surface, (10, 12, 16), area)
        armed = screen.armed
        tiles = [tuple(t) for t in armed["targets"]] if armed and armed["target_kind"] != "unit" else None
        units = list(armed["targets"]) if armed and armed["target_kind"] == "unit" else None
        decision = screen.decision
        side = int(screen.joined.get("side") or 0)
        fog = bool(screen.joined.get("fog")) and screen.view is not None  # no shade before the first view
        screen.board.draw(surface, screen.units, side, fog, tiles, units,
                          decision["actor"] if decision else None, bool(armed and armed.get("offensive")),
                          mission)
        zone = net_mission.zone_at(screen.board, mission, screen.app.mouse)
        if zone is not None:
            from game.ui import hud
            hud.tooltip(surface, screen.app.mouse, [(net_mission.zone_hover(zone), theme.TEXT)])
    else:
        _centred(surface, area, "Connecting to " + screen.where + "…", theme.DIM)
    panel = pygame.Rect(w - panel_w - 10, 50, panel_w, h - 60)
    theme.panel(surface, panel, alpha=False)
    y = _decision(screen, surface, panel)
    _log(screen, surface, pygame.Rect(panel.x + 10, y + 6, panel.w - 20, panel.bottom - y - 16))
    if screen.away is not None:
        _away(screen, surface)
    elif screen.briefing_open:
        _briefing(screen, surface)
    elif screen.over is not None or screen.closed is not None:
        _ending(screen, surface)


def _top(screen, surface, rect) -> None:
    theme.panel(surface, rect)
    view = screen.view
    words = f"{screen.where}"
    if view is not None:
        # once over, the round the battle ended in (tracker_round), not the next one
        words += f" · round {tracker_round(screen)} · choice {view['turn'] + 1}"
    surface.blit(theme.text(words, 14, theme.ACCENT, bold=True), (rect.x + 10, rect.y + 8))
    note = theme.text(theme.fit(screen.notice, rect.w // 2, 14), 14, theme.TEXT)
    surface.blit(note, (rect.right - note.get_width() - 10, rect.y + 8))


def _centred(surface, rect, words, colour) -> None:
    img = theme.text(words, 16, colour)
    surface.blit(img, img.get_rect(center=rect.center))


def _decision(screen, surface, panel) -> int:
    """The pending decision: its prompt, options (buttons), the picked option's
    parameters and targets with their odds. Returns where the log may start."""
    x, y, width = panel.x + 10, panel.y + 10, panel.w - 20
    decision = screen.decision
    if decision is None:
        if screen.joined is not None and screen.view is None:
            lines = ["Waiting for every seat to join: the battle begins when all have."]
            lines += [f"{whose}'s code: {code}" for whose, code in screen.codes]
        elif screen.sent:
            lines = ["Waiting for the server…"]
        elif screen.view is not None and screen.over is None and screen.joined.get("spectator"):
            lines = ["Watching: you see what every side may see."]
        elif screen.view is not None and screen.over is None:
            lines = ["Waiting for the other side…"]
        else:
            lines = []
        for line in lines:
            for part in theme.wrap(line, width, 15):
                surface.blit(theme.text(part, 15, theme.DIM), (x, y))
                y += 21
        return y + 6
    for line in theme.wrap(decision["prompt"], width, 15, bold=True)[:3]:
        surface.blit(theme.text(line, 15, theme.ACCENT, bold=True), (x, y))
        y += 20
    y += 4
    for i, option in enumerate(decision["options"][:9]):
        rect = pygame.Rect(x, y, width, 28)
        label = f"{i + 1}  {option['label']}" + (f"  ({option['cost']})" if option.get("cost") else "")
        theme.button(surface, rect, theme.fit(label, width - 12, 13), hover=rect.collidepoint(screen.app.mouse),
                     armed=screen.armed is option, size=13)
        screen.hit.append((rect, lambda i=i: screen.pick_option(i)))
        y += 32
    armed = screen.armed
    if armed is None:
        return y
    for name, values in (armed.get("params") or {}).items():
        if len(values) < 2:
            continue
        value = screen.params.get(name, values[0])
        rect = pygame.Rect(x, y, width, 24)
        theme.button(surface, rect, theme.fit(f"{name}: {value}  (click to change)", width - 12, 12),
                     hover=rect.collidepoint(screen.app.mouse), size=12)
        screen.hit.append((rect, lambda name=name: screen.cycle_param(name)))
        y += 28
    if armed["target_kind"] == "unit":
        names = {u["id"]: u["name"] for u in screen.units}
        odds = armed.get("odds") or [None] * len(armed["targets"])
        for i, (target, chance) in enumerate(zip(armed["targets"][:12], odds)):
            words = f"{_key(i)}  {names.get(target, f'unit {target}')}"
            if chance is not None:
                words += (f" · hit {theme.percent(chance['hit'])} · crit {theme.percent(chance['crit'])}"
                          f" · dmg {chance['expected_damage']:.1f}")
            rect = pygame.Rect(x, y, width, 24)
            theme.button(surface, rect, theme.fit(words, width - 12, 12), hover=rect.collidepoint(screen.app.mouse),
                         size=12)
            screen.hit.append((rect, lambda t=target: screen.pick_target(t)))
            y += 27
    else:
        surface.blit(theme.text(f"Click one of {len(armed['targets'])} marked tiles · Esc: another option", 13,
                                theme.DIM), (x, y))
        y += 20
    return y


def _key(i: int) -> str:
    return TARGET_KEYS[i] if i < len(TARGET_KEYS) else " "


def _log(screen, surface, rect) -> None:
    if rect.h < 40:
        return
    spectator = bool(screen.joined and screen.joined.get("spectator"))
    surface.blit(theme.text("What a spectator may read" if spectator else "Your side's log", 13, theme.DIM, bold=True),
                 (rect.x, rect.y))
    wrapped: list[str] = []
    for line in screen.lines[-200:]:
        wrapped.extend(theme.wrap(line, rect.w, 13) or [""])
    rows = max(1, (rect.h - 22) // 17)
    end = max(rows, len(wrapped) - screen.scroll)
    for i, line in enumerate(wrapped[max(0, end - rows):end]):
        surface.blit(theme.text(line, 13, theme.TEXT), (rect.x, rect.y + 20 + 17 * i))


def _dialog(surface, title: str, lines: list[str], height: int) -> pygame.Rect:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surface.blit(shade, (0, 0))
    rect = pygame.Rect(0, 0, min(620, surface.get_width() - 40), height)
    rect.center = surface.get_rect().center
    theme.panel(surface, rect, alpha=False, edge=theme.ACCENT)
    surface.blit(theme.text(title, 18, theme.ACCENT, bold=True), (rect.x + 16, rect.y + 12))
    y = rect.y + 44
    for line in lines:
        for part in theme.wrap(line, rect.w - 32, 14):
            surface.blit(theme.text(part, 14, theme.TEXT), (rect.x + 16, y))
            y += 19
    return rect


def _buttons(screen, surface, rect, entries) -> None:
    x = rect.x + 16
    for label, action in entries:
        width = max(120, theme.text(label, 14).get_width() + 30)
        r = pygame.Rect(x, rect.bottom - 54, width, 38)
        theme.button(surface, r, label, hover=r.collidepoint(screen.app.mouse), size=14)
        screen.hit.append((r, action))
        x += width + 12


def _away(screen, surface) -> None:
    side = screen.away["side"]
    rect = _dialog(surface, f"Side {side} is away", [
        f"Side {side}'s player has been gone {screen.away.get('seconds', 0)} s and the battle waits for them.",
        "Wait for them, save the battle on the server to finish later (both codes stay valid), "
        "or let the server's AI play their side until they come back. (1, 2, 3)"], 200)
    _buttons(screen, surface, rect, [(words, lambda a=a: screen.answer_away(a)) for a, words in AWAY_WORDS.items()])


def _ending(screen, surface) -> None:
    if screen.over is not None:
        winner = screen.over.get("winner")
        side = screen.joined.get("side") if screen.joined else None
        title = "Draw" if winner is None else "You win" if winner == side else f"Side {winner} wins"
        how = net_mission.how_line(screen.over)
        lines = [str(screen.over.get("result", ""))] + ([how] if how else []) + [
            "The battle's replay was proven: every die as committed."]
        rect = _dialog(surface, title, lines, _fitted(surface, lines))
        _buttons(screen, surface, rect, [("Back to the menu", screen.to_menu)])
        return
    if screen.closed:
        rect = _dialog(surface, "The connection ended", [screen.closed], 190)
        _buttons(screen, surface, rect, [("Join again", screen.rejoin), ("Back", screen.to_menu)])
    elif screen.over is None and screen.adjourned:
        rect = _dialog(surface, "Adjourned", [screen.notice], 170)
        _buttons(screen, surface, rect, [("Back to the menu", screen.to_menu)])


def _briefing(screen, surface) -> None:
    """The mission's briefing before the first choice, until the player closes it."""
    mission = screen.mission
    lines = net_mission.briefing_lines(mission)
    rect = _dialog(surface, f"Mission: {mission['name']}", lines, _fitted(surface, lines))
    _buttons(screen, surface, rect, [("Close the briefing (Enter)", screen.close_briefing)])


def _fitted(surface, lines: list[str]) -> int:
    """A dialog's height for its lines (as `_dialog` wraps them) and a row of buttons."""
    width = min(620, surface.get_width() - 40) - 32
    rows = sum(max(1, len(theme.wrap(line, width, 14))) for line in lines)
    return min(surface.get_height() - 40, 44 + 19 * rows + 70)


def tracker_round(screen) -> int:
    """The tracker's round: the view's, or once over the round the battle ended in (the
    last view may already count the next round)."""
    if screen.over is not None and screen.over.get("rounds"):
        return int(screen.over["rounds"])
    return int(screen.view["round"])
