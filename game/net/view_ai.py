"""The headless client's AI: it plays a seat from what the server sends that side.

The game's AIs (game/ai) read a whole Battle, which a client never has (the server
keeps it, the fog's whole point). This AI reads a view message instead: the units its
side knows of and its decision with each option's targets and odds. Two levels:

- ``random``: a legal option, target and parameters drawn from its own seeded stream;
- ``greedy`` (the default): the engine's greedy yardstick (game/ai/greedy.py) over the
  view: the offensive option with the best expected damage the server sent; declines
  reactions; gets up or reloads; else steps toward the nearest enemy it knows of (by
  straight-line distance, as it has no Battle to walk on), or, seeing none, toward the
  far side of the map; else ends its turn.
"""

from __future__ import annotations

import random
from typing import Any

LEVELS = ("random", "greedy")
PASSING = ("end_turn", "pass", "hold", "wait", "end")
UPKEEP = ("stand", "reload", "restore_strength", "restore_speed")


class ViewAI:
    def __init__(self, level: str = "greedy", seed: int = 0) -> None:
        self.level = level
        self.rng = random.Random(f"net {level} {seed}")
        self.side = None
        self.size = (1, 1)
        self.units: list[dict] = []

    def start(self, joined: dict) -> None:
        self.side = joined.get("side")
        self.size = (int(joined.get("width", 1)), int(joined.get("height", 1)))

    def read(self, view: dict) -> None:
        self.units = list(view.get("units") or [])

    def decide(self, view: dict, decision: dict) -> dict:
        options = decision["options"]
        if self.level == "random":
            opt = self.rng.choice(options)
            target = self.rng.choice(opt["targets"]) if "targets" in opt else None
            params = {k: self.rng.choice(vs) for k, vs in _params(opt, target).items() if vs}
            return {"option": opt["key"], "target": target, "params": params}
        return self._greedy(decision)

    def _greedy(self, decision: dict) -> dict:
        options = decision["options"]
        by_key = {o["key"]: o for o in options}
        mine = {u["id"] for u in self.units if u["team"] == decision["side"]}
        best = None
        for opt in options:
            for target, odds in zip(opt.get("targets", ()), opt.get("odds", ())):
                if odds is None or (isinstance(target, int) and target in mine):
                    continue
                if odds["expected_damage"] > 0 and (best is None or odds["expected_damage"] > best[0]):
                    best = (odds["expected_damage"], opt["key"], target)
        if best is not None:
            return {"option": best[1], "target": best[2], "params": {}}
        if decision["kind"] == "reaction" and "pass" in by_key:
            return {"option": "pass", "target": None, "params": {}}
        if decision["kind"] in ("turn", "declare"):
            for key in UPKEEP:
                if key in by_key:
                    opt = by_key[key]
                    return {"option": key, "target": opt["targets"][0] if "targets" in opt else None, "params": {}}
            step = self._step(decision)
            if step is not None:
                return step
            for key in PASSING:
                if key in by_key and "targets" not in by_key[key]:
                    return {"option": key, "target": None, "params": {}}
        opt = options[0]
        return {"option": opt["key"], "target": opt["targets"][0] if "targets" in opt else None, "params": {}}

    def _step(self, decision: dict) -> dict | None:
        """The offered tile nearest (straight line) to a known enemy, if nearer than now."""
        actor = next((u for u in self.units if u["id"] == decision["actor"]), None)
        if actor is None:
            return None
        here = tuple(actor["tile"])
        goals = [tuple(u["tile"]) for u in self.units if u["team"] != decision["side"] and u["active"]]
        if not goals:
            w, h = self.size
            goals = [(w - 1 - here[0], h - 1 - here[1])]  # the far side, where enemies start

        def dist(tile) -> int:
            return min((tile[0] - g[0]) ** 2 + (tile[1] - g[1]) ** 2 for g in goals)
        now = dist(here)
        best = None
        for index, opt in enumerate(decision["options"]):
            if opt["target_kind"] != "tile" or opt["offensive"]:
                continue
            for tile in opt["targets"]:
                d = dist(tile)
                if d < now and (best is None or (d, index, tile) < best):
                    best = (d, index, tile)
        if best is None:
            return None
        return {"option": decision["options"][best[1]]["key"], "target": best[2], "params": {}}


def _params(opt: dict, target: Any) -> dict:
    params = dict(opt.get("params") or {})
    narrowed = (opt.get("param_limits") or {}).get(str(tuple(target) if isinstance(target, list) else target))
    if narrowed:
        params.update(narrowed)
    return params
