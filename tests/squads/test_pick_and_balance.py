"""The AI's squad to a budget (issue 29), by level, and the balance check's pairs."""

from __future__ import annotations

import random

import pytest

from game.ai.squad_pick import affordable, pick_squad
from game.errors import InputError
from game.price_check import Checked, deviation, pair_specs
from game.price_play import Pair, equal_points_pair

COSTS = {"a": 15, "b": 20, "c": 35}
TOY = "toy"  # a ruleset id the squad rule knows no cap for: the general MAX_COPIES (4)


def test_affordable_lists_every_multiset_within_budget():
    # budget 40: a, b, c, aa (30), ab (35), bb (40); nothing of three units (45 at least)
    assert affordable(COSTS, 40, TOY) == [("a",), ("b",), ("c",), ("a", "a"), ("a", "b"), ("b", "b")]


def test_hard_spends_the_most_of_the_budget():
    # budget 70 is spent exactly by c+c, a+b+c and a+a+b+b (15+15+20+20); nothing else
    # reaches 70 (b+b+c is 75, a+a+c 65, a+a+a+b 65)
    picks = {pick_squad(COSTS, 70, "hard", random.Random(seed), TOY) for seed in range(40)}
    assert picks == {("c", "c"), ("a", "b", "c"), ("a", "a", "b", "b")}  # equals drawn from the AI's stream


def test_normal_varies_within_five_percent_and_easy_fills_at_random():
    normal = {pick_squad(COSTS, 100, "normal", random.Random(s), TOY) for s in range(60)}
    assert all(95 <= sum(COSTS[t] for t in s) <= 100 for s in normal)
    assert len(normal) > 3
    for s in range(30):
        easy = pick_squad(COSTS, 100, "easy", random.Random(s), TOY)
        spent = sum(COSTS[t] for t in easy)
        assert spent <= 100 and 100 - spent < 15  # nothing more fits
    assert pick_squad(COSTS, 100, "easy", random.Random(3), TOY) == pick_squad(COSTS, 100, "easy", random.Random(3), TOY)
    with pytest.raises(InputError, match="a budget of 10 points buys no unit"):
        pick_squad(COSTS, 10, "hard", random.Random(0), TOY)


def test_equal_points_pairs_are_within_five_percent_and_differ():
    rng = random.Random(4)
    for _ in range(20):
        pair = equal_points_pair(rng, COSTS, list(COSTS), TOY)
        assert pair.a != pair.b and abs(pair.cost_a - pair.cost_b) <= 0.05 * pair.cost_a
        assert pair.cost_a == sum(COSTS[t] for t in pair.a)


def test_balance_draws_pairs_as_equal_as_the_costs_allow():
    # a, b, c cost 15, 20, 35: every A (five units, 80 to 160 points in steps of 5) has
    # other squads of its exact points (a+a+a+a = 60 = b+b+b, a+c = 50 = a+a+b...), and the
    # draw takes one
    rng = random.Random(4)
    for _ in range(20):
        pair = equal_points_pair(rng, COSTS, list(COSTS), TOY, closest=True)
        assert pair.a != pair.b and pair.cost_a == pair.cost_b == sum(COSTS[t] for t in pair.b)
    # x 10, y 7, z 9: not every A has a B of equal points; the draw finds the closest
    # there is (every B of 3 to 7 units, at most 4 of one template, other than A, within 5%)
    odd = {"x": 10, "y": 7, "z": 9}
    for seed in range(40):
        pair = equal_points_pair(random.Random(seed), odd, list(odd), TOY, closest=True)
        best = min(abs(10 * x + 7 * y + 9 * z - pair.cost_a)
                   for x in range(5) for y in range(5) for z in range(5) if 3 <= x + y + z <= 7
                   and ("x",) * x + ("y",) * y + ("z",) * z != pair.a
                   and abs(10 * x + 7 * y + 9 * z - pair.cost_a) <= 0.05 * pair.cost_a)
        assert abs(pair.cost_a - pair.cost_b) == best and pair.a != pair.b


def test_pairs_swap_sides_every_other_round_of_maps():
    pair = Pair(("a",), ("b",), 15, 20)
    plan = pair_specs("toy", pair, ["m1", "m2"], 6, 10, None)
    assert [(side, spec.map_path, spec.seed) for side, spec in plan] == [
        (1, "m1", 10), (1, "m2", 11), (2, "m1", 12), (2, "m2", 13), (1, "m1", 14), (1, "m2", 15)]
    assert dict(plan[2][1].squads) == {2: ("a",), 1: ("b",)}


def test_the_deviation_is_in_percentage_points():
    pair = Pair(("a",), ("b",), 15, 20)
    checked = [Checked(pair, 0.6, 10), Checked(pair, 0.45, 10), Checked(pair, 0.5, 10)]
    assert deviation(checked) == pytest.approx(5.0)  # (10 + 5 + 0) / 3


