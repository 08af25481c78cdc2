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


@dataclass(frozen=True)
class GrappleLink:
    """This unit is in a grapple with `partners` (everyone in its group but itself).

    Frozen, with frozen sets: only this module's functions change a link, and they
    rewrite every member of a group together, so partners are mutual and a group is
    the same set seen from each member, by construction (issue 17.7). `data` is the
    ruleset's own values and stays a plain dict.
    """

    partners: frozenset[int] = frozenset()
    holds: frozenset[int] = frozenset()
    held_by: frozenset[int] = frozenset()
    data: dict[str, Any] = field(default_factory=dict)


def _write(battle: "Battle", unit: int, partners: set[int] | frozenset[int],
           holds: set[int] | frozenset[int], held_by: set[int] | frozenset[int]) -> None:
    """Set one member's link (removing it when it ties the unit to nobody)."""
    old = battle.try_get(unit, GrappleLink)
    if not partners and not holds and not held_by:
        if old is not None:
            battle.remove(unit, GrappleLink)
        return
    battle.add(unit, GrappleLink(frozenset(partners), frozenset(holds), frozenset(held_by),
                                 old.data if old is not None else {}))


def _holds_of(battle: "Battle", unit: int) -> tuple[frozenset[int], frozenset[int]]:
    link = battle.try_get(unit, GrappleLink)
    return (link.holds, link.held_by) if link else (frozenset(), frozenset())


def join(battle: "Battle", a: int, b: int) -> set[int]:
    """Put a and b in one grapple group (everyone in either group joins). Returns the group."""
    members = group(battle, a) | group(battle, b)
    for m in sorted(members):
        _write(battle, m, members - {m}, *_holds_of(battle, m))
    return members


def hold(battle: "Battle", holder: int, held: int) -> None:
    """An asymmetric hold (holder controls held); also joins their groups."""
    join(battle, holder, held)
    holds, held_by = _holds_of(battle, holder)
    _write(battle, holder, group(battle, holder) - {holder}, holds | {held}, held_by)
    holds, held_by = _holds_of(battle, held)
    _write(battle, held, group(battle, held) - {held}, holds, held_by | {holder})


def release(battle: "Battle", holder: int, held: int) -> None:
    """End one hold. For rulesets whose grapples are made of holds (Action Block): the
    old group splits into the units still tied together by a chain of holds."""
    before = group(battle, holder) | group(battle, held)
    holds, held_by = _holds_of(battle, holder)
    _write(battle, holder, group(battle, holder) - {holder}, holds - {held}, held_by)
    holds, held_by = _holds_of(battle, held)
    _write(battle, held, group(battle, held) - {held}, holds, held_by - {holder})
    ties = {m: set().union(*_holds_of(battle, m)) & before for m in before}
    seen: set[int] = set()
    for start in sorted(before):
        if start in seen:
            continue
        component, frontier = {start}, [start]
        while frontier:
            for other in ties[frontier.pop()]:
                if other not in component:
                    component.add(other)
                    frontier.append(other)
        seen |= component
        for m in sorted(component):
            _write(battle, m, component - {m}, *_holds_of(battle, m))


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
    for m in sorted(others):
        holds, held_by = _holds_of(battle, m)
        _write(battle, m, others - {m}, holds - {unit}, held_by - {unit})
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
