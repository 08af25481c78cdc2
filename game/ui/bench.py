"""Registers the window's frame-time bench with `game.bench` (imported when present)."""

from __future__ import annotations

from game.bench import register


@register("ui: frame 1280x720, 64x64 map, 16 units", 8,
          "one battle-screen frame: events, overlays, path preview, units, HUD and the present "
          "(display.flip; under the dummy driver the present is free: see the next bench)")
def _bench_frame():
    from game.ui.bench_frame import make_frame
    _, frame = make_frame()
    for k in range(10):
        frame(k)
    return frame


@register("ui: present 1280x720 (display.flip)", 1,
          "showing a drawn battle frame on the window, alone: free under the dummy driver; run "
          "under a real one to see it (xvfb-run -a -s '-screen 0 1280x720x24' env SDL_VIDEODRIVER=x11 "
          "skirmish bench --only ...), where the frame bench above includes it too")
def _bench_present():
    import pygame

    from game.ui.bench_frame import make_frame
    _, frame = make_frame()
    for k in range(10):
        frame(k)

    def present(_k):
        pygame.display.flip()
    return present


@register("ui: first menu frame (python -m game to the first flip)", 700,
          "a fresh interpreter under the dummy driver: imports, window, the menu's first frame "
          "(read the wall time: the work is in a child process, the cpu column is the parent's)")
def _bench_first_frame():
    import os
    import subprocess
    import sys
    code = ("import os; os.environ.setdefault('SDL_VIDEODRIVER', 'dummy'); from pathlib import Path; "
            "from game.ui.app import App; App(settings_path=Path(os.devnull)).tick()")
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"))

    def run(_k):
        subprocess.run([sys.executable, "-c", code], check=True, env=env, capture_output=True)
    return run
