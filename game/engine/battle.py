"""The Battle: one facade over an esper world, a map, a ruleset, the dice and the log.

The ruleset owns the flow as a generator (`ruleset.play(battle)`) that yields
`Decision`s and receives `Choice`s. `submit` validates every choice against the
pending decision before the ruleset sees it, so an illegal choice changes nothing.
"""

from __future__ import annotations

import hashlib
import itertools
import threading
import weakref
from dataclasses import dataclass, fields, is_dataclass
from typing import TYPE_CHECKING, Any, Mapping, Protocol, TypeVar

import esper

from game.engine import objectives
from game.engine.components import Name, OutOfFight, Position, Team
from game.engine.decisions import Choice, Decision
from game.engine.dice import Dice
from game.engine.events import BattleEnded, Event
from game.engine.heap import release as release_heap, settle
from game.kept import BATTLE, DECISION, Store
from game.errors import IllegalChoice

if TYPE_CHECKING:
    from game.world.tactical_map import TacticalMap

C = TypeVar("C")
_ROSTER_KINDS = (Team, OutOfFight, objectives.Left)  # the components `units()` depends on
_world_ids = itertools.count(1)


class Controller(Protocol):
    """Answers Decisions for one side: a person through the window, the AI, a script."""

    def decide(self, battle: "Battle", decision: Decision) -> Choice: ...


@dataclass(frozen=True)
class UnitOrder:
    """One unit to field: which spawn tile, which team, which unit template."""

    team: int
    template: str
    x: int
    y: int
    #: The unit's own name from a squad file (issue 29); "" for the ruleset's "Gunner 1-2".
    name: str = ""


_WORLD_LOCK = threading.RLock()  # esper's current world is process-global: writes hold it


def _drop_world(name: str) -> None:
    with _WORLD_LOCK:
        if esper.current_world == name:
            esper.switch_world("default")
        esper.delete_world(name) if name in esper._context_map else None


