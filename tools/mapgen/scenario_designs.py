"""The shipped scenarios: four layouts, two missions on each (issue 28).

A scenario is a whole map file (its mission lives in the map's properties and an
``objectives`` layer, maps/README.md "Scenarios"), so each mission here is one
``Design`` that shares its layout with its sister mission. Layouts are drawn like
map_designs' (west half, point-mirrored); the sides need not be: asymmetric missions
give the attacker more spawns than the defender.

Objectives are written in tiles here and in pixels in the file:
``("hold" | "exit", name, (x, y, w, h), {props})`` is a rectangle of tiles, and
``("vip", name, (x, y), {props})`` a point on the spawn at tile (x, y).

An asymmetric mission gives a side another default squad in a ruleset where its
spawns' squad is not fair (``squads``: {(side, ruleset): units in spawn order}, written
as the map properties ``squad_<side>.<ruleset>``, maps/README.md): the rulesets weigh
the same archetypes differently. Each was tuned blind against blind (both sides the
normal AI ignoring the mission) to side 1 winning 40-60% of 100 battles (docs/ai.md,
"Per-ruleset squads").
"""

from __future__ import annotations

from map_designs import SQUAD, Design, full_grid, split_layers, to_gids

B, G, M, D, S = SQUAD  # brawler, gunner, marksman, guardian, scout


def _side(team: int, places, squad) -> list:
    return [(x, y, team, a) for (x, y), a in zip(places, squad)]


def _mirror(team: int, places, squad, width: int, height: int) -> list:
    """The same deployment on the far side, turned 180 degrees like the ground."""
    return [(width - 1 - x, height - 1 - y, team, a) for (x, y), a in zip(places, squad)]


RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")


def _mission(layout, name: str, title: str, description: str, spawns: list, mission: dict,
             objectives: list, table, directional, flip, squads: dict | None = None,
             terms: dict | None = None) -> Design:
    # the file lists spawns by side, then row, then column (the maps' convention)
    spawns = sorted(spawns, key=lambda s: (s[2], s[1], s[0]))
    for (side, ruleset), units in sorted((squads or {}).items(), key=lambda i: (i[0][0], RULESETS.index(i[0][1]))):
        mission = {**mission, f"squad_{side}.{ruleset}": ",".join(units)}
    for (term, ruleset), value in sorted((terms or {}).items(), key=lambda i: (RULESETS.index(i[0][1]), i[0][0])):
        mission = {**mission, f"{term}.{ruleset}": value}
    chars = full_grid(layout["rows"], layout["width"])
    ground, objects = split_layers(chars, layout["base"])
    return Design(
        name, title, description, layout["width"], chars.shape[0], "csv",
        [("layer", "ground", to_gids(ground, table, directional, flip)),
         ("layer", "objects", to_gids(objects, table, directional, flip))],
        spawns, chars, mission=mission, objectives=objectives,
    )


# --- crossroads: a village where two roads meet, 24 x 16 -----------------------------
# Cottages in the corners, a well in the middle of the crossing, hedges and low walls
# along the lanes. Symmetric missions: hold the crossing, or three places for points.
CROSSROADS = {"width": 24, "base": "'", "rows": """
''''''''*'::
'####'''''::
'#..#''=''::
'#..D'''''::
'##W#'''''::
'''''''*''::
''&&&'''''::
::::::::::;O
::::::::::::
''''''''''::
'=''s'''''::
''''''''*'::
'&&''''R''::
''''''''''::
'*''''''''::
''''''T'''::
"""}

CROSSROADS_WEST = [(0, 5), (1, 7), (0, 9), (2, 10), (0, 11)]


#: Stop 41: in fate the first round alone at the well wins, and each side fields a second
#: gunner for its brawler (the squads mirror-image, side 2's read the other way round):
#: aware against blind 61 -> 91%, mirror side 1 54%, none drawn (200 battles; with the
#: brawler 74%, 50%; the point alone 65-69%)
WELL_SQUADS = {(1, "fate"): (G, G, M, D), (2, "fate"): (D, M, G, G)}
WELL_TERMS = {("victory_points", "fate"): 1}


