"""Frame-time bench: the battle screen at 1280×720 on a 64×64 map with 16 units.

`bench_frame()` returns the median time of one frame in milliseconds (target ≤ 8 ms)
under SDL's dummy video driver: events, update, drawing the map view, the movement
overlay, the path preview with its threat lines (the mouse moves to another reachable
tile every frame, never one it was on before, so the preview is worked out each time:
the window keeps previews it has shown, game/kept.py), danger zones (a suppression cone
and every enemy's reaction reach, with their legend), units, the HUD, and the flip.
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

import numpy as np

SIZE = (1280, 720)
MAP = 64
UNITS_PER_SIDE = 8
SPOTS = 200  # distinct pointer tiles: more than the frames a bench draws (10 + 120)


def bench_map():
    """A 64×64 map built in code: open ground, a few walls and patches of cover."""
    from game.world.tactical_map import Cover, Spawn, TacticalMap
    rng = np.random.default_rng(64)
    w = h = MAP
    walkable = np.ones((w, h), bool)
    blocks = np.zeros((w, h), bool)
    cover = np.zeros((w, h), np.int8)
    for _ in range(40):  # short wall segments
        x, y = rng.integers(4, w - 4, size=2)
        if rng.random() < 0.5:
            walkable[x:x + 5, y] = blocks[x:x + 5, y] = False
        else:
            walkable[x, y:y + 5] = blocks[x, y:y + 5] = False
    for _ in range(120):
        x, y = rng.integers(0, w, size=2)
        if walkable[x, y]:
            cover[x, y] = int(rng.choice([Cover.CONCEALMENT, Cover.LIGHT, Cover.HEAVY]))
    spawns = []
    for i in range(UNITS_PER_SIDE):
        for team, x in ((1, 22), (2, 40)):
            y = 20 + 3 * i
            walkable[x, y] = True
            blocks[x, y] = False
            spawns.append(Spawn(x, y, team, None))
    return TacticalMap(path=Path("bench64.tmx"), name="Bench 64", width=w, height=h, tile_width=32,
                       tile_height=32, feet_per_tile=5, walkable=walkable,
                       move_cost=np.ones((w, h), np.int16), blocks_sight=blocks, cover=cover,
                       elevation=np.zeros((w, h), np.int16), spawns=tuple(spawns))


def make_frame():
    """(the App on the bench position, a function drawing frame k)."""
    if not os.environ.get("SDL_VIDEODRIVER"):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame

    from game.engine.battle import Battle
    from game.engine.setup import orders_for
    from game.rulesets import load_ruleset
    from game.ui.app import App
    from game.ui.battle_screen import BattleScreen
    from game.ui.settings import Settings

    tmap = bench_map()
    ruleset = load_ruleset("d20")
    battle = Battle(tmap, ruleset, orders_for(tmap, ruleset), seed=1)
    app = App(size=SIZE, settings=Settings(), settings_path=Path(os.devnull))
    side = battle.pending.side
    screen = BattleScreen(app, battle, {t: "human" if t == side else "ai" for t in battle.teams()})
    app.screen = screen
    app.step(1 / 60)
    actor = battle.pending.actor
    ax, ay = battle.tile(actor)
    targets = set(battle.pending.option("move").targets)
    # the reachable tiles nearest the actor first (on screen), as many as frames are drawn
    spots = sorted((t for t in targets if t != (ax, ay)), key=lambda t: (abs(t[0] - ax) + abs(t[1] - ay), t))
    positions = [screen.board.camera.tile_centre(t) for t in spots[:SPOTS]] or [(400, 300)]
    # danger zones as the rulesets give them: a 6-deep suppression cone before the actor
    # and the eight tiles round every enemy (reaction reach), all of them drawn
    others = [u for u in battle.units() if battle.team(u) != side]
    cone = frozenset((ax + dx, ay + dy) for dx in range(2, 8) for dy in range(-dx // 2, dx // 2 + 1)
                     if tmap.in_bounds(ax + dx, ay + dy))
    screen.zones = [(others[0], battle.team(others[0]), cone, "suppression", "Suppressing fire")] + [
        (u, battle.team(u), frozenset((x, y) for x in range(battle.tile(u)[0] - 1, battle.tile(u)[0] + 2)
                                      for y in range(battle.tile(u)[1] - 1, battle.tile(u)[1] + 2)
                                      if (x, y) != battle.tile(u) and tmap.in_bounds(x, y)),
         "reaction", "Reach") for u in others]

    def frame(k: int) -> None:
        pos = positions[k % len(positions)]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        app.step(1 / 60)
    return app, frame


def bench_frame(frames: int = 120) -> float:
    """Median frame time in milliseconds (1280×720, 64×64 map, overlays, 16 units)."""
    app, frame = make_frame()
    for k in range(10):  # warm-up: caches, sprites, the first compose of the view
        frame(k)
    times = []
    for k in range(frames):
        start = time.perf_counter()
        frame(k)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


if __name__ == "__main__":
    print(f"median frame: {bench_frame():.2f} ms (target <= 8 ms)")
