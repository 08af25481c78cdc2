"""The declaration view: what has been declared this turn, read from a DECLARE decision.

Some rulesets have everyone declare before anything happens (fate: slowest first, then
all at once). While such a decision is pending the window shows the declarations made
so far: a dashed path to each planned tile, an arrow for each declared attack, a badge
for each posture change, and a panel listing who declared what, in order. It reads
only the decision's `context`, never a ruleset by name.

Context keys read (every one optional; what is missing is simply not shown):

``declared``
    A sequence of mappings, one per declared action, each with ``unit`` (entity id),
    ``slot`` (the action number, 1, 2...), ``kind`` (the option's key), ``target`` (a
    tile ``(x, y)``, a unit id, or None) and optionally ``with`` (the option's main
    parameter, e.g. the weapon; ``with_name``, its name as the log writes it, is shown
    when given), ``name``, ``team`` and ``secret`` (true: only the
    unit's own side may see what it is; others see "declared (hidden)"). A ruleset
    that hides declarations altogether simply leaves them out.
``slot``
    The action number being declared now.
``initiative``
    This turn's order, fastest first: unit ids, or tuples whose first item is the id.
    The window infers the declaring direction from it: if the units that have
    declared are slower than the one declaring, declarations go slowest first.
    Without it the order of ``declared`` is taken as the order of declaration.
``planned_tile``, ``planned_posture``
    Where the declaring unit will be, and in what posture, when this action happens.
``round``
    The turn number (the panel's title).

Reading of kinds: an entry whose target is a tile and whose kind contains "move" is
a planned move (the unit stands on that tile from that action on); any other tile or
unit target is an arrow (offensive kinds, those the window has seen offered as
offensive or containing "attack", in red). An entry without a target whose kind names
a posture the window knows ("kneel", "prone", "stand", "crouch") is a posture change.
Fog of war: a side sees the declarations of its own units and of the units it can
see; declarations of units out of its sight are left out of the view (and of the log).
An event that names units may say what a side reads of it under fog with
``describe_for(sees)`` (``sees(unit) -> bool``; None: the side reads nothing of it);
`fog_line` answers it for the log's redaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

Tile = tuple[int, int]
POSTURE_WORDS = {"kneel": "kneeling", "prone": "prone", "stand": "standing", "crouch": "crouching"}


def is_tile(v: Any) -> bool:
    return isinstance(v, (tuple, list)) and len(v) == 2 and all(isinstance(c, int) and not isinstance(c, bool)
                                                                for c in v)


def is_unit(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass(frozen=True)
class Entry:
    """One declared action, placed on the board."""

    unit: int
    name: str
    team: int | None
    slot: int
    kind: str
    target: Any                      # a tile, a unit id, or None
    extra: str                       # the option's parameter ("with"), pretty
    secret: bool
    origin: Tile | None              # where the unit stands when this action happens
    to: Tile | None                  # a move's destination / an arrow's end (the target's planned tile)
    path: tuple[Tile, ...] = ()      # a move's path from `origin` (filled by the screen)

    @property
    def is_move(self) -> bool:
        return is_tile(self.target) and "move" in self.kind

    @property
    def posture(self) -> str | None:
        if self.target is not None:
            return None
        for word, posture in POSTURE_WORDS.items():
            if word in self.kind:
                return posture
        return None


@dataclass
class DeclarationView:
    """The declarations of one pending DECLARE decision, in the order they were made."""

    actor: int
    actor_team: int | None
    slot: int
    round: int | None
    entries: list[Entry]
    order: list[int]                 # every unit of the turn, in declaring order
    planned_tile: Tile | None
    planned_posture: str | None
    labels: dict[str, str] = field(default_factory=dict)
    offensive: set[str] = field(default_factory=set)

    # --- reading -------------------------------------------------------------------
    def declared_units(self) -> list[int]:
        seen: list[int] = []
        for e in self.entries:
            if e.unit not in seen:
                seen.append(e.unit)
        return seen

    def planned_tile_of(self, unit: int, slot: int, now: Tile | None) -> Tile | None:
        """Where `unit` will stand once the moves it declared for actions 1..slot are done."""
        if unit == self.actor and self.planned_tile is not None and slot == self.slot:
            return self.planned_tile
        tile = now
        for e in self.entries:
            if e.unit == unit and e.slot <= slot and e.is_move:
                tile = tuple(e.target)
        return tile

    def visible(self, entry: Entry, viewer: int | None, shown: set[int]) -> bool:
        """Whether the viewing side may see this declaration (None: an all-seeing view)."""
        if viewer is None or entry.team == viewer:
            return True
        return entry.unit in shown

    def hidden(self, entry: Entry, viewer: int | None) -> bool:
        """A secret declaration of another side: seen as made, not what it is."""
        return entry.secret and viewer is not None and entry.team != viewer

    def is_offensive(self, entry: Entry) -> bool:
        return entry.kind in self.offensive or "attack" in entry.kind

    def label(self, kind: str) -> str:
        return self.labels.get(kind) or kind.replace("_", " ").capitalize()

    def describe(self, entry: Entry, name_of) -> str:
        """One declaration for people: "Move to (4, 3)", "Attack → Bruiser 2-1 with rifle"."""
        text = self.label(entry.kind)
        if entry.is_move or is_tile(entry.target):
            text += f" to ({entry.target[0]}, {entry.target[1]})" if entry.is_move \
                else f" at ({entry.target[0]}, {entry.target[1]})"
        elif is_unit(entry.target):
            text += f" → {name_of(entry.target)}"
        if entry.extra:
            text += f" with {entry.extra}"
        return text


def fog_line(event: Any, sees) -> tuple[bool, str | None]:
    """(True, line) when the event says what a side that `sees` only some units reads of
    it (its `describe_for`; line None: nothing); (False, None) when it does not say."""
    describe_for = getattr(event, "describe_for", None)
    if describe_for is None:
        return False, None
    return True, describe_for(sees)


def pretty(v: Any) -> str:
    return str(v).replace("_", " ") if v not in (None, "") else ""


def build(decision: Any, units: Mapping[int, Any], labels: Mapping[str, str] | None = None,
          offensive: Iterable[str] = ()) -> DeclarationView | None:
    """The view of a DECLARE decision's context; `units` are the snapshot's UnitViews
    (for names, teams and current tiles). None when the context declares nothing."""
    ctx = decision.context if hasattr(decision.context, "get") else {}
    raw = ctx.get("declared")
    if raw is None and "slot" not in ctx:
        return None
    actor = decision.actor
    slot = _int(ctx.get("slot"), 1)
    rows = [r for r in (raw or ()) if hasattr(r, "get") and is_unit(r.get("unit"))]
    # the declaring order: inferred from the initiative order where there is one
    init = [r[0] if isinstance(r, (tuple, list)) and r else r for r in (ctx.get("initiative") or ())]
    init = [u for u in init if is_unit(u)]
    declared = []
    for r in rows:
        if r["unit"] not in declared:
            declared.append(r["unit"])
    if init and actor in init:
        place = {u: i for i, u in enumerate(init)}
        slower = sum(1 for u in declared if u in place and place[u] > place[actor])
        faster = sum(1 for u in declared if u in place and place[u] < place[actor])
        order = list(reversed(init)) if slower >= faster else list(init)
        order = [u for u in declared if u not in place] + order
    else:
        order = declared + ([actor] if actor not in declared else [])
    rank = {u: i for i, u in enumerate(order)}
    rows.sort(key=lambda r: (rank.get(r["unit"], -1), _int(r.get("slot"), 0)))

    view = DeclarationView(actor, _team(units, actor, None), slot, ctx.get("round"), [], order,
                           tuple(ctx["planned_tile"]) if is_tile(ctx.get("planned_tile")) else None,
                           ctx.get("planned_posture") if isinstance(ctx.get("planned_posture"), str) else None,
                           dict(labels or {}), set(offensive))
    for r in rows:
        u = r["unit"]
        e_slot = _int(r.get("slot"), 1)
        target = r.get("target")
        target = tuple(target) if is_tile(target) else target
        origin = view.planned_tile_of(u, e_slot - 1, _tile(units, u))
        to = None
        if is_tile(target):
            to = target
        elif is_unit(target):
            to = view.planned_tile_of(target, e_slot, _tile(units, target))
        name = r.get("name") or (units[u].name if u in units else f"unit {u}")
        view.entries.append(Entry(u, str(name), _team(units, u, r.get("team")), e_slot, str(r.get("kind", "")),
                                  target, str(r.get("with_name") or pretty(r.get("with"))),
                                  bool(r.get("secret", False)), origin, to))
    return view


def _int(v: Any, default: int) -> int:
    return v if is_unit(v) else default


def _tile(units: Mapping[int, Any], unit: int) -> Tile | None:
    u = units.get(unit)
    return tuple(u.tile) if u is not None else None


def _team(units: Mapping[int, Any], unit: int, given: Any) -> int | None:
    if is_unit(given):
        return given
    u = units.get(unit)
    return u.team if u is not None else None