def crossroads_well(table, directional, flip) -> Design:
    return _mission(
        CROSSROADS, "crossroads_well", "Crossroads: the Well",
        "A village crossing with a well in the middle: whoever holds it at the end of a round scores.",
        _side(1, CROSSROADS_WEST[:4], SQUAD) + _mirror(2, CROSSROADS_WEST[:4], SQUAD, 24, 16),
        {"scenario": "Hold the Well",
         "briefing": "Both squads need the village well. At the end of each round, a side with a "
                     "unit at the crossing and no enemy there scores a point; the first to "
                     "{victory_points} wins. After {round_limit} rounds, the side with more points wins.",
         "round_limit": 20, "victory_points": 2},
        [("hold", "The Well", (9, 6, 6, 4), {"points": 1})],
        table, directional, flip, WELL_SQUADS, WELL_TERMS,
    )


def crossroads_farms(table, directional, flip) -> Design:
    return _mission(
        CROSSROADS, "crossroads_farms", "Crossroads: Three Farms",
        "Three places in the village score each round: the crossing is worth two, the lanes one each.",
        _side(1, CROSSROADS_WEST, SQUAD) + _mirror(2, CROSSROADS_WEST, SQUAD, 24, 16),
        {"scenario": "Three Farms",
         "briefing": "Spread out. At the end of each round the north lane and the south lane score "
                     "1 point each and the crossing 2, for a side that holds them alone; the "
                     "first to {victory_points} wins. After {round_limit} rounds, the side with more "
                     "points wins.",
         "round_limit": 10, "victory_points": 4},
        [("hold", "Crossing", (10, 6, 4, 4), {"points": 2}),
         ("hold", "North Lane", (10, 0, 4, 3), {"points": 1}),
         ("hold", "South Lane", (10, 13, 4, 3), {"points": 1})],
        table, directional, flip,
    )


# --- depot: a walled supply depot between two roads, 26 x 16 ------------------------
# Sheds and stacks of boxes in the middle, gates on the roads; the east road leads
# away. Asymmetric missions: the attacker comes from the west.
DEPOT = {"width": 26, "base": ":", "rows": """
:::::'''''''#
:::::''*''''#
:'''''''''''D
:''R''''#####
:'''''''#,,,,
::::::''#,bb,
:''''':'#,,,c
:'**'':'D,,,,
:'''''::::,,,
:''=''::#,,b,
:'''''::#,,,,
:::::'':#,,c,
:''''''':#,,,
:'''*'''':###
:''''''''::::
:::::''''::::
"""}

DEPOT_ATTACK = [(1, 4), (0, 6), (1, 8), (0, 10), (1, 12), (0, 2)]


#: Tuned with both sides playing the mission (the normal AI, as a player meets it), 100
#: battles (fivebyfive 200): six raiders against five guards, side 1 won 22, 28, 45, 51,
#: 48% (d20, mahou, fivebyfive, actionblock, fate) with the squads of the blind tuning;
#: now d20 six against six (56%), mahou raiders a guardian for their scout and a sixth
#: guard, a scout (48%), fivebyfive a sixth guard, a brawler (46%); fate a sixth guard,
#: a gunner, actionblock raiders a scout for a gunner, as before (47, 57%)
BREAKTHROUGH_SQUADS = {
    (1, "d20"): (B, G, M, D, S),
    (2, "d20"): (G, D, M, B, G, B, M),
    (1, "mahou"): (G, B, G, M, D, D),
    (2, "mahou"): (B, G, G, D, M, S, G),
    (2, "fivebyfive"): (B, G, G, D, M, B, M),  # stop 41, with its own spawns and terms
    (1, "actionblock"): (G, B, S, M, D, S),
    (2, "actionblock"): (G, D, M, B, G, M, S),  # stop 41, with its own spawns and terms
    (2, "fate"): (B, G, G, D, M, G, D, M),
}


