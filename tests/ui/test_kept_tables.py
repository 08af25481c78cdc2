"""The window's memo tables go through the one cache layer (game/kept.py): fog sight
and planned paths with the map, keyed on the tiles that decide them; the odds panel's
readings with the decision, emptied when it is answered. A kept answer is the one
worked out afresh, and a changed input is a new answer, never a stale one."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from game.kept import CATALOGUE, DECISION, MAP
from game.ui.decl_board import DeclarationReader
from game.ui.declarations import Entry
from game.ui.fog_of_war import FogOfWar
from game.ui.fog_words import side_sight
from game.ui.snapshot import snapshot
from tests.ui.conftest import confirm_handover, field_battle, hover_tile, start_screen


def test_the_windows_tables_are_declared_with_their_owners():
    owners = {name: CATALOGUE[name].owner for name in
              ("ui-fog-sight", "ui-planned-paths", "ui-previews", "ui-move-threats", "ui-ally-risks")}
    assert owners == {"ui-fog-sight": MAP, "ui-planned-paths": MAP, "ui-previews": DECISION,
                      "ui-move-threats": DECISION, "ui-ally-risks": DECISION}


def test_fog_sight_is_kept_with_the_map_by_the_tiles_the_side_stands_on():
    battle = field_battle([(1, "gunner", 2, 2), (1, "scout", 2, 6), (2, "gunner", 11, 5)],
                          walls=[(6, y) for y in range(0, 8)])
    fog = FogOfWar(battle.map)
    first, again = snapshot(battle, 0), snapshot(battle, 1)     # two boards, the same tiles
    seen = fog.of(1, first)
    assert np.array_equal(seen, side_sight(battle.map, [(2, 2), (2, 6)]))
    assert fog.of(1, again) is seen                               # one answer for both boards
    table = battle.map.kept.tables["ui-fog-sight"]
    assert (table.misses, table.hits) == (1, 1)
    # the other side stands elsewhere: its own answer, worked out afresh (the wall at
    # x = 6 hides the tiles behind it from side 2's gunner at (11, 5))
    theirs = fog.of(2, first)
    assert np.array_equal(theirs, side_sight(battle.map, [(11, 5)]))
    assert not theirs[2, 2] and seen[2, 2]
    assert table.misses == 2


def test_a_planned_path_is_kept_by_its_ends_and_the_units_in_the_way():
    battle = field_battle([(1, "gunner", 2, 5), (2, "gunner", 12, 1), (2, "gunner", 12, 8)])
    reader = DeclarationReader()
    units = snapshot(battle, 0).units
    mover = next(u for u in units.values() if u.tile == (2, 5))

    def entry() -> Entry:
        return Entry(unit=mover.id, name=mover.name, team=1, slot=1, kind="move", target=(8, 5), extra="",
                     secret=False, origin=(2, 5), to=(8, 5))
    straight = reader._planned_path(entry(), units, battle)
    assert straight[-1] == (8, 5) and (5, 5) in straight           # open ground: along the row
    # an enemy now stands on the row: the way goes round it, not the one kept before
    blocker = next(u for u in units.values() if u.tile == (12, 1))
    moved = dict(units)
    moved[blocker.id] = replace(blocker, tile=(5, 5))
    around = reader._planned_path(entry(), moved, battle)
    assert around[-1] == (8, 5) and (5, 5) not in around
    assert reader._planned_path(entry(), units, battle) == straight
    table = battle.map.kept.tables["ui-planned-paths"]
    assert (table.misses, table.hits) == (2, 1)


def test_the_odds_panels_readings_belong_to_the_decision(make_app):
    app = make_app()
    battle = next(b for b in (field_battle([(1, "gunner", 3, 5), (2, "gunner", 10, 5)], w=16, h=11, seed=s)
                              for s in range(60)) if b.pending.side == 1)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, speed=0)
    confirm_handover(app)
    me = battle.tile(battle.pending.actor)
    dest = (me[0] + 2, me[1])
    hover_tile(app, dest)
    shown = screen.preview()
    assert shown[0] == "move" and shown[2] == dest
    previews = battle.kept_now.tables["ui-previews"]
    held = len(previews)
    assert held >= 1 and screen.preview() is shown                 # asked again: the kept answer
    hits = previews.hits
    hover_tile(app, (dest[0], dest[1] + 1))
    hover_tile(app, dest)                                          # back to where it was
    assert screen.preview() is shown and previews.hits > hits
    assert len(battle.kept_now.tables["ui-move-threats"]) >= 1     # the frame asked who could shoot there
    screen.controls.commit(screen._smart_tile_option(), dest)     # the decision is answered
    assert len(previews) == 0 and len(battle.kept_now.tables["ui-move-threats"]) == 0
