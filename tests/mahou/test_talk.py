"""Talk (rule text "Talk": General, Infatuate, Infuriate, Intimidate; digest 0.6):
distraction ratings and their cumulative penalties, who can be infatuated, decaying
penalties, the smitten / enraged / terrified states, Intelligence rolls against the
state, baiting and demands; only the highest penalty counts."""

from game.rulesets.mahou import talk
from game.rulesets.mahou.attacks import AttackSpec, attack_profile
from game.rulesets.mahou.components import Actions, Distraction, Distractions
from game.rulesets.mahou.economy import usable
from game.rulesets.mahou.options import turn_options
from game.rulesets.mahou.events import CheckRolled, DistractionRolled
from game.engine.dice import ScriptedDice
from tests.mahou.kit import battle, choose, last

ENRAGE = [8, 7, 8, 8, 1,  # the fencer's non-skilled Personality: 2d8 (15, 17) → 15
          1, 1]  # the shooter's non-skilled Intelligence: 2d6 (1, 1) → 1


def trio(dice, shooter_at=(3, 0)):
    b = battle([(1, "fencer", 0, 0), (2, "shooter", *shooter_at), (2, "dummy", 11, 5)],
               [7, 7, 2, 2, 1, 1] + list(dice))
    return (b, *b.units())


def test_general_distraction_personality_minus_2_against_intelligence():
    """General: the distractor's Personality die −2 against the distractee's Intelligence
    die; if higher, the difference is a penalty to all its skill rolls."""
    b, fencer, shooter, dummy = trio([7, 2])  # d8 7 − 2 = 5 vs d6 2 → −3
    choose(b, "distract", shooter, kind="general")
    e = last(b, DistractionRolled)
    assert (e.rating, e.resist, e.penalty) == (5, 2, 3)
    assert " tries to distract " in e.describe()  # "general" is no verb (issue 18, grammar)
    spec = AttackSpec(shooter, fencer, "weapon", "gun", "precise", "math", ("primary",))
    assert ("distracted (general)", -3) in attack_profile(b, spec).roll.modifiers


def test_general_lasts_until_the_end_of_the_distractees_next_full_turn():
    b, fencer, shooter, dummy = trio([7, 2])
    choose(b, "distract", shooter, kind="general")
    choose(b, "end_turn")
    assert talk.strongest(b, shooter).penalty == 3
    choose(b, "end_turn")  # the shooter's full turn ends
    assert talk.strongest(b, shooter) is None


def test_each_general_at_the_same_target_costs_the_distractor_1_more():
    b, fencer, shooter, dummy = trio([7, 2])
    choose(b, "distract", shooter, kind="general")
    spec = talk.rating_spec(b, fencer, shooter, "general")
    assert ("1 earlier at this target", -1) in spec.modifiers
    assert ("general distraction", -2) in talk.rating_spec(b, fencer, dummy, "general").modifiers
    assert len(talk.rating_spec(b, fencer, dummy, "general").modifiers) == 1


def test_infatuate_reaches_only_those_attracted_to_the_distractors_sex():
    b, fencer, shooter, dummy = trio([], shooter_at=(3, 0))
    opt = b.pending.option("distract")
    assert "infatuate" in opt.params_for(shooter)["kind"]  # he likes women; she is one
    assert "infatuate" not in opt.params_for(dummy)["kind"]


def test_a_difference_of_10_enrages_and_the_distractor_is_remembered():
    """Infuriate: non-skilled Personality − 4 = 11 against non-skilled Intelligence 1:
    −10, and the shooter is enraged with the fencer."""
    b, fencer, shooter, dummy = trio(ENRAGE)
    choose(b, "distract", shooter, kind="infuriate")
    e = last(b, DistractionRolled)
    assert (e.rating, e.resist, e.penalty, e.state) == (11, 1, 10, "enraged")
    assert talk.state(b, shooter) == ("enraged", fencer)


def test_further_attempts_of_a_kind_cost_2_each_even_at_someone_else():
    b, fencer, shooter, dummy = trio(ENRAGE)
    choose(b, "distract", shooter, kind="infuriate")
    spec = talk.rating_spec(b, fencer, dummy, "infuriate")
    assert ("1 earlier infuriate attempts", -2) in spec.modifiers
    assert len(talk.rating_spec(b, fencer, dummy, "intimidate").modifiers) == 1


def test_penalties_fall_by_2_a_round_and_the_state_ends_at_0():
    b, fencer, shooter, dummy = trio(ENRAGE)
    choose(b, "distract", shooter, kind="infuriate")
    for expected in (8, 6, 4, 2):
        talk.decay(b, shooter)
        assert talk.strongest(b, shooter).penalty == expected
        assert talk.state(b, shooter) == ("enraged", fencer)
    talk.decay(b, shooter)
    assert talk.strongest(b, shooter) is None and talk.state(b, shooter) is None


