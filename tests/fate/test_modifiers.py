"""Every attacker and defender modifier of the text, read from the map and the units.

Rule text, "Attacker Bonuses and Penalties" and "Defender Bonuses and Penalties", and the
substitute skills of "Combat Skill Use". Each test plays one declared turn with forced
dice: the first unit listed is the attacker and the fastest; every other unit holds.
Map legend (tests/helpers.py): `.` floor, `#` wall, `c` concealing tile (blocks sight),
`l` light cover, `h` heavy cover, `^` high ground.
"""

from game.engine.components import KNEELING, PRONE, Posture
from game.rulesets.fate.events import AttackLost, AttackRolled, LocateRolled
from game.rulesets.fate.stats import template
from tests.fate.kit import ascii_map, battle, declare, events_of, initiative, total, wounds

OPEN = ["............",
        "............",
        "............",
        "............"]


def turn(units, actions, dice=(), rows=OPEN, prep=None):
    """Play one turn: units[0] declares `actions` (two of (key, target, params), targets
    given as unit indexes or tiles), everyone else holds. Returns (battle, ids, rolls)."""
    tmap = ascii_map(rows)
    rolls = [4] + [-4 + i for i in range(len(units) - 1)]
    b = battle(units, initiative(*rolls) + list(dice) + initiative(*rolls), tmap)
    ids = b.units()
    reactions = [template(b, u).reaction + r for u, r in zip(ids, rolls)]
    assert len(set(reactions)) == len(reactions), "initiative totals must differ"
    if prep:
        prep(b, ids)
    while b.pending is not None and b.pending.actor != ids[0]:
        declare(b, b.pending.actor, "hold")
    for key, target, params in actions:
        if isinstance(target, int):
            target = ids[target]
        declare(b, ids[0], key, target, **params)
    return b, ids, events_of(b, AttackRolled)


def atk(target, weapon):
    return ("attack", target, {"with": weapon})


HOLD = ("hold", None, {})


def posture(index, value):
    def prep(b, ids):
        b.add(ids[index], Posture(value))
    return prep


# --- attacker ------------------------------------------------------------------------
def test_attacker_on_higher_ground_plus_1():
    """"If the attacker is on higher ground, he gains a +1 bonus" (elevation 2 against 0)."""
    rows = ["^...........", "............", "............", "............"]
    b, ids, rolls = turn([(1, "soldier", 0, 0), (2, "soldier", 5, 0)], [atk(1, "pistol"), HOLD],
                         total(0) + total(0), rows)
    assert ("higher ground", 1) in rolls[0].attack_mods
    assert not any(label == "higher ground" for label, _ in rolls[0].defense_mods)


def test_attacker_on_his_knees_minus_1_in_melee_only():
    """"If the attacker is on his knees (melee or unarmed attacks only), −1"."""
    b, ids, rolls = turn([(1, "scout", 1, 1), (2, "soldier", 2, 1)], [atk(1, "knife"), HOLD],
                         total(0) + total(0), prep=posture(0, KNEELING))
    assert ("on his knees", -1) in rolls[0].attack_mods
    b, ids, rolls = turn([(1, "soldier", 1, 1), (2, "soldier", 5, 1)], [atk(1, "pistol"), HOLD],
                         total(0) + total(0), prep=posture(0, KNEELING))
    assert rolls[0].attack_mods == ()


def test_attacker_prone_minus_2_for_melee_unarmed_and_thrown_not_projectile():
    """"If the attacker is prone (melee, unarmed, and thrown attacks only), −2"."""
    for weapon, gap, expected in (("knife", 1, True), ("fist", 1, True), ("fire_throwing", 3, True)):
        b, ids, rolls = turn([(1, "scout", 1, 1), (2, "soldier", 1 + gap, 1)], [atk(1, weapon), HOLD],
                             total(0) + total(0) + total(-4) + total(4), prep=posture(0, PRONE))
        assert (("prone", -2) in rolls[0].attack_mods) == expected, weapon
    b, ids, rolls = turn([(1, "soldier", 1, 1), (2, "soldier", 5, 1)], [atk(1, "pistol"), HOLD],
                         total(0) + total(0), prep=posture(0, PRONE))
    assert rolls[0].attack_mods == ()