def test_the_ai_and_the_pairs_keep_the_squad_rule():
    from collections import Counter
    cheap = {"a": 5, "b": 20, "c": 35}
    # every affordable squad has at most 4 of one template: "a" x5 (25 points) is not one
    assert ("a",) * 4 in affordable(cheap, 40, TOY) and ("a",) * 5 not in affordable(cheap, 40, TOY)
    for seed in range(30):
        for level in ("easy", "normal", "hard"):
            squad = pick_squad(cheap, 30, level, random.Random(seed), TOY)  # six a would fit; four may
            assert max(Counter(squad).values()) <= 4, (level, squad)
        pair = equal_points_pair(random.Random(seed), {"a": 10, "b": 20, "c": 30}, list(cheap), TOY, closest=True)
        assert max(Counter(pair.a).values()) <= 4 and max(Counter(pair.b).values()) <= 4
    # hard at 30: six a would spend it all, but the rule allows four (20); a+a+b is the one
    # squad of 30
    assert pick_squad(cheap, 30, "hard", random.Random(0), TOY) == ("a", "a", "b")
    with pytest.raises(InputError, match="a squad of 5 units needs more than 1 templates"):
        equal_points_pair(random.Random(0), {"a": 5}, ["a"], TOY)


def test_balance_never_draws_one_pair_twice():
    """Twenty pairs are twenty different pairs, either way round: mahou's seed 1 once drew
    one pair three times, weighing its share thrice in the deviation."""
    from game.price_check import distinct_pairs, make_pairs
    from game.price_play import Pair
    from game.rulesets import load_ruleset
    for ruleset_id, seed in (("mahou", 0), ("mahou", 1), ("d20", 1), ("fivebyfive", 0)):  # each repeated once
        pairs = make_pairs(load_ruleset(ruleset_id), 20, seed, True)
        assert len({frozenset((p.a, p.b)) for p in pairs}) == 20
    # a draw that can give only two pairs (one of them either way round) gives both, then repeats
    drawn = iter([Pair(("a",), ("b",), 1, 1), Pair(("b",), ("a",), 1, 1), Pair(("c",), ("a",), 1, 1)] * 200)
    got = distinct_pairs(lambda: next(drawn), 3, tries=10)
    assert [(p.a, p.b) for p in got[:2]] == [(("a",), ("b",)), (("c",), ("a",))] and len(got) == 3


def test_mahou_fields_at_most_two_of_one_template_everywhere_a_squad_is_chosen(tmp_path):
    """The squad rule per ruleset (game.squads.max_copies): Mahou Galaxy's points price at
    most 2 units of one template (docs/squads.md, "Copies in Mahou Galaxy"); the others
    keep 4. A squad file, --squad, the AI's pick at every level and balance's pairs all
    ask copies_problem, so all refuse or never draw a third."""
    from collections import Counter
    from game.ai.squad_pick import ruleset_costs
    from game.price_check import make_pairs
    from game.rulesets import load_ruleset
    from game.squads import copies_problem, load_squad, max_copies, parse_squad_arg
    assert (max_copies("mahou"), max_copies("d20"), max_copies("actionblock")) == (2, 4, 4)
    assert copies_problem(["scout", "gunner", "scout", "scout"], "mahou") == (
        "at most 2 units of one template, the squad has 3 of scout")
    assert copies_problem(["scout", "gunner", "scout", "scout"], "d20") is None
    assert copies_problem(["scout", "scout", "gunner"], "mahou") is None
    with pytest.raises(InputError, match="side 1: at most 2 units of one template, the squad has 3 of gunner"):
        parse_squad_arg("1=gunner,gunner,scout,gunner", "mahou")
    path = tmp_path / "three.toml"
    path.write_text('ruleset = "mahou"\nname = "x"\nunits = ["guardian", "guardian", "guardian"]\n')
    with pytest.raises(InputError, match="units: at most 2 units of one template, the squad has 3 of guardian"):
        load_squad(path)
    mahou = load_ruleset("mahou")
    # the builder's line (game.squad_fielding, before it looks at the map's room)
    from game.squad_fielding import squad_problem
    assert squad_problem(None, mahou, 1, ["gunner"] * 3, 1000) == (
        "At most 2 units of one template, the squad has 3 of gunner.")
    costs = ruleset_costs(mahou)
    for seed in range(10):
        for level in ("easy", "normal", "hard"):
            squad = pick_squad(costs, 100, level, random.Random(seed), "mahou")
            assert max(Counter(squad).values()) <= 2, (level, squad)
    for pair in make_pairs(mahou, 20, 1, True):
        assert max(Counter(pair.a).values()) <= 2 and max(Counter(pair.b).values()) <= 2, pair
    # a five-template ruleset at 2 a template still fields the five-unit squads and the
    # pairs' seven
    assert len(mahou.data.templates) * max_copies("mahou") >= 7
