"""The turn-order bar follows the battle's real order: in every ruleset, mid-round, the
dimmed tokens are exactly the units that have taken their turn this round (the log's
TurnStarted events since the round began), and they come first."""

from __future__ import annotations

import pytest

from game.rulesets import REGISTRY
from game.ui import theme
from tests.ui.conftest import field_battle, pump, start_screen


def _dimmed(surface, rect, colour) -> bool:
    # a point on the token's body (off the white icon): full team colour, or darkened
    c = surface.get_at((rect.x + 3, rect.centery))[:3]
    return sum(c) < 0.75 * sum(colour)


@pytest.mark.parametrize("ruleset_id", sorted(REGISTRY))
def test_dimmed_tokens_are_the_units_that_have_acted_this_round(make_app, ruleset_id):
    from game.ai import make_ai
    from game.engine.events import RoundStarted, TurnStarted
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 2), (1, "gunner", 2, 6), (1, "gunner", 3, 4),
                           (2, "gunner", 11, 2), (2, "gunner", 11, 6), (2, "gunner", 12, 4)],
                          seed=6, ruleset_id=ruleset_id)
    ais = {t: make_ai(ruleset_id, t) for t in battle.teams()}
    # play (headless) into round 2, until at least one unit has taken its turn in it
    for _ in range(400):
        begun = max((i for i, e in enumerate(battle.log) if isinstance(e, RoundStarted)), default=0)
        acted = [e.unit for e in battle.log[begun:]
                 if isinstance(e, TurnStarted) or type(e).__name__ == "TurnBegan"]
        if battle.round >= 2 and len(acted) >= 2 or battle.pending is None:
            break
        battle.submit(ais[battle.pending.side].decide(battle, battle.pending))
    if battle.pending is None or battle.pending.kind == "declare":
        pytest.skip("no mid-round turn to look at")
    screen = start_screen(app, battle, sides={1: "ai", 2: "ai"}, speed=1.0)
    screen.ai.abandon()
    pump(app)
    acted = set(screen.top.acted_this_round(battle.log)) - {battle.pending.actor}
    tokens = screen.top.tokens
    assert tokens
    for unit, rect in tokens.items():
        dim = _dimmed(app.surface, rect, theme.team_colour(battle.team(unit)))
        assert dim == (unit in acted), (ruleset_id, unit, unit in acted)
    order = list(tokens)
    assert order[:len([u for u in order if u in acted])] == [u for u in order if u in acted]


def test_the_top_bar_says_what_a_click_pressed(make_app):
    """The top bar is a part with its own state (game/ui/top_bar.py): a click on a
    turn-order token selects that unit, on a speed button sets the speed, on Menu opens
    the pause menu."""
    from tests.ui.conftest import confirm_handover, post_click
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 2), (2, "gunner", 11, 2)], seed=6)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=1.0)
    confirm_handover(app)
    pump(app)
    other = next(u for u in screen.top.tokens if u != battle.pending.actor)
    post_click(screen.top.tokens[other].center)
    pump(app)
    assert screen.selected == other
    rect, fastest = screen.top.speeds[2]
    post_click(rect.center)
    pump(app)
    assert screen.speed == fastest == 4.0
    post_click(screen.top.menu.center)
    pump(app)
    assert screen.overlay == "pause"


def test_the_first_token_starts_past_the_round_at_a_large_ui_scale(make_app):
    """At 1920x1080 the UI scale is 1.5: "Round 10" is ~110 px wide, and the first
    turn-order token stood at a fixed 96 px past the bar's edge, over its last digit."""
    from dataclasses import replace

    import pygame

    from game.ui import hud
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 2), (2, "gunner", 11, 2)], seed=6)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=1.0)
    theme.set_scale(1.5)
    try:
        rect = screen.rects["top"]
        words = theme.text("Round 10", 16, theme.ACCENT, bold=True).get_width()
        assert words > 96 - 10   # the case: the words reach the old fixed start
        tokens = hud.top_bar(app.surface, rect, replace(screen.view, round=10), set(screen.view.units),
                             "", [(pygame.Rect(rect.right - 300, rect.y + 7, 54, 26), 1.0)])
        first = min(r.x for r in tokens.values())
        assert first >= rect.x + 10 + words + 4
    finally:
        theme.set_scale(1.0)
