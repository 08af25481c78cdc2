"""Tactical positions: small hand-built battles where one choice is clearly right.

The AI must pick it (game/ai/d20.py). Only the initiative is rolled before the
decision (the first faces of the script), so every position is exact: the AI's
scores come from the ruleset's exact odds, and it only reads the battle.
"""

import pytest

from game.ai.d20 import D20AI
from game.rulesets.d20 import grappling
from game.rulesets.d20.components import Health, Loadout
from tests.d20.util import ascii_map_plus, prepared_battle
from tests.helpers import ascii_map, open_map

INITIATIVE = [20, 15, 10, 5, 1]  # the first unit listed acts first

LEVELS = ["normal", "hard"]


def _decide(b, level):
    return D20AI(0, level).decide(b, b.pending)


@pytest.mark.parametrize("level", LEVELS)
def test_does_not_shoot_into_a_grapple_that_holds_an_ally(level):
    """A Grapple takes a ranged hit on either creature, 50% each ("On a hit, there is a
    50% chance of hitting either creature"). The gunner's ally (a brawler) grapples an
    enemy gunner at (6, 2); a lone enemy marksman stands farther off, at (10, 6), in
    the open. Shooting the Grapple risks the ally: the gunner shoots the marksman."""
    def grapple_them(b):
        brawler, foe = b.units()[1], b.units()[2]
        grappling.enter(b, brawler, foe)

    b = prepared_battle(open_map(20, 10), [(1, "gunner", 2, 2), (1, "brawler", 5, 2),
                                           (2, "gunner", 6, 2), (2, "marksman", 10, 6)],
                        INITIATIVE, prepare=grapple_them)
    gunner, brawler, foe, marksman = b.units()
    choice = _decide(b, level)
    assert choice.option == "shoot" and choice.target == marksman


@pytest.mark.parametrize("level", LEVELS)
def test_never_attacks_an_ally_in_a_melee(level):
    """"Any creature within a Melee can target any other creature within the Melee",
    allies included. Two side-1 brawlers and one enemy marksman form a Melee: the
    brawler offered both attacks its enemy, never its friend."""
    def melee(b):
        a, c, foe = b.units()[:3]
        grappling.enter(b, a, foe)
        grappling.enter(b, c, foe)

    b = prepared_battle(open_map(12, 8), [(1, "brawler", 4, 4), (1, "brawler", 6, 4),
                                          (2, "marksman", 5, 4)], INITIATIVE, prepare=melee)
    a, c, foe = b.units()
    assert c in b.pending.option("melee").targets
    choice = _decide(b, level)
    assert choice.target in (None, foe)
    for score, ch in D20AI(0).scored_choices(b, b.pending):
        if ch.target == c and ch.option != "move":
            assert score < 0.05  # never worth doing


CORRIDOR = ["#######.###########",
            "#######.###########",
            "#######.###########",
            "...................",
            "#######.###########",
            "#######.###########"]


@pytest.mark.parametrize("level", LEVELS)
def test_suppresses_two_enemies_that_cover_keeps_from_its_bullets(level):
    """Suppressing fire: "Creatures within this area ... may make a Willpower check";
    a failure pins them. Two enemy marksmen (Willpower +2 vs DC 16: 65% to fail) hold a
    walled corridor behind a heavy barrier, which stops every SMG round and leaves no
    flank; the cone goes past the barrier ("until ... a solid barrier": walls) and
    still pins them. The gunner lays the cone rather than shooting into the cover."""
    rows = ["..........##########",
            "..........h.........",
            "..........h.........",
            "..........##########"]
    b = prepared_battle(ascii_map(rows), [(1, "gunner", 4, 1), (2, "marksman", 11, 1),
                                          (2, "marksman", 11, 2)], INITIATIVE)
    choice = _decide(b, level)
    assert choice.option == "suppress"


@pytest.mark.parametrize("level", LEVELS)
def test_reloads_an_empty_weapon_before_advancing(level):
    """A ranged attack needs "a loaded ranged weapon". The gunner's SMG is empty and the
    enemy is out of sight behind a wall: it reloads first (1 Action) rather than
    walking up with an empty gun."""
    rows = ["..........#.........",
            "..........#.........",
            "..........#.........",
            "..........#........."]
    b = prepared_battle(ascii_map(rows), [(1, "gunner", 2, 1), (2, "marksman", 18, 1)],
                        INITIATIVE, arms={0: ("smg", 0)})
    choice = _decide(b, level)
    assert choice.option == "reload"


@pytest.mark.parametrize("level", LEVELS)
def test_takes_heavy_cover_over_light_when_both_reach(level):
    """Heavy cover "provides full protection against all forms of damage"; light cover
    only +3 DT against ballistic rounds. The marksman in the open can reach a tile
    behind light cover (5, 1) or one behind heavy cover (5, 5), each 3 tiles off and
    each in range of the enemy gunner: when it moves, it goes behind the heavy cover
    (it may shoot first: the move it weighs is the one checked)."""
    rows = ["....................",
            "......l.............",
            "....................",
            "....................",
            "....................",
            "......h.............",
            "...................."]
    b = prepared_battle(ascii_map(rows), [(1, "marksman", 2, 3), (2, "gunner", 14, 3)], INITIATIVE)
    moves = [(s, c) for s, c in D20AI(0, level).scored_choices(b, b.pending) if c.option == "move"]
    score, choice = max(moves, key=lambda m: m[0])
    assert score > 0.05
    assert choice.target[0] == 5 and choice.target[1] in (4, 5, 6), choice.target


