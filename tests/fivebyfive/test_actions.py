"""Offensive and Defensive Actions (five-by-five.txt "Offensive Action", "Defensive
Action", the Attack Summary, Critical Successes, The Effects of Damage, Instant KO)."""

import pytest

from game.engine.decisions import PICK, TURN
from game.rulesets.fivebyfive.actions import fate_of
from game.rulesets.fivebyfive.combat import profile, targets
from game.rulesets.fivebyfive.components import UNCONSCIOUS, TurnState
from game.rulesets.fivebyfive.events import AbilityDamaged, ControlRolled, OffensiveRolled
from tests.fivebyfive.kit import ascii_map, attack, battle, d5, duel, hero, pair, pick, values
from tests.helpers import events_of


# --- who may be attacked --------------------------------------------------------------
def test_strike_needs_an_adjacent_target_diagonals_included():
    """Strike attacks an adjacent target (8 neighbours)."""
    b = battle([(1, hero("a"), 3, 3), (2, hero("n"), 4, 4), (2, hero("far"), 6, 3)],
               [d5(5), d5(1), d5(2)])
    a, n, far = b.units()
    assert b.pending.option("strike").targets == (n,)


def test_strike_cannot_reach_across_the_corner_of_two_walls():
    """[PROP] Adjacent diagonally but the two tiles beside the diagonal are walls: no Strike
    (the same corner rule as movement)."""
    tmap = ascii_map(["....",
                      ".#..",
                      "#...",
                      "...."])
    b = battle([(1, hero("a"), 0, 1), (2, hero("d"), 1, 2)], [d5(5), d5(1)], tmap)
    a, d = b.units()
    assert targets(b, a, "strike") == []


def test_aim_needs_a_distant_target_in_line_of_sight():
    """Aim attacks a distant target: never an adjacent one, never through a wall; no
    range limit ([PROP])."""
    tmap = ascii_map([".......#......................",
                      "..............................",
                      ".............................."])
    b = battle([(1, hero("a"), 0, 1), (2, hero("adj"), 1, 1), (2, hero("walled"), 9, 0),
                (2, hero("far"), 29, 2)], [d5(5), d5(1), d5(2), d5(3)], tmap)
    a, adj, walled, far = b.units()
    assert targets(b, a, "aim") == [far]


def test_focus_reaches_any_visible_figure_near_or_far():
    """Focus: mental attacks on any visible figure, distant or adjacent."""
    tmap = ascii_map([".......#......",
                      "..............",
                      ".............."])
    b = battle([(1, hero("a", focus=1), 0, 0), (2, hero("adj"), 1, 0), (2, hero("hidden"), 9, 0),
                (2, hero("seen"), 12, 2)], [d5(5), d5(1), d5(2), d5(3)], tmap)
    a, adj, hidden, seen = b.units()
    assert targets(b, a, "focus") == [adj, seen]


def test_focus_can_never_be_used_unskilled():
    """"Focus cannot be used unskilled": no Focus option at rank 0."""
    b = duel(dict(focus=0), {}, [], gap=3)
    assert b.pending.option("focus") is None
    assert b.pending.option("aim") is not None


def test_unskilled_strike_and_aim_use_ability_minus_one():
    """Combat Ranks work like Skill Ranks: Unskilled target = Ability − 1."""
    b = duel(dict(strike=0, rage=4), {}, pair(1, 3) + pair(5, 5))
    a, d = b.units()
    assert profile(b, a, d, "strike").target_number == 3
    attack(b, "strike")
    assert events_of(b, OffensiveRolled)[-1].explain == "Strike Unskilled: Rage 4 − 1 = 3"
    assert events_of(b, OffensiveRolled)[-1].hit


def test_unconscious_figures_are_not_legal_targets():
    """[PROP] An Unconscious figure is eliminated from the combat: no longer a target."""
    b = battle([(1, hero("a", strike=3, rage=3), 3, 3), (2, hero("d", rage=1), 4, 3),
                (2, hero("e"), 9, 3)], [d5(5), d5(1), d5(1)] + [d5(2)] + [d5(1)] + pair(1, 2) + pair(5, 5))
    a, d, e = b.units()
    attack(b, "strike", d)
    pick(b, "rage")
    assert fate_of(b, d) == UNCONSCIOUS
    assert d not in targets(b, a, "strike") and d not in targets(b, a, "aim")


