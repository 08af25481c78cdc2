"""The combat turn: initiative, declaring slowest-first, two actions, hands, and the
simultaneous resolution (rule text: "Initiative", "The Combat Turn", "Attacks")."""

from game.engine.components import PRONE, STANDING, Posture
from game.engine.decisions import DECLARE
from game.engine.events import Moved, Note
from game.rulesets.fate.components import Kit
from game.rulesets.fate.events import (AttackLost, AttackRolled, Declared, InitiativeRolled,
                                       PostureChanged, WoundTaken)
from game.rulesets.fate.wounds import INCAPACITATED
from tests.fate.kit import ascii_map, attack, battle, declare, events_of, hold, initiative, total, wounds


# --- initiative -----------------------------------------------------------------------
def test_initiative_is_4df_plus_reaction_and_the_slowest_declares_first():
    """"Everyone rolls initiative by rolling their Reaction skill ... players declare their
    actions in reverse initiative order, starting from the slowest"."""
    # scout Reaction +2, soldier +1, bruiser 0
    b = battle([(1, "scout", 1, 1), (2, "soldier", 5, 1), (2, "brawler", 6, 3)],
               initiative(-1, 2, 0) + initiative(-1, 2, 0))
    scout, soldier, brawler = b.units()
    rolled = events_of(b, InitiativeRolled)
    assert [(e.unit, e.total) for e in rolled] == [(scout, 1), (soldier, 3), (brawler, 0)]
    asked = []
    for _ in range(6):
        asked.append(b.pending.actor)
        assert b.pending.kind == DECLARE
        declare(b, b.pending.actor, "hold")
        if b.pending is None:
            break
    assert asked == [brawler, brawler, scout, scout, soldier, soldier]


def test_initiative_ties_go_to_the_higher_reaction_then_a_roll_off():
    """[PROP] Tied initiative: the higher Reaction skill first; still tied, a 4dF roll-off."""
    # scout +2 rolls 0 → 2; soldier +1 rolls +1 → 2: the scout (Reaction +2) is faster.
    b = battle([(1, "scout", 1, 1), (2, "soldier", 5, 1)], initiative(0, 1))
    scout, soldier = b.units()
    assert b.pending.actor == soldier  # the slower declares first
    # Two soldiers tied at 2: roll-off +1 against −1.
    b = battle([(1, "soldier", 1, 1), (2, "soldier", 5, 1)], initiative(1, 1) + total(-1) + total(1))
    first, second = b.units()
    assert [e.note for e in events_of(b, InitiativeRolled)][2:] == ["(roll-off: tied at 2)"] * 2
    assert b.pending.actor == first  # the second won the roll-off, so the first declares first


def test_initiative_is_rolled_again_every_turn_with_wound_penalties():
    """[PROP] Initiative every turn (declarations are made every turn); a Hurt unit takes
    −1 on it as on every roll [REC damage-capacity]."""
    b = battle([(1, "soldier", 1, 1), (2, "soldier", 5, 1)], initiative(4, -4) + initiative(-4, 4))
    a, d = b.units()
    wounds(b, a).hurt = 1
    hold(b, d)
    hold(b, a)
    second = events_of(b, InitiativeRolled)[2:]
    assert second[0].modifiers == (("Hurt", -1),) and second[0].total == -4 + 1 - 1
    assert b.pending.actor == a  # now the slower


def test_faster_units_see_slower_declarations():
    """"those with a higher Reaction result can take into account other people's actions":
    the slower's declarations are in the faster's decision context and in the log."""
    b = battle([(1, "soldier", 1, 1), (2, "soldier", 6, 1)], initiative(4, -4))
    a, d = b.units()
    declare(b, d, "move", (6, 3))
    declare(b, d, "kneel")
    ctx = b.pending.context
    assert ctx["slot"] == 1
    assert [(x["unit"], x["slot"], x["kind"]) for x in ctx["declared"]] == [(d, 1, "move"), (d, 2, "kneel")]
    assert [e.text for e in events_of(b, Declared)] == ["move to (6, 3)", "kneel"]


