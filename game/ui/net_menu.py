"""Network battle (one menu entry): join a battle on a server, or host one here.

Two choices, each a button (or its key: J, H); Esc goes back to the menu.
"""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.screen import Screen, key_char


class NetworkScreen(Screen):
    title = "Network battle"

    def __init__(self, app, back: Screen | None = None) -> None:
        super().__init__(app)
        self.back = back
        self.focus = 0
        self.hit: list[tuple[pygame.Rect, object]] = []

    def choices(self):
        return [("Join a network battle", "J", "Play a seat of a battle held by a server, with the code you were given.",
                 self.join),
                ("Host a network battle", "H", "Run a server in this window, open a battle on it, pass on the codes, "
                 "and play side 1.", self.host),
                ("Back", "Esc", "", self.go_back)]

    def join(self) -> None:
        self.next = self.app.screens.net_join(back=self)

    def host(self) -> None:
        self.next = self.app.screens.net_host(back=self)

    def go_back(self) -> None:
        if self.back is not None:
            self.next = self.back
        else:
            self.next = self.app.screens.menu()

    def handle(self, event) -> None:
        choices = self.choices()
        if event.type == pygame.KEYDOWN:
            ch = key_char(event).lower()
            if event.key in (pygame.K_UP,) or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.focus = (self.focus - 1) % len(choices)
            elif event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(choices)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                choices[self.focus][3]()
            elif event.key == pygame.K_ESCAPE:
                self.go_back()
            elif ch == "j":
                self.join()
            elif ch == "h":
                self.host()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        self.hit = []
        surface.blit(theme.text(self.title, 32, theme.ACCENT, bold=True), (48, 28))
        surface.blit(theme.text("Two players on two machines, one battle: the server holds it, each sees only "
                                "its side, and nobody can foresee a die.", 15, theme.DIM), (52, 76))
        y = 130
        for i, (label, key, about, action) in enumerate(self.choices()):
            rect = pygame.Rect(48, y, 280, 46)
            theme.button(surface, rect, label, hover=rect.collidepoint(self.app.mouse), armed=i == self.focus,
                         size=15)
            self.hit.append((rect, action))
            for j, line in enumerate(theme.wrap(about, max(200, w - 400), 14)[:2]):
                surface.blit(theme.text(line, 14, theme.DIM), (344, y + 4 + 18 * j))
            y += 64
        surface.blit(theme.text("Up/Down choose · Enter press · J join · H host · Esc back", 13, theme.FAINT),
                     (48, h - 30))

    def help_lines(self):
        return [("Up / Down, Tab", "choose"), ("Enter", "press"), ("J", "join a network battle"),
                ("H", "host a network battle"), ("Esc", "back to the menu")]
