"""Animations played from the log's events: walks, shots, damage numbers.

Animations never hold input: the battle has already moved on when they start (the
picture lags the state, never the other way round), and any key or click a person
makes while one plays finishes them all at once first. Durations shrink with the
speed setting; at "instant" nothing animates.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from game.ui import theme
from game.ui.snapshot import BoardView

Tile = tuple[int, int]
STEP_TIME = 0.07      # seconds per tile walked at 1×
MAX_WALK = 0.8        # a long walk is sped up to at most this
SHOT_TIME = 0.28
FLOAT_LIFE = 1.1


@dataclass
class Step:
    kind: str                      # walk / shot / apply
    duration: float
    unit: int | None = None
    path: tuple[Tile, ...] = ()
    source: int | None = None
    target: int | None = None
    hit: bool = True
    apply: Any = None              # a callable run when the step starts
    elapsed: float = 0.0
    started: bool = False


@dataclass
class Float:
    text: str
    colour: tuple[int, int, int]
    tile: Tile
    age: float = 0.0
    life: float = FLOAT_LIFE
    rise: float = 0.9


@dataclass
class Animator:
    steps: deque = field(default_factory=deque)
    floats: list = field(default_factory=list)
    pos: dict = field(default_factory=dict)      # unit -> displayed tile (float pair)
    hp: dict = field(default_factory=dict)       # unit -> displayed hit points
    alive: dict = field(default_factory=dict)    # unit -> displayed as still fighting
    shot: Step | None = None

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    def enqueue(self, events: list, pre: BoardView, post: BoardView, speed: float) -> None:
        if speed == 0:
            return
        for ev in events:
            unit = getattr(ev, "unit", None)
            kind = type(ev).__name__
            if kind == "Moved" and unit in pre.units and ev.path:
                self.pos.setdefault(unit, pre.units[unit].tile)
                path = (self.pos[unit],) + tuple(ev.path)
                dur = min(MAX_WALK, STEP_TIME * len(ev.path)) / speed
                self.steps.append(Step("walk", dur, unit=unit, path=path))
            elif hasattr(ev, "attacker") and hasattr(ev, "target") and hasattr(ev, "hit"):
                self.steps.append(Step("shot", SHOT_TIME / speed, source=ev.attacker, target=ev.target,
                                       hit=bool(ev.hit)))
                if not ev.hit:
                    self.steps.append(self._float_step(post, ev.target, "miss", theme.DIM))
                elif getattr(ev, "critical", False):
                    self.steps.append(self._float_step(post, ev.target, "CRITICAL", theme.ACCENT))
            elif kind == "Damaged" and unit in pre.units:
                if pre.units[unit].hp is not None:
                    self.hp.setdefault(unit, pre.units[unit].hp)
                remaining, amount = ev.remaining, ev.amount

                def apply(unit=unit, remaining=remaining):
                    self.hp[unit] = remaining
                self.steps.append(Step("apply", 0.12 / speed, apply=apply))
                self.steps.append(self._float_step(post, unit, f"−{amount}", theme.BAD))
            elif kind == "OutOfFightEvent" and unit in pre.units:
                self.alive.setdefault(unit, pre.units[unit].active)

                def down(unit=unit):
                    self.alive[unit] = False
                self.steps.append(Step("apply", 0.2 / speed, apply=down))
                self.steps.append(self._float_step(post, unit, "down", theme.BAD))
            elif kind == "ConditionChanged" and getattr(ev, "gained", False) and unit in post.units:
                self.steps.append(self._float_step(post, unit, ev.condition.split(" (")[0], theme.WARN))

    def _float_step(self, post: BoardView, unit: int, text: str, colour) -> Step:
        def add():
            tile = self.pos.get(unit) or (post.units[unit].tile if unit in post.units else (0, 0))
            self.floats.append(Float(text, colour, tile))
        return Step("apply", 0.0, apply=add)

    def update(self, dt: float) -> None:
        budget = dt
        while self.steps:
            step = self.steps[0]
            if not step.started:
                step.started = True
                if step.apply is not None:
                    step.apply()
            used = min(budget, step.duration - step.elapsed)
            step.elapsed += used
            budget -= used
            if step.kind == "walk":
                self._walk(step)
            self.shot = step if step.kind == "shot" else None
            if step.elapsed >= step.duration - 1e-9:
                self.steps.popleft()
                if step.kind == "walk":
                    self.pos[step.unit] = step.path[-1]
                self.shot = None
                continue
            break
        if not self.steps:
            self.pos.clear()
            self.hp.clear()
            self.alive.clear()
        for f in self.floats:
            f.age += dt
        self.floats = [f for f in self.floats if f.age < f.life]

    def _walk(self, step: Step) -> None:
        n = len(step.path) - 1
        t = 1.0 if step.duration <= 0 else min(1.0, step.elapsed / step.duration)
        k = min(n - 1, int(t * n)) if n > 0 else 0
        frac = t * n - k if n > 0 else 1.0
        a, b = step.path[k], step.path[min(k + 1, n)]
        self.pos[step.unit] = (a[0] + (b[0] - a[0]) * frac, a[1] + (b[1] - a[1]) * frac)

    def finish(self) -> None:
        """Play out everything at once (a person pressed a key)."""
        while self.steps:
            step = self.steps.popleft()
            if not step.started and step.apply is not None:
                step.apply()
        self.shot = None
        self.pos.clear()
        self.hp.clear()
        self.alive.clear()

    def clear(self) -> None:
        self.finish()
        self.floats.clear()