def test_a_faster_unit_can_strike_where_a_slower_one_declared_it_will_be():
    """The faster sees the slower's declared move: its melee may target the tile the
    slower will step next to it, and the blow lands after the move."""
    b = battle([(1, "scout", 2, 1), (2, "soldier", 6, 1)], initiative(4, -4) + total(0) + total(0)
               + initiative(4, -4))
    a, d = b.units()
    assert b.pending.actor == d
    declare(b, d, "move", (3, 1))
    declare(b, d, "hold")
    opt = b.pending.option("attack")
    assert d in opt.targets and opt.params_for(d)["with"][0] == "knife"  # adjacent as planned
    attack(b, a, d, "knife")
    declare(b, a, "hold")
    assert events_of(b, AttackRolled)[-1].target == d


# --- two actions, one attack per hand ----------------------------------------------
def test_two_actions_move_and_attack_or_move_twice():
    """"you can make 2 actions – either move or attack actions": move then attack."""
    b = battle([(1, "soldier", 0, 1), (2, "soldier", 11, 1)], initiative(4, -4) + total(0) + total(0)
               + initiative(4, -4))
    a, d = b.units()
    hold(b, d)
    declare(b, a, "move", (5, 1))
    declare(b, a, "attack", d, **{"with": "pistol"})
    assert b.tile(a) == (5, 1) and events_of(b, AttackRolled)
    b2 = battle([(1, "soldier", 0, 1), (2, "soldier", 11, 1)], initiative(4, -4) + initiative(4, -4))
    a, d = b2.units()
    hold(b2, d)
    declare(b2, a, "move", (5, 1))
    declare(b2, a, "move", (10, 1))
    assert [m.path[-1] for m in events_of(b2, Moved)] == [(5, 1), (10, 1)]


def test_second_attack_only_with_the_other_hand():
    """"attack once with each hand (for two attacks)": the soldier's pistol hand has
    attacked, so the second attack is the free hand's fist."""
    b = battle([(1, "soldier", 1, 1), (2, "soldier", 2, 1)], initiative(4, -4))
    a, d = b.units()
    hold(b, d)
    assert b.pending.option("attack").params_for(d)["with"] == ("pistol", "fist")
    attack(b, a, d, "pistol")
    assert b.pending.option("attack").params_for(d)["with"] == ("fist",)


def test_two_weapons_without_penalty():
    """"You may attack with two weapons against the same or different targets without
    penalty": the gunslinger's two machine pistols, no modifier on either."""
    dice = initiative(4, -4, -3) + total(0) + total(0) + total(0) + total(0) + initiative(4, -4, -3)
    b = battle([(1, "gunner", 1, 1), (2, "soldier", 4, 1), (2, "soldier", 4, 3)], dice)
    g, s1, s2 = b.units()
    hold(b, s1)
    hold(b, s2)
    attack(b, g, s1, "machine_pistol")
    attack(b, g, s2, "machine_pistol")
    rolls = events_of(b, AttackRolled)
    assert [r.target for r in rolls] == [s1, s2]
    assert all(r.attack_mods == () for r in rolls)


def test_a_two_handed_weapon_is_the_only_attack_of_the_turn():
    """[PROP] A two-handed rifle takes both hands: after it, no second attack."""
    b = battle([(1, "marksman", 1, 1), (2, "soldier", 6, 1)], initiative(4, -4))
    a, d = b.units()
    hold(b, d)
    attack(b, a, d, "rifle")
    assert b.pending.option("attack") is None


def test_pairings_melee_and_ranged_weapon_and_power_unarmed_and_power_power_and_power():
    """"melee weapon in one hand and a ranged weapon in the other", "a weapon in one hand
    and ... a superpower", "one hand for an unarmed attack and the other for a superpower",
    "each hand for the same ... superpower": all without penalty."""
    cases = [("guardian", ["baton", "flashbang"]), ("scout", ["knife", "fire_throwing"]),
             ("pyro", ["fist", "fire_throwing"]), ("pyro", ["fire_throwing", "fire_throwing"]),
             ("brawler", ["machete", "fist"])]
    for template, pair in cases:
        b = battle([(1, template, 1, 1), (2, "strongman", 2, 1)], initiative(4, -4))
        a, d = b.units()
        hold(b, d)
        attack(b, a, d, pair[0])
        assert pair[1] in b.pending.option("attack").params_for(d)["with"], (template, pair)


