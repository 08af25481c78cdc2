"""Animations played from the log's events: walks, shots, damage numbers.

Animations never hold input: the battle has already moved on when they start (the
picture lags the state, never the other way round), and any key or click a person
makes while one plays finishes them all at once first. Durations shrink with the
speed setting; at "instant" nothing animates.

One answer may set off many events (a turn of simultaneous resolution). They play in
the log's order, step by step: each event's log line appears as its animation starts
(`show`), a heading note ("— Action 1: ... —") is held as a caption for a moment,
health bars and postures keep their old look until the event that changes them.
Moves that follow one another in the log (a beat's moves) walk together.
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
CAPTION_TIME = 0.7    # a heading note is held this long at 1×
WOUND_TIME = 0.25     # between two wound floats on the board, at 1×


READ_BASE = 0.3       # seconds a log line stays the newest before the next, at 1×,
READ_PER_CHAR = 0.012  # plus this per character (a long roll breakdown reads longer),
READ_MAX = 1.1        # at most this: 30 lines take ~15 s at 1× (8 s before: unreadable)


def read_time(event) -> float:
    """How long the playout dwells on an event's log line at 1×, so it can be read (a
    heading note has its own caption time)."""
    if type(event).__name__ == "Note" and str(getattr(event, "text", "")).startswith("—"):
        return 0.0
    if type(event).__name__ == "Moved":
        return 0.0   # its walk is its time on screen
    try:
        n = len(event.describe())
    except Exception:
        n = 40
    return min(READ_MAX, READ_BASE + READ_PER_CHAR * n)


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
    text: str = ""                 # a caption
    walkers: list = field(default_factory=list)  # (unit, path, seconds): walks played together
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
    row: int = 0          # stacked above the floats still rising from the same tile


@dataclass
class Animator:
    steps: deque = field(default_factory=deque)
    floats: list = field(default_factory=list)
    pos: dict = field(default_factory=dict)      # unit -> displayed tile (float pair)
    hp: dict = field(default_factory=dict)       # unit -> displayed hit points
    alive: dict = field(default_factory=dict)    # unit -> displayed as still fighting
    posture: dict = field(default_factory=dict)  # unit -> displayed posture
    shot: Step | None = None
    caption: str = ""                            # the heading of what is playing now

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    @property
    def resolving(self) -> bool:
        """A long answer is playing out with headings (a turn resolving): worth watching."""
        return bool(self.caption) or any(s.kind == "caption" for s in self.steps)

    @property
    def current(self) -> Step | None:
        """The step playing now (a walk or a shot the camera may follow)."""
        return self.steps[0] if self.steps and self.steps[0].started else None

    def enqueue(self, events: list, pre: BoardView, post: BoardView, speed: float, show=None,
                pace: bool = True) -> None:
        """Queue the animation of `events` (from `pre` to `post`); `show(event)` is called
        for each event as its turn comes (the log line), all at once at speed 0."""
        if speed == 0:
            self.finish()
            for ev in events if show is not None else ():
                show(ev)
            return
        at: dict[int, Tile] = {}         # where each unit stands once the walks queued so far are done
        damaged = {getattr(ev, "unit", None) for ev in events if type(ev).__name__ == "Damaged"}
        # health changed without a Damaged event (wounds marked by the ruleset): the old
        # bar is kept until the last event naming the unit
        held: dict[int, tuple[int, int]] = {}
        for uid, u in post.units.items():
            p = pre.units.get(uid)
            if p is not None and uid not in damaged and p.hp is not None and u.hp is not None and p.hp != u.hp:
                held[uid] = (p.hp, u.hp)
        last: dict[int, int] = {}
        for i, ev in enumerate(events):
            unit = getattr(ev, "unit", None)
            if unit in held and type(ev).__name__ != "Moved":
                last[unit] = i
        for uid in last:
            self.hp.setdefault(uid, held[uid][0])
        for uid, u in post.units.items():
            p = pre.units.get(uid)
            if p is not None and p.posture != u.posture:
                self.posture.setdefault(uid, p.posture)
        group: Step | None = None        # the walk that the next move may join
        for i, ev in enumerate(events):
            dwell = read_time(ev) / speed if pace else 0.0
            told = Step("apply", dwell, apply=lambda ev=ev: show(ev)) if show is not None else None
            unit = getattr(ev, "unit", None)
            kind = type(ev).__name__
            if kind == "Moved" and unit in pre.units and ev.path:
                held_at = self.pos.setdefault(unit, pre.units[unit].tile)
                start = at.get(unit, held_at)   # a second walk starts where the first one ends
                path = (start,) + tuple(ev.path)
                at[unit] = ev.path[-1]
                dur = min(MAX_WALK, STEP_TIME * len(ev.path)) / speed
                if group is not None and all(w[0] != unit for w in group.walkers):
                    group.walkers.append((unit, path, dur))   # walks at the same time
                    group.duration = max(group.duration, dur)
                    if told is not None:  # its line shows as the walks start
                        told.duration = 0.0
                        where = next(k for k in range(len(self.steps) - 1, -1, -1) if self.steps[k] is group)
                        self.steps.insert(where, told)
                    continue
                if told is not None:
                    self.steps.append(told)
                group = Step("walk", dur, unit=unit, path=path, walkers=[(unit, path, dur)])
                self.steps.append(group)
                continue
            group = None
            if told is not None:
                self.steps.append(told)
            if kind == "Moved":
                pass
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
                self.posture.setdefault(unit, pre.units[unit].posture)
                final = post.units[unit].posture if unit in post.units else "fallen"

                def down(unit=unit, final=final):
                    self.alive[unit] = False
                    self.posture[unit] = final
                self.steps.append(Step("apply", 0.2 / speed, apply=down))
                self.steps.append(self._float_step(post, unit, "down", theme.BAD))
            elif kind == "ConditionChanged" and getattr(ev, "gained", False) and unit in post.units:
                self.steps.append(self._float_step(post, unit, ev.condition.split(" (")[0], theme.WARN))
            elif kind == "Note" and str(getattr(ev, "text", "")).startswith("—"):
                self.steps.append(Step("caption", CAPTION_TIME / speed,
                                       text=f"Round {pre.round} · {ev.text.strip('— ')}"))
            if isinstance(getattr(ev, "posture", None), str) and unit in self.posture:
                def stand(unit=unit, posture=ev.posture):
                    self.posture[unit] = posture
                self.steps.append(Step("apply", 0.0, apply=stand))
            level = getattr(ev, "level", None)   # a wound level the event names
            if unit in last and last[unit] == i:
                before, after = held[unit]

                def mark(unit=unit, after=after):
                    self.hp[unit] = after
                self.steps.append(Step("apply", 0.0, apply=mark))
                if not isinstance(level, str):
                    diff = after - before
                    self.steps.append(self._float_step(post, unit, f"{'+' if diff > 0 else '−'}{abs(diff)}",
                                                       theme.GOOD if diff > 0 else theme.BAD))
            if isinstance(level, str) and unit in post.units and kind != "Damaged":
                self.steps.append(self._float_step(post, unit, level, theme.BAD))
                self.steps.append(Step("apply", WOUND_TIME / speed))

    def _float_step(self, post: BoardView, unit: int, text: str, colour) -> Step:
        def add():
            tile = self.pos.get(unit) or (post.units[unit].tile if unit in post.units else (0, 0))
            rows = {f.row for f in self.floats if f.tile == tile and f.age < f.life * 0.6}
            row = next(r for r in range(len(rows) + 1) if r not in rows)
            self.floats.append(Float(text, colour, tile, row=row))
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
            if step.kind == "caption":
                self.caption = step.text
            self.shot = step if step.kind == "shot" else None
            if step.elapsed >= step.duration - 1e-9:
                self.steps.popleft()
                for unit, path, _ in step.walkers:
                    self.pos[unit] = path[-1]
                self.shot = None
                continue
            break
        if not self.steps:
            self._reset()
        for f in self.floats:
            f.age += dt
        self.floats = [f for f in self.floats if f.age < f.life]

    def _walk(self, step: Step) -> None:
        for unit, path, dur in step.walkers:
            n = len(path) - 1
            t = 1.0 if dur <= 0 else min(1.0, step.elapsed / dur)
            k = min(n - 1, int(t * n)) if n > 0 else 0
            frac = t * n - k if n > 0 else 1.0
            a, b = path[k], path[min(k + 1, n)]
            self.pos[unit] = (a[0] + (b[0] - a[0]) * frac, a[1] + (b[1] - a[1]) * frac)

    def finish(self) -> None:
        """Play out everything at once (a person pressed a key)."""
        while self.steps:
            step = self.steps.popleft()
            if not step.started and step.apply is not None:
                step.apply()
        self._reset()

    def _reset(self) -> None:
        self.shot = None
        self.caption = ""
        self.pos.clear()
        self.hp.clear()
        self.alive.clear()
        self.posture.clear()

    def clear(self) -> None:
        self.finish()
        self.floats.clear()
