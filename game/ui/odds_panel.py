"""The odds panel: a part of the battle screen with its own state and rectangle.

At the foot of the right column, what the pointer's target would bring before a person
commits (the screen's `preview()` says which, the panel words it):

- an attack: its exact odds with every modifier (`hud.odds_panel`), headed in red
  when it can hurt the player's own side;
- a move: its cost, the cover there, who could see or shoot the unit there, the
  danger zones it sets off (`hud.move_panel`);
- an enemy no attack reaches: why not;
- a reaction: what it answers (the ruleset's context, in people's words);
- nothing under the pointer: how to play this turn (declaring, pinned down...).
"""

from __future__ import annotations

import pygame

from game.engine.decisions import DECLARE, TARGET_NONE
from game.ui import hud, rules_view, theme
from game.ui.context_words import context_lines
from game.ui.fog_words import side_sight
from game.ui.playbook import first_hint

#: what to do on a turn, when the ruleset has no first hint of its own
HINT = ["Hover a tinted tile to see the path and who could shoot you there.",
        "Hover an enemy to see your exact odds; click to act.",
        "Pick an action below (its letter) to target it."]


#: What the panel reads, each a table of the decision's (game/kept.py: the battle
#: empties them when the decision is answered), keyed on everything that decides the
#: answer (the target, the picks, the tiles, the board's version): worked out once,
#: though a frame asks many times and the pointer goes back and forth.
TABLES = {"preview": "ui-previews", "threats": "ui-move-threats", "risks": "ui-ally-risks"}


class OddsPanel:
    def __init__(self) -> None:
        self.rect: pygame.Rect | None = None
        self.kind: str | None = None    # what it showed last: hint, odds, move, unreachable, context

    @staticmethod
    def kept(battle, what: str, key, work_out):
        """`what` ("preview", "threats" at a move's end, "risks": the allies an attack
        can hurt) for `key` on `battle`'s decision: `work_out()` the first time."""
        return battle.kept_now.get(TABLES[what], key, work_out)

    def hide(self) -> None:
        self.rect = self.kind = None

    def draw_waiting(self, surface, rect: pygame.Rect) -> None:
        """Nobody at the keyboard decides."""
        self.rect, self.kind = rect, "waiting"
        theme.panel(surface, rect)
        x, y = rect.x + 10, rect.y + 8
        surface.blit(theme.text("Preview", 14, theme.ACCENT, bold=True), (x, y))
        surface.blit(theme.text("Odds show here on your turn.", 13, theme.DIM), (x, y + 24))

    def draw_hint(self, surface, rect: pygame.Rect, ruleset_id: str, decision_kind: str, pin) -> None:
        """A person's turn, nothing under the pointer: how to play it. `pin`: (who pins
        the unit, None when Move is its way on, else why it has none) or None."""
        self.rect, self.kind = rect, "hint"
        theme.panel(surface, rect)
        x, y = rect.x + 10, rect.y + 8
        lines = (first_hint(ruleset_id) or HINT) + ["F2: how this ruleset plays."]
        title = "Your move"
        if pin is not None and pin[1] is None:
            title = "Pinned down"
            lines = [f"{pin[0]} keeps this unit under suppressing fire (the hatched cone).",
                     "Its only way on is to Move: out of the cone, or into cover from the "
                     "shooter. The tinted tiles are where it can go."]
        elif pin is not None:
            title = "Pinned down: no way out this turn"
            lines = [f"{pin[0]} keeps this unit under suppressing fire (the hatched cone).",
                     pin[1],
                     "End the turn (E). It saves again when its next turn starts, and the "
                     "cone lasts only until the shooter's next turn."]
        if decision_kind == DECLARE:
            title = "Declare: nothing happens yet"
            lines = ["Every unit declares first; then all the actions play out together.",
                     "On the board: dashed lines are moves declared so far, arrows are "
                     "declared attacks; the ring marks where you act from.",
                     "Hover an enemy for your odds where it will be; click to declare."]
        # a title wider than the panel (large fonts, a narrow window) wraps
        for part in theme.wrap(title, rect.w - 20, 14, bold=True):
            surface.blit(theme.text(part, 14, theme.ACCENT, bold=True), (x, y))
            y += 19
        y += 5
        for ln in lines:
            for part in theme.wrap(ln, rect.w - 20, 13):
                surface.blit(theme.text(part, 13, theme.DIM), (x, y))
                y += 17
            y += 4

    def draw_unreachable(self, surface, rect: pygame.Rect, name: str, why: str) -> None:
        """An enemy under the pointer that no attack of this decision reaches, and why."""
        self.rect, self.kind = rect, "unreachable"
        theme.panel(surface, rect, edge=theme.WARN)
        x, y = rect.x + 10, rect.y + 6
        surface.blit(theme.text(theme.fit(f"{name}: out of reach", rect.w - 20, 14, True), 14, theme.WARN,
                                bold=True), (x, y))
        y += 24
        for ln in theme.wrap(why, rect.w - 20, 13):
            surface.blit(theme.text(ln, 13, theme.TEXT), (x, y))
            y += 17

    def draw_move(self, surface, rect: pygame.Rect, title: str, cost: str, cover: str, threats, name_of,
                  unknown: bool, reactions) -> None:
        """A move's preview (`hud.move_panel`): `unknown`, some enemy is out of sight."""
        self.rect, self.kind = rect, "move"
        hud.move_panel(surface, rect, title, cost, cover, threats, name_of, unknown, reactions=reactions)

    def draw_odds(self, surface, rect: pygame.Rect, title: str, odds, target_hp, params: dict,
                  description: str, warning: str, on_the_way=()) -> None:
        """An answer's exact odds (`hud.odds_panel`); `warning` heads it when it can hurt
        an ally; `on_the_way`: the danger zones a move previewed as a plain choice
        (actionblock's Sidestep and Charge) sets off, at the panel's foot."""
        self.rect, self.kind = rect, "odds"
        hud.odds_panel(surface, rect, title, odds, target_hp, params, description, warning)
        lines = [ln for w in list(on_the_way)[:2] for ln in theme.wrap(f"On the way: {w}", rect.w - 20, 12)]
        y = rect.bottom - 8 - 15 * len(lines)
        for ln in lines:
            surface.blit(theme.text(ln, 12, theme.WARN), (rect.x + 10, y))
            y += 15

    def draw_context(self, surface, rect: pygame.Rect, context, units) -> None:
        """What a reaction answers: the ruleset's context, names for unit ids,
        probabilities as percentages (e.g. the hit chance with and without a dodge)."""
        self.rect, self.kind = rect, "context"
        theme.panel(surface, rect, edge=theme.ACCENT)
        x, y = rect.x + 10, rect.y + 6
        ctx = dict(context) if hasattr(context, "items") else {}
        attacker, target = ctx.get("attacker"), ctx.get("target", ctx.get("unit"))
        title = "Incoming"
        if attacker in units and target in units:
            title = f"Incoming: {units[attacker].name} → {units[target].name}"
        elif target in units:
            title = f"About {units[target].name}"
        surface.blit(theme.text(theme.fit(title, rect.w - 20, 14, True), 14, theme.ACCENT, bold=True), (x, y))
        y += 24
        for line, colour in context_lines(ctx, units):
            for ln in theme.wrap(line, rect.w - 20, 12):
                if y > rect.bottom - 18:   # the panel's end: nothing runs off it
                    return
                surface.blit(theme.text(ln, 12, colour), (x, y))
                y += 15


