"""Property tests: random legal games and the AI on every shipped map (but bench128),
checking invariants after every decision; replays reproduce the digest; illegal
choices change nothing."""

from pathlib import Path

import pytest

from game.ai import RandomController, make_ai
from game.engine import grapple
from game.engine.battle import Battle
from game.engine.decisions import Choice
from game.engine.setup import new_battle
from game.errors import IllegalChoice
from game.rulesets.mahou.components import Actions, Hold
from game.world.paths import chebyshev

MAPS = sorted(str(p) for p in Path("maps").glob("*.tmx") if p.stem != "bench128")


def check_invariants(b: Battle) -> None:
    for unit in b.units():
        assert b.map.walkable[b.tile(unit)], f"{b.name(unit)} stands on a non-walkable tile"
        a = b.get(unit, Actions)
        for pool in (a.turn, a.held, a.spare):
            for kind in ("primary", "offhand", "speak", "move", "escape"):
                assert pool.get(kind) >= 0
    assert grapple.consistency_errors(b) == []
    for _, h in b.query(Hold):
        assert b.active(h.holder) and b.active(h.held)
        assert chebyshev(b.tile(h.holder), b.tile(h.held)) <= 1, "a hold across a gap"
        assert h.held in grapple.group(b, h.holder)
    if b.pending is not None:
        assert b.active(b.pending.actor), "an out-of-fight unit is asked to decide"
        check_self_describing(b.pending)


def check_self_describing(decision) -> None:
    """Options a generic window can draw: a label, a description, a unique lowercase
    hotkey, targets when they take one, parameter values with a legal default."""
    assert decision.prompt
    keys = [o.hotkey for o in decision.options]
    assert len(set(keys)) == len(keys) and all(len(k) == 1 and k.islower() for k in keys), keys
    for o in decision.options:
        assert o.label and o.description, o.key
        if o.target_kind != "none":
            assert o.targets, o.key
        for target in (o.targets or (None,)):
            for name, values in o.params_for(target).items():
                assert values, (o.key, name, target)


def play(b: Battle, controllers, limit=60_000) -> None:
    check_invariants(b)
    for _ in range(limit):
        if b.pending is None:
            break
        decision = b.pending
        b.submit(controllers[decision.side].decide(b, decision))
        check_invariants(b)
    assert b.pending is None and b.over, "the battle did not end"


@pytest.mark.parametrize("map_path", MAPS)
def test_random_legal_games_keep_every_invariant(map_path):
    for seed in (1, 2):
        b = new_battle(map_path, "mahou", seed=seed, max_rounds=6)
        try:
            play(b, {t: RandomController(seed * 10 + t) for t in b.teams()})
        finally:
            b.close()


@pytest.mark.parametrize("map_path", MAPS)
def test_ai_games_keep_every_invariant_and_end(map_path):
    b = new_battle(map_path, "mahou", seed=5, max_rounds=10)
    try:
        play(b, {t: make_ai("mahou", t) for t in b.teams()})
    finally:
        b.close()


def test_same_seed_and_choices_give_the_same_digest():
    first = new_battle(MAPS[0], "mahou", seed=9, max_rounds=4)
    play(first, {t: RandomController(t) for t in first.teams()})
    second = new_battle(MAPS[0], "mahou", seed=9, max_rounds=4)
    for choice in first.choices:
        second.submit(Choice.from_json(choice.to_json()))
    assert second.digest() == first.digest()
    assert [e.describe() for e in second.log] == [e.describe() for e in first.log]
    first.close()
    second.close()


def test_illegal_choices_are_refused_and_change_nothing():
    b = new_battle(MAPS[0], "mahou", seed=3, max_rounds=3)
    rng = RandomController(4)
    bogus = [Choice("fly_away"), Choice("move", (-5, -5)), Choice("punch", 10 ** 6),
             Choice("end_turn", 3), Choice("attack_blaster", None, (("stance", "mighty"),))]
    checked = 0
    while b.pending is not None and checked < 40:
        before = b.digest()
        for choice in bogus:
            with pytest.raises(IllegalChoice):
                b.submit(choice)
        for opt in b.pending.options:
            for name, values in opt.params.items():
                target = opt.targets[0] if opt.targets else None
                with pytest.raises(IllegalChoice):
                    b.submit(opt.choice(target, **{name: "no-such-value"}))
        assert b.digest() == before
        b.submit(rng.decide(b, b.pending))
        checked += 1
    b.close()


def test_an_easy_ai_still_plays_legally():
    b = new_battle(MAPS[0], "mahou", seed=6, max_rounds=5)
    play(b, {t: make_ai("mahou", t, "easy") for t in b.teams()})
    b.close()


GRAPPLING = ("grapple", "escape", "pin", "slam", "throw", "drag", "pull", "reinforce", "maintain",
             "throw_to", "reverse")


class GrappleHappy(RandomController):
    """Random legal play that reaches for grapple options whenever they are offered."""

    def decide(self, battle, decision):
        keen = [o for o in decision.options if o.key in GRAPPLING]
        if keen and self.rng.random() < 0.8:
            opt = self.rng.choice(keen)
            target = self.rng.choice(list(opt.targets)) if opt.targets else None
            params = {n: self.rng.choice(list(v)) for n, v in opt.params_for(target).items()}
            return opt.choice(target, **params)
        return super().decide(battle, decision)


@pytest.mark.parametrize("seed", [11, 12, 14])  # 13 no longer meets (initiative roll-offs)
def test_grapple_heavy_random_games_keep_holds_consistent(seed):
    """Brawlers in the small arena reaching for every grapple option: holds, escapes,
    reversals, drags, pins, slams and throws keep the invariants."""
    squads = {1: ["brawler", "brawler", "scout", "brawler"], 2: ["brawler", "brawler", "guardian", "brawler"]}
    b = new_battle(MAPS[0], "mahou", seed=seed, squads=squads, max_rounds=8)
    try:
        play(b, {t: GrappleHappy(seed + t) for t in b.teams()})
        assert any(type(e).__name__ == "HoldChanged" for e in b.log)
    finally:
        b.close()
