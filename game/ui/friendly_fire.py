"""Attacks that can hurt the attacker's own side: which ally, how likely, and the
second press that confirms one (issue 30, item 3: Tab cycled to "Melee attack ->
Gunner 1-1, 65%", an ally, with no warning, and a shot into a grapple holding an ally
showed a big "80% to hit" with only a small line saying the hit lands at random).

Three ways an attack reaches an ally, read from what the window already has:

- the target is an ally;
- the target shares its tile with allies (a grapple) and the ruleset's odds say a hit
  strikes one of the units there at random: each ally's chance is the hit chance shared
  among them;
- the ruleset names the tiles an area attack covers (`rules_view.attack_area`, a cone
  of suppressing fire) and an ally stands on one of them (its chance is not known: the
  rule there is a save, not a hit).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from game.engine.decisions import TARGET_UNIT

_AT_RANDOM = re.compile(r"one of (\d+) .*at random")


@dataclass(frozen=True)
class Risk:
    unit: int
    name: str
    chance: float | None    # None: caught in an area, the chance is not one number
    how: str                # "target", "grapple" or "area"


def allies_at_risk(view, decision, opt, target, odds, area=()) -> list[Risk]:
    """The acting side's units (other than the actor) that `opt` at `target` can hurt."""
    if not getattr(opt, "offensive", False) or decision is None:
        return []
    me = view.units.get(decision.actor)
    if me is None:
        return []
    allies = {u.id: u for u in view.units.values() if u.team == me.team and u.active and u.id != me.id}
    hit = getattr(odds, "hit", None)
    out: list[Risk] = []
    if opt.target_kind == TARGET_UNIT and isinstance(target, int):
        if target in allies:
            out.append(Risk(target, allies[target].name, hit, "target"))
        elif target in view.units:
            sharing = [u for u in view.at(view.units[target].tile) if u.active]
            mates = [u for u in sharing if u.id in allies]
            notes = " ".join(getattr(odds, "notes", ()) or ())
            found = _AT_RANDOM.search(notes)
            if mates and found:
                share = hit / max(1, int(found.group(1))) if hit is not None else None
                out += [Risk(u.id, u.name, share, "grapple") for u in mates]
    caught = {r.unit for r in out}
    for tile in area or ():
        for u in view.at(tuple(tile)):
            if u.id in allies and u.id not in caught:
                caught.add(u.id)
                out.append(Risk(u.id, u.name, None, "area"))
    return out


def headline(risks: list[Risk]) -> str:
    """The warning that heads the odds panel: each ally and its chance."""
    from game.ui import theme
    parts = []
    for r in risks:
        if r.chance is None:
            parts.append(f"{r.name} (in the area)")
        else:
            parts.append(f"{r.name} {theme.percent(r.chance)}")
    return "Can hit your own: " + ", ".join(parts)


class Confirmation:
    """The one attack the player has been warned about: the next press on the same
    choice submits it, anything else asks again."""

    def __init__(self) -> None:
        self.pending: Any = None

    def needed(self, key) -> bool:
        """True: this is the first press (warn, do not submit); False: the second."""
        if self.pending == key:
            self.pending = None
            return False
        self.pending = key
        return True

    def forget(self) -> None:
        self.pending = None
