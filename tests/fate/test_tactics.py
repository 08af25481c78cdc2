"""Tactical positions where one declaration is clearly right; the AI must make it.

Each test builds a small battle (forced initiative: the units listed first declare
last, so they see the others' declarations), answers the slower units' declarations by
hand, and asks the AI for the next one. Maps (tests/helpers.py): `.` floor, `#` wall,
`c` concealing (walkable), `l` light cover, `h` heavy cover, `^` high ground.
"""

import pytest

from game.ai import make_ai
from game.engine.components import PRONE, Posture
from game.rulesets.fate.plans import plan_of
from game.rulesets.fate.wounds import WoundTrack
from tests.fate.kit import ascii_map, attack, battle, declare, hold, initiative

LEVELS = ["normal", "hard"]


def ai(level: str):
    return make_ai("fate", 0, level)


def odds_of(b, choice):
    return b.ruleset.odds(b, b.pending, choice)


@pytest.mark.parametrize("level", LEVELS)
def test_two_allies_never_declare_one_tile(level):
    """A slower ally declared a move onto the one tile beside the light cover that shields
    from the enemy shooter; the faster ally, wanting the same spot, picks another."""
    rows = ["..............",
            ".......l......",
            "..............",
            ".............."]
    b = battle([(1, "gunner", 2, 1), (1, "gunner", 2, 2), (2, "gunner", 12, 1)],
               initiative(4, -3, -4), ascii_map(rows))
    fast, slow, enemy = b.units()
    hold(b, enemy)
    declare(b, slow, "move", (6, 1))
    declare(b, slow, "hold")
    choice = ai(level).decide(b, b.pending)
    assert not (choice.option == "move" and choice.target == (6, 1))


def test_a_side_declares_distinct_destinations_in_a_whole_battle_turn():
    """The issue's example: in round 1 of the seed-0 demo, four side-1 units declared a
    move to (11, 12). Now no two units of a side plan to end an action on one tile."""
    from game.engine.setup import new_battle
    from game.simulate import ai_seed
    b = new_battle("maps/woodland.tmx", "fate", seed=0)
    try:
        ais = {t: make_ai("fate", ai_seed(0, t)) for t in b.teams()}
        while b.pending is not None and b.round <= 3:
            d = b.pending
            if d.context.get("slot") == 2 and d.actor == b.turn_order[0]:
                for team in b.teams():
                    for slot in (1, 2):
                        ends = [tile for u in b.units(team) for dd in plan_of(b, u)
                                if dd.kind == "move" and dd.slot == slot for tile in [dd.target]]
                        assert len(ends) == len(set(ends)), (b.round, team, slot, ends)
            b.submit(ais[d.side].decide(b, d))
    finally:
        b.close()


# Normal only: hard guesses the faster soldier's declaration (it would stay and shoot) and
# trusts that guess, so for it both targets are about as sure to be there.
@pytest.mark.parametrize("level", ["normal"])
def test_shoot_the_target_that_cannot_leave_before_the_one_that_can(level):
    """Two identical soldiers behind identical crates at the edge of pistol range: the slower
    one declared it holds there, the faster one has not declared and may walk out of
    range first. Same odds; only one will surely be there. (The shooter is boxed in
    behind crates of its own, so the choice is which to shoot.)"""
    rows = ["lll" + "." * 21,
            "l.l" + "." * 15 + "l" + "." * 5,
            "l.l" + "." * 21,
            "l.l" + "." * 15 + "l" + "." * 5,
            "lll" + "." * 21]
    b = battle([(1, "soldier", 1, 2), (2, "soldier", 19, 1), (2, "soldier", 19, 3)],
               initiative(2, 4, -4), ascii_map(rows))
    me, faster, slower = b.units()
    hold(b, slower)
    choice = ai(level).decide(b, b.pending)
    assert choice.option == "attack" and choice.target == slower
    assert odds_of(b, choice).hit == pytest.approx(odds_of(b, b.pending.option("attack").choice(faster, **{"with": "pistol"})).hit)