#: Terms a ruleset plays for itself (maps/README.md, "Terms per ruleset"), stop 40, aware
#: against blind and both aware side 1 over 200 battles (docs/ai.md "Terms per ruleset"):
#: d20's raiders win at two out, not three, and the guards hold for six rounds, five
#: raiders against seven guards (63 -> 80%, 57%); in mahou and fate one raider out wins,
#: the guards hold for eight and five rounds, seven and eight guards (mahou 55 -> 75%,
#: 43%; fate 47 -> 76%, 46%). From the west edge fivebyfive's and Action Block's road
#: is six to nine rounds' walk: no term made the mission decide there, so their raiders
#: deploy on spawns of their own (below), and one raider out wins
BREAKTHROUGH_TERMS = {("victory_points", "d20"): 4, ("survive_rounds", "d20"): 6, ("round_limit", "d20"): 6,
                      ("victory_points", "mahou"): 2, ("survive_rounds", "mahou"): 8, ("round_limit", "mahou"): 8,
                      ("victory_points", "fivebyfive"): 2, ("survive_rounds", "fivebyfive"): 4,
                      ("round_limit", "fivebyfive"): 4,
                      ("victory_points", "actionblock"): 2, ("survive_rounds", "actionblock"): 4,
                      ("round_limit", "actionblock"): 4,
                      ("victory_points", "fate"): 2, ("survive_rounds", "fate"): 5, ("round_limit", "fate"): 5}

#: Stop 41 (docs/ai.md "A deployment of a ruleset's own"): in the slow rulesets the
#: raiders come over the north and south fences beside the depot, two groups of three
#: (columns 12-16), one raider out wins, the guards hold for four rounds, seven of them:
#: aware against blind and both aware side 1 over 100 battles, actionblock 52 -> 82%,
#: 43%; fivebyfive 52 -> 77%, 53%
BREAKTHROUGH_OWN_SPAWNS = {
    "actionblock,fivebyfive": [(13, 0), (14, 1), (16, 0), (12, 15), (14, 14), (16, 15)],
}


def _own_spawns(team: int, places: dict, squad) -> list:
    """A side's spawns of a ruleset's own (maps/README.md): {ruleset: places}."""
    return [(x, y, team, a, ruleset) for ruleset, tiles in places.items() for (x, y), a in zip(tiles, squad)]


def depot_breakthrough(table, directional, flip) -> Design:
    return _mission(
        DEPOT, "depot_breakthrough", "Depot: Breakthrough",
        "Raiders must cross the depot and get out by the east road; guards stand in the way.",
        _side(1, DEPOT_ATTACK, (*SQUAD, G)) + _side(2, [(15, 6), (16, 9), (12, 10), (10, 4), (17, 7)], (G, D, M, B, G))
        + _own_spawns(1, BREAKTHROUGH_OWN_SPAWNS, (G, B, G, M, D, S)),
        {"scenario": "Breakthrough",
         "briefing": "Side 1's raiders must cross the depot; side 2's guards stand in the way. "
                     "Every raider who leaves by the east road scores 2 points for side 1; "
                     "{victory_points} points win at once. The guards win if any of them still "
                     "stands when round {survive_rounds} ends.",
         "round_limit": 10, "victory_points": 6, "attacker": 1, "survive_rounds": 10},
        [("exit", "East Road", (25, 0, 1, 16), {"side": 1, "points": 2})],
        table, directional, flip, BREAKTHROUGH_SQUADS, BREAKTHROUGH_TERMS,
    )


#: blind vs blind, four guards against five raiders, side 1 (the guards) won 37, 43, 48,
#: 85, 58%: d20 guards a guardian for the brawler, actionblock a scout for the gunner
RAID_SQUADS = {
    (1, "d20"): (D, D, G, M),
    (1, "actionblock"): (B, G, S, M),  # stop 41, on its own spawns outside the dump: a gunner for the guardian
    (2, "fivebyfive"): (B, G, S, M),  # both playing the mission, four raiders: guards 27 -> 49%
}


#: d20's and mahou's raiders win on one round alone in the dump, and the guards hold for
#: four rounds (aware against blind over 200 battles 52 -> 74% and 66 -> 72%, both aware
#: side 1 48, 53%)
RAID_TERMS = {("victory_points", "d20"): 1, ("survive_rounds", "d20"): 4, ("round_limit", "d20"): 4,
              ("victory_points", "mahou"): 1, ("survive_rounds", "mahou"): 4, ("round_limit", "mahou"): 4,
              ("victory_points", "fivebyfive"): 1, ("survive_rounds", "fivebyfive"): 3,
              ("round_limit", "fivebyfive"): 3,
              ("victory_points", "actionblock"): 2, ("survive_rounds", "actionblock"): 4,
              ("round_limit", "actionblock"): 4}

