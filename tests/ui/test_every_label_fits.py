"""Every label fits its box (issue 30, "every label fits its box at the three sizes"):
the battle screen's turn tracker, unit cards, action bar and parameter row, prompts,
odds, log, the reaction prompt and the pause menu, and the main menu, at 1024x600,
1280x720 and 1920x1080, in all five rulesets.

Each size is drawn with the fonts the window picks for it ("auto") and with the
largest a player can choose in Settings (1.3), which found two lines running out at
1024x600: the odds' "avg dmg" (14 px past the panel) and fate's "Declare: nothing
happens yet" title, and the main menu's key-hint footer (50 px past a 1024-wide window:
it now gives the essentials where the whole line does not fit).

The probe (tests/ui/text_probe.py) draws one frame on a surface that records each
line of text and the last box (panel, button, rounded rectangle) drawn under its
centre; a line that runs more than 1 px past its box's left or right edge fails.

The positions: ten units of every archetype on an open 16x11 field, hotseat, seed 3;
each state is one a player reaches by hand: the first turn as it opens, each option
armed (its parameter row and prompt), each offensive option aimed at its first target
(the odds), an enemy's card under the mouse, the pause menu; then, played on by the
normal AI until a side is asked a reaction, that prompt (mahou's defences, Action
Block's; fate has none, and for d20 and five-by-five, where none comes in this play,
the turn's options laid out as a reaction prompt).
"""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.engine.decisions import REACTION
from tests.ui.conftest import confirm_handover, field_battle, post_move, pump, start_screen, tile_pos
from tests.ui.text_probe import Probe

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
SCALES = ["auto", "1.3"]   # the fonts as the window sets them, and the largest a player can choose
RULESETS = ["d20", "mahou", "fivebyfive", "actionblock", "fate"]
UNITS = [(1, "gunner", 3, 4), (1, "brawler", 3, 6), (1, "marksman", 2, 8), (1, "guardian", 4, 2), (1, "scout", 2, 5),
         (2, "gunner", 8, 4), (2, "marksman", 9, 6), (2, "brawler", 4, 5), (2, "guardian", 10, 2),
         (2, "scout", 11, 8)]


def _overflows(probe, screen, size, what) -> list:
    return [(what, p.text, tuple(p.rect), p.kind, tuple(p.box), p.overflow())
            for p in probe.frame(screen, size) if p.overflow() > 1]


def _at_a_reaction(ruleset: str):
    """The field played on by the normal AI until a side is asked a reaction (None if
    none comes in 300 answers)."""
    from game.ai import make_ai
    battle = field_battle(UNITS, seed=3, ruleset_id=ruleset, w=16, h=11)
    ais = {t: make_ai(ruleset, t, "normal") for t in battle.teams()}
    for _ in range(300):
        p = battle.pending
        if p is None:
            return None
        if p.kind == REACTION:
            return battle
        battle.submit(ais[p.side].decide(battle, p))
    return None


def test_the_probe_sees_a_label_too_wide_for_its_button(monkeypatch):
    from game.ui import theme
    pygame.display.init()
    probe = Probe(monkeypatch)

    class Drawn:
        def draw(self, surface):
            theme.panel(surface, pygame.Rect(10, 10, 300, 100))
            theme.button(surface, pygame.Rect(20, 20, 60, 30), "A label far too long for it")
            surface.blit(theme.text("fits", 13), (30, 70))
    found = probe.frame(Drawn(), (400, 200))
    assert [(p.text, p.kind) for p in found] == [("A label far too long for it", "button"), ("fits", "panel")]
    assert found[0].overflow() > 0 and found[1].overflow() == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_label_fits_its_box_at_three_sizes(make_app, monkeypatch, ruleset):
    probe = Probe(monkeypatch)
    reacting = _at_a_reaction(ruleset) if ruleset in ("mahou", "actionblock") else None
    if ruleset in ("mahou", "actionblock"):
        assert reacting is not None, "no reaction came: the position no longer shows one"
    bad = []
    for size, scale in [(size, scale) for size in SIZES for scale in SCALES]:
        app = make_app(ui_scale=scale)
        app.resize(size)
        battle = field_battle(UNITS, seed=3, ruleset_id=ruleset, w=16, h=11)
        screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
        confirm_handover(app)
        bad += _overflows(probe, app.screen, size, f"the turn opens ({scale})")
        for opt in screen.options():
            screen.armed = opt.key
            pump(app)
            bad += _overflows(probe, app.screen, size, f"{opt.key} armed")
            foe = next((t for t in opt.targets if isinstance(t, int)), None) if opt.offensive else None
            if foe is not None:
                post_move(tile_pos(screen, battle.tile(foe)))
                pump(app)
                bad += _overflows(probe, app.screen, size, f"odds of {opt.key}")
        screen.armed = None
        foe = next(u for u in battle.units() if battle.team(u) != battle.pending.side)
        post_move(tile_pos(screen, battle.tile(foe)))
        pump(app)
        bad += _overflows(probe, app.screen, size, "an enemy's card")
        screen.overlay = "pause"
        pump(app)
        bad += _overflows(probe, app.screen, size, "the pause menu")
        screen.overlay = None
        if reacting is None and ruleset != "fate":
            # no reaction comes in the AI's play here (a d20 one needs a grapple, and
            # five-by-five's defences answer a hit): the turn's own options laid out
            # as a reaction prompt
            screen.decision = dataclasses.replace(screen.decision, kind=REACTION)
            pump(app)
            bad += _overflows(probe, app.screen, size, "a reaction prompt (laid out)")
        bad += _overflows(probe, app.screens.menu(), size, "the main menu")
        if reacting is not None:
            app = make_app(ui_scale=scale)
            app.resize(size)
            side = reacting.pending.side
            start_screen(app, reacting, sides={t: "human" if t == side else "ai" for t in reacting.teams()}, speed=0)
            confirm_handover(app)
            assert app.screen.decision is not None and app.screen.decision.kind == REACTION
            bad += _overflows(probe, app.screen, size, "a reaction prompt")
        pygame.display.quit()
    assert not bad, bad
