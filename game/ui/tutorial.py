"""A guided first battle (issue 30, "a first battle that teaches"): mahou on The Pit,
your Gunner against the easy AI's Gunner, and a panel that walks a new player through
one turn and the enemy's: selecting, moving, reading the odds, attacking, ending the
turn, and answering a reaction when the enemy shoots.

Each step is done by what the player does, never by a "Next" button: a step's check
reads the window (what is selected, what the preview panel shows, the prompt asked)
and the battle's log and choices since the step began. The battle itself is an
ordinary one (same rules, same replay); the lesson only watches it.

Why mahou: the lesson must reach a reaction the player answers. In mahou every attack
asks its target how to defend ("defend before the roll?", and after it if it hits):
in twelve seeds of this battle, played by the normal AI for the player, the first
prompt came by round 5 in all twelve, by round 2 in ten. d20's one reaction answers a
creature leaving a Grapple; the AI never left one in twelve seeds (its Gunner shoots
from inside it), so a d20 lesson could not promise the step.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pygame

from game.engine.decisions import REACTION
from game.ui import theme

MAP = Path(__file__).resolve().parents[2] / "maps" / "arena.tmx"
RULESET = "mahou"
SQUADS = {1: ["gunner"], 2: ["gunner"]}
SEED = 1


@dataclass(frozen=True)
class Step:
    """One thing to learn: what to do, and how the lesson sees it done."""

    title: str
    text: str
    done: Callable[[Any, "Tutorial"], bool]


def _mine(screen, unit) -> bool:
    u = screen.view.units.get(unit)
    return u is not None and u.team == 1


def _selected(screen, tut) -> bool:
    # the window selects the unit whose turn it is by itself: the step waits for the
    # player's own click or Tab
    return tut.pointed and _mine(screen, screen.selected)


def _moved(screen, tut) -> bool:
    return any(type(e).__name__ == "Moved" and _mine(screen, getattr(e, "unit", None))
               for e in screen.battle.log[tut.log_from:])


def _odds_read(screen, tut) -> bool:
    prev = screen.preview() if screen.decision is not None else None
    return prev is not None and prev[0] == "odds"


def _attacked(screen, tut) -> bool:
    return any(_mine(screen, getattr(e, "attacker", None)) for e in screen.battle.log[tut.log_from:])


def _ended(screen, tut) -> bool:
    return any(c.option == "end_turn" for c in screen.battle.choices[tut.choices_from:])


def _reacted(screen, tut) -> bool:
    """The player answered a reaction prompt: the window showed one for a unit of
    theirs (`asked`, noted by `Tutorial.update`), and the battle has taken an answer
    since. A prompt the window answers itself ("No defence" before the roll when
    nothing but spot defences is offered, docs/ui.md) is never shown, so it does not
    count: only the player's own click or key does."""
    return tut.asked is not None and len(screen.battle.choices) > tut.asked


STEPS = (
    Step("Select", "Click your Gunner (the blue token), or press Tab. Its card, bottom left, "
                   "shows its health, its actions this round and its weapon.", _selected),
    Step("Move", "Click a tinted tile to move there. Each 5 ft costs a move action (8 a round); a "
                 "shield on a tile's edge is cover from that side (whole: heavy, half: light).",
         _moved),
    Step("Read the odds", "Move the pointer onto the red enemy. The panel on the right shows your "
                          "exact chance to hit and the damage, with every modifier.", _odds_read),
    Step("Attack", "Click the enemy to shoot (1 hand action of your 2). The log on the right shows "
                   "every die.", _attacked),
    Step("End the turn", "Press E, or click End turn. The enemy acts next; what you did not spend "
                         "this round can still defend you.", _ended),
    Step("React", "When the enemy shoots, you are asked how to defend, outside your turn: a panel "
                  "lists your defences with their numbers. Pick one (its number key or a click), or "
                  "No defence.", _reacted),
)


class Tutorial:
    """Which step the player is on, and where the battle stood when it began."""

    def __init__(self) -> None:
        self.index = 0
        self.pointed = False       # a click or Tab since the step began
        self.log_from = 0
        self.choices_from = 0
        self.asked: int | None = None   # the battle's choices when a reaction was put to the player

    @property
    def finished(self) -> bool:
        return self.index >= len(STEPS)

    def note(self, event) -> None:
        """The player's own pointing: a click on the board, or Tab."""
        if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key == pygame.K_TAB):
            self.pointed = True

    def update(self, screen) -> None:
        """Move on past the step the player has done; the next is checked from now on
        (what the battle did before it does not count)."""
        if self.finished or screen.battle.over:
            return
        d = screen.decision
        if self.asked is None and d is not None and d.kind == REACTION and _mine(screen, d.actor):
            self.asked = len(screen.battle.choices)
        if STEPS[self.index].done(screen, self):
            self.index += 1
            self.pointed = False
            self.log_from, self.choices_from = len(screen.battle.log), len(screen.battle.choices)
            self.asked = None

    def draw(self, surface: pygame.Surface, board: pygame.Rect, over: bool = False) -> pygame.Rect:
        """The lesson's panel over the board's top-right corner (a fixed place). `over`:
        the battle has ended (a step it never reached is said so)."""
        w = min(340, board.w - 20)
        if self.finished:
            title, text = "That is a round", ("Put the enemy out of the fight to win. F2: how mahou plays; "
                                              "F1: every key. The menu has every map and ruleset.")
        elif over:
            title, text = "The battle is over", (f"It ended before step {self.index + 1} ({STEPS[self.index].title}). "
                                                 "Start the guided battle again from the menu to see it.")
        else:
            step = STEPS[self.index]
            title, text = f"Step {self.index + 1} of {len(STEPS)}: {step.title}", step.text
        lines = theme.wrap(text, w - 20, 14)
        rect = pygame.Rect(board.right - w - 8, board.y + 8, w, 38 + 19 * len(lines) + 8)
        theme.panel(surface, rect, alpha=False, edge=theme.ACCENT)
        surface.blit(theme.text(title, 15, theme.ACCENT, bold=True), (rect.x + 10, rect.y + 8))
        y = rect.y + 34
        for ln in lines:
            surface.blit(theme.text(ln, 14, theme.TEXT), (rect.x + 10, y))
            y += 19
        return rect


def new_lesson_battle():
    """The lesson's battle: The Pit, mahou, a Gunner against a Gunner."""
    from game.engine.setup import new_battle
    return new_battle(MAP, RULESET, seed=SEED, squads=SQUADS, player_sides=frozenset({1}))
