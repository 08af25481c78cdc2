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


def walled_map(folder: Path) -> Path:
    gids = [[WALL if ch == "#" else FLOOR for ch in row] for row in ROWS]
    props = {FLOOR - 1: {"walkable": ("bool", "true")},
             WALL - 1: {"walkable": ("bool", "false"), "blocks_sight": ("bool", "true")}}
    path = tiny_tmx(folder, [("layer", "ground", gids)], props, spawns=SPAWNS, name="walled.tmx")
    text = path.read_text(encoding="utf-8")
    for archetype in SIDE_TWO:
        text = text.replace('<property name="team" type="int" value="2"/></properties>',
                            f'<property name="team" type="int" value="2 "/><property name="archetype" '
                            f'value="{archetype}"/></properties>', 1)
    path.write_text(text.replace('value="2 "', 'value="2"'), encoding="utf-8")
    return path
