"""The parameter row: a part of the battle screen with its own state and rectangle.

One row above the action bar (or above a reaction panel) with a button for each value
of the option's parameters: fire mode, hit location, spell, ghost points... (drawn by
`hud.param_row`, which folds the widest parameters into steppers when they do not all
fit). It keeps which parameter the keyboard is on (`focus`: `\\` moves it, `[` `]`
change its value) and where each value was drawn, so a click asks it (`click`) what was
picked. What a pick does (arming the option, the preview to recompute) is the screen's.
"""

from __future__ import annotations

import pygame

from game.ui import hud, rules_view, theme


class ParamRow:
    def __init__(self) -> None:
        self.focus = 0    # the parameter the keyboard's `[` `]` change (an index, wrapped)
        self.rect: pygame.Rect | None = None    # where it was last drawn (None: not shown)
        #: (rect, parameter, value, allowed) of each value drawn
        self.buttons: list[tuple[pygame.Rect, str, object, bool]] = []

    def draw(self, surface, rect: pygame.Rect, option, allowed: dict, chosen: dict, mouse,
             title: str = "") -> None:
        """The option's parameters in `rect`: `allowed` by the hovered target, `chosen`
        the values the answer would carry."""
        self.rect = rect
        self.buttons = hud.param_row(surface, rect, option, allowed, chosen,
                                     self.focus % max(1, len(option.params)), mouse, title=title)

    def hide(self) -> None:
        self.rect, self.buttons = None, []

    def click(self, pos) -> tuple[str, object, bool] | None:
        """(parameter, value, allowed) of the value a click at `pos` pressed, or None."""
        for r, name, value, enabled in self.buttons:
            if r.collidepoint(pos):
                return name, value, enabled
        return None

    def next_parameter(self, option) -> None:
        """`\\`: the keyboard moves on to the option's next parameter."""
        if option is not None and option.params:
            self.focus = (self.focus + 1) % len(option.params)

    def focused_name(self, option) -> str:
        names = list(option.params)
        return names[self.focus % len(names)]

    def draw_refusal(self, surface, mouse, why) -> None:
        """Under the pointer, a value the rules do not allow for this target: why not,
        in a tooltip above the row. `why(name, value)` words it."""
        for r, name, value, enabled in self.buttons:
            if not enabled and r.collidepoint(mouse) and self.rect is not None:
                hud.tooltip(surface, (r.x, self.rect.y), [
                    (f"{hud.param_value(value)}: not allowed here", theme.WARN),
                    (why(name, value), theme.TEXT)], 320)


def why_refused(battle, decision, opt, target, name: str, value, units) -> str:
    """Why a parameter value is greyed for the hovered target: the ruleset's own words
    (`param_reason(battle, decision, option, target, name, value)`), else the usual
    reasons for the two common cases."""
    hook = getattr(battle.ruleset, "param_reason", None)
    if hook is not None:
        try:
            why = hook(battle, decision, opt, target, name, value)
            if why:
                return why
        except Exception as exc:
            rules_view._report_once("a parameter's reason", exc)
    who = units[target].name if isinstance(target, int) and target in units else "this target"
    allowed = opt.params_for(target).get(name, ())
    ok = ", ".join(hud.param_value(v) for v in allowed) or "none"
    if name == "mode" and battle.ruleset.id == "d20":   # d20-firearms.txt: bursts, first range only
        return f"Against {who} from here: {ok}. Bursts reach only the weapon's first range band."
    return f"Against {who} from here the rules allow {name.replace('_', ' ')}: {ok}."
