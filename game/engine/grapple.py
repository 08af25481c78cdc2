"""Grapple links: who is locked with whom. One module keeps both sides consistent.

A `GrappleLink` on each member lists its partners; `holds` / `held_by` record an
asymmetric hold where a ruleset has one (Mahou's holder and held), and `data` the
ruleset's own values (hold difficulty, grapple stance...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine.battle import Battle


@dataclass
class GrappleLink:
    """This unit is in a grapple with `partners`."""

    partners: set[int] = field(default_factory=set)
    holds: set[int] = field(default_factory=set)
    held_by: set[int] = field(default_factory=set)
    data: dict[str, Any] = field(default_factory=dict)


def _link_of(battle: "Battle", unit: int) -> GrappleLink:
    link = battle.try_get(unit, GrappleLink)
    if link is None:
        link = GrappleLink()
        battle.add(unit, link)
    return link


def join(battle: "Battle", a: int, b: int) -> set[int]:
    """Put a and b in one grapple group (everyone in either group joins). Returns the group."""
    members = group(battle, a) | group(battle, b)
    for m in members:
        _link_of(battle, m).partners = members - {m}
    return members


def hold(battle: "Battle", holder: int, held: int) -> None:
    """An asymmetric hold (holder controls held); also joins their groups."""
    join(battle, holder, held)
    _link_of(battle, holder).holds.add(held)
    _link_of(battle, held).held_by.add(holder)


def group(battle: "Battle", unit: int) -> set[int]:
    """Everyone locked together with `unit`, itself included."""
    link = battle.try_get(unit, GrappleLink)
    return {unit} | (set(link.partners) if link else set())


def in_grapple(battle: "Battle", unit: int) -> bool:
    link = battle.try_get(unit, GrappleLink)
    return bool(link and link.partners)


def leave(battle: "Battle", unit: int) -> set[int]:
    """Take `unit` out of its grapple; returns who is left together (may be one: no grapple)."""
    others = group(battle, unit) - {unit}
    battle.remove(unit, GrappleLink)
    for m in others:
        link = battle.get(m, GrappleLink)
        link.partners.discard(unit)
        link.holds.discard(unit)
        link.held_by.discard(unit)
        if not link.partners:
            battle.remove(m, GrappleLink)
    return others


def consistency_errors(battle: "Battle") -> list[str]:
    """Every broken invariant: partners must be mutual, holds mirrored by held_by."""
    errors = []
    for unit, link in battle.query(GrappleLink):
        for p in link.partners:
            other = battle.try_get(p, GrappleLink)
            if other is None or unit not in other.partners:
                errors.append(f"{unit} lists {p} as partner but not back")
        for h in link.holds:
            other = battle.try_get(h, GrappleLink)
            if other is None or unit not in other.held_by:
                errors.append(f"{unit} holds {h} but {h} is not held by it")
        if unit in link.partners:
            errors.append(f"{unit} is its own partner")
    return errors
