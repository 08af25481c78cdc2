"""The command line's network commands: `serve`, `open` and `join` (game/cli.py parses)."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from game.errors import InputError

DEFAULT_PORT = 7710


def state_folder() -> Any:
    """Where `serve` keeps unfinished battles unless `--state` says: the user data folder."""
    from game.userdirs import data_dir
    return data_dir() / "network-battles"


def cmd_serve(args: Any) -> int:
    from game.net.server import Server, serve

    def ready(port: int) -> None:
        print(f"serving on {args.host}:{port} (at most {args.max_battles} battles)", flush=True)

    def report(line: str) -> None:
        print(line, file=sys.stderr, flush=True)
    state = args.state if args.state is not None else state_folder()
    if state.exists() and not state.is_dir():
        raise InputError(str(state), "is not a folder")
    server = Server(args.max_battles, state, float(args.away_after), report)
    server.demo_pace = args.demo_pace
    try:
        asyncio.run(serve(args.host, args.port, args.max_battles, ready, server))
    except OSError as exc:
        raise InputError(f"{args.host}:{args.port}", f"cannot listen ({exc.strerror or exc})") from None
    return 0


def cmd_open(args: Any) -> int:
    from game.net import client, protocol
    from game.validation import Invalid, check

    request = {"map": args.map, "ruleset": args.ruleset, "seats": args.seats.split(","), "fog": args.fog}
    if args.seed is not None:
        request["seed"] = args.seed
    if args.max_rounds is not None:
        request["max_rounds"] = args.max_rounds
    if args.squad:
        request["squads"] = open_squads(args.squad, args.ruleset)
    if args.spectators:
        request["spectators"] = args.spectators
    try:
        check(protocol.Open, {"v": protocol.VERSION, "type": "open", **request})
    except Invalid as exc:
        raise InputError("open", str(exc)) from None
    opened = asyncio.run(client.open_battle(args.address, request))
    for side, code in opened["seats"]:
        print(f"seat {side}: {code}")
    for code in opened["spectators"]:
        print(f"spectator: {code}")
    return 0


def open_squads(texts: list[str], ruleset: str) -> dict[str, Any]:
    """`open --squad SIDE=WHAT`, parsed by game/squads.py as `simulate` parses it: a
    squad file (read here, on the client) or template ids / archetypes become template
    ids; `SIDE=ai[:LEVEL]` is sent as it is, for the server to pick to the map's budget
    (the server has the map). The server checks the sides and budgets."""
    from game.squads import parse_squad_args

    picked = {}
    rest = []
    for text in texts:
        side_text, _, what = text.partition("=")
        if what.strip().split(":")[0] == "ai":
            if not side_text.strip().isdecimal() or not 1 <= int(side_text) <= 8:
                raise InputError("--squad", f"{text[:60]!r} is not SIDE=ai or SIDE=ai:LEVEL")
            if side_text.strip() in picked:
                raise InputError("--squad", f"side {int(side_text)} is given two squads")
            picked[str(int(side_text))] = what.strip()
        else:
            rest.append(text)
    squads: dict[str, Any] = {str(side): list(squad.units) for side, squad in parse_squad_args(rest, ruleset).items()}
    for side, what in picked.items():
        if side in squads:
            raise InputError("--squad", f"side {side} is given two squads")
        squads[side] = what
    return dict(sorted(squads.items()))


def cmd_join(args: Any) -> int:
    from game.net import client, mission_view
    from game.net.view_ai import LEVELS, ViewAI

    if args.ai not in LEVELS:
        raise InputError("--ai", f"a network seat plays at {' or '.join(LEVELS)}, not {args.ai[:40]!r}")
    over = asyncio.run(client.play_seat(args.address, args.code, ViewAI(args.ai, args.ai_seed),
                                        timeout=args.timeout, when_away=args.when_away))
    if over.get("type") == "adjourned":
        print("adjourned: the battle is kept on the server; join again later with the same code")
        return 0
    if args.save_replay is not None:
        from game.files import write_text
        import json
        try:
            write_text(args.save_replay, json.dumps(over["replay"], indent=1) + "\n")
        except OSError as exc:
            raise InputError(str(args.save_replay), f"cannot be written ({exc.strerror or exc})") from None
        print(f"replay saved: {args.save_replay}", file=sys.stderr)
    print(mission_view.result_line(over))
    return 0
