"""A scenario's VIPs for the AI (issue 28): who keeps out of the fight for the zones, who
keeps out of sight, and who stays with the VIP.

Two kinds of VIP (game/engine/objectives.py): one whose fall ends the battle at once
(`guarded`: The Envoy, Evacuation's officer) and one whose fall scores the enemy its
points (`captain`: Two Captains). Neither holds a zone while an ally stands
(`kept_back`); a captain backs no holder up either. A guarded VIP is worth its stake
(VIP_STAKE points) to its side: it loses a share of it per enemy that sees its tile
(`exposure_stake`), unless its side has an exit of its own (`evacuates`: it wins its
stake by leaving), and the rest of its side is its escort (`escorting`) until it is off
the board. The ground of game/ai/mission_ground.py counts all of this.
"""

from __future__ import annotations

from typing import Any

from game.ai.mission_clock import round_limit
from game.engine import objectives
from game.world.scenario import Scenario

VIP_STAKE = 5.0  # a VIP whose fall ends the battle: worth this many points to its side
ESCORT = 0.3  # a unit's exit while its side's VIP is still on the board: this share
# Measured (tests.mission_ladder, d20 "two envoys", 40 battles): hiding the VIP at 0.3 or
# even 0.05 lost more than it saved (a VIP that hides stops fighting); at 0.02 it is a
# tie-break among the tiles its ruleset likes, and hunting the other VIP carries it.
EXPOSED = 0.02  # a VIP's loss per enemy that sees its tile, as a share of its stake
# ... but a VIP whose fall loses the battle keeps out of sight: measured on "The Envoy"
# (tests.mission_ladder --shipped, 40 battles a ruleset, aware as side 1), the envoy at
# 0.02 won 7, 15, 17, 6, 10 of 20 (d20, mahou, fivebyfive, actionblock, fate); at 0.2
# 12, 15, 15, 15, 15; at 0.3 16, 13, 15, 16, 15. Hiding costs a VIP with points
# (Two Captains) more than it saves: it keeps EXPOSED (measured again with the gunner
# as captain over 20 rounds, aware vs blind, 40 battles: at 0.1 d20, mahou, fate won 18,
# 21, 31; at 0.3 22, 19, 22; at 0.02 48, 63, 58% of 100).
EXPOSED_GUARDED = 0.3
# ... but a VIP of a side with its own exit (Evacuation's officer), whose stake is won
# by leaving, does not hide: it fights among its escort until the clock sends the side
# to its exit (game/ai/mission_clock.py). Hiding it, at 0.3 and then 0.1 of its stake
# per hunter in sight (stop 37), kept a guardian out of the fight; measured with the
# clock (tests.mission_ladder --shipped, Evacuation, aware side 1 against blind, wins of
# 50, d20 / mahou / fivebyfive / actionblock / fate): at 0.1 24 / 17 / 23 / 23 / 10, at
# 0 28 / 30 / 27 / 25 / 20 (the blind side 1: 27 / 34 / 28 / 27 / 23).
EXPOSED_RUNNING = 0.0
# The survive-side's units no longer keep out of sight: measured on the shipped "Hold
# Out" (40 battles a ruleset, aware as defender), at 0.05 of a point per enemy in sight
# they won 4, 6, 6, 19, 10 of 20 (d20, mahou, fivebyfive, actionblock, fate), without
# it 3, 9, 9, 16, 14: a hidden defender is found anyway and has not fought.


def kept_back(battle: Any, unit: int) -> bool:
    """A VIP, whether its fall ends the battle or scores the enemy its points: never its
    side's holder while another unit stands."""
    return battle.has(unit, objectives.Vip)


def captain(battle: Any, unit: int) -> bool:
    """A VIP whose fall scores the enemy its points ("Two Captains"): nor a holder's
    backup either (BACKUP). Watched (d20, aware vs blind, 20 battles): the aware
    captain, the gunner, held the courtyard or backed its holder up and fell there in 7
    of its 14 falls, 3 points to the enemy, and the courtyard's 1 with them; the blind
    captain, in the courtyard in 3 of 12. Measured (tests.mission_ladder --shipped,
    100 battles, aware vs blind): d20 48 -> 60%, fate 58 -> 64%. A VIP whose fall loses
    the battle keeps its backup (it keeps out of sight besides): without it The Envoy
    lost 1 to 3 of 40 battles in each ruleset."""
    return kept_back(battle, unit) and not guarded(battle, unit)


def guarded(battle: Any, unit: int) -> bool:
    """A VIP whose fall ends the battle at once: it keeps out of the fight for the zones."""
    return battle.has(unit, objectives.Vip) and battle.get(unit, objectives.Vip).points is None


def escorting(battle: Any, scenario: Scenario, unit: int, side: int) -> bool:
    """Is `unit` (not a VIP) one of an escort: its side's VIP, whose fall ends the
    battle, still stands on the board, before the last round? It stays and fights
    rather than leave."""
    if guarded(battle, unit) or battle.round >= round_limit(battle, scenario):
        return False
    return any(guarded(battle, u) for u in battle.units(side, active_only=True))


def exposure_stake(battle: Any, scenario: Scenario, unit: int, side: int) -> tuple[float, float]:
    """(stake in points, share lost per enemy in sight) of a unit that must keep out of
    danger: a VIP (the survive-side's units fight on: see the measure above); one whose
    side has its own exit crosses the open to it (EXPOSED_RUNNING)."""
    vip = battle.get(unit, objectives.Vip) if battle.has(unit, objectives.Vip) else None
    if vip is not None:
        if vip.points is not None:
            return float(vip.points), EXPOSED
        return VIP_STAKE, (EXPOSED_RUNNING if evacuates(scenario, side) else EXPOSED_GUARDED)
    return 0.0, 0.0


def evacuates(scenario: Scenario, side: int) -> bool:
    """Does `side` have an exit of its own (its VIP wins its stake by leaving, not by
    keeping out of sight)?"""
    return any(zone.side == side for zone in scenario.zones_of("exit"))