def test_attacker_very_hurt_minus_2_replaces_hurt():
    """"if the attacker is Very Hurt, −2 (replaces the penalty from Hurt)"."""
    def prep(b, ids):
        wounds(b, ids[0]).hurt = 2
        wounds(b, ids[0]).very_hurt = 1
    b, ids, rolls = turn([(1, "soldier", 1, 1), (2, "soldier", 5, 1)], [atk(1, "pistol"), HOLD],
                         total(0) + total(0), prep=prep)
    assert rolls[0].attack_mods == (("Very Hurt", -2),)


def test_attacker_at_long_range_minus_1():
    """"If the attacker is at long range (relative to his thrown or projectile weapon), −1".
    [PROP] The service pistol's short range is 10 tiles, long range 20."""
    b, ids, rolls = turn([(1, "soldier", 0, 1), (2, "soldier", 10, 1)], [atk(1, "pistol"), HOLD],
                         total(0) + total(0), rows=["." * 22] * 3)
    assert rolls[0].attack_mods == ()
    b, ids, rolls = turn([(1, "soldier", 0, 1), (2, "soldier", 11, 1)], [atk(1, "pistol"), HOLD],
                         total(0) + total(0), rows=["." * 22] * 3)
    assert rolls[0].attack_mods == (("long range", -1),)


def test_beyond_long_range_no_attack_is_offered():
    """Beyond a weapon's long range it cannot attack at all [PROP]."""
    tmap_rows = ["." * 24] * 3
    b = battle([(1, "soldier", 0, 1), (2, "soldier", 21, 1)], initiative(4, -4), ascii_map(tmap_rows))
    a, d = b.units()
    declare(b, d, "hold")
    declare(b, d, "hold")
    assert b.pending.option("attack") is None


def test_charging_plus_1_after_a_move_of_two_tiles_ending_next_to_the_target():
    """"if the attacker is charging (melee or unarmed attacks only), +1".
    [PROP] A charge: a move of 2+ tiles that ends next to the target, then the blow."""
    b, ids, rolls = turn([(1, "scout", 1, 1), (2, "soldier", 5, 1)],
                         [("move", (4, 1), {}), atk(1, "knife")], total(0) + total(0))
    assert ("charging", 1) in rolls[0].attack_mods
    b, ids, rolls = turn([(1, "scout", 3, 1), (2, "soldier", 5, 1)],
                         [("move", (4, 1), {}), atk(1, "knife")], total(0) + total(0))
    assert ("charging", 1) not in rolls[0].attack_mods  # one step is no charge


def test_aiming_plus_1_for_the_next_projectile_attack():
    """"If the attacker spends a turn aiming at his target (thrown and projectile weapons
    only), +1". [PROP] Aiming is one action; it holds into the next turn unless one moves."""
    b, ids, rolls = turn([(1, "marksman", 0, 1), (2, "soldier", 6, 1)],
                         [("aim", 1, {}), atk(1, "rifle")], total(0) + total(0))
    assert ("aimed", 1) in rolls[0].attack_mods


def test_aim_from_last_turn_holds_and_a_move_spoils_it():
    """[PROP] An aim taken in one turn serves the next; moving in between spoils it."""
    b, ids, rolls = turn([(1, "marksman", 0, 1), (2, "soldier", 6, 1)], [("aim", 1, {}), HOLD])
    a, d = ids
    declare(b, d, "hold")
    declare(b, d, "hold")
    b.dice._queue.extend(total(0) + total(0) + initiative(4, -4))
    declare(b, a, "attack", d, **{"with": "rifle"})
    declare(b, a, "hold")
    assert ("aimed", 1) in events_of(b, AttackRolled)[-1].attack_mods
    # A move between the aim and the shot: no bonus.
    b, ids, rolls = turn([(1, "marksman", 0, 1), (2, "soldier", 6, 1)],
                         [("aim", 1, {}), ("move", (0, 2), {})])
    declare(b, ids[1], "hold")
    declare(b, ids[1], "hold")
    b.dice._queue.extend(total(0) + total(0) + initiative(4, -4))
    declare(b, ids[0], "attack", ids[1], **{"with": "rifle"})
    declare(b, ids[0], "hold")
    assert ("aimed", 1) not in events_of(b, AttackRolled)[-1].attack_mods


