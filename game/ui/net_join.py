"""Join a network battle: an address and a seat's code, typed or pasted (menu entry).

Tab / Shift+Tab or a click moves between the fields and buttons; typing edits the
field in focus (Ctrl+V pastes); Enter joins; Esc goes back to the menu. A join that
fails (no server there, a wrong code) comes back here from the battle screen with its
one line, the fields as they were.
"""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.screen import Screen, key_char

DEFAULT_ADDRESS = "127.0.0.1:7710"
MAX_TEXT = 300


class TextField:
    """A one-line text box: `text`, edited by key events while it has focus."""

    def __init__(self, label: str, text: str = "", secret: bool = False) -> None:
        self.label, self.text, self.secret = label, text, secret
        self.rect = pygame.Rect(0, 0, 0, 0)

    def key(self, event) -> None:
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
            self.text = (self.text + _clipboard())[:MAX_TEXT]
        else:
            ch = key_char(event)
            if ch and len(self.text) < MAX_TEXT:
                self.text += ch

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, focused: bool, label: bool = True) -> None:
        self.rect = rect
        if label:  # above the box (a row that names the field itself passes False)
            surface.blit(theme.text(self.label, 15, theme.TEXT if focused else theme.DIM, bold=focused),
                         (rect.x, rect.y - 22))
        pygame.draw.rect(surface, (24, 26, 34), rect, border_radius=4)
        pygame.draw.rect(surface, theme.ACCENT if focused else theme.PANEL_EDGE, rect, 1, border_radius=4)
        shown = self.text + ("|" if focused else "")
        img = theme.text(shown, 16, theme.TEXT)
        while img.get_width() > rect.w - 16 and len(shown) > 1:  # keep the end in view
            shown = shown[1:]
            img = theme.text("…" + shown, 16, theme.TEXT)
        surface.blit(img, (rect.x + 8, rect.y + (rect.h - img.get_height()) // 2))


def _clipboard() -> str:
    """The clipboard's text (a code is long to type), or "" where there is none."""
    try:
        text = pygame.scrap.get_text() if hasattr(pygame.scrap, "get_text") else ""
    except (pygame.error, AttributeError, NotImplementedError):  # no clipboard on this display
        return ""
    return "".join(ch for ch in (text or "") if ch.isprintable()).strip()


class JoinScreen(Screen):
    title = "Join a network battle"

    def __init__(self, app, back: Screen | None = None, address: str = "", code: str = "", note: str = "") -> None:
        super().__init__(app)
        self.back = back
        self.fields = [TextField("Server address (HOST:PORT)", address or DEFAULT_ADDRESS),
                       TextField("Seat code (from whoever opened the battle)", code)]
        self.focus = 1 if address else 0
        self.message = note
        self.hit: list[tuple[pygame.Rect, object]] = []

    def buttons(self):
        return [("Join", self.join), ("Back to the menu", self.leave_to_menu)]

    def join(self) -> None:
        from game.errors import InputError
        from game.net.client import address
        where, code = self.fields[0].text.strip(), self.fields[1].text.strip()
        try:
            address(where)
        except InputError as exc:
            self.message = str(exc)
            return
        if not code:
            self.message = "code: type the seat's code"
            return
        self.next = self.app.screens.net_battle(where, code, back=self)

    def leave_to_menu(self) -> None:
        if self.back is not None:
            self.next = self.back
        else:
            self.next = self.app.screens.menu()

    # --- input -----------------------------------------------------------------------------
    def handle(self, event) -> None:
        count = len(self.fields) + len(self.buttons())
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                self.focus = (self.focus + step) % count
            elif event.key in (pygame.K_UP,):
                self.focus = (self.focus - 1) % count
            elif event.key in (pygame.K_DOWN,):
                self.focus = (self.focus + 1) % count
            elif event.key == pygame.K_ESCAPE:
                self.leave_to_menu()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.focus >= len(self.fields):
                    self.buttons()[self.focus - len(self.fields)][1]()
                else:
                    self.join()
            elif self.focus < len(self.fields):
                self.fields[self.focus].key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        self.hit = []
        surface.blit(theme.text(self.title, 32, theme.ACCENT, bold=True), (48, 28))
        surface.blit(theme.text("Play one seat of a battle held by a server; you see only what your side sees.",
                                15, theme.DIM), (52, 76))
        y = 150
        width = min(640, w - 96)
        for i, field in enumerate(self.fields):
            rect = pygame.Rect(48, y, width, 40)
            field.draw(surface, rect, i == self.focus)
            self.hit.append((rect, lambda i=i: self._focus(i)))
            y += 90
        x = 48
        for j, (label, action) in enumerate(self.buttons()):
            idx = len(self.fields) + j
            rect = pygame.Rect(x, y, 150 if j == 0 else 200, 44)
            theme.button(surface, rect, label, hover=rect.collidepoint(self.app.mouse), armed=idx == self.focus)
            self.hit.append((rect, action))
            x += rect.w + 14
        for i, line in enumerate(theme.wrap(self.message, w - 96, 14)[:4]):
            surface.blit(theme.text(line, 14, theme.WARN), (48, y + 64 + 18 * i))
        hint = "Tab / Up / Down move · type or Ctrl+V paste · Enter join · Esc menu"
        surface.blit(theme.text(hint, 13, theme.FAINT), (48, h - 30))

    def _focus(self, i: int) -> None:
        self.focus = i

    def help_lines(self):
        return [("Tab, Up / Down", "next / previous field or button"), ("typing, Backspace", "edit the field"),
                ("Ctrl+V", "paste"), ("Enter", "join (on a button: press it)"), ("Esc", "back to the menu")]