#: Stop 41 (docs/ai.md "A deployment of a ruleset's own"): guards that start in the fuel
#: dump hold it whether or not they play the mission, and in the slow rulesets the
#: raiders walk six rounds to it (aware against blind: fivebyfive 56%, actionblock 51%).
#: There the guards patrol outside: fivebyfive's at the west gate and along the east
#: fence, its raiders at the yard's edge, one round alone in the dump wins, three rounds
#: to hold (80%, both aware side 1 52%, 200 battles); Action Block's on the north and south
#: fences, a gunner for the guardian, the raiders from the west edge, two rounds alone
#: win, four to hold (73%, 52%; with the guardian 80%, 42%, and 38% on the ladder's seeds)
RAID_GUARD_SPAWNS = {"fivebyfive": [(9, 4), (21, 7), (20, 10), (21, 12)],
                     "actionblock": [(13, 0), (16, 0), (14, 15), (16, 15)]}
RAID_RAIDER_SPAWNS = {"fivebyfive": [(4, 4), (5, 6), (4, 8), (5, 10)]}


def depot_raid(table, directional, flip) -> Design:
    return _mission(
        DEPOT, "depot_raid", "Depot: Raid",
        "Raiders try to hold the fuel dump inside the depot; its guards must last 7 rounds.",
        _side(2, DEPOT_ATTACK[:5], (B, G, S, M, D)) + _side(1, [(15, 7), (14, 9), (12, 11), (9, 5)], (D, G, M, B))
        + _own_spawns(1, RAID_GUARD_SPAWNS, (B, D, G, M)) + _own_spawns(2, RAID_RAIDER_SPAWNS, (B, G, S, M)),
        {"scenario": "Raid on the Depot",
         "briefing": "Side 2 raids the depot; side 1 guards it. The raiders score 1 point for "
                     "each round they end alone in the fuel dump and win on reaching "
                     "{victory_points}. The guards win if any of them still stands when round "
                     "{survive_rounds} ends.",
         "round_limit": 7, "victory_points": 3, "attacker": 2, "survive_rounds": 7},
        [("hold", "Fuel Dump", (13, 5, 4, 6), {"points": 1, "side": 2})],
        table, directional, flip, RAID_SQUADS, RAID_TERMS,
    )


# --- compound: a walled yard with one house, 24 x 18 --------------------------------
# A courtyard wall with two gates, a house in the middle with a radio room, trees and
# rocks outside. Missions around a VIP.
COMPOUND = {"width": 24, "base": "'", "rows": """
'T''''''''''
''''*'''''''
'''''''R''''
''''''######
''T'''#,,,,,
''''''#,,,,#
'''''''D,,,#
''''''#,,,,W
''=''''#,,,#
''''''''D,,D
''''''#,,,,,
''*'''#,,,,,
''''''######
''''''''''''
''''R'''''''
''''''''*'''
'T''''''''''
''''''''''''
"""}

#: The compound with a passage between its two rooms, at (11, 8) and, turned half round,
#: (12, 9) (Two Captains: its radio room is one room both sides can walk into, not two
#: halves behind a wall)
COMPOUND_HALL = {**COMPOUND,
                 "rows": COMPOUND["rows"].replace("\n''=''''#,,,#\n", "\n''=''''#,,,,\n")}


#: Tuned with both sides playing the mission, 100 battles, the hunters holding out for 10
#: rounds: the hunters leave their scout home in d20 and fate (side 1 won 61, 55%; d20's
#: scout is back with its own terms at stop 40, below); in
#: mahou four hunters against the five (57%; the six of the blind tuning won 88), in
#: actionblock five hunters against six (53%; four hunters: 92); fate six hunters with its
#: own two points (stop 40, below)
ENVOY_SQUADS = {
    (2, "d20"): (D, M, G, B, S),
    (2, "mahou"): (D, S, B, G),
    (1, "actionblock"): (S, G, D, M, B, G),
    (2, "actionblock"): (D, S, M, G, B),
    (2, "fate"): (D, M, G, B, S, G),
}

