"""Text: no missing glyphs, no clipped labels, no raw ids."""

from __future__ import annotations

import pathlib

import pytest

from game.rulesets import REGISTRY


def test_every_symbol_the_game_writes_renders_or_has_a_plain_stand_in(make_app):
    from game.ui import theme
    make_app()
    chars = set()
    root = pathlib.Path(__file__).resolve().parents[2] / "game"
    for p in list(root.rglob("*.py")) + list(root.rglob("*.toml")):
        chars |= {c for c in p.read_text(encoding="utf-8") if ord(c) > 127}
    missing = sorted(c for c in chars if not theme._has_glyph(c) and c not in theme.FALLBACK)
    assert not missing, [(c, hex(ord(c))) for c in missing]
    assert theme.printable("range ≤ 30 ft") == "range <= 30 ft"


def _labels(ruleset_id: str) -> set[str]:
    """Every option label met in a short random battle on each shipped map."""
    return {label for label, _ in _met(ruleset_id)}


_MET: dict[str, set] = {}


def _met(ruleset_id: str) -> set[tuple[str, str]]:
    """(label, cost) of every option met in a short random battle on two shipped maps."""
    if ruleset_id in _MET:
        return _MET[ruleset_id]
    from game.ai import RandomController
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    labels: set[str] = set()
    for m in ("arena", "woodland"):
        battle = new_battle(maps_dir() / f"{m}.tmx", ruleset_id, seed=3, max_rounds=3)
        ai = {t: RandomController(7 + t) for t in battle.teams()}
        for _ in range(150):
            d = battle.pending
            if d is None:
                break
            labels |= {(o.label, o.cost) for o in d.options}
            battle.submit(ai[d.side].decide(battle, d))
        battle.close()
    _MET[ruleset_id] = labels
    return labels


@pytest.mark.parametrize("ruleset_id", sorted(REGISTRY))
def test_no_option_label_is_cut_off_on_its_button(make_app, ruleset_id):
    """At the narrowest button (the smallest window's bar) every label shows whole, on
    one line or wrapped onto two; and in a reaction button likewise."""
    from game.ui import hud, theme
    make_app()
    labels = _labels(ruleset_id)
    assert labels
    cut = []
    for label in sorted(labels):
        lines, size = hud.fitted_label(label, hud.BUTTON_MIN_W - 10, 13, 52 - 4 - 15)
        whole = " ".join(lines) in (label, theme.printable(label))
        if not whole or size < 10:
            cut.append(label)
    assert not cut, cut


def test_the_incoming_panel_reads_as_words_not_keys():
    from game.ui.context_words import context_lines
    ctx = {"trigger": "attack", "phase": "after", "attacker": 7, "target": 2, "hit_passive": 1.0,
           "hit_spot_parry": 0.753571, "expected_damage_passive": 2.65, "expected_damage_spot_parry": 1.99,
           "stance": "precise", "mode": "weapon", "roll": 11,
           "roll_text": "3d10 Math (10!+2=12, 6, 1) → 12 − 1 (own heavy cover) = 11",
           "needed": 6, "needed_from": "Passive Parry 6", "cover": 0}
    lines = [t for t, _ in context_lines(ctx, {})]
    text = " | ".join(lines)
    for raw in ("trigger", "phase", "roll text", "roll_text", "_", "expected damage", "hit passive"):
        assert raw not in text, (raw, text)
    assert "If passive: hit 100% · avg dmg 2.6" in lines or "If passive: hit 100% · avg dmg 2.7" in lines
    assert any(t.startswith("If spot parry: hit 75.4%") for t in lines)
    assert "Needs 6 (Passive Parry 6)" in lines
    assert any(t.startswith("Their roll: 3d10 Math") for t in lines)


def test_card_keys_and_parameter_values_read_as_words():
    from game.ui import hud
    assert hud.pretty("pdr") == "Physical DR" and hud.pretty("spell_dr") == "Spell DR"
    assert hud.param_value("gym:kite_shield") == "kite shield (gym)"
    assert hud.param_value("double_burst") == "double burst"


@pytest.mark.parametrize("ruleset_id", sorted(REGISTRY))
def test_each_ruleset_has_its_own_hint_and_a_rules_card_a_key_away(make_app, ruleset_id):
    import pygame

    from game.engine.setup import new_battle
    from game.replay import maps_dir
    from game.ui.playbook import FIRST_HINT, HOW_IT_PLAYS
    from tests.ui.conftest import confirm_handover, press, start_screen
    assert ruleset_id in FIRST_HINT and ruleset_id in HOW_IT_PLAYS
    if ruleset_id == "actionblock":   # moves are Sidestep / Charge there: no "blue tile" talk
        assert not any("blue" in ln.lower() for ln in FIRST_HINT[ruleset_id])
    app = make_app()
    screen = start_screen(app, new_battle(maps_dir() / "arena.tmx", ruleset_id, seed=5))
    confirm_handover(app)
    press(app, pygame.K_F2)
    assert screen.overlay == "rules"
    press(app, pygame.K_ESCAPE)
    assert screen.overlay is None


