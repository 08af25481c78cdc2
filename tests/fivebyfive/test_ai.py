"""The 5x5 AI: which Ability it Damages, which target and action it picks, and that it
plays with its own random stream."""

from pathlib import Path

import pytest

from game.ai import RandomController, make_ai
from game.ai.fivebyfive import FiveByFiveAI
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


def test_the_ai_never_touches_the_battles_dice():
    b = new_battle(MAPS / "arena.tmx", "fivebyfive", seed=3)
    ai = make_ai("fivebyfive", 1)
    for _ in range(10):
        rolled, state = b.dice.rolled, b.dice.state()
        choice = ai.decide(b, b.pending)
        assert b.dice.rolled == rolled and b.dice.state() == state
        b.submit(choice)
    b.close()


def test_levels():
    assert make_ai("fivebyfive", 0, "easy").level == "easy"
    from game.errors import InputError
    with pytest.raises(InputError):
        make_ai("fivebyfive", 0, "godlike")


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
