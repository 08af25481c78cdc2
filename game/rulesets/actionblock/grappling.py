"""Initiate Grapple and the Grappling / Grappled Stances.

The text: on a hit "the character enters the Grappling Stance and the target enters
the Grappled Stance. See the Stances page" — a page that was not recovered. This
game's reading [PROP, digest 3.6], written down in docs/rulesets/actionblock.md:

* A Grappled character cannot take a Movement Action that moves it, and nothing but
  its grappler moves it (a Gale Burst does not).
* The grappler's Offensive Action may be a Grapple Attack (costs of a Melee Attack):
  it hits automatically, deals the grappling weapon's Grapple Attack Damage (+1d6 per
  Grapple Boost rank) less PDR, and lowers Current Speed by the Grapple Speed Damage.
* The Grappled character's Offensive Action may be Break Grapple (costs of Initiate
  Grapple): 2d6 + its Maximum Grapple Strength against 2d6 + the grappler's; the
  higher wins, a tie holds.
* The grappler must spend its Movement Action on Maintain Grapple each Turn, or the
  grapple ends at the end of that Turn; moving away lets go at once.
* A grapple ends when either falls Unconscious.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import grapple
from game.rulesets.actionblock.events import ContestRolled, GrappleChanged
from game.rulesets.actionblock.stats import max_grapple_strength

if TYPE_CHECKING:
    from game.engine.battle import Battle


def holding(battle: "Battle", unit: int) -> list[int]:
    """Whom this unit holds in its Grappling Stance (sorted)."""
    link = battle.try_get(unit, grapple.GrappleLink)
    return sorted(link.holds) if link else []


def held_by(battle: "Battle", unit: int) -> list[int]:
    """Who holds this unit in the Grappled Stance (sorted)."""
    link = battle.try_get(unit, grapple.GrappleLink)
    return sorted(link.held_by) if link else []


def grappled(battle: "Battle", unit: int) -> bool:
    return bool(held_by(battle, unit))


def start(battle: "Battle", grappler: int, target: int) -> None:
    grapple.hold(battle, grappler, target)
    link = battle.get(grappler, grapple.GrappleLink)
    link.data["maintained_block"] = battle.round
    battle.emit(GrappleChanged(grappler, target, battle.name(grappler), battle.name(target), True))


def end(battle: "Battle", grappler: int, target: int, why: str) -> None:
    """End one hold, keeping the engine's links consistent for any other hold."""
    g_link = battle.try_get(grappler, grapple.GrappleLink)
    if g_link is None or target not in g_link.holds:
        return
    # They stay together only while another hold joins them (the engine splits the
    # group along the holds that remain, keeping every link mutual).
    grapple.release(battle, grappler, target)
    battle.emit(GrappleChanged(grappler, target, battle.name(grappler), battle.name(target), False, why))


def end_all(battle: "Battle", unit: int, why: str) -> None:
    for target in holding(battle, unit):
        end(battle, unit, target, why)
    for grappler in held_by(battle, unit):
        end(battle, grappler, unit, why)


def maintain(battle: "Battle", unit: int) -> None:
    battle.get(unit, grapple.GrappleLink).data["maintained_block"] = battle.round


def end_of_turn(battle: "Battle", unit: int) -> None:
    """A grappler that did not Maintain Grapple this Turn lets go."""
    link = battle.try_get(unit, grapple.GrappleLink)
    if link is None or not link.holds:
        return
    if link.data.get("maintained_block") != battle.round:
        for target in sorted(link.holds):
            end(battle, unit, target, "not maintained")


def break_contest(battle: "Battle", unit: int, grappler: int) -> bool:
    """Break Grapple: 2d6 + Maximum Grapple Strength each; higher wins, a tie holds."""
    mine = battle.dice.roll(2, 6).faces
    theirs = battle.dice.roll(2, 6).faces
    m, t = max_grapple_strength(battle, unit), max_grapple_strength(battle, grappler)
    ok = sum(mine) + m > sum(theirs) + t
    battle.emit(ContestRolled("Break Grapple", battle.name(unit), mine, (("Max Grapple Strength", m),),
                              battle.name(grappler), theirs, (("Max Grapple Strength", t),), ok,
                              "higher wins, a tie holds"))
    if ok:
        end(battle, grappler, unit, "broken free")
    return ok


def break_chance(battle: "Battle", unit: int, grappler: int) -> float:
    """Exact chance that Break Grapple succeeds."""
    from game.engine import odds
    diff = max_grapple_strength(battle, unit) - max_grapple_strength(battle, grappler)
    two = odds.dice_sum(2, 6)
    return float(sum(pa * pb for a, pa in two.items() for b, pb in two.items() if a + diff > b))


def check_reach(battle: "Battle") -> None:
    """A hold ends when grappler and target are no longer within Melee Range."""
    from game.rulesets.actionblock.stats import in_melee_range
    for unit, link in battle.query(grapple.GrappleLink):
        for target in sorted(link.holds):
            if not in_melee_range(battle, unit, target):
                end(battle, unit, target, "pulled apart")