def test_blind_attacker_minus_2_and_must_locate_the_target_and_blind_defender_minus_2():
    """"If the attacker is blind, −2 (must still be able to locate his target)"; "If the
    defender is surprised or blind ..., −2".
    [PROP] Blindness comes from a flashbang hit, through the next turn; locating is
    Notice against Stealth."""
    # Turn 1: the guardian's flashbang blinds the soldier.
    dice = initiative(4, -4) + total(2) + total(-2) + initiative(4, -4)
    b = battle([(1, "guardian", 1, 1), (2, "soldier", 4, 1)], dice, ascii_map(OPEN))
    g, s = b.units()
    declare(b, s, "hold")
    declare(b, s, "hold")
    declare(b, g, "attack", s, **{"with": "flashbang"})
    declare(b, g, "hold")
    assert events_of(b, AttackRolled)[-1].result == "blinded"
    assert wounds(b, s).scratch == 0  # a blinding hit does not wound
    # Turn 2: the blind soldier shoots back: a locate roll, then −2.
    # Turn 2: the blind soldier shoots back (a locate roll, then −2), and defends at −2.
    b.dice._queue.extend(total(0) + total(0)  # the guardian's second flashbang
                         + total(0) + total(0) + total(1) + total(0)  # locate, then the shot
                         + initiative(4, -4))
    declare(b, s, "attack", g, **{"with": "pistol"})
    declare(b, s, "hold")
    declare(b, g, "attack", s, **{"with": "flashbang"})
    declare(b, g, "hold")
    loc = events_of(b, LocateRolled)[-1]
    assert loc.why == "attacking blind" and loc.located
    at_soldier, by_soldier = events_of(b, AttackRolled)[-2:]
    assert ("blind", -2) in by_soldier.attack_mods
    assert ("blind", -2) in at_soldier.defense_mods


# --- defender ------------------------------------------------------------------------
def test_defender_on_higher_ground_plus_1():
    """"If the defender is on higher ground, she gains a +1 bonus to her defense roll"."""
    rows = [".....^......", "............", "............", "............"]
    b, ids, rolls = turn([(1, "soldier", 0, 0), (2, "soldier", 5, 0)], [atk(1, "pistol"), HOLD],
                         total(0) + total(0), rows)
    assert ("higher ground", 1) in rolls[0].defense_mods


def test_defender_on_her_knees_minus_1_in_melee_plus_1_against_missiles():
    """Kneeling defender: −1 against melee or unarmed, +1 against thrown or projectile."""
    b, ids, rolls = turn([(1, "scout", 1, 1), (2, "soldier", 2, 1)], [atk(1, "knife"), HOLD],
                         total(0) + total(0), prep=posture(1, KNEELING))
    assert ("on her knees", -1) in rolls[0].defense_mods
    b, ids, rolls = turn([(1, "scout", 1, 1), (2, "soldier", 4, 1)], [atk(1, "fire_throwing"), HOLD],
                         total(0) + total(0) + total(-4) + total(4), prep=posture(1, KNEELING))
    assert ("on her knees", 1) in rolls[0].defense_mods


def test_defender_prone_against_thrown_plus_2():
    """Prone defender: +2 against thrown attacks too (−2 in melee: worked example 9)."""
    b, ids, rolls = turn([(1, "scout", 1, 1), (2, "soldier", 4, 1)], [atk(1, "fire_throwing"), HOLD],
                         total(0) + total(0) + total(-4) + total(4), prep=posture(1, PRONE))
    assert ("prone", 2) in rolls[0].defense_mods


def test_defender_hurt_minus_1():
    """"If the defender is Hurt, she takes a −1 penalty to her defense roll"."""
    def prep(b, ids):
        wounds(b, ids[1]).hurt = 1
    b, ids, rolls = turn([(1, "soldier", 1, 1), (2, "soldier", 5, 1)], [atk(1, "pistol"), HOLD],
                         total(0) + total(0), prep=prep)
    assert rolls[0].defense_mods == (("Hurt", -1),)


def test_surprised_in_the_first_turn_when_the_side_saw_no_enemy():
    """"If the defender is surprised ... −2". [PROP] In turn 1, a side none of whose units
    saw an enemy when the battle began is surprised. Here a wall hides each from the other;
    the scout steps round it and throws fire (a sneak attack too: she did not see him)."""
    rows = ["............",
            "....#.......",
            "....#.......",
            "....#......."]
    b, ids, rolls = turn([(1, "scout", 2, 2), (2, "soldier", 6, 2)],
                         [("move", (4, 0), {}), atk(1, "fire_throwing")],
                         total(0) + total(0) + total(-4) + total(4), rows)
    assert ("surprised", -2) in rolls[0].defense_mods
    assert rolls[0].attack_skill == ("Stealth, sneak attack", 2)  # Stealth +2 beats Attack +1


