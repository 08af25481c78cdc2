"""Under fog of war the log names no unit the reader's side cannot see, and the
declaration panel names weapons as the log does.

The initiative line of an unseen enemy is not read at all; the declaration order counts
unseen units instead of naming them (`describe_for`, answered for the window by
`game.ui.declarations.fog_line`). The panel's "with" is the weapon's name, not its id.
"""

from game.rulesets.fate.events import DeclarationOrder, InitiativeRolled
from game.ui import declarations
from tests.fate.kit import ascii_map, attack, battle, events_of, initiative

WALLED = ["....#.......",
          "....#.......",
          "....#......."]


def test_initiative_and_declaration_order_name_only_units_the_side_sees():
    b = battle([(1, "gunner", 1, 1), (2, "soldier", 8, 1), (2, "soldier", 2, 2)],
               initiative(4, -4, 0), ascii_map(WALLED))
    me, hidden, seen = b.units()
    side_1_sees = {me, seen}.__contains__
    lines = {ev.unit: declarations.fog_line(ev, side_1_sees) for ev in events_of(b, InitiativeRolled)}
    assert lines[hidden] == (True, None)
    assert lines[seen][0] and lines[seen][1].startswith("Soldier 2-2 initiative")
    order = events_of(b, DeclarationOrder)[-1]
    handled, text = declarations.fog_line(order, side_1_sees)
    assert handled and "Soldier 2-1" not in text
    assert "Soldier 2-2" in text and "Gunslinger 1-1" in text and "1 unit out of sight" in text
    assert "Soldier 2-1" in order.describe()  # an all-seeing log still names everyone


def test_declaration_panel_names_the_weapon_as_the_log_does():
    b = battle([(1, "gunner", 1, 1), (2, "soldier", 5, 1)], initiative(-4, 4), ascii_map(["." * 12] * 3))
    me, soldier = b.units()
    attack(b, me, soldier, "machine_pistol")
    view = declarations.build(b.pending, {})
    entry = view.entries[0]
    assert entry.extra == "Machine pistol (AP rounds)"
    assert view.describe(entry, b.name) == "Attack → Soldier 2-1 with Machine pistol (AP rounds)"
