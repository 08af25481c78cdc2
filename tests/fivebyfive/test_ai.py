"""The 5x5 AI: which Ability it Damages, which target and action it picks, and that it
plays with its own random stream."""

from pathlib import Path

import pytest

from game.ai import RandomController, make_ai
from game.ai.fivebyfive import FiveByFiveAI
from game.ai.fivebyfive import make_ai as own_ai
from game.engine.decisions import PICK
from game.engine.setup import new_battle
from game.rulesets.fivebyfive.components import AbilityScores
from tests.fivebyfive.kit import attack, battle, d5, duel, hero, pair, pick

MAPS = Path(__file__).parents[2] / "maps"


def set_values(b, unit, rage, grace, precognition):
    s = b.get(unit, AbilityScores)
    s.rage, s.grace, s.precognition = rage, grace, precognition


def ai_pick(b):
    assert b.pending.kind == PICK
    return FiveByFiveAI(1).decide(b, b.pending).option


def test_attacker_drops_the_ability_that_ends_the_fight():
    """Not Controlled: the AI puts the point on an Ability at 1 (Unconscious)."""
    b = duel(dict(strike=3, rage=3), dict(parry=1), pair(1, 2) + pair(5, 5))
    a, d = b.units()
    set_values(b, d, 3, 1, 2)
    attack(b, "strike", d)
    assert ai_pick(b) == "grace"


def test_attacker_stacks_a_double_hit_for_an_instant_ko():
    """Both hits not Controlled: the second goes where the first went (Instant KO)."""
    b = duel(dict(strike=3, rage=3), dict(parry=1, rage=3, grace=3, precognition=3),
             pair(3, 3) + pair(5, 4) + pair(4, 5))
    a, d = b.units()
    attack(b, "strike", d)
    first = ai_pick(b)
    pick(b, first)
    assert ai_pick(b) == first


def test_defender_avoids_the_instant_ko_and_its_ability_at_one():
    """Controlling the second hit, the AI keeps it off the ability the attacker chose,
    and off an Ability at 1; it gives up its highest remaining."""
    b = duel(dict(strike=3, rage=3), dict(parry=1, rage=3, grace=1, precognition=3),
             pair(3, 3) + pair(0, 3) + pair(5, 5))
    a, d = b.units()
    attack(b, "strike", d)
    pick(b, "rage")  # the attacker's hit, placed first
    assert b.pending.actor == d
    assert ai_pick(b) == "precognition"


def test_defender_gives_up_the_point_it_misses_least():
    """A Controlled single hit: a Gunslinger-like figure keeps its Grace (Aim and Dodge)."""
    b = duel(dict(strike=2, rage=3), dict(parry=2, rage=3, grace=3, precognition=3, aim=3, dodge=2,
                                          strike=0, focus=0, resist=0), pair(1, 2) + pair(1, 2))
    attack(b, "strike")
    assert ai_pick(b) in ("rage", "precognition")
    assert ai_pick(b) != "grace"


def test_the_ai_attacks_the_enemy_it_can_take_out():
    """Two targets in reach; one has an Ability at 1: the AI Strikes that one."""
    b = battle([(1, hero("a", strike=3, rage=4), 5, 3), (2, hero("tough", rage=4, grace=4,
                precognition=4), 6, 3), (2, hero("weak", rage=1), 4, 3)], [d5(5), d5(1), d5(2)])
    a, tough, weak = b.units()
    choice = FiveByFiveAI(2).decide(b, b.pending)
    assert (choice.option, choice.target) == ("strike", weak)


def test_a_brawler_closes_in_to_strike():
    """A figure whose Strike is far better than its Aim moves next to an enemy first."""
    b = battle([(1, hero("a", strike=4, rage=4, aim=0, grace=1, focus=0), 1, 3),
                (2, hero("d"), 5, 3)], [d5(4), d5(1)])
    a, d = b.units()
    choice = FiveByFiveAI(3).decide(b, b.pending)
    assert choice.option == "move" and max(abs(choice.target[0] - 5), abs(choice.target[1] - 3)) == 1


def test_victory_rush_restores_the_lowest_damaged_ability():
    """Grace 3 → 1 and Precognition 3 → 2: the Rush goes to Grace (furthest from out)."""
    b = battle([(1, hero("a", strike=3, rage=3, grace=3, precognition=3), 3, 3), (2, hero("d", rage=1, parry=1), 4, 3)],
               [d5(5), d5(1)] + pair(1, 2) + pair(5, 5))
    a, d = b.units()
    s = b.get(a, AbilityScores)
    s.grace, s.precognition = 1, 2
    attack(b, "strike", d)
    pick(b, "rage")
    assert b.pending.context.get("victory_rush")
    assert FiveByFiveAI(0).decide(b, b.pending).option == "grace"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_ai_never_touches_the_battles_dice(level):
    b = new_battle(MAPS / "arena.tmx", "fivebyfive", seed=3)
    ai = own_ai(1, level)
    for _ in range(10):
        rolled, state = b.dice.rolled, b.dice.state()
        choice = ai.decide(b, b.pending)
        assert b.dice.rolled == rolled and b.dice.state() == state
        b.submit(choice)
    b.close()


def test_levels():
    from game.ai.levels import SoftmaxAI
    assert isinstance(make_ai("fivebyfive", 0, "easy"), SoftmaxAI)
    from game.errors import InputError
    with pytest.raises(InputError):
        make_ai("fivebyfive", 0, "godlike")


