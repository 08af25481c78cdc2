"""Hotseat under fog: the move preview's "who sees this tile" is the other side's fog
after the move, in every ruleset (issue 30, item 2: it asked line of fire, the fog asks
line of sight, and a Gunner the preview called unseen showed on the other side's board)."""

from __future__ import annotations

import pytest

from game.rulesets import REGISTRY
from tests.ui.conftest import confirm_handover, field_battle, start_screen

# a wall down the middle with a gap, and a few posts: on this field line of fire and
# line of sight disagree about (3, 7) seen from (11, 6)
WALLS = [(7, y) for y in range(0, 12) if y not in (5, 6)] + [(4, 2), (4, 3), (10, 8), (10, 9), (3, 8)]


@pytest.mark.parametrize("ruleset_id", sorted(REGISTRY))
def test_the_preview_sees_what_the_other_sides_fog_will(make_app, ruleset_id):
    app = make_app()
    battle = field_battle([(1, "gunner", 3, 5), (2, "gunner", 11, 6)], w=15, h=12, walls=WALLS,
                          seed=4, ruleset_id=ruleset_id)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, fog=True, speed=0)
    confirm_handover(app)
    assert screen.decision is not None
    me = screen.decision.actor
    mine = battle.team(me)
    enemy_team = next(t for t in battle.teams() if t != mine)
    enemies = [u for u in battle.units(enemy_team)]
    assert all(u in screen.shown_units() for u in enemies)   # nobody out of sight
    # units do not block sight: the other side's fog after the move is its fog now
    their_fog = screen.sight.of(enemy_team, screen.view)
    checked = 0
    for x in range(battle.map.width):
        for y in range(battle.map.height):
            if not battle.map.walkable[x, y]:
                continue
            seen = any(t.sees for t in screen.threats((x, y)))
            assert seen == bool(their_fog[x, y]), (ruleset_id, (x, y), seen)
            checked += 1
    assert checked > 100
