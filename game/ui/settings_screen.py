"""The settings screen: UI scale, team colours (a colour-blind-safe palette with a
shape per side), animation speed, sound volume and mute, the end-turn question.
Left/Right (or the arrows on a row) change a value; Esc or Back returns to the menu.
Every change applies at once and is saved with the other settings."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.screen import Screen
from game.ui.settings import SPEEDS, UI_SCALES, save_settings, speed_label

ROWS = ("ui_scale", "palette", "speed", "volume", "mute", "confirm_end_turn")


def apply(app) -> None:
    """Make the settings take effect: fonts, palette, sound."""
    from game.ui.settings import scale_for
    from game.ui.sound import SOUNDS
    s = app.settings
    theme.set_scale(scale_for(s.ui_scale, app.surface.get_size()))
    theme.set_palette(s.palette)
    SOUNDS.configure(s.volume, s.mute)


class SettingsScreen(Screen):
    title = "Settings"

    def __init__(self, app, back) -> None:
        super().__init__(app)
        self.back = back
        self.focus = 0
        self.hit: list = []

    def change(self, row: str, step: int) -> None:
        s = self.app.settings
        if row == "ui_scale":
            i = UI_SCALES.index(s.ui_scale) if s.ui_scale in UI_SCALES else 0
            s.ui_scale = UI_SCALES[(i + step) % len(UI_SCALES)]
        elif row == "palette":
            s.palette = "colour-blind" if s.palette == "standard" else "standard"
        elif row == "speed":
            i = SPEEDS.index(s.speed) if s.speed in SPEEDS else 0
            s.speed = SPEEDS[(i + step) % len(SPEEDS)]
        elif row == "volume":
            s.volume = max(0, min(100, s.volume + 10 * step))
        elif row == "mute":
            s.mute = not s.mute
        elif row == "confirm_end_turn":
            s.confirm_end_turn = not s.confirm_end_turn
        apply(self.app)
        if row == "volume" or row == "mute":
            from game.ui.sound import SOUNDS
            SOUNDS.play("turn")   # hear the new volume

    def text(self, row: str) -> tuple[str, str]:
        s = self.app.settings
        if row == "ui_scale":
            v = "grows with the window" if s.ui_scale == "auto" else f"{float(s.ui_scale):g}×"
            return "UI scale", v
        if row == "palette":
            return "Team colours", "colour-blind safe, a shape per side" if s.palette == "colour-blind" else "standard"
        if row == "speed":
            return "Animation speed", speed_label(s.speed)
        if row == "volume":
            return "Sound volume", f"{s.volume}%"
        if row == "mute":
            return "Sound", "muted" if s.mute else "on"
        return "Ask before ending a turn early", "yes" if s.confirm_end_turn else "no"

    def leave_to_menu(self) -> None:
        save_settings(self.app.settings, self.app.settings_path)
        self.next = self.back

    def handle(self, event) -> None:
        n = len(ROWS) + 1
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_ESCAPE:
                self.leave_to_menu()
            elif k in (pygame.K_UP, pygame.K_w):
                self.focus = (self.focus - 1) % n
            elif k in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self.focus = (self.focus + 1) % n
            elif k in (pygame.K_LEFT, pygame.K_a, pygame.K_RIGHT, pygame.K_d, pygame.K_RETURN, pygame.K_SPACE):
                if self.focus == len(ROWS):
                    if k in (pygame.K_RETURN, pygame.K_SPACE):
                        self.leave_to_menu()
                    return
                self.change(ROWS[self.focus], -1 if k in (pygame.K_LEFT, pygame.K_a) else 1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.hit = []
        surface.blit(theme.text("Settings", 34, theme.ACCENT, bold=True), (48, 28))
        x, y = 48, 100
        mouse = self.app.mouse
        for i, row in enumerate(ROWS):
            label, value = self.text(row)
            r = pygame.Rect(x, y, 640, 42)
            if i == self.focus:
                pygame.draw.rect(surface, (40, 46, 60), r, border_radius=6)
                pygame.draw.rect(surface, theme.ACCENT, r, 1, border_radius=6)
            surface.blit(theme.text(label, 16, theme.TEXT if i == self.focus else theme.DIM, bold=i == self.focus),
                         (x + 12, y + 10))
            left = pygame.Rect(x + 300, y + 7, 28, 28)
            right = pygame.Rect(x + 600, y + 7, 28, 28)
            theme.arrow_button(surface, left, -1, hover=left.collidepoint(mouse))
            theme.arrow_button(surface, right, 1, hover=right.collidepoint(mouse))
            val = theme.text(theme.fit(value, 260, 15, True), 15, theme.TEXT, bold=True)
            surface.blit(val, val.get_rect(center=((left.right + right.x) // 2, y + 21)))
            self.hit.append((left, lambda row=row, i=i: (setattr(self, "focus", i), self.change(row, -1))))
            self.hit.append((right, lambda row=row, i=i: (setattr(self, "focus", i), self.change(row, 1))))
            self.hit.append((r, lambda i=i: setattr(self, "focus", i)))
            y += 48
        # a preview of the team tokens in the chosen palette
        y += 8
        surface.blit(theme.text("Sides:", 14, theme.DIM), (x + 12, y + 6))
        for t in (1, 2, 3, 4):
            c = (x + 110 + 50 * (t - 1), y + 16)
            theme.shape(surface, theme.team_shape(t), theme.team_colour(t), c, 14)
            theme.shape(surface, theme.team_shape(t), (255, 255, 255), c, 14, 2)
        back = pygame.Rect(x, y + 56, 200, 44)
        theme.button(surface, back, "Back (Esc)", hover=back.collidepoint(mouse), armed=self.focus == len(ROWS))
        self.hit.append((back, self.leave_to_menu))

    def help_lines(self):
        return [("Up / Down", "choose a setting"), ("Left / Right", "change it"), ("Esc", "back to the menu")]