@pytest.mark.parametrize("level", LEVELS)
def test_short_range_unit_does_not_walk_into_the_open(level):
    """A guardian (coach gun, 30/60 ft) stands behind heavy cover; two enemy marksmen
    (rifles, 100 ft first range) watch 20 tiles of open ground. Any tile it can reach
    this turn is out of its own range of them and in theirs: it holds its cover."""
    rows = ["...h........................",
            "...h........................",
            "...h........................"]
    b = prepared_battle(ascii_map(rows), [(1, "guardian", 2, 1), (2, "marksman", 27, 0),
                                          (2, "marksman", 27, 2)], INITIATIVE)
    choice = _decide(b, level)
    assert choice.option != "move" or choice.target[0] <= 2


@pytest.mark.parametrize("level", LEVELS)
def test_restrains_and_manacles_a_grappled_marksman(level):
    """Restrain: "Make an Athletics contest" (guardian +4 vs marksman +1), then "apply
    manacles ... for 1 Action with a Dexterity contest" with the Actions left: a
    captured enemy is out of the fight. Against a baton blow (1d6) the restraint is
    worth far more by the exact odds: the guardian restrains."""
    def grapple_them(b):
        guardian, marksman = b.units()
        grappling.enter(b, guardian, marksman)
        b.get(guardian, Loadout).held = "baton"

    b = prepared_battle(open_map(12, 6), [(1, "guardian", 4, 2), (2, "marksman", 5, 2)],
                        INITIATIVE, prepare=grapple_them)
    choice = _decide(b, level)
    assert choice.option == "restrain"


@pytest.mark.parametrize("level", LEVELS)
def test_shoots_the_enemy_it_can_drop(level):
    """Two enemy gunners stand equally exposed at the same range; one has 2 hit points
    left. The marksman's burst (2d4 + 1d4) drops it on any hit: it shoots that one."""
    def wound(b):
        b.get(b.units()[2], Health).hp = 2

    b = prepared_battle(open_map(20, 8), [(1, "marksman", 2, 3), (2, "gunner", 12, 1),
                                          (2, "gunner", 12, 5)], INITIATIVE, prepare=wound)
    marksman, healthy, wounded = b.units()
    choice = _decide(b, level)
    assert choice.option == "shoot" and choice.target == wounded


@pytest.mark.parametrize("level", LEVELS)
def test_does_not_lay_a_cone_over_an_ally(level):
    """Suppressing fire affects everyone in the cone, the shooter's allies too. Two
    enemy marksmen and an ally scout stand in the only cone that catches both: the
    gunner does not lay it."""
    b = prepared_battle(open_map(20, 8), [(1, "gunner", 2, 3), (1, "scout", 6, 3),
                                          (2, "marksman", 8, 2), (2, "marksman", 8, 4)], INITIATIVE)
    choice = _decide(b, level)
    assert choice.option != "suppress"


@pytest.mark.parametrize("level", LEVELS)
def test_closes_on_an_enemy_heavy_cover_shields_from_every_shot(level):
    """Heavy cover "provides full protection against all forms of damage" from shots,
    and a unit standing in it (a sandbag emplacement, "H") has it against every
    shooter. A guardian (coach gun, buckshot) and an enemy marksman (rifle, standard
    rounds) each stand in one, 8 tiles apart: neither can ever hurt the other by fire.
    Waiting is a draw at the round limit; a melee attack is not stopped by cover, so
    the guardian closes in."""
    rows = ["............",
            "............",
            "..H.......H.",
            "............",
            "............"]
    b = prepared_battle(ascii_map_plus(rows), [(1, "guardian", 2, 2), (2, "marksman", 10, 2)],
                        INITIATIVE)
    choice = _decide(b, level)
    assert choice.option == "move" and choice.target[0] > 2, choice


@pytest.mark.parametrize("level", LEVELS)
def test_without_manacles_a_blow_beats_a_restraint(level):
    """The grappled marksman of the restraint position, but the guardian has no
    manacles left: a restraint can never take the marksman out (it struggles free
    sooner or later: "another Athletics contest to free themselves"), so a baton blow
    (or disarming the rifle) is worth more. Valued as a capture, restrain and break
    free went on to the round limit in AI battles."""
    def grapple_them(b):
        guardian, marksman = b.units()
        grappling.enter(b, guardian, marksman)
        b.get(guardian, Loadout).held = "baton"
        b.get(guardian, Loadout).manacles = 0

    b = prepared_battle(open_map(12, 6), [(1, "guardian", 4, 2), (2, "marksman", 5, 2)],
                        INITIATIVE, prepare=grapple_them)
    choice = _decide(b, level)
    assert choice.option in ("melee", "disarm"), choice


def test_a_units_threat_follows_its_last_spare_magazine():
    """An empty gun with a spare magazine is a gun (reload, then shoot); with none
    left the unit can only brawl. The AI keeps threats per battle: the key must tell
    the two apart, or the first answer sticks (game/ai/d20_values.threat_key)."""
    from game.ai import d20_values as values
    b = prepared_battle(open_map(20, 10), [(1, "gunner", 2, 2), (2, "gunner", 10, 6)], INITIATIVE)
    gunner = b.units()[0]
    loadout = b.get(gunner, Loadout)
    loadout.loaded[loadout.held] = 0
    loadout.spare_magazines = 1
    armed = values.threat(b, gunner)
    loadout.spare_magazines = 0
    spent = values.threat(b, gunner)
    assert spent < armed
    assert spent == pytest.approx(values.melee_threat(b, gunner))
