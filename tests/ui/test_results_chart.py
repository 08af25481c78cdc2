"""The results chart plots each side's share of its starting strength per round as the
ruleset's own `health` reports it (fate's wounds included, not only Damaged events)."""

from __future__ import annotations

import pytest

from game.engine.events import RoundStarted
from tests.ui.conftest import field_battle


def _play_recording(battle, rounds: int):
    """Play the battle with the rulesets' AIs, reading every side's health (0 once out of
    the fight) at the start of each round, as the battle goes: the expected chart."""
    from game.ai import make_ai
    ais = {t: make_ai(battle.ruleset.id, 11 + t) for t in battle.teams()}
    units = sorted(battle.units())

    def share():
        out = {}
        for t in battle.teams():
            mine = [u for u in units if battle.team(u) == t]
            now = sum(max(0, battle.ruleset.health(battle, u)[0]) if battle.active(u) else 0 for u in mine)
            out[t] = now
        return out

    expected = {t: [] for t in battle.teams()}
    seen = 0
    start = share()

    def catch_up():
        nonlocal seen
        for ev in battle.log[seen:]:
            if isinstance(ev, RoundStarted):
                for t, v in share().items():
                    expected[t].append(v / start[t])
        seen = len(battle.log)
    catch_up()
    while battle.pending is not None and not battle.over:
        d = battle.pending
        battle.submit(ais[d.side].decide(battle, d))
        catch_up()
    for t, v in share().items():
        expected[t].append(v / start[t])
    return expected


@pytest.mark.parametrize("ruleset_id", ["fate", "fivebyfive", "d20", "actionblock", "mahou"])
def test_the_chart_follows_the_rulesets_health_round_by_round(ruleset_id):
    from game.ui.results import strength_history
    battle = field_battle([(1, "gunner", 2, 2), (1, "gunner", 2, 5), (2, "gunner", 7, 2), (2, "gunner", 7, 5)],
                          w=10, h=8, seed=4, ruleset_id=ruleset_id)
    battle.max_rounds = 6
    expected = _play_recording(battle, 6)
    got = strength_history(battle)
    assert got.keys() == expected.keys()
    for t in got:
        assert got[t] == pytest.approx(expected[t]), (t, got[t], expected[t])
        # a point at the start of every round the battle played (the round limit ends it
        # without starting the next), and one at the end (Action Block's rounds are its
        # own kind of event: its chart had the end point alone)
        assert len(got[t]) >= min(battle.round, battle.max_rounds) >= 2
    # somebody was hurt (the check is not about a flat line), and the loser's line ends
    # at its real share: 0 when all its units are out of the fight
    assert any(v[-1] < 1.0 for v in got.values())
    for t in got:
        if all(not battle.active(u) for u in battle.units() if battle.team(u) == t):
            assert got[t][-1] == 0.0