def test_a_condition_is_listed_once(make_app):
    import pygame

    from game.ui import hud
    from game.ui.snapshot import UnitView
    app = make_app()
    fields = {f: None for f in UnitView.__dataclass_fields__}
    u = UnitView(**{**fields, "id": 1, "name": "Gunner 1-1", "team": 1, "archetype": "gunner", "tile": (0, 0),
                    "active": False, "posture": "fallen", "hp": 0, "max_hp": 36, "partners": ()})
    seen = []
    real = hud.theme.text
    hud.theme.text = lambda s, *a, **k: (seen.append(s), real(s, *a, **k))[1]
    try:
        hud.unit_card(app.surface, pygame.Rect(0, 0, 260, 176), u, {"conditions": ["Incapacitated", "fallen"]}, False)
    finally:
        hud.theme.text = real
    text = " ".join(seen)
    assert text.count("fallen") == 1 and text.count("Incapacitated") == 1


def test_a_count_in_the_incoming_panel_is_not_read_as_a_unit():
    """actionblock's Dodge prompt says which bullet of a shotgun's it is: "bullets: 1"
    once read "Bullets: Brawler 1-1" (unit 1). A count is a count; one bullet says nothing."""
    from types import SimpleNamespace
    from game.ui.context_words import context_lines
    units = {1: SimpleNamespace(name="Brawler 1-1"), 3: SimpleNamespace(name="Gunner 2-1")}
    one = " | ".join(t for t, _ in context_lines({"trigger": "dodge", "attacker": 3, "target": 1,
                                                  "bullet": 0, "bullets": 1, "hits": 1}, units))
    assert "Brawler" not in one and "Bullet" not in one, one
    assert "Hits: 1" in one
    three = [t for t, _ in context_lines({"bullet": 2, "bullets": 3, "drawn_to": 3}, units)]
    assert "Bullet 2 of 3" in three and "Drawn to: Gunner 2-1" in three


@pytest.mark.parametrize("ruleset_id", sorted(REGISTRY))
def test_no_option_cost_is_cut_off_on_a_full_width_button(make_app, ruleset_id):
    """At the bar's full button width (a 1280-wide window) each option's cost shows
    beside its keycap in the ruleset's currency, whole ("1 Action per move", not "1
    Action per…"; action block's "0 Str, 1 Spd" with both) or its first clauses ("4
    Actions + Reaction"); narrower buttons may shorten it (the tooltip has it all)."""
    from game.ui import hud, theme
    make_app()
    cut = []
    for _, cost in sorted(_met(ruleset_id)):
        short = hud.short_cost(cost)
        text, _size = hud.cost_fitted(short, 128, 20)
        if short and (text.endswith("…") or not theme.printable(short).startswith(text)):
            cut.append(cost)
        if "Spd" in short:
            assert "Str" in text and "Spd" in text, text    # action block's two currencies both show
    assert not cut, cut


def test_the_unit_cards_name_clears_its_hit_point_bar_at_a_large_ui_scale(make_app):
    """At 1920x1080 (UI scale 1.5) the name, 36 px tall, stood at a fixed 26 px above the
    hit-point bar: "Gunslinger 1-1" sat on it. The bar now starts under the name as drawn."""
    import pygame

    from game.ui import hud, theme
    from game.ui.snapshot import UnitView
    app = make_app()
    theme.set_scale(1.5)
    try:
        surface = pygame.Surface((300, 320))
        surface.fill((0, 0, 0))
        u = UnitView(1, "Gunslinger 1-1", 1, (0, 0), 36, 36, True, "standing", "gunner")
        rect = hud.unit_card(surface, pygame.Rect(0, 0, 300, 320), u, {"type": "Gunslinger"}, False)
        name_bottom = rect.y + 8 + theme.font(17, True).get_height()
        # the bar's first row: the full-health colour, down the bar's left side
        column = [surface.get_at((rect.x + 20, y))[:3] for y in range(rect.y, rect.bottom)]
        bar_top = rect.y + next(y for y, c in enumerate(column) if c == theme.GOOD[:3])
        assert bar_top >= name_bottom - 2, (bar_top, name_bottom)
    finally:
        theme.set_scale(1.0)