# --- Defensive Actions --------------------------------------------------------------
@pytest.mark.parametrize("action,defence,gap", [("strike", "parry", 1), ("aim", "dodge", 3),
                                                ("focus", "resist", 3)])
def test_each_offensive_action_is_answered_by_its_defence(action, defence, gap):
    """Parry answers Strike, Dodge answers Aim, Resist answers Focus, each with its ability
    (Parry × Rage, Dodge × Grace, Resist × Precognition)."""
    b = duel({}, dict(parry=2, dodge=3, resist=4, rage=2, grace=3, precognition=4),
             pair(0, 1) + pair(5, 5), gap=gap)
    a, d = b.units()
    p = profile(b, a, d, action)
    assert p.defence == defence
    assert p.defence_target == {"parry": 4, "dodge": 9, "resist": 16}[defence]
    attack(b, action, d)
    control = events_of(b, ControlRolled)[-1]
    assert control.defence == defence and control.result == "not controlled"


def test_the_defender_chooses_when_it_controls_the_hit():
    """"If the Defender Controls the Hit, they choose which of their Ability Scores to Damage.\""""
    b = duel(dict(strike=2, rage=3), dict(parry=2, rage=3), pair(1, 2) + pair(2, 3))
    a, d = b.units()
    attack(b, "strike", d)
    assert b.pending.kind == PICK and b.pending.actor == d and b.pending.side == 2
    assert "Controlled the Hit" in b.pending.prompt
    assert [o.hotkey for o in b.pending.options] == ["r", "g", "p"]
    pick(b, "grace")
    dmg = events_of(b, AbilityDamaged)[-1]
    assert (dmg.ability, dmg.before, dmg.after, dmg.controlled) == ("grace", 2, 1, True)


def test_the_attacker_chooses_when_the_hit_is_not_controlled():
    """"If the Defender does not Control the Hit, the Attacker chooses which Ability Score
    the Defender must reduce.\""""
    b = duel(dict(strike=2, rage=3), dict(parry=1, rage=2), pair(1, 2) + pair(3, 1))
    a, d = b.units()
    attack(b, "strike", d)
    assert b.pending.kind == PICK and b.pending.actor == a and b.pending.side == 1
    pick(b, "precognition")
    assert values(b, d) == {"rage": 2, "grace": 2, "precognition": 1}
    assert events_of(b, AbilityDamaged)[-1].chosen_by == b.name(a)


def test_damaged_abilities_lower_every_later_target():
    """"always multiply the Combat Rank by the character's current (damaged) Ability Score."""
    b = duel(dict(strike=2, rage=3), dict(parry=2, rage=3, strike=3), pair(1, 2) + pair(5, 4))
    a, d = b.units()
    assert profile(b, d, a, "strike").target_number == 9
    assert profile(b, a, d, "strike").defence_target == 6
    attack(b, "strike", d)
    pick(b, "rage")
    assert profile(b, d, a, "strike").target_number == 6  # Strike 3 × Rage 2
    assert profile(b, a, d, "strike").defence_target == 4  # Parry 2 × Rage 2


# --- Critical Successes -------------------------------------------------------------
def test_double_hit_rolls_both_controls_before_any_damage_and_a_block_spares_only_one():
    """Double Hit: two Control rolls "as though ... two simultaneous successful attacks";
    [PROP] a Blocked first hit does not cancel the second."""
    b = duel(dict(strike=3, rage=3), dict(parry=1, rage=3), pair(2, 2) + pair(1, 1) + pair(5, 4))
    a, d = b.units()
    attack(b, "strike", d)
    results = [c.result for c in events_of(b, ControlRolled)]
    assert results == ["blocked", "not controlled"]
    assert events_of(b, AbilityDamaged) == []  # nothing applied before the choices
    assert b.pending.actor == a and b.pending.context["hit"] == 2
    pick(b, "grace")
    assert values(b, d) == {"rage": 3, "grace": 1, "precognition": 2}
    assert b.active(d)


