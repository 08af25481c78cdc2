"""Tactical positions for the Mahou AI (issue 12): small hand-built battles where one
choice is clearly right, and the normal AI must take it.

Each test names the position, the right choice and why (by the rules' numbers)."""

import pytest

from game.ai import make_ai
from game.ai.mahou_guard import prevented, threats as _threats
from game.ai.mahou_place import fire_clear
from game.engine.decisions import TURN, Decision
from game.rulesets.mahou.attacks import sight_penalty
from game.rulesets.mahou.components import Actions, ActiveDefences, Distraction, Distractions, Health, Hold
from game.rulesets.mahou.damage import knock_out
from game.rulesets.mahou.options import turn_options
from tests.mahou.kit import battle, choose

SEEDS = (0, 1, 2)


def decide_now(b, unit, seed=0, speak=False):
    """The AI's turn choice for `unit` in the battle as it stands (its speak action
    spent unless `speak`, so that talk, which always goes first, stays out of the way)."""
    if not speak:
        b.get(unit, Actions).turn.speak = 0
        b.get(unit, Actions).held.speak = 0
    b.kept_now.clear()
    decision = Decision(unit, b.team(unit), TURN, turn_options(b, unit), "test")
    return make_ai("mahou", seed).decide(b, decision), decision


@pytest.mark.parametrize("seed", SEEDS)
def test_finish_the_helpless_foe(seed):
    """The boxer stands beside two dummies; one (2 hit points) is pinned by the knight,
    so it is hit on a 5 and a punch very likely knocks it out: punch that one."""
    b = battle([(1, "boxer", 1, 1), (2, "dummy", 2, 1), (2, "dummy", 1, 0), (1, "knight", 3, 1)],
               [5, 5, 2, 2, 1, 1, 3, 3])
    boxer, pinned, healthy, knight = b.units()
    b.create(Hold(knight, pinned, "strong", 9, pinned=True))
    b.get(pinned, Health).hp = 2
    choice, _ = decide_now(b, boxer, seed)
    assert choice.option == "punch" and choice.target == pinned


@pytest.mark.parametrize("seed", SEEDS)
def test_spot_defend_a_strong_attack_with_the_matching_plus_5(seed):
    """The boxer's Strong punch rolled 7 against Passive Block 5. A Spot Block (Gym 1,
    d10) must reach 8: 30%. A Spot Dodge gets +5 against Strong: two non-skilled d8
    rolls, highest kept, need 3: 1 − (1 − (6/8)²)² ≈ 81%. Dodge."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1, 7, 1, 1])
    boxer, dummy = b.units()
    choose(b, "punch", dummy, stance="strong", skill="martial_arts", hand="primary")
    choose(b, "pass")
    assert b.pending.context["phase"] == "after"
    answer = make_ai("mahou", seed).decide(b, b.pending)
    assert answer.option == "spot_dodge"


@pytest.mark.parametrize("seed", SEEDS)
def test_escape_before_being_pinned(seed):
    """Held by the boxer's Fast grapple (Hold Difficulty 7), the dummy keeps its moves
    and an Escape action: it escapes rather than kick or dodge (a pin would leave it
    helpless)."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1, 7, 1, 1])
    boxer, dummy = b.units()
    choose(b, "grapple", dummy, stance="fast", skill="martial_arts", hand="primary")
    choose(b, "pass")
    if b.pending.kind == "reaction":
        choose(b, "pass")
    choose(b, "end_turn")
    assert b.pending.actor == dummy
    assert make_ai("mahou", seed).decide(b, b.pending).option == "escape"


def test_a_lower_active_defence_is_never_raised():
    """Active Block 30 is already held: a roll of the dummy's (d10 Gym) beats it only by
    exploding three times (under 1 in 1000, and then by a point or two), so raising it
    again prevents next to nothing and the AI does not; with no active defence
    held, the same Active Block is worth something against the boxer beside it."""
    b = battle([(1, "boxer", 0, 0), (2, "dummy", 1, 0)], [1, 1, 5, 5])
    boxer, dummy = b.units()
    assert b.pending.actor == dummy
    params = {"with": "gym:fists", "hand": "primary"}
    fresh = prevented(b, dummy, "active_block", params, _threats(b, dummy))
    assert fresh > 0
    b.add(dummy, ActiveDefences(block=30, parry=30, dodge=30))
    b.kept_now.clear()
    assert prevented(b, dummy, "active_block", params, _threats(b, dummy)) < 1e-6
    for seed in SEEDS:
        choice, decision = decide_now(b, dummy, seed)
        assert not choice.option.startswith("active_")
        scored = make_ai("mahou", seed).scored_choices(b, decision)
        assert all(s < 1e-6 for s, c in scored if c.option.startswith("active_"))