@pytest.mark.parametrize("level", LEVELS)
def test_strike_the_slower_enemy_not_the_faster_shooter_who_can_step_away(level):
    """A bruiser between two gunslingers: the slower declared it stays and shoots; the
    faster has not declared and can step out of reach before the blow lands."""
    b = battle([(1, "brawler", 5, 2), (2, "gunner", 4, 2), (2, "gunner", 6, 2)],
               initiative(0, 4, -4), ascii_map(["." * 12] * 5))
    me, faster, slower = b.units()
    attack(b, slower, me, "machine_pistol")
    attack(b, slower, me, "machine_pistol")
    choice = ai(level).decide(b, b.pending)
    assert choice.option == "attack" and choice.target == slower


@pytest.mark.parametrize("level", LEVELS)
def test_go_prone_against_many_shooters(level):
    """Three slower gunslingers declared their shots at the marksman standing in the open.
    Prone (+2 against every projectile) costs its rifle nothing: get down first, shoot
    with the second action."""
    b = battle([(1, "marksman", 2, 2), (2, "gunner", 8, 0), (2, "gunner", 8, 2), (2, "gunner", 8, 4)],
               initiative(4, -4, -3, -2), ascii_map(["." * 14] * 5))
    me, *gunners = b.units()
    for g in gunners:
        attack(b, g, me, "machine_pistol")
        attack(b, g, me, "machine_pistol")
    first = ai(level).decide(b, b.pending)
    assert first.option == "prone"
    b.submit(first)
    second = ai(level).decide(b, b.pending)
    assert second.option == "attack"


@pytest.mark.parametrize("level", LEVELS)
def test_aim_when_the_shot_is_long(level):
    """A marksman with one two-handed shot a turn, the target at long range (−1) and
    staying put: aim (+1) with the first action, take the aimed shot with the second."""
    b = battle([(1, "marksman", 0, 1), (2, "soldier", 40, 1)], initiative(4, -4), ascii_map(["." * 44] * 3))
    me, soldier = b.units()
    hold(b, soldier)
    first = ai(level).decide(b, b.pending)
    assert first.option == "aim" and first.target == soldier
    b.submit(first)
    second = ai(level).decide(b, b.pending)
    assert second.option == "attack" and second.target == soldier
    assert ("aimed", 1) in odds_of(b, second).breakdown and ("long range", -1) in odds_of(b, second).breakdown


@pytest.mark.parametrize("level", LEVELS)
def test_do_not_pile_on_a_target_the_side_will_surely_drop(level):
    """Wounds land together: two allies already declared point-blank attacks on a soldier
    one Scratch from Incapacitated (any hit drops her). The last shot goes to the other."""
    b = battle([(1, "soldier", 1, 2), (1, "gunner", 3, 1), (1, "gunner", 3, 3), (2, "soldier", 5, 1),
                (2, "soldier", 5, 3)], initiative(4, -1, -2, -4, -3), ascii_map(["." * 10] * 5))
    me, g1, g2, worn, fresh = b.units()
    t = b.get(worn, WoundTrack)
    t.scratch, t.hurt, t.very_hurt = 5, 2, 1
    hold(b, worn)
    hold(b, fresh)
    for g in (g2, g1):
        attack(b, g, worn, "machine_pistol")
        attack(b, g, worn, "machine_pistol")
    choice = ai(level).decide(b, b.pending)
    assert choice.option == "attack" and choice.target == fresh


