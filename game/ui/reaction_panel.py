"""The reaction panel: a part of the battle screen with its own state and rectangle.

When a person may react (a defence, a reaction attack), a panel rises from the action
bar's place over the board: what triggers it, and each answer as a button with its
number, its letter and its odds (the full breakdown of the one under the pointer shows
in the odds panel). It keeps:

- each answer's number while it is offered (`numbers`, game/ui/reaction_asks.py);
- which answer's parameters the parameter row above it shows (`focus`): the one the
  pointer has rested on for `REST` seconds (crossing others on the way up to the row
  does not count), or the one Tab chose;
- where each button was drawn, so a click asks it (`click`) which answer was pressed.
"""

from __future__ import annotations

import pygame

from game.engine.decisions import TARGET_NONE
from game.ui import hud, reaction_asks, rules_view, theme

REST = 0.25           # seconds the pointer rests on a reaction button before its pickers show
GAP = 8               # between buttons


class ReactionPanel:
    def __init__(self) -> None:
        self.numbers = reaction_asks.ReactionNumbers()   # an answer's number, kept while offered
        self.rect: pygame.Rect | None = None             # as drawn (None: not shown)
        self.buttons: list[tuple[pygame.Rect, object]] = []   # (rect, answer) as drawn
        self.hover: tuple[object, float] | None = None   # (answer with parameters, since when)
        self.focus = None      # the answer whose parameters the row shows (Tab or a rest)

    def numbered(self, ruleset_id: str, decision) -> list[tuple[int, object]]:
        """(number, answer) of the prompt, numbers kept while offered."""
        return reaction_asks.shown_options(ruleset_id, decision, self.numbers)

    def hide(self) -> None:
        self.rect, self.buttons = None, []

    def forget_pointer(self) -> None:
        """At a hand-over: the last person's resting pointer is no one's."""
        self.hover = None

    def click(self, pos):
        """The answer a click at `pos` pressed, or None."""
        return next((o for r, o in self.buttons if r.collidepoint(pos)), None)

    def point(self, pos, clock: float) -> None:
        """The pointer moved: an answer with parameters under it starts its rest."""
        hovered = self.click(pos)
        if hovered is None or (self.hover or (None,))[0] is not hovered:
            self.hover = (hovered, clock) if hovered is not None and hovered.params else None

    def wake_in(self, clock: float) -> float | None:
        """Seconds until a resting pointer shows its answer's pickers (None: none rests)."""
        if self.hover is None:
            return None
        left = self.hover[1] + REST - clock
        return max(0.0, left) + 0.02 if left > -0.05 else None

    def param_option(self, options, clock: float):
        """(answer, moved): whose parameters the picker row shows, and whether that just
        changed to the answer the pointer rests on (the row's focus starts again)."""
        with_params = [o for o in options if o.params]
        if not with_params:
            return None, False
        moved = False
        hover = self.hover
        if hover is not None and clock - hover[1] >= REST and any(o is hover[0] for o in with_params):
            if self.focus is not hover[0]:
                self.focus, moved = hover[0], True
        return next((o for o in with_params if o is self.focus), with_params[0]), moved

    def cycle(self, options, current, step: int) -> bool:
        """Tab: the next answer with parameters takes the picker row; False when none has."""
        with_params = [o for o in options if o.params]
        if not with_params:
            return False
        i = (with_params.index(current) + step) % len(with_params)
        self.focus, self.hover = with_params[i], None
        return True

    def shape(self, width: int, prompt_text: str, count: int):
        """(prompt lines, buttons per row, rows, panel height)."""
        prompt = theme.wrap(prompt_text, width - 28, 15)
        n = max(1, count)
        per_row = max(1, (width - 28 + GAP) // (200 + GAP))
        rows = -(-n // per_row)
        per_row = -(-n // rows)
        return prompt, per_row, rows, 44 + 20 * len(prompt) + 10 + rows * 60

    def draw(self, surface, bar: pygame.Rect, battle, decision, numbered, actor, chosen, letter_of,
             param_option, mouse) -> pygame.Rect:
        """The panel, its foot on the bar's. `numbered`: (number, answer); `actor`: the
        reacting unit's view; `chosen`: the parameters picked so far; `param_option`:
        the answer whose pickers show (outlined). Returns the panel's rectangle."""
        later = reaction_asks.deferred(battle.ruleset.id, decision)
        prompt, per_row, rows, h = self.shape(bar.w, decision.prompt, len(numbered))
        rect = self.rect = pygame.Rect(bar.x, bar.bottom - h, bar.w, h)
        theme.panel(surface, rect, alpha=False, edge=theme.ACCENT)
        x, y = rect.x + 14, rect.y + 8
        title = theme.text("Reaction", 19, theme.ACCENT, bold=True)
        surface.blit(title, (x, y))
        if actor:
            surface.blit(theme.text(f"for {actor.name}", 14, theme.team_colour(actor.team), bold=True),
                         (x + title.get_width() + 12, y + 5))
        y += 32
        for ln in prompt:
            surface.blit(theme.text(ln, 15, theme.TEXT), (x, y))
            y += 20
        out = []
        bw = min(300, (rect.w - 28 - GAP * (per_row - 1)) // per_row)
        for i, (number, opt) in enumerate(numbered):
            row, col = divmod(i, per_row)
            r = pygame.Rect(x + col * (bw + GAP), y + 4 + row * 60, bw, 54)
            theme.button(surface, r, "", hover=r.collidepoint(mouse))
            if opt is param_option:
                pygame.draw.rect(surface, theme.ACCENT, r, 2, border_radius=5)
            letter = letter_of(opt)
            digit = reaction_asks.key_label(number)
            keys = (f"{digit} · " if digit else "") + (f"{letter.upper()}  " if letter else " ")
            surface.blit(theme.text(keys, 13, theme.ACCENT, bold=True), (r.x + 10, r.y + 7))
            kw = theme.font(13, True).size(keys)[0]
            label = "Wait for the roll" if later and opt.key == "pass" else opt.label
            surface.blit(theme.text(theme.fit(label, r.w - 20 - kw, 15, True), 15, theme.TEXT, bold=True),
                         (r.x + 10 + kw, r.y + 5))
            detail = _detail(battle, decision, opt, chosen, later)
            surface.blit(theme.text(theme.fit(detail, r.w - 20, 13), 13, theme.DIM), (r.x + 10, r.y + 31))
            out.append((r, opt))
        self.buttons = out
        return rect

    def draw_tooltip(self, surface, mouse, top: int) -> None:
        """The answer under the pointer in full, above `top` (the pickers): the prompt
        stays readable."""
        for r, opt in self.buttons:
            if r.collidepoint(mouse) and (opt.description or opt.cost):
                lines = [(opt.label, theme.ACCENT)]
                if opt.cost:
                    lines.append((f"Cost: {opt.cost}", theme.TEXT))
                if opt.description:
                    lines.append((opt.description, theme.DIM))
                hud.tooltip(surface, (r.x, top), lines, 340)


def _detail(battle, decision, opt, chosen: dict, later: bool) -> str:
    """A button's second line: the answer's odds, else what it costs and does."""
    detail = opt.cost or ""
    target = opt.targets[0] if opt.target_kind != TARGET_NONE and opt.targets else None
    params = rules_view.fill_params(opt, target, chosen)
    o = rules_view.odds(battle, decision, opt.choice(target, **params))
    if o is not None:
        return f"hit {theme.percent(o.hit)} · crit {theme.percent(o.crit)} · avg {o.expected_damage:.1f}"
    if later and opt.key == "pass":
        # the spot defences wait for the roll (reaction_asks): this pass is not the last word
        return "spot defences come after the roll, if it hits"
    if opt.description:
        return (detail + " · " if detail else "") + opt.description
    if opt.key in ("pass", "none", "no_reaction") or opt.key.startswith(("no_", "dont_", "skip")):
        # ("Don't dodge" is no attack: it is taking what comes; say so)
        return (detail + " · " if detail else "") + "no reaction: the attack goes on as it is"
    return detail
