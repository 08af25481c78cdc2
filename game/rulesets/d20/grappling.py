"""Grapples and Melees (rule text, "Melee Attacks").

A melee attack puts attacker and target into a Grapple sharing one space; a third
creature turns it into a Melee whose members each hold their own space inside the
smallest square that fits them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import grapple
from game.engine.components import Position
from game.rulesets.d20.events import GrappleChanged

if TYPE_CHECKING:
    from game.engine.battle import Battle

Tile = tuple[int, int]


def occupied_by_others(battle: "Battle", members: set[int]) -> set[Tile]:
    return {battle.tile(u) for u in battle.units(active_only=True) if u not in members}


def _announce(battle: "Battle", members: set[int], kind: str) -> None:
    ms = tuple(sorted(members))
    battle.emit(GrappleChanged(ms, tuple(battle.name(m) for m in ms), kind))


def enter(battle: "Battle", attacker: int, target: int) -> None:
    """Both enter a Grapple (or the attacker joins the target's, making a Melee)."""
    if attacker in grapple.group(battle, target):
        return
    members = grapple.join(battle, attacker, target)
    if len(members) == 2:
        # Two creatures in a Grapple occupy the same space: the attacker closes in.
        pos = battle.get(attacker, Position)
        pos.x, pos.y = battle.tile(target)
    else:
        arrange_melee(battle, members, battle.tile(target))
    _announce(battle, members, "grapple" if len(members) == 2 else "melee")


def square_for(battle: "Battle", members: set[int], anchor: Tile) -> list[Tile] | None:
    """The smallest square holding `anchor` with a free walkable space per member."""
    taken = occupied_by_others(battle, members)
    n = len(members)
    for size in range(2, 6):
        best = None
        for ox in range(anchor[0] - size + 1, anchor[0] + 1):
            for oy in range(anchor[1] - size + 1, anchor[1] + 1):
                free = [(x, y) for y in range(oy, oy + size) for x in range(ox, ox + size)
                        if battle.map.in_bounds(x, y) and battle.map.walkable[x, y]
                        and (x, y) not in taken]
                if len(free) >= n and (best is None or len(free) > len(best)):
                    best = free
        if best is not None:
            return best
    return None


def arrange_melee(battle: "Battle", members: set[int], anchor: Tile) -> None:
    """Give every member its own space in the Melee's square, moving as few as possible."""
    spaces = square_for(battle, members, anchor)
    if spaces is None:
        return  # [PROP] no room to spread out: they stay stacked where they are
    free = list(spaces)
    placed: dict[int, Tile] = {}
    for m in sorted(members):
        tile = battle.tile(m)
        if tile in free:
            placed[m] = tile
            free.remove(tile)
    for m in sorted(members):
        if m not in placed:
            free.sort(key=lambda t: (max(abs(t[0] - anchor[0]), abs(t[1] - anchor[1])), t[1], t[0]))
            placed[m] = free.pop(0)
    for m, (x, y) in placed.items():
        pos = battle.get(m, Position)
        pos.x, pos.y = x, y


def group_tiles(battle: "Battle", unit: int) -> set[Tile]:
    return {battle.tile(m) for m in grapple.group(battle, unit)}


def exit_tiles(battle: "Battle", unit: int) -> list[Tile]:
    """Open spaces adjacent to the Grapple/Melee the unit may step out to."""
    members = grapple.group(battle, unit)
    inside = group_tiles(battle, unit)
    taken = occupied_by_others(battle, members) | inside
    out = set()
    for (x, y) in inside:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                t = (x + dx, y + dy)
                if (battle.map.in_bounds(*t) and battle.map.walkable[t] and t not in taken):
                    out.add(t)
    return sorted(out, key=lambda t: (t[1], t[0]))


def leave(battle: "Battle", unit: int, to: Tile | None) -> None:
    """The unit leaves its Grapple/Melee (to a tile, or stays where it lies if None)."""
    before = grapple.group(battle, unit)
    rest = grapple.leave(battle, unit)
    if to is not None:
        pos = battle.get(unit, Position)
        pos.x, pos.y = to
    if len(rest) == 1:
        _announce(battle, before, "ended")
    elif len(rest) == 2:
        # A Melee shrunk to two is a Grapple again: they share one space.
        first, second = sorted(rest)
        pos = battle.get(second, Position)
        pos.x, pos.y = battle.tile(first)
        _announce(battle, rest, "grapple")


def drag_targets(battle: "Battle", unit: int) -> list[Tile]:
    """Tiles the unit can move its whole Grapple/Melee one step toward."""
    members = grapple.group(battle, unit)
    taken = occupied_by_others(battle, members)
    here = battle.tile(unit)
    out = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if dx == dy == 0:
                continue
            moved = [(battle.tile(m)[0] + dx, battle.tile(m)[1] + dy) for m in members]
            if all(battle.map.in_bounds(*t) and battle.map.walkable[t] and t not in taken for t in moved):
                out.append((here[0] + dx, here[1] + dy))
    return sorted(out, key=lambda t: (t[1], t[0]))


def drag(battle: "Battle", unit: int, to: Tile) -> None:
    here = battle.tile(unit)
    dx, dy = to[0] - here[0], to[1] - here[1]
    for m in sorted(grapple.group(battle, unit)):
        pos = battle.get(m, Position)
        pos.x, pos.y = pos.x + dx, pos.y + dy


def drop_out(battle: "Battle", unit: int) -> None:
    """A unit out of the fight falls out of its grapple where it lies."""
    if grapple.in_grapple(battle, unit):
        leave(battle, unit, None)