@pytest.mark.parametrize("level", LEVELS)
def test_join_the_attack_that_drops_a_worn_target_together(level):
    """One ally declared a shot at a soldier with both Hurt boxes full: its wound alone
    makes her Very Hurt at most (short of Incapacitating), but two wounds landing together
    roll her up past Very Hurt. The AI joins in rather than wound a fresh one."""
    b = battle([(1, "soldier", 1, 2), (1, "gunner", 3, 1), (2, "soldier", 8, 1), (2, "soldier", 8, 3)],
               initiative(4, -1, -4, -3), ascii_map(["." * 12] * 5))
    me, ally, worn, fresh = b.units()
    b.get(worn, WoundTrack).hurt = 2
    hold(b, worn)
    hold(b, fresh)
    attack(b, ally, worn, "machine_pistol")
    declare(b, ally, "hold")
    choice = ai(level).decide(b, b.pending)
    assert choice.option == "attack" and choice.target == worn


@pytest.mark.parametrize("level", LEVELS)
def test_sneak_attack_with_stealth_on_the_enemy_who_did_not_see_it(level):
    """The Firestarter (Stealth +2, Attack +1) stands behind a wall: the soldier beyond it
    (whom an ally of hers sees) did not see her at the start of the turn; the one in the
    open did. Step round and strike the unaware one: Stealth replaces Attack and he
    defends surprised (−2)."""
    rows = ["............",
            "....#.......",
            "....#.......",
            "....#.......",
            "............"]
    b = battle([(1, "scout", 2, 2), (2, "soldier", 6, 2), (2, "soldier", 2, 4), (1, "soldier", 10, 4)],
               initiative(4, -4, -3, -2), ascii_map(rows))
    me, unaware, aware, ally = b.units()
    hold(b, unaware)
    hold(b, aware)
    hold(b, ally)
    brain = ai(level)
    first = brain.decide(b, b.pending)
    b.submit(first)
    second = brain.decide(b, b.pending)
    assert second.option == "attack" and second.target == unaware
    assert odds_of(b, second).breakdown[0] == ("Stealth, sneak attack", 2)


@pytest.mark.parametrize("level", LEVELS)
def test_leap_down_with_acrobatics(level):
    """The Firestarter on high ground next to a soldier below: leaping down with the
    knife uses Acrobatics +2 (and higher ground +1), the better roll."""
    rows = ["^^.........",
            "^^.........",
            "..........."]
    b = battle([(1, "scout", 1, 1), (2, "soldier", 2, 1)], initiative(4, -4), ascii_map(rows))
    me, soldier = b.units()
    hold(b, soldier)
    choice = ai(level).decide(b, b.pending)
    assert choice.option == "attack" and choice.target == soldier and choice.param("with") == "knife"
    assert odds_of(b, choice).breakdown[0] == ("Acrobatics, leaping down", 2)


@pytest.mark.parametrize("level", LEVELS)
def test_a_thrower_under_fire_kneels_rather_than_lying_down(level):
    """A rifle shot is declared at the Firestarter, far out of her throwing reach and boxed
    in: lying prone would cost her thrown fire −2; kneeling gives +1 against the shot."""
    rows = ["lll" + "." * 25, "l.l" + "." * 25, "lll" + "." * 25]
    b = battle([(1, "scout", 1, 1), (2, "marksman", 25, 1)], initiative(4, -4), ascii_map(rows))
    me, marksman = b.units()
    attack(b, marksman, me, "rifle")
    declare(b, marksman, "hold")
    assert ai(level).decide(b, b.pending).option == "kneel"


@pytest.mark.parametrize("level", LEVELS)
def test_a_prone_target_cannot_leave_in_the_first_beat(level):
    """Two gunslingers in reach, both faster and undeclared; one lies prone, so it must
    stand (its move action) before it can go anywhere: a melee blow on it is sure to
    land on a body still there, the standing one may step away."""
    b = battle([(1, "brawler", 5, 2), (2, "gunner", 4, 2), (2, "gunner", 6, 2)],
               initiative(-4, 3, 4), ascii_map(["." * 12] * 5))
    me, standing, lying = b.units()
    b.add(lying, Posture(PRONE))
    choice = ai(level).decide(b, b.pending)
    assert choice.option == "attack" and choice.target == lying
