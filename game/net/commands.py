"""The command line's network commands: `serve`, `open` and `join` (game/cli.py parses)."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from game.errors import InputError

DEFAULT_PORT = 7710


def cmd_serve(args: Any) -> int:
    from game.net.server import serve

    def ready(port: int) -> None:
        print(f"serving on {args.host}:{port} (at most {args.max_battles} battles)", flush=True)
    try:
        asyncio.run(serve(args.host, args.port, args.max_battles, ready))
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
    try:
        check(protocol.Open, {"v": protocol.VERSION, "type": "open", **request})
    except Invalid as exc:
        raise InputError("open", str(exc)) from None
    for side, code in asyncio.run(client.open_battle(args.address, request)):
        print(f"seat {side}: {code}")
    return 0


def cmd_join(args: Any) -> int:
    from game.net import client
    from game.net.view_ai import LEVELS, ViewAI

    if args.ai not in LEVELS:
        raise InputError("--ai", f"a network seat plays at {' or '.join(LEVELS)}, not {args.ai[:40]!r}")
    over = asyncio.run(client.play_seat(args.address, args.code, ViewAI(args.ai, args.ai_seed),
                                        timeout=args.timeout))
    if args.save_replay is not None:
        from game.files import write_text
        import json
        try:
            write_text(args.save_replay, json.dumps(over["replay"], indent=1) + "\n")
        except OSError as exc:
            raise InputError(str(args.save_replay), f"cannot be written ({exc.strerror or exc})") from None
        print(f"replay saved: {args.save_replay}", file=sys.stderr)
    print(over.get("result", "Battle over."))
    return 0