def test_limited_items_run_out():
    """[PROP] A carried flashbang is thrown once and gone: two per guardian."""
    b = battle([(1, "guardian", 1, 1), (2, "soldier", 4, 1)],
               initiative(4, -4) + total(-4) + total(4) + initiative(4, -4) + total(-4) + total(4)
               + initiative(4, -4))
    g, s = b.units()
    hold(b, s)
    attack(b, g, s, "flashbang")
    declare(b, g, "hold")  # the second hand holds the baton; the flashbang used the free one
    assert b.get(g, Kit).uses["flashbang"] == 1
    hold(b, s)
    attack(b, g, s, "flashbang")
    declare(b, g, "hold")
    assert b.get(g, Kit).uses["flashbang"] == 0
    hold(b, s)
    assert "flashbang" not in (b.pending.option("attack").params.get("with", ()) if b.pending.option("attack") else ())


# --- postures ----------------------------------------------------------------------
def test_kneel_drop_prone_and_stand_are_move_actions_and_prone_cannot_move():
    """[PROP] Kneeling, lying prone and standing up each take a move action; a prone unit
    must stand before it moves; a kneeling one stands up as it moves."""
    b = battle([(1, "soldier", 1, 1), (2, "soldier", 9, 1)], initiative(4, -4) * 3)
    a, d = b.units()
    hold(b, d)
    declare(b, a, "prone")
    assert b.pending.option("move") is None  # planned prone: no move this turn
    declare(b, a, "stand")
    assert [e.posture for e in events_of(b, PostureChanged)] == [PRONE, STANDING]
    hold(b, d)
    declare(b, a, "kneel")
    declare(b, a, "move", (3, 1))
    assert b.get(a, Posture).value == STANDING and b.tile(a) == (3, 1)


# --- simultaneous resolution ---------------------------------------------------------
def test_moves_resolve_fastest_first_and_a_taken_tile_stops_the_slower():
    """[PROP] Moves resolve in initiative order; a slower mover whose tile is taken stops
    as close as it can."""
    b = battle([(1, "soldier", 1, 1), (2, "soldier", 9, 1)], initiative(4, -4) + initiative(4, -4))
    a, d = b.units()
    declare(b, d, "move", (5, 1))
    declare(b, d, "hold")
    declare(b, a, "move", (5, 1))
    declare(b, a, "hold")
    assert b.tile(a) == (5, 1)
    assert b.tile(d) != (5, 1) and max(abs(b.tile(d)[0] - 5), abs(b.tile(d)[1] - 1)) == 1
    assert any("is taken" in e.text for e in events_of(b, Note))


def test_a_slower_melee_attack_misses_its_chance_when_the_faster_target_walks_away():
    """The slow cannot see the fast's declarations: its blow finds no one if she left."""
    b = battle([(1, "soldier", 2, 1), (2, "brawler", 3, 1)], initiative(4, -4) + initiative(4, -4))
    a, br = b.units()
    attack(b, br, a, "machete")
    declare(b, br, "hold")
    declare(b, a, "move", (8, 1))
    declare(b, a, "hold")
    lost = events_of(b, AttackLost)[-1]
    assert lost.attacker == br and "no longer next to it" in lost.reason


def test_incapacitated_this_turn_still_carries_out_its_declared_attack():
    """"All actions take place at the same time": two units that take each other out in one
    turn both attack, and the wounds land after every attack."""
    dice = (initiative(4, -4)
            + total(4) + total(-4)  # the fast soldier: 5 vs −4: margin 9, Incapacitated
            + total(4) + total(-4))  # the slow one still shoots back: also Incapacitated
    b = battle([(1, "soldier", 1, 1), (2, "soldier", 5, 1)], dice)
    a, d = b.units()
    attack(b, d, a, "pistol")
    declare(b, d, "hold")
    attack(b, a, d, "pistol")
    declare(b, a, "hold")
    rolls = events_of(b, AttackRolled)
    assert [r.attacker for r in rolls] == [a, d]
    assert all(r.result == INCAPACITATED for r in rolls)
    taken = events_of(b, WoundTaken)
    assert b.log.index(taken[0]) > b.log.index(rolls[-1])  # wounds land after all attacks
    assert not b.active(a) and not b.active(d)
    assert b.over and b.winner is None