def test_double_hit_attacker_places_first_and_a_controlled_hit_can_avoid_instant_ko():
    """[PROP] With one Hit Controlled and one not, the attacker places its Hit first; the
    defender, Controlling the other, keeps it off that ability (no Instant KO)."""
    b = duel(dict(strike=3, rage=3), dict(parry=1, rage=3, grace=3, precognition=3),
             pair(3, 3) + pair(0, 3) + pair(5, 5))
    a, d = b.units()
    attack(b, "strike", d)
    assert [c.result for c in events_of(b, ControlRolled)] == ["controlled", "not controlled"]
    assert b.pending.actor == a and b.pending.context["hit"] == 2
    assert b.pending.context["later_choosers"] == ("defender",)
    pick(b, "rage")
    assert b.pending.actor == d and b.pending.context["earlier"] == ("rage",)
    ko = b.pending.option("rage")
    assert "Instant KO" in ko.description
    pick(b, "grace")
    assert values(b, d) == {"rage": 2, "grace": 2, "precognition": 3}
    assert b.active(d)


def test_a_defender_who_controls_both_hits_of_a_double_hit_may_still_choose_instant_ko():
    """The choice is the chooser's: two points on one ability from one action is an
    Instant KO whoever chose them."""
    b = duel(dict(strike=3, rage=3), dict(parry=2, rage=3), pair(3, 3) + pair(1, 2) + pair(2, 1))
    a, d = b.units()
    attack(b, "strike", d)
    pick(b, "precognition")
    pick(b, "precognition")
    assert fate_of(b, d) == UNCONSCIOUS and values(b, d)["precognition"] == 0


def test_a_blocked_hit_with_doubles_on_zero():
    """(0, 0) is a success with doubles: a Critical Success (Blocked) at any target."""
    b = duel(dict(strike=2, rage=2), dict(parry=1, rage=1), pair(1, 3) + pair(0, 0))
    attack(b, "strike")
    assert events_of(b, ControlRolled)[-1].result == "blocked"


# --- the turn -------------------------------------------------------------------------
def test_the_offensive_action_ends_the_turn():
    """"After a character has made an Offensive Action, and the target ... has had an
    opportunity to perform a Defensive Action ... the current player's turn ends\""""
    b = duel(dict(strike=2, rage=3), {}, pair(4, 4))
    a, d = b.units()
    attack(b, "strike", d)
    assert b.pending.kind == TURN and b.pending.actor == d


def test_move_then_attack_and_movement_may_be_split():
    """Move up to the Initiative roll, then attack; the move may be made in pieces."""
    b = duel(dict(aim=2, grace=2), {}, pair(4, 4), gap=8)
    a, d = b.units()
    b.submit(b.pending.option("move").choice((3, 1)))
    assert b.pending.actor == a
    assert "3 of 5" in b.pending.prompt
    b.submit(b.pending.option("move").choice((5, 2)))
    assert b.get(a, TurnState).movement_left == 1
    assert all(max(abs(x - 5), abs(y - 2)) == 1 for x, y in b.pending.option("move").targets)
    attack(b, "aim", d)
    assert b.pending.actor == d


def test_enemies_block_movement_allies_may_be_passed_but_not_stood_on():
    """[PROP] Movement: enemies block; allies may be passed through but not ended on."""
    tmap = ascii_map(["#####",
                      ".....",
                      "#####"])
    b = battle([(1, hero("a"), 0, 1), (1, hero("ally"), 1, 1), (2, hero("foe"), 4, 1)],
               [d5(3), d5(1), d5(2)], tmap)
    a, ally, foe = b.units()
    assert b.pending.actor == a
    assert b.pending.option("move").targets == ((2, 1), (3, 1))
    b = battle([(1, hero("a"), 0, 1), (2, hero("foe"), 1, 1), (2, hero("f2"), 4, 1)],
               [d5(3), d5(1), d5(2)], tmap)
    assert b.pending.option("move") is None


def test_rough_ground_costs_two_tiles_of_movement():
    """[PROP] A tile costs its map move cost in inches: rough ground (`~`) costs 2."""
    tmap = ascii_map(["~~~~~~",
                      "~~~~~~"])
    b = battle([(1, hero("a"), 0, 0), (2, hero("foe"), 5, 1)], [d5(3), d5(1)], tmap)
    assert all(max(x, y) <= 1 for x, y in b.pending.option("move").targets)


