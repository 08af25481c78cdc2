"""Keys: W A S D only ever pan (in every ruleset), each action keeps its letter for the
whole battle, and the buttons show the key apart from the cost."""

from __future__ import annotations

import pygame
import pytest

from game.engine.decisions import Option
from game.rulesets import REGISTRY
from game.ui.hotkeys import RESERVED, Hotkeys
from tests.ui.conftest import confirm_handover, press, pump, start_screen


@pytest.mark.parametrize("ruleset_id", sorted(REGISTRY))
def test_panning_keys_never_trigger_an_action(make_app, ruleset_id):
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    app = make_app()
    battle = new_battle(maps_dir() / "woodland.tmx", ruleset_id, seed=5)
    screen = start_screen(app, battle)
    confirm_handover(app)
    decision = battle.pending
    assert screen.decision is decision
    cam = screen.board.camera
    for key, ch in ((pygame.K_w, "w"), (pygame.K_a, "a"), (pygame.K_s, "s"), (pygame.K_d, "d")):
        before = (cam.x, cam.y)
        choices = len(battle.choices)
        press(app, key, ch)
        assert screen.armed is None, (ruleset_id, ch, screen.armed)
        assert len(battle.choices) == choices and battle.pending is decision
        assert all(screen.hotkeys.of(o) not in RESERVED for o in decision.options)
        if key == pygame.K_w:
            cam.centre_on_tile((battle.map.width // 2, battle.map.height // 2))
            before = (cam.x, cam.y)
            press(app, key, ch)
            assert (cam.x, cam.y) != before, "W pans the map"


def _opt(key, label, hotkey=""):
    return Option(key=key, label=label, hotkey=hotkey)


def test_a_letter_stays_with_its_action_when_other_buttons_come_and_go():
    keys = Hotkeys()
    first = [_opt("move", "Move", "m"), _opt("swap", "Swap weapon", "w"), _opt("stealth", "Stealth", "t"),
             _opt("end_turn", "End turn", "e")]
    keys.assign(first)
    letters = {o.key: keys.of(o) for o in first}
    assert letters["move"] == "m" and letters["end_turn"] == "e" and letters["stealth"] == "t"
    assert letters["swap"] not in RESERVED and len(set(letters.values())) == 4
    # the next turn: Swap weapon is gone, a new option wants Stealth's letter
    later = [_opt("move", "Move", "m"), _opt("throw", "Throw", "t"), _opt("stealth", "Stealth", "s"),
             _opt("end_turn", "End turn", "e")]
    keys.assign(later)
    assert {o.key: keys.of(o) for o in later if o.key in letters} == \
        {k: v for k, v in letters.items() if k != "swap"}
    assert keys.of(later[1]) not in set(letters.values()) | RESERVED


def test_buttons_show_the_key_and_the_cost_apart(make_app):
    """The keycap (an accent-edged box) sits at the button's bottom left; the cost is dim
    words beside it, not "M · 1"; the label has the top."""
    from game.ui import hud, theme
    app = make_app()
    surf = app.surface
    surf.fill((0, 0, 0))
    r = pygame.Rect(10, 10, 120, 52)
    hud.option_button(surf, r, "Move", "m", "1 Action per move")
    keycap = [surf.get_at((x, y))[:3] for x in range(r.x + 2, r.x + 24) for y in range(r.bottom - 18, r.bottom)]
    assert theme.ACCENT in keycap
    # dim text (the cost) right of the keycap, and no accent there
    cost = [surf.get_at((x, y))[:3] for x in range(r.x + 30, r.right - 4) for y in range(r.bottom - 13, r.bottom)]
    assert theme.ACCENT not in cost
    assert any(c[0] > theme.BUTTON[0] + 30 for c in cost)
    # the label's pixels are all above the bottom row
    top = [surf.get_at((x, y))[:3] for x in range(r.x + 4, r.right - 4) for y in range(r.y + 4, r.bottom - 18)]
    assert any(c[0] > 180 for c in top)
    assert hud.short_cost("1 Action per move (split allowed)") == "1 Action per move"