def test_sneak_attack_defender_may_substitute_insight_or_notice():
    """"defending against a sneak attack, she can substitute other skills, most frequently
    Insight or Notice". The marksman (Defense 0, Notice +2) uses Notice."""
    rows = ["............",
            "....#.......",
            "....#.......",
            "....#......."]
    b, ids, rolls = turn([(1, "soldier", 2, 2), (1, "soldier", 8, 0), (2, "marksman", 6, 2)],
                         [("move", (4, 0), {}), atk(2, "pistol")], total(0) + total(0), rows)
    assert rolls[0].defense_skill == ("Notice, vs sneak attack", 2)
    assert ("surprised", -2) in rolls[0].defense_mods


def test_no_sneak_attack_when_the_defender_saw_the_attacker():
    """Open ground: both saw each other at the start of the turn: Attack against Defense."""
    b, ids, rolls = turn([(1, "scout", 1, 1), (2, "marksman", 4, 1)], [atk(1, "fire_throwing"), HOLD],
                         total(0) + total(0) + total(-4) + total(4))
    assert rolls[0].attack_skill == ("Attack", 1)
    assert rolls[0].defense_skill == ("Defense", 0)
    assert not any(label == "surprised" for label, _ in rolls[0].defense_mods)


def test_partial_cover_plus_1_from_the_origin_of_the_attack():
    """"behind partial cover (relative to origin of attack ...), +1". A crate (light cover)
    beside her on the line. Shot from the other side the crate shields nothing."""
    rows = ["............",
            "....l.......",
            "............"]
    b, ids, rolls = turn([(1, "soldier", 0, 1), (2, "soldier", 5, 1)], [atk(1, "pistol"), HOLD],
                         total(0) + total(0), rows)
    assert ("partial cover", 1) in rolls[0].defense_mods
    b, ids, rolls = turn([(1, "soldier", 10, 1), (2, "soldier", 5, 1)], [atk(1, "pistol"), HOLD],
                         total(0) + total(0), rows)
    assert not any("cover" in label for label, _ in rolls[0].defense_mods)


def test_cover_is_reckoned_from_where_the_attack_is_made():
    """Cover counts from the origin of the attack: moving round the crate first, then
    shooting, leaves her without cover (the attack starts at the new tile)."""
    rows = ["............",
            "....l.......",
            "............"]
    b, ids, rolls = turn([(1, "soldier", 0, 1), (2, "soldier", 5, 1)],
                         [("move", (5, 0), {}), atk(1, "pistol")], total(0) + total(0), rows)
    assert not any("cover" in label for label, _ in rolls[0].defense_mods)


def test_total_cover_plus_2_and_the_attacker_must_locate_her():
    """"behind total cover ..., +2. The attacker must still locate her before attacking."
    [PROP] Heavy cover (sandbags) is total cover; locating is Notice against Stealth,
    and a target not found is not attacked."""
    rows = ["............",
            "....h.......",
            "............"]
    # Located (Notice 0 + 1 vs Stealth 0 + 0), then the attack.
    b, ids, rolls = turn([(1, "soldier", 0, 1), (2, "soldier", 5, 1)], [atk(1, "pistol"), HOLD],
                         total(1) + total(0) + total(0) + total(0), rows)
    assert events_of(b, LocateRolled)[-1].located
    assert ("total cover", 2) in rolls[0].defense_mods
    # Not located: no attack roll at all.
    b, ids, rolls = turn([(1, "soldier", 0, 1), (2, "soldier", 5, 1)], [atk(1, "pistol"), HOLD],
                         total(-1) + total(0), rows)
    assert not events_of(b, LocateRolled)[-1].located
    assert rolls == [] and "could not be located" in events_of(b, AttackLost)[-1].reason