def test_an_unconscious_figure_never_acts_nor_rolls_initiative():
    """An Unconscious character cannot act: it is skipped and rolls no Initiative."""
    from game.rulesets.fivebyfive.events import InitiativeRolled
    b = battle([(1, hero("a", strike=3, rage=3), 3, 3), (2, hero("d", rage=1), 4, 3),
                (2, hero("e"), 9, 3)],
               [d5(5), d5(1), d5(1)] + [d5(2)] + [d5(1)] + pair(1, 2) + pair(5, 5) + [d5(3), d5(2)])
    a, d, e = b.units()
    attack(b, "strike", d)
    pick(b, "rage")
    assert b.pending.actor == e
    b.submit(b.pending.option("end_turn").choice())
    # round 2: only a and e roll
    round2 = events_of(b, InitiativeRolled)[3:]
    assert sorted(ev.unit for ev in round2) == [a, e]


# --- [PROP] cover as rank shifts ------------------------------------------------------
@pytest.mark.parametrize("row,label,shift", [(".....c..", "concealment", -1),
                                             ("....l...", "light cover", -1),
                                             ("....h...", "heavy cover", -2)])
def test_cover_shifts_the_aim_rank_down(row, label, shift):
    """[PROP] A target in concealment (tall grass, on its tile) or behind light cover: −1
    rank; heavy cover −2; on Aim only: Strike (adjacent) and Focus (mental) ignore it."""
    tmap = ascii_map(["........", row, "........"])
    b = duel(dict(aim=3, grace=3, focus=2, precognition=3), {}, [], gap=4, tmap=tmap)
    a, d = b.units()
    assert d in targets(b, a, "aim") and d in targets(b, a, "focus")
    p = profile(b, a, d, "aim")
    assert p.shifts == ((label, shift),)
    assert p.target_number == (3 + shift) * 3
    assert profile(b, a, d, "focus").shifts == ()
    assert profile(b, a, d, "focus").target_number == 6


# --- what the window shows ------------------------------------------------------------
def test_unit_card_and_health_show_the_ability_scores():
    """Health bars: the sum of current Ability Scores over the starting sum."""
    b = duel(dict(strike=2, rage=3), dict(parry=1, rage=3, grace=2, precognition=1), pair(1, 2) + pair(5, 5))
    a, d = b.units()
    assert b.ruleset.health(b, d) == (6, 6)
    attack(b, "strike", d)
    pick(b, "precognition")
    card = b.ruleset.unit_card(b, d)
    assert b.ruleset.health(b, d) == (5, 6)
    assert card["abilities"] == {"Rage": "3/3", "Grace": "2/2", "Precognition": "0/1"}
    assert card["conditions"][0] == "Unconscious" and "Precognition Damaged (0/1)" in card["conditions"]
    assert card["ranks"]["Strike"] == "1" and card["class"] == "Brawler"


def test_preview_move_gives_the_path_and_its_cost():
    b = duel({}, {}, [], gap=8)
    a, d = b.units()
    path, cost = b.ruleset.preview_move(b, a, (4, 1))
    assert path[-1] == (4, 1) and len(path) == 3 and cost == "3 of 5 tiles"
    assert b.ruleset.preview_move(b, a, (9, 5))[0] == []


def test_a_roll_of_zero_still_moves_one_tile_onto_rough_ground():
    """"If a 0 was rolled for Initiative the character can still move 1 inch": one tile
    even when every neighbour is rough ground (cost 2), and that step spends the move."""
    tmap = ascii_map(["~~~~~~",
                      "~~~~~~",
                      "~~~~~~"])
    b = battle([(1, hero("a"), 1, 1), (2, hero("foe"), 5, 1)], [d5(0), d5(1)], tmap)
    a, foe = b.units()
    b.submit(b.pending.option("end_turn").choice())  # the foe rolled 1 and acts first
    assert b.pending.actor == a
    assert sorted(b.pending.option("move").targets) == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2),
                                                        (2, 0), (2, 1), (2, 2)]
    b.submit(b.pending.option("move").choice((2, 1)))
    assert b.tile(a) == (2, 1)
    assert b.get(a, TurnState).movement_left == 0


def test_a_roll_of_one_may_step_onto_rough_ground_too():
    """[PROP] A roll of 1 is never worse than a 0: its one tile may be rough ground."""
    tmap = ascii_map(["~~~~~~",
                      "~~~~~~"])
    b = battle([(1, hero("a"), 0, 0), (2, hero("foe"), 5, 1)], [d5(1), d5(0)], tmap)
    assert sorted(b.pending.option("move").targets) == [(0, 1), (1, 0), (1, 1)]
