"""Defects the soak found in the integrated game, each forced here in a few lines.

Action Block, soak seeds 500344 and 501471: a unit ended its move on an Unconscious
ally's tile (a body does not block), then Healing Word woke the ally: two standing
figures on one tile. [PROP] the woken one rolls aside to the nearest free space.
"""

from game.engine.components import Position
from game.engine.invariants import battle_errors
from game.engine.setup import new_battle
from game.rulesets.actionblock.health import heal, take_damage


def test_actionblock_a_character_woken_under_another_rolls_aside():
    b = new_battle("maps/arena.tmx", "actionblock", seed=0)
    try:
        mine = [u for u in b.units() if b.team(u) == 1]
        fallen, standing = mine[0], mine[1]
        from game.rulesets.actionblock.components import Health
        health = b.get(fallen, Health)
        take_damage(b, fallen, health.hp, "test")
        assert not b.active(fallen)
        pos = b.get(standing, Position)
        pos.x, pos.y = b.tile(fallen)  # an ally ends its move on the body
        heal(b, fallen, 5, "1d6 (5)", "Healing Word")
        assert b.active(fallen) and b.tile(fallen) != b.tile(standing)
        x, y = b.tile(fallen)
        assert b.map.walkable[x, y] and max(abs(x - pos.x), abs(y - pos.y)) == 1
        assert not [e for e in battle_errors(b) if "share" in e]
    finally:
        b.close()


def test_mahou_a_slam_that_knocks_the_held_out_then_lets_go():
    """Soak seeds 704690 and 705690 (mahou arena, random play): a Slam knocked the held
    foe out, which ended the hold and removed its entity; "then release" then asked that
    entity for its Hold: KeyError. The soak battle itself, replayed."""
    from game import soak
    from game.replay import maps_dir
    for seed in (704690, 705690):
        spec = soak.SoakBattle("mahou", str(maps_dir() / "arena.tmx"), ("random", "random"), seed, False)
        decisions, failures, _ = soak.play_checked(spec)
        assert failures == [] and decisions > 0