def reaction_preview(battle, decision, options, hovered, params, version):
    """A reaction's preview: the odds of the answer under the pointer (`hovered`), else
    of the first answer with a target, else of any; the reaction's context when none
    has odds. `params`: the picks made; `version`: the board's."""
    order = list(hovered) + [o for o in options if o.offensive] + list(options)
    for opt in order:
        target = opt.targets[0] if opt.target_kind != TARGET_NONE and opt.targets else None
        picks = rules_view.fill_params(opt, target, params)
        key = ("reaction", opt.key, target, tuple(sorted(picks.items())), version)
        choice = opt.choice(target, **picks)
        shown = OddsPanel.kept(battle, "preview", key, lambda: _odds_shown(
            opt, target, rules_view.odds(battle, decision, choice), picks))
        if shown is not None:
            return shown
        if hovered and opt is hovered[0]:
            break
    return ("context", decision)


def _odds_shown(opt, target, odds, params):
    """A reaction's preview: its odds, when it has any."""
    return ("odds", opt, target, odds, params) if odds else None


def why_out_of_reach(battle, actor: int, here, there) -> str:
    """Why no attack of `actor` at `here` reaches an enemy at `there`: out of sight,
    beyond the weapon's range, or (when the ruleset does not say which) simply out of
    reach from here."""
    from game.world.sight import fov   # (tcod: not before a battle's first frame)
    if here is None or there is None:
        return "No attack of yours reaches it from here."
    if not fov(battle.map, here)[there]:
        return "Out of sight from here: walls or concealment block the line."
    ranges = rules_view.weapon_ranges(battle, actor)
    dist = max(abs(here[0] - there[0]), abs(here[1] - there[1]))
    if ranges and dist > ranges[-1]:
        fpt = battle.map.feet_per_tile
        return f"Beyond your weapon's range: {dist * fpt} ft away, it reaches {ranges[-1] * fpt} ft."
    return "No attack of yours reaches it from here (range, line of fire or what you hold)."


def threats_at(battle, view, actor: int, tile, shown: set[int]) -> list:
    """Who of the enemies the side sees could see or shoot `actor` at `tile`. "Sees"
    is the fog's rule, whatever the ruleset's threats_at asks (line of fire): the other
    side's board will show the unit exactly where its fog does. Sight does not depend
    on where the mover stands (units do not block it), so each enemy's own view of the
    tile is the fog after the move."""
    team = view.units[actor].team
    enemies = [u.id for u in view.units.values() if u.active and u.team != team and u.id in shown]
    threats = rules_view.threats_at(battle, actor, tile, enemies)
    where = {u.id: u.tile for u in view.units.values()}
    return [t._replace(sees=bool(side_sight(battle.map, [where[t.unit]])[tile])) if t.unit in where else t
            for t in threats]