#: Stop 40 (docs/ai.md "Terms per ruleset", 200 battles, aware against blind, both aware
#: side 1): the escort wins on two rounds alone in the radio room in fivebyfive, with the
#: hunters holding out for six rounds (68 -> 83%, 58%), in d20 the same with the hunters'
#: scout back (65 -> 72%, 48%), and in fate against six hunters (68 -> 81%, 48%)
ENVOY_TERMS = {("victory_points", "d20"): 2, ("survive_rounds", "d20"): 6, ("round_limit", "d20"): 6,
               ("victory_points", "fivebyfive"): 2, ("survive_rounds", "fivebyfive"): 6,
               ("round_limit", "fivebyfive"): 6, ("victory_points", "fate"): 2}


def compound_envoy(table, directional, flip) -> Design:
    west = [(1, 6), (0, 8), (1, 9), (0, 11), (1, 12)]
    return _mission(
        COMPOUND, "compound_envoy", "Compound: the Envoy",
        "An envoy must reach the radio in the compound and call home; the other side hunts him.",
        _side(1, west, (S, G, D, M, B)) + _mirror(2, west, (B, G, M, S, D), 24, 18),
        {"scenario": "The Envoy",
         "briefing": "Side 1 escorts an envoy (the scout; in a squad you build, the one marked "
                     "VIP). If he falls, side 2 wins at once. Side 1 scores 1 point for each "
                     "round it ends alone in the radio room and wins on reaching {victory_points}. If "
                     "the envoy has not called home when round {survive_rounds} ends, the hunters "
                     "win.",
         "round_limit": 10, "victory_points": 3, "attacker": 1, "survive_rounds": 10},
        [("hold", "Radio Room", (10, 7, 4, 4), {"points": 1, "side": 1}),
         ("vip", "Envoy", (1, 6), {})],
        table, directional, flip, ENVOY_SQUADS, ENVOY_TERMS,
    )


#: Stop 41: in mahou the first point wins (a captain, or a round alone in the radio room),
#: and each side fields a second gunner for its guardian (the captain still the gunner on
#: the captain's spawn; side 2's squad read the other way round): aware against blind
#: 67 -> 78%, mirror side 1 51% (200 battles; with the guardian 70%, 56%)
CAPTAINS_SQUADS = {(1, "mahou"): (G, G, M, B), (2, "mahou"): (B, M, G, G)}
CAPTAINS_TERMS = {("victory_points", "mahou"): 1}


def compound_assassins(table, directional, flip) -> Design:
    west = [(1, 6), (0, 8), (1, 9), (0, 11)]
    return _mission(
        COMPOUND_HALL, "compound_assassins", "Compound: Two Captains",
        "Each side's captain is worth a point to the other; so is each round alone in the radio room.",
        _side(1, west, (D, G, M, B)) + _mirror(2, west, (D, G, M, B), 24, 18),
        {"scenario": "Two Captains",
         "briefing": "Each side has a captain (the gunner; in a squad you build, the one marked"
                     " VIP). Taking out the enemy captain scores 1 point; ending a round alone "
                     "in the radio room scores 1. The first to {victory_points} wins; after "
                     "{round_limit} rounds, more points win.",
         "round_limit": 20, "victory_points": 2},
        [("hold", "Radio Room", (10, 7, 4, 4), {"points": 1}),
         ("vip", "Captain West", (0, 8), {"points": 1}),
         ("vip", "Captain East", (23, 9), {"points": 1})],
        table, directional, flip, CAPTAINS_SQUADS, CAPTAINS_TERMS,
    )


# --- outpost: sandbagged posts on a low hill, 24 x 16 --------------------------------
# A bunker on the hill in the middle, foxholes of sandbags, brambles and bushes on the
# slopes; a landing field on each short edge. Missions of holding out and getting out.
OUTPOST = {"width": 24, "base": "'", "rows": """
''''*TT'''''
''''''''^^''
'''R''''''''
'''''''s''''
''*'''''''hh
'''''''''hhh
''''=''''h1h
'''''''''h11
''^'''''hh11
''''''''hh##
'''*'''hhhhh
''''''''s'''
''''''''''''
''R''''''*TT
''''^^''''''
''''''''''''
"""}


