"""The Action Block AI: sensible choices from exact odds and its point economy, its
own random stream, and both levels."""

from game.ai import make_ai
from game.ai.actionblock import ActionBlockAI
from tests.actionblock.kit import answer, battle, set_points


def test_make_ai_levels():
    import pytest
    from game.ai import actionblock
    assert isinstance(make_ai("actionblock", 3), ActionBlockAI)
    assert actionblock.LEVELS == ("normal", "hard")  # hard: Level data, game/ai/actionblock_hard.py
    with pytest.raises(ValueError):
        actionblock.make_ai(3, "godlike")


def test_scored_choices_cover_every_answer_and_decide_takes_the_best():
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)], [])
    ai = make_ai("actionblock", 1)
    scored = ai.scored_choices(b, b.pending)
    assert {c.option for _, c in scored} >= {"melee", "end_turn"}
    best = max(scored, key=lambda sc: sc[0])[1]
    assert ai.decide(b, b.pending) == best
    assert b.dice.rolled == 0  # scoring only reads


def test_easy_is_a_softmax_over_the_scores_never_uniform():
    """With a clearly best attack, easy takes it most of the time but not always."""
    from game.ai.actionblock import EASY_TEMPERATURE
    from game.ai.levels import softmax_pick
    import random
    from game.engine.decisions import Choice
    scored = [(6.0, Choice("melee")), (0.05, Choice("end_turn")), (0.0, Choice("turn"))]
    rng = random.Random(0)
    picks = [softmax_pick(rng, scored, EASY_TEMPERATURE).option for _ in range(2000)]
    assert 0.9 < picks.count("melee") / 2000 < 0.99


def test_attacks_an_adjacent_enemy():
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)], [])
    choice = make_ai("actionblock").decide(b, b.pending)
    assert choice.option == "melee" and choice.target == b.units()[1]


def test_never_touches_the_battle_dice():
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)], [])
    ai = make_ai("actionblock", 5)
    for _ in range(5):
        ai.decide(b, b.pending)
    assert b.dice.rolled == 0


def test_restores_strength_when_it_cannot_pay_for_an_attack():
    b = battle([(1, "swordsman", 0, 0), (2, "target", 1, 0)], [])
    me, _ = b.units()
    set_points(b, me, strength=1)
    answer(b, "end_turn")
    answer(b, "end_turn")
    assert make_ai("actionblock").decide(b, b.pending).option == "restore_strength"


def test_blocks_a_big_hit_and_dodges_when_it_pays():
    """A critical Greatsword hit (3d6 doubled) is worth a Super Block; a Dodge that
    lowers the chance to be hit is worth a Speed Point."""
    b = battle([(1, "greatsword", 0, 0), (2, "dodger", 1, 0)], [6, 6, 6, 6, 6])
    me, foe = b.units()
    ai = make_ai("actionblock")
    answer(b, "melee", foe, weapon="greatsword")
    assert b.pending.context["trigger"] == "dodge"
    assert ai.decide(b, b.pending).option == "dodge"
    answer(b, "dodge")
    assert b.pending.context["trigger"] == "block"
    assert ai.decide(b, b.pending).option in ("heavy_block", "super_block")


def test_does_not_block_a_hit_that_cannot_hurt_much():
    """A Palm Pistol graze against PDR 4: no Block worth 2 Strength at a low pool."""
    b = battle([(1, "pistoleer", 0, 0), (2, "dodger", 3, 0)], [3, 3, 1])
    me, foe = b.units()
    set_points(b, foe, strength=2)
    ai = make_ai("actionblock")
    answer(b, "gun", foe, weapon="palm_pistol")
    if b.pending.context.get("trigger") == "dodge":
        answer(b, "pass")
    if b.pending.actor == foe:
        assert ai.decide(b, b.pending).option == "pass"


def test_obstructs_a_charge():
    b = battle([(1, "charger", 0, 0), (2, "slow", 2, 1)], [])
    me, foe = b.units()
    answer(b, "fast_charge", (4, 0))
    assert b.pending.context["trigger"] == "obstruct"
    assert make_ai("actionblock").decide(b, b.pending).option == "obstruct"


def test_channels_a_spell_under_way():
    b = battle([(1, "caster", 0, 0), (2, "target", 5, 0)], [])
    me, foe = b.units()
    answer(b, "cast", foe, spell="elemental", ghost=5, speed_modifiers="none", recover_strength=0)
    assert make_ai("actionblock").decide(b, b.pending).option == "channel"


def test_braces_against_a_gale_burst_about_to_go_off():
    """The Block stance as a Bonus Action pays against knock-back, not against attacks."""
    b = battle([(1, "caster", 0, 0), (2, "target", 2, 0)], [1] * 40)
    me, foe = b.units()
    answer(b, "cast", me, spell="gale_burst", ghost=2, speed_modifiers="Shorten Spell 1",
           recover_strength=0)
    answer(b, "channel")
    answer(b, "end_turn")
    ai = make_ai("actionblock")
    from game.rulesets.actionblock.components import Stance
    while b.pending.actor == foe:  # the target's whole Turn, played by the AI
        b.submit(ai.decide(b, b.pending))
    assert b.get(foe, Stance).level == 3


def test_the_ai_is_the_one_base_and_its_caches_are_named_tables():
    """Issue 27: `decide` and its tie-break are the base's (`pick_best`), and every answer
    the rules and the AI keep for an Action Block battle lives in a named table of
    game/kept.py's catalogue ("actionblock-..." beside the engine's own)."""
    from game.ai.base import ScoringAI
    from game.engine.setup import new_battle
    from game.kept import CATALOGUE
    from game.replay import maps_dir
    assert ActionBlockAI.decide is ScoringAI.decide
    b = new_battle(maps_dir() / "woodland.tmx", "actionblock", seed=1)
    ai = {team: make_ai("actionblock", team, level) for team, level in zip(b.teams(), ("normal", "hard"))}
    for _ in range(150):
        if b.pending is None:
            break
        b.submit(ai[b.pending.side].decide(b, b.pending))
    used = [name for store in (b.kept, b.kept_now, b.map.kept) for name, *_ in store.stats()]
    assert {"actionblock-rays", "actionblock-ai-position", "actionblock-ai-walk"} <= set(used)
    engine = {name for name, spec in CATALOGUE.items() if not name.startswith(("d20-", "mahou-", "fivebyfive-", "actionblock-", "fate-"))}
    assert all(name in CATALOGUE and (name in engine or name.startswith("actionblock-")) for name in used), used
    b.close()