def test_enraged_attacks_on_the_distractor_are_free_of_the_penalty_others_are_not():
    b, fencer, shooter, dummy = trio(ENRAGE)
    choose(b, "distract", shooter, kind="infuriate")
    at_her = AttackSpec(shooter, fencer, "weapon", "gun", "precise", "math", ("primary",))
    assert not any(l.startswith("distracted") for l, _ in attack_profile(b, at_her).roll.modifiers)
    assert talk.contrary(b, shooter, ("attack", fencer, "precise")) is None
    assert talk.contrary(b, shooter, ("other",)) is not None


def test_baited_only_the_baited_stance_escapes_the_penalty():
    """Baiting: the enraged foe takes the penalty for anything but the baited attack."""
    b, fencer, shooter, dummy = trio(ENRAGE)
    choose(b, "distract", shooter, kind="infuriate")
    b.get(fencer, Actions).turn.speak = 1  # as if a partial turn had refunded it
    bait = {o.key: o for o in turn_options(b, fencer)}["bait"]
    assert bait.targets == (shooter,) and bait.cost == "speak action"
    talk.bait(b, fencer, shooter, "fast")
    fast = AttackSpec(shooter, fencer, "weapon", "gun", "fast", "math", ("primary",))
    precise = AttackSpec(shooter, fencer, "weapon", "gun", "precise", "math", ("primary",))
    assert not any(l.startswith("distracted") for l, _ in attack_profile(b, fast).roll.modifiers)
    assert ("distracted (infuriate)", -10) in attack_profile(b, precise).roll.modifiers
    assert talk.contrary(b, shooter, ("attack", fencer, "precise")) is None  # still no roll


def test_acting_against_the_state_needs_an_intelligence_roll():
    """An enraged character must roll Intelligence ([PROP] one die) at least the penalty
    to do anything but get to or attack its distractor; failing, the action is lost."""
    b, fencer, shooter, dummy = trio(ENRAGE + [3])
    choose(b, "distract", shooter, kind="infuriate")
    choose(b, "end_turn")
    assert b.pending.actor == shooter
    choose(b, "move", (6, 0))  # away from the fencer
    check = last(b, CheckRolled)
    assert check.total == 3 and check.against == 10 and not check.success
    assert b.tile(shooter) == (3, 0)  # it did not move; the 3 moves are spent
    assert usable(b, shooter).move == 8 - 3


def test_terrified_obeys_a_demand_without_a_roll():
    b, fencer, shooter, dummy = trio([8, 7, 8, 8, 1, 1, 1])
    choose(b, "distract", shooter, kind="intimidate")
    assert talk.state(b, shooter) == ("terrified", fencer)
    talk.demand(b, fencer, shooter, "drop_weapon")
    assert talk.contrary(b, shooter, ("drop",)) is None
    assert talk.contrary(b, shooter, ("attack", fencer, "precise")) is not None


def test_smitten_may_not_turn_on_the_distractors_side_without_a_roll():
    b, fencer, shooter, dummy = trio([8, 7, 8, 8, 1, 1, 1])
    choose(b, "distract", shooter, kind="infatuate")
    assert talk.state(b, shooter) == ("smitten", fencer)
    assert talk.contrary(b, shooter, ("attack", fencer, "fast")) is not None
    assert talk.contrary(b, shooter, ("move", (5, 5))) is None


def test_only_the_highest_penalty_counts_and_a_higher_one_replaces_a_state():
    b, fencer, shooter, dummy = trio([])
    entries = Distractions([Distraction("general", fencer, 3),
                            Distraction("infuriate", fencer, 11, "enraged")])
    b.add(shooter, entries)
    assert talk.strongest(b, shooter).penalty == 11
    b.add(shooter, Distractions([Distraction("general", fencer, 3), Distraction("general", dummy, 5)]))
    assert talk.strongest(b, shooter).penalty == 5
    # "…remains enraged until … a different non-general distraction … succeeds with a
    # higher penalty": an intimidation at −7 over a fading rage at −6 ends the rage.
    b.add(shooter, Distractions([Distraction("infuriate", fencer, 6, "enraged")]))
    b.dice = ScriptedDice([8, 4, 8, 5, 1, 1])  # 2d8 keep lower: 12 − 4 = 8; 2d6: 1
    talk.distract(b, fencer, shooter, "intimidate")
    assert talk.strongest(b, shooter).penalty == 7
    assert talk.state(b, shooter) is None
