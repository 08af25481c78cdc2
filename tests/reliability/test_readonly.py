"""Queries never change the battle (issue 17.1, STYLE lesson 11).

Mid-fight in every ruleset, every read-only entry point (odds of every option at a
sample of targets, move previews, threats, unit cards, health, the AI's scoring and
its `decide`) runs on the pending decision, and `Battle.digest()`, the entity count,
the dice state, the log and the choices must be exactly as before
(`game.readonly.probe_queries`). Before the fix, mahou's `talk.encounter()` created
its Encounter entity the first time the odds of a distraction were asked.
"""

import pytest

from game.ai import RandomController, make_ai
from game.engine.setup import new_battle
from game.readonly import probe_queries
from game.rulesets import ruleset_ids

RULESETS = ruleset_ids()


@pytest.mark.parametrize("rid", RULESETS)
def test_every_query_mid_fight_leaves_the_battle_unchanged(rid):
    b = new_battle("maps/arena.tmx", rid, seed=3, max_rounds=6)
    try:
        ctrl = {t: (make_ai(rid, 7 + t) if t == 1 else RandomController(t)) for t in b.teams()}
        probed = 0
        for n in range(240):
            if b.pending is None:
                break
            if n % 6 == 1:
                assert probe_queries(b, [make_ai(rid, 99)]) == []
                probed += 1
            b.submit(ctrl[b.pending.side].decide(b, b.pending))
        assert probed >= 3
    finally:
        b.close()


def test_mahou_distraction_odds_create_no_entity():
    """The defect itself: asking the odds of a distraction before anyone has tried one."""
    from game.engine.decisions import Choice
    b = new_battle("maps/arena.tmx", "mahou", seed=3, max_rounds=6)
    try:
        while b.pending is not None:
            opt = b.pending.option("distract")
            if opt is not None and opt.targets:
                before = (b.digest(), len(b.entities()))
                target = opt.targets[0]
                params = {k: v[0] for k, v in opt.params_for(target).items() if v}
                b.ruleset.odds(b, b.pending, opt.choice(target, **params))
                assert (b.digest(), len(b.entities())) == before
                return
            b.submit(RandomController(1).decide(b, b.pending))
        pytest.fail("no distraction was offered")
    finally:
        b.close()
