"""Opening a battle: an `open` message, checked at the boundary, made a held battle.

The map, the ruleset, the seats (one per side: person or `ai:LEVEL`), the squads and
the spectators are checked here, each refusal one `InputError` line; the battle is
built once to check them (the battle itself is built when every seat's dice values
are in: game/net/held.py).
"""

from __future__ import annotations

import secrets
import string

from game.errors import InputError
from game.net import protocol
from game.net.held import SPECTATOR, Held, Seat


#: A seat's code: 22 letters and digits, 131 bits. Letters and digits only, because a
#: code is typed after `--code`: a base64 code starting with "-" (one in 64) was read
#: by the command line as an option, and that seat could not join.
CODE_LETTERS = string.ascii_letters + string.digits
CODE_LENGTH = 22


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def held_for(message: protocol.Open, ident: int) -> Held:
    """The battle an `open` message asks for, as battle `ident`; or InputError."""
    from game.ai.levels import check_level, make_ai
    from game.engine.setup import new_battle
    from game.replay import resolve_map
    from game.rulesets import ruleset_ids

    if message.ruleset not in ruleset_ids():
        raise InputError("ruleset", f"unknown ruleset {message.ruleset!r}")
    seed = message.seed if message.seed is not None else secrets.randbelow(2 ** 62)
    people = frozenset(i + 1 for i, kind in enumerate(message.seats) if kind == "person")
    spec = {"map_path": resolve_map(message.map), "ruleset_id": message.ruleset, "seed": seed,
            "player_sides": people}
    if message.max_rounds is not None:
        spec["max_rounds"] = message.max_rounds
    if message.squads:
        spec["squads"] = squads_for(message, spec)
    # built once to check the map, the ruleset and the seats now
    trial = new_battle(**spec)
    teams, size = trial.teams(), (trial.map.width, trial.map.height)
    trial.close()
    if len(message.seats) != len(teams) or teams != list(range(1, len(teams) + 1)):
        raise InputError("seats", f"the map has {len(teams)} sides; {len(message.seats)} seats were given")
    seats, ais = {}, {}
    for team, kind in zip(teams, message.seats):
        if kind == "person":
            seats[team] = Seat(team, kind, new_code())
        else:
            level = check_level(message.ruleset, kind[3:], "seat")
            seats[team] = Seat(team, kind)
            # the seed names the AI seats' own streams; it decides no die
            ais[team] = make_ai(message.ruleset, seed + team, level)
    watchers = [Seat(0, SPECTATOR, new_code()) for _ in range(message.spectators)]
    held = Held(ident, spec, message.fog, seats, ais, watchers)
    held.size = size
    return held


def map_ref_of(held: Held) -> str:
    """The battle's map as `--map` names it (a client with the same map draws its tiles:
    the terrain is no secret, the fog hides units)."""
    from game.replay import map_ref
    return map_ref(held.spec["map_path"])


def squads_for(message: protocol.Open, spec: dict) -> dict[int, tuple[str, ...]]:
    """The `open` message's squads, checked as `--squad` is (game/squads.py): template
    ids or archetypes of the ruleset, or "ai[:LEVEL]" picked to the map's budget for
    the side from a stream of the battle's seed; the sides on the map; the budgets.
    A client's squad file is read by the client: the server reads no path it is sent."""
    import random
    from game.ai.levels import check_level
    from game.ai.squad_pick import pick_squad, ruleset_costs
    from game.engine.setup import shared_map
    from game.price import BUDGET
    from game.rulesets import load_ruleset
    from game.squads import budgets, check_budgets

    ruleset = load_ruleset(spec["ruleset_id"])
    tmap = shared_map(spec["map_path"])
    teams = tmap.teams()
    squads: dict[int, tuple[str, ...]] = {}
    for side_text, what in sorted(message.squads.items()):
        side = int(side_text)
        if side not in teams:
            raise InputError("squads", f"the map has no side {side} (its sides: {', '.join(map(str, teams))})")
        if isinstance(what, str):
            level = check_level(spec["ruleset_id"], what.partition(":")[2] or "normal", "squads")
            squads[side] = tuple(pick_squad(ruleset_costs(ruleset), budgets(tmap).get(side, BUDGET), level,
                                            random.Random(f"rulebook-skirmish squad {spec['seed']} {side}"),
                                            ruleset.id))
            continue
        units = []
        for word in what:
            try:
                units.append(ruleset.template_for(word))
            except InputError:
                raise InputError("squads", f"{spec['ruleset_id']} has no unit template or archetype "
                                           f"{word[:40]!r}") from None
        squads[side] = tuple(units)
    check_budgets(tmap, ruleset, squads)
    return squads
