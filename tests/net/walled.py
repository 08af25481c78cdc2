"""A small map where the two sides never see each other: two rooms, walled apart (a
fog test needs enemies that stay hidden; tests/net/test_battles.py plays the ridge,
where sides see each other in part)."""

from __future__ import annotations

from pathlib import Path

from tests.world.worldkit import tiny_tmx

ROWS = ["......#.#....."] * 9  # two rooms: no path and no sight between them
FLOOR, WALL = 1, 2
SPAWNS = ((1, 2, 1), (1, 4, 1), (2, 6, 1), (12, 2, 2), (12, 4, 2), (11, 6, 2))
#: Side 2 fields other archetypes than side 1, so a hidden enemy's template is a word
#: side 1 has no other reason to read.
SIDE_TWO = ("guardian", "scout", "guardian")


#: A hold zone over side 2's room (tiles x 9-13): side 2 stands in it from the start, out
#: of side 1's sight, so side 1 reads the zone and side 2's points but never who holds it.
EAST_ROOM = ('<objectgroup id="98" name="objectives"><object id="97" name="East Room" x="288" y="0" '
             'width="160" height="288"><properties><property name="kind" value="hold"/>'
             '<property name="points" type="int" value="2"/></properties></object></objectgroup>')


def walled_map(folder: Path, zone: bool = False) -> Path:
    """The walled map; with `zone`, a scenario: a hold zone over side 2's room."""
    gids = [[WALL if ch == "#" else FLOOR for ch in row] for row in ROWS]
    props = {FLOOR - 1: {"walkable": ("bool", "true")},
             WALL - 1: {"walkable": ("bool", "false"), "blocks_sight": ("bool", "true")}}
    path = tiny_tmx(folder, [("layer", "ground", gids)], props, spawns=SPAWNS, name="walled.tmx")
    text = path.read_text(encoding="utf-8")
    for archetype in SIDE_TWO:
        text = text.replace('<property name="team" type="int" value="2"/></properties>',
                            f'<property name="team" type="int" value="2 "/><property name="archetype" '
                            f'value="{archetype}"/></properties>', 1)
    text = text.replace('value="2 "', 'value="2"')
    if zone:
        text = text.replace("</map>", EAST_ROOM + "</map>")
    path.write_text(text, encoding="utf-8")
    return path
