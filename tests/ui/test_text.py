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
            labels |= {o.label for o in d.options}
            battle.submit(ai[d.side].decide(battle, d))
        battle.close()
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
        lines, size = hud.fitted_label(label, hud.BUTTON_MIN_W - 10, 13, 52 - 4 - 13)
        whole = " ".join(lines) in (label, theme.printable(label))
        if not whole or size < 10:
            cut.append(label)
    assert not cut, cut