#: Tuned with both sides playing the mission, 100 battles: four defenders against five
#: attackers, side 1 (the defenders) won 37, 28, 34, 40, 43% with the squads of the blind
#: tuning; now d20 five defenders, two guardians (50%), mahou four attackers (57%),
#: fivebyfive attackers a second brawler for the scout (52%); actionblock attackers a
#: sixth, a brawler, as before
HOLDOUT_SQUADS = {
    (1, "d20"): (G, B, D, D, M),
    (2, "d20"): (B, G, M, D, S, G),  # stop 40, with d20's own terms: six attackers
    (2, "mahou"): (B, G, M, D),
    (2, "fivebyfive"): (B, G, M, D, B),
    (2, "actionblock"): (B, G, M, D, S, B),
}


#: d20's and fivebyfive's attackers win on one round alone in the bunker; the defenders
#: hold for four rounds in d20 (against six attackers) and five in fivebyfive (aware
#: against blind 60 -> 74% and 64 -> 80% over 200 battles, both aware side 1 49, 43%)
HOLDOUT_TERMS = {("victory_points", "d20"): 1, ("survive_rounds", "d20"): 4, ("round_limit", "d20"): 4,
                 ("victory_points", "fivebyfive"): 1, ("survive_rounds", "fivebyfive"): 5,
                 ("round_limit", "fivebyfive"): 5,
                 ("victory_points", "actionblock"): 1, ("survive_rounds", "actionblock"): 4,
                 ("round_limit", "actionblock"): 4}

#: Stop 41 (docs/ai.md "A deployment of a ruleset's own"): Action Block's defenders start
#: in the foxholes on the slopes, not in the bunker (standing in it from the start, the
#: defenders that ignore the mission held it as well as those that play it, aware against
#: blind 61%); the attackers win on one round alone in the bunker, the defenders hold for
#: four rounds: aware against blind 61 -> 77%, both aware side 1 43% (200 battles)
HOLDOUT_OWN_SPAWNS = {"actionblock": [(7, 4), (17, 4), (8, 12), (15, 12)]}


def outpost_holdout(table, directional, flip) -> Design:
    return _mission(
        OUTPOST, "outpost_holdout", "Outpost: Hold Out",
        "Defenders on the hill must last six rounds against the attackers.",
        _side(2, [(0, 3), (1, 6), (0, 8), (1, 10), (0, 12)], SQUAD)
        + _side(1, [(11, 6), (12, 8), (13, 10), (10, 8)], (G, D, M, B))
        + _own_spawns(1, HOLDOUT_OWN_SPAWNS, (G, B, D, M)),
        {"scenario": "Hold Out",
         "briefing": "Side 1 holds the hill; side 2 attacks it. If any defender still stands "
                     "when round {survive_rounds} ends, side 1 wins. The attackers score 1 point "
                     "for each round they end alone in the bunker and win on reaching "
                     "{victory_points}.",
         "round_limit": 6, "victory_points": 2, "attacker": 2, "survive_rounds": 6},
        [("hold", "Bunker", (10, 6, 4, 4), {"points": 1, "side": 2})],
        table, directional, flip, HOLDOUT_SQUADS, HOLDOUT_TERMS,
    )


#: Tuned with both sides playing the mission, 100 battles, the hunters holding out for 10
#: rounds: fivebyfive a fifth hunter, a marksman (51%), d20 and mahou four hunters, a
#: second marksman or a second brawler for the gunner (49, 48%), actionblock survivors a
#: second brawler for the gunner (52%); fate a second brawler for the gunner (stop 39,
#: once fate's AI broke its ties in the side's own frame: 42 -> 50% over 200 battles)
EVACUATION_SQUADS = {
    (2, "d20"): (B, M, D, M),
    (2, "mahou"): (B, M, D, B, G),  # stop 41, on its own spawns before the field: a fifth hunter
    (2, "fivebyfive"): (B, M, D, G, M, B),  # stop 41, on its own spawns: a sixth hunter
    (1, "actionblock"): (B, S, B, D, M),
    (2, "fate"): (B, M, D, B, G, M, B),  # stop 41, on its own spawns before the field: seven hunters
}


