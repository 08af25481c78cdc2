"""The map layouts, drawn as ASCII (legend in make_assets.TERRAIN / PROPS).

Every battle map is point-symmetric so both sides get the same ground: a layout
gives the west half (columns 0 .. width/2 - 1) and ``mirror`` rotates it 180 degrees
onto the east half. Team 1 deploys west, team 2 east.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

# Tiles that stand on something: they go to the objects layer of two-layer maps,
# with the ground beneath taken from their neighbours.
OBJECT_CHARS = set("T*Rc=sBbO&oq[]luAY")
SQUAD = ("brawler", "gunner", "marksman", "guardian", "scout")


@dataclass
class Design:
    name: str
    title: str
    description: str
    width: int
    height: int
    encoding: str
    layers: list  # ("layer", name, gids[y, x]) or ("group", name, [layers])
    spawns: list  # (x, y, team, archetype), or with a fifth: the rulesets it is for ("actionblock")
    chars: np.ndarray = field(repr=False)  # the full char grid, [y, x], for the preview
    feet_per_tile: int = 5
    uses_props: bool = False
    #: A scenario's map properties (scenario, briefing, round_limit...), empty for a plain map.
    mission: dict = field(default_factory=dict)
    #: A scenario's objectives, in tiles (scenario_designs explains the shape).
    objectives: list = field(default_factory=list)
    #: Tiled's orientation: "orthogonal", or "isometric" (the same grid drawn as diamonds).
    orientation: str = "orthogonal"
    #: The grid's tile size in px (an isometric diamond is twice as wide as high).
    tile: tuple = (32, 32)


def full_grid(west_half: str, width: int) -> np.ndarray:
    """Parse the west half and mirror it (180 degrees) into a [y, x] char grid."""
    rows = [r for r in west_half.strip("\n").split("\n")]
    half = width // 2
    for i, r in enumerate(rows):
        assert len(r) == half, f"row {i} is {len(r)} wide, expected {half}: {r!r}"
    grid = np.full((len(rows), width), "?", dtype="<U1")
    grid[:, :half] = np.array([list(r) for r in rows])
    grid[:, half:] = grid[::-1, :half][:, ::-1]
    return grid


def to_gids(chars: np.ndarray, table, directional, flip) -> np.ndarray:
    """Chars to Tiled gids; directional tiles on the mirrored (east) half get turned."""
    h, w = chars.shape
    gids = np.zeros((h, w), np.uint32)
    for y in range(h):
        for x in range(w):
            ch = chars[y, x]
            if ch == " ":
                continue
            gid = table[ch][0]
            if ch in directional and x >= w // 2:
                gid ^= flip  # XOR: a tile already flipped one way turns on round
            gids[y, x] = gid
    return gids


def split_layers(chars: np.ndarray, base: str) -> tuple[np.ndarray, np.ndarray]:
    """Ground chars (objects replaced by the ground around them) and object chars."""
    h, w = chars.shape
    ground = chars.copy()
    objects = np.full((h, w), " ", dtype="<U1")
    mask = np.isin(chars, list(OBJECT_CHARS))
    objects[mask] = chars[mask]
    for y, x in zip(*np.nonzero(mask)):
        near = [
            chars[j, i]
            for j in range(max(0, y - 1), min(h, y + 2))
            for i in range(max(0, x - 1), min(w, x + 2))
            if chars[j, i] not in OBJECT_CHARS
        ]
        ground[y, x] = Counter(near).most_common(1)[0][0] if near else base
    return ground, objects


def mirrored_spawns(west: list[tuple[int, int]], width: int, height: int, squad=SQUAD[:4]):
    spawns = [(x, y, 1, a) for (x, y), a in zip(west, squad)]
    spawns += [(width - 1 - x, height - 1 - y, 2, a) for (x, y), a in zip(west, squad)]
    return spawns


def preview(design: Design, table) -> str:
    return "\n".join("  " + "".join(row) for row in design.chars)


# --- arena: a 12x12 duel pit --------------------------------------------------
ARENA = """
|_____
|_O___
|___c_
|_____
|__s_O
|_____
|_____
|_=___
|_____
|_c___
|_O__s
|_____
"""


def arena(table, directional, flip) -> Design:
    chars = full_grid(ARENA, 12)
    return Design(
        "arena", "The Pit",
        "A 12x12 duel arena: pillars to break sight, a few crates and sandbags to fight from.",
        12, 12, "base64",
        [("layer", "arena", to_gids(chars, table, directional, flip))],
        mirrored_spawns([(1, 3), (1, 5), (1, 6), (1, 8)], 12, 12),
        chars,
    )


# --- warehouse: indoor, 24x20 -----------------------------------------------------
WAREHOUSE = """
############
#,,,,W,,,,,,
#,,,,#,,c,,,
#,,,,D,,cc,,
#,,,,#,,,,,,
##W###,,,,bb
#,,,,,,,,,,,
D,,,,,c,,,,,
#,,s,,,,,bbb
D,,s,,,,,,,,
#,,s,,,,,,,B
#,,,,,,=,,,B
#,,,,,,=,,,,
#,bb,,,,,bbb
#,,,,,,,,,,,
#22cc,,,,,,,
#22<,,,,###D
#22,,,,,#,,,
#,,,,,,,W,,,
############
"""


def warehouse(table, directional, flip) -> Design:
    chars = full_grid(WAREHOUSE, 24)
    ground, objects = split_layers(chars, ",")
    return Design(
        "warehouse", "Warehouse",
        "Indoor fight: loading doors on both ends, an office and a raised dock each side, "
        "shelving lanes of boxes and a crate maze in the middle.",
        24, 20, "base64+zlib",
        [
            ("layer", "floor", to_gids(ground, table, directional, flip)),
            ("layer", "objects", to_gids(objects, table, directional, flip)),
        ],
        mirrored_spawns([(1, 6), (1, 8), (2, 11), (1, 14)], 24, 20),
        chars,
    )


# --- woodland: outdoor 32x32, the bench battle map ----------------------------
# A stream splits the field north-south: a bridge in the north, a slow ford in
# the middle, a bridge in the south. Woods on the north flank, a tall-grass field
# to creep through, rocks as firing posts by the water, brambles to the south.
WOODLAND = """
TTT*TT''TTT*''T~
T''';;;'*T'''''~
*''T';;;;''''T'~
''''''T;;'R''''~
'*''=='''''RR''~
'':::::''T'''%'~
''::'''::::'%%'~
'''''''''::::::n
''*''''''''R'''~
''''^^''''''T''~
'''^^^^''*'''''~
''''^^'';;;'''R~
'*''''';;;;;'''~
'''''';;;;;;;''~
''''';;;;*;;;:%f
'::::::::;;;:::f
'''R'';;;;;;'''~
''''';;;;;'''R'~
''*''';;;;''''R~
'''''''=='''''T~
''T'''''*'''''T~
'''''&&&&''''''~
'''''''''''*'''~
'''%'''''''''''~
''%%%''':::::::n
'''%''':::''R''~
'*'''''::'*''''~
'''''T::''''TT'~
''''';;''''*T''~
'T''';;;;''T'''~
TT'*';;;''TTT''~
TTTT''''*TTTT*'~
"""


def woodland(table, directional, flip) -> Design:
    chars = full_grid(WOODLAND, 32)
    ground, objects = split_layers(chars, "'")
    return Design(
        "woodland", "Woodland Crossing",
        "Two bridges and a ford over a stream; woods, tall grass and brambles on both banks.",
        32, 32, "csv",
        [("group", "terrain", [
            ("layer", "ground", to_gids(ground, table, directional, flip)),
            ("layer", "vegetation", to_gids(objects, table, directional, flip)),
        ])],
        mirrored_spawns([(1, 12), (2, 14), (1, 16), (2, 18), (0, 15)], 32, 32, SQUAD),
        chars,
    )


# --- ridge: high ground in the middle ----------------------------------------------
# The crest (elevation 2) runs north-south through the centre, flanked by
# slopes (1). Cliffs close most of the slope, so the hill is climbed by ramps and
# stairs; whoever holds the crest shoots over the cover on the low ground.
RIDGE = """
''''''q'''XhHH
'u'''''''XhhHH
'''o'''''rhhRH
''''''l''XhhHH
'[]'''''''XhHH
''''''''''XhHH
';;''u'''/hhHH
';;;'''''XhhRH
'';''''''XhhHH
''''o'''''XhHH
'''''''''rhhHH
''''A'''''XhHH
'''''''u'''XhH
''l'''''''XhHH
;;''''''''rhRH
;;;''o''''XhHH
''''''''''XhHH
'Y'''''u'/hhHH
''''[]'''XhhHH
''''''''''XhHH
"""


def ridge(table, directional, flip) -> Design:
    chars = full_grid(RIDGE, 28)
    ground, objects = split_layers(chars, "'")
    return Design(
        "ridge", "The Ridge",
        "A central ridge with cliffs, climbed by ramps and stairs; the crest overlooks both camps.",
        28, 20, "base64+gzip",
        [
            ("layer", "ground", to_gids(ground, table, directional, flip)),
            ("layer", "props", to_gids(objects, table, directional, flip)),
        ],
        mirrored_spawns([(1, 3), (2, 8), (1, 12), (2, 16)], 28, 20),
        chars,
        uses_props=True,
    )


# --- bench128: 128x128 for benchmarks ----------------------------------------------
def bench128(table, directional, flip) -> Design:
    """A 4x4 patchwork of woodland and warehouse blocks, turned so no block repeats exactly."""
    wood = full_grid(WOODLAND, 32)
    house = np.full((32, 32), "'", dtype="<U1")
    house[6:26, 4:28] = full_grid(WAREHOUSE, 24)
    blocks = [wood, house]
    chars = np.full((128, 128), "'", dtype="<U1")
    for by in range(4):
        for bx in range(4):
            block = blocks[(bx + by) % 2 if (bx, by) not in ((0, 1), (3, 2)) else 0]
            block = np.rot90(block, (bx * 3 + by) % 4)
            chars[by * 32:(by + 1) * 32, bx * 32:(bx + 1) * 32] = block
    # A dirt road across the middle so the halves always connect.
    chars[63:65, :] = ":"
    walk = np.vectorize(lambda c: table[c][1].get("walkable", True))(chars)
    spawns = []
    for team, col in ((1, 1), (2, 126)):
        wanted = [50, 58, 63, 70, 78]
        for y0, archetype in zip(wanted, SQUAD):
            y = next(y for y in range(y0, 128) if walk[y, col] and (col, y) not in {(s[0], s[1]) for s in spawns})
            spawns.append((col, y, team, archetype))
    ground, objects = split_layers(chars, "'")
    return Design(
        "bench128", "Bench 128",
        "A 128x128 patchwork of woodland and warehouse blocks for timing the world layer.",
        128, 128, "base64+zlib",
        [
            ("layer", "ground", to_gids(ground, table, set(), 0)),
            ("layer", "objects", to_gids(objects, table, set(), 0)),
        ],
        spawns,
        chars,
    )


# --- courtyard: the isometric map, 16x16 --------------------------------------------
# A small house in the middle (a door on each side, a window), hedges and crates on
# the lawn, a dirt path to each door. One layer, so the painter's order (back to
# front) holds for every block; nothing directional, since a flipped block would
# stand on its head.
COURTYARD = """
''''''''
'T'''''c
''''';''
''s'';;'
''''''''
''''=:##
'c''':#,
::::::D,
''''''W,
''&'''#,
''&'''##
''''''''
'''c''''
'*''''s'
''''''''
'''T''''
"""


def courtyard(table, directional, flip) -> Design:
    chars = full_grid(COURTYARD, 16)
    return Design(
        "courtyard", "The Courtyard (isometric)",
        "An isometric 16x16 lawn round a small house with a door on each side; hedges, "
        "crates and sandbags to fight from.",
        16, 16, "csv",
        [("layer", "ground", to_gids(chars, table, set(), 0))],
        mirrored_spawns([(0, 4), (1, 7), (0, 9), (1, 11), (0, 12)], 16, 16, SQUAD),
        chars,
        orientation="isometric", tile=(64, 32),
    )


def all_designs(table, directional, flip):
    for make in (arena, warehouse, woodland, ridge, bench128, courtyard):
        yield make(table, directional, flip)
