"""Network figures for the issue note, on loopback: `python -m tests.net.measure [BATTLES]`.

Plays BATTLES fog battles of each ruleset (two headless clients, the ridge, 3 rounds)
and prints the round-trip time of a choice (from a client sending its answer to its
next view arriving: the server checks, applies, words and sends) as p50/p95, and the
bytes the server sent per battle. Not part of the test run (it takes a minute).

`python -m tests.net.measure --state [BATTLES]`: the same battles on a server that keeps
its state in a folder (a file written after every choice applied): the round trip with
those writes, and the largest state file seen.

`python -m tests.net.measure --concurrent N [N ...]`: N battles at once on one server,
each a client against an `ai:normal` seat (fate, the ridge, 3 rounds): the p50/p95
round trip of the clients' choices (the server's AI turns and their values included).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time

from game.net import client
from game.net.view_ai import ViewAI
from tests.net.helpers import open_seats, request, running

RULESETS = ("d20", "mahou", "fivebyfive", "actionblock", "fate")


class TimedAI(ViewAI):
    def __init__(self, *args, times: list, folder=None, sizes: list | None = None) -> None:
        super().__init__(*args)
        self.times, self.sent = times, None
        self.folder, self.sizes = folder, sizes

    def read(self, view: dict) -> None:
        if self.sent is not None:
            self.times.append(time.perf_counter() - self.sent)
            self.sent = None
        if self.folder is not None:
            self.sizes.extend(p.stat().st_size for p in self.folder.glob("battle-*.json"))
        super().read(view)

    def decide(self, view: dict, decision: dict) -> dict:
        choice = super().decide(view, decision)
        self.sent = time.perf_counter()
        return choice


async def one(ruleset: str, seed: int, times: list, folder=None, files: list | None = None) -> int:
    async with running(state=folder) as (where, server):
        opened = await open_seats(where, request(ruleset, seed=seed, rounds=3, map_="maps/ridge.tmx"))
        await asyncio.gather(*(client.play_seat(where, code, TimedAI("greedy", side, times=times, folder=folder,
                                                                     sizes=files), 120)
                               for side, code in opened))
        return sum(len(f) for frames in server.tap.values() for f in frames)


async def concurrent(count: int, times: list) -> None:
    async with running(max_battles=count) as (where, server):
        opened = [await open_seats(where, request("fate", seats=("person", "ai:normal"), seed=seed,
                                                          rounds=3, map_="maps/ridge.tmx"))
                  for seed in range(count)]
        await asyncio.gather(*(client.play_seat(where, code, TimedAI("greedy", side, times=times), 600)
                               for seats in opened for side, code in seats))


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--concurrent":
        for count in map(int, argv[1:]):
            times: list[float] = []
            asyncio.run(concurrent(count, times))
            q = statistics.quantiles(times, n=20)
            print(f"{count:3} battles at once: choices {len(times):5}  round trip p50 "
                  f"{statistics.median(times) * 1000:7.2f} ms  p95 {q[18] * 1000:7.2f} ms")
        return 0
    keep = bool(argv) and argv[0] == "--state"
    argv = argv[1:] if keep else argv
    battles = int(argv[0]) if argv else 3
    import tempfile
    from pathlib import Path
    for ruleset in RULESETS:
        times: list[float] = []
        files: list[int] = []
        with tempfile.TemporaryDirectory() as folder:
            sizes = [asyncio.run(one(ruleset, seed, times, Path(folder) if keep else None, files))
                     for seed in range(battles)]
        q = statistics.quantiles(times, n=20)
        print(f"{ruleset:12} choices {len(times):5}  round trip p50 {statistics.median(times) * 1000:6.2f} ms"
              f"  p95 {q[18] * 1000:6.2f} ms  bytes per battle {statistics.mean(sizes):9,.0f}"
              + (f"  largest state file {max(files):9,} bytes" if keep else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