def test_partially_concealed_plus_1():
    """"If the defender is partially concealed, +1": she stands in a concealing tile but
    is still in sight."""
    rows = ["............",
            ".....c......",
            "............"]
    b, ids, rolls = turn([(1, "soldier", 0, 1), (2, "soldier", 5, 1)], [atk(1, "pistol"), HOLD],
                         total(0) + total(0), rows)
    assert ("partially concealed", 1) in rolls[0].defense_mods


def test_totally_concealed_plus_2_and_must_be_located():
    """"If the defender is totally concealed, +2. The attacker must still locate her."
    Behind a concealing tile she is out of the attacker's sight (an ally saw her)."""
    rows = ["............",
            "....c.......",
            "............"]
    b, ids, rolls = turn([(1, "soldier", 0, 1), (1, "soldier", 5, 0), (2, "soldier", 6, 1)],
                         [atk(2, "pistol"), HOLD], total(0) + total(0) + total(0) + total(0), rows)
    assert events_of(b, LocateRolled)[-1].why == "totally concealed"
    assert ("totally concealed", 2) in rolls[0].defense_mods


def test_heavy_armour_reduces_the_damage_value_only_against_its_threat():
    """"If the defender is heavily armored (... riot gear against bullets), she reduces the
    attacker's damage value by 1." Against a knife riot gear is not heavy."""
    b, ids, rolls = turn([(1, "gunner", 1, 1), (2, "guardian", 4, 1)], [atk(1, "machine_pistol"), HOLD],
                         total(0) + total(0))
    assert rolls[0].damage_mods == (("anti-personnel rounds", 1), ("heavily armored: Riot gear", -1))
    b, ids, rolls = turn([(1, "scout", 1, 1), (2, "guardian", 2, 1)], [atk(1, "knife"), HOLD],
                         total(0) + total(0))
    assert rolls[0].damage_mods == (("edged", 1),)


def test_leaping_down_substitutes_acrobatics_for_attack():
    """"In some cases, such as falling from a height, he can substitute ... Acrobatics".
    [PROP] A melee attack on someone below: the better of Attack and Acrobatics."""
    rows = ["^^..........", "^^..........", "............"]
    b, ids, rolls = turn([(1, "scout", 1, 1), (2, "soldier", 2, 1)], [atk(1, "knife"), HOLD],
                         total(0) + total(0), rows)
    assert rolls[0].attack_skill == ("Acrobatics, leaping down", 2)
    assert ("higher ground", 1) in rolls[0].attack_mods


def test_helpless_defender_minus_2():
    """[PROP] An Incapacitated defender is helpless ("or any similar effect"): −2, and she
    lies fallen (prone)."""
    units = [(1, "soldier", 1, 1), (2, "soldier", 2, 1), (2, "soldier", 10, 3)]

    def prep(b, ids):
        from game.engine.components import FALLEN, OutOfFight
        wounds(b, ids[1]).incapacitated = 1
        b.add(ids[1], OutOfFight("Incapacitated"))
        b.add(ids[1], Posture(FALLEN))
    b, ids, rolls = turn(units, [atk(1, "fist"), HOLD], total(0) + total(0), prep=prep)
    assert ("helpless", -2) in rolls[0].defense_mods and ("prone", -2) in rolls[0].defense_mods


def test_surprised_and_blind_defender_takes_one_minus_2_not_two():
    """"If the defender is surprised or blind (or any similar effect), she takes a −2
    penalty to her defense roll": one line of the text, one −2. A blinded soldier who did
    not see the scout come round the wall (a sneak attack: surprised) defends at −2 once."""
    from game.rulesets.fate.components import Blind
    rows = ["............",
            "....#.......",
            "....#.......",
            "....#......."]

    def prep(b, ids):
        b.add(ids[1], Blind(through_round=1))
    b, ids, rolls = turn([(1, "scout", 2, 2), (2, "soldier", 6, 2)],
                         [("move", (4, 0), {}), atk(1, "fire_throwing")],
                         total(0) + total(0) + total(-4) + total(4), rows, prep=prep)
    similar = [(label, v) for label, v in rolls[0].defense_mods
               if "surprised" in label or "blind" in label]
    assert similar == [("surprised and blind", -2)]
    # 4dF 0 + Stealth 2 = 2 against 4dF 0 + Defense 0 − 2 = −2 (not −4): a hit by 4.
    assert rolls[0].attack_total == 2 and rolls[0].defense_total == -2 and rolls[0].margin == 4