@pytest.mark.parametrize("seed", SEEDS)
def test_press_the_attack_with_the_primary_hand_first(seed):
    """The knight stands beside the boxer with both hands unspent: it strikes with its
    primary hand (no −1) before weighing any active defence."""
    b = battle([(1, "knight", 0, 0), (2, "boxer", 1, 0)], [5, 5, 1, 1])
    knight, boxer = b.units()
    choice, _ = decide_now(b, knight, seed)
    assert choice.option.startswith("attack_") and choice.target == boxer
    assert choice.param("hand") == "primary"


@pytest.mark.parametrize("seed", SEEDS)
def test_strike_the_foe_still_fighting_not_the_unconscious_one(seed):
    """An unconscious dummy can be struck (on a 5), but nothing comes of it: go for the
    one still in the fight (the boxer punches or grapples it)."""
    b = battle([(1, "boxer", 1, 1), (2, "dummy", 2, 1), (2, "dummy", 1, 0)], [5, 5, 2, 2, 1, 1])
    boxer, down, up = b.units()
    knock_out(b, down, "test")
    choice, decision = decide_now(b, boxer, seed)
    assert down in decision.option("punch").targets
    assert choice.option in ("punch", "grapple") and choice.target == up


WALL = ["..........",
        "..#.......",
        "..#.......",
        "..#.......",
        ".........."]


@pytest.mark.parametrize("seed", SEEDS)
def test_move_to_where_the_line_of_fire_is_clear(seed):
    """A wall stands between the shooter and the dummy: no shot is offered. It moves to
    a tile the attack rules' line of fire clears, and is then offered the shot."""
    b = battle([(1, "shooter", 1, 2), (2, "dummy", 6, 2)], [9, 9, 1, 1], rows=WALL)
    shooter, dummy = b.units()
    assert "attack_gun" not in [o.key for o in b.pending.options]
    b.get(shooter, Actions).turn.speak = 0
    ai = make_ai("mahou", seed)
    choice = ai.decide(b, b.pending)
    assert choice.option == "move"
    assert fire_clear(b.map, choice.target, b.tile(dummy))
    b.submit(choice)
    assert sight_penalty(b, shooter, dummy) is not None
    assert dummy in b.pending.option("attack_gun").targets


@pytest.mark.parametrize("seed", SEEDS)
def test_talk_goes_first(seed):
    """With its speak action and a blow both available, the fencer distracts first: the
    penalty also weakens the foe's defence rolls against the blow that follows."""
    b = battle([(1, "fencer", 0, 0), (2, "dummy", 1, 0)], [5, 5, 1, 1])
    fencer, dummy = b.units()
    choice, _ = decide_now(b, fencer, seed, speak=True)
    assert choice.option == "distract" and choice.target == dummy


@pytest.mark.parametrize("seed", SEEDS)
def test_a_terrified_armed_foe_is_told_to_drop_its_weapon(seed):
    """The knight is terrified of the fencer: her demand is that it drop its club."""
    b = battle([(1, "fencer", 0, 0), (2, "knight", 3, 0)], [5, 5, 1, 1])
    fencer, knight = b.units()
    b.add(knight, Distractions([Distraction("intimidate", fencer, 12, "terrified")]))
    choice, _ = decide_now(b, fencer, seed, speak=True)
    assert choice.option == "demand" and choice.param("demand") == "drop_weapon"


def test_a_precise_critical_fells_a_foe_an_ally_stands_beside():
    """Precise critical on the dummy with the knight beside it: fallen, the dummy is −2
    to its passive defences for the knight's blows this round, so make it fall; with no
    ally beside it, knock its weapon loose (or take its primary) instead."""
    from game.engine.decisions import PICK, Option
    from game.rulesets.mahou.combat import precise_options
    b = battle([(1, "fencer", 0, 0), (2, "knight", 1, 0), (1, "boxer", 2, 0)], [5, 5, 1, 1, 2, 2])
    fencer, knight, boxer = b.units()
    pick = Decision(fencer, 1, PICK, tuple(precise_options(b, fencer, knight)), "",
                    {"trigger": "precise_critical", "target": knight})
    assert make_ai("mahou", 0).decide(b, pick).option == "fall"
    b.get(boxer, Health).hp = -99
    knock_out(b, boxer, "test")
    assert make_ai("mahou", 0).decide(b, pick).option == "drop_weapon"


def test_the_ai_line_of_fire_is_the_attack_rules_own():
    """`fire_clear` (what positions are scored by) agrees with the attack rules'
    `line_of_fire(...).blocked` on every pair of tiles sampled on the ridge map, whose
    slopes and walls made field of view and line of fire disagree (a marksman there
    believed it had a shot it was never offered)."""
    import random
    from game.world.sight import line_of_fire
    from game.world.tiled import load_map
    tmap = load_map("maps/ridge.tmx")
    rng = random.Random(12)
    for _ in range(400):
        a = (rng.randrange(tmap.width), rng.randrange(tmap.height))
        b = (rng.randrange(tmap.width), rng.randrange(tmap.height))
        assert fire_clear(tmap, a, b) == (not line_of_fire(tmap, a, b).blocked), (a, b)
