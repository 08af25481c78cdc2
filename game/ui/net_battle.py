"""A network battle in the window: one seat played by a person, from its side's view.

The screen knows only what the server sends the seat (game/net/sideview.py): the units
its side knows of, the side's own log lines, and its own pending decision with each
option's targets and odds. It never holds a Battle. A person chooses by clicking an
option (or pressing its number), then a target on the board or in the list (or its
letter); an option without targets is chosen at once. Parameters the option offers
can be cycled before the target is picked (the server's default otherwise).

When another seat is away past the server's limit, the screen asks: wait, save and
adjourn, or let the server's AI play it. When the connection ends, it says why and
offers to join again with the same code; when the battle ends, its result.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import net_draw
from game.ui.net_draw import AWAY_WORDS, TARGET_KEYS
from game.ui.screen import Screen

POLL_SECONDS = 0.05   # how often the window looks for the server's messages
NOTICE_SECONDS = 8.0  # how long a notice (a seat away, back, a refusal) stays in the top bar
SEAT_WORDS = {"waited": "waits for side {side}", "ai": "Side {side} is played by the server's AI until its player returns",
              "back": "Side {side}'s player is back", "adjourned": "The battle is adjourned: join again later with the same code"}


class NetBattleScreen(Screen):
    title = "Network battle"

    def __init__(self, app, where: str, code: str, back: Screen | None = None, host: Any = None,
                 seat: Any = None, codes: list[tuple[str, str]] | None = None) -> None:
        super().__init__(app)
        from game.net.remote import RemoteSeat
        self.where, self.code, self.back = where, code, back
        self.host = host                  # an EmbeddedServer this window runs, stopped on leaving
        self.codes = codes or []          # (whose, code) of the other seats, while the host waits for them
        self.seat = seat or RemoteSeat(where, code)
        self.joined: dict | None = None
        self.board = None
        self.units: list[dict] = []
        self.lines: list[str] = []
        self.view: dict | None = None     # the last view
        self.armed: dict | None = None    # the option picked, waiting for its target
        self.params: dict[str, Any] = {}
        self.sent = False                 # a choice is on its way: wait for the next view
        self.away: dict | None = None     # an offer to answer
        self.over: dict | None = None
        self.adjourned = False            # the server keeps the battle for later
        self.closed: str | None = None    # why the connection ended ("" : it ended well)
        self.notice = "Joining…"
        self.about = ""                   # the battle joined: the top bar's standing words
        self.notice_left = 0.0
        self.hit: list[tuple[pygame.Rect, Any]] = []
        self.briefing_open = False        # the mission's briefing, shown before the first choice
        self.briefed = False              # ... once: closed, it stays closed
        self.tracker_rect: pygame.Rect | None = None
        self.scroll = 0

    # --- messages ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for message in self.seat.poll():
            self._take(message)
            self.app.dirty = True
        if self.notice_left > 0:
            self.notice_left -= dt
            if self.notice_left <= 0 and self.about:
                self.notice = self.about
                self.app.dirty = True

    def say(self, words: str) -> None:
        self.notice, self.notice_left = words, NOTICE_SECONDS

    def wake_in(self) -> float | None:
        return None if self.closed is not None else POLL_SECONDS

    def _take(self, m: dict) -> None:
        kind = m["type"]
        if kind == "joined":
            from game.ui.net_board import NetBoard, load_local_map
            self.joined = m
            self.board = NetBoard(load_local_map(str(m.get("map", ""))), (int(m["width"]), int(m["height"])))
            who = "a spectator" if m.get("spectator") else f"side {m['side']}"
            self.about = f"Battle {m['battle']} · {who} · {m['ruleset']}" + (" · fog" if m.get("fog") else "")
            self.notice = self.about
        elif kind == "view":
            self.view, self.units = m, list(m.get("units") or [])
            self.lines.extend(m.get("lines") or [])
            self.scroll = 0
            self.sent, self.armed, self.params = False, None, {}
            if m.get("mission") is not None and not self.briefed:
                self.briefing_open, self.briefed = True, True
        elif kind == "away":
            self.away = m
        elif kind == "seat":
            self.say(SEAT_WORDS.get(m.get("state"), str(m.get("state"))).format(side=m.get("side")))
            if m.get("state") in ("ai", "waited", "back"):
                self.away = None
            self.adjourned = self.adjourned or m.get("state") == "adjourned"
        elif kind == "over":
            self.over = m
            if str(m.get("result", "")) not in self.lines[-1:]:  # the log's own last line, as a rule
                self.lines.append(str(m.get("result", "")))
        elif kind == "error":
            self.say(f"Refused: {m.get('problem')}")
            self.sent = False
        elif kind == "closed":
            self.closed = str(m.get("problem") or "")

    @property
    def mission(self) -> dict | None:
        """The scenario as the last view says it (docs/network.md), None in a plain battle."""
        return self.view.get("mission") if self.view is not None else None

    def close_briefing(self) -> None:
        self.briefing_open = False

    # --- choosing ----------------------------------------------------------------------------
    @property
    def decision(self) -> dict | None:
        if self.view is None or self.sent or self.over is not None or self.briefing_open:
            return None
        return self.view.get("decision")

    def pick_option(self, index: int) -> None:
        decision = self.decision
        if decision is None or not 0 <= index < len(decision["options"]):
            return
        option = decision["options"][index]
        self.params = {}
        if "targets" not in option:
            self._send(option, None)
        else:
            self.armed = option

    def pick_target(self, target: Any) -> None:
        if self.armed is not None and target in self.armed["targets"]:
            self._send(self.armed, target)

    def cycle_param(self, name: str) -> None:
        values = (self.armed or {}).get("params", {}).get(name) or []
        if values:
            now = self.params.get(name, values[0])
            self.params[name] = values[(values.index(now) + 1) % len(values)] if now in values else values[0]

    def _send(self, option: dict, target: Any) -> None:
        decision = self.decision
        self.seat.choose(self.view["turn"], {"option": option["key"], "target": target, "params": dict(self.params)},
                         decision["index"])
        self.sent, self.armed = True, None

    def answer_away(self, answer: str) -> None:
        if self.away is not None:
            self.seat.settle(int(self.away["side"]), answer)
            self.away = None

    def rejoin(self) -> None:
        self.next = self.app.screens.net_battle(self.where, self.code, back=self.back, host=self.host,
                                                codes=self.codes)
        self.host = None  # the new screen stops it

    def to_menu(self) -> None:
        if self.back is not None and self.closed and self.joined is None:
            self.back.message = self.closed  # a join that failed: back to its fields, saying why
            self.next = self.back
            return
        self.next = self.app.screens.menu()

    def leave(self) -> None:
        self.seat.close()
        if self.host is not None:  # the embedded server goes with the window's battle (rejoin hands it on)
            self.host.stop()

    # --- input ----------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self.briefing_open and self.away is None:  # the briefing first: nothing else is chosen under it
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                              pygame.K_ESCAPE, pygame.K_SPACE):
                self.close_briefing()
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                for rect, action in self.hit:
                    if rect.collidepoint(event.pos) and action == self.close_briefing:
                        action()
            return
        if event.type == pygame.KEYDOWN:
            ch = getattr(event, "unicode", "") or ""
            if event.key == pygame.K_ESCAPE:
                if self.armed is not None:
                    self.armed = None
                elif self.over is not None or self.closed is not None:
                    self.to_menu()
            elif self.away is not None and ch in ("1", "2", "3"):
                self.answer_away(list(AWAY_WORDS)[int(ch) - 1])
            elif ch.isdigit() and ch != "0":
                self.pick_option(int(ch) - 1)
            elif self.armed is not None and ch and ch.lower() in TARGET_KEYS:
                targets = self.armed["targets"]
                i = TARGET_KEYS.index(ch.lower())
                if i < len(targets) and self.armed["target_kind"] == "unit":
                    self.pick_target(targets[i])
            elif event.key == pygame.K_PAGEUP:
                self.scroll += 5
            elif event.key == pygame.K_PAGEDOWN:
                self.scroll = max(0, self.scroll - 5)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and (self.over or self.closed is not None):
                self.to_menu()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action in reversed(self.hit):  # the last drawn (a dialog) first
                if rect.collidepoint(event.pos):
                    action()
                    return
            if self.armed is not None and self.board is not None and self.board.rect.collidepoint(event.pos):
                self._click_board(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll + event.y)

    def _click_board(self, pos) -> None:
        option = self.armed
        if option["target_kind"] == "unit":
            where = {u["id"]: tuple(u["tile"]) for u in self.units}
            tiles = [where[t] for t in option["targets"] if t in where]
            tile = self.board.nearest(pos, tiles)
            if tile is not None:
                self.pick_target(next(t for t in option["targets"] if where.get(t) == tile))
        else:
            tile = self.board.nearest(pos, [tuple(t) for t in option["targets"]])
            if tile is not None:
                self.pick_target(list(tile))

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        net_draw.draw_screen(self, surface)

    def help_lines(self):
        return [("1-9", "pick an option"), ("a-z", "pick a unit target of the picked option"),
                ("click", "an option, a target on the board or in the list"), ("Esc", "put the option down; "
                "after the end, back to the menu"), ("PgUp / PgDn, wheel", "scroll the log")]
