"""The side that holds out in a survive mission (issue 28): what its units leave alone.

A survive mission ("Hold Out": the attacker wins by ending rounds alone in its zone,
the defender by any unit still standing when the last round ends) gives the defender
nothing to score: its ground (game/ai/mission_ground.py) is the attacker's zone alone,
denied. Denying it counts while the attacker stands there (`_zone_aims`' "theirs and
not ours"); an attacker's zone that nobody holds scores nothing for anyone, and the
defender no longer walks into it (`denies_empty`).

Watched (d20, shipped Hold Out, aware defender against blind attackers, seeds 0-59):
the defenders, spawned in the bunker, charge out at the attackers as the blind ones do;
when the bunker emptied the defender nearest it walked back in (DENY_ONLY, half a
point) and the attackers, converging on their zone and hunting whoever stands in it
(missions.hunted), took it out there: of the 16 seeds where aware and blind defenders
ended apart, the aware lost 15, all by elimination in rounds 4-6; in the three watched
in full (seeds 0, 13, 18) its last units had walked back into the bunker and fell
there, where the blind ones, spread over the hill, survived.
Aware defenders won 15 of 60, blind 29; without the walk to the empty bunker 27.
"""

from __future__ import annotations

from typing import Any

from game.world.scenario import Scenario


def holds_out(battle: Any, scenario: Scenario, side: int) -> bool:
    """Is `side` the defender of a survive mission (it wins by standing at the end)?"""
    return scenario.holder(battle.teams()) == side


def denies_empty(battle: Any, scenario: Scenario, side: int) -> bool:
    """Does `side` go to stand in an enemy's zone that nobody holds (it cannot score
    while we stand there: mission_ground.DENY_ONLY)? Not the side that holds out: its
    win is to stand at the end, and the attackers' zone is where they come to fight."""
    return not holds_out(battle, scenario, side)
