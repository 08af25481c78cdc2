"""Movement Actions: Sidestep 5 ft, Fast Sidestep 10 ft (any direction, then any
facing), Charge 10 ft / Fast Charge 20 ft within 60° of the facing at the start of the
Action Block (ending facing the way moved), Turn, and the grid rules [GAME]."""

from game.engine.components import Facing
from tests.actionblock.kit import answer, ascii_map, battle, offered


def test_sidestep_one_tile_any_direction_then_any_facing():
    b = battle([(1, "swordsman", 5, 5), (2, "target", 9, 9)], [])
    me, _ = b.units()
    targets = set(b.pending.option("sidestep").targets)
    assert targets == {(x, y) for x in (4, 5, 6) for y in (4, 5, 6)} - {(5, 5)}
    answer(b, "sidestep", (4, 5), facing="s")
    assert b.tile(me) == (4, 5)
    f = b.get(me, Facing)
    assert (f.dx, f.dy) == (0, 1)


def test_fast_sidestep_up_to_two_tiles_straight():
    b = battle([(1, "swordsman", 5, 5), (2, "target", 9, 9)], [])
    targets = set(b.pending.option("fast_sidestep").targets)
    assert (7, 7) in targets and (3, 5) in targets and (5, 4) in targets
    assert (7, 6) not in targets  # not a straight line
    assert (8, 5) not in targets  # 15 ft


def test_charge_cone_is_the_facing_and_45_degrees_either_side():
    """[PROP] 60° of the facing on 8 directions: the facing and its two neighbours."""
    b = battle([(1, "swordsman", 5, 5), (2, "target", 9, 5)], [])  # faces east
    me, _ = b.units()
    f = b.get(me, Facing)
    assert (f.dx, f.dy) == (1, 0)
    charge = set(b.pending.option("charge").targets)
    assert charge == {(6, 5), (7, 5), (6, 4), (7, 3), (6, 6), (7, 7)}
    fast = set(b.pending.option("fast_charge").targets)
    assert (8, 5) in fast and (9, 5) not in fast  # the target's own tile
    assert (4, 5) not in fast  # behind


def test_charge_ends_facing_the_way_moved():
    b = battle([(1, "swordsman", 5, 5), (2, "target", 9, 9)], [])  # faces south-east
    me, _ = b.units()
    answer(b, "charge", (7, 7))
    f = b.get(me, Facing)
    assert (f.dx, f.dy) == (1, 1)


def test_no_move_through_units_or_walls_or_wall_corners():
    tmap = ascii_map(["......",
                      ".#....",
                      "......",
                      "......"])
    b = battle([(1, "swordsman", 0, 0), (2, "target", 2, 0)], [], tmap=tmap)
    fast = set(b.pending.option("fast_sidestep").targets)
    assert (1, 1) not in fast  # a wall
    assert (2, 0) not in fast and (3, 0) not in fast  # a unit, and beyond it
    assert (0, 2) in fast
    b2 = battle([(1, "swordsman", 0, 1), (2, "target", 5, 3)], [], tmap=tmap)
    side = set(b2.pending.option("sidestep").targets)
    assert (1, 0) not in side and (1, 2) not in side  # diagonals past the wall's corner


def test_rough_ground_costs_double():
    tmap = ascii_map([".~....", "......"])
    b = battle([(1, "swordsman", 0, 0), (2, "target", 5, 1)], [], tmap=tmap)
    assert (1, 0) not in b.pending.option("sidestep").targets
    fast = b.pending.option("fast_sidestep").targets
    assert (1, 0) in fast and (2, 0) not in fast


def test_turn_faces_any_direction_for_free():
    b = battle([(1, "swordsman", 5, 5), (2, "target", 9, 5)], [])
    me, _ = b.units()
    opt = b.pending.option("turn")
    assert opt.params["facing"][0] != "e"  # facing east already: not offered again
    answer(b, "turn", facing="n")
    f = b.get(me, Facing)
    assert (f.dx, f.dy) == (0, -1)
    assert "charge" not in offered(b)  # the Movement Action is spent


def test_teleport_costs_ghost_hp_per_foot():
    """Teleport (rank 2): up to 10 ft, 1 Ghost HP per foot."""
    from game.rulesets.actionblock.components import Ghost
    b = battle([(1, "scout", 5, 5), (2, "target", 9, 9)], [])
    me, _ = b.units()
    tiles = set(b.pending.option("teleport").targets)
    assert (7, 5) in tiles and (8, 5) not in tiles
    answer(b, "teleport", (7, 3), facing="moved")
    assert b.tile(me) == (7, 3)
    assert b.get(me, Ghost).ghost == 12 - 10  # the scout template: Maximum Ghost HP 12


def test_preview_move_names_the_cheapest_action():
    b = battle([(1, "swordsman", 5, 5), (2, "target", 9, 5)], [])
    me, _ = b.units()
    preview = b.ruleset.preview_move(b, me, (7, 5))
    assert preview.path == ((6, 5), (7, 5)) and preview.cost.startswith("Charge") and preview.band == 0
    assert b.ruleset.preview_move(b, me, (5, 7)).cost.startswith("Fast Sidestep")
    assert b.ruleset.preview_move(b, me, (20, 5)) is None


def test_threats_at_a_tile():
    """The window's threat view: who could attack the unit on a tile."""
    b = battle([(1, "swordsman", 5, 5), (2, "pistoleer", 9, 5), (2, "slow", 20, 5)],
               [6, 6, 6, 1, 1, 1])  # the two Max Speed 10 units roll off
    me, gun, far = b.units()
    threats = {t.unit: t for t in b.ruleset.threats_at(b, me, (6, 5), [gun, far])}
    assert threats[gun].sees and threats[gun].can_shoot
    assert not threats[far].can_shoot