def test_hard_is_the_same_scorer_with_depth_and_two_more_terms():
    """Issue 27: a level is weights, terms and depth over one scorer, not a subclass."""
    import game.ai.fivebyfive as module
    from game.ai.base import ScoringAI
    normal, hard = own_ai(0, "normal"), own_ai(0, "hard")
    assert type(normal) is type(hard) is FiveByFiveAI and isinstance(normal, ScoringAI)
    assert normal.profile.depth == 0 and not normal.profile.extra_terms
    assert hard.profile.depth == 1 and hard.profile.extra_terms == {"allies", "replies"}
    assert module.LEVELS == ("normal",)  # hard is built, not offered
    with pytest.raises(ValueError):
        FiveByFiveAI(0, "godlike")


def test_the_ai_beats_random_play():
    """Seeded battles on every side and map: the AI wins clearly more than random play."""
    wins = games = 0
    for name in ("arena", "warehouse", "ridge"):
        for seed in range(2):
            for ai_side in (1, 2):
                b = new_battle(MAPS / f"{name}.tmx", "fivebyfive", seed=seed, max_rounds=20)
                ctl = {t: make_ai("fivebyfive", seed) if t == ai_side else RandomController(seed)
                       for t in b.teams()}
                b.run(ctl)
                wins += b.winner == ai_side
                games += 1
                b.close()
    assert wins >= games * 0.8


def test_defender_keeps_its_abilities_spread():
    """Rage 2, Grace 1, Precognition 3, a Controlled hit: not Rage (two abilities at 1
    would let a Controlled Double Hit take it out later) but Precognition."""
    scout = dict(rage=2, grace=1, precognition=3, strike=1, parry=1, aim=1, dodge=2, focus=2, resist=3)
    b = duel(dict(strike=2, rage=3), scout, pair(1, 2) + pair(1, 2))
    attack(b, "strike")
    assert b.pending.actor == b.units()[1]
    assert ai_pick(b) == "precognition"


# --- the AI's float tables and exact outcomes agree with the ruleset's Fractions -------
CASES = [(12, 3, (4, 2, 2)), (6, 9, (3, 3, 2)), (2, 12, (1, 1, 3)), (20, 2, (1, 2, 1)),
         (-1, 4, (2, 2, 2)), (9, 0, (1, 3, 1)), (25, 6, (2, 1, 4))]


@pytest.mark.parametrize("tn,dt,vals", CASES)
def test_float_outlook_agrees_with_exact_outlook(tn, dt, vals):
    from game.ai.fivebyfive_values import outlook_numbers
    from game.rulesets.fivebyfive.combat import exact_outlook
    exact = exact_outlook(tn, dt, vals)
    out, points = outlook_numbers(tn, dt, vals)
    assert out == pytest.approx(float(exact.takes_out), abs=1e-12)
    assert points == pytest.approx(float(sum(k * p for k, p in exact.points.items())), abs=1e-12)


@pytest.mark.parametrize("tn,dt,vals", CASES)
def test_hard_outcomes_are_the_exact_outlook_spelled_out(tn, dt, vals):
    """The hard AI's chance nodes: they sum to 1, lose the exact expected points, and
    take the figure out exactly as often as the odds say (both choosers picking well)."""
    from game.ai.fivebyfive_values import outcomes
    from game.rulesets.fivebyfive.combat import exact_outlook
    ranks = (2, 2, 2, 2, 0, 1)
    found = outcomes(tn, dt, ranks, vals)
    exact = exact_outlook(tn, dt, vals)
    assert sum(p for p, _, _ in found) == pytest.approx(1.0)
    lost = sum(p * (sum(vals) - sum(after)) for p, after, _ in found)
    assert lost == pytest.approx(float(sum(k * p for k, p in exact.points.items())))
    assert sum(p for p, _, out in found if out) == pytest.approx(float(exact.takes_out))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_scored_choices_only_read_and_cover_every_option(level):
    """Scoring a turn changes nothing in the battle (hard's look-ahead included: a
    read-only probe over the first turns of a battle) and weighs every option offered."""
    b = new_battle(MAPS / "woodland.tmx", "fivebyfive", seed=5)
    ai = own_ai(1, level)
    for _ in range(12):
        digest, dice = b.digest(), b.dice.state()
        scored = ai.scored_choices(b, b.pending)
        assert b.digest() == digest and b.dice.state() == dice
        offered = {o.key for o in b.pending.options}
        assert {c.option for _, c in scored} == offered
        move = b.pending.option("move")
        if move is not None:
            assert {c.target for _, c in scored if c.option == "move"} == set(move.targets)
        b.submit(ai.decide(b, b.pending))
    b.close()


def test_no_defender_chooses_death_in_ai_battles():
    """Issue 13: over AI battles, a defender never places its Controlled point where it
    dies while another choice would not (counted at every such decision)."""
    from game.ai.fivebyfive_values import fate_rank
    chosen_death = asked = 0
    for seed in range(3):
        b = new_battle(MAPS / "arena.tmx", "fivebyfive", seed=seed)
        ai = {t: make_ai("fivebyfive", seed + t) for t in b.teams()}
        while b.pending is not None:
            d = b.pending
            choice = ai[d.side].decide(b, d)
            if d.kind == PICK and d.context.get("chooser") == "defender":
                asked += 1
                vals = b.get(d.context["defender"], AbilityScores).values()
                later, earlier = tuple(d.context["later_choosers"]), tuple(d.context["earlier"])
                ranks = {o.key: fate_rank(vals, later, earlier + (o.key,)) for o in d.options}
                chosen_death += ranks[choice.option] == 2 and min(ranks.values()) < 2
            b.submit(choice)
        b.close()
    assert asked > 0 and chosen_death == 0