class Battle:
    """A battle in progress. Read freely; change only by `submit`."""

    def __init__(self, tmap: "TacticalMap", ruleset: Any, orders: list[UnitOrder],
                 seed: int = 0, dice: Dice | None = None, max_rounds: int = 40,
                 player_sides: frozenset[int] | set[int] = frozenset()) -> None:
        settle()  # the process's long-lived objects leave the cycle collector's walks
        #: The map as this ruleset deploys on it (its own spawns where the map has them).
        self.map = tmap.for_ruleset(ruleset.id) if hasattr(tmap, "for_ruleset") else tmap
        #: The map's mission as this ruleset plays it (its own clock and points where the
        #: map sets them: game/world/scenario_terms.py); None in a plain battle.
        scenario = getattr(self.map, "scenario", None)  # its VIP marks those of this deployment
        self.scenario = scenario.for_ruleset(ruleset.id) if scenario is not None else None
        #: The sides a person commands. Rules that favour "player characters" (d20 and
        #: 5x5 initiative ties) read it; empty in AI-vs-AI, every side in hotseat.
        self.player_sides = frozenset(player_sides)
        self.ruleset = ruleset
        self.orders = list(orders)
        self.seed = seed
        self.dice = dice if dice is not None else Dice(seed)
        self.max_rounds = max_rounds
        self.log: list[Event] = []
        self.late_events: list[Event] = []  # emitted after the end: a ruleset bug
        self.choices: list[Choice] = []
        self.round = 0
        #: Units in the order they act this round (the ruleset keeps it up to date).
        self.turn_order: list[int] = []
        self.winner: int | None = None
        self.over = False
        #: What the rules and the AI keep for this battle (game.engine.kept): answers
        #: about the pending decision's state, and pure answers kept across decisions.
        cells = tmap.width * tmap.height  # tables of grids hold fewer on a bigger map
        self.kept_now = Store(DECISION, cells)
        self.kept = Store(BATTLE, cells)
        self._state = self.kept_now.table("state")
        self._pure = self.kept.table("pure")
        self._rosters: dict[tuple, list[int]] = {}
        self._settled = False
        self._world = f"battle-{next(_world_ids)}"
        weakref.finalize(self, _drop_world, self._world)
        self._bind_world()
        ruleset.setup(self, self.orders)
        objectives.setup(self)  # a scenario's VIPs (nothing in a plain battle)
        self._flow = ruleset.play(self)
        self.pending: Decision | None = None
        self._advance(None)

    # --- the esper world, always this battle's own -------------------------------
    # esper keeps its worlds in module globals, and the window's AI thinks in a worker
    # thread while the main thread may build another battle (a quickload). So reads
    # never depend on esper's current world: the Battle keeps its own world's two
    # tables (`_entities`: entity -> {kind: component}; `_components`: kind -> set of
    # entities; esper never replaces them) and reads them directly. Writes go through
    # esper, switching to this world under one lock (issue 17.2).
    def _switch(self) -> None:
        if esper.current_world != self._world:
            esper.switch_world(self._world)

    def _bind_world(self) -> None:
        with _WORLD_LOCK:
            self._switch()
            self._entities: dict[int, dict[type, Any]] = esper._entities
            self._components: dict[type, set[int]] = esper._components

    def create(self, *components: Any) -> int:
        with _WORLD_LOCK:
            self._switch()
            self._rosters.clear()
            return esper.create_entity(*components)

    def destroy(self, entity: int) -> None:
        with _WORLD_LOCK:
            self._switch()
            self._rosters.clear()
            esper.delete_entity(entity, immediate=True)

    # get / try_get / has are the hottest calls of a battle: they read the world's
    # entity table directly (what esper's own accessors do).
    def get(self, entity: int, kind: type[C]) -> C:
        return self._entities[entity][kind]

    def try_get(self, entity: int, kind: type[C]) -> C | None:
        comps = self._entities.get(entity)
        return comps.get(kind) if comps else None

    def has(self, entity: int, kind: type) -> bool:
        return kind in self._entities[entity]

    def add(self, entity: int, component: Any) -> None:
        with _WORLD_LOCK:
            self._switch()
            if type(component) in _ROSTER_KINDS:
                self._rosters.clear()
            esper.add_component(entity, component)

    def remove(self, entity: int, kind: type) -> None:
        with _WORLD_LOCK:
            self._switch()
            if esper.has_component(entity, kind):
                if kind in _ROSTER_KINDS:
                    self._rosters.clear()
                esper.remove_component(entity, kind)

    def query(self, *kinds: type) -> list[tuple[int, Any]]:
        """Entities with all `kinds`, sorted by entity id (esper's order is not stable)."""
        ents = self._entities
        if len(kinds) == 1:
            kind = kinds[0]
            return [(e, ents[e][kind]) for e in sorted(self._components.get(kind, ()))]
        sets = [self._components.get(kind) for kind in kinds]
        if not all(sets):
            return []
        found = set.intersection(*sets)
        return [(e, tuple(ents[e][kind] for kind in kinds)) for e in sorted(found)]

    def entities(self) -> list[int]:
        return sorted(self._entities)

    def components_of(self, entity: int) -> tuple[Any, ...]:
        return tuple(self._entities[entity].values())

    # --- units -----------------------------------------------------------------
    def units(self, team: int | None = None, active_only: bool = False) -> list[int]:
        """Units on the board (sorted), of one team or all, optionally only those still
        in the fight. A unit that left by a scenario's exit is off the board (issue 28):
        it holds no tile, blocks no move, is no target and no casualty, so no ruleset
        sees it; `objectives.has_left` still finds it.

        Kept until a unit is created or removed or gains or loses Team or OutOfFight,
        which only happens through this class's methods.
        """
        key = (team, active_only)
        found = self._rosters.get(key)
        if found is None:
            found = self._rosters[key] = [
                ent for ent, t in self.query(Team)
                if (team is None or t.id == team) and not (active_only and self.has(ent, OutOfFight))
                and not self.has(ent, objectives.Left)]
        return list(found)

    def active(self, entity: int) -> bool:
        return not self.has(entity, OutOfFight)

    def name(self, entity: int) -> str:
        comp = self.try_get(entity, Name)
        return comp.text if comp else f"unit {entity}"

    # team and tile are read tens of thousands of times a battle: one table read each.
    def team(self, entity: int) -> int:
        return self._entities[entity][Team].id

    def tile(self, entity: int) -> tuple[int, int]:
        return self._entities[entity][Position].tile

    def teams(self) -> list[int]:
        return sorted({t.id for _, t in self.query(Team)})

    def standing_teams(self) -> list[int]:
        return sorted({self.team(e) for e in self.units(active_only=True)})

    def units_at(self, tile: tuple[int, int], active_only: bool = True) -> list[int]:
        return [e for e, p in self.query(Position)
                if p.tile == tile and (not active_only or self.active(e)) and self.has(e, Team)
                and not self.has(e, objectives.Left)]

    # --- events and flow ----------------------------------------------------------
    def emit(self, event: Event) -> None:
        if self.over:
            # Nothing is logged after BattleEnded (issue 17.8): the window, the log and
            # replays never show it. Kept aside so the shared invariants
            # (game.engine.invariants) still name the ruleset that tried.
            self.late_events.append(event)
            return
        self.log.append(event)
        if isinstance(event, BattleEnded):
            self.over = True
            self.winner = event.winner

    def submit(self, choice: Choice) -> list[Event]:
        """Answer the pending decision. Illegal answers raise IllegalChoice, changing nothing."""
        if self.pending is None:
            raise IllegalChoice("the battle is over; there is nothing to decide")
        choice = self.pending.validate(choice)
        start = len(self.log)
        self.choices.append(choice)
        if choice.option == objectives.LEAVE:
            # The engine's own option (a scenario's exit): carried out here, then the
            # ruleset is told the unit's turn ends (game.engine.objectives).
            self._settled = False
            choice = objectives.leave(self, self.pending)
        self._advance(choice)
        return self.log[start:]

    def memo(self, key: Any, compute: Any) -> Any:
        """A value derived from the current state, computed once until the state changes.

        The state only changes inside `submit`, so values are kept only while a decision
        is pending (settled) and dropped when it is answered; while the ruleset is
        resolving, nothing is cached.
        """
        if not self._settled:
            return compute()
        return self._state.get(key, compute)

    def cached(self, key: Any, compute: Any) -> Any:
        """A pure query whose `key` names every input it depends on (so it never goes
        stale): kept across decisions (the battle's table "pure")."""
        return self._pure.get(key, compute)

    def _advance(self, choice: Choice | None) -> None:
        self.kept_now.clear()
        self._settled = False
        try:
            self.pending = self._flow.send(choice) if choice is not None else next(self._flow)
            while self.pending is not None and objectives.has_left(self, self.pending.actor):
                # A unit that left by an exit is off the board: whatever the ruleset
                # still asks of it (fate's second declaration) passes, unrecorded (a
                # replay passes it the same way).
                self.pending = self._flow.send(objectives.passing(self.pending))
            self.pending = objectives.offer_exit(self, self.pending)
        except StopIteration:
            self.pending = None
            self.over = True
        self._settled = True

    def run(self, controllers: Mapping[int, Controller], max_decisions: int = 100_000) -> None:
        """Let the controllers answer every decision until the battle ends."""
        for _ in range(max_decisions):
            if self.pending is None:
                return
            decision = self.pending
            self.submit(controllers[decision.side].decide(self, decision))
        raise RuntimeError(f"battle did not end within {max_decisions} decisions")

    # --- determinism ----------------------------------------------------------------
    def digest(self) -> str:
        """A fingerprint of the whole state: equal digests, equal battles."""
        h = hashlib.sha256()
        for ent in self.entities():
            parts = sorted((type(c).__name__, _plain(c)) for c in self.components_of(ent))
            h.update(repr((ent, parts)).encode())
        h.update(repr([e for e in self.log]).encode())
        h.update(repr((self.round, self.winner, self.over)).encode())
        return h.hexdigest()

    def close(self) -> None:
        """Free what the battle holds beyond its log: its esper world and every answer
        the rules and the AI kept for it. The battle can still be read (its log, its
        digest); queries work the answers out again."""
        self.kept_now.clear()
        self.kept.clear()
        _drop_world(self._world)
        release_heap()  # the freed memory back to the system (a long run's resident size stays flat)


def _plain(value: Any) -> Any:
    if is_dataclass(value):
        return tuple((f.name, _plain(getattr(value, f.name))) for f in fields(value))
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(map(repr, value)))
    if isinstance(value, dict):
        return tuple(sorted((repr(k), _plain(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    return value

