"""The hard Action Block level (game/ai/actionblock_hard.py): normal's scorer with every
Strength Point of a Block or a Verbal Action priced at what it would buy later, as
Level data (weights and an extra term), not a subclass."""

import inspect

import pytest

from game.ai import ai_levels, make_ai
from game.ai.actionblock import ActionBlockAI
from game.ai.actionblock_hard import BLOCK_STRENGTH_WORTH, HARD, VERBAL_STRENGTH_WORTH
from game.ai.actionblock_terms import KILL_WEIGHT
from game.rulesets.actionblock.components import Points
from tests.actionblock.kit import answer, battle, set_hp, set_points
from tests.helpers import assert_level_only_reads


def test_hard_is_offered_and_is_level_data_over_the_same_scorer():
    assert "hard" in ai_levels("actionblock")
    hard = make_ai("actionblock", 3, "hard")
    assert type(hard) is ActionBlockAI and hard.profile is HARD
    assert hard.profile.uses("strength_as_state") and not make_ai("actionblock", 3).profile.extra_terms


def test_a_strength_point_costs_the_same_whatever_the_pool_holds():
    """Normal's Super Block costs 6 × 1.2 × (0.15 + 0.85 × missing share): 1.08 from a
    full pool, 7.2 from an empty one; hard's is 6 × 3 = 18 either way, a Taunt's 1 × 2.
    Attacks keep normal's price."""
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)], [])
    me, foe = b.units()
    normal, hard = make_ai("actionblock", 0), make_ai("actionblock", 0, "hard")
    assert normal.cost_value(b, foe, "super_block") == pytest.approx(6 * 1.2 * 0.15)
    assert hard.cost_value(b, foe, "super_block") == pytest.approx(6 * BLOCK_STRENGTH_WORTH)
    assert hard.cost_value(b, foe, "taunt") == pytest.approx(VERBAL_STRENGTH_WORTH)
    set_points(b, foe, strength=0)
    assert normal.cost_value(b, foe, "super_block") == pytest.approx(6 * 1.2)
    assert hard.cost_value(b, foe, "super_block") == pytest.approx(6 * BLOCK_STRENGTH_WORTH)
    assert hard.cost_value(b, me, "melee") == normal.cost_value(b, me, "melee")


def _block_prompt(hp: int):
    """A Longsword hit with Melee Boost (2d6 + 1) on a light-armoured Target (PDR 2) at
    full Strength: the To Hit Roll is 5 + 5 + 2 ≥ 7, no Critical."""
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)], [5, 5])
    me, foe = b.units()
    set_hp(b, foe, hp)
    answer(b, "melee", foe, weapon="longsword")
    assert b.pending.context["trigger"] == "block" and b.pending.actor == foe
    return b


def _worth(ctx, key, strength):
    """A stance's score by hand: damage saved, drop chance saved × KILL_WEIGHT, less
    its Strength at BLOCK_STRENGTH_WORTH a point."""
    return (ctx["expected_damage"]["pass"] - ctx["expected_damage"][key]
            + KILL_WEIGHT * (ctx["drop_chance"]["pass"] - ctx["drop_chance"][key]) - BLOCK_STRENGTH_WORTH * strength)


def test_at_full_health_hard_takes_a_blow_that_normal_heavy_blocks():
    """2d6 − 1 damage (mean 6) on 20 HP cannot drop it: a Block saves at most 5 for 6
    points of damage' worth of Strength, so hard takes the hit; normal, paying 0.18 a
    point from its full pool, answers with a Heavy Block (4 Str)."""
    b = _block_prompt(20)
    ctx = b.pending.context
    assert ctx["drop_chance"]["pass"] == 0.0
    scores = {c.option: s for s, c in make_ai("actionblock", 0, "hard").scored_choices(b, b.pending)}
    for key, strength in (("block", 2), ("heavy_block", 4), ("super_block", 6)):
        assert scores[key] == pytest.approx(_worth(ctx, key, strength))
        assert scores[key] < 0
    assert make_ai("actionblock", 0, "hard").decide(b, b.pending).option == "pass"
    assert make_ai("actionblock", 0).decide(b, b.pending).option == "heavy_block"


def test_at_low_health_hard_takes_the_cheapest_block_that_saves_it():
    """At 5 HP the same blow drops it 26 times in 36 (2d6 ≥ 6); a Block leaves only
    2d6 ≥ 11 (3 in 36): worth its 2 Strength. The Heavy Block saves the last 3 in 36 for
    6 more points of damage' worth: not worth it."""
    b = _block_prompt(5)
    ctx = b.pending.context
    assert ctx["drop_chance"]["pass"] == pytest.approx(26 / 36)
    assert ctx["drop_chance"]["block"] == pytest.approx(3 / 36)
    assert make_ai("actionblock", 0, "hard").decide(b, b.pending).option == "block"


def test_the_normal_tactical_positions_hold_for_hard(monkeypatch):
    """Every position of test_tactics.py (focus the foe that cannot Block, finish the
    body in the corridor, Restore only when nothing better, Dodge a shot worth more than
    its cost, Block a heavy blow...) is played the same way by hard."""
    import tests.actionblock.test_tactics as tactics
    monkeypatch.setattr(tactics, "make_ai", lambda ruleset, seed=0, level="normal": make_ai(ruleset, seed, "hard"))
    played = 0
    for name, test in inspect.getmembers(tactics, inspect.isfunction):
        if name.startswith("test_"):
            test()
            played += 1
    assert played >= 8


def test_hard_only_reads_the_battle():
    """Hard's scoring and decide change nothing (game.readonly.probe_queries) while it
    plays normal on woodland for a few Action Blocks."""
    assert_level_only_reads("actionblock", "hard", decisions=80)


