"""The window: one App holding the current screen, stepped one frame at a time.

`run(args)` opens the menu (`python -m game`, `play`); `run_demo(args)` loops
AI-against-AI battles in the window (`demo`). `App.step()` processes one frame
without blocking, so tests drive the real window by posting events and stepping.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pygame

from game.ui.held import HeldInput
from game.ui.help import draw_help
from game.ui.settings import Settings, load_settings, save_settings

MIN_SIZE = (960, 600)
MAX_DT = 0.1
IDLE_WAIT = 5.0   # seconds the loop sleeps at most when nothing moves (a safety net)


def native_framebuffer() -> None:
    """On X11, present through X's own shared-memory image, not a GL texture.

    SDL 2 on X11 keeps a software window's pixels in a GL texture unless told not to
    (the hint SDL_FRAMEBUFFER_ACCELERATION). Every present then uploads the whole
    1280x720 picture and draws it: 5-6 ms of our CPU a frame where GL is software (Xvfb,
    a machine without a GPU driver, mesa's llvmpipe), for a 1x1 update as for a whole
    frame. X's shared image (MIT-SHM) costs about 0.01 ms: the battle frame under Xvfb
    went from 8.5 to ~3 ms CPU (`skirmish bench`, see docs/ui.md). Only on X11: other
    drivers (Wayland) have no native framebuffer, and a hint the player set stays."""
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


class App:
    def __init__(self, size: tuple[int, int] | None = None, settings_path: Path | None = None,
                 settings: Settings | None = None, extra_map: Path | None = None) -> None:
        self.settings_path = settings_path
        note = ""
        if settings is None:
            settings, note = load_settings(settings_path)
        self.settings = settings
        self.startup_note = note
        self.extra_map = extra_map
        pygame.display.init()  # no audio: the game is silent, and SDL's audio probe is noisy
        native_framebuffer()
        pygame.font.init()
        pygame.display.set_caption("Rulebook Skirmish")
        # a size the caller names is kept (tests); the saved one is the last window's,
        # perhaps on a bigger screen: fit it to this one
        size = _at_least(size) if size else fit_to_screen(tuple(self.settings.window), _desktop())
        self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.clock = pygame.time.Clock()
        self._last = time.perf_counter()
        self.frames = 0
        self.dirty = True   # the first frame (and each new screen's) is drawn at once
        self.running = True
        self.help = False
        self.mouse = (0, 0)
        self.demo_queue: list | None = None
        self.demo_args: dict[str, Any] = {}
        self.held = HeldInput()   # keys held from one screen are not the next one's
        from game.ui.settings_screen import apply
        apply(self)   # fonts' scale, team palette, sound volume
        from game.ui.screens import Screens
        self.screens = Screens(self)   # every screen goes on through it (game/ui/screens.py)
        self.screen = self.screens.menu(note)

    # --- one frame -------------------------------------------------------------------
    def step(self, dt: float | None = None, wait: float | None = None) -> bool:
        """Handle pending events, advance `dt` seconds (the real time since the last
        frame when None), draw, flip. With `wait`, first sleep on the event queue for up
        to that many seconds (an input wakes it at once). Returns False once the window
        should close."""
        events = []
        if wait:
            first = pygame.event.wait(max(1, int(wait * 1000)))
            if first.type != pygame.NOEVENT:
                events.append(first)
        events += pygame.event.get()
        now = time.perf_counter()
        if dt is None:
            # animating: frames are short (capped, so a stall does not jump the animation);
            # waking from a sleep: the real time slept, for the screen's timers
            dt = min(MAX_DT if not wait else 5.0, now - self._last)
        self._last = now
        shown = True   # the screen on show was drawn before these events were queued
        for event in events:
            self.dispatch(event, shown)
            if self.screen.next is not None:
                self._switch()
                shown = False
        self.screen.update(dt)
        if self.screen.next is not None:
            self._switch()
        self.draw()
        pygame.display.flip()
        self.frames += 1
        return self.running

    def tick(self) -> bool:
        """One turn of the window's loop: a frame at once (at most 60 a second) while the
        screen animates, else sleep on the event queue until an input or the screen's
        next timer: a still board costs next to nothing."""
        wake = 0.0 if self.dirty else self.screen.wake_in()
        self.dirty = False
        if wake is not None and wake <= 0:
            self.clock.tick(60)
            return self.step()
        return self.step(wait=IDLE_WAIT if wake is None else min(wake, IDLE_WAIT))

    @property
    def screen(self):
        return self._screen

    @screen.setter
    def screen(self, screen) -> None:
        # every way a screen comes on (a switch, the demo, a test) arms the guard once
        self._screen = screen
        self.held.arm()

    def dispatch(self, event: pygame.event.Event, shown: bool = True) -> None:
        """Hand one event to the window and its screen. `shown` False: the event was
        queued before the screen on show was first drawn (a press in it was aimed at the
        screen before)."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized(getattr(event, "size", None) or (event.x, event.y))
            return
        if not (self.held.passes(event) if shown else self.held.before_shown(event)):
            return
        if hasattr(event, "pos") and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
                self.running = False
                return
            if event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
                self.help = not self.help
                return
            if self.help:
                if event.key == pygame.K_ESCAPE:
                    self.help = False
                return
        if self.help and event.type == pygame.MOUSEBUTTONDOWN:
            self.help = False
            return
        self.screen.handle(event)

    def draw(self) -> None:
        self.screen.draw(self.surface)
        if self.help:
            draw_help(self.surface, self.screen.title, self.screen.help_lines())

    def _switch(self) -> None:
        nxt = self.screen.next
        self.screen.next = None
        if nxt is self.screen:
            return
        self.screen.leave()
        self.screen = nxt
        self.dirty = True

    def _resized(self, size) -> None:
        size = _at_least(size)
        if pygame.display.get_surface() is None or pygame.display.get_surface().get_size() != size:
            self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        else:
            self.surface = pygame.display.get_surface()
        self.settings.window = size
        if self.settings.ui_scale == "auto":   # fonts grow with the window
            from game.ui.settings_screen import apply
            apply(self)

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window (tests use this; a person drags the frame)."""
        self._resized(size)

    # --- the demo ----------------------------------------------------------------------
    def next_demo_battle(self):
        """The next AI-vs-AI battle of the demo loop, as a BattleScreen."""
        from game.engine.setup import mission_round_limit, new_battle, shared_map
        from game.rulesets import REGISTRY
        from game.ui.menu import shipped_maps
        from game.engine.dice import next_seed
        args = self.demo_args
        maps = [Path(args["map"])] if args.get("map") else shipped_maps()
        rulesets = [args["ruleset"]] if args.get("ruleset") else list(REGISTRY)
        if not self.demo_queue:
            self.demo_queue = [(m, r) for m in maps for r in rulesets]
        m, r = self.demo_queue.pop(0)
        seed = args.get("seed")
        if seed is None:
            seed = random.randrange(1, 1_000_000)
        else:
            args["seed"] = next_seed(seed)  # each loop a new battle, still reproducible
        # a scenario keeps its own round limit unless `demo --max-rounds` says otherwise
        rounds = args.get("max_rounds") or (None if mission_round_limit(shared_map(m), r) else 40)
        chosen = args.get("chosen") or {}
        battle = new_battle(m, r, seed=seed, **({"max_rounds": rounds} if rounds else {}), **chosen)
        speed = args.get("speed", 2.0)   # told by `demo --speed`, never the menu's last choice
        return self.screens.battle(battle, {t: "ai" for t in battle.teams()}, fog=False,
                                   speed=speed, demo=True, ai_levels=args.get("levels") or None,
                                   squads=chosen.get("squads"))

    def start_demo(self, args: dict[str, Any]) -> None:
        self.demo_args = dict(args)
        self.demo_queue = None
        self.screen.leave()
        self.screen = self.next_demo_battle()

    # --- the loop ------------------------------------------------------------------------
    def loop(self) -> None:
        restore = _end_on_sigterm()
        try:
            try:
                while self.tick():
                    pass
            finally:
                self.screen.leave()
                note = save_settings(self.settings, self.settings_path)
                if note:  # a read-only or special settings file is kept: say so, once, on the way out
                    from game.validation import printable
                    print(printable(f"rulebook-skirmish: {note}"), file=sys.stderr)
                pygame.quit()
        finally:
            restore()


def _end_on_sigterm():
    """Let SIGTERM end the window (issue 33.10). SDL's own handler only posts a QUIT
    event, which a main thread blocked anywhere (it once was, opening a FIFO) never
    reads, so `kill` could not end the game. This handler raises SystemExit(143) in
    the main thread instead: a blocked system call is interrupted, and the loop's
    clean-up (settings saved) still runs. Returns what puts the handler before back
    (SDL's, installed from C, reads as None: then the default, SDL having quit)."""
    import threading
    if threading.current_thread() is not threading.main_thread():
        return lambda: None  # only the main thread may set handlers
    previous = signal.signal(signal.SIGTERM, _terminated)
    return lambda: signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


def _terminated(signum, frame) -> None:
    raise SystemExit(128 + signum)


def _desktop() -> tuple[int, int] | None:
    """The primary screen's size, or None where SDL cannot tell."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes and sizes[0][0] > 0 and sizes[0][1] > 0 else None


def fit_to_screen(size, desktop) -> tuple[int, int]:
    """The saved window size made to fit the screen it opens on: a window saved at
    1920x1080 reopened on a 1024x600 screen at (-448, -240), its menu's buttons off the
    screen (issue 30). At least MIN_SIZE, unless the screen itself is smaller."""
    w, h = _at_least(size)
    if desktop is None:
        return w, h
    return min(w, int(desktop[0])), min(h, int(desktop[1]))


def _at_least(size) -> tuple[int, int]:
    return max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))


def _no_display() -> str | None:
    if os.environ.get("SDL_VIDEODRIVER") or sys.platform in ("win32", "darwin"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return ("no display for the window (neither DISPLAY nor WAYLAND_DISPLAY is set); "
            "for a battle in the terminal run `python -m game demo --headless`")


def run(args: Any = None) -> int:
    """`python -m game` / `play`: the menu, then battles. Returns the exit status."""
    problem = _no_display()
    if problem:
        print(f"play: {problem}", file=sys.stderr)
        return 2
    app = App(extra_map=getattr(args, "map", None))
    app.units_file = getattr(args, "units", None)  # `play --units FILE`: the squad screens' custom units
    for name in ("ruleset", "seed"):
        value = getattr(args, name, None)
        if value is not None:
            setattr(app.settings, name, value)
    if getattr(args, "map", None) is not None:
        app.settings.map = str(getattr(args, "map"))
    for side, level in (getattr(args, "ai_sides", None) or {}).items():  # `play --ai 2=hard`
        app.settings.sides[str(side)] = "ai"
        app.settings.levels[str(side)] = level
    if any(getattr(args, n, None) is not None for n in ("ruleset", "seed", "map")):
        menu = app.screens.menu(app.startup_note)
        app.screen = menu
        if getattr(args, "map", None) is not None:
            # `play --map X` means that battle: start it as the menu's Start would
            # (a map that does not load stays on the menu, which says why)
            menu.start(getattr(args, "battle_squads", None))  # `play --squad`: those squads
            if menu.next is not None:
                app.screen, menu.next = menu.next, None
    app.loop()
    return 0


def demo_speed(text: str | None) -> float:
    """`demo --speed`: 1, 2, 4 or instant (0.0); 2 when not told."""
    if text is None:
        return 2.0
    return 0.0 if text == "instant" else float(text)


def run_demo(args: Any = None) -> int:
    """`demo`: AI against AI in the window, looping over the shipped maps and rulesets
    unless a map or ruleset is named. Returns the exit status."""
    problem = _no_display()
    if problem:
        print(f"demo: {problem}", file=sys.stderr)
        return 2
    app = App()
    told = {"map": getattr(args, "map", None), "ruleset": getattr(args, "ruleset", None),
            "seed": getattr(args, "seed", None), "max_rounds": getattr(args, "max_rounds", None),
            "speed": demo_speed(getattr(args, "speed", None)),
            # `demo --squad` / `--ai`: that battle's squads and levels, again each loop
            "chosen": getattr(args, "battle_squads", None), "levels": getattr(args, "ai_levels", None)}
    app.start_demo(told)
    app.loop()
    return 0


