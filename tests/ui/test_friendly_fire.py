"""An attack that can hurt the attacker's own side says so in its headline, with the
chance, and waits for a second press (issue 30, item 3)."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.engine.decisions import TARGET_TILE, TARGET_UNIT
from tests.ui.conftest import confirm_handover, field_battle, pump, start_screen


def _ally_melee(make_app):
    """d20: side 1's brawler in a Melee with its ally and an enemy (a Grapple group of
    three): its Melee attack is offered on the ally as on the enemy (issue 30: "Tab
    cycles to Melee attack -> Gunner 1-1, 65%")."""
    import dataclasses
    from game.engine import grapple
    from game.rulesets.d20.options import melee_option
    app = make_app()
    battle = field_battle([(1, "brawler", 3, 5), (1, "gunner", 4, 5), (2, "gunner", 4, 6)], seed=2)
    me = battle.pending.actor
    ally = next(u for u in battle.units(battle.team(me)) if u != me)
    enemy = next(u for u in battle.units() if battle.team(u) != battle.team(me))
    grapple.join(battle, me, enemy)
    grapple.join(battle, ally, enemy)
    melee = melee_option(battle, me)
    battle.pending = dataclasses.replace(battle.pending, options=(melee,) + tuple(battle.pending.options))
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    assert screen.decision.actor == me
    submitted = []
    screen.submit = lambda choice: submitted.append(choice) or True   # the flow never offered it
    screen.submitted = submitted
    return app, battle, screen, ally, melee


def test_an_attack_on_an_ally_is_headlined_and_asks_again(make_app):
    app, battle, screen, ally, opt = _ally_melee(make_app)
    assert opt is not None, "d20 offers an attack on an adjacent ally"
    risks = screen.controls.risks(opt, ally)
    assert [r.unit for r in risks] == [ally] and risks[0].how == "target"
    from game.ui import rules_view
    params = rules_view.fill_params(opt, ally, screen.params)
    odds = rules_view.odds(battle, screen.decision, opt.choice(ally, **params))
    assert risks[0].chance == odds.hit
    # the headline is drawn on the odds panel
    screen.armed, screen.cursor = opt.key, battle.tile(ally)
    drawn = []
    import game.ui.theme as theme
    real = theme.text

    def spy(s, *a, **k):
        drawn.append(s)
        return real(s, *a, **k)
    theme.text = spy
    try:
        pump(app)
    finally:
        theme.text = real
    name = screen.view.units[ally].name
    assert any("Can hit your own" in s and name in s and theme.percent(odds.hit) in s for s in drawn), drawn[:20]
    # the first press warns and submits nothing; the second attacks
    assert screen.controls.commit(opt, ally) is False
    assert screen.submitted == [] and "attack anyway" in screen.message
    assert screen.controls.commit(opt, ally) is True
    assert [c.target for c in screen.submitted] == [ally]


def test_the_warning_is_for_the_target_it_was_given_on(make_app):
    """Moving the pointer away forgets the first press: coming back asks again."""
    app, battle, screen, ally, opt = _ally_melee(make_app)
    screen.controls.commit(opt, ally)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 300), rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    screen.hover_tile = None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=screen.board.camera.tile_centre((8, 8)),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    assert screen.controls.commit(opt, ally) is False and screen.submitted == []


def test_an_enemy_attack_is_not_flagged(make_app):
    app, battle, screen, ally, opt = _ally_melee(make_app)
    enemy = next(u for u in battle.units() if battle.team(u) != battle.team(screen.decision.actor))
    for o in screen.decision.options:
        if o.offensive and o.target_kind == TARGET_UNIT and enemy in o.targets:
            assert screen.controls.risks(o, enemy) == []


def _view(units):
    from game.ui.snapshot import BoardView, UnitView  # noqa: F401 (the real view's `at`)
    by_id = {u.id: u for u in units}

    def at(tile):
        return sorted((u for u in units if u.tile == tile), key=lambda u: u.id)
    return SimpleNamespace(units=by_id, at=at)


def _unit(uid, team, tile):
    return SimpleNamespace(id=uid, team=team, tile=tile, active=True, name=f"U{uid}")


def test_a_shot_into_a_grapple_holding_an_ally_shares_the_hit():
    from game.ui.friendly_fire import allies_at_risk
    view = _view([_unit(1, 1, (0, 0)), _unit(2, 1, (5, 5)), _unit(3, 2, (5, 5))])
    opt = SimpleNamespace(offensive=True, target_kind=TARGET_UNIT)
    odds = SimpleNamespace(hit=0.8, notes=("a hit strikes one of 2 grappling units at random",))
    risks = allies_at_risk(view, SimpleNamespace(actor=1), opt, 3, odds)
    assert [(r.unit, r.how) for r in risks] == [(2, "grapple")] and abs(risks[0].chance - 0.4) < 1e-9
    # no random victim: a melee on the enemy there hurts only the enemy
    assert allies_at_risk(view, SimpleNamespace(actor=1), opt, 3, SimpleNamespace(hit=0.8, notes=())) == []


def test_an_area_catching_an_ally_is_flagged():
    from game.ui.friendly_fire import allies_at_risk, headline
    view = _view([_unit(1, 1, (0, 0)), _unit(2, 1, (5, 5)), _unit(3, 2, (6, 5))])
    opt = SimpleNamespace(offensive=True, target_kind=TARGET_TILE)
    risks = allies_at_risk(view, SimpleNamespace(actor=1), opt, (6, 5), None, area={(5, 5), (6, 5)})
    assert [(r.unit, r.how) for r in risks] == [(2, "area")]
    assert "U2" in headline(risks)


def test_d20_suppressing_fire_reads_its_cone():
    """The window reads d20's cone for a suppressing fire aimed at a tile."""
    from game.engine.decisions import Choice
    from game.ui import rules_view
    battle = field_battle([(1, "gunner", 2, 5), (1, "gunner", 5, 5), (2, "gunner", 12, 5)], seed=2)
    me = battle.pending.actor
    decision = battle.pending
    area = rules_view.attack_area(battle, decision, Choice("suppress", (8, 5)))
    assert area and (6, 5) in area