def test_verbal_actions_pay_their_strength_at_its_worth():
    """Each Verbal Action paid in Strength scores what normal gives it, with normal's
    price of its Strength (0.18 a point from a full pool) swapped for hard's."""
    b = battle([(1, "talker", 0, 0), (2, "target", 1, 0)], [])
    me, foe = b.units()
    normal, hard = make_ai("actionblock", 0), make_ai("actionblock", 0, "hard")
    ns = {(c.option, c.target): s for s, c in normal.scored_choices(b, b.pending)}
    hs = {(c.option, c.target): s for s, c in hard.scored_choices(b, b.pending)}
    keys = [k for k in ns if k[0] in ("taunt", "stunning_scream", "battle_strategy", "stealth")]
    assert {k[0] for k in keys} == {"taunt", "stunning_scream", "battle_strategy", "stealth"}
    for key in keys:
        assert hard.cost_value(b, me, key[0]) == pytest.approx(VERBAL_STRENGTH_WORTH)
        assert hs[key] == pytest.approx(ns[key] + normal.cost_value(b, me, key[0]) - VERBAL_STRENGTH_WORTH)


# --- Hard must never judge worse than normal (issue 27) --------------------------------------
# Rules: action-block.txt l.173 (a Block-family action after a hit, before the damage
# roll), l.102 (Damage Dealt = Base + Bonus − Damage Reduction, at least 0), l.183
# (0 HP or less: Unconscious), l.185 (any more damage while Unconscious: Dead);
# DIGEST.md 3.5 (Block 2 Str −5, Heavy Block 4 Str −10, Super Block 6 Str −15; Melee
# Attack 2 Str) and 3.6 (hit if To Hit Roll ≥ Evasion; 12 on the dice: Critical).


def _hit_prompt(attacker: str, hp: int, strength: int):
    """`attacker` (template) hits a light-armoured Target (Passive Evasion 7, PDR 2) with
    its sword, To Hit dice forced to 5 + 5 (a hit, no Critical), and the Target, at `hp`
    HP and `strength` Strength, is asked for its Block."""
    b = battle([(1, attacker, 0, 0), (2, "target", 1, 0)], [5, 5])
    me, foe = b.units()
    set_hp(b, foe, hp)
    set_points(b, foe, strength=strength)
    weapon = "claymore" if attacker == "charger" else "longsword"
    answer(b, "melee", foe, weapon=weapon)
    if b.pending.context.get("trigger") == "dodge":
        answer(b, "pass")
    assert b.pending.context["trigger"] == "block" and b.pending.actor == foe
    return b, foe


def test_at_3_hp_hard_heavy_blocks_a_claymore_rather_than_risk_a_one_in_six_drop():
    """The audit's position. A Claymore hit (2d6, no Damage Dealt Bonus) on PDR 2 at 3 HP:
    passing drops it when 2d6 − 2 ≥ 3 (30 in 36); a Block (PDR 7) when 2d6 ≥ 10 (6 in 36,
    one in six); a Heavy Block (PDR 12) never (2d6 − 12 < 1). With 6 Strength the Heavy
    Block leaves 2, a Melee Attack's worth. Going down at 3 HP next to a Claymore is
    losing the unit (any further damage kills it): the 2 Strength a Block saves are not
    worth a one-in-six chance of that. Normal Heavy Blocks; hard, pricing the 2 Strength
    at 6 points of damage against KILL_WEIGHT × 1/6 = 1.3, took the Block until its own
    drop was priced with the pool it would lose (`drop_stake`)."""
    b, foe = _hit_prompt("charger", hp=3, strength=6)
    ctx = b.pending.context
    assert ctx["drop_chance"]["pass"] == pytest.approx(30 / 36)
    assert ctx["drop_chance"]["block"] == pytest.approx(6 / 36)
    assert ctx["drop_chance"]["heavy_block"] == 0.0
    for level in ("normal", "hard"):
        assert make_ai("actionblock", 0, level).decide(b, b.pending).option == "heavy_block", level
    assert b.dice.rolled == 2  # deciding rolled nothing


def test_at_4_hp_hard_blocks_a_one_in_three_drop_with_strength_to_spare():
    """A plain Longsword hit (1d6 + 1 − PDR 2 = 1d6 − 1) on the Target at 4 HP drops it
    on a 5 or a 6 (1 in 3); a Block (PDR 7) makes it safe (1d6 + 1 − 7 < 1) and leaves
    2 of its 4 Strength for a Melee Attack. Passing saves 2 Strength at the risk of the
    unit: normal Blocks, and so must hard (it passed: 2.5 damage + 8 × 1/3 saved against
    2 × 3 for the Strength)."""
    b, foe = _hit_prompt("plain_sword", hp=4, strength=4)
    ctx = b.pending.context
    assert ctx["drop_chance"]["pass"] == pytest.approx(1 / 3)
    assert ctx["drop_chance"]["block"] == 0.0
    for level in ("normal", "hard"):
        assert make_ai("actionblock", 0, level).decide(b, b.pending).option == "block", level


def test_hard_stakes_its_pool_on_its_own_drop_and_normal_does_not():
    """`drop_stake`: normal weighs its own drop at KILL_WEIGHT, like a foe's; hard adds its
    whole pool at its Block price (Max Strength × block_strength)."""
    from game.ai.actionblock_defence import drop_stake
    b, foe = _hit_prompt("plain_sword", hp=4, strength=4)
    assert drop_stake(make_ai("actionblock", 0), b, foe) == KILL_WEIGHT
    most = b.get(foe, Points).max_strength
    assert drop_stake(make_ai("actionblock", 0, "hard"), b, foe) == pytest.approx(
        KILL_WEIGHT + BLOCK_STRENGTH_WORTH * most)
