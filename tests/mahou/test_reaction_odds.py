"""Exact chances in a defence prompt's context (`combat.reaction_chances`): the hit
chance (and expected damage) with no further defence (`hit_passive`) and with each
offered defence (`hit_<option>`), the keys actionblock's Dodge uses so the window shows
them as percentages; and a grapple's odds report no critical (it has no critical effect).
"""

import math

from game.engine.dice import Dice
from game.rulesets.mahou import dice as md
from game.rulesets.mahou.attacks import AttackSpec, attack_odds, attack_profile
from game.rulesets.mahou.combat import first_params
from game.rulesets.mahou.defences import roll_spec, spec_from
from tests.mahou.kit import battle, choose

N = 20_000


def duel(dice):
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1] + list(dice))
    return (b, *b.units())


def punch(b, dummy):
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="primary")


def test_before_the_roll_the_passive_hit_chance_counts_by_hand():
    """3d8 Martial Arts / Strength, highest kept, against Passive Block 5: it misses only
    when all three dice show 1–4 (no explosion below 8), so it hits 1 − (4/8)³ = 87.5%."""
    b, boxer, dummy = duel([])
    punch(b, dummy)
    ctx = b.pending.context
    assert ctx["phase"] == "before" and ctx["needed"] == 5
    spec = AttackSpec(boxer, dummy, "weapon", "fists", "strong", "martial_arts", ("primary",))
    assert attack_profile(b, spec).roll.modifiers == ()
    assert math.isclose(ctx["hit_passive"], 1 - (4 / 8) ** 3, abs_tol=1e-8)  # explosions are cut at 1e-9 per die
    for key in ("spot_block", "spot_dodge", "active_block"):
        assert 0 <= ctx[f"hit_{key}"] <= ctx["hit_passive"] + 1e-12
        assert ctx[f"expected_damage_{key}"] <= ctx["expected_damage_passive"] + 1e-9
    # a defence of the wrong kind cannot help against this Strong punch
    assert math.isclose(ctx["hit_active_dodge"], ctx["hit_passive"], abs_tol=1e-12)


def test_after_the_roll_a_spot_block_beats_a_7_on_8_9_or_10():
    """The punch rolled 7 against 5. Spot Block (Gym / Defense, 1d10, no modifiers) must
    reach 8: faces 8, 9 and 10 (10 explodes higher still), so it beats the roll 3/10 and
    the punch still hits 70%; without it the punch hits for sure."""
    b, boxer, dummy = duel([7, 1, 1])
    punch(b, dummy)
    choose(b, "pass")
    ctx = b.pending.context
    assert ctx["phase"] == "after" and ctx["roll"] == 7 and ctx["needed"] == 5
    opt = b.pending.option("spot_block")
    rs = roll_spec(b, spec_from(b, dummy, "spot_block", first_params(opt)), "strong")
    assert [str(s) for s in rs.sets] == ["1d10"] and rs.flat == 0
    assert ctx["hit_passive"] == 1.0
    assert math.isclose(ctx["hit_spot_block"], 1 - 3 / 10, abs_tol=1e-8)  # explosions are cut at 1e-9 per die


def test_before_the_roll_spot_dodge_agrees_with_20000_rolls():
    """Exploding 3d8 punch against Spot Dodge (2d8 keep lower, exploding, +5 against
    Strong): the context's hit chance is within 3 standard errors of the same roll code."""
    b, boxer, dummy = duel([])
    punch(b, dummy)
    ctx = b.pending.context
    p = ctx["hit_spot_dodge"]
    spec = AttackSpec(boxer, dummy, "weapon", "fists", "strong", "martial_arts", ("primary",))
    attack = attack_profile(b, spec).roll
    dodge = roll_spec(b, spec_from(b, dummy, "spot_dodge",
                                   first_params(b.pending.option("spot_dodge"))), "strong")
    base, cover = ctx["needed"] - ctx["cover"], ctx["cover"]
    dice = Dice(7)
    hits = sum(md.roll(dice, attack).total >= max(base, md.roll(dice, dodge).total) + cover
               for _ in range(N))
    se = math.sqrt(p * (1 - p) / N)
    assert 0 < p < 1 and abs(hits / N - p) <= 3 * se, (hits / N, p)


def test_a_grapple_reports_no_critical():
    """The boxer's Martial Arts facet would crit a punch, but a grapple has no critical
    effect, so its odds report crit 0."""
    b, boxer, dummy = duel([])
    grapple = AttackSpec(boxer, dummy, "grapple", "fists", "strong", "martial_arts", ("primary",))
    odds = attack_odds(b, attack_profile(b, grapple))
    assert odds.crit == 0.0 and odds.hit > 0
    assert any("no critical" in n for n in odds.notes)
    blow = AttackSpec(boxer, dummy, "weapon", "fists", "strong", "martial_arts", ("primary",))
    assert attack_odds(b, attack_profile(b, blow)).crit > 0


def test_the_number_rule_read_once_agrees_with_raising_each_defence():
    """`needed_rule` (read once per defence) gives the number `needed_with` works out by
    joining each spot total or raising each active one, for every total 0..30, with a
    spot defence already standing and the dummy fallen."""
    from game.engine.components import FALLEN, Posture
    from game.rulesets.mahou.combat import Incoming, needed_rule, needed_with
    from game.rulesets.mahou.components import ActiveDefences
    b, boxer, dummy = duel([])
    b.get(dummy, Posture).value = FALLEN
    b.get(dummy, ActiveDefences).block = 7
    for stance in ("strong", "fast", "precise"):
        spec = AttackSpec(boxer, dummy, "weapon", "fists", stance, "martial_arts", ("primary",))
        inc = Incoming(attack_profile(b, spec), [("Spot Dodge", 9)])
        for key, params in (("spot_block", {"with": "gym:fists", "hand": "primary"}),
                            ("active_block", {"with": "gym:fists", "hand": "primary"}),
                            ("active_dodge", {"skill": "gym"}), ("spot_dodge", {"rolls": 1})):
            d = spec_from(b, dummy, key, params)
            rule = needed_rule(b, inc, d)
            for total in range(31):
                assert rule(total) == needed_with(b, inc, d, total), (stance, key, total)