#: Stop 41 (docs/ai.md "A deployment of a ruleset's own"): in d20 the survivors start at
#: the outpost on the hill (the officer at (13, 8)), the hunters around them, and two
#: out win: aware against blind 55 -> 74%, both aware side 1 53% (200 battles). In
#: Action Block the survivors are strung along the hill's north and south edges (the
#: officer at (11, 14)), the hunters hold the ground before the field, one out wins
#: and the hunters hold six rounds: 50 -> 80%, 44%. Fivebyfive's survivors start at
#: the outpost as d20's, its six hunters on the north and south flanks, one out wins,
#: six rounds: 54 -> 73%, 46% (at the edge: the ladder's 100 give 71%). Fate's seven
#: hunters hold the ground before the field as Action Block's, the survivors where they
#: were, one out wins, six rounds: 41 -> 84%, 48%; mahou's five there, one out wins,
#: five rounds: 45 -> 73%, 48%
EVACUATION_OWN_SPAWNS = {"d20,fivebyfive": [(12, 3), (13, 5), (12, 7), (13, 8), (12, 10)],
                         "actionblock": [(10, 1), (12, 0), (14, 1), (11, 14), (13, 15)]}
EVACUATION_HUNTER_SPAWNS = {"actionblock,fate,mahou": [(19, 3), (20, 6), (20, 9), (20, 12)],
                            "fivebyfive": [(9, 0), (12, 1), (9, 15), (12, 14)]}
EVACUATION_TERMS = {("victory_points", "d20"): 2, ("victory_points", "actionblock"): 1,
                    ("survive_rounds", "actionblock"): 6, ("round_limit", "actionblock"): 6,
                    ("victory_points", "fivebyfive"): 1, ("survive_rounds", "fivebyfive"): 6,
                    ("round_limit", "fivebyfive"): 6,
                    ("victory_points", "fate"): 1, ("survive_rounds", "fate"): 6, ("round_limit", "fate"): 6,
                    ("victory_points", "mahou"): 1, ("survive_rounds", "mahou"): 5, ("round_limit", "mahou"): 5}


def outpost_evacuation(table, directional, flip) -> Design:
    return _mission(
        OUTPOST, "outpost_evacuation", "Outpost: Evacuation",
        "Survivors with a wounded officer must reach the east landing field past the hunters.",
        _side(1, [(1, 5), (0, 7), (1, 8), (0, 10), (1, 3)], (S, G, D, M, B))
        + _side(2, [(14, 3), (17, 12), (18, 7), (20, 10)], (B, G, M, D))
        + _own_spawns(1, EVACUATION_OWN_SPAWNS, (B, S, G, D, M))
        + _own_spawns(2, EVACUATION_HUNTER_SPAWNS, (B, M, D, G)),
        {"scenario": "Evacuation",
         "briefing": "Side 1 must get its officer (the guardian; in a squad you build, the one "
                     "marked VIP) and the others to the east landing field: each who leaves "
                     "there scores 1 point, the officer's fall loses the battle at once. "
                     "{victory_points} points win. If they have not scored {victory_points} when "
                     "round {survive_rounds} ends, the hunters win.",
         "round_limit": 10, "victory_points": 3, "attacker": 1, "survive_rounds": 10},
        [("exit", "Landing Field", (22, 4, 2, 8), {"side": 1, "points": 1}),
         ("vip", "Officer", (1, 8), {}),
         ("vip", "Officer in d20 and fivebyfive", (13, 8), {}),
         ("vip", "Officer in actionblock", (11, 14), {})],
        table, directional, flip, EVACUATION_SQUADS, EVACUATION_TERMS,
    )


def all_scenarios(table, directional, flip):
    for make in (crossroads_well, crossroads_farms, depot_breakthrough, depot_raid,
                 compound_envoy, compound_assassins, outpost_holdout, outpost_evacuation):
        yield make(table, directional, flip)
