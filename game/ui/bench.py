"""Registers the window's frame-time bench with `game.bench` (imported when present)."""

from __future__ import annotations

from game.bench import register


@register("ui: frame 1280x720, 64x64 map, 16 units", 8,
          "one battle-screen frame under the dummy driver: overlays, path preview, units, HUD")
def _bench_frame():
    from game.ui.bench_frame import make_frame
    _, frame = make_frame()
    for k in range(10):
        frame(k)
    return frame
