"""Queries never change a battle: a probe that proves it (issue 17, STYLE lesson 11).

`probe_queries(battle, ais)` runs every read-only entry point the window and the AI
use on the battle as it stands (mid-fight, a decision pending):

* `ruleset.odds` for every option at a sample of its targets (the window's odds panel);
* `ruleset.preview_move` and `ruleset.threats_at` at a sample of tiles (hover previews);
* `ruleset.danger_zones` (the window's overlay of reaction reach and suppression);
* `ruleset.unit_card` and `ruleset.health` of every unit (the unit card, health bars);
* the window's board snapshot and its move and threat previews (`game.ui.snapshot`,
  `game.ui.rules_view`: plain Python, no pygame);
* each AI's `scored_choices` (when it has one) and `decide` (AI scoring: the AI answers
  without changing the battle it is asked about).

After each entry point it compares the battle's fingerprint: `Battle.digest()`, the
entity count, the dice's state, the log and choice counts and the pending decision.
Any difference is returned as a line naming the entry point; an empty list means
every query only read. Exceptions propagate (a query that raises is a bug too).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from game.engine.decisions import TARGET_NONE, TARGET_TILE, Choice, Decision, Option

SAMPLE = 6  # targets tried per option: enough to reach every kind, cheap enough to run often


def fingerprint(battle: Any) -> tuple:
    """Everything a query could change: state digest, entities, dice, log, choices, pending."""
    return (battle.digest(), len(battle.entities()), repr(battle.dice.state()),
            len(battle.log), len(battle.choices), id(battle.pending), battle.round)


def _sample(items: Iterable[Any], n: int = SAMPLE) -> list[Any]:
    """A spread of at most `n` items (first, last and evenly between): deterministic."""
    items = list(items)
    if len(items) <= n:
        return items
    step = (len(items) - 1) / (n - 1)
    return [items[round(i * step)] for i in range(n)]


def _choices(option: Option) -> list[Choice]:
    targets = [None] if option.target_kind == TARGET_NONE else _sample(option.targets)
    out = []
    for target in targets:
        params = {name: values[0] for name, values in option.params_for(target).items() if values}
        out.append(option.choice(target, **params))
    return out


def entry_points(battle: Any, decision: Decision,
                 ais: Iterable[Any] = ()) -> list[tuple[str, Callable[[], Any]]]:
    """(name, call) of every read-only query worth making on this decision."""
    rs = battle.ruleset
    calls: list[tuple[str, Callable[[], Any]]] = []
    for option in decision.options:
        for choice in _choices(option):
            calls.append((f"odds({choice.option}, {choice.target})",
                          lambda c=choice: rs.odds(battle, decision, c)))
    tiles = sorted({t for o in decision.options if o.target_kind == TARGET_TILE
                    for t in _sample(o.targets)})
    # The window previews the path of its movement option only (a tile option named
    # "move…", not offensive: battle_screen._smart_tile_option), at every target.
    moves = [o for o in decision.options
             if o.target_kind == TARGET_TILE and "move" in o.key and not o.offensive]
    move_tiles = sorted({t for o in moves for t in _sample(o.targets)})
    units = battle.units()
    enemies = [u for u in units if battle.team(u) != decision.side]
    if hasattr(rs, "preview_move"):
        for tile in move_tiles:
            calls.append((f"preview_move({tile})",
                          lambda t=tile: rs.preview_move(battle, decision.actor, t)))
    if hasattr(rs, "threats_at"):
        for tile in tiles[:2] or [battle.tile(decision.actor)]:
            calls.append((f"threats_at({tile})",
                          lambda t=tile: rs.threats_at(battle, decision.actor, t, enemies)))
    if hasattr(rs, "danger_zones"):   # the window's zone overlay (game/rulesets/<id>/zones.py)
        calls.append(("danger_zones", lambda: rs.danger_zones(battle)))
    for unit in units:
        calls.append((f"unit_card({unit})", lambda u=unit: rs.unit_card(battle, u)))
        calls.append((f"health({unit})", lambda u=unit: rs.health(battle, u)))
    # The window's own readers (no pygame below them): the board snapshot the AI
    # thread's frames draw from, and its generic move and threat previews.
    from game.ui import rules_view
    from game.ui.snapshot import snapshot
    calls.append(("window snapshot", lambda: snapshot(battle)))
    for option in moves:
        if option.targets:
            for tile in _sample(option.targets, 2):
                calls.append((f"window preview({option.key}, {tile})",
                              lambda o=option, t=tile: rules_view.MoveField(battle, decision, o).preview(t)))
    if tiles:
        calls.append((f"window threats_at({tiles[0]})",
                      lambda: rules_view.threats_at(battle, decision.actor, tiles[0], enemies)))
    for n, ai in enumerate(ais):
        scored = getattr(ai, "scored_choices", None)
        if scored is not None:
            calls.append((f"ai#{n}.scored_choices", lambda f=scored: f(battle, decision)))
        calls.append((f"ai#{n}.decide", lambda a=ai: a.decide(battle, decision)))
    return calls


def probe_queries(battle: Any, ais: Iterable[Any] = ()) -> list[str]:
    """Run every entry point on the pending decision; the lines of any that changed it."""
    decision = battle.pending
    if decision is None:
        return []
    errors = []
    before = fingerprint(battle)
    for name, call in entry_points(battle, decision, ais):
        call()
        after = fingerprint(battle)
        if after != before:
            what = [label for label, a, b in zip(
                ("digest", "entity count", "dice", "log", "choices", "pending", "round"), before, after)
                if a != b]
            errors.append(f"{name} changed the battle ({', '.join(what)})")
            before = after
    return errors
