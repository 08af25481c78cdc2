"""Host a network battle (menu entry): a server in this window, a battle on it, the codes.

The person picks the map, the ruleset, fog, who plays side 2 (a person on another
machine, or the server's AI at a level), how many spectator seats, and where to listen (127.0.0.1: this machine
only; 0.0.0.0 or this machine's address: the network). "Host" starts `serve` in a
thread (game/net/remote.py's EmbeddedServer, keeping unfinished battles in the user
data folder as `serve` does), opens the battle on it, and shows the address and each
seat's code to pass on; "Play side 1" joins side 1 from this window. The server stops
when this window's network battle ends (leaving it).

Up/Down choose a row, Left/Right change it, typing edits the address rows, Enter
presses the button in focus (on a row: Host), Esc goes back.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pygame

from game.ui import theme
from game.ui.net_join import TextField
from game.ui.screen import Screen

LISTEN = "127.0.0.1"
PORT = "7710"


class HostScreen(Screen):
    title = "Host a network battle"

    def __init__(self, app, back: Screen | None = None) -> None:
        super().__init__(app)
        from game.rulesets import REGISTRY
        from game.world.catalog import menu_maps
        self.back = back
        self.s = app.settings
        self.maps = menu_maps()
        self.map_index = next((i for i, p in enumerate(self.maps) if p.stem == self.s.map), 0)
        self.rulesets = list(REGISTRY)
        self.rs_index = self.rulesets.index(self.s.ruleset) if self.s.ruleset in self.rulesets else 0
        self.fog = True
        self.seat2 = "person"
        self.spectators = 0
        self.watch_codes: list[str] = []
        self.listen = TextField("Listen on", LISTEN)
        self.port = TextField("Port", PORT)
        self.focus = 0
        self.message = ""
        self.server: Any = None
        self.where = ""
        self.codes: list[tuple[int, str]] = []
        self.hit: list[tuple[pygame.Rect, Any]] = []

    # --- rows --------------------------------------------------------------------------------
    def rows(self) -> list[str]:
        return ["map", "ruleset", "fog", "seat2", "spectators", "listen", "port"]

    def seat2_choices(self) -> list[str]:
        from game.ai.levels import ai_levels
        return ["person"] + [f"ai:{lv}" for lv in ai_levels(self.rulesets[self.rs_index])]

    def change(self, row: str, step: int) -> None:
        if self.server is not None:
            return  # hosted: the battle is opened
        if row == "map" and self.maps:
            self.map_index = (self.map_index + step) % len(self.maps)
        elif row == "ruleset":
            self.rs_index = (self.rs_index + step) % len(self.rulesets)
            if self.seat2 not in self.seat2_choices():
                self.seat2 = "ai:normal" if "ai:normal" in self.seat2_choices() else "person"
        elif row == "fog":
            self.fog = not self.fog
        elif row == "spectators":
            self.spectators = (self.spectators + step) % 5  # none to four
        elif row == "seat2":
            choices = self.seat2_choices()
            i = choices.index(self.seat2) if self.seat2 in choices else 0
            self.seat2 = choices[(i + step) % len(choices)]

    def row_text(self, row: str) -> tuple[str, str]:
        if row == "map":
            return "Map", self.maps[self.map_index].stem.capitalize() if self.maps else "no maps"
        if row == "ruleset":
            from game.rulesets import REGISTRY
            return "Ruleset", REGISTRY[self.rulesets[self.rs_index]].name
        if row == "fog":
            return "Fog of war", "On (the server enforces it)" if self.fog else "Off"
        if row == "seat2":
            return "Side 2", "A person (another machine)" if self.seat2 == "person" else f"The AI · {self.seat2[3:]}"
        if row == "spectators":
            return "Spectators", "None" if not self.spectators else f"{self.spectators} (each sees what both sides see)"
        return row, ""

    def buttons(self) -> list[tuple[str, Any]]:
        if self.server is None:
            return [("Host", self.host), ("Back", self.go_back)]
        return [("Play side 1", self.play), ("Back (stops the server)", self.go_back)]

    # --- actions -------------------------------------------------------------------------------
    def host(self) -> None:
        from game.errors import InputError
        from game.net import client
        from game.net.commands import state_folder
        from game.net.remote import EmbeddedServer
        from game.replay import map_ref
        port_text = self.port.text.strip()
        if not port_text.isdigit() or not 0 <= int(port_text) < 65536:
            self.message = f"port: a number from 0 to 65535, not {port_text[:20]!r}"
            return
        if not self.maps:
            self.message = "No maps found"
            return
        server = EmbeddedServer(self.listen.text.strip() or LISTEN, int(port_text), state_folder())
        try:
            address = server.wait_ready()
            request = {"map": map_ref(self.maps[self.map_index]), "ruleset": self.rulesets[self.rs_index],
                       "seats": ["person", self.seat2], "fog": self.fog, "spectators": self.spectators}
            local = f"127.0.0.1:{address.rpartition(':')[2]}" if address.startswith("0.0.0.0") else address
            opened = asyncio.run(client.open_battle(local, request, timeout=30))
        except InputError as exc:
            server.stop()
            self.message = str(exc)
            return
        self.server, self.where, self.codes = server, address, opened["seats"]
        self.watch_codes = opened["spectators"]
        self.focus = len(self.rows())
        self.message = ""

    def play(self) -> None:
        where = self.where.replace("0.0.0.0", "127.0.0.1")
        self.next = self.app.screens.net_battle(where, self.codes[0][1], back=None, host=self.server,
                                                codes=[(f"Side {side}", code) for side, code in self.codes[1:]]
                                    + [("A spectator", code) for code in self.watch_codes])
        self.server = None  # the battle screen stops it when it is left

    def go_back(self) -> None:
        self.next = self.back
        if self.next is None:
            self.next = self.app.screens.menu()

    def leave(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None

    # --- input -------------------------------------------------------------------------------
    def handle(self, event) -> None:
        rows, buttons = self.rows(), self.buttons()
        count = len(rows) + len(buttons)
        row = rows[self.focus] if self.focus < len(rows) else None
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP,) or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.focus = (self.focus - 1) % count
            elif event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % count
            elif event.key == pygame.K_ESCAPE:
                self.go_back()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                (buttons[self.focus - len(rows)][1] if row is None else buttons[0][1])()
            elif row in ("listen", "port"):
                if self.server is None:
                    (self.listen if row == "listen" else self.port).key(event)
            elif row is not None and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE):
                self.change(row, -1 if event.key == pygame.K_LEFT else 1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        self.hit = []
        surface.blit(theme.text(self.title, 32, theme.ACCENT, bold=True), (48, 24))
        surface.blit(theme.text("A server in this window holds the battle; each player joins a seat with its code.",
                                15, theme.DIM), (52, 68))
        x, y, label_w, value_w = 48, 104, 150, min(380, w - 300)
        for i, row in enumerate(self.rows()):
            focused = i == self.focus
            rect = pygame.Rect(x, y, label_w + value_w + 20, 38 if h >= 680 else 34)
            if focused:
                pygame.draw.rect(surface, (40, 46, 60), rect, border_radius=6)
                pygame.draw.rect(surface, theme.ACCENT, rect, 1, border_radius=6)
            if row in ("listen", "port"):
                field = self.listen if row == "listen" else self.port
                surface.blit(theme.text(field.label, 16, theme.TEXT if focused else theme.DIM, bold=focused),
                             (x + 12, y + 9))
                box = pygame.Rect(x + label_w, y + 4, value_w, 30)
                field.draw(surface, box, focused and self.server is None, label=False)
                self.hit.append((rect, lambda i=i: self._focus(i)))
            else:
                label, value = self.row_text(row)
                surface.blit(theme.text(label, 16, theme.TEXT if focused else theme.DIM, bold=focused), (x + 12, y + 9))
                left = pygame.Rect(x + label_w, y + 5, 28, 28)
                right = pygame.Rect(x + label_w + value_w - 28, y + 5, 28, 28)
                theme.arrow_button(surface, left, -1, hover=left.collidepoint(self.app.mouse))
                theme.arrow_button(surface, right, 1, hover=right.collidepoint(self.app.mouse))
                img = theme.text(theme.fit(value, value_w - 70, 15, bold=True), 15, theme.TEXT, bold=True)
                surface.blit(img, img.get_rect(center=(x + label_w + value_w // 2, y + 19)))
                self.hit.append((left, lambda row=row, i=i: (self._focus(i), self.change(row, -1))))
                self.hit.append((right, lambda row=row, i=i: (self._focus(i), self.change(row, 1))))
                self.hit.append((rect, lambda i=i: self._focus(i)))
            y += 42 if h >= 680 else 36  # a short window: the codes and buttons still clear the hint
        y += 8
        if self.server is not None:
            y = self._codes(surface, x, y, w)
        bx = x
        for j, (label, action) in enumerate(self.buttons()):
            rect = pygame.Rect(bx, y, 150 if j == 0 else 230, 42 if h >= 680 else 36)
            theme.button(surface, rect, label, hover=rect.collidepoint(self.app.mouse),
                         armed=len(self.rows()) + j == self.focus)
            self.hit.append((rect, action))
            bx += rect.w + 12
        for i, line in enumerate(theme.wrap(self.message, w - 96, 14)[:3]):
            surface.blit(theme.text(line, 14, theme.WARN), (48, y + 54 + 18 * i))
        hint = "Up/Down choose · Left/Right change · type the address rows · Enter host / press · Esc back"
        surface.blit(theme.text(hint, 13, theme.FAINT), (48, h - 26))

    def _codes(self, surface, x, y, w) -> int:
        """The address and the codes to pass on (each to its player, privately)."""
        note = "Pass each code privately: whoever has it plays that side. Players join with the menu's " \
               "Network battle, then Join, or `python -m game join ADDRESS --code CODE`."
        width = min(w - 96, 760)
        lines = theme.wrap(note, width - 24, 12)
        rect = pygame.Rect(x, y, width, 44 + 26 * (len(self.codes) + len(self.watch_codes)) + 16 * len(lines))
        theme.panel(surface, rect, alpha=False, edge=theme.GOOD)
        surface.blit(theme.text(f"Hosting on {self.where}", 16, theme.GOOD, bold=True), (x + 12, y + 8))
        yy = y + 34
        for side, code in self.codes:
            surface.blit(theme.text(f"Side {side}: {code}", 15, theme.team_colour(side), bold=True), (x + 12, yy))
            yy += 26
        for code in self.watch_codes:
            surface.blit(theme.text(f"Spectator: {code}", 15, theme.DIM, bold=True), (x + 12, yy))
            yy += 26
        for line in lines:
            surface.blit(theme.text(line, 12, theme.DIM), (x + 12, yy))
            yy += 16
        return rect.bottom + 12

    def _focus(self, i: int) -> None:
        self.focus = i
