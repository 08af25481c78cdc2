"""d20 suppressing fire: a pinned unit is never left with no way on. Either it is
offered Move (and the window says Move is its way out), or the window says why it
has none this turn and that ending the turn is what is left.

d20-firearms.txt: "A creature that fails the save cannot move through the area or take
actions if they are within the area. ... A creature that starts its turn unprotected
inside the area must succeed this save or else move out of the area"."""

from __future__ import annotations

import pygame

from tests.ui.conftest import confirm_handover, field_battle, start_screen


def _preview_words(app, screen):
    import game.ui.theme as theme
    seen = []
    real = theme.text
    theme.text = lambda t, *a, **k: (seen.append(t), real(t, *a, **k))[1]
    try:
        screen.hover_tile = screen.cursor = None
        app.draw()
    finally:
        theme.text = real
    return " ".join(seen)


def _pinned_turns(make_app, prone: bool, seeds=range(40)):
    """Side 1's gunner lays suppressing fire on side 2's gunner; yields (app, screen,
    battle) at each side-2 turn that starts pinned (failed its save in the cone)."""
    from game.engine.components import Posture
    from game.rulesets.d20.options import failed_suppression_here
    for seed in seeds:
        battle = field_battle([(1, "gunner", 2, 5), (2, "gunner", 7, 5)], w=16, h=11, seed=seed)
        if battle.pending.side != 1:
            continue
        app = make_app()
        screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
        confirm_handover(app)
        sup = battle.pending.option("suppress")
        enemy = next(u for u in battle.units() if battle.team(u) == 2)
        if sup is None or not sup.targets:
            pygame.display.quit()
            continue
        aim = min(sup.targets, key=lambda t: abs(t[0] - 7) + abs(t[1] - 5))
        if prone:
            battle.get(enemy, Posture).value = "prone"     # the test's setup: it lies in the cone
        assert screen.controls.commit(sup, aim)
        while battle.pending is not None and battle.pending.side == 1:
            assert screen.controls.commit(battle.pending.option("end_turn"), None)
        confirm_handover(app)
        d = battle.pending
        if d is not None and d.actor == enemy and failed_suppression_here(battle, enemy):
            yield app, screen, battle
        pygame.display.quit()


def test_a_pinned_unit_has_move_or_is_told_why_not(make_app):
    pinned = 0
    for app, screen, battle in _pinned_turns(make_app, prone=False):
        pinned += 1
        keys = {o.key for o in battle.pending.options}
        words = _preview_words(app, screen)
        if "move" in keys:
            assert "Its only way on is to Move" in words, words
        else:
            assert "no way out this turn" in words and "End the turn" in words, words
        if pinned >= 2:
            break
    assert pinned >= 1, "no seed left side 2 pinned"


def test_a_pinned_unit_with_no_way_out_is_told_why(make_app):
    """Prone in the cone, it cannot walk (d20 offers no crawl) and standing up is an
    action the fire forbids: End turn is all it has. Asked, the window says why and
    what is left, instead of a bare End turn. (d20's flow ends such a turn without
    asking, with a log line saying why.)"""
    from game.engine.decisions import TURN, Decision
    from game.engine.components import Posture
    from tests.ui.conftest import gunner_duel
    app, battle, screen, me, enemy = gunner_duel(make_app)
    battle.get(me, Posture).value = "prone"
    from game.ui.snapshot import snapshot
    screen.view = snapshot(battle, screen.version + 1)
    screen.zones = [(enemy, battle.team(enemy), frozenset({battle.tile(me)}), "suppression", "Suppressing fire")]
    end = battle.pending.option("end_turn")
    screen.decision = Decision(me, battle.pending.side, TURN, (end,), "Pinned")
    words = _preview_words(app, screen)
    assert "Pinned down: no way out this turn" in words, words
    assert "It is prone" in words and "End the turn" in words
    assert screen.view.units[enemy].name in words


def test_d20_says_why_a_pinned_prone_unit_loses_its_turn():
    """A pinned prone unit: its turn ends without a decision (nothing but End turn is
    left), and the log says why (d20's flow, asked for by this window's request)."""
    from game.engine.components import Posture
    for seed in range(40):
        battle = field_battle([(1, "gunner", 2, 5), (2, "gunner", 7, 5)], w=16, h=11, seed=seed)
        if battle.pending.side != 1 or battle.pending.option("suppress") is None:
            continue
        enemy = next(u for u in battle.units() if battle.team(u) == 2)
        battle.get(enemy, Posture).value = "prone"
        sup = battle.pending.option("suppress")
        first = len(battle.log)
        battle.submit(sup.choice(min(sup.targets, key=lambda t: abs(t[0] - 7) + abs(t[1] - 5))))
        lines = [ev.describe() for ev in battle.log[first:]]
        failed = any("Willpower" in ln and "failure" in ln and battle.name(enemy) in ln for ln in lines)
        if failed:
            assert battle.pending is None or battle.pending.actor != enemy
            assert any(ln.startswith(f"{battle.name(enemy)} is pinned down by the fire with no way out")
                       for ln in lines), lines
            return
    raise AssertionError("no seed left the prone unit pinned")
