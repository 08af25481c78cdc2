"""What every ruleset provides. The engine, the window and the AI rely on nothing else.

A ruleset is a plain object (one per battle, see `make_ruleset()` in each package):

* `id`, `name`: registry id and display name.
* `template_for(wanted) -> str`: a unit template id for an archetype (brawler, gunner,
  marksman, guardian, scout) or a template id; an unknown one raises InputError.
* `setup(battle, orders)`: create one entity per `UnitOrder(team, template, x, y)`
  with the generic components (Position, Team, Name, Archetype, Posture) and its own.
* `play(battle)`: the battle flow, a generator yielding `Decision`s and receiving the
  validated `Choice`s; it emits events on `battle` and ends with `BattleEnded`
  (see game.engine.flow.check_victory / check_round_limit).
* `odds(battle, decision, choice) -> Odds | None`: exact odds of an offensive or
  contested choice, from the same definitions the roll uses.
* `unit_card(battle, unit) -> dict`: what the window's unit card shows (at least
  name, hp/max_hp or a wound summary, and a list of conditions).
* `health(battle, unit) -> (current, maximum)`: for health bars and strength charts.
* optionally `preview_move(battle, unit, tile) -> (path, cost_text)` for the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator, Iterator, Protocol

if TYPE_CHECKING:
    from game.engine.battle import Battle, UnitOrder
    from game.engine.decisions import Choice, Decision
    from game.engine.odds import Odds


class Ruleset(Protocol):
    id: str
    name: str

    def template_for(self, wanted: str) -> str: ...

    def setup(self, battle: "Battle", orders: list["UnitOrder"]) -> None: ...

    def play(self, battle: "Battle") -> Generator["Decision", "Choice", None]: ...

    def odds(self, battle: "Battle", decision: "Decision", choice: "Choice") -> "Odds | None": ...

    def unit_card(self, battle: "Battle", unit: int) -> dict[str, Any]: ...

    def health(self, battle: "Battle", unit: int) -> tuple[int, int]: ...


class TemplatedRuleset:
    """What every ruleset shares about its unit templates.

    The ruleset's `data` has `templates` (id -> a template with `name`) and
    `by_archetype` (archetype -> its default template id).
    """

    id: str
    data: Any
    #: A designer's own units fielded beside the shipped ones (game.custom_units), or None.
    custom: Any = None

    def template_for(self, wanted: str) -> str:
        if wanted in self.data.templates:
            return wanted
        if wanted in self.data.by_archetype:
            return self.data.by_archetype[wanted]
        from game.errors import InputError
        raise InputError("squad", f"{self.id} has no unit template or archetype {wanted!r}")

    def fielded(self, orders: list["UnitOrder"]) -> Iterator[tuple["UnitOrder", Any, str]]:
        """Each order with its template and the unit's name: the squad file's name when
        it gives one, else "Gunner 1-2", side 1's second Gunner (counted either way, so a
        named unit does not change the numbers of its unnamed fellows)."""
        counts: dict[tuple[int, str], int] = {}
        for order in orders:
            t = self.data.templates[order.template]
            counts[(order.team, t.id)] = n = counts.get((order.team, t.id), 0) + 1
            yield order, t, order.name or f"{t.name} {order.team}-{n}"