def test_attack_penalties_use_the_wounds_from_before_the_turn():
    """A unit Hurt in the first action still attacks without −1 in the second (the wounds
    land at the end of the turn)."""
    dice = (initiative(4, -4)
            + total(1) + total(-1)  # beat 1: fast hits slow, margin 3 → Hurt (pending)
            + total(0) + total(0)  # beat 2: slow attacks fast
            + initiative(4, -4))
    b = battle([(1, "soldier", 1, 1), (2, "soldier", 5, 1)], dice)
    a, d = b.units()
    declare(b, d, "hold")
    attack(b, d, a, "pistol")
    attack(b, a, d, "pistol")
    declare(b, a, "hold")
    first, second = events_of(b, AttackRolled)
    assert first.result == "Hurt" and second.attacker == d
    assert second.attack_mods == ()
    assert wounds(b, d).hurt == 1


def test_an_incapacitated_unit_declares_nothing_afterwards():
    """Incapacitated: "helpless, cannot move" [REC]: out of the fight, asked nothing."""
    units = [(1, "soldier", 1, 1), (2, "soldier", 4, 1), (2, "soldier", 9, 3)]
    dice = initiative(4, -4, -3) + total(4) + total(-4) + initiative(4, -3)
    b = battle(units, dice)
    a, d, e = b.units()
    hold(b, d)
    hold(b, e)
    attack(b, a, d, "pistol")
    declare(b, a, "hold")
    assert not b.active(d)
    asked = set()
    while b.pending is not None and len(asked) < 2:
        asked.add(b.pending.actor)
        declare(b, b.pending.actor, "hold")
    assert d not in asked


def test_round_limit_ends_in_a_draw():
    """Every battle ends: at the round limit it is a draw (game.engine.flow)."""
    dice = initiative(4, -4) * 1 + initiative(4, -4) + initiative(4, -4)
    b = battle([(1, "soldier", 1, 1), (2, "soldier", 9, 1)], dice, max_rounds=2)
    a, d = b.units()
    for _ in range(2):
        hold(b, d)
        hold(b, a)
    assert b.over and b.winner is None and b.pending is None


def test_an_attack_reads_in_the_log():
    """The log explains each roll: dice faces, skill, every modifier and the outcome."""
    b = battle([(1, "soldier", 1, 1), (2, "soldier", 5, 1)], initiative(4, -4) + total(1) + total(-1)
               + initiative(4, -4), tmap=ascii_map(["........"] * 3))
    a, d = b.units()
    hold(b, d)
    attack(b, a, d, "pistol")
    declare(b, a, "hold")
    text = events_of(b, AttackRolled)[-1].describe()
    assert text == ("Soldier 1-1 attacks Soldier 2-1 with Service pistol: 4dF [+ 0 0 0] +1 + 1 (Attack) = 2 "
                    "vs 4dF [− 0 0 0] -1 + 0 (Defense) = -1: hit by 3, damage value 3 → Hurt")
    assert events_of(b, WoundTaken)[-1].describe().startswith("Soldier 2-1 is Hurt (Service pistol, Soldier 1-1)")


def test_a_thrown_item_is_not_spent_when_its_attack_is_lost():
    """A flashbang is spent when thrown; a throw that cannot be made (the faster target ran
    beyond long range) keeps it."""
    b = battle([(1, "soldier", 5, 1), (2, "guardian", 0, 1)], initiative(4, -4) + initiative(4, -4),
               ascii_map(["." * 14] * 3))
    s, g = b.units()
    attack(b, g, s, "flashbang")
    declare(b, g, "hold")
    declare(b, s, "move", (11, 1))
    declare(b, s, "hold")
    assert "beyond long range" in events_of(b, AttackLost)[-1].reason
    assert b.get(g, Kit).uses["flashbang"] == 2


def test_a_hidden_target_is_located_once_a_turn():
    """[PROP] One locate roll per attacker and target a turn: the gunslinger's second pistol
    needs no second search for the soldier behind sandbags (total cover)."""
    from game.rulesets.fate.events import LocateRolled
    rows = ["............", "....h.......", "............"]
    dice = (initiative(4, -4) + total(1) + total(0)  # located: 1 + Notice 1 vs 0
            + total(0) + total(0) + total(0) + total(0) + initiative(4, -4))
    b = battle([(1, "gunner", 0, 1), (2, "soldier", 5, 1)], dice, ascii_map(rows))
    g, s = b.units()
    hold(b, s)
    attack(b, g, s, "machine_pistol")
    attack(b, g, s, "machine_pistol")
    assert len(events_of(b, LocateRolled)) == 1
    assert len(events_of(b, AttackRolled)) == 2
