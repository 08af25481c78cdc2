"""What the odds panel says: never two figures for the same thing that disagree."""

from __future__ import annotations

import pygame

from game.engine.odds import Odds


def _drawn(fn):
    import game.ui.theme as theme
    seen, real = [], theme.text

    def spy(s, *a, **k):
        seen.append(s)
        return real(s, *a, **k)
    theme.text = spy
    try:
        fn()
    finally:
        theme.text = real
    return seen


def test_the_rulesets_own_out_of_the_fight_chance_replaces_the_windows_guess(make_app):
    from game.ui import hud
    app = make_app()
    rect = pygame.Rect(0, 0, 340, 236)
    five = Odds(0.6, 0.1, {0: 0.4, 1: 0.5, 2: 0.1}, (("Strike", 3),), 7,
                ("Takes Gunner 2-1 out of the fight: 1.0% (each side choosing the Damaged ability well)",))
    seen = _drawn(lambda: hud.odds_panel(app.surface, rect, "Strike → Gunner 2-1", five, 2, {}))
    assert not any("takes them down" in s for s in seen)
    assert any("out of the fight: 1.0%" in s for s in seen)
    plain = Odds(0.6, 0.1, {0: 0.4, 4: 0.5, 8: 0.1}, (("Shoot", 3),), 12)
    seen = _drawn(lambda: hud.odds_panel(app.surface, rect, "Shoot → Gunner 2-1", plain, 8, {}))
    assert "takes them down: 10%" in seen


def test_a_choice_with_no_roll_says_what_it_does(make_app):
    # Seen under Xvfb: a 4dF Aim at Riot guard 2-1 showed only "No odds for this
    # choice."; an Aim rolls nothing, but the player still needs to read its effect.
    from game.ui import hud
    app = make_app()
    rect = pygame.Rect(0, 0, 340, 236)
    aim = "+1 to your next thrown or projectile attack on this target"
    seen = _drawn(lambda: hud.odds_panel(app.surface, rect, "Aim → Riot guard 2-1", None, 36, {}, aim))
    assert any(s.startswith("+1 to your next thrown") for s in seen)
    seen = _drawn(lambda: hud.odds_panel(app.surface, rect, "Hold", None, None, {}))
    assert "No roll: nothing to predict." in seen


def test_a_fire_mode_clicked_before_arming_arms_the_attack_with_it(make_app):
    from tests.ui.conftest import click_tile, confirm_handover, field_battle, post_click, pump, start_screen
    app = make_app()
    battle = next(b for b in (field_battle([(1, "gunner", 3, 4), (2, "gunner", 8, 4)], seed=s) for s in range(50))
                  if b.pending.side == 1)
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, speed=0)
    confirm_handover(app)
    pump(app)
    burst = next(r for r, name, value, enabled in screen.rects["param_buttons"] if value == "burst" and enabled)
    post_click(burst.center)
    pump(app)
    assert screen.armed == "shoot" and screen.params.get("mode") == "burst"
    enemy = next(u for u in battle.units() if battle.team(u) == 2)
    click_tile(app, battle.tile(enemy))
    shot = battle.choices[-1]
    assert shot.option == "shoot" and shot.param("mode") == "burst"


def test_an_initiative_tie_reroll_reads_as_a_tie_broken_not_a_new_total(make_app):
    from game.rulesets.d20.events import InitiativeRolled
    from game.ui.log_panel import LogPanel
    log = LogPanel()
    note = "(reroll to break a tie at 4)"
    log.add_events([InitiativeRolled(1, "Scout 1-1", 3, 1, 4), InitiativeRolled(2, "Gunner 2-1", 2, 2, 4),
                    InitiativeRolled(1, "Scout 1-1", 13, 1, 14, note),
                    InitiativeRolled(2, "Gunner 2-1", 5, 2, 7, note)])
    lines = log.texts()
    assert lines[2].strip() == "Scout 1-1 ties at 4 with Gunner 2-1; reroll d20 13 + 1 = 14 puts it first among them"
    assert lines[3].strip() == "Gunner 2-1 ties at 4 with Scout 1-1; reroll d20 5 + 2 = 7 puts it second among them"
    assert lines[0].strip() == "Scout 1-1 initiative: d20 3 + 1 = 4"


def test_a_greyed_choice_says_why_on_hover(make_app):
    from tests.ui.conftest import confirm_handover, field_battle, hover_tile, post_move, pump, start_screen
    app = make_app()
    # far enough that a burst is beyond the first range band, near enough to shoot
    for s in range(80):
        battle = field_battle([(1, "gunner", 1, 4), (2, "gunner", 13, 4)], w=16, h=9, seed=s)
        shoot = battle.pending.option("shoot") if battle.pending.side == 1 else None
        if shoot and shoot.targets:
            lim = shoot.params_for(shoot.targets[0]).get("mode", ())
            if "burst" not in lim:
                break
    else:
        import pytest
        pytest.skip("no position with a greyed burst")
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    hover_tile(app, battle.tile(shoot.targets[0]))
    pump(app)
    greyed = next(r for r, name, v, ok in screen.rects["param_buttons"] if v == "burst" and not ok)
    seen = []
    import game.ui.theme as theme
    real = theme.text
    theme.text = lambda t, *a, **k: (seen.append(t), real(t, *a, **k))[1]
    try:
        screen.hover_tile = battle.tile(shoot.targets[0])
        app.mouse = greyed.center
        app.draw()
    finally:
        theme.text = real
    assert any("burst: not allowed here" in t for t in seen)
    assert any("first range band" in t for t in seen)
